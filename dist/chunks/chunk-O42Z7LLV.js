import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);
import {
  setOutput
} from "./chunk-M3M2ZGDC.js";
import {
  currentStepId,
  stepsDone
} from "./chunk-RVNDXNJV.js";

// src/action/outputs.ts
function emptyOutputs(status = "MISSING") {
  return {
    "plan-id": "",
    status,
    "current-step": "",
    "steps-done": "0",
    "steps-total": "0",
    "blocked-step": "",
    "state-branch": "",
    "state-revision": "",
    plans: "[]",
    report: "[]",
    attempt: "",
    "run-agent": ""
  };
}
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
function setOutputs(outputs, scrub) {
  for (let [name, value] of Object.entries(outputs)) setOutput(name, scrub(value));
}

export {
  emptyOutputs,
  outputsFor,
  setOutputs
};
