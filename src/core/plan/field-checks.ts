// Small shared checks for the plan and state validators. Every check appends to an issue list
// instead of throwing, so one pass reports every problem in a document at once.
import { escapeUnshowable, showValue, type Issue, nearestName } from '../errors.js';

export { ID_PATTERN } from './plan-limits.js';

/**
 * RFC 3339 date-time with a zone, as JSON Schema's `date-time` format. The same pattern is in
 * schema/plan.schema.json (`deadline`), so the two cannot disagree on shape.
 */
export const ISO_DATE_TIME = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d+)?(Z|z|[+-]([01]\d|2[0-3]):[0-5]\d)$/;

/**
 * Timestamps in state files: the original step-sequencer's scripts wrote Python `isoformat()`
 * values, which may lack a zone or seconds, so this is deliberately looser than ISO_DATE_TIME.
 */
export const ISO_TIMESTAMP = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])([T ]([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d+)?)?(Z|z|[+-]([01]\d|2[0-3]):?[0-5]\d)?)?$/;

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const NON_SPACE = /\S/;

export function isNonEmptyString(value: unknown): value is string {
  // A regex test, not trim(): trim copies every title and instruction of a 10,000-step plan.
  return typeof value === 'string' && NON_SPACE.test(value);
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Whether a string matching one of the patterns above names a real calendar day (not Feb 30). */
export function isRealDate(text: string): boolean {
  const y = digits(text, 0, 4);
  const m = digits(text, 5, 2);
  const d = digits(text, 8, 2);
  if (m < 1 || m > 12 || d < 1) return false;
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  return d <= (m === 2 && leap ? 29 : (DAYS_IN_MONTH[m - 1] ?? 0));
}

/** The decimal number in text[from, from + count); NaN-free for the digit runs the patterns guarantee. */
function digits(text: string, from: number, count: number): number {
  let n = 0;
  for (let i = from; i < from + count; i++) n = n * 10 + (text.charCodeAt(i) - 48);
  return n;
}

/** `null` when `value` is an acceptable state timestamp, else the reason. */
export function timestampProblem(value: unknown, strict: boolean): string | null {
  const pattern = strict ? ISO_DATE_TIME : ISO_TIMESTAMP;
  const expected = strict ? 'an ISO 8601 date-time with a time zone, e.g. "2025-01-31T18:00:00Z"' : 'an ISO 8601 timestamp, e.g. "2025-01-31T18:00:00Z"';
  if (typeof value !== 'string' || !pattern.test(value) || !isRealDate(value)) {
    return `must be ${expected}, got ${showValue(value)}`;
  }
  return null;
}

/** The path of a field; a name from the document is shown escaped (see escapeUnshowable). */
export function key(base: string, name: string): string {
  return `${base}.${escapeUnshowable(name)}`;
}

export function index(base: string, i: number): string {
  return `${base}[${i}]`;
}

export function add(issues: Issue[], path: string, message: string): void {
  issues.push({ path, message });
}

export function isIntegerIn(value: unknown, min: number, max = Number.MAX_SAFE_INTEGER): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;
}

export function checkInteger(issues: Issue[], path: string, value: unknown, min: number, max = Number.MAX_SAFE_INTEGER): boolean {
  if (!isIntegerIn(value, min, max)) {
    const range = max === Number.MAX_SAFE_INTEGER ? `>= ${min}` : `from ${min} to ${max}`;
    add(issues, path, `must be an integer ${range}, got ${showValue(value)}`);
    return false;
  }
  return true;
}

export function checkString(issues: Issue[], path: string, value: unknown, what: string): boolean {
  if (!isNonEmptyString(value)) {
    add(issues, path, `must be a non-empty string (${what}), got ${showValue(value)}`);
    return false;
  }
  return true;
}

/** Copies arrays and plain objects so normalizing never writes into the caller's document. */
export function cloneJson<T>(value: T): T {
  if (Array.isArray(value)) return value.map((v) => cloneJson(v) as unknown) as T;
  if (!isRecord(value)) return value;
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(value)) {
    // Assigning `__proto__` would replace the prototype; define it as the plain data key it was.
    if (k === '__proto__') Object.defineProperty(out, k, { value: cloneJson(value[k]), enumerable: true, writable: true, configurable: true });
    else out[k] = cloneJson(value[k]);
  }
  return out as T;
}

/** Lists a few known names for "unknown step" messages without flooding a 10,000-step plan. */
export function listSome(names: ReadonlySet<string> | readonly string[], limit = 10): string {
  const total = names instanceof Set ? names.size : (names as readonly string[]).length;
  const shown: string[] = [];
  for (const name of names) {
    if (shown.length === limit) break;
    shown.push(name);
  }
  return total > limit ? `${shown.join(', ')}, ... (${total} in all)` : shown.join(', ');
}

/** Extension fields: a plan may carry its own data under names starting with this. */
export const EXTENSION_PREFIX = 'x-';

/**
 * Reports every field of `record` that is neither in `known` nor an `x-` extension, naming the
 * nearest known field: a misspelt field would otherwise be ignored and check nothing.
 */
export function checkKnownFields(issues: Issue[], path: string, record: Record<string, unknown>, known: readonly string[]): void {
  for (const field of Object.keys(record)) {
    if (known.includes(field) || field.startsWith(EXTENSION_PREFIX)) continue;
    const near = nearestName(field, known);
    const hint = near ? `did you mean ${near}?` : `expected one of ${known.join(', ')}, or a name starting with "${EXTENSION_PREFIX}" for your own data`;
    add(issues, key(path, field), `unknown field; ${hint}`);
  }
}
