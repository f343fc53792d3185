import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);
import {
  ID_PATTERN,
  STATE_VERSION,
  checkQueue,
  cloneJson
} from "./chunk-YLYNSTS6.js";
import {
  ConfigError,
  PlanError,
  showValue
} from "./chunk-TEYULPYE.js";

// src/core/plan/plan-hash.ts
import { createHash } from "node:crypto";

// src/core/plan/plan-queue.ts
function defaultQueue(plan) {
  const ids = Object.keys(plan.steps);
  const targets = /* @__PURE__ */ new Set();
  for (const id of ids) {
    const route = plan.steps[id]?.onValidationFail;
    if (route && route !== id && Object.hasOwn(plan.steps, route)) targets.add(route);
  }
  return ids.filter((id) => !targets.has(id));
}
function effectiveQueue(plan, given) {
  return [...given ?? plan.stepQueue ?? defaultQueue(plan)];
}

// src/core/plan/plan-hash.ts
function planHash(plan) {
  const hashed = {
    title: plan.title ?? null,
    steps: plan.steps,
    // Canonical JSON sorts keys, which erases the order of `steps`; that order is the run order
    // when there is no explicit queue, so the effective queue is hashed explicitly.
    stepQueue: effectiveQueue(plan)
  };
  return `sha256:${createHash("sha256").update(canonicalJson(hashed)).digest("hex")}`;
}
function canonicalJson(value) {
  if (Array.isArray(value)) return `[${value.map((v) => v === void 0 ? "null" : canonicalJson(v)).join(",")}]`;
  if (typeof value === "object" && value !== null) {
    const record = value;
    const members = Object.keys(record).sort().filter((k) => record[k] !== void 0).map((k) => `${JSON.stringify(k)}:${canonicalJson(record[k])}`);
    return `{${members.join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

// src/core/plan/new-state.ts
function newState(plan, opts) {
  if (!ID_PATTERN.test(opts.planId)) {
    throw new ConfigError(`Invalid plan id ${showValue(opts.planId)}: expected 1-100 letters, digits, ".", "_" or "-", starting with a letter or digit`);
  }
  const delay = opts.stepDelayMinutes ?? 0;
  if (!Number.isFinite(delay) || delay < 0) {
    throw new ConfigError(`Invalid stepDelayMinutes ${showValue(delay)}: expected a number of minutes >= 0`);
  }
  const stepQueue = effectiveQueue(plan, opts.stepQueue);
  const issues = [];
  checkQueue(issues, "stepQueue", stepQueue, new Set(Object.keys(plan.steps)), false);
  if (issues.length > 0) throw new PlanError(issues, `step queue for ${opts.planId}`);
  const hash = planHash({ ...plan, stepQueue });
  const at = opts.now.toISOString();
  return {
    version: STATE_VERSION,
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
    approval: opts.approved ? { by: opts.approved.by, at, planHash: hash } : null,
    cancelRequested: null,
    inbox: { lastCommentId: 0 }
  };
}

export {
  effectiveQueue,
  planHash,
  newState
};
