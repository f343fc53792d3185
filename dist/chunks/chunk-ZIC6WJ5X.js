import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);

// src/core/tick/cooperative-stop.ts
var STOP_MESSAGE = "The plan was cancelled: stop now, save your work and exit.";
var TIMEOUT_STOP_MESSAGE = "The attempt's time limit is reached: stop now, save your work and exit.";
var OVERFLOW_STOP_MESSAGE = "The attempt's output passed its limit (maxOutputBytes): stop now, save your work and exit.";
var BUDGET_STOP_MESSAGE = "The step's token budget is spent: stop now, save your work and exit.";
var KNOWN_REASONS = [BUDGET_STOP_MESSAGE, TIMEOUT_STOP_MESSAGE, OVERFLOW_STOP_MESSAGE];
function stopReason(fileText) {
  const said = fileText?.trim() ?? "";
  return KNOWN_REASONS.includes(said) ? said : STOP_MESSAGE;
}
function stoppedText(stoppedBy) {
  return stoppedBy === "agent" ? "the agent stopped by itself" : "its agent was stopped with SIGTERM (SIGKILL after the grace period)";
}

export {
  STOP_MESSAGE,
  TIMEOUT_STOP_MESSAGE,
  OVERFLOW_STOP_MESSAGE,
  BUDGET_STOP_MESSAGE,
  stopReason,
  stoppedText
};
