import {
  setOutput
} from "./chunk-WJDX6BBC.js";

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
function setOutputs(outputs, scrub) {
  for (let [name, value] of Object.entries(outputs)) setOutput(name, scrub(value));
}
var RunFailure = class extends Error {
  constructor(message, outputs) {
    super(message);
    this.outputs = outputs;
    this.name = "RunFailure";
  }
  outputs;
};

export {
  emptyOutputs,
  setOutputs,
  RunFailure
};
