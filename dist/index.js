import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);
import {
  parseInputs,
  routeEvent
} from "./chunks/chunk-BXD2ZVHM.js";
import "./chunks/chunk-GA2EUEUK.js";
import {
  guardWorkflowCommands,
  mayHoldWorkflowCommand
} from "./chunks/chunk-A7XPLWEY.js";
import {
  StaticInbox
} from "./chunks/chunk-XM7I3YIF.js";
import {
  emptyOutputs,
  outputsFor,
  setOutputs
} from "./chunks/chunk-AI4JX6IF.js";
import {
  listPlanRefs
} from "./chunks/chunk-3VQKRBOX.js";
import {
  formatAttemptDescriptor
} from "./chunks/chunk-KX54TGKA.js";
import "./chunks/chunk-C5V4ED6R.js";
import {
  withStore
} from "./chunks/chunk-TUS53VBD.js";
import "./chunks/chunk-GDEZUE3O.js";
import {
  asInline
} from "./chunks/chunk-IAW7XI6Z.js";
import {
  debug,
  error,
  getInput,
  group,
  info,
  setFailed,
  setSecret,
  warning
} from "./chunks/chunk-GEX65OPK.js";
import {
  readRunContext
} from "./chunks/chunk-PFKSG7GN.js";
import {
  guardRepository
} from "./chunks/chunk-CQCEFVFH.js";
import {
  VERSION,
  actionSource,
  readReleaseStamp,
  versionLine
} from "./chunks/chunk-ORSEDIIB.js";
import "./chunks/chunk-62KPKR6O.js";
import "./chunks/chunk-CX6YGWYV.js";
import "./chunks/chunk-LSXW7KTX.js";
import "./chunks/chunk-FV7F3W4G.js";
import {
  BUILD_ID,
  NO_SECRETS,
  createScrubber,
  knownSecrets
} from "./chunks/chunk-BURUKDR2.js";
import {
  actionInput,
  fleetPrefix,
  isActiveRef,
  issuePlanId,
  planIdOfFile
} from "./chunks/chunk-YX2CLHBO.js";
import "./chunks/chunk-PL4AQ5NX.js";
import {
  countOf
} from "./chunks/chunk-3RW55J7L.js";
import "./chunks/chunk-7LBMPVVG.js";
import {
  attemptTimeoutMsFor,
  currentStepId
} from "./chunks/chunk-K6PSMX6F.js";
import {
  ConfigError,
  SequencerError,
  describeError
} from "./chunks/chunk-XDUK4LLW.js";
import "./chunks/chunk-PANJYNO7.js";

// src/adapters/toolkit/toolkit-log.ts
import { randomBytes } from "node:crypto";

// src/core/render/runner-paths.ts
function withoutRunnerPaths(text, paths) {
  if (!paths) return text;
  const swaps = [];
  const folders = [];
  const add = (dir, inside, alone) => {
    const d = dir.replace(/\/+$/, "");
    if (d.length < 2) return;
    folders.push(d);
    swaps.push([`${d}/`, inside], [d, alone]);
    const escaped = asInline(d);
    if (escaped !== d) swaps.push([`${escaped}/`, asInline(inside)], [escaped, asInline(alone)]);
  };
  add(paths.workspace, "", "$GITHUB_WORKSPACE");
  add(paths.runnerTemp, "$RUNNER_TEMP/", "$RUNNER_TEMP");
  swaps.sort((a, b) => b[0].length - a[0].length);
  let out = text;
  for (const [from, to] of swaps) out = out.split(from).join(to);
  if (!out.includes("\u2026")) return out;
  for (const d of folders) {
    for (let k = d.length - 1; k >= MIN_CUT_PREFIX; k--) {
      const cut = d.slice(0, k);
      out = out.split(`${cut}\u2026`).join("\u2026");
      const escapedCut = asInline(cut);
      if (escapedCut !== cut) out = out.split(`${escapedCut}\u2026`).join("\u2026");
    }
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
  tick: () => import("./chunks/plan-tick-O7NZMKVQ.js"),
  settings: () => import("./chunks/plan-settings-CIO4QZD6.js"),
  fleet: () => import("./chunks/fleet-KJDVFIGM.js"),
  propose: () => import("./chunks/propose-NMVTGKQQ.js"),
  continuation: () => import("./chunks/continuation-6FKD62NC.js"),
  agentPhase: () => import("./chunks/agent-phase-FJRLRWMA.js"),
  applyPhase: () => import("./chunks/apply-phase-L35I4GI7.js"),
  client: () => import("./chunks/github-client-BIVHMYAA.js"),
  newState: () => import("./chunks/new-state-HQ2SCW4V.js")
};
async function run() {
  info(versionLine({ version: VERSION, buildId: BUILD_ID, stamp: readReleaseStamp(process.argv[1]), action: actionSource(process.env) }));
  let outputs = emptyOutputs();
  let secrets = createScrubber(knownSecrets({ env: process.env }));
  const runnerPaths = { workspace: process.env.GITHUB_WORKSPACE ?? "", runnerTemp: process.env.RUNNER_TEMP ?? "" };
  let publish = (text) => withoutRunnerPaths(secrets.scrub(text), runnerPaths);
  try {
    const inputs = parseInputs((name) => getInput(name));
    for (const value of [inputs.token, ...inputs.secrets]) setSecret(value);
    secrets = createScrubber(knownSecrets({ token: inputs.token, listed: inputs.secrets, env: process.env }));
    const ctx = await readRunContext(process.env);
    const log = new ToolkitLog(secrets, { workspace: ctx.workspace, runnerTemp: ctx.runnerTemp });
    publish = log.scrub;
    const route = inputs.phase === "agent" || inputs.phase === "apply" ? { kind: "tick-active" } : routeEvent(ctx.eventName, ctx.payload, inputs);
    if (route.kind === "ignore") {
      log.info(`Nothing to do: ${route.reason}.`);
      setOutputs({ ...outputs, status: "IGNORED" }, secrets.scrub);
      return 0;
    }
    await guardRepository(ctx.git, { credential: { serverUrl: ctx.serverUrl, token: inputs.token }, runnerTemp: ctx.runnerTemp });
    let made;
    const client = () => made ??= load.client().then(({ createGitHubClient }) => createGitHubClient({ token: inputs.token, baseUrl: ctx.apiUrl, log, pacing: ctx.apiPacing, scrub: log.scrub }));
    if (inputs.phase === "agent") outputs = await (await load.agentPhase()).runAgentPhase(ctx, inputs, log);
    else if (inputs.phase === "apply") outputs = await (await load.applyPhase()).runApplyPhase(ctx, inputs, client, log);
    else outputs = await handle(route, ctx, inputs, client, log);
    setOutputs(outputs, secrets.scrub);
    return 0;
  } catch (err) {
    if (err instanceof RunFailure) {
      setOutputs(err.outputs, secrets.scrub);
      setFailed(publish(err.message));
      return 1;
    }
    setOutputs({ ...outputs, status: "ERROR" }, secrets.scrub);
    setFailed(publish(err instanceof SequencerError ? `${err.message}${err.hint ? `
${err.hint}` : ""}` : describeError(err)));
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
    case "draft": {
      const drafted = await (await load.propose()).draftFromComment(ctx, inputs, await client(), log, route);
      if (drafted !== "tick") return drafted.state ? outputsFor(drafted.state, drafted.branch) : emptyOutputs("MISSING");
      const { tickPlan } = await load.tick();
      return finish(ctx, inputs, client, log, [await tickPlan(ctx, inputs, await client(), log, { planId: issuePlanId(route.issueNumber), deadline })]);
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
  if (command === "list") return (await load.fleet()).listPlans(ctx, inputs, log);
  if (command === "audit") return (await load.fleet()).auditPlans(ctx, inputs, await client(), log);
  if (command === "maintenance") return (await load.fleet()).maintainPlans(ctx, inputs, await client(), log);
  if (command === "tick" && !route.planId) return tickAll(ctx, inputs, client, log, deadline);
  const { tickPlan } = await load.tick();
  if (command === "start") {
    if (!route.planFile) throw new ConfigError("Input 'plan': required with command 'start', e.g. plans/research.yml");
    const planId = route.planId ?? planIdOfFile(route.planFile);
    const created = await startPlan(ctx, inputs, log, planId, route.planFile, route.actor);
    const ticked2 = await tickPlan(ctx, inputs, await client(), log, { planId, deadline });
    return finish(ctx, inputs, client, log, [created ? { ...ticked2, result: { ...ticked2.result, writes: ticked2.result.writes + 1 } } : ticked2]);
  }
  if (!route.planId) throw new ConfigError(`Input 'plan-id': required with command '${command}'.`);
  const commands = command === "tick" ? [] : [steeringCommand(command, route.actor, route.step)];
  const refusals = [];
  const inbox = new StaticInbox(Number(ctx.runId) * 100 + ctx.runAttempt, commands, (text, refused) => {
    log.info(text);
    if (refused) refusals.push(text);
  });
  const ticked = await tickPlan(ctx, inputs, await client(), log, { planId: route.planId, deadline, inbox });
  if (ticked.result.outcome === "missing" && command !== "tick") {
    throw new ConfigError(`Input 'plan-id': there is no plan "${route.planId}" (no state on branch ${ticked.branch}), so '${command}' did nothing.`);
  }
  const outputs = await finish(ctx, inputs, client, log, [ticked]);
  if (refusals.length) throw new RunFailure(`'${command}' for ${route.planId} was refused: ${refusals.join(" ")}`, outputs);
  return outputs;
}
async function startPlan(ctx, inputs, log, planId, planFile, actor) {
  const extracted = await (await load.propose()).readPlanInput(ctx.workspace, planFile);
  const { newState } = await load.newState();
  const store = (await load.settings()).createPlanStore(ctx, inputs, planId, log);
  return withStore(store, "write", async () => {
    const loaded = await store.load();
    if (loaded.kind === "loaded") {
      log.info(`Plan ${planId} exists already (${loaded.state.status}); ticking it instead of starting it again.`);
      return false;
    }
    const state = newState(extracted.plan, {
      planId,
      now: /* @__PURE__ */ new Date(),
      stepDelayMinutes: extracted.stepDelayMinutes ?? inputs.stepDelayMinutes,
      // The run that approved: a later run confirms on GitHub that a writer dispatched it.
      approved: { by: actor, .../^\d{1,15}$/.test(ctx.runId) ? { runId: Number(ctx.runId) } : {} },
      requestedBy: actor,
      ...extracted.stepQueue ? { stepQueue: extracted.stepQueue } : {}
    });
    await store.write(state, { kind: "update", message: `plan started by ${actor}` });
    return true;
  });
}
async function tickAll(ctx, inputs, client, log, deadline) {
  const refs = await listPlanRefs(ctx.git, "origin", fleetPrefix(inputs.branches, "tick"));
  const now = /* @__PURE__ */ new Date();
  const active = refs.filter((r) => isActiveRef(r, now));
  log.info(`${countOf(refs.length, "plan")} on origin, ${active.length} active${active.length ? `: ${active.map((r) => r.planId).join(", ")}` : ""}.`);
  if (!active.length) {
    log.info("No plans to tick.");
    return emptyOutputs("IDLE");
  }
  const { results, deferred } = await (await load.fleet()).tickActivePlans(ctx, inputs, await client(), log, deadline, active);
  for (const planId of deferred) await (await load.continuation()).continuePlan(ctx, inputs, client, log, planId, `for ${planId} (this run hands on another plan's attempt)`);
  return finish(ctx, inputs, client, log, results);
}
async function finish(ctx, inputs, client, log, results) {
  if (results.length) await (await load.fleet()).recordMarkers(ctx, inputs, log, results);
  const stalled = [];
  for (const r of results) {
    if (r.result.outcome !== "budget" || !r.result.state?.planId) continue;
    if (r.result.writes === 0 && r.result.attempts === 0) {
      stalled.push(await reportStall(ctx, inputs, client, log, r.result.state));
      continue;
    }
    await (await load.continuation()).continuePlan(ctx, inputs, client, log, r.result.state.planId, `to continue ${r.result.state.planId} (time budget spent)`);
  }
  const last = results[results.length - 1];
  const outputs = last?.result.state ? outputsFor(last.result.state, last.branch) : emptyOutputs();
  const active = results.filter((r) => r.result.state && ["IN_PROGRESS", "AWAITING_APPROVAL", "BLOCKED"].includes(r.result.state.status));
  const handedOn = results.find((r) => r.handOff)?.handOff;
  const all = {
    ...outputs,
    plans: JSON.stringify(active.map((r) => r.result.state.planId)),
    ...handedOn ? { attempt: formatAttemptDescriptor(handedOn), "run-agent": handedOn.apply ? "" : "true" } : {}
  };
  const broken = results.flatMap((r) => r.result.configProblem ? [`${r.result.state?.planId ?? "plan"}: ${r.result.configProblem}`] : []);
  if (stalled.length || broken.length) throw new RunFailure([...broken, ...stalled].join("\n"), all);
  return all;
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
  const planId = state.planId ?? "plan";
  const stepId = currentStepId(state);
  const def = stepId ? state.plan.steps[stepId] : void 0;
  const needs = def ? Math.ceil(attemptTimeoutMsFor(def, { maxAttempts: inputs.maxAttempts, attemptTimeoutMinutes: inputs.attemptTimeoutMinutes }) / 6e4) : inputs.attemptTimeoutMinutes;
  const problem = `${planId} made no progress in this run: its time budget (time-budget-minutes: ${inputs.timeBudgetMinutes}) cannot fit an attempt of ${stepId ?? "the next step"}, which may take up to ${needs} min. No further run was dispatched, because it would do the same.`;
  const hint = `Raise \`time-budget-minutes\` above ${needs}, or lower the step's \`attemptTimeoutMinutes\` (or the \`attempt-timeout-minutes\` input), then reply \`/resume\` or dispatch \`tick\` for ${planId}.`;
  log.error(problem);
  const { createNotifier, runLinks } = await load.tick();
  const run2 = runLinks(ctx, (await load.settings()).planBranch(inputs, planId));
  const notifier = createNotifier(ctx, inputs, await client(), planId, log, async () => ({ run: run2 }));
  await notifier?.postRunProblem("Not continuing: the time budget fits no attempt", problem, hint).catch((err) => log.warn(`Could not post the notice: ${describeError(err)}`));
  return problem;
}

// src/action/index.ts
run().then(
  (code) => process.exit(code),
  // run() handles its own errors; this is the last resort for a bug in the handler itself.
  (err) => {
    process.stderr.write(`::error::${String(err).replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A")}
`);
    process.exit(1);
  }
);
