// The payload_provenance rule (README, "Step contracts"): collected items must say where they came
// from and when (`sourceUrl`, `retrievedAt`), and stale ones are refused before a later step
// summarizes them, as the reliable pattern for scheduled workflows recommends.
import { ISO_DATE_TIME, isRealDate } from '../plan/field-checks.js';
import type { ValidationRule } from '../state/types.js';
import { lookupKey, type Payload } from './payload.js';

type Provenance = Extract<ValidationRule, { payload_provenance: unknown }>['payload_provenance'];

export interface ProvenanceOutcome {
  rule: string;
  ok: boolean;
  reason?: string;
}

const DAY_MS = 86_400_000;
/** Clocks disagree a little; an item fetched "in the future" by less than this is not refused. */
const CLOCK_SKEW_MS = 5 * 60_000;
const NAMED = 5;

export function provenanceLabel(body: Provenance): string {
  return `payload_provenance(${body.key}${body.maxAgeDays !== undefined ? `, at most ${body.maxAgeDays} days old` : ''})`;
}

export function provenanceResult(body: Provenance, payload: Payload | undefined, now: Date): ProvenanceOutcome {
  const rule = provenanceLabel(body);
  const fail = (reason: string): ProvenanceOutcome => ({ rule, ok: false, reason });
  if (payload === undefined) return fail('no payload was written to $SEQUENCER_PAYLOAD_FILE');
  const found = lookupKey(payload, body.key);
  if (!found.found) {
    const keys = Object.keys(payload);
    return fail(`the payload has no key "${body.key}"${keys.length ? ` (it has: ${keys.slice(0, 10).join(', ')}${keys.length > 10 ? ', ...' : ''})` : ' (it is empty)'}`);
  }
  if (!Array.isArray(found.value)) return fail(`the payload value at "${body.key}" must be a list of items, got ${kind(found.value)}`);
  const problems: string[] = [];
  found.value.forEach((item: unknown, i) => {
    const problem = itemProblem(item, `${body.key}[${i}]`, body.maxAgeDays, now);
    if (problem) problems.push(problem);
  });
  if (!problems.length) return { rule, ok: true };
  const more = problems.length > NAMED ? `; and ${problems.length - NAMED} more` : '';
  return fail(`${problems.length} of ${found.value.length} items fail${problems.length === 1 ? 's' : ''}: ${problems.slice(0, NAMED).join('; ')}${more}`);
}

function itemProblem(item: unknown, at: string, maxAgeDays: number | undefined, now: Date): string | null {
  if (item === null || typeof item !== 'object' || Array.isArray(item)) return `${at} is not an object`;
  const record = item as Record<string, unknown>;
  const url = record.sourceUrl;
  if (url === undefined || url === null) return `${at} has no sourceUrl`;
  if (typeof url !== 'string' || !isWebUrl(url)) return `${at}.sourceUrl must be an http(s) URL, got ${short(url)}`;
  const when = record.retrievedAt;
  if (when === undefined || when === null) return `${at} has no retrievedAt`;
  if (typeof when !== 'string' || !ISO_DATE_TIME.test(when) || !isRealDate(when)) return `${at}.retrievedAt must be an ISO 8601 date-time with a time zone, got ${short(when)}`;
  const age = now.getTime() - Date.parse(when);
  if (age < -CLOCK_SKEW_MS) return `${at} was retrieved ${when}, in the future`;
  if (maxAgeDays !== undefined && age > maxAgeDays * DAY_MS) return `${at} was retrieved ${when}, ${Math.floor(age / DAY_MS)} days ago (at most ${maxAgeDays} days)`;
  return null;
}

function isWebUrl(text: string): boolean {
  if (!/^https?:\/\//i.test(text)) return false;
  try {
    return new URL(text).hostname !== '';
  } catch {
    return false;
  }
}

function kind(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'object') return 'an object';
  return `${typeof value} ${short(value)}`;
}

function short(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}
