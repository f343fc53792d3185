import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);

// src/core/tick/cooperative-stop.ts
var STOP_MESSAGE = "The plan was cancelled: stop now, save your work and exit.";
var BUDGET_STOP_MESSAGE = "The step's token budget is spent: stop now, save your work and exit.";
function stopReason(fileText) {
  const said = fileText?.trim();
  return said === BUDGET_STOP_MESSAGE ? BUDGET_STOP_MESSAGE : STOP_MESSAGE;
}
function stoppedText(stoppedBy) {
  return stoppedBy === "agent" ? "the agent stopped by itself" : "its agent was stopped with SIGTERM (SIGKILL after the grace period)";
}

export {
  STOP_MESSAGE,
  BUDGET_STOP_MESSAGE,
  stopReason,
  stoppedText
};
