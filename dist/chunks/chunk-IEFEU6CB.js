import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);
import {
  planHash
} from "./chunk-ETDKUUCO.js";

// src/core/plan/replan.ts
function diffPlans(before, after, beforeQueue, afterQueue) {
  const changes = [];
  for (const id of afterQueue) {
    const old = before.steps[id];
    const now = after.steps[id];
    if (!old || !beforeQueue.includes(id)) changes.push({ stepId: id, change: "added" });
    else changes.push({ stepId: id, change: JSON.stringify(old) === JSON.stringify(now) ? "unchanged" : "changed" });
  }
  for (const id of beforeQueue) if (!afterQueue.includes(id)) changes.push({ stepId: id, change: "removed" });
  return changes;
}
function replan(state, plan, stepQueue, now) {
  const changes = diffPlans(state.plan, plan, state.stepQueue, stepQueue);
  const stepRuns = {};
  for (const id of stepQueue) {
    const run = state.stepRuns[id];
    const kept = run && (run.status === "DONE" || run.status === "SKIPPED") && state.plan.steps[id]?.instruction === plan.steps[id]?.instruction && JSON.stringify(state.plan.steps[id]?.run) === JSON.stringify(plan.steps[id]?.run);
    if (kept) stepRuns[id] = run;
  }
  let currentStep = 0;
  while (currentStep < stepQueue.length && stepRuns[stepQueue[currentStep]]) currentStep++;
  const next = {
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
  };
  return { state: next, changes };
}

export {
  replan
};
