import {
  currentStepId,
  stepsDone
} from "./chunk-AUWL24LI.js";

// src/action/plan-outputs.ts
function outputsFor(state, branch) {
  let blocked = state.status === "BLOCKED" ? currentStepId(state) ?? "" : "";
  return {
    "plan-id": state.planId ?? "",
    status: state.status,
    "current-step": state.status === "DONE" ? "" : currentStepId(state) ?? "",
    "steps-done": String(stepsDone(state)),
    "steps-total": String(state.stepQueue.length),
    "blocked-step": blocked,
    "state-branch": branch,
    "state-revision": String(state.revision ?? 0),
    plans: "[]",
    report: "[]",
    attempt: "",
    "run-agent": ""
  };
}

export {
  outputsFor
};
