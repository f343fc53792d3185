// The rules around one attempt that are a function of the state alone: how long it may run,
// whether it fits in what is left of this run's time, when a failed one is retried, and which
// step a problem with it blocks. The engine asks and acts (src/engine/attempt.ts).
import { retryDelayMs } from './retry-backoff.js';
import { routeOf } from './remediation.js';
import { attemptTimeoutMsFor, currentStepId, maxAttemptsFor, retryBackoffSecondsFor, stepTimeLeftMs, type Limits } from '../state/step-view.js';
import type { AttemptOutcome, State, StepDef, StepRun } from '../state/types.js';

/** No attempt is given less than this, even when the step's total time is nearly spent. */
export const MIN_ATTEMPT_TIMEOUT_MS = 1_000;

/** An attempt's timeout: its own limit, cut to what is left of the step's total time (`timeoutMinutes`). */
export function attemptTimeoutMs(def: StepDef, run: StepRun, limits: Limits, now: Date): number {
  return Math.max(MIN_ATTEMPT_TIMEOUT_MS, Math.min(attemptTimeoutMsFor(def, limits), stepTimeLeftMs(def, run, now)));
}

/** Whether an attempt started `now` with this timeout ends before the run's deadline (none: always). */
export function fitsTimeBudget(now: Date, timeoutMs: number, deadline: Date | undefined): boolean {
  return !deadline || now.getTime() + timeoutMs <= deadline.getTime();
}

/**
 * The step a problem with this attempt blocks: the step itself, or, for a remediation step
 * (which is not in the queue), the queued step it repairs, which is what /retry and /skip act on.
 */
export function blockedStepId(state: State, attempt: { stepId: string; detourFor?: string | undefined }): string {
  return attempt.detourFor ? (currentStepId(state) ?? attempt.stepId) : attempt.stepId;
}

export interface RetryContext {
  def: StepDef;
  /** The step's run as checkpointed for the attempt that failed (its tries include it). */
  run: StepRun;
  limits: Limits;
  now: Date;
  /** The jitter source, in [0, 1); asked only for a failure that will be retried. */
  random: () => number;
}

/**
 * When a failed attempt will be retried after a wait (retry backoff): the instant and the wait,
 * or undefined when it is retried at once or not at all. A success, a cancel and the last
 * allowed attempt are not retried; a rule failure that detours through a remediation step
 * starts the detour at once: it is the fix.
 */
export function retryAt(verdict: { outcome: AttemptOutcome; failedRules?: string[] | undefined }, ctx: RetryContext): { at: string; waitMs: number } | undefined {
  if (verdict.outcome === 'overflow' && routeOf(ctx.def, 'onOverflow').kind === 'detour') return undefined;
  // A spent budget blocks the plan at once, before any retry could start: no wait is worth it.
  if (verdict.outcome === 'succeeded' || verdict.outcome === 'recovered' || verdict.outcome === 'cancelled' || verdict.outcome === 'over_budget') return undefined;
  const tries = ctx.run.tries;
  if (tries >= maxAttemptsFor(ctx.def, ctx.limits)) return undefined;
  if (verdict.failedRules?.length && routeOf(ctx.def).kind === 'detour') return undefined;
  const waitMs = retryDelayMs(tries, retryBackoffSecondsFor(ctx.def, ctx.limits), ctx.random());
  if (waitMs <= 0) return undefined;
  return { at: new Date(ctx.now.getTime() + waitMs).toISOString(), waitMs };
}
