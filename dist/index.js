import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);
import {
  StaticInbox,
  emptyOutputs,
  outputsFor,
  setOutputs
} from "./chunks/chunk-KOVSTS4H.js";
import {
  issuePlanId,
  parseInputs,
  routeEvent
} from "./chunks/chunk-75MK65DQ.js";
import {
  readRunContext
} from "./chunks/chunk-EBWX4HB2.js";
import {
  listPlanRefs
} from "./chunks/chunk-3LPWOWUL.js";
import {
  isActiveRef
} from "./chunks/chunk-N4W2AMSB.js";
import "./chunks/chunk-JTYJBOFB.js";
import {
  ConfigError,
  SequencerError,
  describeError
} from "./chunks/chunk-TEYULPYE.js";
import {
  debug,
  error,
  getInput,
  group,
  info,
  setFailed,
  setSecret,
  warning
} from "./chunks/chunk-HLRQWXKU.js";
import "./chunks/chunk-PANJYNO7.js";

// src/adapters/toolkit/toolkit-log.ts
var ToolkitLog = class {
  info(message) {
    info(message);
  }
  warn(message) {
    warning(message);
  }
  error(message) {
    error(message);
  }
  debug(message) {
    debug(message);
  }
  group(title, fn) {
    return group(title, fn);
  }
};

// src/action/main.ts
var load = {
  tick: () => import("./chunks/plan-tick-J3JFBMFR.js"),
  fleet: () => import("./chunks/fleet-KYZXW7QU.js"),
  propose: () => import("./chunks/propose-TKZRWRDG.js"),
  dispatch: () => import("./chunks/workflow-dispatch-67EPIFP2.js"),
  client: () => import("./chunks/github-client-Z3ZORN5P.js"),
  newState: () => import("./chunks/new-state-VQHI7G54.js")
};
async function run() {
  let outputs = emptyOutputs();
  try {
    const inputs = parseInputs((name) => getInput(name));
    setSecret(inputs.token);
    const ctx = await readRunContext(process.env);
    const route = routeEvent(ctx.eventName, ctx.payload, inputs);
    const log = new ToolkitLog();
    if (route.kind === "ignore") {
      log.info(`Nothing to do: ${route.reason}.`);
      setOutputs({ ...outputs, status: "IGNORED" });
      return 0;
    }
    let made;
    const client = () => made ??= load.client().then(({ createGitHubClient }) => createGitHubClient({ token: inputs.token, baseUrl: ctx.apiUrl, log, pacing: ctx.apiPacing }));
    outputs = await handle(route, ctx, inputs, client, log);
    setOutputs(outputs);
    return 0;
  } catch (err) {
    setOutputs({ ...outputs, status: "ERROR" });
    setFailed(err instanceof SequencerError ? `${err.message}${err.hint ? `
${err.hint}` : ""}` : describeError(err));
    return 1;
  }
}
async function handle(route, ctx, inputs, client, log) {
  const deadline = new Date(Date.now() + inputs.timeBudgetMinutes * 6e4);
  switch (route.kind) {
    case "propose": {
      const proposed = await (await load.propose()).proposeFromIssue(ctx, inputs, await client(), log, route);
      return proposed.state ? outputsFor(proposed.state, proposed.branch) : emptyOutputs("MISSING");
    }
    case "comment": {
      const { tickPlan } = await load.tick();
      return finish(ctx, inputs, client, log, [await tickPlan(ctx, inputs, await client(), log, { planId: issuePlanId(route.issueNumber), deadline })]);
    }
    case "tick-active":
      return tickAll(ctx, inputs, client, log, deadline);
    case "dispatch":
      return dispatch(route, ctx, inputs, client, log, deadline);
  }
}
async function dispatch(route, ctx, inputs, client, log, deadline) {
  const { command } = route;
  if (command === "list") return (await load.fleet()).listPlans(ctx, log);
  if (command === "audit") return (await load.fleet()).auditPlans(ctx, inputs, await client(), log);
  if (command === "maintenance") return (await load.fleet()).maintainPlans(ctx, inputs, await client(), log);
  if (command === "tick" && !route.planId) return tickAll(ctx, inputs, client, log, deadline);
  const { tickPlan } = await load.tick();
  if (command === "start") {
    if (!route.planFile) throw new ConfigError("Input 'plan': required with command 'start', e.g. plans/research.yml");
    const planId = route.planId ?? route.planFile.split("/").pop().replace(/\.(json|ya?ml)$/i, "");
    await startPlan(ctx, inputs, log, planId, route.planFile, route.actor);
    return finish(ctx, inputs, client, log, [await tickPlan(ctx, inputs, await client(), log, { planId, deadline })]);
  }
  if (!route.planId) throw new ConfigError(`Input 'plan-id': required with command '${command}'.`);
  const commands = command === "tick" ? [] : [steeringCommand(command, route.actor, route.step)];
  const inbox = new StaticInbox(Number(ctx.runId) * 100 + ctx.runAttempt, commands, (text) => log.info(text));
  return finish(ctx, inputs, client, log, [await tickPlan(ctx, inputs, await client(), log, { planId: route.planId, deadline, inbox })]);
}
function steeringCommand(command, by, step) {
  switch (command) {
    case "cancel":
      return { kind: "cancel", by };
    case "retry":
    case "skip":
      return step ? { kind: command, by, step } : { kind: command, by };
    case "status":
      return { kind: "status", by };
    default:
      return { kind: "resume", by };
  }
}
async function startPlan(ctx, inputs, log, planId, planFile, actor) {
  const extracted = await (await load.propose()).readPlanInput(ctx.workspace, planFile);
  const { newState } = await load.newState();
  const store = (await load.tick()).createPlanStore(ctx, inputs, planId, log);
  await store.acquire();
  const loaded = await store.load();
  if (loaded.kind === "loaded") return;
  const state = newState(extracted.plan, {
    planId,
    now: /* @__PURE__ */ new Date(),
    stepDelayMinutes: extracted.stepDelayMinutes ?? inputs.stepDelayMinutes,
    approved: { by: actor },
    ...extracted.stepQueue ? { stepQueue: extracted.stepQueue } : {}
  });
  await store.write(state, { kind: "update", message: `plan started by ${actor}` });
}
async function tickAll(ctx, inputs, client, log, deadline) {
  const refs = await listPlanRefs(ctx.workspace, "origin");
  const now = /* @__PURE__ */ new Date();
  const active = refs.filter((r) => isActiveRef(r, now));
  log.info(`${refs.length} plan(s) on origin, ${active.length} active${active.length ? `: ${active.map((r) => r.planId).join(", ")}` : ""}.`);
  if (!active.length) {
    log.info("No plans to tick.");
    return emptyOutputs();
  }
  const results = await (await load.fleet()).tickActivePlans(ctx, inputs, await client(), log, deadline, active);
  return finish(ctx, inputs, client, log, results);
}
async function finish(ctx, inputs, client, log, results) {
  if (results.length) await (await load.fleet()).recordMarkers(ctx, inputs, log, results);
  for (const r of results) {
    if (r.result.outcome !== "budget" || !r.result.state?.planId) continue;
    const { dispatchWorkflow, workflowFileFromRef } = await load.dispatch();
    const workflow = inputs.continueWorkflow ?? workflowFileFromRef(ctx.workflowRef);
    if (!workflow) {
      log.warn("Time budget spent with work left, and the workflow file is unknown: the next scheduled run continues.");
      continue;
    }
    try {
      await dispatchWorkflow({ client: await client(), owner: ctx.owner, repo: ctx.repo, workflow, ref: ctx.ref || "main", inputs: { command: "tick", "plan-id": r.result.state.planId } });
      log.info(`Time budget spent: dispatched ${workflow} to continue ${r.result.state.planId}.`);
    } catch (err) {
      log.warn(`Could not dispatch ${workflow} to continue (${describeError(err)}); the next scheduled run continues.`);
    }
  }
  const last = results[results.length - 1];
  const outputs = last?.result.state ? outputsFor(last.result.state, last.branch) : emptyOutputs();
  const active = results.filter((r) => r.result.state && ["IN_PROGRESS", "AWAITING_APPROVAL", "BLOCKED"].includes(r.result.state.status));
  return { ...outputs, plans: JSON.stringify(active.map((r) => r.result.state.planId)) };
}

// src/action/index.ts
run().then(
  (code) => process.exit(code),
  // run() handles its own errors; this is the last resort for a bug in the handler itself.
  (err) => {
    process.stderr.write(`::error::${String(err)}
`);
    process.exit(1);
  }
);
