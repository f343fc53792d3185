// Read-only helpers over a state: the current step, its run record and its effective limits.
// Everything the decision and rendering code needs to ask of a state lives here.
import type { Attempt, AttemptOwner, Budget, State, StepDef, StepRun } from './types.js';

export interface Limits {
  /** Attempts per step unless the step says otherwise (STEP_MAX_RETRIES, `max-attempts`). */
  maxAttempts: number;
  /** Minutes per attempt unless the step says otherwise. */
  attemptTimeoutMinutes: number;
  /** Seconds before a step's first retry unless the step says otherwise (0 or absent: at once). */
  retryBackoffSeconds?: number;
  /** The budget of a plan that sets none of its own (`budget-usd`, `budget-tokens`; --budget-usd, --budget-tokens). */
  budget?: Budget;
}

export const DEFAULT_LIMITS: Limits = { maxAttempts: 3, attemptTimeoutMinutes: 60 };

export const EMPTY_RUN: StepRun = Object.freeze({ status: 'PENDING', tries: 0 });

export function currentStepId(state: State): string | undefined {
  return state.stepQueue[state.currentStep];
}

export function stepDef(state: State, stepId: string): StepDef {
  const def = state.plan.steps[stepId];
  // Validation guarantees every queued id has a definition; reaching this is a programming error.
  if (!def) throw new Error(`step "${stepId}" is queued but has no definition in plan.steps`);
  return def;
}

export function stepRun(state: State, stepId: string): StepRun {
  return state.stepRuns[stepId] ?? EMPTY_RUN;
}

export function lastAttempt(run: StepRun): Attempt | undefined {
  const attempts = run.attempts;
  return attempts && attempts.length ? attempts[attempts.length - 1] : undefined;
}

/*
 * Counting, the same everywhere (README, "Attempts and rounds"):
 * - an attempt is one run of the agent on a step, numbered 1, 2, 3, ... over the step's whole
 *   life: a number never repeats (`attempts[].n`, $SEQUENCER_ATTEMPT);
 * - a round is the attempts a step may make before it blocks (`maxAttempts`): the first starts
 *   with the step, and each /retry (a /resume of a blocked or cancelled step) starts the next;
 * - `tries`, the original sequencer's field, counts the attempts of the current round: that is
 *   what `maxAttempts` is compared with, and what a new round sets back to 0.
 */

/** Attempt numbers never repeat, even across a manual /retry that resets `tries`. */
export function nextAttemptNumber(run: StepRun): number {
  return Math.max(run.tries, run.attempts?.length ?? 0, lastAttempt(run)?.n ?? 0) + 1;
}

/** Attempts the step made over all its rounds. */
export function attemptsMade(run: StepRun): number {
  return nextAttemptNumber(run) - 1;
}

/** The round the step is in (1 until a /retry or /resume gives it another). */
export function roundOf(run: StepRun): number {
  return typeof run.round === 'number' && run.round >= 1 ? run.round : 1;
}

/**
 * The run with a new round of attempts: `tries` and the step's total time start again, the
 * attempt history stays. A round nothing was tried in is not over, so it is not counted twice.
 */
export function withNewRound(run: StepRun): StepRun {
  const round = run.tries > 0 ? roundOf(run) + 1 : roundOf(run);
  return { ...run, tries: 0, firstStartedAt: null, ...(round > 1 ? { round } : {}) };
}

export function maxAttemptsFor(def: StepDef, limits: Limits): number {
  return def.maxAttempts ?? limits.maxAttempts;
}

export function retryBackoffSecondsFor(def: StepDef, limits: Limits): number {
  return def.retryBackoff ?? limits.retryBackoffSeconds ?? 0;
}

export function attemptTimeoutMsFor(def: StepDef, limits: Limits): number {
  return (def.attemptTimeoutMinutes ?? limits.attemptTimeoutMinutes) * 60_000;
}

/** Milliseconds left of the step's total time (`timeoutMinutes`), or Infinity when it has none. */
export function stepTimeLeftMs(def: StepDef, run: StepRun, now: Date): number {
  if (def.timeoutMinutes === undefined || !run.firstStartedAt) return Infinity;
  return Date.parse(run.firstStartedAt) + def.timeoutMinutes * 60_000 - now.getTime();
}

export function attemptId(state: State, stepId: string, n: number): string {
  return `${state.planId ?? 'plan'}/${stepId}/${n}`;
}

/** Queued steps that were skipped (stepsDone counts them too). */
export function stepsSkipped(state: State): number {
  return state.stepQueue.filter((id) => state.stepRuns[id]?.status === 'SKIPPED').length;
}

export function stepsDone(state: State): number {
  let done = 0;
  for (const id of state.stepQueue) {
    const status = state.stepRuns[id]?.status;
    if (status === 'DONE' || status === 'SKIPPED') done++;
  }
  return done;
}

/** Whether two owner records name the same runner (this process, or this workflow run attempt). */
export function sameOwner(a: AttemptOwner, b: AttemptOwner): boolean {
  if (a.kind === 'local' && b.kind === 'local') return a.host === b.host && a.pid === b.pid;
  if (a.kind === 'actions' && b.kind === 'actions') return a.runId === b.runId && a.runAttempt === b.runAttempt;
  return false;
}

/**
 * Whether an attempt's owner worked in another checkout than `self` (another workflow run or run
 * attempt, another machine): then whatever it wrote and had not committed is gone with it.
 */
export function ranElsewhere(owner: AttemptOwner | undefined, self: AttemptOwner): boolean {
  if (!owner) return false;
  if (owner.kind === 'local' && self.kind === 'local') return owner.host !== self.host;
  return !sameOwner(owner, self);
}

/** Said of an interrupted attempt that ran elsewhere (core/state/step-view.ts ranElsewhere). */
export const LOST_WORK = "what it wrote and had not committed was lost with that runner (a step's files are committed only when the step finishes)";
