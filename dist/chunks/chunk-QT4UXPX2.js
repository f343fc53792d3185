
// src/core/state/types.ts
var PLAN_STATUSES = ["AWAITING_APPROVAL", "IN_PROGRESS", "BLOCKED", "DONE", "CANCELLED"], STEP_STATUSES = ["PENDING", "IN_PROGRESS", "DONE", "FAILED", "SKIPPED"], ATTEMPT_OUTCOMES = ["succeeded", "failed", "timed_out", "interrupted", "cancelled", "recovered", "over_budget", "overflow"], USAGE_SOURCES = ["stream", "file", "log"], BUDGET_KINDS = ["costUsd", "tokens"];

export {
  PLAN_STATUSES,
  STEP_STATUSES,
  ATTEMPT_OUTCOMES,
  USAGE_SOURCES,
  BUDGET_KINDS
};
