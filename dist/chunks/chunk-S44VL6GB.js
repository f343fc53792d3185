import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);
import {
  showValue
} from "./chunk-TEYULPYE.js";

// src/core/plan/field-checks.ts
var ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;
var ISO_DATE_TIME = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d+)?(Z|z|[+-]([01]\d|2[0-3]):[0-5]\d)$/;
var ISO_TIMESTAMP = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])([T ]([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d+)?)?(Z|z|[+-]([01]\d|2[0-3]):?[0-5]\d)?)?$/;
function isRecord(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
var NON_SPACE = /\S/;
function isNonEmptyString(value) {
  return typeof value === "string" && NON_SPACE.test(value);
}
var DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
function isRealDate(text) {
  const y = digits(text, 0, 4);
  const m = digits(text, 5, 2);
  const d = digits(text, 8, 2);
  if (m < 1 || m > 12 || d < 1) return false;
  const leap = y % 4 === 0 && y % 100 !== 0 || y % 400 === 0;
  return d <= (m === 2 && leap ? 29 : DAYS_IN_MONTH[m - 1] ?? 0);
}
function digits(text, from, count) {
  let n = 0;
  for (let i = from; i < from + count; i++) n = n * 10 + (text.charCodeAt(i) - 48);
  return n;
}
function timestampProblem(value, strict) {
  const pattern = strict ? ISO_DATE_TIME : ISO_TIMESTAMP;
  const expected = strict ? 'an ISO 8601 date-time with a time zone, e.g. "2025-01-31T18:00:00Z"' : 'an ISO 8601 timestamp, e.g. "2025-01-31T18:00:00Z"';
  if (typeof value !== "string" || !pattern.test(value) || !isRealDate(value)) {
    return `must be ${expected}, got ${showValue(value)}`;
  }
  return null;
}
function key(base, name) {
  return `${base}.${name}`;
}
function index(base, i) {
  return `${base}[${i}]`;
}
function add(issues, path, message) {
  issues.push({ path, message });
}
function isIntegerIn(value, min, max = Number.MAX_SAFE_INTEGER) {
  return typeof value === "number" && Number.isInteger(value) && value >= min && value <= max;
}
function checkInteger(issues, path, value, min, max = Number.MAX_SAFE_INTEGER) {
  if (!isIntegerIn(value, min, max)) {
    const range = max === Number.MAX_SAFE_INTEGER ? `>= ${min}` : `from ${min} to ${max}`;
    add(issues, path, `must be an integer ${range}, got ${showValue(value)}`);
    return false;
  }
  return true;
}
function checkString(issues, path, value, what) {
  if (!isNonEmptyString(value)) {
    add(issues, path, `must be a non-empty string (${what}), got ${showValue(value)}`);
    return false;
  }
  return true;
}
function cloneJson(value) {
  if (Array.isArray(value)) return value.map((v) => cloneJson(v));
  if (!isRecord(value)) return value;
  const out = {};
  for (const k of Object.keys(value)) {
    if (k === "__proto__") Object.defineProperty(out, k, { value: cloneJson(value[k]), enumerable: true, writable: true, configurable: true });
    else out[k] = cloneJson(value[k]);
  }
  return out;
}
function listSome(names, limit = 10) {
  const total = names instanceof Set ? names.size : names.length;
  const shown = [];
  for (const name of names) {
    if (shown.length === limit) break;
    shown.push(name);
  }
  return total > limit ? `${shown.join(", ")}, ... (${total} in all)` : shown.join(", ");
}
var EXTENSION_PREFIX = "x-";
function checkKnownFields(issues, path, record, known) {
  for (const field of Object.keys(record)) {
    if (known.includes(field) || field.startsWith(EXTENSION_PREFIX)) continue;
    const near = nearestName(field, known);
    const hint = near ? `did you mean ${near}?` : `expected one of ${known.join(", ")}, or a name starting with "${EXTENSION_PREFIX}" for your own data`;
    add(issues, key(path, field), `unknown field; ${hint}`);
  }
}
function nearestName(name, known) {
  const lower = name.toLowerCase();
  let best;
  let bestDistance = Infinity;
  for (const candidate of known) {
    const d = editDistance(lower, candidate.toLowerCase());
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  const limit = Math.max(2, Math.floor(Math.max(name.length, best?.length ?? 0) / 3));
  return bestDistance <= limit ? best : void 0;
}
function editDistance(a, b) {
  if (a.length > 100 || b.length > 100) return Infinity;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) {
      cur[j] = Math.min((prev[j] ?? 0) + 1, (cur[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    prev = cur;
  }
  return prev[b.length] ?? Infinity;
}

// src/core/plan/validate-budget.ts
var BUDGET_FIELDS = ["costUsd", "tokens"];
var MAX_BUDGET_USD = 1e6;
var MAX_BUDGET_TOKENS = 1e12;
function checkBudget(issues, path, value, strict) {
  if (!isRecord(value)) {
    add(issues, path, `must be an object with "costUsd" (US dollars), "tokens" or both, got ${showValue(value)}`);
    return;
  }
  if (strict) checkKnownFields(issues, path, value, BUDGET_FIELDS);
  const cost = value.costUsd;
  if (cost !== void 0 && (typeof cost !== "number" || !Number.isFinite(cost) || cost <= 0 || cost > MAX_BUDGET_USD)) {
    add(issues, key(path, "costUsd"), `must be a number of US dollars > 0 and <= ${MAX_BUDGET_USD}, got ${showValue(cost)}`);
  }
  const tokens = value.tokens;
  if (tokens !== void 0 && (typeof tokens !== "number" || !Number.isInteger(tokens) || tokens < 1 || tokens > MAX_BUDGET_TOKENS)) {
    add(issues, key(path, "tokens"), `must be a whole number of tokens from 1 to ${MAX_BUDGET_TOKENS}, got ${showValue(tokens)}`);
  }
  if (cost === void 0 && tokens === void 0) add(issues, path, 'must set "costUsd", "tokens" or both; leave "budget" out for no budget');
}

export {
  ID_PATTERN,
  isRecord,
  isNonEmptyString,
  timestampProblem,
  key,
  index,
  add,
  isIntegerIn,
  checkInteger,
  checkString,
  cloneJson,
  listSome,
  checkKnownFields,
  nearestName,
  MAX_BUDGET_USD,
  MAX_BUDGET_TOKENS,
  checkBudget
};
