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

export const EMPTY_RUN: StepRun = Object.freeze({ status: 'PENDING', tries: 0 }) as StepRun;

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

/** Attempt numbers never repeat, even across a manual /retry that resets `tries`. */
export function nextAttemptNumber(run: StepRun): number {
  return Math.max(run.tries, run.attempts?.length ?? 0, lastAttempt(run)?.n ?? 0) + 1;
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
