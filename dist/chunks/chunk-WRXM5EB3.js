import {
  emptyOutputs
} from "./chunk-45U3NNUK.js";
import {
  currentStepId,
  stepsDone
} from "./chunk-IU6TIPQF.js";

// src/action/plan-outputs.ts
function outputsFor(state, branch) {
  let blocked = state.status === "BLOCKED" ? currentStepId(state) ?? "" : "";
  return {
    ...emptyOutputs(state.status),
    "plan-id": state.planId ?? "",
    "current-step": state.status === "DONE" ? "" : currentStepId(state) ?? "",
    "steps-done": String(stepsDone(state)),
    "steps-total": String(state.stepQueue.length),
    "blocked-step": blocked,
    "state-branch": branch,
    "state-revision": String(state.revision ?? 0)
  };
}

export {
  outputsFor
};
