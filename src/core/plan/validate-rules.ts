// Checks the `validate` rules of a step (the kinds the README's "The plan format" lists). A rule is an
// object with exactly one key.
import { showValue, type Issue, nearestName } from '../errors.js';
import { add, checkKnownFields, checkString, index, isNonEmptyString, isRecord, key, listSome } from './field-checks.js';
import { compilePattern } from './rule-pattern.js';
import { checkRelativePath } from './workspace-paths.js';
import { commandProblem } from '../trust/agent-command.js';
import { countOf } from '../render/plural.js';
import { MAX_SQL_QUERY_CHARS, sqlQueryProblem } from './sql-query.js';

export const RULE_KINDS = [
  'file_exists',
  'file_contains',
  'json_schema',
  'payload_has_key',
  'payload_value_matches',
  'payload_values_equal',
  'command',
  'command_output_contains',
  'payload_provenance',
  'db_query',
] as const;
export type RuleKind = (typeof RULE_KINDS)[number];

/** A week: longer than any GitHub job may run, so a bigger value is surely a unit mistake. */
const MAX_COMMAND_TIMEOUT_SECONDS = 604_800;

/** The settings each rule kind reads; in a plan file any other setting is refused as a likely typo. */
const RULE_FIELDS: Readonly<Record<RuleKind, readonly string[]>> = {
  file_exists: ['path'],
  file_contains: ['path', 'pattern', 'flags'],
  json_schema: ['path', 'schema'],
  payload_has_key: ['key'],
  payload_value_matches: ['key', 'pattern', 'flags'],
  payload_values_equal: ['keys', 'step'],
  command: ['argv', 'timeoutSeconds'],
  command_output_contains: ['argv', 'text', 'timeoutSeconds'],
  db_query: ['path', 'query', 'expect', 'timeoutSeconds'],
  payload_provenance: ['key', 'maxAgeDays'],
};

/** Ten years: an age limit beyond that is surely a unit mistake. */
const MAX_AGE_DAYS = 3650;

/** Longest expected text of a db_query rule; the value read back is cut to this length too. */
export const MAX_DB_EXPECT_CHARS = 4096;

interface RuleContext {
  issues: Issue[];
  stepIds: ReadonlySet<string>;
  strict: boolean;
}

export function checkRelativePathField(issues: Issue[], path: string, value: unknown): void {
  if (typeof value !== 'string') {
    add(issues, path, `must be a relative path inside the workspace (a string), got ${showValue(value)}`);
    return;
  }
  const reason = checkRelativePath(value);
  if (!reason) return;
  // The reason repeats the value and what is expected; keep only the middle, the actual problem.
  const shown = showValue(value);
  const why = (reason.startsWith(`${shown} `) ? reason.slice(shown.length + 1) : reason).replace(/; expected .*$/s, '');
  add(issues, path, `must be a relative path inside the workspace, got ${shown} (${why})`);
}

/** Checks `validate`; `path` is e.g. `plan.steps.step-1.validate`. */
export function checkRules(value: unknown, path: string, issues: Issue[], stepIds: ReadonlySet<string>, strict = false): void {
  if (!Array.isArray(value)) {
    add(issues, path, `must be an array of validation rules, got ${showValue(value)}`);
    return;
  }
  value.forEach((rule, i) => checkRule(rule, index(path, i), { issues, stepIds, strict }));
}

function checkRule(rule: unknown, path: string, ctx: RuleContext): void {
  const expected = `an object with exactly one key among ${RULE_KINDS.join(', ')}`;
  if (!isRecord(rule)) {
    add(ctx.issues, path, `must be ${expected}, got ${showValue(rule)}`);
    return;
  }
  const keys = Object.keys(rule);
  if (keys.length !== 1) {
    add(ctx.issues, path, `must be ${expected}, got ${countOf(keys.length, 'key')}${keys.length ? ` (${keys.join(', ')})` : ''}`);
    return;
  }
  const kind = keys[0] as string;
  if (!(RULE_KINDS as readonly string[]).includes(kind)) {
    const near = nearestName(kind, RULE_KINDS);
    add(ctx.issues, key(path, kind), `is not a known rule kind; ${near ? `did you mean ${near}? ` : ''}expected one of ${RULE_KINDS.join(', ')}`);
    return;
  }
  const bodyPath = key(path, kind);
  const body = rule[kind];
  if (!isRecord(body)) {
    add(ctx.issues, bodyPath, `must be an object with the rule's settings, got ${showValue(body)}`);
    return;
  }
  if (ctx.strict) checkKnownFields(ctx.issues, bodyPath, body, RULE_FIELDS[kind as RuleKind]);
  checkRuleBody(kind as RuleKind, body, bodyPath, ctx);
}

function checkRuleBody(kind: RuleKind, body: Record<string, unknown>, path: string, ctx: RuleContext): void {
  const { issues } = ctx;
  switch (kind) {
    case 'file_exists':
      checkRelativePathField(issues, key(path, 'path'), body.path);
      return;
    case 'file_contains':
      checkRelativePathField(issues, key(path, 'path'), body.path);
      checkPattern(issues, path, body);
      return;
    case 'json_schema':
      checkRelativePathField(issues, key(path, 'path'), body.path);
      if (typeof body.schema === 'string') checkRelativePathField(issues, key(path, 'schema'), body.schema);
      else if (!isRecord(body.schema)) {
        add(issues, key(path, 'schema'), `must be a JSON Schema object or a relative path to one, got ${showValue(body.schema)}`);
      }
      return;
    case 'payload_has_key':
      checkString(issues, key(path, 'key'), body.key, 'a payload key');
      return;
    case 'payload_value_matches':
      checkString(issues, key(path, 'key'), body.key, 'a payload key');
      checkPattern(issues, path, body);
      return;
    case 'payload_values_equal':
      checkKeys(issues, key(path, 'keys'), body.keys);
      if (body.step !== undefined && !(typeof body.step === 'string' && ctx.stepIds.has(body.step))) {
        add(issues, key(path, 'step'), `must name a step of this plan whose payload to compare, got ${showValue(body.step)}; known steps: ${listSome(ctx.stepIds)}`);
      }
      return;
    case 'command':
      checkArgv(issues, key(path, 'argv'), body.argv);
      checkTimeout(issues, path, body);
      return;
    case 'command_output_contains':
      checkArgv(issues, key(path, 'argv'), body.argv);
      if (typeof body.text !== 'string' || body.text.length === 0) {
        add(issues, key(path, 'text'), `must be a non-empty string to find in the command's output, got ${showValue(body.text)}`);
      }
      checkTimeout(issues, path, body);
      return;
    case 'payload_provenance': {
      checkString(issues, key(path, 'key'), body.key, 'the payload key of the list of items');
      const days = body.maxAgeDays;
      if (days !== undefined && (typeof days !== 'number' || !Number.isFinite(days) || days <= 0 || days > MAX_AGE_DAYS)) {
        add(issues, key(path, 'maxAgeDays'), `must be a number of days > 0 and <= ${MAX_AGE_DAYS}, got ${showValue(days)}`);
      }
      return;
    }
    case 'db_query':
      checkRelativePathField(issues, key(path, 'path'), body.path);
      checkQuery(issues, key(path, 'query'), body.query);
      checkExpect(issues, key(path, 'expect'), body);
      checkTimeout(issues, path, body);
      return;
  }
}

function checkQuery(issues: Issue[], path: string, value: unknown): void {
  if (!isNonEmptyString(value)) {
    add(issues, path, `must be a non-empty SQL query (one SELECT, WITH or VALUES statement, at most ${MAX_SQL_QUERY_CHARS} characters), got ${showValue(value)}`);
    return;
  }
  const problem = sqlQueryProblem(value);
  if (problem) add(issues, path, `${problem}, got ${showValue(value)}`);
}

function checkExpect(issues: Issue[], path: string, body: Record<string, unknown>): void {
  if (!Object.hasOwn(body, 'expect')) return;
  const v = body.expect;
  const scalar = v === null || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v)) || (typeof v === 'string' && v.length <= MAX_DB_EXPECT_CHARS);
  if (!scalar) {
    add(issues, path, `must be the value the first column of the first row should have: a string (at most ${MAX_DB_EXPECT_CHARS} characters), a number, true, false or null, got ${showValue(v)}`);
  }
}

function checkPattern(issues: Issue[], path: string, body: Record<string, unknown>): void {
  const { flags, pattern } = body;
  const flagsOk = flags === undefined || typeof flags === 'string';
  if (!flagsOk) add(issues, key(path, 'flags'), `must be a string of regular expression flags (some of i, m, s, u; g, y and d are accepted), got ${showValue(flags)}`);
  if (typeof pattern !== 'string' || pattern.length === 0) {
    add(issues, key(path, 'pattern'), `must be a non-empty regular expression in RE2 syntax, got ${showValue(pattern)}`);
    return;
  }
  const result = compilePattern(pattern, typeof flags === 'string' ? flags : '');
  if (result.ok) return;
  if (result.field === 'flags') add(issues, key(path, 'flags'), `must be regular expression flags (some of i, m, s, u; g, y and d are accepted), got ${showValue(flags)}: ${result.problem}`);
  else add(issues, key(path, 'pattern'), `must be a regular expression in RE2 syntax (a subset of JavaScript's), got ${showValue(pattern)}: ${result.problem}`);
}

function checkKeys(issues: Issue[], path: string, value: unknown): void {
  if (!Array.isArray(value) || value.length < 2) {
    add(issues, path, `must be an array of at least 2 payload keys to compare, got ${showValue(value)}`);
    return;
  }
  value.forEach((k, i) => checkString(issues, index(path, i), k, 'a payload key'));
}

export function checkArgv(issues: Issue[], path: string, value: unknown): void {
  if (!Array.isArray(value) || value.length === 0) {
    add(issues, path, `must be a non-empty array of strings (the program, then its arguments; no shell), got ${showValue(value)}`);
    return;
  }
  value.forEach((arg, i) => {
    if (typeof arg !== 'string') add(issues, index(path, i), `must be a string, got ${showValue(arg)}`);
    else if (arg.includes('\0')) add(issues, index(path, i), `must not contain a NUL character, got ${showValue(arg)}`);
  });
  if (typeof value[0] === 'string' && !isNonEmptyString(value[0])) {
    add(issues, index(path, 0), `must name the program to run, got ${showValue(value[0])}`);
  } else if (value.every((arg) => typeof arg === 'string')) {
    // The same refusals as agent commands: no shell and no inline code behind a check.
    const problem = commandProblem(value);
    if (problem) add(issues, path, `must not run a shell or inline code: ${showValue(value)} ${problem}`);
  }
}

function checkTimeout(issues: Issue[], path: string, body: Record<string, unknown>): void {
  const t = body.timeoutSeconds;
  if (t === undefined) return;
  if (typeof t !== 'number' || !Number.isFinite(t) || t <= 0 || t > MAX_COMMAND_TIMEOUT_SECONDS) {
    add(issues, key(path, 'timeoutSeconds'), `must be a number of seconds > 0 and <= ${MAX_COMMAND_TIMEOUT_SECONDS}, got ${showValue(t)}`);
  }
}
