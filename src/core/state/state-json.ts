// How a state document is written. Small plans are indented for people who read and edit them by
// hand (the original sequencer's files are); large ones are written compact, because indenting
// a multi-megabyte plan on every write would dominate the cost of a heartbeat.
import type { State } from './types.js';

/** Plans with more steps than this are written without indentation. */
export const PRETTY_MAX_STEPS = 500;

/**
 * The compact text of each plan and step queue already written or read. They are most of a
 * large state, and a tick writes the same objects at least twice per step (checkpoint, then
 * result); transitions never modify them in place (a replan makes new ones), so their text can
 * be reused.
 */
const compactTexts = new WeakMap<object, string>();
/** The same for indented documents, where each text is indented one level, as a field's value. */
const indentedTexts = new WeakMap<object, string>();
export const REUSED_FIELDS = ['plan', 'stepQueue'] as const;
export type ReusedField = (typeof REUSED_FIELDS)[number];

/** Where each reused field's text lies in a compact document: [start, end) in characters. */
export type TextSpans = Partial<Record<ReusedField, readonly [number, number]>>;

export function serializeState(state: State): string {
  return serializeStateWithSpans(state).text;
}

/** The document's text, and (compact documents only) where the reused fields lie in it. */
export function serializeStateWithSpans(state: State): { text: string; spans: TextSpans; indented: boolean } {
  const indented = state.stepQueue.length <= PRETTY_MAX_STEPS;
  // Field by field, exactly as JSON.stringify(state) or JSON.stringify(state, null, 2) would
  // (same order, undefined values left out), so that reused fields can come from the cache.
  const record = state as unknown as Record<string, unknown>;
  const spans: TextSpans = {};
  let text = '{';
  let empty = true;
  for (const field of Object.keys(record)) {
    const reused = isReusedField(field);
    const value = reused ? reusedText(record[field], indented) : field === 'stepRuns' && indented ? indentedRunsText(record[field]) : fieldText(record[field], indented);
    if (value === undefined) continue;
    text += `${empty ? '' : ','}${indented ? '\n  ' : ''}${JSON.stringify(field)}:${indented ? ' ' : ''}`;
    if (reused && !indented) spans[field] = [text.length, text.length + value.length];
    text += value;
    empty = false;
  }
  return { text: `${text}${indented && !empty ? '\n' : ''}}\n`, spans: indented ? {} : spans, indented };
}

/** A field's value as JSON, indented as the value of a top-level field when `indented`. */
function fieldText(value: unknown, indented: boolean): string | undefined {
  // Line breaks in JSON text come only from the indentation (inside strings they are escaped).
  return indented ? JSON.stringify(value, null, 2)?.replace(/\n/g, '\n  ') : JSON.stringify(value);
}

/**
 * Takes the text of the reused fields of `state` from `text`, the compact document it was just
 * parsed from, when that document is known to be serializeStateWithSpans() output with these
 * `spans` (the file store's digest note says so). A span that does not fit is ignored.
 */
export function adoptTexts(state: State, text: string, spans: TextSpans): void {
  const record = state as unknown as Record<string, unknown>;
  for (const field of REUSED_FIELDS) {
    const span = spans[field];
    const value = record[field];
    if (!span || typeof value !== 'object' || value === null) continue;
    const [start, end] = span;
    if (!(Number.isSafeInteger(start) && Number.isSafeInteger(end) && start >= 0 && end <= text.length && end - start >= 2)) continue;
    const [open, close] = Array.isArray(value) ? ['[', ']'] : ['{', '}'];
    const key = `${JSON.stringify(field)}:`;
    if (text[start] === open && text[end - 1] === close && text.startsWith(key, start - key.length)) compactTexts.set(value, text.slice(start, end));
  }
}

/** Each step run's text, indented as a value inside `stepRuns`. */
const indentedRunTexts = new WeakMap<object, string>();

/**
 * `stepRuns` in an indented document, from each run's own text. A heartbeat that runs many steps
 * of a small plan writes twice per step and changes one run each time; the others keep their
 * objects, and so their text. (In a large, compact document a whole-object stringify is faster
 * for the one or two writes a heartbeat on such a plan usually makes.)
 */
function indentedRunsText(runs: unknown): string | undefined {
  if (typeof runs !== 'object' || runs === null || Array.isArray(runs)) return fieldText(runs, true);
  const record = runs as Record<string, unknown>;
  let text = '{';
  let empty = true;
  for (const id of Object.keys(record)) {
    const run = record[id];
    let value: string | undefined;
    if (typeof run === 'object' && run !== null) {
      value = indentedRunTexts.get(run);
      if (value === undefined) {
        value = JSON.stringify(run, null, 2).replace(/\n/g, '\n    ');
        indentedRunTexts.set(run, value);
      }
    } else {
      value = JSON.stringify(run);
    }
    if (value === undefined) continue;
    text += `${empty ? '' : ','}\n    ${JSON.stringify(id)}: ${value}`;
    empty = false;
  }
  return empty ? '{}' : `${text}\n  }`;
}

export function isReusedField(field: string): field is ReusedField {
  return (REUSED_FIELDS as readonly string[]).includes(field);
}

function reusedText(value: unknown, indented: boolean): string | undefined {
  if (typeof value !== 'object' || value === null) return fieldText(value, indented);
  const texts = indented ? indentedTexts : compactTexts;
  let text = texts.get(value);
  if (text === undefined) {
    text = fieldText(value, indented);
    if (text !== undefined) texts.set(value, text);
  }
  return text;
}
