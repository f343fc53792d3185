import {
  ConfigError,
  ID_PATTERN,
  showValue
} from "./chunk-UZTB5BNK.js";

// src/core/isolation/attempt-descriptor.ts
var DESCRIPTOR_VERSION = 1, MAX_TEXT = 4096, COMMIT = /^[0-9a-f]{40}([0-9a-f]{24})?$/, RUN_ID = /^[1-9][0-9]{0,19}$/, BRANCH = /^(?!-)(?!.*\.\.)(?!.*\/\/)(?!.*\.lock$)(?!.*(^|\/)\.)[A-Za-z0-9._/-]{1,255}(?<![/.])$/, MAX_TIMEOUT_MS = 1440 * 6e4;
function attemptIdOf(planId, stepId, n) {
  return `${planId}/${stepId}/${n}`;
}
function formatAttemptDescriptor(d) {
  return JSON.stringify(d);
}
function parseAttemptDescriptor(text, source = "input 'attempt'") {
  let bad = (field, value, expected) => new ConfigError(`Invalid ${source}: field "${field}" is ${showValue(value)}; expected ${expected}.`);
  if (text.length > MAX_TEXT) throw new ConfigError(`Invalid ${source}: ${text.length} characters; expected the JSON a prepare job writes (at most ${MAX_TEXT}).`);
  let doc;
  try {
    doc = JSON.parse(text);
  } catch (err) {
    throw new ConfigError(`Invalid ${source}: not JSON (${err instanceof Error ? err.message : String(err)}); expected the 'attempt' output of a job with phase: prepare.`);
  }
  if (typeof doc != "object" || doc === null || Array.isArray(doc))
    throw new ConfigError(`Invalid ${source}: ${showValue(doc)}; expected a JSON object (the 'attempt' output of a job with phase: prepare).`);
  let o = doc, known = /* @__PURE__ */ new Set(["v", "planId", "stepId", "n", "attemptId", "branch", "commit", "runId", "runAttempt", "retry", "timeoutMs", "apply"]), unknown = Object.keys(o).find((k) => !known.has(k));
  if (unknown !== void 0) throw bad(unknown, o[unknown], `no such field (the fields are ${[...known].join(", ")})`);
  if (o.v !== DESCRIPTOR_VERSION) throw bad("v", o.v, `${DESCRIPTOR_VERSION} (a prepare job of another version wrote it: use the same version of the action in every job)`);
  let id = (field) => {
    let value = o[field];
    if (typeof value != "string" || !ID_PATTERN.test(value)) throw bad(field, value, 'letters, digits, ".", "_" or "-" (up to 100, starting with a letter or digit)');
    return value;
  }, planId = id("planId"), stepId = id("stepId"), n = o.n;
  if (typeof n != "number" || !Number.isInteger(n) || n < 1 || n > 1e4) throw bad("n", n, "a whole number from 1 to 10000");
  if (o.attemptId !== attemptIdOf(planId, stepId, n)) throw bad("attemptId", o.attemptId, `"${attemptIdOf(planId, stepId, n)}" (planId/stepId/n)`);
  if (typeof o.branch != "string" || !BRANCH.test(o.branch)) throw bad("branch", o.branch, "a branch name such as sequencer/issue-42");
  if (o.commit !== void 0 && (typeof o.commit != "string" || !COMMIT.test(o.commit))) throw bad("commit", o.commit, "a full commit id (40 or 64 lower-case hex digits)");
  let runId = o.runId;
  if (typeof runId != "string" || !RUN_ID.test(runId)) throw bad("runId", runId, "a workflow run id (digits)");
  let runAttempt = o.runAttempt;
  if (typeof runAttempt != "number" || !Number.isInteger(runAttempt) || runAttempt < 1 || runAttempt > 1e4) throw bad("runAttempt", runAttempt, "a whole number from 1 to 10000");
  if (typeof o.retry != "boolean") throw bad("retry", o.retry, "true or false");
  let timeoutMs = o.timeoutMs;
  if (typeof timeoutMs != "number" || !Number.isInteger(timeoutMs) || timeoutMs < 1 || timeoutMs > MAX_TIMEOUT_MS)
    throw bad("timeoutMs", timeoutMs, `a whole number of milliseconds from 1 to ${MAX_TIMEOUT_MS}`);
  let apply;
  if (o.apply !== void 0) {
    let a = o.apply;
    if (typeof a != "object" || a === null || Array.isArray(a) || Object.keys(a).some((k) => k !== "runId") || typeof a.runId != "string" || !RUN_ID.test(a.runId))
      throw bad("apply", o.apply, 'an object { "runId": "<the run holding the result>" }');
    apply = { runId: a.runId };
  }
  if (!apply && o.commit === void 0) throw bad("commit", void 0, 'the checkpoint commit (only a descriptor with "apply" leaves it out)');
  return {
    v: DESCRIPTOR_VERSION,
    planId,
    stepId,
    n,
    attemptId: attemptIdOf(planId, stepId, n),
    branch: o.branch,
    ...typeof o.commit == "string" ? { commit: o.commit } : {},
    runId,
    runAttempt,
    retry: o.retry,
    timeoutMs,
    ...apply ? { apply } : {}
  };
}
function resultRunId(d) {
  return d.apply?.runId ?? d.runId;
}

export {
  attemptIdOf,
  formatAttemptDescriptor,
  parseAttemptDescriptor,
  resultRunId
};
