import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);
import {
  lastAttempt,
  stepRun
} from "./chunk-RVNDXNJV.js";

// src/core/isolation/apply-decision.ts
function attemptStanding(state, d) {
  if (!state) return { kind: "stale", reason: `there is no state for plan ${d.planId}` };
  if (state.planId !== void 0 && state.planId !== d.planId) return { kind: "stale", reason: `the state is plan ${state.planId}'s, not ${d.planId}'s` };
  if (!state.plan.steps[d.stepId]) return { kind: "stale", reason: `the plan has no step ${d.stepId}` };
  let run = stepRun(state, d.stepId), attempt = run.attempts?.find((a) => a.n === d.n);
  if (!attempt) return { kind: "stale", reason: `step ${d.stepId} has no attempt ${d.n}` };
  let owner = attempt.owner;
  return owner?.kind !== "actions" || owner.runId !== d.runId || owner.runAttempt !== d.runAttempt ? { kind: "stale", reason: `attempt ${d.n} of ${d.stepId} belongs to ${ownerText(attempt)}, not to workflow run ${d.runId} attempt ${d.runAttempt}` } : attempt.endedAt || attempt.outcome ? { kind: "recorded", attempt } : run.status !== "IN_PROGRESS" || lastAttempt(run)?.n !== d.n ? { kind: "stale", reason: `step ${d.stepId} is ${run.status} with attempt ${lastAttempt(run)?.n ?? "none"} last, not attempt ${d.n} in flight` } : { kind: "in-flight", attempt };
}
function ownerText(attempt) {
  let o = attempt.owner;
  return o ? o.kind === "local" ? `pid ${o.pid} on ${o.host}` : `workflow run ${o.runId} attempt ${o.runAttempt}` : "no recorded owner";
}
var AGENT_JOB_RESULTS = ["success", "failure", "cancelled", "skipped", ""];
function applyAction(standing, d, agentJob, found) {
  return standing.kind === "stale" ? { kind: "stale", reason: standing.reason } : standing.kind === "recorded" ? { kind: "already-recorded", detail: `attempt ${d.n} of ${d.stepId} is recorded already (${standing.attempt.outcome ?? "ended"})` } : found.kind === "found" ? { kind: "record" } : found.kind === "refused" ? { kind: "fail", reason: `the agent job's result was refused: ${found.reason}` } : { kind: "fail", reason: missingReason(d, agentJob) };
}
function missingReason(d, agentJob) {
  if (d.apply) return `the result of workflow run ${d.apply.runId} is gone (expired or deleted) and it was never recorded`;
  switch (agentJob) {
    case "success":
      return "the agent job ended successfully but left no result";
    case "failure":
      return "the agent job failed without a result";
    case "cancelled":
      return "the agent job ended cancelled without a result";
    case "skipped":
      return "the agent job was skipped, so the attempt has no result";
    default:
      return "the agent job left no result";
  }
}

export {
  attemptStanding,
  AGENT_JOB_RESULTS,
  applyAction
};
