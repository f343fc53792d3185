// result.json comes from the job where the agent ran: apply reads it as untrusted input. It is
// read back exactly as an agent job writes it, and everything else is refused with the field,
// the value and what was expected, never cut or guessed at.
import { describe, expect, it } from 'vitest';
import { formatAttemptResult, parseAttemptResult, RESULT_LIMITS, type AttemptResultRecord } from '../../src/core/isolation/attempt-result.js';
import type { DbQueryFact } from '../../src/core/tick/rules.js';

const ID = 'issue-7/step-1/1';
const record: AttemptResultRecord = {
  v: 1,
  attemptId: ID,
  agent: { exitCode: 0, signal: null, timedOut: false, cancelled: false, stdout: 'done\n', stderr: '', outputBytes: 5, durationMs: 1234 },
  checks: [{ argv: ['npm', 'test'], result: { exitCode: 1, stdout: 'FAIL', stderr: '', timedOut: false } }],
  changes: true,
};
const withAgent = (agent: Record<string, unknown>) => JSON.stringify({ ...record, agent: { ...record.agent, ...agent } });
const withQuery = (query: Record<string, unknown>) => JSON.stringify({ ...record, queries: [{ path: 'data/app.db', query: 'SELECT 1', fact: { kind: 'row', value: 1 }, ...query }] });
const withFact = (fact: Record<string, unknown>) => withQuery({ fact });

describe('parseAttemptResult', () => {
  it('reads back what an agent job writes, optional fields included', () => {
    expect(parseAttemptResult(formatAttemptResult(record), ID)).toEqual({ ok: true, record });
    const stopped = { ...record, agent: { ...record.agent, exitCode: null, signal: 'SIGTERM', cancelled: true, stoppedBy: 'signal' as const, spawnError: 'x' } };
    expect(parseAttemptResult(formatAttemptResult(stopped), ID)).toEqual({ ok: true, record: stopped });
    const used = {
      ...stopped,
      usage: { model: 'claude-sonnet-4-5', inputTokens: 10, outputTokens: 2, cacheReadTokens: 0, cacheWriteTokens: 0, costUsd: 0.01, isError: false, source: 'stream' as const, complete: false },
      wallMs: 5000,
      overBudget: 'stopped: its tokens passed the token budget of step step-1',
    };
    expect(parseAttemptResult(formatAttemptResult(used), ID)).toEqual({ ok: true, record: used });
  });

  it('reads back the answer of every kind a db_query rule can get in the agent job', () => {
    const q = (query: string, fact: DbQueryFact) => ({ path: 'data/app.db', query, fact });
    const queried: AttemptResultRecord = {
      ...record,
      queries: [
        q('SELECT count(*) FROM items', { kind: 'row', value: 3 }),
        q('SELECT name FROM items', { kind: 'row', value: 'a'.repeat(RESULT_LIMITS.queryValue), fullLength: 5000 }),
        q('SELECT data FROM items', { kind: 'row', value: null, blobBytes: 12 }),
        q('SELECT NULL', { kind: 'row', value: null }),
        q('SELECT n FROM items WHERE n > 9', { kind: 'no-row' }),
        q('SELECT 1', { kind: 'missing' }),
        q('SELECT x FROM nowhere', { kind: 'error', problem: 'the query failed: no such table: nowhere' }),
      ],
    };
    expect(parseAttemptResult(formatAttemptResult(queried), ID)).toEqual({ ok: true, record: queried });
  });

  it.each<[string, string, RegExp]>([
    ['not JSON', '{', /result.json is not JSON/],
    ['another attempt', JSON.stringify({ ...record, attemptId: 'issue-7/step-1/2' }), /attemptId is "issue-7\/step-1\/2"; expected "issue-7\/step-1\/1", the attempt this job records/],
    ['another version', JSON.stringify({ ...record, v: 9 }), /v is 9; expected 1/],
    ['an extra field', JSON.stringify({ ...record, verdict: 'succeeded' }), /the document.verdict is "succeeded"; expected no such field/],
    ['a missing field', JSON.stringify({ ...record, changes: undefined }), /the document.changes is undefined; expected a value/],
    ['an exit code as text', withAgent({ exitCode: '0' }), /agent.exitCode is "0"; expected a whole number from -255 to 255/],
    ['a signal that is not one', withAgent({ exitCode: null, signal: '$(id)' }), /agent.signal is "\$\(id\)"; expected a signal name/],
    ['output longer than the state keeps', withAgent({ stdout: 'x'.repeat(RESULT_LIMITS.agentText + 1) }), /agent.stdout .*expected at most 16384 characters/],
    ['a start error longer than an error is kept', withAgent({ exitCode: null, spawnError: 'e'.repeat(RESULT_LIMITS.spawnError + 1) }), /agent.spawnError .*expected at most 4096 characters/],
    ['a negative duration', withAgent({ durationMs: -1 }), /agent.durationMs is -1/],
    ['a check without argv', JSON.stringify({ ...record, checks: [{ argv: [], result: record.checks[0]!.result }] }), /checks\[0\].argv is \[\]; expected a list of 1 to 256 strings/],
    ['too many checks', JSON.stringify({ ...record, checks: Array(101).fill(record.checks[0]) }), /checks is "101 entries"; expected a list of at most 100/],
    ['changes as a string', JSON.stringify({ ...record, changes: 'yes' }), /changes is "yes"; expected true or false/],
    [
      'a usage the state could not hold',
      JSON.stringify({ ...record, usage: { inputTokens: 1e15, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0, isError: false, source: 'stream', complete: true } }),
      /usage.inputTokens must be a whole number of tokens from 0 to 1000000000000/,
    ],
    [
      'a usage model on two lines',
      JSON.stringify({ ...record, usage: { model: 'a\nb', inputTokens: 1, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0, isError: false, source: 'file', complete: true } }),
      /usage.model must be a single line/,
    ],
    ['a wall time past any attempt', JSON.stringify({ ...record, wallMs: RESULT_LIMITS.durationMs + 1 }), /wallMs is \d+; expected a whole number from 0 to/],
    ['queries that are no list', JSON.stringify({ ...record, queries: 'SELECT 1' }), /queries is "SELECT 1"; expected a list of at most 100 query records/],
    [
      'too many queries',
      JSON.stringify({ ...record, queries: Array(101).fill({ path: 'a.db', query: 'SELECT 1', fact: { kind: 'no-row' } }) }),
      /queries is "101 entries"; expected a list of at most 100/,
    ],
    ['a query without its path', withQuery({ path: '' }), /queries\[0\].path is ""; expected the path of the database file a db_query rule names/],
    ['a query longer than a plan may hold', withQuery({ query: `SELECT ${'1'.repeat(10_000)}` }), /queries\[0\].query .*expected at most 10000 characters/],
    ['a query record with more fields', withQuery({ verdict: 'passed' }), /queries\[0\].verdict is "passed"; expected no such field \(the fields are path, query, fact\)/],
    ['an answer of no known kind', withFact({ kind: 'passed' }), /queries\[0\].fact.kind is "passed"; expected "row", "no-row", "missing" or "error"/],
    ['a row without its value', withFact({ kind: 'row' }), /queries\[0\].fact.value is undefined; expected a value/],
    ['a row whose value is a list', withFact({ kind: 'row', value: [3] }), /queries\[0\].fact.value is \[3\]; expected the first column of the first row: a string, a finite number or null/],
    ['a row whose value is no finite number', withFact({ kind: 'row', value: 0 }).replace('"value":0', '"value":1e400'), /queries\[0\].fact.value is "Infinity"; expected the first column/],
    ['a text longer than a rule compares', withFact({ kind: 'row', value: 'x'.repeat(RESULT_LIMITS.queryValue + 1) }), /queries\[0\].fact.value .*expected at most 4096 characters/],
    ['a cut text no longer than what was kept', withFact({ kind: 'row', value: 'abc', fullLength: 3 }), /queries\[0\].fact.fullLength is 3; expected a whole number from 4 to/],
    ['a full length for a number', withFact({ kind: 'row', value: 3, fullLength: 9 }), /queries\[0\].fact.fullLength is 9; expected no value: only a text value that was cut has a full length/],
    ['a blob with a value', withFact({ kind: 'row', value: 'abc', blobBytes: 3 }), /queries\[0\].fact.blobBytes is 3; expected no value: a blob has a null value/],
    ['no row with a value', withFact({ kind: 'no-row', value: 3 }), /queries\[0\].fact.value is 3; expected no such field \(the fields are kind\)/],
    ['an error without its problem', withFact({ kind: 'error' }), /queries\[0\].fact.problem is undefined; expected a value/],
    ['an error longer than an error is kept', withFact({ kind: 'error', problem: 'e'.repeat(RESULT_LIMITS.spawnError + 1) }), /queries\[0\].fact.problem .*expected at most 4096 characters/],
  ])('refuses %s', (_name, text, message) => {
    const parsed = parseAttemptResult(text, ID);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error).toMatch(message);
  });
});
