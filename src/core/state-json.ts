// How a state document is written. Small plans are indented for people who read and edit them by
// hand (the original sequencer's files are); large ones are written compact, because indenting
// a multi-megabyte plan on every write would dominate the cost of a heartbeat.
import type { State } from './types.js';

/** Plans with more steps than this are written without indentation. */
export const PRETTY_MAX_STEPS = 500;

/**
 * The compact text of each plan and step queue already written. They are most of a large state,
 * and a tick writes the same objects at least twice per step (checkpoint, then result);
 * transitions never modify them in place (a replan makes new ones), so their text can be reused.
 */
const texts = new WeakMap<object, string>();
const REUSED_FIELDS: ReadonlySet<string> = new Set(['plan', 'stepQueue']);

export function serializeState(state: State): string {
  if (state.stepQueue.length <= PRETTY_MAX_STEPS) return `${JSON.stringify(state, null, 2)}\n`;
  // Field by field, as JSON.stringify would (same order, undefined values left out), so the
  // plan's text can come from the cache.
  const record = state as unknown as Record<string, unknown>;
  let text = '{';
  for (const field of Object.keys(record)) {
    const value = REUSED_FIELDS.has(field) ? reusedText(record[field]) : JSON.stringify(record[field]);
    if (value === undefined) continue;
    text += `${text.length > 1 ? ',' : ''}${JSON.stringify(field)}:${value}`;
  }
  return `${text}}\n`;
}

function reusedText(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return JSON.stringify(value);
  let text = texts.get(value);
  if (text === undefined) {
    text = JSON.stringify(value);
    texts.set(value, text);
  }
  return text;
}
