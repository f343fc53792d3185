// The port decorators that carry one attempt across the isolated layout's jobs: the agent job runs
// a `db_query` rule's query and keeps its answer, and the apply job answers the same rule with that
// record alone, never opening the database the agent wrote.
import { describe, expect, it } from 'vitest';
import { formatAttemptResult, parseAttemptResult, type QueryRecord } from '../../src/core/isolation/attempt-result.js';
import type { ValidationRule } from '../../src/core/state/types.js';
import { evaluateRules, type DbQueryFact } from '../../src/core/tick/rules.js';
import type { Verifier } from '../../src/ports.js';
import { RecordingVerifier, ReplayedChecks } from '../../src/wiring/attempt-records.js';
import { FakeVerifier, FakeWorkspace } from '../fakes/ports.js';

const COUNT = { path: 'data/app.db', query: 'SELECT count(*) FROM items' };
const rules: ValidationRule[] = [{ db_query: { ...COUNT, expect: 3 } }, { db_query: { path: 'data/app.db', query: 'SELECT n FROM items WHERE n = 9', timeoutSeconds: 5 } }];

/** A verifier that answers queries from `answers` and counts what it was asked. */
function databaseVerifier(answers: Record<string, DbQueryFact>, problem: string | null = null) {
  const asked: Array<[string, string, number, AbortSignal | undefined]> = [];
  const verifier = Object.assign(new FakeVerifier(new FakeWorkspace()), {
    async queryDatabase(rel: string, query: string, timeoutMs: number, signal?: AbortSignal): Promise<DbQueryFact> {
      asked.push([rel, query, timeoutMs, signal]);
      return answers[query] ?? { kind: 'missing' };
    },
    databaseProblem: () => problem,
  });
  return { verifier, asked };
}

const judged = (verifier: Verifier, signal?: AbortSignal) => evaluateRules(rules, { verifier, payload: undefined, payloadOf: () => undefined, ...(signal ? { signal } : {}) });

describe('RecordingVerifier (the agent job)', () => {
  it('runs each query on its own verifier, with the time limit and signal, and keeps every answer in order', async () => {
    const { verifier, asked } = databaseVerifier({ [COUNT.query]: { kind: 'row', value: 3 }, 'SELECT n FROM items WHERE n = 9': { kind: 'no-row' } });
    const recording = new RecordingVerifier(verifier);
    const signal = new AbortController().signal;
    const results = await judged(recording, signal);
    expect(results.map((r) => [r.ok, r.reason])).toEqual([
      [true, undefined],
      [false, 'the query returned no row'],
    ]);
    expect(asked).toEqual([
      ['data/app.db', COUNT.query, 60_000, signal],
      ['data/app.db', 'SELECT n FROM items WHERE n = 9', 5_000, signal],
    ]);
    expect(recording.queries).toEqual([
      { ...COUNT, fact: { kind: 'row', value: 3 } },
      { path: 'data/app.db', query: 'SELECT n FROM items WHERE n = 9', fact: { kind: 'no-row' } },
    ]);
    expect(recording.checks).toEqual([]);
  });

  it('asks the job that runs the queries whether SQLite is there, and has no queries where its verifier has none', async () => {
    expect(new RecordingVerifier(databaseVerifier({}, 'db_query rules need node:sqlite').verifier).databaseProblem?.()).toBe('db_query rules need node:sqlite');
    expect(new RecordingVerifier(databaseVerifier({}).verifier).databaseProblem?.()).toBeNull();
    const plain = new RecordingVerifier(new FakeVerifier(new FakeWorkspace()));
    expect(plain.databaseProblem).toBeUndefined();
    expect((await judged(plain))[0]).toMatchObject({ ok: false, reason: 'SQLite queries cannot be run here' });
  });
});

describe('ReplayedChecks (the apply job)', () => {
  it('judges a db_query by what the agent job recorded, across result.json, without asking its own verifier', async () => {
    const agentJob = new RecordingVerifier(databaseVerifier({ [COUNT.query]: { kind: 'row', value: 3 }, 'SELECT n FROM items WHERE n = 9': { kind: 'row', value: 9 } }).verifier);
    await judged(agentJob);
    const text = formatAttemptResult({
      v: 1,
      attemptId: 'p/s/1',
      agent: { exitCode: 0, signal: null, timedOut: false, cancelled: false, stdout: '', stderr: '', outputBytes: 0, durationMs: 1 },
      checks: agentJob.checks,
      queries: agentJob.queries,
      changes: true,
    });
    const parsed = parseAttemptResult(text, 'p/s/1');
    if (!parsed.ok) throw new Error(parsed.error);

    // The apply job's own verifier holds a file that would fail the rule: it is never asked.
    const local = databaseVerifier({ [COUNT.query]: { kind: 'row', value: 0 } });
    const replay = new ReplayedChecks(local.verifier, parsed.record.checks, parsed.record.queries);
    expect((await judged(replay)).map((r) => r.ok)).toEqual([true, true]);
    expect(local.asked).toEqual([]);
    expect('databaseProblem' in replay).toBe(false);
  });

  it('fails a query the agent job did not record, another file or query included, and answers each record once', async () => {
    const local = databaseVerifier({ [COUNT.query]: { kind: 'row', value: 3 } });
    const recorded: QueryRecord[] = [
      { ...COUNT, fact: { kind: 'row', value: 3 } },
      // Claimed for a query no rule asks, and for the rule's query on another file.
      { path: 'data/app.db', query: 'SELECT 3', fact: { kind: 'row', value: 3 } },
      { path: 'data/other.db', query: 'SELECT n FROM items WHERE n = 9', fact: { kind: 'row', value: 9 } },
    ];
    const replay = new ReplayedChecks(local.verifier, [], recorded);
    const twice: ValidationRule[] = [...rules, { db_query: { ...COUNT, expect: 3 } }];
    const results = await evaluateRules(twice, { verifier: replay, payload: undefined, payloadOf: () => undefined });
    expect(results.map((r) => [r.ok, r.reason])).toEqual([
      [true, undefined],
      [false, 'the agent job recorded no run of this query'],
      [false, 'the agent job recorded no run of this query'],
    ]);
    expect(local.asked).toEqual([]);
    // A result from before queries were recorded has none: every db_query fails, none is run.
    expect((await judged(new ReplayedChecks(local.verifier, []))).map((r) => r.reason)).toEqual(['the agent job recorded no run of this query', 'the agent job recorded no run of this query']);
    expect(local.asked).toEqual([]);
  });
});
