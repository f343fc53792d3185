import {
  planHash
} from "./chunk-ANOSUW4P.js";
import {
  recoverAttempt
} from "./chunk-J73L5JYA.js";
import {
  runAgain,
  withNewRound
} from "./chunk-IU6TIPQF.js";

// src/core/plan/replan.ts
var REPLACED_IN_FLIGHT = "interrupted: the plan was changed while this attempt ran, so its result is not recorded";
function diffPlans(before, after, beforeQueue, afterQueue) {
  let changes = [];
  for (let id of afterQueue) {
    let old = before.steps[id], now = after.steps[id];
    !old || !beforeQueue.includes(id) ? changes.push({ stepId: id, change: "added" }) : changes.push({ stepId: id, change: JSON.stringify(old) === JSON.stringify(now) ? "unchanged" : "changed" });
  }
  for (let id of beforeQueue) afterQueue.includes(id) || changes.push({ stepId: id, change: "removed" });
  return changes;
}
function replan(state, plan, stepQueue, now) {
  let changes = diffPlans(state.plan, plan, state.stepQueue, stepQueue), carried = { ...state, stepRuns: {} }, again = [];
  for (let [id, run] of Object.entries(state.stepRuns)) {
    if (!Object.hasOwn(plan.steps, id) || (Object.defineProperty(carried.stepRuns, id, { value: run, enumerable: !0, writable: !0, configurable: !0 }), (run.status === "DONE" || run.status === "SKIPPED") && state.plan.steps[id]?.instruction === plan.steps[id]?.instruction && JSON.stringify(state.plan.steps[id]?.run) === JSON.stringify(plan.steps[id]?.run))) continue;
    run.status === "IN_PROGRESS" && (carried = recoverAttempt(carried, id, REPLACED_IN_FLIGHT, now).state);
    let current = carried.stepRuns[id];
    Object.defineProperty(carried.stepRuns, id, { value: withNewRound(current), enumerable: !0, writable: !0, configurable: !0 }), again.push(id);
  }
  let { stepRuns, artifacts } = runAgain(carried, again), currentStep = 0;
  for (; currentStep < stepQueue.length && isFinished(stepRuns[stepQueue[currentStep]]); ) currentStep++;
  return { state: {
    ...state,
    plan,
    stepQueue,
    planHash: planHash({ ...plan, stepQueue }),
    stepRuns,
    ...state.artifacts !== void 0 ? { artifacts } : {},
    currentStep,
    status: "AWAITING_APPROVAL",
    approval: null,
    cancelRequested: null,
    // A pause at a gate belongs to the old plan: approving the new one is a plan approval.
    gate: null,
    blockers: [],
    notBefore: null,
    proposal: { at: now.toISOString() }
  }, changes };
}
function isFinished(run) {
  return run?.status === "DONE" || run?.status === "SKIPPED";
}

export {
  replan
};
