// The tick's one decision: given the durable state and what the adapters observed, what happens
// next. Pure: it returns a value and never acts; the engine (src/engine/tick.ts) carries it out.
import type { Liveness } from '../../ports.js';
import { budgetSpentText, spentBudget, type BudgetSpent } from './budget.js';
import { gateClosed } from './gates.js';
import { stepPrompt } from './prompts.js';
import { detourChain, remediationPrompt, validationRoute } from './remediation.js';
import { currentStepId, lastAttempt, maxAttemptsFor, nextAttemptNumber, stepDef, stepRun, stepTimeLeftMs, type Limits } from '../state/step-view.js';
import type { Attempt, State } from '../state/types.js';

export type Decision =
  /** Nothing to do for this status (DONE, BLOCKED, CANCELLED, AWAITING_APPROVAL). */
  | { kind: 'idle'; reason: string }
  /** Every step is done or skipped: mark the plan DONE. */
  | { kind: 'complete' }
  /** The current step is DONE or SKIPPED: move to the next one. */
  | { kind: 'advance'; stepId: string }
  /** A step delay is running; a later tick continues. */
  | { kind: 'wait'; until: string }
  /** A cancel was requested and nothing is in flight: end as CANCELLED. */
  | { kind: 'cancel' }
  /** The attempt in flight belongs to a tick that is gone: record it as interrupted. */
  | { kind: 'recover'; stepId: string; attempt: Attempt | undefined; reason: string }
  /** The attempt in flight belongs to a live tick: leave it alone. */
  | { kind: 'busy'; stepId: string; attempt: Attempt | undefined }
  /** Start attempt `n` of the step with this prompt; `detourFor` names the step a remediation step repairs. */
  | { kind: 'run'; stepId: string; n: number; prompt: string; retry: boolean; detourFor?: string }
  /** Attempt `forAttempt` of the step failed validation: detour through remediation step `via`. */
  | { kind: 'remediate'; stepId: string; via: string; forAttempt: number }
  /** The step is gated and not yet approved for this plan hash: pause the plan (AWAITING_APPROVAL). */
  | { kind: 'gate'; stepId: string }
  /** No attempts, time or budget left: block the plan (`budget`: the budget that is spent). */
  | { kind: 'block'; stepId: string; reason: string; budget?: BudgetSpent };

export interface DecideContext {
  now: Date;
  limits: Limits;
  /** Liveness of the owner of the attempt in flight, when there is one. */
  ownerLiveness?: Liveness;
}

export function decide(state: State, ctx: DecideContext): Decision {
  if (state.status !== 'IN_PROGRESS') return { kind: 'idle', reason: `plan is ${state.status}` };

  const current = currentStepId(state);
  if (current === undefined) return { kind: 'complete' };
  // During a detour the innermost remediation step is the one that runs; blocks are reported
  // on the queued step, which is what /retry and /skip act on.
  const chain = detourChain(state, current);
  const stepId = chain[chain.length - 1]!;
  const detourFor = chain.length > 1 ? chain[chain.length - 2] : undefined;
  const run = stepRun(state, stepId);

  if (run.status === 'IN_PROGRESS') {
    const attempt = lastAttempt(run);
    const reason = staleReason(attempt, ctx);
    return reason ? { kind: 'recover', stepId, attempt, reason } : { kind: 'busy', stepId, attempt };
  }
  // Checked after recovery so a dead attempt is recorded before the plan ends as CANCELLED.
  if (state.cancelRequested) return { kind: 'cancel' };
  if (!detourFor && (run.status === 'DONE' || run.status === 'SKIPPED')) return { kind: 'advance', stepId };

  const def = stepDef(state, stepId);
  const block = (reason: string): Decision => ({ kind: 'block', stepId: current, reason: detourFor ? `remediation step ${stepId}: ${reason}` : reason });
  const deadline = state.plan.deadline ? Date.parse(state.plan.deadline) : NaN;
  if (!Number.isNaN(deadline) && ctx.now.getTime() >= deadline) {
    return { kind: 'block', stepId: current, reason: `plan deadline ${state.plan.deadline} passed` };
  }

  const max = maxAttemptsFor(def, ctx.limits);
  // A remediation step's tries count across detours, so it can be out of attempts before it starts.
  if (run.status === 'FAILED' || detourFor) {
    const route = validationRoute(def, run);
    if (route?.kind === 'fail') return block(`${run.error ?? 'validation failed'} (${route.field}: fail)`);
    if (run.tries >= max) return block(`max attempts (${max}) used up`);
    if (stepTimeLeftMs(def, run, ctx.now) <= 0) {
      return block(`timed out: ran ${minutesSince(run.firstStartedAt, ctx.now)} min of its ${def.timeoutMinutes} min (timeoutMinutes)`);
    }
    const failedAttempt = lastAttempt(run)?.n;
    if (route?.kind === 'detour' && failedAttempt !== undefined && run.remediation?.forAttempt !== failedAttempt) {
      return { kind: 'remediate', stepId, via: route.via, forAttempt: failedAttempt };
    }
  }

  // Before anything waits: a spent budget needs a person, who should hear of it now.
  const spent = spentBudget(state, stepId, ctx.limits);
  if (spent) return { kind: 'block', stepId: current, reason: budgetSpentText(spent), budget: spent };
  // Before the step delay: people can review while it runs down.
  if (!detourFor && gateClosed(state, stepId, def)) return { kind: 'gate', stepId };
  if (state.notBefore && Date.parse(state.notBefore) > ctx.now.getTime()) return { kind: 'wait', until: state.notBefore };

  const retry = run.status === 'FAILED';
  const n = nextAttemptNumber(run);
  const lastError = retry ? (run.error ?? 'unknown error') : null;
  if (detourFor) return { kind: 'run', stepId, n, prompt: remediationPrompt(state, stepId, detourFor, n - 1, lastError), retry, detourFor };
  return { kind: 'run', stepId, n, prompt: stepPrompt(state, stepId, n - 1, lastError), retry };
}

/** Why an attempt marked in flight can be taken over, or null while its owner may still run it. */
function staleReason(attempt: Attempt | undefined, ctx: DecideContext): string | null {
  // A runner of the original step-sequencer that died mid-step leaves IN_PROGRESS with no
  // attempt record: nobody owns it.
  if (!attempt) return 'interrupted: no owner recorded for the step in progress';
  if (ctx.ownerLiveness === 'dead') return 'interrupted: the tick running this attempt is gone';
  const lease = attempt.leaseExpiresAt ? Date.parse(attempt.leaseExpiresAt) : NaN;
  if (Number.isNaN(lease) || lease <= ctx.now.getTime()) {
    return `interrupted: lease expired at ${attempt.leaseExpiresAt ?? '(none)'} without a result`;
  }
  return null;
}

function minutesSince(iso: string | null | undefined, now: Date): number {
  if (!iso) return 0;
  return Math.round((now.getTime() - Date.parse(iso)) / 60_000);
}
