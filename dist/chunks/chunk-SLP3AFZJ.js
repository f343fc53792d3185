import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);
import {
  ATTEMPT_OUTCOMES,
  PLAN_STATUSES,
  STATE_VERSION,
  STEP_STATUSES
} from "./chunk-6W6564PG.js";
import {
  checkQueue,
  validatePlan
} from "./chunk-5FTGGAVO.js";
import {
  ID_PATTERN,
  add,
  checkInteger,
  cloneJson,
  index,
  isIntegerIn,
  isNonEmptyString,
  isRecord,
  key,
  listSome,
  timestampProblem
} from "./chunk-TP74RK4A.js";
import {
  StateError,
  showValue
} from "./chunk-TEYULPYE.js";

// src/core/state/validate-state.ts
var HASH_PATTERN = /^sha256:[0-9a-f]{64}$/;
function checkState(input) {
  return validateState(input).issues;
}
function parseState(input, opts = {}) {
  const { state, issues } = validateState(input, !opts.owned);
  if (!state || issues.length > 0) {
    const newer = issues.some((i) => i.path === "version" && i.message.includes("newer"));
    throw new StateError(
      "Invalid state",
      issues,
      newer ? "Upgrade agent-step-sequencer to a release that knows this state version; the file was left untouched." : void 0
    );
  }
  return state;
}
function validateState(input, copy = true) {
  const issues = [];
  if (!isRecord(input)) {
    add(issues, "state", `must be an object with "plan", "stepQueue", "currentStep", "stepRuns" and "status", got ${showValue(input)}`);
    return { issues };
  }
  const doc = copy ? cloneJson(input) : input;
  if (doc.version !== void 0 && checkInteger(issues, "version", doc.version, 1) && doc.version > STATE_VERSION) {
    add(issues, "version", `is ${doc.version}, newer than this sequencer understands (${STATE_VERSION}); upgrade agent-step-sequencer to read it`);
  }
  if (doc.planId !== void 0 && !(typeof doc.planId === "string" && ID_PATTERN.test(doc.planId))) {
    add(issues, "planId", `must be 1-100 letters, digits, ".", "_" or "-", starting with a letter or digit, got ${showValue(doc.planId)}`);
  }
  if (doc.revision !== void 0) checkInteger(issues, "revision", doc.revision, 0);
  if (!PLAN_STATUSES.includes(doc.status)) {
    add(issues, "status", `must be one of ${PLAN_STATUSES.join(", ")}, got ${showValue(doc.status)}`);
  }
  const planResult = validatePlan(doc.plan, "plan", false, { finished: doc.status === "DONE" || doc.status === "CANCELLED" });
  issues.push(...planResult.issues);
  const stepIds = planResult.stepIds;
  if (doc.planHash !== void 0 && !(typeof doc.planHash === "string" && HASH_PATTERN.test(doc.planHash))) {
    add(issues, "planHash", `must be "sha256:" followed by 64 lowercase hex digits, got ${showValue(doc.planHash)}`);
  }
  const queueOk = checkQueue(issues, "stepQueue", doc.stepQueue, stepIds, true);
  if (queueOk) checkInteger(issues, "currentStep", doc.currentStep, 0, doc.stepQueue.length);
  else if (!(typeof doc.currentStep === "number" && Number.isInteger(doc.currentStep) && doc.currentStep >= 0)) {
    add(issues, "currentStep", `must be an integer index into stepQueue, got ${showValue(doc.currentStep)}`);
  }
  const stepRuns = doc.stepRuns === void 0 ? {} : doc.stepRuns;
  if (!isRecord(stepRuns)) add(issues, "stepRuns", `must be an object mapping step ids to their runs, got ${showValue(stepRuns)}`);
  else {
    for (const id of Object.keys(stepRuns)) {
      const run = stepRuns[id];
      const normalized = checkStepRun(run, id, stepIds, issues);
      if (normalized && normalized !== run) Object.defineProperty(stepRuns, id, { value: normalized, enumerable: true, writable: true, configurable: true });
    }
  }
  if (doc.stepDelayMinutes !== void 0) {
    const v = doc.stepDelayMinutes;
    if (typeof v !== "number" || !Number.isFinite(v) || v < 0) add(issues, "stepDelayMinutes", `must be a number of minutes >= 0, got ${showValue(v)}`);
  }
  for (const field of ["notBefore", "lastHeartbeatIso"]) {
    const problem = optionalTimestampProblem(doc[field]);
    if (problem) add(issues, field, problem);
  }
  for (const field of ["blockers", "artifacts"]) {
    const v = doc[field];
    if (v === void 0) continue;
    if (!Array.isArray(v)) add(issues, field, `must be an array of strings, got ${showValue(v)}`);
    else v.forEach((item, i) => typeof item !== "string" && add(issues, index(field, i), `must be a string, got ${showValue(item)}`));
  }
  checkApproval(issues, doc.approval);
  checkGate(issues, doc.gate, stepIds);
  checkCancel(issues, doc.cancelRequested);
  checkInbox(issues, doc.inbox);
  checkIssueRef(issues, doc.issue);
  if (issues.length > 0 || !planResult.plan) return { issues };
  const state = {
    ...doc,
    revision: doc.revision ?? 0,
    plan: planResult.plan,
    stepRuns,
    blockers: doc.blockers ?? [],
    artifacts: doc.artifacts ?? []
  };
  return { state, issues };
}
var RUN_TIME_FIELDS = ["lastRunIso", "firstStartedAt"];
var ATTEMPT_TIME_FIELDS = ["startedAt", "endedAt", "leaseExpiresAt"];
var STEP_STATUS_SET = new Set(STEP_STATUSES);
function runPath(id, field) {
  return field === void 0 ? key("stepRuns", id) : key(key("stepRuns", id), field);
}
function checkStepRun(run, id, stepIds, issues) {
  if (!stepIds.has(id)) add(issues, runPath(id), `is a run of unknown step ${showValue(id)}; known steps: ${listSome(stepIds)}`);
  if (!isRecord(run)) {
    add(issues, runPath(id), `must be an object with "status" and "tries", got ${showValue(run)}`);
    return void 0;
  }
  if (!STEP_STATUS_SET.has(run.status)) add(issues, runPath(id, "status"), `must be one of ${STEP_STATUSES.join(", ")}, got ${showValue(run.status)}`);
  if (run.tries !== void 0 && !isIntegerIn(run.tries, 0)) checkInteger(issues, runPath(id, "tries"), run.tries, 0);
  for (const field of RUN_TIME_FIELDS) {
    const problem = optionalTimestampProblem(run[field]);
    if (problem) add(issues, runPath(id, field), problem);
  }
  if (!isOptionalText(run.stdout)) add(issues, runPath(id, "stdout"), `must be a string or null, got ${showValue(run.stdout)}`);
  if (!isOptionalText(run.error)) add(issues, runPath(id, "error"), `must be a string or null, got ${showValue(run.error)}`);
  if (run.gatePassed !== void 0 && run.gatePassed !== null) checkGatePassed(issues, runPath(id, "gatePassed"), run.gatePassed);
  if (run.attempts !== void 0) {
    if (!Array.isArray(run.attempts)) add(issues, runPath(id, "attempts"), `must be an array of attempt records, got ${showValue(run.attempts)}`);
    else for (let i = 0; i < run.attempts.length; i++) checkAttempt(issues, id, i, run.attempts[i]);
  }
  return run.tries === void 0 ? { ...run, tries: 0 } : run;
}
function isOptionalText(value) {
  return value === void 0 || value === null || typeof value === "string";
}
function attemptPath(id, i, field) {
  const at = index(runPath(id, "attempts"), i);
  return field === void 0 ? at : key(at, field);
}
function checkAttempt(issues, id, i, attempt) {
  if (!isRecord(attempt)) {
    add(issues, attemptPath(id, i), `must be an attempt record (an object with "n"), got ${showValue(attempt)}`);
    return;
  }
  if (!isIntegerIn(attempt.n, 1)) checkInteger(issues, attemptPath(id, i, "n"), attempt.n, 1);
  if (attempt.runId !== void 0 && typeof attempt.runId !== "string") add(issues, attemptPath(id, i, "runId"), `must be a string, got ${showValue(attempt.runId)}`);
  for (const field of ATTEMPT_TIME_FIELDS) {
    const problem = optionalTimestampProblem(attempt[field]);
    if (problem) add(issues, attemptPath(id, i, field), problem);
  }
  const outcome = attempt.outcome;
  if (outcome !== void 0 && outcome !== null && !ATTEMPT_OUTCOMES.includes(outcome)) {
    add(issues, attemptPath(id, i, "outcome"), `must be one of ${ATTEMPT_OUTCOMES.join(", ")} or null, got ${showValue(outcome)}`);
  }
  if (attempt.toolCalls !== void 0) checkToolCalls(issues, attemptPath(id, i, "toolCalls"), attempt.toolCalls);
}
function checkToolCalls(issues, path, value) {
  if (!isRecord(value)) {
    add(issues, path, `must be an object with "calls" and "denied" (whole numbers), got ${showValue(value)}`);
    return;
  }
  const callsOk = checkInteger(issues, key(path, "calls"), value.calls, 0);
  const deniedOk = checkInteger(issues, key(path, "denied"), value.denied, 0);
  if (callsOk && deniedOk && value.denied > value.calls) {
    add(issues, key(path, "denied"), `must not exceed calls (${showValue(value.calls)}), got ${showValue(value.denied)}`);
  }
}
function optionalTimestampProblem(value) {
  if (value === void 0 || value === null) return null;
  const problem = timestampProblem(value, false);
  return problem && `${problem} or null`;
}
function checkApproval(issues, approval) {
  if (approval === void 0 || approval === null) return;
  if (!isRecord(approval)) {
    add(issues, "approval", `must be null or an object with "by", "at" and "planHash", got ${showValue(approval)}`);
    return;
  }
  if (!isNonEmptyString(approval.by)) add(issues, "approval.by", `must be the approver's login, got ${showValue(approval.by)}`);
  const atProblem = timestampProblem(approval.at, false);
  if (atProblem) add(issues, "approval.at", atProblem);
  checkHash(issues, "approval.planHash", approval.planHash);
}
function checkGate(issues, gate, stepIds) {
  if (gate === void 0 || gate === null) return;
  if (!isRecord(gate)) {
    add(issues, "gate", `must be null or an object with "stepId", "planHash" and "at", got ${showValue(gate)}`);
    return;
  }
  if (!(typeof gate.stepId === "string" && stepIds.has(gate.stepId))) {
    add(issues, "gate.stepId", `must name a step of the plan, got unknown step ${showValue(gate.stepId)}; known steps: ${listSome(stepIds)}`);
  }
  checkHash(issues, "gate.planHash", gate.planHash);
  const atProblem = timestampProblem(gate.at, false);
  if (atProblem) add(issues, "gate.at", atProblem);
  if (gate.reason !== void 0 && typeof gate.reason !== "string") add(issues, "gate.reason", `must be a string, got ${showValue(gate.reason)}`);
}
function checkGatePassed(issues, path, passed) {
  if (!isRecord(passed)) {
    add(issues, path, `must be null or an object with "by", "at" and "planHash", got ${showValue(passed)}`);
    return;
  }
  if (!isNonEmptyString(passed.by)) add(issues, key(path, "by"), `must be the approver's login, got ${showValue(passed.by)}`);
  const atProblem = timestampProblem(passed.at, false);
  if (atProblem) add(issues, key(path, "at"), atProblem);
  checkHash(issues, key(path, "planHash"), passed.planHash);
}
function checkHash(issues, path, value) {
  if (!(typeof value === "string" && HASH_PATTERN.test(value))) {
    add(issues, path, `must be "sha256:" followed by 64 lowercase hex digits, got ${showValue(value)}`);
  }
}
function checkCancel(issues, cancel) {
  if (cancel === void 0 || cancel === null) return;
  if (!isRecord(cancel)) {
    add(issues, "cancelRequested", `must be null or an object with "by" and "at", got ${showValue(cancel)}`);
    return;
  }
  if (!isNonEmptyString(cancel.by)) add(issues, "cancelRequested.by", `must be who asked to cancel, got ${showValue(cancel.by)}`);
  const atProblem = timestampProblem(cancel.at, false);
  if (atProblem) add(issues, "cancelRequested.at", atProblem);
}
function checkInbox(issues, inbox) {
  if (inbox === void 0) return;
  if (!isRecord(inbox)) add(issues, "inbox", `must be an object with "lastCommentId", got ${showValue(inbox)}`);
  else if (inbox.lastCommentId !== void 0) checkInteger(issues, "inbox.lastCommentId", inbox.lastCommentId, 0);
}
function checkIssueRef(issues, issue) {
  if (issue === void 0 || issue === null) return;
  if (!isRecord(issue)) add(issues, "issue", `must be null or an object with "number", got ${showValue(issue)}`);
  else {
    checkInteger(issues, "issue.number", issue.number, 1);
    const id = issue.statusCommentId;
    if (id !== void 0 && id !== null) checkInteger(issues, "issue.statusCommentId", id, 1);
  }
}

export {
  checkState,
  parseState,
  validateState
};
