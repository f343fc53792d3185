import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);
import {
  AGENT_JOB_RESULTS
} from "./chunk-GA2EUEUK.js";
import {
  parseAttemptDescriptor
} from "./chunk-KX54TGKA.js";
import {
  parseApprovers
} from "./chunk-C5V4ED6R.js";
import {
  commandLine
} from "./chunk-GDEZUE3O.js";
import {
  SYNC_BASE_MODES
} from "./chunk-62KPKR6O.js";
import {
  MIN_SECRET_LENGTH
} from "./chunk-BURUKDR2.js";
import {
  DEFAULT_WORK_BRANCHES,
  actionInput,
  checkOneOf,
  checkPlanId,
  checkStepId,
  parseBudget,
  parseNumber,
  parseWorkBranches
} from "./chunk-YX2CLHBO.js";
import {
  ConfigError
} from "./chunk-XDUK4LLW.js";

// src/action/inputs.ts
var PHASES = ["single", "prepare", "agent", "apply"];
var DISPATCH_COMMANDS = ["tick", "start", "resume", "cancel", "retry", "skip", "status", "restart", "list", "audit", "maintenance"];
function parseInputs(get) {
  const text = (name) => get(name).trim();
  const optional = (name) => text(name) || void 0;
  const token = text("github-token");
  if (!token) throw new ConfigError("Input 'github-token' is empty; expected a token (the default is the job's GITHUB_TOKEN).");
  const command = checkCommand(text("command") || "tick");
  const phase = checkOneOf(text("phase") || "single", PHASES, actionInput("phase"));
  const attemptText = text("attempt");
  if (attemptText && phase !== "agent" && phase !== "apply") throw invalid("attempt", attemptText.slice(0, 60), `no value with phase '${phase}' (only the agent and apply jobs take the attempt prepare handed on)`);
  const attempt = attemptText ? parseAttemptDescriptor(attemptText) : null;
  if (phase === "agent" && !attempt) {
    throw new ConfigError("Input 'attempt' is empty with phase 'agent'; expected the prepare job's output, e.g. attempt: ${{ needs.prepare.outputs.attempt }}, and the job run only when it is set (if: needs.prepare.outputs.run-agent == 'true').");
  }
  const agentResult = checkOneOf(text("agent-result"), AGENT_JOB_RESULTS, actionInput("agent-result"), "success, failure, cancelled or skipped (${{ needs.agent.result }})");
  const stateStore = checkOneOf(text("state-store") || "git", ["git", "cache"], actionInput("state-store"));
  if (stateStore === "cache" && phase !== "single") {
    throw invalid("state-store", stateStore, `"git" with phase '${phase}': in the isolated layout the agent job can write cache entries, so a state kept in the cache could be the agent's`);
  }
  const syncBase = checkOneOf(text("sync-base") || "merge", SYNC_BASE_MODES, actionInput("sync-base"));
  const planId = optional("plan-id");
  if (planId) checkPlanId2(planId);
  const step = optional("step");
  if (step) checkStep(step);
  const stateBranch = optional("state-branch");
  const branches = stateBranch ? parseWorkBranches(stateBranch, actionInput("state-branch"), planId ? { onePlan: planId, setting: "input 'state-branch'" } : { manyPlans: "a fixed name is for a workflow of one plan, and needs the 'plan-id' input" }) : DEFAULT_WORK_BRANCHES;
  const planFile = optional("plan");
  if (planFile) checkPlanFile(planFile);
  const pruneMode = checkOneOf(text("prune-mode") || "archive", ["archive", "delete"], actionInput("prune-mode"));
  const attemptTimeoutMinutes = int(get, "attempt-timeout-minutes", 60, 1, 360);
  const timeBudgetMinutes = int(get, "time-budget-minutes", 300, 1, 4320);
  if (timeBudgetMinutes < attemptTimeoutMinutes) {
    throw new ConfigError(
      `Input 'time-budget-minutes' (${timeBudgetMinutes}) is shorter than input 'attempt-timeout-minutes' (${attemptTimeoutMinutes}): no attempt could start within a run. Raise 'time-budget-minutes' or lower 'attempt-timeout-minutes'.`
    );
  }
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
  const budget = parseBudget({ raw: get("budget-usd"), field: actionInput("budget-usd") }, { raw: get("budget-tokens"), field: actionInput("budget-tokens") });
  return budget ? { budget } : {};
}
function secretLines(raw) {
  const values = [];
  raw.split(/\r?\n/).forEach((line, i) => {
    const value = line.trim();
    if (!value) return;
    if (value.length < MIN_SECRET_LENGTH) {
      throw new ConfigError(
        `Invalid input 'secrets': line ${i + 1} is ${value.length} characters long. Expected one secret value per line, each at least ${MIN_SECRET_LENGTH} characters (shorter values are not scrubbed: they would mangle ordinary text).`
      );
    }
    values.push(value);
  });
  return values;
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
function bool(get, name) {
  const raw = get(name).trim().toLowerCase();
  if (raw === "" || raw === "false") return false;
  if (raw === "true") return true;
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
  const given = (name) => {
    const v = payload.inputs?.[name];
    return typeof v === "string" && v.trim() ? v.trim() : void 0;
  };
  const source = "workflow_dispatch input";
  const fromPayload = (name, check) => {
    const v = given(name);
    return v === void 0 ? void 0 : check(v, source);
  };
  const command = fromPayload("command", checkCommand) ?? inputs.command;
  const planId = fromPayload("plan-id", checkPlanId2) ?? inputs.planId;
  const planFile = fromPayload("plan", checkPlanFile) ?? inputs.planFile;
  const step = fromPayload("step", checkStep) ?? inputs.step;
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
  const run = payload.workflow_run;
  if (payload.action !== "completed" || !run) return { kind: "ignore", reason: `workflow_run ${payload.action ?? "(no action)"}: only a completed run can leave work to recover` };
  if (!UNFINISHED_CONCLUSIONS.has(run.conclusion ?? "")) return { kind: "ignore", reason: `the workflow run ${run.id ?? ""} ended ${run.conclusion ?? "without a conclusion"}: nothing to recover` };
  if (run.event === "workflow_run") return { kind: "ignore", reason: `the workflow run ${run.id ?? ""} was itself a recovery run: the next heartbeat takes over` };
  return scheduleRoute(inputs);
}
function scheduleRoute(inputs) {
  if (inputs.command === "tick" && !inputs.planId) return { kind: "tick-active" };
  return {
    kind: "dispatch",
    command: inputs.command,
    actor: "schedule",
    ...inputs.planId ? { planId: inputs.planId } : {},
    ...inputs.planFile ? { planFile: inputs.planFile } : {},
    ...inputs.step ? { step: inputs.step } : {}
  };
}
function labelName(label) {
  return typeof label === "string" ? label : label.name ?? "";
}
function issueRoute(payload, inputs) {
  const issue = payload.issue;
  if (!issue?.number) return { kind: "ignore", reason: "issues event without an issue" };
  if (issue.pull_request) return { kind: "ignore", reason: "pull requests do not carry plans" };
  const labelled = (issue.labels ?? []).some((l) => labelName(l) === inputs.triggerLabel);
  const action = payload.action ?? "";
  const relevant = action === "labeled" && payload.label?.name === inputs.triggerLabel || (action === "opened" || action === "edited" || action === "reopened") && labelled;
  if (!relevant) return { kind: "ignore", reason: `issue #${issue.number} ${action} without the "${inputs.triggerLabel}" label` };
  return { kind: "propose", issueNumber: issue.number, title: issue.title ?? "", body: issue.body ?? "", actor: payload.sender?.login ?? "", author: issue.user?.login ?? "" };
}
var DRAFT = /^\/draft(?:[ \t]*(?:\r?\n|$))/;
function isDraftCommand(body) {
  return commandLine(body) !== null && DRAFT.test(body);
}
function commentRoute(payload, inputs) {
  const issue = payload.issue;
  const comment = payload.comment;
  if (!issue?.number || !comment?.id) return { kind: "ignore", reason: "issue_comment event without an issue or comment" };
  if (payload.action !== "created") return { kind: "ignore", reason: `comment ${payload.action ?? "changed"}: only new comments are commands` };
  if (issue.pull_request) return { kind: "ignore", reason: "comment on a pull request" };
  if (comment.user?.type === "Bot") return { kind: "ignore", reason: "comment by a bot" };
  if (commandLine(comment.body ?? "") === null) return { kind: "ignore", reason: "comment is not a command" };
  if (isDraftCommand(comment.body ?? "")) {
    const labelled = (issue.labels ?? []).some((l) => labelName(l) === inputs.triggerLabel);
    if (!labelled) return { kind: "ignore", reason: `/draft on issue #${issue.number} without the "${inputs.triggerLabel}" label` };
    return {
      kind: "draft",
      issueNumber: issue.number,
      title: issue.title ?? "",
      body: issue.body ?? "",
      author: issue.user?.login ?? "",
      comment: { id: comment.id, login: comment.user?.login ?? "", body: comment.body ?? "", createdAt: comment.created_at ?? "" }
    };
  }
  return { kind: "comment", issueNumber: issue.number, commentId: comment.id };
}

export {
  parseInputs,
  routeEvent,
  isDraftCommand
};
