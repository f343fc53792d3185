
// src/core/tick/cooperative-stop.ts
var STOP_MESSAGE = "The plan was cancelled: stop now, save your work and exit.", TIMEOUT_STOP_MESSAGE = "The attempt's time limit is reached: stop now, save your work and exit.", OVERFLOW_STOP_MESSAGE = "The attempt's output passed its limit (maxOutputBytes): stop now, save your work and exit.", INTERRUPT_STOP_MESSAGE = "The sequencer was interrupted: stop now, save your work and exit.", STEP_BUDGET_STOP_MESSAGE = "The step's token budget is spent: stop now, save your work and exit.", PLAN_BUDGET_STOP_MESSAGE = "The plan's token budget is spent: stop now, save your work and exit.";
function budgetStopMessage(scope) {
  return scope === "plan" ? PLAN_BUDGET_STOP_MESSAGE : STEP_BUDGET_STOP_MESSAGE;
}
var KNOWN_REASONS = [STEP_BUDGET_STOP_MESSAGE, PLAN_BUDGET_STOP_MESSAGE, TIMEOUT_STOP_MESSAGE, OVERFLOW_STOP_MESSAGE, INTERRUPT_STOP_MESSAGE];
function stopReason(fileText) {
  let said = fileText?.trim() ?? "";
  return KNOWN_REASONS.includes(said) ? said : STOP_MESSAGE;
}
function stoppedText(stoppedBy) {
  return stoppedBy === "agent" ? "the agent stopped by itself" : "its agent was stopped with SIGTERM (SIGKILL after the grace period)";
}

export {
  STOP_MESSAGE,
  TIMEOUT_STOP_MESSAGE,
  OVERFLOW_STOP_MESSAGE,
  INTERRUPT_STOP_MESSAGE,
  budgetStopMessage,
  stopReason,
  stoppedText
};
