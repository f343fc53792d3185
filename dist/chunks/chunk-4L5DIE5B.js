
// src/core/trust/runner-files.ts
var RUNNER_FILE_VARIABLES = ["GITHUB_OUTPUT", "GITHUB_ENV", "GITHUB_PATH", "GITHUB_STATE", "GITHUB_STEP_SUMMARY"], RUNNER_FILE_REASON = "names a file the Actions runner reads back after the step as its outputs, the job's environment or PATH, its state or the job summary";
function isRunnerFileVariable(name) {
  return RUNNER_FILE_VARIABLES.includes(name.toUpperCase());
}
function withoutRunnerFiles(env) {
  let out = {};
  for (let [k, v] of Object.entries(env)) isRunnerFileVariable(k) || (out[k] = v);
  return out;
}

export {
  RUNNER_FILE_REASON,
  isRunnerFileVariable,
  withoutRunnerFiles
};
