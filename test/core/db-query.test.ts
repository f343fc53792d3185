// The db_query rule: its query must be one statement that only reads (refused at validation with
// the field and the reason otherwise), and the fact a query gave decides the rule.
import { describe, expect, it } from 'vitest';
import { checkPlan } from '../../src/core/plan/validate-plan.js';
import { sqlQueryProblem } from '../../src/core/plan/sql-query.js';
import { dbQueryResult, evaluateRules, ruleLabel, type DbQueryFact } from '../../src/core/tick/rules.js';
import type { DbQueryBody } from '../../src/core/state/types.js';
import { FakeVerifier, FakeWorkspace } from '../fakes/ports.js';

describe('sqlQueryProblem', () => {
  it.each<[string, string | null]>([
    ['SELECT count(*) FROM items', null],
    ['  select 1;  ', null],
    ['-- how many\nSELECT 1 -- done\n; /* end */', null],
    ['WITH t AS (SELECT 1 AS x) SELECT x FROM t', null],
    ['VALUES (1)', null],
    ["SELECT 'a;b' FROM t WHERE name = 'it''s'", null],
    ['SELECT "weird;name" FROM [t;1]', null],
    ['SELECT 1; DROP TABLE items', 'must be one statement: nothing but spaces or comments may follow a ";"'],
    ['SELECT 1; SELECT 2', 'must be one statement: nothing but spaces or comments may follow a ";"'],
    ["ATTACH DATABASE '/etc/x.db' AS x", 'must be one statement that only reads, starting with SELECT, WITH, VALUES; it starts with ATTACH'],
    ['DELETE FROM items', 'must be one statement that only reads, starting with SELECT, WITH, VALUES; it starts with DELETE'],
    ['PRAGMA table_info(items)', 'must be one statement that only reads, starting with SELECT, WITH, VALUES; it starts with PRAGMA'],
    ['WITH t AS (SELECT 1) DELETE FROM items', 'must only read: a WITH clause may lead to SELECT only, not INSERT, UPDATE, DELETE or REPLACE'],
    ['-- nothing', 'is empty (only spaces or comments)'],
    ["SELECT 'open", 'has an unterminated string'],
    ['SELECT 1 /* open', 'has an unterminated comment (/* without */)'],
    ['SELECT ' + 'x'.repeat(10_000), 'is 10007 characters long; at most 10000 are allowed'],
  ])('%j', (query, problem) => {
    expect(sqlQueryProblem(query)).toBe(problem);
  });
});

const withRule = (rule: unknown) => ({ steps: { a: { title: 'A', instruction: 'I', validate: [rule] } } });

describe('db_query in a plan', () => {
  it('accepts a query with and without an expected value of each kind', () => {
    for (const expect_ of [undefined, 3, 'done', true, null]) {
      const body = { path: 'data/app.db', query: 'SELECT 1', ...(expect_ !== undefined || expect_ === null ? { expect: expect_ } : {}), timeoutSeconds: 5 };
      expect(checkPlan(withRule({ db_query: body })), JSON.stringify(body)).toEqual([]);
    }
  });

  it.each<[string, unknown, string, string]>([
    ['path outside', { path: '../x.db', query: 'SELECT 1' }, 'path', 'must be a relative path inside the workspace, got "../x.db" (leads outside the workspace (".."))'],
    ['query missing', { path: 'x.db' }, 'query', 'must be a non-empty SQL query (one SELECT, WITH or VALUES statement, at most 10000 characters), got undefined'],
    [
      'query writes',
      { path: 'x.db', query: 'UPDATE t SET x = 1' },
      'query',
      'must be one statement that only reads, starting with SELECT, WITH, VALUES; it starts with UPDATE, got "UPDATE t SET x = 1"',
    ],
    ['two statements', { path: 'x.db', query: 'SELECT 1; SELECT 2' }, 'query', 'must be one statement: nothing but spaces or comments may follow a ";", got "SELECT 1; SELECT 2"'],
    [
      'expect an object',
      { path: 'x.db', query: 'SELECT 1', expect: { n: 1 } },
      'expect',
      'must be the value the first column of the first row should have: a string (at most 4096 characters), a number, true, false or null, got {"n":1}',
    ],
    ['timeout zero', { path: 'x.db', query: 'SELECT 1', timeoutSeconds: 0 }, 'timeoutSeconds', 'must be a number of seconds > 0 and <= 604800, got 0'],
    ['misspelt setting', { path: 'x.db', query: 'SELECT 1', expected: 1 }, 'expected', 'unknown field; did you mean expect?'],
  ])('%s is refused naming the field', (_name, body, field, message) => {
    expect(checkPlan(withRule({ db_query: body }))).toContainEqual({ path: `plan.steps.a.validate[0].db_query.${field}`, message });
  });
});

describe('dbQueryResult', () => {
  const body = (extra: Partial<DbQueryBody> = {}): DbQueryBody => ({ path: 'app.db', query: 'SELECT count(*) FROM items', ...extra });
  it.each<[string, Partial<DbQueryBody>, DbQueryFact, string | null]>([
    ['a row, nothing expected', {}, { kind: 'row', value: 0 }, null],
    ['no row, nothing expected', {}, { kind: 'no-row' }, 'the query returned no row'],
    ['no row, a value expected', { expect: 3 }, { kind: 'no-row' }, 'the query returned no row; expected 3'],
    ['the expected number', { expect: 3 }, { kind: 'row', value: 3 }, null],
    ['another number', { expect: 3 }, { kind: 'row', value: 2 }, 'got 2 (a number), expected 3 (a number)'],
    ['text where a number is expected', { expect: 3 }, { kind: 'row', value: '3' }, 'got "3" (text), expected 3 (a number)'],
    ['the expected text', { expect: 'ok' }, { kind: 'row', value: 'ok' }, null],
    ['true is 1', { expect: true }, { kind: 'row', value: 1 }, null],
    ['false is 0', { expect: false }, { kind: 'row', value: 1 }, 'got 1 (a number), expected false'],
    ['NULL expected', { expect: null }, { kind: 'row', value: null }, null],
    ['NULL found', { expect: 'x' }, { kind: 'row', value: null }, 'got null (NULL), expected "x" (text)'],
    ['a blob', { expect: 'x' }, { kind: 'row', value: null, blobBytes: 12 }, 'got a blob of 12 bytes, expected "x"'],
    ['a cut text never equals', { expect: 'aaaa' }, { kind: 'row', value: 'aaaa', fullLength: 9000 }, 'got a text of 9000 characters starting "aaaa", expected "aaaa" (text)'],
    ['a missing file', {}, { kind: 'missing' }, 'app.db not found in the workspace'],
    ['an error', {}, { kind: 'error', problem: 'the query failed: no such table: items' }, 'the query failed: no such table: items'],
  ])('%s', (_name, extra, fact, reason) => {
    const result = dbQueryResult(body(extra), fact);
    expect(result.reason ?? null).toBe(reason);
    expect(result.ok).toBe(reason === null);
  });

  it('labels the rule with its file, its query on one line and the expected value', () => {
    expect(ruleLabel({ db_query: body({ query: 'SELECT count(*)\n  FROM items', expect: 3 }) })).toBe('db_query(app.db, "SELECT count(*) FROM items" = 3)');
    expect(ruleLabel({ db_query: body({ query: `SELECT ${'x, '.repeat(40)}1` }) })).toMatch(/^db_query\(app\.db, "SELECT x, .{40,}\.\.\."\)$/);
  });
});

describe('evaluateRules with db_query', () => {
  it('asks the verifier with the path, the query and the time limit (60 s by default)', async () => {
    const asked: Array<[string, string, number]> = [];
    const verifier = Object.assign(new FakeVerifier(new FakeWorkspace()), {
      async queryDatabase(rel: string, query: string, timeoutMs: number): Promise<DbQueryFact> {
        asked.push([rel, query, timeoutMs]);
        return { kind: 'row', value: rel === 'a.db' ? 2 : 5 };
      },
    });
    const results = await evaluateRules([{ db_query: { path: 'a.db', query: 'SELECT 1', expect: 2 } }, { db_query: { path: 'b.db', query: 'SELECT 2', expect: 2, timeoutSeconds: 5 } }], {
      verifier,
      payload: undefined,
      payloadOf: () => undefined,
    });
    expect(asked).toEqual([
      ['a.db', 'SELECT 1', 60_000],
      ['b.db', 'SELECT 2', 5_000],
    ]);
    expect(results.map((r) => r.ok)).toEqual([true, false]);
  });

  it('fails the rule, saying so, where no verifier can run queries', async () => {
    const [result] = await evaluateRules([{ db_query: { path: 'a.db', query: 'SELECT 1' } }], { verifier: new FakeVerifier(new FakeWorkspace()), payload: undefined, payloadOf: () => undefined });
    expect(result).toEqual({ rule: 'db_query(a.db, "SELECT 1")', ok: false, reason: 'SQLite queries cannot be run here' });
  });
});
