// Attempts and rounds in words, the same in the log, the CLI and every comment (the counting is
// defined in core/state/step-view.ts): "attempt 2 of 3", "attempt 5, 2 of 3 in round 2",
// "4 attempts", "6 attempts in 2 rounds".
import { attemptsMade, roundOf } from '../state/step-view.js';
import type { StepRun } from '../state/types.js';
import { countOf } from './plural.js';

/** Attempt `n`, the `tries`-th of at most `max` in `round`. */
export function attemptOfRound(n: number, tries: number, max: number, round: number): string {
  return round > 1 ? `attempt ${n}, ${tries} of ${max} in round ${round}` : `attempt ${n} of ${max}`;
}

/** Every attempt the step made: "4 attempts", "6 attempts in 2 rounds". */
export function attemptsText(run: StepRun | undefined): string {
  if (!run) return countOf(0, 'attempt');
  const round = roundOf(run);
  // A new round nothing was tried in yet is said apart: "3 attempts, round 2 not started".
  const rounds = run.tries > 0 ? round : round - 1;
  return `${countOf(attemptsMade(run), 'attempt')}${rounds > 1 ? ` in ${rounds} rounds` : ''}`;
}

/** The step table's cell: "4", "6 (2 rounds)", and "3, round 2 next" right after a /retry. */
export function attemptsCell(run: StepRun | undefined): string {
  if (!run) return '0';
  const made = attemptsMade(run);
  const round = roundOf(run);
  if (round > 1 && run.tries === 0 && run.status !== 'DONE' && run.status !== 'SKIPPED') return `${made}, round ${round} next`;
  return round > 1 ? `${made} (${round} rounds)` : String(made);
}
