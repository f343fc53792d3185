// How a state document is written. Small states are indented for people who read and edit
// them by hand (the original sequencer's files are); large ones are written compact, because
// indenting a multi-megabyte plan on every write would dominate the cost of a heartbeat.
import type { State } from './types.js';

/** Above this many characters (compact) a state is written without indentation. */
export const PRETTY_LIMIT = 256 * 1024;

export function serializeState(state: State): string {
  const compact = JSON.stringify(state);
  return `${compact.length <= PRETTY_LIMIT ? JSON.stringify(state, null, 2) : compact}\n`;
}
