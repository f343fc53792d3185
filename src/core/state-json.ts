// How a state document is written. Small plans are indented for people who read and edit them by
// hand (the original sequencer's files are); large ones are written compact, because indenting
// a multi-megabyte plan on every write would dominate the cost of a heartbeat.
import type { State } from './types.js';

/** Plans with more steps than this are written without indentation. */
export const PRETTY_MAX_STEPS = 500;

export function serializeState(state: State): string {
  return `${state.stepQueue.length <= PRETTY_MAX_STEPS ? JSON.stringify(state, null, 2) : JSON.stringify(state)}\n`;
}
