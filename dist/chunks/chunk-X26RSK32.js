import {
  escapeUnshowable,
  nearestName,
  showValue
} from "./chunk-UZTB5BNK.js";

// src/core/plan/field-checks.ts
var ISO_DATE_TIME = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d+)?(Z|z|[+-]([01]\d|2[0-3]):[0-5]\d)$/, ISO_TIMESTAMP = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])([T ]([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d+)?)?(Z|z|[+-]([01]\d|2[0-3]):?[0-5]\d)?)?$/;
function isRecord(value) {
  return typeof value == "object" && value !== null && !Array.isArray(value);
}
var NON_SPACE = /\S/;
function isNonEmptyString(value) {
  return typeof value == "string" && NON_SPACE.test(value);
}
var DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
function isRealDate(text) {
  let y = digits(text, 0, 4), m = digits(text, 5, 2), d = digits(text, 8, 2);
  if (m < 1 || m > 12 || d < 1) return !1;
  let leap = y % 4 === 0 && y % 100 !== 0 || y % 400 === 0;
  return d <= (m === 2 && leap ? 29 : DAYS_IN_MONTH[m - 1] ?? 0);
}
function digits(text, from, count) {
  let n = 0;
  for (let i = from; i < from + count; i++) n = n * 10 + (text.charCodeAt(i) - 48);
  return n;
}
function timestampProblem(value, strict) {
  let pattern = strict ? ISO_DATE_TIME : ISO_TIMESTAMP, expected = strict ? 'an ISO 8601 date-time with a time zone, e.g. "2025-01-31T18:00:00Z"' : 'an ISO 8601 timestamp, e.g. "2025-01-31T18:00:00Z"';
  return typeof value != "string" || !pattern.test(value) || !isRealDate(value) ? `must be ${expected}, got ${showValue(value)}` : null;
}
function key(base, name) {
  return `${base}.${escapeUnshowable(name)}`;
}
function index(base, i) {
  return `${base}[${i}]`;
}
function add(issues, path, message) {
  issues.push({ path, message });
}
function isIntegerIn(value, min, max = Number.MAX_SAFE_INTEGER) {
  return typeof value == "number" && Number.isInteger(value) && value >= min && value <= max;
}
function checkInteger(issues, path, value, min, max = Number.MAX_SAFE_INTEGER) {
  if (!isIntegerIn(value, min, max)) {
    let range = max === Number.MAX_SAFE_INTEGER ? `>= ${min}` : `from ${min} to ${max}`;
    return add(issues, path, `must be an integer ${range}, got ${showValue(value)}`), !1;
  }
  return !0;
}
function checkString(issues, path, value, what) {
  return isNonEmptyString(value) ? !0 : (add(issues, path, `must be a non-empty string (${what}), got ${showValue(value)}`), !1);
}
function cloneJson(value) {
  if (Array.isArray(value)) return value.map((v) => cloneJson(v));
  if (!isRecord(value)) return value;
  let out = {};
  for (let k of Object.keys(value))
    k === "__proto__" ? Object.defineProperty(out, k, { value: cloneJson(value[k]), enumerable: !0, writable: !0, configurable: !0 }) : out[k] = cloneJson(value[k]);
  return out;
}
function listSome(names, limit = 10) {
  let total = names instanceof Set ? names.size : names.length, shown = [];
  for (let name of names) {
    if (shown.length === limit) break;
    shown.push(name);
  }
  return total > limit ? `${shown.join(", ")}, ... (${total} in all)` : shown.join(", ");
}
var EXTENSION_PREFIX = "x-";
function checkKnownFields(issues, path, record, known) {
  for (let field of Object.keys(record)) {
    if (known.includes(field) || field.startsWith(EXTENSION_PREFIX)) continue;
    let near = nearestName(field, known), hint = near ? `did you mean ${near}?` : `expected one of ${known.join(", ")}, or a name starting with "${EXTENSION_PREFIX}" for your own data`;
    add(issues, key(path, field), `unknown field; ${hint}`);
  }
}

export {
  ISO_DATE_TIME,
  isRecord,
  isNonEmptyString,
  isRealDate,
  timestampProblem,
  key,
  index,
  add,
  isIntegerIn,
  checkInteger,
  checkString,
  cloneJson,
  listSome,
  checkKnownFields
};
