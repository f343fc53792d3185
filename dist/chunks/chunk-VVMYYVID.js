import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);

// src/core/tick/cooperative-stop.ts
var STOP_MESSAGE = "The plan was cancelled: stop now, save your work and exit.";
function stoppedText(stoppedBy) {
  return stoppedBy === "agent" ? "the agent stopped by itself" : "its agent was stopped with SIGTERM (SIGKILL after the grace period)";
}

export {
  STOP_MESSAGE,
  stoppedText
};
