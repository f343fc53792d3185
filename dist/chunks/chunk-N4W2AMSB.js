import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);
import {
  ATTEMPT_OUTCOMES,
  ID_PATTERN,
  PLAN_STATUSES,
  STATE_VERSION,
  STEP_STATUSES,
  add,
  checkInteger,
  checkQueue,
  cloneJson,
  index,
  isIntegerIn,
  isNonEmptyString,
  isRecord,
  key,
  listSome,
  timestampProblem,
  validatePlan
} from "./chunk-JTYJBOFB.js";
import {
  StateError,
  showValue
} from "./chunk-TEYULPYE.js";

// src/core/fleet/plan-index.ts
var IDLE_STATUSES = ["DONE", "CANCELLED", "BLOCKED", "AWAITING_APPROVAL"];
var FINISHED_STATUSES = ["DONE", "CANCELLED"];
var PLAN_BRANCH_PREFIX = "sequencer/";
var IDLE_REF_PREFIX = "refs/sequencer/idle/";
var ARCHIVE_REF_PREFIX = "refs/sequencer/archive/";
var WAIT_REF_PREFIX = "refs/sequencer/wait/";
var PLAN_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;
function isIdleStatus(status) {
  return IDLE_STATUSES.includes(status);
}
function isFinishedStatus(status) {
  return FINISHED_STATUSES.includes(status);
}
function isRefSafePlanId(planId) {
  return PLAN_ID.test(planId) && !planId.includes("..") && !planId.endsWith(".lock") && !planId.endsWith(".");
}
function idleRef(planId) {
  return `${IDLE_REF_PREFIX}${planId}`;
}
function archiveRef(planId, sha) {
  return `${ARCHIVE_REF_PREFIX}${planId}/${sha.slice(0, 12)}`;
}
function waitRef(planId, untilMs) {
  return `${WAIT_REF_PREFIX}${planId}/${Math.ceil(untilMs / 1e3)}`;
}
function isWaitingRef(ref, now) {
  return (ref.waits ?? []).some((w) => w.sha === ref.sha && w.untilMs > now.getTime());
}
function isActiveRef(ref, now) {
  return ref.idleSha !== ref.sha && !isWaitingRef(ref, now);
}
function parsePlanRefs(lsRemote, prefix = PLAN_BRANCH_PREFIX) {
  const tips = /* @__PURE__ */ new Map();
  const idle = /* @__PURE__ */ new Map();
  const waits = /* @__PURE__ */ new Map();
  const heads = `refs/heads/${prefix}`;
  for (const line of lsRemote.split("\n")) {
    const [sha, ref] = line.trim().split(/\s+/);
    if (!sha || !ref || !/^[0-9a-f]{40,64}$/.test(sha)) continue;
    if (ref.startsWith(heads)) {
      const planId = ref.slice(heads.length);
      if (isRefSafePlanId(planId)) tips.set(planId, sha);
    } else if (ref.startsWith(IDLE_REF_PREFIX)) {
      const planId = ref.slice(IDLE_REF_PREFIX.length);
      if (isRefSafePlanId(planId)) idle.set(planId, sha);
    } else if (ref.startsWith(WAIT_REF_PREFIX)) {
      const m = /^([^/]+)\/(\d{1,12})$/.exec(ref.slice(WAIT_REF_PREFIX.length));
      if (!m || !isRefSafePlanId(m[1])) continue;
      waits.set(m[1], [...waits.get(m[1]) ?? [], { ref, sha, untilMs: Number(m[2]) * 1e3 }]);
    }
  }
  return [...tips].map(([planId, sha]) => ({ planId, branch: `${prefix}${planId}`, sha, idleSha: idle.get(planId) ?? null, waits: waits.get(planId) ?? [] })).sort((a, b) => a.planId < b.planId ? -1 : a.planId > b.planId ? 1 : 0);
}
function planMatrix(planIds) {
  return JSON.stringify([...planIds]);
}

// src/core/state/step-view.ts
var EMPTY_RUN = Object.freeze({ status: "PENDING", tries: 0 });
function currentStepId(state) {
  return state.stepQueue[state.currentStep];
}
function stepDef(state, stepId) {
  const def = state.plan.steps[stepId];
  if (!def) throw new Error(`step "${stepId}" is queued but has no definition in plan.steps`);
  return def;
}
function stepRun(state, stepId) {
  return state.stepRuns[stepId] ?? EMPTY_RUN;
}
function lastAttempt(run) {
  const attempts = run.attempts;
  return attempts && attempts.length ? attempts[attempts.length - 1] : void 0;
}
function nextAttemptNumber(run) {
  return Math.max(run.tries, run.attempts?.length ?? 0, lastAttempt(run)?.n ?? 0) + 1;
}
function maxAttemptsFor(def, limits) {
  return def.maxAttempts ?? limits.maxAttempts;
}
function attemptTimeoutMsFor(def, limits) {
  return (def.attemptTimeoutMinutes ?? limits.attemptTimeoutMinutes) * 6e4;
}
function stepTimeLeftMs(def, run, now) {
  if (def.timeoutMinutes === void 0 || !run.firstStartedAt) return Infinity;
  return Date.parse(run.firstStartedAt) + def.timeoutMinutes * 6e4 - now.getTime();
}
function attemptId(state, stepId, n) {
  return `${state.planId ?? "plan"}/${stepId}/${n}`;
}
function stepsDone(state) {
  let done = 0;
  for (const id of state.stepQueue) {
    const status = state.stepRuns[id]?.status;
    if (status === "DONE" || status === "SKIPPED") done++;
  }
  return done;
}

// src/core/state/validate-state.ts
var HASH_PATTERN = /^sha256:[0-9a-f]{64}$/;
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
  const planResult = validatePlan(doc.plan, "plan", false);
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
  if (!(typeof approval.planHash === "string" && HASH_PATTERN.test(approval.planHash))) {
    add(issues, "approval.planHash", `must be "sha256:" followed by 64 lowercase hex digits, got ${showValue(approval.planHash)}`);
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

// src/adapters/git/git.ts
import { execFile } from "node:child_process";
var GitCommandError = class extends Error {
  constructor(args, code, stderr, stdout = "") {
    super(`git ${args.join(" ")} failed (exit ${code}): ${stderr.trim() || stdout.trim() || "no output"}`);
    this.args = args;
    this.code = code;
    this.stderr = stderr;
    this.stdout = stdout;
    this.name = "GitCommandError";
  }
  args;
  code;
  stderr;
  stdout;
};
var MAX_BUFFER = 64 * 1024 * 1024;
function git(args, opts) {
  const env = { ...process.env, GIT_TERMINAL_PROMPT: "0", LC_ALL: "C", ...opts.env };
  return new Promise((resolve, reject) => {
    execFile("git", args, { cwd: opts.cwd, env, maxBuffer: MAX_BUFFER, encoding: "utf8" }, (err, stdout, stderr) => {
      if (!err) return resolve({ code: 0, stdout, stderr });
      const raw = err.code;
      if (typeof raw !== "number") {
        return reject(new GitCommandError(args, -1, `${err.message}${stderr ? `
${stderr}` : ""}`, stdout));
      }
      if (opts.allowFail) return resolve({ code: raw, stdout, stderr });
      reject(new GitCommandError(args, raw, stderr, stdout));
    });
  });
}

export {
  PLAN_BRANCH_PREFIX,
  IDLE_REF_PREFIX,
  WAIT_REF_PREFIX,
  isIdleStatus,
  isFinishedStatus,
  isRefSafePlanId,
  idleRef,
  archiveRef,
  waitRef,
  isWaitingRef,
  isActiveRef,
  parsePlanRefs,
  planMatrix,
  parseState,
  git,
  currentStepId,
  stepDef,
  stepRun,
  lastAttempt,
  nextAttemptNumber,
  maxAttemptsFor,
  attemptTimeoutMsFor,
  stepTimeLeftMs,
  attemptId,
  stepsDone
};
