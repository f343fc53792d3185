import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);
import {
  PlanError,
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

// src/core/state/types.ts
var PLAN_STATUSES = ["AWAITING_APPROVAL", "IN_PROGRESS", "BLOCKED", "DONE", "CANCELLED"];
var STEP_STATUSES = ["PENDING", "IN_PROGRESS", "DONE", "FAILED", "SKIPPED"];
var ATTEMPT_OUTCOMES = ["succeeded", "failed", "timed_out", "interrupted", "cancelled"];
var STATE_VERSION = 1;

// src/core/plan/workspace-paths.ts
import { posix } from "node:path";
var EXPECTED = 'expected a path relative to the workspace, e.g. "out/report.md"';
function checkRelativePath(p) {
  if (typeof p !== "string") return `${showValue(p)} is not a string; ${EXPECTED}`;
  if (p.trim() === "") return `${showValue(p)} is empty; ${EXPECTED}`;
  if (p.includes("\0")) return `${showValue(p)} contains a NUL character; ${EXPECTED}`;
  const slashed = p.replace(/\\/g, "/");
  if (slashed.startsWith("/") || /^[A-Za-z]:/.test(p)) return `${showValue(p)} is absolute; ${EXPECTED}`;
  const normal = posix.normalize(slashed);
  if (normal === ".." || normal.startsWith("../")) return `${showValue(p)} leads outside the workspace (".."); ${EXPECTED}`;
  return null;
}

// src/core/plan/validate-rules.ts
var RULE_KINDS = [
  "file_exists",
  "file_contains",
  "json_schema",
  "payload_has_key",
  "payload_value_matches",
  "payload_values_equal",
  "command",
  "command_output_contains"
];
var MAX_COMMAND_TIMEOUT_SECONDS = 604800;
function checkRelativePathField(issues, path, value) {
  if (typeof value !== "string") {
    add(issues, path, `must be a relative path inside the workspace (a string), got ${showValue(value)}`);
    return;
  }
  const reason = checkRelativePath(value);
  if (!reason) return;
  const shown = showValue(value);
  const why = (reason.startsWith(`${shown} `) ? reason.slice(shown.length + 1) : reason).replace(/; expected .*$/s, "");
  add(issues, path, `must be a relative path inside the workspace, got ${shown} (${why})`);
}
function checkRules(value, path, issues, stepIds) {
  if (!Array.isArray(value)) {
    add(issues, path, `must be an array of validation rules, got ${showValue(value)}`);
    return;
  }
  value.forEach((rule, i) => checkRule(rule, index(path, i), { issues, stepIds }));
}
function checkRule(rule, path, ctx) {
  const expected = `an object with exactly one key among ${RULE_KINDS.join(", ")}`;
  if (!isRecord(rule)) {
    add(ctx.issues, path, `must be ${expected}, got ${showValue(rule)}`);
    return;
  }
  const keys = Object.keys(rule);
  if (keys.length !== 1) {
    add(ctx.issues, path, `must be ${expected}, got ${keys.length} keys${keys.length ? ` (${keys.join(", ")})` : ""}`);
    return;
  }
  const kind = keys[0];
  if (!RULE_KINDS.includes(kind)) {
    add(ctx.issues, key(path, kind), `is not a known rule kind; expected one of ${RULE_KINDS.join(", ")}`);
    return;
  }
  const bodyPath = key(path, kind);
  const body = rule[kind];
  if (!isRecord(body)) {
    add(ctx.issues, bodyPath, `must be an object with the rule's settings, got ${showValue(body)}`);
    return;
  }
  checkRuleBody(kind, body, bodyPath, ctx);
}
function checkRuleBody(kind, body, path, ctx) {
  const { issues } = ctx;
  switch (kind) {
    case "file_exists":
      checkRelativePathField(issues, key(path, "path"), body.path);
      return;
    case "file_contains":
      checkRelativePathField(issues, key(path, "path"), body.path);
      checkPattern(issues, path, body);
      return;
    case "json_schema":
      checkRelativePathField(issues, key(path, "path"), body.path);
      if (typeof body.schema === "string") checkRelativePathField(issues, key(path, "schema"), body.schema);
      else if (!isRecord(body.schema)) {
        add(issues, key(path, "schema"), `must be a JSON Schema object or a relative path to one, got ${showValue(body.schema)}`);
      }
      return;
    case "payload_has_key":
      checkString(issues, key(path, "key"), body.key, "a payload key");
      return;
    case "payload_value_matches":
      checkString(issues, key(path, "key"), body.key, "a payload key");
      checkPattern(issues, path, body);
      return;
    case "payload_values_equal":
      checkKeys(issues, key(path, "keys"), body.keys);
      if (body.step !== void 0 && !(typeof body.step === "string" && ctx.stepIds.has(body.step))) {
        add(issues, key(path, "step"), `must name a step of this plan whose payload to compare, got ${showValue(body.step)}; known steps: ${listSome(ctx.stepIds)}`);
      }
      return;
    case "command":
      checkArgv(issues, key(path, "argv"), body.argv);
      checkTimeout(issues, path, body);
      return;
    case "command_output_contains":
      checkArgv(issues, key(path, "argv"), body.argv);
      if (typeof body.text !== "string" || body.text.length === 0) {
        add(issues, key(path, "text"), `must be a non-empty string to find in the command's output, got ${showValue(body.text)}`);
      }
      checkTimeout(issues, path, body);
      return;
  }
}
function checkPattern(issues, path, body) {
  const flags = body.flags;
  let flagsOk = true;
  if (flags !== void 0 && (typeof flags !== "string" || !/^[dgimsuvy]*$/.test(flags))) {
    add(issues, key(path, "flags"), `must be a string of JavaScript regular expression flags (d, g, i, m, s, u, v, y), got ${showValue(flags)}`);
    flagsOk = false;
  }
  const pattern = body.pattern;
  if (typeof pattern !== "string" || pattern.length === 0) {
    add(issues, key(path, "pattern"), `must be a non-empty JavaScript regular expression, got ${showValue(pattern)}`);
    return;
  }
  const problem = regexProblem(pattern, void 0);
  if (problem) add(issues, key(path, "pattern"), `must be a valid JavaScript regular expression, got ${showValue(pattern)} (${problem})`);
  else if (flagsOk && typeof flags === "string") {
    const flagProblem = regexProblem(pattern, flags);
    if (flagProblem) add(issues, key(path, "flags"), `must be valid flags for this pattern, got ${showValue(flags)} (${flagProblem})`);
  }
}
function regexProblem(pattern, flags) {
  try {
    new RegExp(pattern, flags);
    return null;
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
}
function checkKeys(issues, path, value) {
  if (!Array.isArray(value) || value.length < 2) {
    add(issues, path, `must be an array of at least 2 payload keys to compare, got ${showValue(value)}`);
    return;
  }
  value.forEach((k, i) => checkString(issues, index(path, i), k, "a payload key"));
}
function checkArgv(issues, path, value) {
  if (!Array.isArray(value) || value.length === 0) {
    add(issues, path, `must be a non-empty array of strings (the program, then its arguments; no shell), got ${showValue(value)}`);
    return;
  }
  value.forEach((arg, i) => {
    if (typeof arg !== "string") add(issues, index(path, i), `must be a string, got ${showValue(arg)}`);
    else if (arg.includes("\0")) add(issues, index(path, i), `must not contain a NUL character, got ${showValue(arg)}`);
  });
  if (typeof value[0] === "string" && !isNonEmptyString(value[0])) {
    add(issues, index(path, 0), `must name the program to run, got ${showValue(value[0])}`);
  }
}
function checkTimeout(issues, path, body) {
  const t = body.timeoutSeconds;
  if (t === void 0) return;
  if (typeof t !== "number" || !Number.isFinite(t) || t <= 0 || t > MAX_COMMAND_TIMEOUT_SECONDS) {
    add(issues, key(path, "timeoutSeconds"), `must be a number of seconds > 0 and <= ${MAX_COMMAND_TIMEOUT_SECONDS}, got ${showValue(t)}`);
  }
}

// src/core/plan/validate-plan.ts
var MAX_STEPS = 1e4;
var MAX_ATTEMPTS = 100;
var MAX_TIMEOUT_MINUTES = 10080;
var ENV_KEY_PATTERN = /^[A-Za-z_][A-Za-z0-9_]*$/;
var RESERVED_ENV_PREFIX = "SEQUENCER_";
var ROUTE_KEYWORDS = ["retry", "fail"];
function parsePlan(input, source = "plan") {
  const { plan, issues } = validatePlan(input);
  if (!plan || issues.length > 0) throw new PlanError(issues, source);
  return plan;
}
function validatePlan(input, basePath = "plan", copy = true) {
  const issues = [];
  if (!isRecord(input)) {
    add(issues, basePath, `must be an object with "steps" (a plan), got ${showValue(input)}`);
    return { issues, stepIds: /* @__PURE__ */ new Set() };
  }
  const plan = copy ? cloneJson(input) : input;
  const stepsPath = key(basePath, "steps");
  const steps = plan.steps;
  let stepIds = /* @__PURE__ */ new Set();
  if (!isRecord(steps)) {
    add(issues, stepsPath, `must be an object mapping step ids to steps, got ${showValue(steps)}`);
  } else {
    const ids = Object.keys(steps);
    if (ids.length === 0) add(issues, stepsPath, "must contain at least one step, got {}");
    if (ids.length > MAX_STEPS) add(issues, stepsPath, `must contain at most ${MAX_STEPS} steps, got ${ids.length}`);
    stepIds = new Set(ids);
    const routes = /* @__PURE__ */ new Map();
    for (const id of ids) {
      if (!ID_PATTERN.test(id)) {
        add(issues, key(stepsPath, id), `has an invalid step id ${showValue(id)}; expected 1-100 letters, digits, ".", "_" or "-", starting with a letter or digit`);
      }
      const step = steps[id];
      const normalized = checkStep(step, stepsPath, id, stepIds, issues);
      if (!normalized) continue;
      if (normalized !== step) Object.defineProperty(steps, id, { value: normalized, enumerable: true, writable: true, configurable: true });
      const target = normalized.onValidationFail;
      if (typeof target === "string" && target !== id && stepIds.has(target) && !ROUTE_KEYWORDS.includes(target)) routes.set(id, target);
    }
    checkRoutingLoops(routes, stepsPath, issues);
  }
  if (plan.title !== void 0 && typeof plan.title !== "string") {
    add(issues, key(basePath, "title"), `must be a string, got ${showValue(plan.title)}`);
  }
  if (plan.stepQueue !== void 0) checkQueue(issues, key(basePath, "stepQueue"), plan.stepQueue, stepIds, false);
  if (plan.deadline !== void 0) {
    const problem = timestampProblem(plan.deadline, true);
    if (problem) add(issues, key(basePath, "deadline"), problem);
  }
  return issues.length > 0 ? { issues, stepIds } : { plan, issues, stepIds };
}
function checkQueue(issues, path, value, stepIds, allowEmpty) {
  if (!Array.isArray(value) || !allowEmpty && value.length === 0) {
    add(issues, path, `must be a${allowEmpty ? "n" : " non-empty"} array of step ids, got ${showValue(value)}`);
    return false;
  }
  const before = issues.length;
  const seen = /* @__PURE__ */ new Set();
  for (let i = 0; i < value.length; i++) {
    const id = value[i];
    if (typeof id !== "string") add(issues, index(path, i), `must be a step id (a string), got ${showValue(id)}`);
    else if (seen.has(id)) add(issues, index(path, i), `repeats step ${showValue(id)} (already at index ${value.indexOf(id)}); each step may be queued once`);
    else {
      seen.add(id);
      if (!stepIds.has(id)) add(issues, index(path, i), `names unknown step ${showValue(id)}; known steps: ${listSome(stepIds)}`);
    }
  }
  return issues.length === before;
}
var TIMEOUT_FIELDS = ["attemptTimeoutMinutes", "timeoutMinutes"];
var PAYLOAD_FIELDS = ["expectPayload", "inheritPayload"];
function checkStep(step, stepsPath, id, stepIds, issues) {
  if (!isRecord(step)) {
    add(issues, key(stepsPath, id), `must be an object with "title" and "instruction", got ${showValue(step)}`);
    return void 0;
  }
  if (!isNonEmptyString(step.title)) checkString(issues, key(key(stepsPath, id), "title"), step.title, "a short human-readable label");
  if (!isNonEmptyString(step.instruction)) checkString(issues, key(key(stepsPath, id), "instruction"), step.instruction, "the full instruction for the agent");
  if (isPlainStep(step)) return step;
  return checkStepFields(step, key(stepsPath, id), id, stepIds, issues);
}
var PLAIN_STEP_FIELDS = /* @__PURE__ */ new Set(["title", "instruction"]);
function isPlainStep(step) {
  for (const field of Object.keys(step)) if (!PLAIN_STEP_FIELDS.has(field)) return false;
  return true;
}
function checkStepFields(step, path, id, stepIds, issues) {
  let outputsField = "requiredOutputs";
  let normalized = step;
  if (Object.hasOwn(step, "required_outputs")) {
    if (Object.hasOwn(step, "requiredOutputs")) {
      add(issues, key(path, "required_outputs"), 'cannot be given together with "requiredOutputs" (the same field in snake_case); keep one');
    } else {
      outputsField = "required_outputs";
      normalized = Object.fromEntries(Object.entries(step).map(([k, v]) => [k === "required_outputs" ? "requiredOutputs" : k, v]));
    }
  }
  const outputs = normalized.requiredOutputs;
  if (outputs !== void 0) {
    const outputsPath = key(path, outputsField);
    if (!Array.isArray(outputs)) add(issues, outputsPath, `must be an array of relative paths inside the workspace, got ${showValue(outputs)}`);
    else {
      for (let i = 0; i < outputs.length; i++) {
        const output = outputs[i];
        if (typeof output !== "string" || checkRelativePath(output) !== null) checkRelativePathField(issues, index(outputsPath, i), output);
      }
    }
  }
  if (step.maxAttempts !== void 0) checkInteger(issues, key(path, "maxAttempts"), step.maxAttempts, 1, MAX_ATTEMPTS);
  for (const field of TIMEOUT_FIELDS) {
    const v = step[field];
    if (v !== void 0 && (typeof v !== "number" || !Number.isFinite(v) || v <= 0 || v > MAX_TIMEOUT_MINUTES)) {
      add(issues, key(path, field), `must be a number of minutes > 0 and <= ${MAX_TIMEOUT_MINUTES}, got ${showValue(v)}`);
    }
  }
  if (step.agent !== void 0) checkString(issues, key(path, "agent"), step.agent, "an agent command");
  if (step.env !== void 0) checkEnv(issues, key(path, "env"), step.env);
  for (const field of PAYLOAD_FIELDS) {
    const v = step[field];
    if (v !== void 0 && typeof v !== "boolean") add(issues, key(path, field), `must be true or false, got ${showValue(v)}`);
  }
  if (step.onValidationFail !== void 0) checkRoute(issues, key(path, "onValidationFail"), step.onValidationFail, id, stepIds);
  if (step.validate !== void 0) checkRules(step.validate, key(path, "validate"), issues, stepIds);
  return normalized;
}
function checkEnv(issues, path, env) {
  if (!isRecord(env)) {
    add(issues, path, `must be an object of environment variable names to string values, got ${showValue(env)}`);
    return;
  }
  for (const [name, value] of Object.entries(env)) {
    const p = key(path, name);
    if (!ENV_KEY_PATTERN.test(name)) add(issues, p, `has an invalid variable name ${showValue(name)}; expected letters, digits and "_", not starting with a digit`);
    else if (name.startsWith(RESERVED_ENV_PREFIX)) {
      add(issues, p, `uses the reserved prefix ${RESERVED_ENV_PREFIX} (set by the sequencer itself), got ${showValue(name)}`);
    }
    if (typeof value !== "string") add(issues, p, `must be a string (quote numbers and booleans in YAML), got ${showValue(value)}`);
  }
}
function checkRoute(issues, path, value, self, stepIds) {
  if (typeof value === "string" && ROUTE_KEYWORDS.includes(value)) return;
  if (value === self) {
    add(issues, path, `must not route step ${showValue(self)} to itself; use "retry" to run it again`);
  } else if (typeof value !== "string" || !stepIds.has(value)) {
    add(issues, path, `must be "retry", "fail" or the id of another step, got ${showValue(value)}; known steps: ${listSome(stepIds)}`);
  }
}
function checkRoutingLoops(next, stepsPath, issues) {
  const walkOf = /* @__PURE__ */ new Map();
  let walk = 0;
  for (const start of next.keys()) {
    if (walkOf.has(start)) continue;
    walk++;
    const path = [];
    let at = start;
    while (at !== void 0 && !walkOf.has(at)) {
      walkOf.set(at, walk);
      path.push(at);
      at = next.get(at);
    }
    if (at !== void 0 && walkOf.get(at) === walk) {
      const cycle = path.slice(path.indexOf(at));
      add(issues, key(key(stepsPath, at), "onValidationFail"), `routing can loop forever: ${[...cycle, at].join(" \u2192 ")}; let one of these steps use "retry" or "fail"`);
    }
  }
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
  cloneJson,
  listSome,
  PLAN_STATUSES,
  STEP_STATUSES,
  ATTEMPT_OUTCOMES,
  STATE_VERSION,
  checkRelativePath,
  parsePlan,
  validatePlan,
  checkQueue
};
