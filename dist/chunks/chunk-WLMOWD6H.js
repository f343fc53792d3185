import {
  planHash,
  stepDigests
} from "./chunk-ANOSUW4P.js";
import {
  checkQueue,
  effectiveQueue
} from "./chunk-O2X2K62E.js";
import {
  cloneJson
} from "./chunk-X26RSK32.js";
import {
  ConfigError,
  ID_PATTERN,
  PlanError,
  showValue
} from "./chunk-UZTB5BNK.js";

// src/core/plan/new-state.ts
function newState(plan, opts) {
  if (!ID_PATTERN.test(opts.planId))
    throw new ConfigError(`Invalid plan id ${showValue(opts.planId)}: expected 1-100 letters, digits, ".", "_" or "-", starting with a letter or digit`);
  let delay = opts.stepDelayMinutes ?? 0;
  if (!Number.isFinite(delay) || delay < 0)
    throw new ConfigError(`Invalid stepDelayMinutes ${showValue(delay)}: expected a number of minutes >= 0`);
  let stepQueue = effectiveQueue(plan, opts.stepQueue), issues = [];
  if (checkQueue(issues, "stepQueue", stepQueue, new Set(Object.keys(plan.steps)), !1), issues.length > 0) throw new PlanError(issues, `step queue for ${opts.planId}`);
  let hash = planHash({ ...plan, stepQueue }), at = opts.now.toISOString();
  return {
    version: 1,
    planId: opts.planId,
    revision: 0,
    status: opts.approved ? "IN_PROGRESS" : "AWAITING_APPROVAL",
    // A copy, so later edits to the caller's plan object cannot change what was approved.
    plan: cloneJson(plan),
    planHash: hash,
    stepQueue,
    currentStep: 0,
    stepRuns: {},
    stepDelayMinutes: delay,
    notBefore: null,
    blockers: [],
    lastHeartbeatIso: null,
    artifacts: [],
    ...opts.requestedBy ? { requestedBy: opts.requestedBy } : {},
    approval: opts.approved ? { ...approvalOf(opts.approved.by, at, hash, plan), ...opts.approved.runId !== void 0 ? { runId: opts.approved.runId } : {} } : null,
    cancelRequested: null,
    inbox: { lastCommentId: 0 }
  };
}
function approvalOf(by, at, hash, plan) {
  let digests = stepDigests(plan);
  return { by, at, planHash: hash, ...digests ? { stepDigests: digests } : {} };
}

export {
  newState
};
