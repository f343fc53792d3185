
// src/core/tick/cooperative-stop.ts
var STOP_MESSAGE = "The plan was cancelled: stop now, save your work and exit.", TIMEOUT_STOP_MESSAGE = "The attempt's time limit is reached: stop now, save your work and exit.", OVERFLOW_STOP_MESSAGE = "The attempt's output passed its limit (maxOutputBytes): stop now, save your work and exit.", INTERRUPT_STOP_MESSAGE = "The sequencer was interrupted: stop now, save your work and exit.", BUDGET_STOP_MESSAGE = "The step's token budget is spent: stop now, save your work and exit.", KNOWN_REASONS = [BUDGET_STOP_MESSAGE, TIMEOUT_STOP_MESSAGE, OVERFLOW_STOP_MESSAGE, INTERRUPT_STOP_MESSAGE];
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
  BUDGET_STOP_MESSAGE,
  stopReason,
  stoppedText
};
