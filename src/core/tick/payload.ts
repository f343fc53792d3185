// Payloads: the JSON object an agent writes to $SEQUENCER_PAYLOAD_FILE to hand data to later
// steps (README, "Step contracts"). Capped in size because it is kept in the state document,
// which every tick reads and every completion commits.
import { findJsonSyntaxError } from '../plan/json-error-position.js';
import type { FileRead } from '../../ports.js';
import type { State } from '../state/types.js';

export const DEFAULT_PAYLOAD_MAX_BYTES = 64 * 1024;

export type Payload = Record<string, unknown>;

export type PayloadCheck = { ok: true; payload: Payload | undefined } | { ok: false; error: string };

const WHERE = '$SEQUENCER_PAYLOAD_FILE';

/** Turns what the agent left in the payload file into a payload, or the reason the attempt fails. */
export function interpretPayload(read: FileRead, opts: { maxBytes: number; expected: boolean }): PayloadCheck {
  if (read.kind === 'missing') {
    return opts.expected ? { ok: false, error: `expected a JSON payload in ${WHERE}, none was written` } : { ok: true, payload: undefined };
  }
  if (read.kind === 'too-large') {
    return {
      ok: false,
      error: `the payload in ${WHERE} is ${read.bytes} bytes, more than the ${formatBytes(opts.maxBytes)} cap; keep large data in workspace files and put their paths in the payload`,
    };
  }
  if (read.kind === 'unreadable') return { ok: false, error: `could not read the payload in ${WHERE}: ${read.reason}` };
  const text = read.text.replace(/^\uFEFF/, '');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    const at = findJsonSyntaxError(text);
    const where = at ? `line ${at.line} column ${at.column}: ${at.reason}` : err instanceof Error ? err.message : String(err);
    return { ok: false, error: `the payload in ${WHERE} is not valid JSON (${where}); expected a JSON object` };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return { ok: false, error: `the payload in ${WHERE} must be a JSON object, got ${kindOf(value)}` };
  }
  return { ok: true, payload: value as Payload };
}

/**
 * The value at a dot path (`result.items.0.id`): object keys, and array indexes written as
 * numbers. Only own properties count, so `constructor` is never found on a plain object.
 */
export function lookupKey(payload: unknown, dotted: string): { found: true; value: unknown } | { found: false } {
  let value: unknown = payload;
  for (const part of dotted.split('.')) {
    if (Array.isArray(value) && /^\d+$/.test(part) && Number(part) < value.length) value = value[Number(part)];
    else if (value !== null && typeof value === 'object' && !Array.isArray(value) && Object.hasOwn(value, part)) value = (value as Payload)[part];
    else return { found: false };
  }
  return { found: true, value };
}

/**
 * `{ "<stepId>": payload }` of every step before the current one (in queue order) that is DONE
 * and left a payload: what `inheritPayload: true` hands the next attempt in $SEQUENCER_INPUT_FILE.
 */
export function inheritedPayloads(state: State): Payload {
  const out: Payload = {};
  for (const id of state.stepQueue.slice(0, state.currentStep)) {
    const run = state.stepRuns[id];
    if (run?.status === 'DONE' && run.payload !== undefined) {
      Object.defineProperty(out, id, { value: run.payload, enumerable: true, writable: true, configurable: true });
    }
  }
  return out;
}

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return `a ${typeof value} (${JSON.stringify(value).slice(0, 40)})`;
}

function formatBytes(n: number): string {
  return n % 1024 === 0 ? `${n} bytes (${n / 1024} KiB)` : `${n} bytes`;
}
