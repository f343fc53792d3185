import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);

// src/core/state/types.ts
var PLAN_STATUSES = ["AWAITING_APPROVAL", "IN_PROGRESS", "BLOCKED", "DONE", "CANCELLED"];
var STEP_STATUSES = ["PENDING", "IN_PROGRESS", "DONE", "FAILED", "SKIPPED"];
var ATTEMPT_OUTCOMES = ["succeeded", "failed", "timed_out", "interrupted", "cancelled", "recovered", "over_budget", "overflow"];
var BUDGET_KINDS = ["costUsd", "tokens"];
var STATE_VERSION = 1;

export {
  PLAN_STATUSES,
  STEP_STATUSES,
  ATTEMPT_OUTCOMES,
  BUDGET_KINDS,
  STATE_VERSION
};
