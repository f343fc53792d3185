import {
  guardWorkflowCommands,
  mayHoldWorkflowCommand
} from "./chunks/chunk-S6K3D646.js";
import {
  RunFailure,
  emptyOutputs,
  setOutputs
} from "./chunks/chunk-45U3NNUK.js";
import {
  listPlanRefs
} from "./chunks/chunk-UC6RM3HP.js";
import "./chunks/chunk-DUAHX55U.js";
import {
  isBot,
  parseApprovers
} from "./chunks/chunk-PSDTEU6M.js";
import {
  parseAttemptDescriptor
} from "./chunks/chunk-WSTE2BUZ.js";
import {
  commandLine,
  isDraftCommand
} from "./chunks/chunk-SOQWTVCZ.js";
import {
  asInline
} from "./chunks/chunk-NEPVVNT5.js";
import {
  debug,
  error,
  getInput,
  group,
  info,
  setFailed,
  setSecret,
  warning
} from "./chunks/chunk-HQAVCPKY.js";
import {
  guardRepository,
  workspaceGit
} from "./chunks/chunk-IU7JM5AZ.js";
import {
  SYNC_BASE_MODES,
  VERSION,
  actionSource,
  readReleaseStamp,
  versionLine
} from "./chunks/chunk-N2H2U5B4.js";
import "./chunks/chunk-3M3F447X.js";
import {
  BUILD_ID,
  MIN_SECRET_LENGTH,
  NO_SECRETS,
  createScrubber,
  knownSecrets
} from "./chunks/chunk-FOVAUIMP.js";
import {
  DEFAULT_WORK_BRANCHES,
  actionInput,
  checkOneOf,
  checkPlanId,
  checkStepId,
  environmentVariable,
  fleetPrefix,
  isActiveRef,
  parseBudget,
  parseNumber,
  parseWorkBranches
} from "./chunks/chunk-6ECGHLWA.js";
import {
  countOf
} from "./chunks/chunk-UVXCAWLY.js";
import {
  ConfigError,
  SequencerError,
  describeError
} from "./chunks/chunk-UZTB5BNK.js";
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

// src/action/active-plans.ts
async function activePlans(ctx, inputs, log) {
  let refs = await listPlanRefs(ctx.git, "origin", fleetPrefix(inputs.branches, "tick")), now = /* @__PURE__ */ new Date(), active = refs.filter((r) => isActiveRef(r, now));
  return log.info(`${countOf(refs.length, "plan")} on origin, ${active.length} active${active.length ? `: ${active.map((r) => r.planId).join(", ")}` : ""}.`), active.length || log.info("No plans to tick."), active;
}

// src/action/context.ts
import { readFile } from "node:fs/promises";
async function readRunContext(env) {
  let repository = env.GITHUB_REPOSITORY ?? "", [owner, repo] = repository.split("/");
  if (!owner || !repo) throw new ConfigError(`GITHUB_REPOSITORY is "${repository}"; expected owner/repo (is this running inside GitHub Actions?)`);
  let eventPath = env.GITHUB_EVENT_PATH, payload = {};
  if (eventPath)
    try {
      payload = JSON.parse(await readFile(eventPath, "utf8"));
    } catch (err) {
      throw new ConfigError(`GITHUB_EVENT_PATH "${eventPath}" cannot be read as JSON: ${describeError(err)}`);
    }
  let workspace = env.GITHUB_WORKSPACE ?? process.cwd();
  return {
    owner,
    repo,
    eventName: env.GITHUB_EVENT_NAME ?? "",
    payload,
    runId: env.GITHUB_RUN_ID ?? "0",
    runAttempt: Number(env.GITHUB_RUN_ATTEMPT ?? "1") || 1,
    workflowRef: env.GITHUB_WORKFLOW_REF ?? "",
    ref: env.GITHUB_REF ?? "",
    sha: env.GITHUB_SHA ?? "",
    actor: env.GITHUB_ACTOR ?? "",
    serverUrl: env.GITHUB_SERVER_URL ?? "https://github.com",
    apiUrl: env.GITHUB_API_URL ?? "https://api.github.com",
    workspace,
    git: workspaceGit(workspace, "action"),
    runnerTemp: env.RUNNER_TEMP ?? workspace,
    apiPacing: env.SEQUENCER_API_PACING === "off" ? "off" : "github",
    inboxPollSeconds: pollSeconds(env.SEQUENCER_INBOX_POLL_SECONDS),
    stopGraceSeconds: stopGraceSeconds(env.SEQUENCER_STOP_GRACE_SECONDS),
    killGraceSeconds: seconds(env.SEQUENCER_KILL_GRACE_SECONDS, "SEQUENCER_KILL_GRACE_SECONDS", 0, 10),
    statusIntervalSeconds: statusIntervalSeconds(env.SEQUENCER_STATUS_INTERVAL_SECONDS)
  };
}
function pollSeconds(raw) {
  return seconds(raw, "SEQUENCER_INBOX_POLL_SECONDS", 1, 60);
}
function stopGraceSeconds(raw) {
  return seconds(raw, "SEQUENCER_STOP_GRACE_SECONDS", 0, 60);
}
function statusIntervalSeconds(raw) {
  return seconds(raw, "SEQUENCER_STATUS_INTERVAL_SECONDS", 0, 30, "; 0 edits the status comment after every step");
}
function seconds(raw, name, min, fallback, note = "") {
  return parseNumber(raw, environmentVariable(name), { min, max: 3600, fallback, fractions: !0, expected: `a number of seconds from ${min} to 3600 (default ${fallback}${note})` });
}

// src/core/isolation/agent-job-result.ts
var AGENT_JOB_RESULTS = ["success", "failure", "cancelled", "skipped", ""];

// src/action/inputs.ts
var PHASES = ["single", "prepare", "agent", "apply"], DISPATCH_COMMANDS = ["tick", "start", "resume", "cancel", "retry", "skip", "status", "restart", "list", "audit", "maintenance"];
function parseInputs(get) {
  let text = (name) => get(name).trim(), optional = (name) => text(name) || void 0, token = text("github-token");
  if (!token) throw new ConfigError("Input 'github-token' is empty; expected a token (the default is the job's GITHUB_TOKEN).");
  let command = checkCommand(text("command") || "tick"), phase = checkOneOf(text("phase") || "single", PHASES, actionInput("phase")), attemptText = text("attempt");
  if (attemptText && phase !== "agent" && phase !== "apply")
    throw invalid("attempt", attemptText.slice(0, 60), `no value with phase '${phase}' (only the agent and apply jobs take the attempt prepare handed on)`);
  let attempt = attemptText ? parseAttemptDescriptor(attemptText) : null;
  if (phase === "agent" && !attempt)
    throw new ConfigError(
      "Input 'attempt' is empty with phase 'agent'; expected the prepare job's output, e.g. attempt: ${{ needs.prepare.outputs.attempt }}, and the job run only when it is set (if: needs.prepare.outputs.run-agent == 'true')."
    );
  let agentResult = checkOneOf(text("agent-result"), AGENT_JOB_RESULTS, actionInput("agent-result"), "success, failure, cancelled or skipped (${{ needs.agent.result }})"), stateStore = checkOneOf(text("state-store") || "git", ["git", "cache"], actionInput("state-store"));
  if (stateStore === "cache" && phase !== "single")
    throw invalid("state-store", stateStore, `"git" with phase '${phase}': in the isolated layout the agent job can write cache entries, so a state kept in the cache could be the agent's`);
  let syncBase = checkOneOf(text("sync-base") || "merge", SYNC_BASE_MODES, actionInput("sync-base")), planId = optional("plan-id");
  planId && checkPlanId2(planId);
  let step = optional("step");
  step && checkStep(step);
  let stateBranch = optional("state-branch"), branches = stateBranch ? parseWorkBranches(
    stateBranch,
    actionInput("state-branch"),
    planId ? { onePlan: planId, setting: "input 'state-branch'" } : { manyPlans: "a fixed name is for a workflow of one plan, and needs the 'plan-id' input" }
  ) : DEFAULT_WORK_BRANCHES, planFile = optional("plan");
  planFile && checkPlanFile(planFile);
  let pruneMode = checkOneOf(text("prune-mode") || "archive", ["archive", "delete"], actionInput("prune-mode")), attemptTimeoutMinutes = int(get, "attempt-timeout-minutes", 60, 1, 360), timeBudgetMinutes = int(get, "time-budget-minutes", 300, 1, 4320);
  if (timeBudgetMinutes < attemptTimeoutMinutes)
    throw new ConfigError(
      `Input 'time-budget-minutes' (${timeBudgetMinutes}) is shorter than input 'attempt-timeout-minutes' (${attemptTimeoutMinutes}): no attempt could start within a run. Raise 'time-budget-minutes' or lower 'attempt-timeout-minutes'.`
    );
  return {
    token,
    phase,
    attempt,
    agentResult,
    command,
    ...optional("agent-command") ? { agentCommand: text("agent-command") } : {},
    ...planFile ? { planFile } : {},
    ...planId ? { planId } : {},
    ...step ? { step } : {},
    stateStore,
    branches,
    syncBase,
    maxAttempts: int(get, "max-attempts", 3, 1, 100),
    stepDelayMinutes: int(get, "step-delay-minutes", 0, 0, 1440),
    attemptTimeoutMinutes,
    timeBudgetMinutes,
    retryBackoffSeconds: int(get, "retry-backoff-seconds", 30, 0, 3600),
    ...budgetOf(get),
    approvers: parseApprovers(get("approvers")),
    triggerLabel: text("trigger-label") || "sequencer",
    ...optional("continue-workflow") ? { continueWorkflow: text("continue-workflow") } : {},
    openPullRequest: bool(get, "open-pull-request"),
    failOnBlocked: bool(get, "fail-on-blocked", !0),
    passTokenToAgent: bool(get, "pass-token-to-agent"),
    allowUntrustedPlanCommands: bool(get, "allow-untrusted-plan-commands"),
    staleDays: int(get, "stale-days", 14, 1, 3650),
    pruneDays: int(get, "prune-days", 7, 0, 3650),
    pruneMode,
    apply: bool(get, "apply"),
    secrets: secretLines(get("secrets"))
  };
}
function budgetOf(get) {
  let budget = parseBudget({ raw: get("budget-usd"), field: actionInput("budget-usd") }, { raw: get("budget-tokens"), field: actionInput("budget-tokens") });
  return budget ? { budget } : {};
}
function secretLines(raw) {
  let values = [];
  return raw.split(/\r?\n/).forEach((line, i) => {
    let value = line.trim();
    if (value) {
      if (value.length < MIN_SECRET_LENGTH)
        throw new ConfigError(
          `Invalid input 'secrets': line ${i + 1} is ${value.length} characters long. Expected one secret value per line, each at least ${MIN_SECRET_LENGTH} characters (shorter values are not scrubbed: they would mangle ordinary text).`
        );
      values.push(value);
    }
  }), values;
}
function invalid(name, value, expected, source = "input") {
  return actionInput(name, source).invalid(value, expected);
}
function checkCommand(value, source) {
  return checkOneOf(value, DISPATCH_COMMANDS, actionInput("command", source), `one of ${DISPATCH_COMMANDS.join(", ")}`);
}
function checkPlanId2(value, source) {
  return checkPlanId(value, actionInput("plan-id", source));
}
function checkStep(value, source) {
  return checkStepId(value, actionInput("step", source));
}
function checkPlanFile(value, source) {
  if (value.startsWith("/") || value.split(/[\\/]/).includes("..")) throw invalid("plan", value, "a path inside the repository, e.g. plans/research.yml", source);
  return value;
}
function int(get, name, fallback, min, max) {
  return parseNumber(get(name).trim(), actionInput(name), { fallback, min, max });
}
function bool(get, name, fallback = !1) {
  let raw = get(name).trim().toLowerCase();
  if (raw === "") return fallback;
  if (raw === "false") return !1;
  if (raw === "true") return !0;
  throw invalid(name, raw, '"true" or "false"');
}

// src/action/events.ts
function routeEvent(eventName, payload, inputs) {
  switch (eventName) {
    case "schedule":
      return scheduleRoute(inputs);
    case "workflow_run":
      return recoveryRoute(payload, inputs);
    case "workflow_dispatch":
    case "repository_dispatch":
      return dispatchRoute(payload, inputs);
    case "issues":
      return issueRoute(payload, inputs);
    case "issue_comment":
      return commentRoute(payload, inputs);
    default:
      return { kind: "ignore", reason: `event "${eventName}" is not handled (use schedule, workflow_dispatch, issues, issue_comment or workflow_run)` };
  }
}
function dispatchRoute(payload, inputs) {
  let given = (name) => {
    let v = payload.inputs?.[name];
    return typeof v == "string" && v.trim() ? v.trim() : void 0;
  }, source = "workflow_dispatch input", fromPayload = (name, check) => {
    let v = given(name);
    return v === void 0 ? void 0 : check(v, source);
  }, command = fromPayload("command", checkCommand) ?? inputs.command, planId = fromPayload("plan-id", checkPlanId2) ?? inputs.planId, planFile = fromPayload("plan", checkPlanFile) ?? inputs.planFile, step = fromPayload("step", checkStep) ?? inputs.step;
  return command === "tick" && !planId ? { kind: "tick-active" } : {
    kind: "dispatch",
    command,
    actor: payload.sender?.login ?? "workflow_dispatch",
    ...planId ? { planId } : {},
    ...planFile ? { planFile } : {},
    ...step ? { step } : {}
  };
}
var UNFINISHED_CONCLUSIONS = /* @__PURE__ */ new Set(["failure", "cancelled", "timed_out", "startup_failure"]);
function recoveryRoute(payload, inputs) {
  let run2 = payload.workflow_run;
  return payload.action !== "completed" || !run2 ? { kind: "ignore", reason: `workflow_run ${payload.action ?? "(no action)"}: only a completed run can leave work to recover` } : UNFINISHED_CONCLUSIONS.has(run2.conclusion ?? "") ? run2.event === "workflow_run" ? { kind: "ignore", reason: `the workflow run ${run2.id ?? ""} was itself a recovery run: the next heartbeat takes over` } : scheduleRoute(inputs) : { kind: "ignore", reason: `the workflow run ${run2.id ?? ""} ended ${run2.conclusion ?? "without a conclusion"}: nothing to recover` };
}
function scheduleRoute(inputs) {
  return inputs.command === "tick" && !inputs.planId ? { kind: "tick-active" } : {
    kind: "dispatch",
    command: inputs.command,
    actor: "schedule",
    ...inputs.planId ? { planId: inputs.planId } : {},
    ...inputs.planFile ? { planFile: inputs.planFile } : {},
    ...inputs.step ? { step: inputs.step } : {}
  };
}
function labelName(label) {
  return typeof label == "string" ? label : label.name ?? "";
}
function issueRoute(payload, inputs) {
  let issue = payload.issue;
  if (!issue?.number) return { kind: "ignore", reason: "issues event without an issue" };
  if (issue.pull_request) return { kind: "ignore", reason: "pull requests do not carry plans" };
  let labelled = (issue.labels ?? []).some((l) => labelName(l) === inputs.triggerLabel), action = payload.action ?? "";
  return action === "labeled" && payload.label?.name === inputs.triggerLabel || (action === "opened" || action === "edited" || action === "reopened") && labelled ? { kind: "propose", ...issueFacts(issue, issue.number), actor: payload.sender?.login ?? "", actorType: payload.sender?.type ?? "" } : { kind: "ignore", reason: `issue #${issue.number} ${action} without the "${inputs.triggerLabel}" label` };
}
function issueFacts(issue, issueNumber) {
  return { issueNumber, title: issue.title ?? "", body: issue.body ?? "", author: issue.user?.login ?? "", authorType: issue.user?.type ?? "" };
}
function commentRoute(payload, inputs) {
  let issue = payload.issue, comment = payload.comment;
  return !issue?.number || !comment?.id ? { kind: "ignore", reason: "issue_comment event without an issue or comment" } : payload.action !== "created" ? { kind: "ignore", reason: `comment ${payload.action ?? "changed"}: only new comments are commands` } : issue.pull_request ? { kind: "ignore", reason: "comment on a pull request" } : isBot({ login: comment.user?.login ?? "", userType: comment.user?.type ?? "" }) ? { kind: "ignore", reason: "comment by a bot" } : commandLine(comment.body ?? "") === null ? { kind: "ignore", reason: "comment is not a command" } : isDraftCommand(comment.body ?? "") ? (issue.labels ?? []).some((l) => labelName(l) === inputs.triggerLabel) ? {
    kind: "draft",
    ...issueFacts(issue, issue.number),
    comment: {
      id: comment.id,
      login: comment.user?.login ?? "",
      userType: comment.user?.type ?? "",
      association: comment.author_association ?? "",
      body: comment.body ?? "",
      createdAt: comment.created_at ?? ""
    }
  } : { kind: "ignore", reason: `/draft on issue #${issue.number} without the "${inputs.triggerLabel}" label` } : { kind: "comment", issueNumber: issue.number, commentId: comment.id };
}

// src/action/main.ts
var load = {
  routes: () => import("./chunks/routes-2VRE22RP.js"),
  agentPhase: () => import("./chunks/agent-phase-YNOCILKS.js"),
  applyPhase: () => import("./chunks/apply-phase-FPRMPKS4.js"),
  client: () => import("./chunks/github-client-FR35G5HQ.js")
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
    if (inputs.phase === "agent") outputs = await (await load.agentPhase()).runAgentPhase(ctx, inputs, log);
    else if (inputs.phase === "apply") outputs = await (await load.applyPhase()).runApplyPhase(ctx, inputs, client, log);
    else {
      let deadline = new Date(Date.now() + inputs.timeBudgetMinutes * 6e4);
      if (route.kind === "tick-active") {
        let active = await activePlans(ctx, inputs, log);
        outputs = active.length ? await (await load.routes()).tickActive(ctx, inputs, client, log, deadline, active) : emptyOutputs("IDLE");
      } else outputs = await (await load.routes()).handle(route, ctx, inputs, client, log, deadline);
    }
    return setOutputs(outputs, secrets.scrub), 0;
  } catch (err) {
    return err instanceof RunFailure ? (setOutputs(err.outputs, secrets.scrub), setFailed(publish(err.message)), 1) : (setOutputs({ ...outputs, status: "ERROR" }, secrets.scrub), setFailed(
      publish(
        err instanceof SequencerError ? `${err.message}${err.hint ? `
${err.hint}` : ""}` : describeError(err)
      )
    ), 1);
  }
}

// src/action/index.ts
var respond;
for (let signal of ["SIGINT", "SIGTERM"])
  process.on(signal, () => {
    respond ??= import("./chunks/interrupt-DWN3Y3OZ.js").then(({ interruptResponder }) => interruptResponder((line) => info(line))), respond.then((r) => r(signal)).then((code) => process.exit(code));
  });
run().then(
  (code) => process.exit(code),
  // run() handles its own errors; this is the last resort for a bug in the handler itself.
  (err) => {
    process.stderr.write(`::error::${String(err).replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A")}
`), process.exit(1);
  }
);
