// What an `apply` job does with the attempt `prepare` handed over (the isolated layout): record it
// from the agent job's result, or as failed when there is none, or nothing at all because it is
// recorded already (an apply that runs twice records once) or because the plan moved on without
// it. Pure: the state, the descriptor and what became of the agent job in, a decision out.
import { lastAttempt, stepRun } from '../state/step-view.js';
import type { Attempt, State } from '../state/types.js';
import type { AttemptDescriptor } from './attempt-descriptor.js';
import type { AgentJobResult } from './agent-job-result.js';

/** Where the attempt stands in the state apply loaded. */
export type AttemptStanding =
  /** Still in flight, owned by the run that checkpointed it: apply records it. */
  | { kind: 'in-flight'; attempt: Attempt }
  /** It has ended in the state already: nothing to do. */
  | { kind: 'recorded'; attempt: Attempt }
  /** The state no longer has it in flight (recovered by a later tick, cancelled, another attempt started). */
  | { kind: 'stale'; reason: string };

export function attemptStanding(state: State | null, d: AttemptDescriptor): AttemptStanding {
  if (!state) return { kind: 'stale', reason: `there is no state for plan ${d.planId}` };
  if (state.planId !== undefined && state.planId !== d.planId) return { kind: 'stale', reason: `the state is plan ${state.planId}'s, not ${d.planId}'s` };
  if (!state.plan.steps[d.stepId]) return { kind: 'stale', reason: `the plan has no step ${d.stepId}` };
  const run = stepRun(state, d.stepId);
  const attempt = run.attempts?.find((a) => a.n === d.n);
  if (!attempt) return { kind: 'stale', reason: `step ${d.stepId} has no attempt ${d.n}` };
  const owner = attempt.owner;
  if (owner?.kind !== 'actions' || owner.runId !== d.runId || owner.runAttempt !== d.runAttempt) {
    return { kind: 'stale', reason: `attempt ${d.n} of ${d.stepId} belongs to ${ownerText(attempt)}, not to workflow run ${d.runId} attempt ${d.runAttempt}` };
  }
  if (attempt.endedAt || attempt.outcome) return { kind: 'recorded', attempt };
  if (run.status !== 'IN_PROGRESS' || lastAttempt(run)?.n !== d.n) {
    return { kind: 'stale', reason: `step ${d.stepId} is ${run.status} with attempt ${lastAttempt(run)?.n ?? 'none'} last, not attempt ${d.n} in flight` };
  }
  return { kind: 'in-flight', attempt };
}

function ownerText(attempt: Attempt): string {
  const o = attempt.owner;
  if (!o) return 'no recorded owner';
  return o.kind === 'local' ? `pid ${o.pid} on ${o.host}` : `workflow run ${o.runId} attempt ${o.runAttempt}`;
}

/** What the artifact search found. */
export type ResultFound = { kind: 'found' } | { kind: 'missing' } | { kind: 'refused'; reason: string };

export type ApplyAction =
  | { kind: 'record' }
  | { kind: 'already-recorded'; detail: string }
  | { kind: 'stale'; reason: string }
  /** A failed attempt with this reason: never a lost one. */
  | { kind: 'fail'; reason: string };

/** The decision, once the standing is known and (for an attempt in flight) the artifact was looked for. */
export function applyAction(standing: AttemptStanding, d: AttemptDescriptor, agentJob: AgentJobResult, found: ResultFound): ApplyAction {
  if (standing.kind === 'stale') return { kind: 'stale', reason: standing.reason };
  if (standing.kind === 'recorded') return { kind: 'already-recorded', detail: `attempt ${d.n} of ${d.stepId} is recorded already (${standing.attempt.outcome ?? 'ended'})` };
  if (found.kind === 'found') return { kind: 'record' };
  if (found.kind === 'refused') return { kind: 'fail', reason: `the agent job's result was refused: ${found.reason}` };
  return { kind: 'fail', reason: missingReason(d, agentJob) };
}

function missingReason(d: AttemptDescriptor, agentJob: AgentJobResult): string {
  if (d.apply) return `the result of workflow run ${d.apply.runId} is gone (expired or deleted) and it was never recorded`;
  switch (agentJob) {
    case 'success':
      return 'the agent job ended successfully but left no result';
    case 'failure':
      return 'the agent job failed without a result';
    case 'cancelled':
      return 'the agent job ended cancelled without a result';
    case 'skipped':
      return 'the agent job was skipped, so the attempt has no result';
    default:
      return 'the agent job left no result';
  }
}
