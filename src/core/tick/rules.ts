// Validation rules (the `validate` kinds in the README's "The plan format"): hard-coded checks that decide,
// with the exit code and the required outputs, whether a step is done. Each kind has a pure
// function from facts to a result; evaluateRules() gathers the facts through the Verifier port. A
// result names the rule and what it looked at, so the failure text doubles as the retry prompt's
// explanation.
import type { CheckResult, Verifier } from '../../ports.js';
import { compilePattern } from '../plan/rule-pattern.js';
import { exactDuration } from '../errors.js';
import { checkAgainstSchema } from './json-schema-check.js';
import { lookupKey, type Payload } from './payload.js';
import { provenanceLabel, provenanceResult } from './provenance.js';
import type { ValidationRule } from '../state/types.js';

export interface RuleResult {
  /** e.g. `file_contains(study/summary.md, /##/)`. */
  rule: string;
  ok: boolean;
  /** Why it failed. */
  reason?: string;
}

export const DEFAULT_CHECK_TIMEOUT_SECONDS = 300;
/** How much of a failing command's output a reason quotes; the full output is in its log. */
const OUTPUT_QUOTE = 500;

type Body<K extends string> = Extract<ValidationRule, Record<K, unknown>>[K & keyof Extract<ValidationRule, Record<K, unknown>>];
type FileExists = Body<'file_exists'>;
type FileContains = Body<'file_contains'>;
type JsonSchema = Body<'json_schema'>;
type PayloadHasKey = Body<'payload_has_key'>;
type PayloadValueMatches = Body<'payload_value_matches'>;
type PayloadValuesEqual = Body<'payload_values_equal'>;
type Command = Body<'command'>;
type CommandOutputContains = Body<'command_output_contains'>;
type DbQuery = Body<'db_query'>;

const pass = (rule: string): RuleResult => ({ rule, ok: true });
const fail = (rule: string, reason: string): RuleResult => ({ rule, ok: false, reason });

const regexText = (pattern: string, flags?: string) => `/${pattern}/${flags ?? ''}`;

function argvText(argv: string[]): string {
  const text = argv.map((a) => (/^[\w./:=@%+,-]+$/.test(a) ? a : JSON.stringify(a))).join(' ');
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

/** The rule as people read it in errors: `kind(what it checks)`. */
export function ruleLabel(rule: ValidationRule): string {
  if ('file_exists' in rule) return `file_exists(${rule.file_exists.path})`;
  if ('file_contains' in rule) return `file_contains(${rule.file_contains.path}, ${regexText(rule.file_contains.pattern, rule.file_contains.flags)})`;
  if ('json_schema' in rule) {
    const { path, schema } = rule.json_schema;
    return typeof schema === 'string' ? `json_schema(${path}, ${schema})` : `json_schema(${path})`;
  }
  if ('payload_has_key' in rule) return `payload_has_key(${rule.payload_has_key.key})`;
  if ('payload_value_matches' in rule) {
    const b = rule.payload_value_matches;
    return `payload_value_matches(${b.key}, ${regexText(b.pattern, b.flags)})`;
  }
  if ('payload_values_equal' in rule) {
    const b = rule.payload_values_equal;
    return `payload_values_equal(${b.step ? `${b.step}: ` : ''}${b.keys.join(', ')})`;
  }
  if ('command' in rule) return `command(${argvText(rule.command.argv)})`;
  if ('payload_provenance' in rule) return provenanceLabel(rule.payload_provenance);
  if ('db_query' in rule) {
    const b = rule.db_query;
    const query = b.query.replace(/\s+/g, ' ').trim();
    const shown = query.length > 60 ? `${query.slice(0, 57)}...` : query;
    return `db_query(${b.path}, ${JSON.stringify(shown)}${b.expect !== undefined ? ` = ${shortJson(b.expect)}` : ''})`;
  }
  const b = rule.command_output_contains;
  return `command_output_contains(${argvText(b.argv)}, ${JSON.stringify(b.text)})`;
}

const NOT_FOUND = 'not found in the workspace';

/**
 * What a Verifier throws for a file larger than a rule reads: the file exists (so file_exists
 * passes) but its text is not checked (so content rules fail with this message).
 */
export class FileTooLargeError extends Error {
  constructor(
    readonly path: string,
    readonly bytes: number,
    readonly limit: number,
  ) {
    super(`${path} is ${byteSize(bytes)}, more than the ${byteSize(limit)} a rule reads`);
    this.name = 'FileTooLargeError';
  }
}

function byteSize(n: number): string {
  return n < 1024 * 1024 ? `${n} bytes` : `${(n / 1024 / 1024).toFixed(1).replace(/\.0$/, '')} MiB (${n} bytes)`;
}

/** A state validated before patterns were RE2 can still hold one RE2 refuses: the rule fails, saying why. */
function unusablePattern(c: { field: 'pattern' | 'flags'; problem: string }): string {
  return `its ${c.field} cannot be used: ${c.problem}`;
}

export function fileExistsResult(body: FileExists, text: string | null): RuleResult {
  const rule = ruleLabel({ file_exists: body });
  return text === null ? fail(rule, NOT_FOUND) : pass(rule);
}

export function fileContainsResult(body: FileContains, text: string | null): RuleResult {
  const rule = ruleLabel({ file_contains: body });
  if (text === null) return fail(rule, `${body.path} ${NOT_FOUND}`);
  const compiled = compilePattern(body.pattern, body.flags);
  if (!compiled.ok) return fail(rule, unusablePattern(compiled));
  return compiled.pattern.test(text) ? pass(rule) : fail(rule, 'no match');
}

/** The schema a `json_schema` rule names, or why it could not be had (file missing, not JSON). */
export type SchemaFact = { ok: true; schema: Record<string, unknown> } | { ok: false; problem: string };

export async function jsonSchemaResult(body: JsonSchema, text: string | null, schema: SchemaFact): Promise<RuleResult> {
  const rule = ruleLabel({ json_schema: body });
  if (text === null) return fail(rule, `${body.path} ${NOT_FOUND}`);
  if (!schema.ok) return fail(rule, schema.problem);
  let instance: unknown;
  try {
    instance = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (err) {
    return fail(rule, `${body.path} is not valid JSON (${err instanceof Error ? err.message : String(err)})`);
  }
  const checked = await checkAgainstSchema(schema.schema, instance);
  if (checked.ok) return pass(rule);
  if ('schemaError' in checked) return fail(rule, `the schema is invalid: ${checked.schemaError}`);
  const more = checked.total > checked.errors.length ? ` (and ${checked.total - checked.errors.length} more)` : '';
  return fail(rule, `${checked.total} schema error${checked.total === 1 ? '' : 's'}: ${checked.errors.join('; ')}${more}`);
}

/**
 * The part of a content rule that works through a file's text (up to 16 MiB): a pattern match or
 * a schema validation. It is pure but may take long (`uniqueItems` over many objects is
 * quadratic), so a Verifier may run it away from the tick, under a time limit (checkText).
 */
export type TextCheck = { kind: 'file_contains'; body: FileContains; text: string } | { kind: 'json_schema'; body: JsonSchema; text: string; schema: SchemaFact };

export function runTextCheck(check: TextCheck): Promise<RuleResult> {
  return check.kind === 'file_contains' ? Promise.resolve(fileContainsResult(check.body, check.text)) : jsonSchemaResult(check.body, check.text, check.schema);
}

/** The result of a text check stopped at its time limit: the rule, the file and the limit. */
export function textCheckTimedOut(check: TextCheck, limitMs: number): RuleResult {
  const rule = check.kind === 'file_contains' ? ruleLabel({ file_contains: check.body }) : ruleLabel({ json_schema: check.body });
  const what = check.kind === 'file_contains' ? 'matching the pattern against' : 'validating';
  return fail(rule, `${what} ${check.body.path} took longer than ${exactDuration(limitMs)}, the time limit of a rule's check (SEQUENCER_RULE_CHECK_SECONDS), and was stopped`);
}

const NO_PAYLOAD = 'no payload was written to $SEQUENCER_PAYLOAD_FILE';

export function payloadHasKeyResult(body: PayloadHasKey, payload: Payload | undefined): RuleResult {
  const rule = ruleLabel({ payload_has_key: body });
  if (payload === undefined) return fail(rule, NO_PAYLOAD);
  return lookupKey(payload, body.key).found ? pass(rule) : fail(rule, `the payload has no key "${body.key}"${topKeys(payload)}`);
}

export function payloadValueMatchesResult(body: PayloadValueMatches, payload: Payload | undefined): RuleResult {
  const rule = ruleLabel({ payload_value_matches: body });
  if (payload === undefined) return fail(rule, NO_PAYLOAD);
  const found = lookupKey(payload, body.key);
  if (!found.found) return fail(rule, `the payload has no key "${body.key}"${topKeys(payload)}`);
  // Numbers and booleans are matched as written in JSON, so `^\d+$` accepts 42.
  const text = typeof found.value === 'string' ? found.value : JSON.stringify(found.value);
  const compiled = compilePattern(body.pattern, body.flags);
  if (!compiled.ok) return fail(rule, unusablePattern(compiled));
  return compiled.pattern.test(text) ? pass(rule) : fail(rule, `value ${shortJson(found.value)} does not match`);
}

/** `source` is the payload the keys are read from: this step's, or the named step's. */
export function payloadValuesEqualResult(body: PayloadValuesEqual, source: Payload | undefined): RuleResult {
  const rule = ruleLabel({ payload_values_equal: body });
  if (source === undefined) return fail(rule, body.step ? `step ${body.step} has no payload` : NO_PAYLOAD);
  const values: string[] = [];
  const missing: string[] = [];
  for (const key of body.keys) {
    const found = lookupKey(source, key);
    if (found.found) values.push(canonicalJson(found.value));
    else missing.push(key);
  }
  if (missing.length) return fail(rule, `the ${body.step ? `payload of step ${body.step}` : 'payload'} has no key${missing.length > 1 ? 's' : ''} ${missing.map((k) => `"${k}"`).join(', ')}`);
  if (values.every((v) => v === values[0])) return pass(rule);
  return fail(rule, `values differ: ${body.keys.map((k, i) => `${k}=${shortJson(JSON.parse(values[i] ?? 'null'))}`).join(', ')}`);
}

export function commandResult(body: Command, r: CheckResult): RuleResult {
  const rule = ruleLabel({ command: body });
  const broken = brokenRun(r, body.timeoutSeconds);
  if (broken) return fail(rule, broken);
  if (r.exitCode === 0) return pass(rule);
  return fail(rule, `exited with code ${r.exitCode}${quote(r.stderr.trim() || r.stdout.trim())}`);
}

/** Passes when the text occurs in the command's output (stdout or stderr), whatever its exit code. */
export function commandOutputContainsResult(body: CommandOutputContains, r: CheckResult): RuleResult {
  const rule = ruleLabel({ command_output_contains: body });
  const broken = brokenRun(r, body.timeoutSeconds);
  if (broken) return fail(rule, broken);
  if (r.stdout.includes(body.text) || r.stderr.includes(body.text)) return pass(rule);
  const output = `${r.stdout.trim()}\n${r.stderr.trim()}`.trim();
  return fail(rule, `the output does not contain ${JSON.stringify(body.text)} (exit code ${r.exitCode})${output ? quote(output) : '; the output was empty'}`);
}

/**
 * What a SQLite query gave (Verifier.queryDatabase): its first row's first column, no row, or why
 * it could not be had. A text value longer than a rule compares is cut, with its full length.
 */
export type DbQueryFact = { kind: 'row'; value: string | number | null; fullLength?: number; blobBytes?: number } | { kind: 'no-row' } | { kind: 'missing' } | { kind: 'error'; problem: string };

export const DEFAULT_DB_QUERY_TIMEOUT_SECONDS = 60;

export function dbQueryResult(body: DbQuery, fact: DbQueryFact): RuleResult {
  const rule = ruleLabel({ db_query: body });
  if (fact.kind === 'missing') return fail(rule, `${body.path} ${NOT_FOUND}`);
  if (fact.kind === 'error') return fail(rule, fact.problem);
  if (fact.kind === 'no-row') return fail(rule, body.expect === undefined ? 'the query returned no row' : `the query returned no row; expected ${shortJson(body.expect)}`);
  if (body.expect === undefined) return pass(rule);
  if (fact.blobBytes !== undefined) return fail(rule, `got a blob of ${fact.blobBytes} bytes, expected ${shortJson(body.expect)}`);
  if (dbValueEquals(fact.value, body.expect) && fact.fullLength === undefined) return pass(rule);
  const got = fact.fullLength !== undefined ? `a text of ${fact.fullLength} characters starting ${shortJson(fact.value)}` : `${shortJson(fact.value)}${typeName(fact.value)}`;
  return fail(rule, `got ${got}, expected ${shortJson(body.expect)}${typeName(body.expect)}`);
}

/** SQLite has no booleans: true and false are the integers 1 and 0. Otherwise type and value must agree. */
function dbValueEquals(value: string | number | null, expected: NonNullable<DbQuery['expect']> | null): boolean {
  if (typeof expected === 'boolean') return value === (expected ? 1 : 0);
  return value === expected;
}

function typeName(value: unknown): string {
  if (value === null) return ' (NULL)';
  return typeof value === 'string' ? ' (text)' : typeof value === 'number' ? ' (a number)' : '';
}

function brokenRun(r: CheckResult, timeoutSeconds: number | undefined): string | null {
  if (r.spawnError) return `could not start: ${r.spawnError}`;
  if (r.timedOut) return `timed out after ${timeoutSeconds ?? DEFAULT_CHECK_TIMEOUT_SECONDS} s (process group killed)`;
  if (r.exitCode === null) return 'was killed by a signal';
  return null;
}

export interface RuleContext {
  verifier: Verifier;
  /** The payload this attempt wrote, if any. */
  payload: Payload | undefined;
  /** The recorded payload of another step (`payload_values_equal.step`). */
  payloadOf(stepId: string): unknown;
  /** Environment for check commands (the attempt's SEQUENCER_ variables). */
  env?: Record<string, string>;
  /** The time stale payload items are judged against (payload_provenance); default now. */
  now?: Date;
  /** Where the output of the rule at `index` goes, when it runs a command. */
  logFileFor?(index: number): string;
  /** Aborted by a /cancel during the checks: the check under way is ended and no later rule runs. */
  signal?: AbortSignal;
}

/**
 * Checks every rule (not just up to the first failure) so one retry can fix all problems.
 * A rule whose facts cannot be gathered fails with the reason instead of ending the tick.
 * Once `ctx.signal` aborts, the results are cut short and say nothing of the attempt: the caller
 * must look at the signal before it judges by them.
 */
export async function evaluateRules(rules: readonly ValidationRule[], ctx: RuleContext): Promise<RuleResult[]> {
  const results: RuleResult[] = [];
  for (const [index, rule] of rules.entries()) {
    if (ctx.signal?.aborted) break;
    try {
      results.push(await evaluateRule(rule, index, ctx));
    } catch (err) {
      results.push(fail(ruleLabel(rule), `could not be checked: ${err instanceof Error ? err.message : String(err)}`));
    }
  }
  return results;
}

async function evaluateRule(rule: ValidationRule, index: number, ctx: RuleContext): Promise<RuleResult> {
  const { verifier } = ctx;
  if ('file_exists' in rule) {
    const text = await verifier.readWorkspaceFile(rule.file_exists.path).catch((err: unknown) => {
      if (err instanceof FileTooLargeError) return '';
      throw err;
    });
    return fileExistsResult(rule.file_exists, text);
  }
  if ('file_contains' in rule) {
    const body = rule.file_contains;
    const text = await verifier.readWorkspaceFile(body.path);
    return text === null ? fileContainsResult(body, null) : checkText(verifier, { kind: 'file_contains', body, text }, ctx.signal);
  }
  if ('json_schema' in rule) {
    const body = rule.json_schema;
    const text = await verifier.readWorkspaceFile(body.path);
    if (text === null) return jsonSchemaResult(body, null, { ok: true, schema: {} });
    const schema = await loadSchema(body.schema, verifier);
    return schema.ok ? checkText(verifier, { kind: 'json_schema', body, text, schema }, ctx.signal) : jsonSchemaResult(body, text, schema);
  }
  if ('payload_has_key' in rule) return payloadHasKeyResult(rule.payload_has_key, ctx.payload);
  if ('payload_value_matches' in rule) return payloadValueMatchesResult(rule.payload_value_matches, ctx.payload);
  if ('payload_values_equal' in rule) {
    const body = rule.payload_values_equal;
    const other = body.step === undefined ? ctx.payload : ctx.payloadOf(body.step);
    return payloadValuesEqualResult(body, isPayload(other) ? other : undefined);
  }
  if ('payload_provenance' in rule) return provenanceResult(rule.payload_provenance, ctx.payload, ctx.now ?? new Date());
  if ('db_query' in rule) {
    const body = rule.db_query;
    if (!verifier.queryDatabase) return dbQueryResult(body, { kind: 'error', problem: 'SQLite queries cannot be run here' });
    return dbQueryResult(body, await verifier.queryDatabase(body.path, body.query, (body.timeoutSeconds ?? DEFAULT_DB_QUERY_TIMEOUT_SECONDS) * 1000, ctx.signal));
  }
  const body = 'command' in rule ? rule.command : rule.command_output_contains;
  const result = await verifier.runCheck(body.argv, {
    timeoutMs: (body.timeoutSeconds ?? DEFAULT_CHECK_TIMEOUT_SECONDS) * 1000,
    ...(ctx.env ? { env: ctx.env } : {}),
    ...(ctx.logFileFor ? { logFile: ctx.logFileFor(index) } : {}),
    ...(ctx.signal ? { signal: ctx.signal } : {}),
  });
  return 'command' in rule ? commandResult(rule.command, result) : commandOutputContainsResult(rule.command_output_contains, result);
}

function checkText(verifier: Verifier, check: TextCheck, signal: AbortSignal | undefined): Promise<RuleResult> {
  return verifier.checkText ? verifier.checkText(check, signal) : runTextCheck(check);
}

async function loadSchema(schema: Record<string, unknown> | string, verifier: Verifier): Promise<SchemaFact> {
  if (typeof schema !== 'string') return { ok: true, schema };
  const text = await verifier.readWorkspaceFile(schema);
  if (text === null) return { ok: false, problem: `schema file ${schema} ${NOT_FOUND}` };
  try {
    const parsed: unknown = JSON.parse(text.replace(/^\uFEFF/, ''));
    if (isPayload(parsed)) return { ok: true, schema: parsed };
    return { ok: false, problem: `schema file ${schema} must hold a JSON object` };
  } catch (err) {
    return { ok: false, problem: `schema file ${schema} is not valid JSON (${err instanceof Error ? err.message : String(err)})` };
  }
}

/** The text of the step's error when some rules failed, e.g. `Validation failed: file_exists(a.md): not found in the workspace`. */
export function validationFailure(results: readonly RuleResult[]): string | null {
  const failed = results.filter((r) => !r.ok);
  if (!failed.length) return null;
  return `Validation failed: ${failed.map((r) => `${r.rule}: ${r.reason ?? 'failed'}`).join('; ')}`;
}

function isPayload(value: unknown): value is Payload {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function topKeys(payload: Payload): string {
  const keys = Object.keys(payload);
  if (!keys.length) return ' (it is empty)';
  return ` (it has: ${keys.slice(0, 10).join(', ')}${keys.length > 10 ? ', ...' : ''})`;
}

function shortJson(value: unknown): string {
  const text = JSON.stringify(value) ?? 'undefined';
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

/** JSON with object keys sorted, so `{a,b}` equals `{b,a}`. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    isPayload(v)
      ? Object.fromEntries(
          Object.keys(v)
            .sort()
            .map((k) => [k, v[k]]),
        )
      : v,
  );
}

function quote(text: string): string {
  if (!text) return '';
  return `: ${text.length > OUTPUT_QUOTE ? `...${text.slice(-OUTPUT_QUOTE)}` : text}`;
}
