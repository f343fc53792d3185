// How far a plan is, in words, for messages and comments. Skipped steps are finished but were not
// done: a plan with one of each says so rather than "2 of 3 steps are done".
import { stepsDone, stepsSkipped } from '../state/step-view.js';
import type { State } from '../state/types.js';
import { countOfTotal } from './plural.js';

/** "2 of 3 steps were done", or "2 of 3 steps were finished (1 done, 1 skipped)". */
export function stepProgress(state: State, tense: 'past' | 'present' = 'past'): string {
  const finished = stepsDone(state);
  const skipped = stepsSkipped(state);
  const total = state.stepQueue.length;
  if (!skipped) return countOfTotal(finished, total, 'step', 'done', tense);
  return `${countOfTotal(finished, total, 'step', 'finished', tense)} (${finished - skipped} done, ${skipped} skipped)`;
}
