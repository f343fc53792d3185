import {
  ATTEMPT_OUTCOMES,
  BUDGET_KINDS,
  PLAN_STATUSES,
  STEP_STATUSES,
  USAGE_SOURCES
} from "./chunk-QT4UXPX2.js";
import {
  CONTROL,
  checkBudget,
  checkQueue,
  validatePlan
} from "./chunk-O2X2K62E.js";
import {
  add,
  checkInteger,
  checkKnownFields,
  cloneJson,
  index,
  isIntegerIn,
  isNonEmptyString,
  isRecord,
  key,
  listSome,
  timestampProblem
} from "./chunk-X26RSK32.js";
import {
  ID_PATTERN,
  StateError,
  showValue
} from "./chunk-UZTB5BNK.js";

// src/core/render/bounded-text.ts
var HeadTailBuffer = class {
  headMax;
  tailMax;
  logFile;
  scrubber;
  /** What each end keeps beyond its size, so a secret across a cut is whole when scrubbed. */
  margin;
  head = "";
  tail = "";
  chars = 0;
  bytes = 0;
  /** Whether anything was dropped between head and tail. */
  dropped = !1;
  constructor(options = {}) {
    this.headMax = Math.max(0, Math.floor(options.head ?? 4e3)), this.tailMax = Math.max(0, Math.floor(options.tail ?? 4e3)), this.logFile = options.logFile, this.scrubber = options.scrubber?.needles.length ? options.scrubber : void 0, this.margin = this.scrubber ? Math.max(...this.scrubber.needles.map((n) => n.length)) : 0;
  }
  append(chunk) {
    if (!chunk) return;
    this.chars += chunk.length, this.bytes += utf8Length(chunk);
    let rest = chunk, headKeep = this.headMax + this.margin, tailKeep = this.tailMax + this.margin;
    if (!this.dropped && this.tail === "" && this.head.length < headKeep) {
      let take = headKeep - this.head.length;
      take < rest.length && isHighSurrogate(rest.charCodeAt(take - 1)) && take--, this.head += rest.slice(0, take), rest = rest.slice(take);
    }
    if (!rest) return;
    let tail = this.tail + rest;
    if (tail.length > tailKeep) {
      let cut = tail.length - tailKeep;
      isLowSurrogate(tail.charCodeAt(cut)) && cut++, tail = tail.slice(cut), this.dropped = !0;
    }
    this.tail = tail;
  }
  /** Characters appended so far. */
  get totalChars() {
    return this.chars;
  }
  /** UTF-8 bytes appended so far. */
  get totalBytes() {
    return this.bytes;
  }
  get truncated() {
    return this.dropped;
  }
  toString() {
    let scrub = (text) => this.scrubber ? this.scrubber.scrub(text) : text, whole = this.dropped ? null : this.head + this.tail;
    if (whole !== null && whole.length <= this.headMax + this.tailMax) return scrub(whole);
    let head = whole ?? this.head, tail = whole ?? this.tail, rawHead = cutAt(head, this.headMax), rawTail = tailOf(tail, this.tailMax), omitted = this.bytes - utf8Length(rawHead) - utf8Length(rawTail), where = this.logFile ? `; full log: ${this.logFile}` : "";
    return `${cutAt(scrub(head), this.headMax)}
\u2026[${omitted} bytes omitted${where}]\u2026
${tailOf(scrub(tail), this.tailMax)}`;
  }
};
function boundText(text, max = 8e3, logFile) {
  if (text.length <= max) return text;
  let buffer = new HeadTailBuffer({ head: Math.ceil(max / 2), tail: Math.floor(max / 2), ...logFile ? { logFile } : {} });
  return buffer.append(text), buffer.toString();
}
function tailOf(text, n) {
  if (text.length <= n) return text;
  if (n <= 0) return "";
  let from = text.length - n;
  return isLowSurrogate(text.charCodeAt(from)) ? text.slice(from + 1) : text.slice(from);
}
function cutAt(text, n) {
  return text.length <= n ? text : isHighSurrogate(text.charCodeAt(n - 1)) ? text.slice(0, n - 1) : text.slice(0, n);
}
function utf8Length(text) {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    let c = text.charCodeAt(i);
    c < 128 ? n += 1 : c < 2048 ? n += 2 : isHighSurrogate(c) && isLowSurrogate(text.charCodeAt(i + 1)) ? (n += 4, i++) : n += 3;
  }
  return n;
}
function isHighSurrogate(c) {
  return c >= 55296 && c <= 56319;
}
function isLowSurrogate(c) {
  return c >= 56320 && c <= 57343;
}

// src/core/agent-stream/usage-file.ts
var USAGE_FILE_MAX_BYTES = 16 * 1024, TOKEN_FIELDS = ["inputTokens", "outputTokens", "cacheReadTokens", "cacheWriteTokens"], COUNT_FIELDS = ["turns", "apiMs"], TEXT_FIELDS = ["model", "sessionId"], USAGE_FIELDS = [...TEXT_FIELDS, ...TOKEN_FIELDS, "costUsd", ...COUNT_FIELDS, "isError"], MAX_TOKENS = 1e12, MAX_COST_USD = 1e6, MAX_TEXT = 200;
function parseUsageFile(text, bytes = utf8Length(text)) {
  let file = "$SEQUENCER_USAGE_FILE";
  if (bytes > USAGE_FILE_MAX_BYTES)
    return { ok: !1, issues: [{ path: file, message: `is ${bytes} bytes; expected a JSON object of at most ${USAGE_FILE_MAX_BYTES} bytes` }] };
  let doc;
  try {
    doc = JSON.parse(text);
  } catch (err) {
    return { ok: !1, issues: [{ path: file, message: `is not JSON (${err.message}); expected an object such as {"inputTokens": 1200, "outputTokens": 300, "costUsd": 0.012}` }] };
  }
  return isRecord(doc) ? validateUsage(doc, file) : { ok: !1, issues: [{ path: file, message: `must be a JSON object, got ${showValue(doc)}` }] };
}
function validateUsage(doc, path, options = {}) {
  let issues = [];
  options.strict !== !1 && checkKnownFields(issues, path, doc, USAGE_FIELDS);
  let usage = { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0, isError: !1 }, figures = 0;
  for (let name of TOKEN_FIELDS) {
    let v = doc[name];
    if (v !== void 0) {
      if (typeof v != "number" || !Number.isInteger(v) || v < 0 || v > MAX_TOKENS) {
        add(issues, `${path}.${name}`, `must be a whole number of tokens from 0 to ${MAX_TOKENS}, got ${showValue(v)}`);
        continue;
      }
      usage[name] = v, figures++;
    }
  }
  for (let name of COUNT_FIELDS) {
    let v = doc[name];
    if (v !== void 0) {
      if (typeof v != "number" || !Number.isInteger(v) || v < 0 || v > Number.MAX_SAFE_INTEGER) {
        add(issues, `${path}.${name}`, `must be a whole number >= 0${name === "apiMs" ? " (milliseconds)" : ""}, got ${showValue(v)}`);
        continue;
      }
      usage[name] = v, figures++;
    }
  }
  let cost = doc.costUsd;
  cost !== void 0 && (typeof cost != "number" || !Number.isFinite(cost) || cost < 0 || cost > MAX_COST_USD ? add(issues, `${path}.costUsd`, `must be a number of US dollars from 0 to ${MAX_COST_USD}, got ${showValue(cost)}`) : (usage.costUsd = cost, figures++));
  for (let name of TEXT_FIELDS) {
    let v = doc[name];
    if (v !== void 0) {
      if (typeof v != "string" || !isShortLine(v)) {
        add(issues, `${path}.${name}`, `must be a single line of 1 to ${MAX_TEXT} characters, got ${showValue(v)}`);
        continue;
      }
      usage[name] = v;
    }
  }
  return doc.isError !== void 0 && (typeof doc.isError != "boolean" ? add(issues, `${path}.isError`, `must be true or false, got ${showValue(doc.isError)}`) : usage.isError = doc.isError), issues.length === 0 && figures === 0 && options.requireFigure !== !1 && add(issues, path, `has no figure; expected at least one of ${[...TOKEN_FIELDS, "costUsd", ...COUNT_FIELDS].join(", ")}`), issues.length > 0 ? { ok: !1, issues } : { ok: !0, usage };
}
function boundedUsage(u) {
  let out = { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0, isError: u.isError === !0 };
  for (let name of TOKEN_FIELDS) out[name] = Math.min(MAX_TOKENS, Math.max(0, Math.floor(u[name]) || 0));
  for (let name of COUNT_FIELDS) {
    let v = u[name];
    typeof v == "number" && Number.isFinite(v) && v >= 0 && (out[name] = Math.min(Number.MAX_SAFE_INTEGER, Math.floor(v)));
  }
  typeof u.costUsd == "number" && Number.isFinite(u.costUsd) && u.costUsd >= 0 && (out.costUsd = Math.min(MAX_COST_USD, u.costUsd));
  for (let name of TEXT_FIELDS) {
    let v = u[name];
    typeof v == "string" && isShortLine(v) && (out[name] = v);
  }
  return out;
}
function isShortLine(v) {
  return v.length > 0 && v.length <= MAX_TEXT && !CONTROL.test(v);
}

// src/core/state/validate-usage.ts
var SCOPES = ["plan", "step"];
function checkUsageRecord(issues, path, value) {
  if (!isRecord(value)) {
    add(issues, path, `must be an object with the attempt's token counts, "source" and "complete", got ${showValue(value)}`);
    return;
  }
  let { source, complete, ...figures } = value, checked = validateUsage(figures, path, { strict: !1, requireFigure: !1 });
  checked.ok || issues.push(...checked.issues);
  for (let name of ["inputTokens", "outputTokens", "cacheReadTokens", "cacheWriteTokens"])
    figures[name] === void 0 && add(issues, key(path, name), "must be a whole number of tokens (0 when none), got nothing");
  typeof figures.isError != "boolean" && add(issues, key(path, "isError"), `must be true or false, got ${showValue(figures.isError)}`), USAGE_SOURCES.includes(source) || add(issues, key(path, "source"), `must be one of ${USAGE_SOURCES.join(", ")}, got ${showValue(source)}`), typeof complete != "boolean" && add(issues, key(path, "complete"), `must be true (the agent's final figures) or false (a lower bound), got ${showValue(complete)}`);
}
function checkLimit(issues, path, kind, value) {
  let max = kind === "costUsd" ? 1e6 : 1e12, whole = kind !== "costUsd";
  (typeof value != "number" || !Number.isFinite(value) || value < 0 || value > max || whole && !Number.isInteger(value)) && add(issues, path, `must be ${whole ? "a whole number of tokens" : "a number of US dollars"} from 0 to ${max}, got ${showValue(value)}`);
}
function checkScope(issues, path, v, stepIds, stepRequired) {
  SCOPES.includes(v.scope) || add(issues, key(path, "scope"), `must be "plan" or "step", got ${showValue(v.scope)}`), BUDGET_KINDS.includes(v.kind) || add(issues, key(path, "kind"), `must be one of ${BUDGET_KINDS.join(", ")}, got ${showValue(v.kind)}`), (stepRequired || v.scope === "step" || v.stepId !== void 0) && !(typeof v.stepId == "string" && stepIds.has(v.stepId)) && add(issues, key(path, "stepId"), `must name a step of the plan, got ${showValue(v.stepId)}; known steps: ${listSome(stepIds)}`);
}
function checkBudgetRaises(issues, path, value, stepIds) {
  if (!Array.isArray(value)) {
    add(issues, path, `must be an array of budget raises, got ${showValue(value)}`);
    return;
  }
  value.forEach((raise, i) => {
    let at = index(path, i);
    if (!isRecord(raise)) {
      add(issues, at, `must be an object with "scope", "kind", "limit", "by" and "at", got ${showValue(raise)}`);
      return;
    }
    checkScope(issues, at, raise, stepIds, !1), checkLimit(issues, key(at, "limit"), raise.kind, raise.limit), isNonEmptyString(raise.by) || add(issues, key(at, "by"), `must be who raised it, got ${showValue(raise.by)}`);
    let problem = timestampProblem(raise.at, !1);
    problem && add(issues, key(at, "at"), problem), raise.commentId !== void 0 && checkInteger(issues, key(at, "commentId"), raise.commentId, 1);
  });
}
function checkBudgetBlock(issues, path, value, stepIds) {
  if (!isRecord(value)) {
    add(issues, path, `must be null or an object with "stepId", "scope", "kind", "limit" and "spent", got ${showValue(value)}`);
    return;
  }
  checkScope(issues, path, value, stepIds, !0), checkLimit(issues, key(path, "limit"), value.kind, value.limit), (typeof value.spent != "number" || !Number.isFinite(value.spent) || value.spent < 0) && add(issues, key(path, "spent"), `must be a number >= 0, got ${showValue(value.spent)}`);
}

// src/core/state/validate-state.ts
var HASH_PATTERN = /^sha256:[0-9a-f]{64}$/;
function checkState(input) {
  return validateState(input).issues;
}
function parseState(input, opts = {}) {
  let { state, issues } = validateState(input, !opts.owned);
  if (!state || issues.length > 0) {
    let newer = issues.some((i) => i.path === "version" && i.message.includes("newer"));
    throw new StateError("Invalid state", issues, newer ? "Upgrade agent-step-sequencer to a release that knows this state version; the file was left untouched." : void 0);
  }
  return state;
}
function validateState(input, copy = !0) {
  let issues = [];
  if (!isRecord(input))
    return add(issues, "state", `must be an object with "plan", "stepQueue", "currentStep", "stepRuns" and "status", got ${showValue(input)}`), { issues };
  let doc = copy ? cloneJson(input) : input;
  doc.version !== void 0 && checkInteger(issues, "version", doc.version, 1) && doc.version > 1 && add(issues, "version", `is ${doc.version}, newer than this sequencer understands (${1}); upgrade agent-step-sequencer to read it`), doc.planId !== void 0 && !(typeof doc.planId == "string" && ID_PATTERN.test(doc.planId)) && add(issues, "planId", `must be 1-100 letters, digits, ".", "_" or "-", starting with a letter or digit, got ${showValue(doc.planId)}`), doc.revision !== void 0 && checkInteger(issues, "revision", doc.revision, 0), PLAN_STATUSES.includes(doc.status) || add(issues, "status", `must be one of ${PLAN_STATUSES.join(", ")}, got ${showValue(doc.status)}`);
  let planResult = validatePlan(doc.plan, "plan", !1, { finished: doc.status === "DONE" || doc.status === "CANCELLED" });
  issues.push(...planResult.issues);
  let stepIds = planResult.stepIds;
  doc.planHash !== void 0 && !(typeof doc.planHash == "string" && HASH_PATTERN.test(doc.planHash)) && add(issues, "planHash", `must be "sha256:" followed by 64 lowercase hex digits, got ${showValue(doc.planHash)}`), checkQueue(issues, "stepQueue", doc.stepQueue, stepIds, !0) ? checkInteger(issues, "currentStep", doc.currentStep, 0, doc.stepQueue.length) : typeof doc.currentStep == "number" && Number.isInteger(doc.currentStep) && doc.currentStep >= 0 || add(issues, "currentStep", `must be an integer index into stepQueue, got ${showValue(doc.currentStep)}`);
  let stepRuns = doc.stepRuns === void 0 ? {} : doc.stepRuns;
  if (!isRecord(stepRuns)) add(issues, "stepRuns", `must be an object mapping step ids to their runs, got ${showValue(stepRuns)}`);
  else
    for (let id of Object.keys(stepRuns)) {
      let run = stepRuns[id], normalized = checkStepRun(run, id, stepIds, issues);
      normalized && normalized !== run && Object.defineProperty(stepRuns, id, { value: normalized, enumerable: !0, writable: !0, configurable: !0 });
    }
  if (doc.stepDelayMinutes !== void 0) {
    let v = doc.stepDelayMinutes;
    (typeof v != "number" || !Number.isFinite(v) || v < 0) && add(issues, "stepDelayMinutes", `must be a number of minutes >= 0, got ${showValue(v)}`);
  }
  for (let field of ["notBefore", "lastHeartbeatIso"]) {
    let problem = optionalTimestampProblem(doc[field]);
    problem && add(issues, field, problem);
  }
  for (let field of ["blockers", "artifacts"]) {
    let v = doc[field];
    v !== void 0 && (Array.isArray(v) ? v.forEach((item, i) => typeof item != "string" && add(issues, index(field, i), `must be a string, got ${showValue(item)}`)) : add(issues, field, `must be an array of strings, got ${showValue(v)}`));
  }
  return checkRecentCommands(issues, doc.recentCommands), checkApproval(issues, doc.approval), checkGate(issues, doc.gate, stepIds), checkCancel(issues, doc.cancelRequested), doc.requestedBy !== void 0 && doc.requestedBy !== null && !(typeof doc.requestedBy == "string" && /^[^\u0000-\u001f\u007f]{1,100}$/.test(doc.requestedBy)) && add(issues, "requestedBy", `must be the login or user name of whoever asked for the plan (one line, at most 100 characters) or null, got ${showValue(doc.requestedBy)}`), checkInbox(issues, doc.inbox), checkIssueRef(issues, doc.issue), doc.budgetRaises !== void 0 && checkBudgetRaises(issues, "budgetRaises", doc.budgetRaises, stepIds), doc.budgetBlock !== void 0 && doc.budgetBlock !== null && checkBudgetBlock(issues, "budgetBlock", doc.budgetBlock, stepIds), doc.defaultBudget !== void 0 && doc.defaultBudget !== null && checkBudget(issues, "defaultBudget", doc.defaultBudget, !0), issues.length > 0 || !planResult.plan ? { issues } : { state: {
    ...doc,
    revision: doc.revision ?? 0,
    plan: planResult.plan,
    stepRuns,
    blockers: doc.blockers ?? [],
    artifacts: doc.artifacts ?? []
  }, issues };
}
var RUN_TIME_FIELDS = ["lastRunIso", "firstStartedAt"], ATTEMPT_TIME_FIELDS = ["startedAt", "endedAt", "leaseExpiresAt"], STEP_STATUS_SET = new Set(STEP_STATUSES);
function runPath(id, field) {
  return field === void 0 ? key("stepRuns", id) : key(key("stepRuns", id), field);
}
function checkStepRun(run, id, stepIds, issues) {
  if (stepIds.has(id) || add(issues, runPath(id), `is a run of unknown step ${showValue(id)}; known steps: ${listSome(stepIds)}`), !isRecord(run)) {
    add(issues, runPath(id), `must be an object with "status" and "tries", got ${showValue(run)}`);
    return;
  }
  STEP_STATUS_SET.has(run.status) || add(issues, runPath(id, "status"), `must be one of ${STEP_STATUSES.join(", ")}, got ${showValue(run.status)}`), run.tries !== void 0 && !isIntegerIn(run.tries, 0) && checkInteger(issues, runPath(id, "tries"), run.tries, 0), run.round !== void 0 && !isIntegerIn(run.round, 1) && checkInteger(issues, runPath(id, "round"), run.round, 1);
  for (let field of RUN_TIME_FIELDS) {
    let problem = optionalTimestampProblem(run[field]);
    problem && add(issues, runPath(id, field), problem);
  }
  if (isOptionalText(run.stdout) || add(issues, runPath(id, "stdout"), `must be a string or null, got ${showValue(run.stdout)}`), isOptionalText(run.stderr) || add(issues, runPath(id, "stderr"), `must be a string or null, got ${showValue(run.stderr)}`), isOptionalText(run.error) || add(issues, runPath(id, "error"), `must be a string or null, got ${showValue(run.error)}`), run.gatePassed !== void 0 && run.gatePassed !== null && checkGatePassed(issues, runPath(id, "gatePassed"), run.gatePassed), run.maintainerNote !== void 0 && run.maintainerNote !== null && checkNote(issues, runPath(id, "maintainerNote"), run.maintainerNote), run.attempts !== void 0)
    if (!Array.isArray(run.attempts)) add(issues, runPath(id, "attempts"), `must be an array of attempt records, got ${showValue(run.attempts)}`);
    else for (let i = 0; i < run.attempts.length; i++) checkAttempt(issues, id, i, run.attempts[i]);
  return run.tries === void 0 ? { ...run, tries: 0 } : run;
}
function checkNote(issues, path, note) {
  (!isRecord(note) || typeof note.by != "string" || typeof note.text != "string" || !isIntegerIn(note.forAttempt, 1)) && add(issues, path, `must be null or an object with "by" and "text" (strings) and "forAttempt" (an attempt number), got ${showValue(note)}`);
}
function isOptionalText(value) {
  return value == null || typeof value == "string";
}
function attemptPath(id, i, field) {
  let at = index(runPath(id, "attempts"), i);
  return field === void 0 ? at : key(at, field);
}
function checkAttempt(issues, id, i, attempt) {
  if (!isRecord(attempt)) {
    add(issues, attemptPath(id, i), `must be an attempt record (an object with "n"), got ${showValue(attempt)}`);
    return;
  }
  isIntegerIn(attempt.n, 1) || checkInteger(issues, attemptPath(id, i, "n"), attempt.n, 1), attempt.round !== void 0 && !isIntegerIn(attempt.round, 1) && checkInteger(issues, attemptPath(id, i, "round"), attempt.round, 1), attempt.runId !== void 0 && typeof attempt.runId != "string" && add(issues, attemptPath(id, i, "runId"), `must be a string, got ${showValue(attempt.runId)}`);
  for (let field of ATTEMPT_TIME_FIELDS) {
    let problem = optionalTimestampProblem(attempt[field]);
    problem && add(issues, attemptPath(id, i, field), problem);
  }
  let outcome = attempt.outcome;
  outcome != null && !ATTEMPT_OUTCOMES.includes(outcome) && add(issues, attemptPath(id, i, "outcome"), `must be one of ${ATTEMPT_OUTCOMES.join(", ")} or null, got ${showValue(outcome)}`), attempt.toolCalls !== void 0 && checkToolCalls(issues, attemptPath(id, i, "toolCalls"), attempt.toolCalls), attempt.usage !== void 0 && checkUsageRecord(issues, attemptPath(id, i, "usage"), attempt.usage), attempt.wallMs !== void 0 && !isIntegerIn(attempt.wallMs, 0) && add(issues, attemptPath(id, i, "wallMs"), `must be a whole number of milliseconds >= 0, got ${showValue(attempt.wallMs)}`);
}
function checkToolCalls(issues, path, value) {
  if (!isRecord(value)) {
    add(issues, path, `must be an object with "calls" and "denied" (whole numbers), got ${showValue(value)}`);
    return;
  }
  let callsOk = checkInteger(issues, key(path, "calls"), value.calls, 0), deniedOk = checkInteger(issues, key(path, "denied"), value.denied, 0);
  callsOk && deniedOk && value.denied > value.calls && add(issues, key(path, "denied"), `must not exceed calls (${showValue(value.calls)}), got ${showValue(value.denied)}`);
}
function optionalTimestampProblem(value) {
  if (value == null) return null;
  let problem = timestampProblem(value, !1);
  return problem && `${problem} or null`;
}
function checkRecentCommands(issues, value) {
  if (value == null) return;
  Array.isArray(value) && value.every((e) => isRecord(e) && ["at", "by", "command", "outcome"].every((k) => typeof e[k] == "string")) || add(issues, "recentCommands", `must be an array of { at, by, command, outcome } strings, got ${showValue(value)}`);
}
function checkApproval(issues, approval) {
  if (approval == null) return;
  if (!isRecord(approval)) {
    add(issues, "approval", `must be null or an object with "by", "at" and "planHash", got ${showValue(approval)}`);
    return;
  }
  isNonEmptyString(approval.by) || add(issues, "approval.by", `must be the approver's login, got ${showValue(approval.by)}`);
  let atProblem = timestampProblem(approval.at, !1);
  atProblem && add(issues, "approval.at", atProblem), checkHash(issues, "approval.planHash", approval.planHash);
}
function checkGate(issues, gate, stepIds) {
  if (gate == null) return;
  if (!isRecord(gate)) {
    add(issues, "gate", `must be null or an object with "stepId", "planHash" and "at", got ${showValue(gate)}`);
    return;
  }
  typeof gate.stepId == "string" && stepIds.has(gate.stepId) || add(issues, "gate.stepId", `must name a step of the plan, got unknown step ${showValue(gate.stepId)}; known steps: ${listSome(stepIds)}`), checkHash(issues, "gate.planHash", gate.planHash);
  let atProblem = timestampProblem(gate.at, !1);
  atProblem && add(issues, "gate.at", atProblem), gate.reason !== void 0 && typeof gate.reason != "string" && add(issues, "gate.reason", `must be a string, got ${showValue(gate.reason)}`);
}
function checkGatePassed(issues, path, passed) {
  if (!isRecord(passed)) {
    add(issues, path, `must be null or an object with "by", "at" and "planHash", got ${showValue(passed)}`);
    return;
  }
  isNonEmptyString(passed.by) || add(issues, key(path, "by"), `must be the approver's login, got ${showValue(passed.by)}`);
  let atProblem = timestampProblem(passed.at, !1);
  atProblem && add(issues, key(path, "at"), atProblem), checkHash(issues, key(path, "planHash"), passed.planHash);
}
function checkHash(issues, path, value) {
  typeof value == "string" && HASH_PATTERN.test(value) || add(issues, path, `must be "sha256:" followed by 64 lowercase hex digits, got ${showValue(value)}`);
}
function checkCancel(issues, cancel) {
  if (cancel == null) return;
  if (!isRecord(cancel)) {
    add(issues, "cancelRequested", `must be null or an object with "by" and "at", got ${showValue(cancel)}`);
    return;
  }
  isNonEmptyString(cancel.by) || add(issues, "cancelRequested.by", `must be who asked to cancel, got ${showValue(cancel.by)}`);
  let atProblem = timestampProblem(cancel.at, !1);
  atProblem && add(issues, "cancelRequested.at", atProblem);
}
function checkInbox(issues, inbox) {
  inbox !== void 0 && (isRecord(inbox) ? inbox.lastCommentId !== void 0 && checkInteger(issues, "inbox.lastCommentId", inbox.lastCommentId, 0) : add(issues, "inbox", `must be an object with "lastCommentId", got ${showValue(inbox)}`));
}
function checkIssueRef(issues, issue) {
  if (issue != null)
    if (!isRecord(issue)) add(issues, "issue", `must be null or an object with "number", got ${showValue(issue)}`);
    else {
      checkInteger(issues, "issue.number", issue.number, 1);
      let id = issue.statusCommentId;
      id != null && checkInteger(issues, "issue.statusCommentId", id, 1);
    }
}

export {
  HeadTailBuffer,
  boundText,
  USAGE_FILE_MAX_BYTES,
  parseUsageFile,
  boundedUsage,
  checkUsageRecord,
  checkState,
  parseState,
  validateState
};
