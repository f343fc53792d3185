import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);
import {
  AGENT_JOB_RESULTS
} from "./chunk-XWYNKGRK.js";
import {
  parseAttemptDescriptor
} from "./chunk-5LE3IJ43.js";
import {
  parseApprovers
} from "./chunk-PVNFSC34.js";
import {
  commandLine
} from "./chunk-P4IFAX7Q.js";
import {
  SYNC_BASE_MODES
} from "./chunk-LO7RJYRN.js";
import {
  MIN_SECRET_LENGTH
} from "./chunk-7VKMD6SB.js";
import {
  DEFAULT_WORK_BRANCHES,
  parseWorkBranches
} from "./chunk-BTQQBW2O.js";
import {
  actionInput,
  checkOneOf,
  checkPlanId,
  checkStepId,
  parseBudget,
  parseNumber
} from "./chunk-SN44HN7T.js";
import {
  ConfigError
} from "./chunk-CIGEKA3Y.js";

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
  return {
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
  let run = payload.workflow_run;
  return payload.action !== "completed" || !run ? { kind: "ignore", reason: `workflow_run ${payload.action ?? "(no action)"}: only a completed run can leave work to recover` } : UNFINISHED_CONCLUSIONS.has(run.conclusion ?? "") ? run.event === "workflow_run" ? { kind: "ignore", reason: `the workflow run ${run.id ?? ""} was itself a recovery run: the next heartbeat takes over` } : scheduleRoute(inputs) : { kind: "ignore", reason: `the workflow run ${run.id ?? ""} ended ${run.conclusion ?? "without a conclusion"}: nothing to recover` };
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
  return action === "labeled" && payload.label?.name === inputs.triggerLabel || (action === "opened" || action === "edited" || action === "reopened") && labelled ? { kind: "propose", issueNumber: issue.number, title: issue.title ?? "", body: issue.body ?? "", actor: payload.sender?.login ?? "", author: issue.user?.login ?? "" } : { kind: "ignore", reason: `issue #${issue.number} ${action} without the "${inputs.triggerLabel}" label` };
}
var DRAFT = /^\/draft(?:[ \t]*(?:\r?\n|$))/;
function isDraftCommand(body) {
  return commandLine(body) !== null && DRAFT.test(body);
}
function commentRoute(payload, inputs) {
  let issue = payload.issue, comment = payload.comment;
  return !issue?.number || !comment?.id ? { kind: "ignore", reason: "issue_comment event without an issue or comment" } : payload.action !== "created" ? { kind: "ignore", reason: `comment ${payload.action ?? "changed"}: only new comments are commands` } : issue.pull_request ? { kind: "ignore", reason: "comment on a pull request" } : comment.user?.type === "Bot" ? { kind: "ignore", reason: "comment by a bot" } : commandLine(comment.body ?? "") === null ? { kind: "ignore", reason: "comment is not a command" } : isDraftCommand(comment.body ?? "") ? (issue.labels ?? []).some((l) => labelName(l) === inputs.triggerLabel) ? {
    kind: "draft",
    issueNumber: issue.number,
    title: issue.title ?? "",
    body: issue.body ?? "",
    author: issue.user?.login ?? "",
    comment: { id: comment.id, login: comment.user?.login ?? "", body: comment.body ?? "", createdAt: comment.created_at ?? "" }
  } : { kind: "ignore", reason: `/draft on issue #${issue.number} without the "${inputs.triggerLabel}" label` } : { kind: "comment", issueNumber: issue.number, commentId: comment.id };
}

export {
  parseInputs,
  routeEvent,
  isDraftCommand
};
