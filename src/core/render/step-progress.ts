// How far a plan is, in words, for messages and comments. A skipped step was not done and made
// none of its outputs: a plan with one says so, and which, rather than "2 of 3 steps are done" or
// "3 of 3 finished".
import { stepsDone, stepsSkipped } from '../state/step-view.js';
import type { State } from '../state/types.js';
import { countOfTotal } from './plural.js';

/** Skipped steps named in a line; the rest are counted. */
const NAMED_SKIPPED = 3;

/** "2 of 3 steps were done", or "1 of 3 steps was done, 1 skipped (review)". */
export function stepProgress(state: State, tense: 'past' | 'present' = 'past'): string {
  const skipped = stepsSkipped(state);
  const line = countOfTotal(stepsDone(state) - skipped, state.stepQueue.length, 'step', 'done', tense);
  return skipped ? `${line}, ${skipped} skipped (${skippedNames(state)})` : line;
}

/** The skipped steps' ids, `a, b, c and 4 more`: a line stays short in a plan of thousands. */
export function skippedNames(state: State): string {
  const ids = state.stepQueue.filter((id) => state.stepRuns[id]?.status === 'SKIPPED');
  const named = ids.slice(0, NAMED_SKIPPED).join(', ');
  return ids.length > NAMED_SKIPPED ? `${named} and ${ids.length - NAMED_SKIPPED} more` : named;
}
