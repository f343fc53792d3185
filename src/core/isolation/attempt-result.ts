// The result an `agent` job uploads for `apply` (result.json in the attempt's artifact): how the
// agent process ended, what each check command and each SQLite query of the step's rules returned
// there, and whether the artifact holds changes. Everything in it was produced where the agent
// ran, so `apply` reads it as untrusted input: a fixed shape, every text and list bounded, numbers
// in range, and an error that names the field, the value and what was expected. Pure.
import { showValue } from '../errors.js';
import type { AgentResult, CheckResult } from '../../ports.js';
import { MAX_SQL_QUERY_CHARS } from '../plan/sql-query.js';
import { MAX_DB_EXPECT_CHARS } from '../plan/validate-rules.js';
import type { DbQueryFact } from '../tick/rules.js';
import type { AttemptUsage } from '../state/types.js';
import { checkUsageRecord } from '../state/validate-usage.js';
import type { Issue } from '../errors.js';

export const RESULT_VERSION = 1;

/** One check command a validation rule ran in the agent job, and what it returned. */
export interface CheckRecord {
  argv: string[];
  result: CheckResult;
}

/** One query a `db_query` rule ran in the agent job on the database file the agent wrote, and what it gave. */
export interface QueryRecord {
  path: string;
  query: string;
  fact: DbQueryFact;
}

export interface AttemptResultRecord {
  v: typeof RESULT_VERSION;
  /** The attempt it is the result of; apply accepts it only for the attempt prepare issued. */
  attemptId: string;
  /** How the agent process ended (its output bounded as in the state). */
  agent: AgentResult;
  /** The check commands of the step's rules, in the order they ran. */
  checks: CheckRecord[];
  /** The `db_query` rules' queries, in the order they ran (absent: none ran). */
  queries?: QueryRecord[];
  /** Whether the artifact holds the agent's changes as a git bundle (false: nothing changed). */
  changes: boolean;
  /** What the agent reported it used (its stream or usage file), as the agent job read it. */
  usage?: AttemptUsage;
  /** The attempt's own wall time in the agent job, in ms. */
  wallMs?: number;
  /** Set when the agent was stopped because its tokens passed a budget: the attempt's error. */
  overBudget?: string;
}

/** Limits on what apply reads; anything larger is refused, never cut. */
export const RESULT_LIMITS = {
  /** result.json itself. */
  jsonBytes: 16 * 1024 * 1024,
  /** The agent's stdout and stderr as kept (head and tail, a few thousand characters each). */
  agentText: 16 * 1024,
  /** Why the agent could not start: one message, which becomes the attempt's error. */
  spawnError: 4 * 1024,
  /** A check's stdout and stderr as kept (64 K from each end). */
  checkText: 256 * 1024,
  checks: 100,
  argvItems: 256,
  argvText: 8 * 1024,
  queries: 100,
  /** A db_query rule's path (a workspace-relative file). */
  queryPath: 4 * 1024,
  queryText: MAX_SQL_QUERY_CHARS,
  /** A text value read back: the longest a rule compares (a longer one is cut, with its length). */
  queryValue: MAX_DB_EXPECT_CHARS,
  /** Seven days in milliseconds: longer than any attempt may run. */
  durationMs: 7 * 24 * 60 * 60_000,
} as const;

export type ParsedResult = { ok: true; record: AttemptResultRecord } | { ok: false; error: string };

/** Reads result.json; `expectedAttemptId` is the attempt prepare issued. */
export function parseAttemptResult(text: string, expectedAttemptId: string): ParsedResult {
  if (text.length > RESULT_LIMITS.jsonBytes) return { ok: false, error: `result.json is ${text.length} characters, more than the ${RESULT_LIMITS.jsonBytes} apply reads` };
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (err) {
    return { ok: false, error: `result.json is not JSON (${err instanceof Error ? err.message : String(err)})` };
  }
  try {
    return { ok: true, record: readRecord(doc, expectedAttemptId) };
  } catch (err) {
    if (err instanceof ResultShapeError) return { ok: false, error: err.message };
    throw err;
  }
}

class ResultShapeError extends Error {}

function bad(field: string, value: unknown, expected: string): ResultShapeError {
  return new ResultShapeError(`result.json: ${field} is ${showValue(value)}; expected ${expected}`);
}

function object(value: unknown, field: string, keys: readonly string[], required: readonly string[]): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw bad(field, value, 'an object');
  const o = value as Record<string, unknown>;
  const extra = Object.keys(o).find((k) => !keys.includes(k));
  if (extra !== undefined) throw bad(`${field}.${extra}`, o[extra], `no such field (the fields are ${keys.join(', ')})`);
  const missing = required.find((k) => !(k in o));
  if (missing !== undefined) throw bad(`${field}.${missing}`, undefined, 'a value');
  return o;
}

function text(value: unknown, field: string, max: number): string {
  if (typeof value !== 'string') throw bad(field, value, 'a string');
  if (value.length > max) throw bad(field, `${value.slice(0, 40)}…`, `at most ${max} characters (it has ${value.length})`);
  return value;
}

function wholeNumber(value: unknown, field: string, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) throw bad(field, value, `a whole number from ${min} to ${max}`);
  return value;
}

function exitCode(value: unknown, field: string): number | null {
  return value === null ? null : wholeNumber(value, field, -255, 255);
}

function flag(value: unknown, field: string): boolean {
  if (typeof value !== 'boolean') throw bad(field, value, 'true or false');
  return value;
}

const AGENT_KEYS = ['exitCode', 'signal', 'timedOut', 'cancelled', 'stdout', 'stderr', 'outputBytes', 'durationMs', 'spawnError', 'stoppedBy'] as const;

function readAgent(value: unknown): AgentResult {
  const o = object(value, 'agent', AGENT_KEYS, ['exitCode', 'signal', 'timedOut', 'cancelled', 'stdout', 'stderr', 'outputBytes', 'durationMs']);
  const max = RESULT_LIMITS.agentText;
  const signal = o.signal === null ? null : text(o.signal, 'agent.signal', 32);
  if (signal !== null && !/^SIG[A-Z0-9]+$/.test(signal)) throw bad('agent.signal', signal, 'a signal name such as SIGKILL, or null');
  const stoppedBy = o.stoppedBy;
  if (stoppedBy !== undefined && stoppedBy !== 'agent' && stoppedBy !== 'signal') throw bad('agent.stoppedBy', stoppedBy, '"agent" or "signal"');
  return {
    exitCode: exitCode(o.exitCode, 'agent.exitCode'),
    signal,
    timedOut: flag(o.timedOut, 'agent.timedOut'),
    cancelled: flag(o.cancelled, 'agent.cancelled'),
    stdout: text(o.stdout, 'agent.stdout', max),
    stderr: text(o.stderr, 'agent.stderr', max),
    outputBytes: wholeNumber(o.outputBytes, 'agent.outputBytes', 0, Number.MAX_SAFE_INTEGER),
    durationMs: wholeNumber(o.durationMs, 'agent.durationMs', 0, RESULT_LIMITS.durationMs),
    ...(o.spawnError !== undefined ? { spawnError: text(o.spawnError, 'agent.spawnError', RESULT_LIMITS.spawnError) } : {}),
    ...(stoppedBy !== undefined ? { stoppedBy } : {}),
  };
}

function readCheck(value: unknown, i: number): CheckRecord {
  const field = `checks[${i}]`;
  const o = object(value, field, ['argv', 'result'], ['argv', 'result']);
  if (!Array.isArray(o.argv) || o.argv.length < 1 || o.argv.length > RESULT_LIMITS.argvItems) throw bad(`${field}.argv`, o.argv, `a list of 1 to ${RESULT_LIMITS.argvItems} strings`);
  const argv = o.argv.map((a, j) => text(a, `${field}.argv[${j}]`, RESULT_LIMITS.argvText));
  const r = object(o.result, `${field}.result`, ['exitCode', 'stdout', 'stderr', 'timedOut', 'spawnError'], ['exitCode', 'stdout', 'stderr', 'timedOut']);
  const max = RESULT_LIMITS.checkText;
  return {
    argv,
    result: {
      exitCode: exitCode(r.exitCode, `${field}.result.exitCode`),
      stdout: text(r.stdout, `${field}.result.stdout`, max),
      stderr: text(r.stderr, `${field}.result.stderr`, max),
      timedOut: flag(r.timedOut, `${field}.result.timedOut`),
      ...(r.spawnError !== undefined ? { spawnError: text(r.spawnError, `${field}.result.spawnError`, max) } : {}),
    },
  };
}

function readQuery(value: unknown, i: number): QueryRecord {
  const field = `queries[${i}]`;
  const o = object(value, field, ['path', 'query', 'fact'], ['path', 'query', 'fact']);
  const path = text(o.path, `${field}.path`, RESULT_LIMITS.queryPath);
  const query = text(o.query, `${field}.query`, RESULT_LIMITS.queryText);
  if (path === '') throw bad(`${field}.path`, path, 'the path of the database file a db_query rule names');
  if (query === '') throw bad(`${field}.query`, query, 'the query of a db_query rule');
  return { path, query, fact: readFact(o.fact, `${field}.fact`) };
}

/** What the query gave, in exactly the shapes the query's child process reports (adapters/fs/sqlite-query.ts). */
function readFact(value: unknown, field: string): DbQueryFact {
  const kind = object(value, field, ['kind', 'value', 'fullLength', 'blobBytes', 'problem'], ['kind']).kind;
  switch (kind) {
    case 'row':
      return readRow(value as Record<string, unknown>, field);
    case 'no-row':
    case 'missing':
      object(value, field, ['kind'], ['kind']);
      return { kind };
    case 'error':
      object(value, field, ['kind', 'problem'], ['kind', 'problem']);
      return { kind, problem: text((value as Record<string, unknown>).problem, `${field}.problem`, RESULT_LIMITS.spawnError) };
    default:
      throw bad(`${field}.kind`, kind, '"row", "no-row", "missing" or "error"');
  }
}

function readRow(value: Record<string, unknown>, field: string): DbQueryFact {
  const o = object(value, field, ['kind', 'value', 'fullLength', 'blobBytes'], ['kind', 'value']);
  const v = o.value;
  const scalar = v === null || (typeof v === 'number' && Number.isFinite(v)) || typeof v === 'string';
  if (!scalar) throw bad(`${field}.value`, typeof v === 'number' ? String(v) : v, 'the first column of the first row: a string, a finite number or null');
  const row = typeof v === 'string' ? text(v, `${field}.value`, RESULT_LIMITS.queryValue) : v;
  // A cut text says how long it was; a blob is shown by its size alone (its value is null).
  if (o.fullLength !== undefined) {
    if (typeof row !== 'string') throw bad(`${field}.fullLength`, o.fullLength, 'no value: only a text value that was cut has a full length');
    return { kind: 'row', value: row, fullLength: wholeNumber(o.fullLength, `${field}.fullLength`, row.length + 1, Number.MAX_SAFE_INTEGER) };
  }
  if (o.blobBytes !== undefined) {
    if (row !== null) throw bad(`${field}.blobBytes`, o.blobBytes, 'no value: a blob has a null value');
    return { kind: 'row', value: null, blobBytes: wholeNumber(o.blobBytes, `${field}.blobBytes`, 0, Number.MAX_SAFE_INTEGER) };
  }
  return { kind: 'row', value: row };
}

function readRecord(doc: unknown, expectedAttemptId: string): AttemptResultRecord {
  const o = object(doc, 'the document', ['v', 'attemptId', 'agent', 'checks', 'queries', 'changes', 'usage', 'wallMs', 'overBudget'], ['v', 'attemptId', 'agent', 'checks', 'changes']);
  if (o.v !== RESULT_VERSION) throw bad('v', o.v, `${RESULT_VERSION}`);
  if (o.attemptId !== expectedAttemptId) throw bad('attemptId', o.attemptId, `"${expectedAttemptId}", the attempt this job records`);
  if (!Array.isArray(o.checks) || o.checks.length > RESULT_LIMITS.checks)
    throw bad('checks', Array.isArray(o.checks) ? `${o.checks.length} entries` : o.checks, `a list of at most ${RESULT_LIMITS.checks} check records`);
  if (o.queries !== undefined && (!Array.isArray(o.queries) || o.queries.length > RESULT_LIMITS.queries))
    throw bad('queries', Array.isArray(o.queries) ? `${o.queries.length} entries` : o.queries, `a list of at most ${RESULT_LIMITS.queries} query records`);
  return {
    v: RESULT_VERSION,
    attemptId: expectedAttemptId,
    agent: readAgent(o.agent),
    checks: o.checks.map(readCheck),
    ...(o.queries !== undefined ? { queries: (o.queries as unknown[]).map(readQuery) } : {}),
    changes: flag(o.changes, 'changes'),
    ...(o.usage !== undefined ? { usage: readUsage(o.usage) } : {}),
    ...(o.wallMs !== undefined ? { wallMs: wholeNumber(o.wallMs, 'wallMs', 0, RESULT_LIMITS.durationMs) } : {}),
    ...(o.overBudget !== undefined ? { overBudget: text(o.overBudget, 'overBudget', RESULT_LIMITS.spawnError) } : {}),
  };
}

/** The usage record the state would hold: the same checks, so a forged one cannot break the state. */
function readUsage(value: unknown): AttemptUsage {
  const issues: Issue[] = [];
  checkUsageRecord(issues, 'usage', value);
  const first = issues[0];
  if (first) throw new ResultShapeError(`result.json: ${first.path} ${first.message}`);
  const u = value as Record<string, unknown>;
  // Only the known fields cross into the state.
  const keys = ['model', 'inputTokens', 'outputTokens', 'cacheReadTokens', 'cacheWriteTokens', 'costUsd', 'turns', 'apiMs', 'sessionId', 'isError', 'source', 'complete'];
  return Object.fromEntries(keys.filter((k) => u[k] !== undefined).map((k) => [k, u[k]])) as unknown as AttemptUsage;
}

/** The JSON an agent job writes. */
export function formatAttemptResult(record: AttemptResultRecord): string {
  return `${JSON.stringify(record)}\n`;
}
