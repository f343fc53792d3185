// Turns a stored state's text into a State, the same way for every store (file, git branch, cache
// entry): JSON with a line and column when it is not, the validator's issues and hint kept, and
// a document that belongs to another plan refused. Every failure is a StateError naming where the
// text came from, so no store ever overwrites what it could not read.
import { describeError, showValue, StateError } from '../errors.js';
import { findJsonSyntaxError } from '../plan/json-error-position.js';
import type { State } from './types.js';
import { parseState } from './validate-state.js';

export interface DecodeContext {
  /** Where the text came from, as the lower-case subject of a sentence: `state file ./state.json`. */
  subject: string;
  /** The plan the store serves: a document naming another plan is refused. */
  planId?: string;
}

/** The JSON document in `text` (a byte-order mark, which editors add, is ignored). */
export function parseStateJson(text: string, subject: string): unknown {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (body.trim() === '') throw new StateError(`${capitalized(subject)} is empty; expected a JSON object.`);
  try {
    return JSON.parse(body);
  } catch (err) {
    throw new StateError(`${capitalized(subject)} is not valid JSON: ${jsonErrorWithLocation(err, body)}`);
  }
}

/**
 * The validated, normalized state of a document parseStateJson just returned (it is owned:
 * normalized in place, no copy).
 */
export function validateStateDocument(document: unknown, ctx: DecodeContext): State {
  let state: State;
  try {
    state = parseState(document, { owned: true });
  } catch (err) {
    if (!(err instanceof StateError)) throw new StateError(`Invalid ${ctx.subject}: ${describeError(err)}`);
    // Name where it is; keep the validator's issues and hint (e.g. "upgrade for a newer version").
    throw err.issues.length ? new StateError(`Invalid ${ctx.subject}`, err.issues, err.hint) : new StateError(`Invalid ${ctx.subject}: ${err.message}`, [], err.hint);
  }
  checkPlanId(state, ctx);
  return state;
}

export function decodeState(text: string, ctx: DecodeContext): State {
  return validateStateDocument(parseStateJson(text, ctx.subject), ctx);
}

/** A state that names another plan is not this plan's (a state the original step-sequencer wrote names none). */
export function checkPlanId(state: State, ctx: DecodeContext): void {
  if (ctx.planId === undefined || state.planId === undefined || state.planId === ctx.planId) return;
  throw new StateError(`${capitalized(ctx.subject)} belongs to plan ${showValue(state.planId)}, expected ${showValue(ctx.planId)}.`);
}

/** V8's message plus line and column, which V8 does not always give. */
function jsonErrorWithLocation(err: unknown, text: string): string {
  const message = describeError(err);
  const location = findJsonSyntaxError(text);
  if (!location || /\bline\b/.test(message)) return message;
  return `${message} (line ${location.line}, column ${location.column})`;
}

function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
