import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);
import {
  StaticInbox
} from "./chunks/chunk-2WOMID6H.js";
import {
  parseInputs,
  routeEvent
} from "./chunks/chunk-TILFUN5Z.js";
import {
  emptyOutputs,
  outputsFor,
  setOutputs
} from "./chunks/chunk-O42Z7LLV.js";
import "./chunks/chunk-XWYNKGRK.js";
import {
  guardWorkflowCommands,
  mayHoldWorkflowCommand
} from "./chunks/chunk-S6K3D646.js";
import {
  listPlanRefs
} from "./chunks/chunk-PH4HOWID.js";
import {
  withStore
} from "./chunks/chunk-KIVW72TX.js";
import {
  formatAttemptDescriptor
} from "./chunks/chunk-5LE3IJ43.js";
import "./chunks/chunk-PVNFSC34.js";
import "./chunks/chunk-P4IFAX7Q.js";
import {
  asInline
} from "./chunks/chunk-7UV2UW7L.js";
import {
  debug,
  error,
  getInput,
  group,
  info,
  setFailed,
  setSecret,
  warning
} from "./chunks/chunk-M3M2ZGDC.js";
import {
  readRunContext
} from "./chunks/chunk-JIQ6OLUF.js";
import {
  guardRepository
} from "./chunks/chunk-4GS2KNCE.js";
import "./chunks/chunk-2RH4ER7E.js";
import {
  VERSION,
  actionSource,
  readReleaseStamp,
  versionLine
} from "./chunks/chunk-HESN6KEA.js";
import "./chunks/chunk-LO7RJYRN.js";
import "./chunks/chunk-O3ZV6OT7.js";
import "./chunks/chunk-W2VK3BOF.js";
import "./chunks/chunk-HL6FWS6T.js";
import {
  BUILD_ID,
  NO_SECRETS,
  createScrubber,
  knownSecrets
} from "./chunks/chunk-7VKMD6SB.js";
import {
  fleetPrefix,
  issuePlanId,
  planIdOfFile
} from "./chunks/chunk-BTQQBW2O.js";
import {
  actionInput,
  isActiveRef
} from "./chunks/chunk-SN44HN7T.js";
import "./chunks/chunk-4L5DIE5B.js";
import {
  countOf
} from "./chunks/chunk-UVXCAWLY.js";
import "./chunks/chunk-653STPFW.js";
import {
  attemptTimeoutMsFor,
  currentStepId
} from "./chunks/chunk-RVNDXNJV.js";
import {
  ConfigError,
  SequencerError,
  describeError
} from "./chunks/chunk-CIGEKA3Y.js";
import "./chunks/chunk-27FUKKN2.js";

// src/adapters/toolkit/toolkit-log.ts
import { randomBytes } from "node:crypto";

// src/core/render/runner-paths.ts
function withoutRunnerPaths(text, paths) {
  if (!paths) return text;
  let swaps = [], folders = [], add = (dir, inside, alone) => {
    let d = dir.replace(/\/+$/, "");
    if (d.length < 2) return;
    folders.push(d), swaps.push([`${d}/`, inside], [d, alone]);
    let escaped = asInline(d);
    escaped !== d && swaps.push([`${escaped}/`, asInline(inside)], [escaped, asInline(alone)]);
  };
  add(paths.workspace, "", "$GITHUB_WORKSPACE"), add(paths.runnerTemp, "$RUNNER_TEMP/", "$RUNNER_TEMP"), swaps.sort((a, b) => b[0].length - a[0].length);
  let out = text;
  for (let [from, to] of swaps) out = out.split(from).join(to);
  if (!out.includes("\u2026")) return out;
  for (let d of folders)
    for (let k = d.length - 1; k >= MIN_CUT_PREFIX; k--) {
      let cut = d.slice(0, k);
      out = out.split(`${cut}\u2026`).join("\u2026");
      let escapedCut = asInline(cut);
      escapedCut !== cut && (out = out.split(`${escapedCut}\u2026`).join("\u2026"));
    }
  return out;
}
var MIN_CUT_PREFIX = 4;

// src/adapters/toolkit/toolkit-log.ts
function commandSafe(text) {
  return mayHoldWorkflowCommand(text) ? guardWorkflowCommands(text, randomBytes(16).toString("hex")) : text;
}
var ToolkitLog = class {
  /**
   * The secrets this run knows; whatever else the Action publishes is scrubbed with them too.
   * `paths`: the runner's folders, named relatively in annotations and whatever `scrub` is used for.
   */
  constructor(secrets = NO_SECRETS, paths = null) {
    this.secrets = secrets;
    this.paths = paths;
  }
  secrets;
  paths;
  /**
   * `text` with every known secret replaced by `***` and no runner folder named: for whatever else
   * the Action publishes (job summary, annotations).
   */
  scrub = (text) => withoutRunnerPaths(this.secrets.scrub(text), this.paths);
  info(message) {
    info(commandSafe(this.secrets.scrub(message)));
  }
  warn(message) {
    warning(this.scrub(message));
  }
  error(message) {
    error(this.scrub(message));
  }
  debug(message) {
    debug(this.secrets.scrub(message));
  }
  group(title, fn) {
    return group(this.secrets.scrub(title), fn);
  }
};

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

// src/action/main.ts
var load = {
  tick: () => import("./chunks/plan-tick-WFBQB5HF.js"),
  settings: () => import("./chunks/plan-settings-KKZEQ4WP.js"),
  fleet: () => import("./chunks/fleet-U22VW42I.js"),
  propose: () => import("./chunks/propose-GI6TZXJS.js"),
  continuation: () => import("./chunks/continuation-NTF5KFK5.js"),
  agentPhase: () => import("./chunks/agent-phase-4MG2ASGR.js"),
  applyPhase: () => import("./chunks/apply-phase-EQQKVAKX.js"),
  client: () => import("./chunks/github-client-7MEQ54CG.js"),
  newState: () => import("./chunks/new-state-EXSRSFEW.js")
};
async function run() {
  info(versionLine({ version: VERSION, buildId: BUILD_ID, stamp: readReleaseStamp(process.argv[1]), action: actionSource(process.env) }));
  let outputs = emptyOutputs(), secrets = createScrubber(knownSecrets({ env: process.env })), runnerPaths = { workspace: process.env.GITHUB_WORKSPACE ?? "", runnerTemp: process.env.RUNNER_TEMP ?? "" }, publish = (text) => withoutRunnerPaths(secrets.scrub(text), runnerPaths);
  try {
    let inputs = parseInputs((name) => getInput(name));
    for (let value of [inputs.token, ...inputs.secrets]) setSecret(value);
    secrets = createScrubber(knownSecrets({ token: inputs.token, listed: inputs.secrets, env: process.env }));
    let ctx = await readRunContext(process.env), log = new ToolkitLog(secrets, { workspace: ctx.workspace, runnerTemp: ctx.runnerTemp });
    publish = log.scrub;
    let route = inputs.phase === "agent" || inputs.phase === "apply" ? { kind: "tick-active" } : routeEvent(ctx.eventName, ctx.payload, inputs);
    if (route.kind === "ignore")
      return log.info(`Nothing to do: ${route.reason}.`), setOutputs({ ...outputs, status: "IGNORED" }, secrets.scrub), 0;
    await guardRepository(ctx.git, { credential: { serverUrl: ctx.serverUrl, token: inputs.token }, runnerTemp: ctx.runnerTemp });
    let made, client = () => made ??= load.client().then(({ createGitHubClient }) => createGitHubClient({ token: inputs.token, baseUrl: ctx.apiUrl, log, pacing: ctx.apiPacing, scrub: log.scrub }));
    return inputs.phase === "agent" ? outputs = await (await load.agentPhase()).runAgentPhase(ctx, inputs, log) : inputs.phase === "apply" ? outputs = await (await load.applyPhase()).runApplyPhase(ctx, inputs, client, log) : outputs = await handle(route, ctx, inputs, client, log), setOutputs(outputs, secrets.scrub), 0;
  } catch (err) {
    return err instanceof RunFailure ? (setOutputs(err.outputs, secrets.scrub), setFailed(publish(err.message)), 1) : (setOutputs({ ...outputs, status: "ERROR" }, secrets.scrub), setFailed(
      publish(
        err instanceof SequencerError ? `${err.message}${err.hint ? `
${err.hint}` : ""}` : describeError(err)
      )
    ), 1);
  }
}
async function handle(route, ctx, inputs, client, log) {
  let deadline = new Date(Date.now() + inputs.timeBudgetMinutes * 6e4);
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
    case "tick-active":
      return tickAll(ctx, inputs, client, log, deadline);
    case "dispatch":
      return dispatch(route, ctx, inputs, client, log, deadline);
  }
}
async function dispatch(route, ctx, inputs, client, log, deadline) {
  let { command } = route;
  if (command === "list") return (await load.fleet()).listPlans(ctx, inputs, log);
  if (command === "audit") return (await load.fleet()).auditPlans(ctx, inputs, await client(), log);
  if (command === "maintenance") return (await load.fleet()).maintainPlans(ctx, inputs, await client(), log);
  if (command === "tick" && !route.planId) return tickAll(ctx, inputs, client, log, deadline);
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
  let extracted = await (await load.propose()).readPlanInput(ctx.workspace, planFile), { newState } = await load.newState(), store = (await load.settings()).createPlanStore(ctx, inputs, planId, log);
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
async function tickAll(ctx, inputs, client, log, deadline) {
  let refs = await listPlanRefs(ctx.git, "origin", fleetPrefix(inputs.branches, "tick")), now = /* @__PURE__ */ new Date(), active = refs.filter((r) => isActiveRef(r, now));
  if (log.info(`${countOf(refs.length, "plan")} on origin, ${active.length} active${active.length ? `: ${active.map((r) => r.planId).join(", ")}` : ""}.`), !active.length)
    return log.info("No plans to tick."), emptyOutputs("IDLE");
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
var RunFailure = class extends Error {
  constructor(message, outputs) {
    super(message);
    this.outputs = outputs;
    this.name = "RunFailure";
  }
  outputs;
};
async function reportStall(ctx, inputs, client, log, state) {
  let planId = state.planId ?? "plan", stepId = currentStepId(state), def = stepId ? state.plan.steps[stepId] : void 0, needs = def ? Math.ceil(attemptTimeoutMsFor(def, { maxAttempts: inputs.maxAttempts, attemptTimeoutMinutes: inputs.attemptTimeoutMinutes }) / 6e4) : inputs.attemptTimeoutMinutes, problem = `${planId} made no progress in this run: its time budget (time-budget-minutes: ${inputs.timeBudgetMinutes}) cannot fit an attempt of ${stepId ?? "the next step"}, which may take up to ${needs} min. No further run was dispatched, because it would do the same.`, hint = `Raise \`time-budget-minutes\` above ${needs}, or lower the step's \`attemptTimeoutMinutes\` (or the \`attempt-timeout-minutes\` input), then reply \`/resume\` or dispatch \`tick\` for ${planId}.`;
  log.error(problem);
  let { createNotifier, runLinks } = await load.tick(), run2 = runLinks(ctx, (await load.settings()).planBranch(inputs, planId), { branch: inputs.stateStore === "git" });
  return await createNotifier(ctx, inputs, await client(), planId, log, async () => ({ run: run2 }))?.postRunProblem("Not continuing: the time budget fits no attempt", problem, hint).catch((err) => log.warn(`Could not post the notice: ${describeError(err)}`)), problem;
}

// src/action/index.ts
run().then(
  (code) => process.exit(code),
  // run() handles its own errors; this is the last resort for a bug in the handler itself.
  (err) => {
    process.stderr.write(`::error::${String(err).replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A")}
`), process.exit(1);
  }
);
