import {
  planHash
} from "./chunk-A4QBGIAB.js";

// src/core/plan/replan.ts
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
  let changes = diffPlans(state.plan, plan, state.stepQueue, stepQueue), stepRuns = {};
  for (let id of stepQueue) {
    let run = state.stepRuns[id];
    run && (run.status === "DONE" || run.status === "SKIPPED") && state.plan.steps[id]?.instruction === plan.steps[id]?.instruction && JSON.stringify(state.plan.steps[id]?.run) === JSON.stringify(plan.steps[id]?.run) && (stepRuns[id] = run);
  }
  let currentStep = 0;
  for (; currentStep < stepQueue.length && stepRuns[stepQueue[currentStep]]; ) currentStep++;
  return { state: {
    ...state,
    plan,
    stepQueue,
    planHash: planHash({ ...plan, stepQueue }),
    stepRuns,
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

export {
  replan
};
