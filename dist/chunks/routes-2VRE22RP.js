import {
  outputsFor
} from "./chunk-WRXM5EB3.js";
import {
  newState
} from "./chunk-WLMOWD6H.js";
import {
  StaticInbox
} from "./chunk-2WOMID6H.js";
import {
  withStore
} from "./chunk-B4B5LSOZ.js";
import "./chunk-ANOSUW4P.js";
import {
  RunFailure,
  emptyOutputs
} from "./chunk-45U3NNUK.js";
import {
  formatAttemptDescriptor
} from "./chunk-WSTE2BUZ.js";
import "./chunk-HQAVCPKY.js";
import {
  actionInput,
  issuePlanId,
  planIdOfFile
} from "./chunk-6ECGHLWA.js";
import "./chunk-QT4UXPX2.js";
import "./chunk-O2X2K62E.js";
import "./chunk-PY777ZN4.js";
import {
  attemptTimeoutMsFor,
  currentStepId
} from "./chunk-IU6TIPQF.js";
import "./chunk-RK2TRGWS.js";
import "./chunk-UVXCAWLY.js";
import "./chunk-IYAFPMAX.js";
import "./chunk-X26RSK32.js";
import "./chunk-JRKLLSI7.js";
import {
  ConfigError,
  describeError
} from "./chunk-UZTB5BNK.js";
import "./chunk-27FUKKN2.js";

// src/action/steering.ts
var STEERING_COMMANDS = ["resume", "cancel", "retry", "skip", "status", "restart"];
function steeringCommand(command, by, step) {
  switch (command) {
    case "cancel":
      return { kind: "cancel", by };
    case "retry":
    case "skip":
    case "restart":
      return step ? { kind: command, by, step } : { kind: command, by };
    case "status":
      return { kind: "status", by };
    case "resume":
      return { kind: "resume", by };
    default:
      throw actionInput("command").invalid(command, `one of ${STEERING_COMMANDS.join(", ")} to steer a plan`);
  }
}

// src/action/routes.ts
var load = {
  tick: () => import("./plan-tick-IHV4KXEM.js"),
  settings: () => import("./plan-settings-NL4AZINJ.js"),
  fleet: () => import("./fleet-VAQVH6HF.js"),
  propose: () => import("./propose-AXMEZSUF.js"),
  continuation: () => import("./continuation-PQHGLORJ.js")
};
async function handle(route, ctx, inputs, client, log, deadline) {
  switch (route.kind) {
    case "propose": {
      let propose = await load.propose(), proposed = await propose.proposeFromIssue(ctx, inputs, await client(), log, route);
      return await propose.writeProposalSummary(ctx, log, route.issueNumber, proposed), proposed.state ? outputsFor(proposed.state, proposed.branch) : emptyOutputs("MISSING");
    }
    case "draft": {
      let propose = await load.propose(), drafted = await propose.draftFromComment(ctx, inputs, await client(), log, route);
      if (drafted !== "tick" && await propose.writeProposalSummary(ctx, log, route.issueNumber, drafted), drafted !== "tick") return drafted.state ? outputsFor(drafted.state, drafted.branch) : emptyOutputs("MISSING");
      let { tickPlan } = await load.tick();
      return finish(ctx, inputs, client, log, [await tickPlan(ctx, inputs, await client(), log, { planId: issuePlanId(route.issueNumber), deadline })]);
    }
    case "comment": {
      let { tickPlan } = await load.tick();
      return finish(ctx, inputs, client, log, [await tickPlan(ctx, inputs, await client(), log, { planId: issuePlanId(route.issueNumber), deadline })]);
    }
    case "dispatch":
      return dispatch(route, ctx, inputs, client, log, deadline);
  }
}
async function dispatch(route, ctx, inputs, client, log, deadline) {
  let { command } = route;
  if (command === "list") return (await load.fleet()).listPlans(ctx, inputs, log);
  if (command === "audit") return (await load.fleet()).auditPlans(ctx, inputs, await client(), log);
  if (command === "maintenance") return (await load.fleet()).maintainPlans(ctx, inputs, await client(), log);
  let { tickPlan } = await load.tick();
  if (command === "start") {
    if (!route.planFile) throw new ConfigError("Input 'plan': required with command 'start', e.g. plans/research.yml");
    let planId = route.planId ?? planIdOfFile(route.planFile), created = await startPlan(ctx, inputs, log, planId, route.planFile, route.actor), ticked2 = await tickPlan(ctx, inputs, await client(), log, { planId, deadline });
    return finish(ctx, inputs, client, log, [created ? { ...ticked2, result: { ...ticked2.result, writes: ticked2.result.writes + 1 } } : ticked2]);
  }
  if (!route.planId) throw new ConfigError(`Input 'plan-id': required with command '${command}'.`);
  let commands = command === "tick" ? [] : [steeringCommand(command, route.actor, route.step)], refusals = [], inbox = new StaticInbox(Number(ctx.runId) * 100 + ctx.runAttempt, commands, (text, refused) => {
    log.info(text), refused && refusals.push(text);
  }), ticked = await tickPlan(ctx, inputs, await client(), log, { planId: route.planId, deadline, inbox });
  if (ticked.result.outcome === "missing" && command !== "tick")
    throw new ConfigError(`Input 'plan-id': there is no plan "${route.planId}" (no state on branch ${ticked.branch}), so '${command}' did nothing.`);
  let outputs = await finish(ctx, inputs, client, log, [ticked]);
  if (refusals.length) throw new RunFailure(`'${command}' for ${route.planId} was refused: ${refusals.join(" ")}`, outputs);
  return outputs;
}
async function startPlan(ctx, inputs, log, planId, planFile, actor) {
  let extracted = await (await load.propose()).readPlanInput(ctx.workspace, planFile, log.secrets.scrub), store = (await load.settings()).createPlanStore(ctx, inputs, planId, log);
  return withStore(store, "write", async () => {
    let loaded = await store.load();
    if (loaded.kind === "loaded")
      return log.info(`Plan ${planId} exists already (${loaded.state.status}); ticking it instead of starting it again.`), !1;
    let state = newState(extracted.plan, {
      planId,
      now: /* @__PURE__ */ new Date(),
      stepDelayMinutes: extracted.stepDelayMinutes ?? inputs.stepDelayMinutes,
      // The run that approved: a later run confirms on GitHub that a writer dispatched it.
      approved: { by: actor, .../^\d{1,15}$/.test(ctx.runId) ? { runId: Number(ctx.runId) } : {} },
      requestedBy: actor,
      ...extracted.stepQueue ? { stepQueue: extracted.stepQueue } : {}
    });
    return await store.write(state, { kind: "update", message: `plan started by ${actor}` }), !0;
  });
}
async function tickActive(ctx, inputs, client, log, deadline, active) {
  let { results, deferred } = await (await load.fleet()).tickActivePlans(ctx, inputs, await client(), log, deadline, active);
  for (let planId of deferred) await (await load.continuation()).continuePlan(ctx, inputs, client, log, planId, `for ${planId} (this run hands on another plan's attempt)`);
  return finish(ctx, inputs, client, log, results);
}
async function finish(ctx, inputs, client, log, results) {
  results.length && await (await load.fleet()).recordMarkers(ctx, inputs, log, results);
  let stalled = [];
  for (let r of results)
    if (!(r.result.outcome !== "budget" || !r.result.state?.planId)) {
      if (r.result.writes === 0 && r.result.attempts === 0) {
        stalled.push(await reportStall(ctx, inputs, client, log, r.result.state));
        continue;
      }
      await (await load.continuation()).continuePlan(ctx, inputs, client, log, r.result.state.planId, `to continue ${r.result.state.planId} (time budget spent)`);
    }
  let last = results[results.length - 1], outputs = last?.result.state ? outputsFor(last.result.state, last.branch) : emptyOutputs(), active = results.filter((r) => r.result.state && ["IN_PROGRESS", "AWAITING_APPROVAL", "BLOCKED"].includes(r.result.state.status)), handedOn = results.find((r) => r.handOff)?.handOff, all = {
    ...outputs,
    plans: JSON.stringify(active.map((r) => r.result.state.planId)),
    ...handedOn ? { attempt: formatAttemptDescriptor(handedOn), "run-agent": handedOn.apply ? "" : "true" } : {}
  }, broken = results.flatMap((r) => r.result.configProblem ? [`${r.result.state?.planId ?? "plan"}: ${r.result.configProblem}`] : []), blocked = inputs.failOnBlocked ? results.flatMap((r) => blockedHere(r) ? [blockedText(r.result.state)] : []) : [];
  if (stalled.length || broken.length || blocked.length) throw new RunFailure([...broken, ...blocked, ...stalled].join(`
`), all);
  return all;
}
function blockedHere(r) {
  return r.result.state?.status === "BLOCKED" && r.result.writes > 0 && !r.result.configProblem;
}
function blockedText(state) {
  let why = state.blockers?.[state.blockers.length - 1];
  return `${state.planId ?? "plan"} is blocked${why ? ` at ${why}` : ""}: the blocker notice on its issue says what was tried and how to go on (fail-on-blocked: false keeps such a run green).`;
}
async function reportStall(ctx, inputs, client, log, state) {
  let planId = state.planId ?? "plan", stepId = currentStepId(state), def = stepId ? state.plan.steps[stepId] : void 0, needs = def ? Math.ceil(attemptTimeoutMsFor(def, { maxAttempts: inputs.maxAttempts, attemptTimeoutMinutes: inputs.attemptTimeoutMinutes }) / 6e4) : inputs.attemptTimeoutMinutes, problem = `${planId} made no progress in this run: its time budget (time-budget-minutes: ${inputs.timeBudgetMinutes}) cannot fit an attempt of ${stepId ?? "the next step"}, which may take up to ${needs} min. No further run was dispatched, because it would do the same.`, hint = `Raise \`time-budget-minutes\` above ${needs}, or lower the step's \`attemptTimeoutMinutes\` (or the \`attempt-timeout-minutes\` input), then reply \`/resume\` or dispatch \`tick\` for ${planId}.`;
  log.error(problem);
  let { createNotifier, runLinks } = await load.tick(), run = runLinks(ctx, (await load.settings()).planBranch(inputs, planId), { branch: inputs.stateStore === "git" });
  return await createNotifier(ctx, inputs, await client(), planId, log, async () => ({ run }))?.postRunProblem("Not continuing: the time budget fits no attempt", problem, hint).catch((err) => log.warn(`Could not post the notice: ${describeError(err)}`)), problem;
}
export {
  handle,
  tickActive
};
