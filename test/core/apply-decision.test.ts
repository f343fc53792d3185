// What apply does with the attempt prepare handed over: record it from the result, record it as
// failed when there is none (never lose it), or do nothing when it is recorded already or the
// plan moved on.
import { describe, expect, it } from 'vitest';
import { applyAction, attemptStanding, type ResultFound } from '../../src/core/isolation/apply-decision.js';
import type { AgentJobResult } from '../../src/core/isolation/agent-job-result.js';
import type { AttemptDescriptor } from '../../src/core/isolation/attempt-descriptor.js';
import type { Attempt, State } from '../../src/core/state/types.js';
import { T0, state } from '../fakes/states.js';

const d: AttemptDescriptor = { v: 1, planId: 'p', stepId: 'a', n: 2, attemptId: 'p/a/2', branch: 'sequencer/p', commit: 'c'.repeat(40), runId: '55', runAttempt: 1, retry: true, timeoutMs: 60_000 };
const owner = { kind: 'actions' as const, runId: '55', runAttempt: 1 };
const first: Attempt = { n: 1, runId: 'p/a/1', startedAt: T0.toISOString(), endedAt: T0.toISOString(), outcome: 'failed', error: 'x', owner: { ...owner, runId: '54' } };
const second: Attempt = { n: 2, runId: 'p/a/2', startedAt: T0.toISOString(), owner };
const withRun = (status: 'IN_PROGRESS' | 'FAILED' | 'DONE', attempts: Attempt[]): State => state(['a', 'b'], { status: 'IN_PROGRESS', stepRuns: { a: { status, tries: attempts.length, attempts } } });

describe('attemptStanding', () => {
  it.each<[string, State | null, string, RegExp?]>([
    ['in flight', withRun('IN_PROGRESS', [first, second]), 'in-flight'],
    ['recorded', withRun('DONE', [first, { ...second, endedAt: T0.toISOString(), outcome: 'succeeded' }]), 'recorded'],
    ['recovered by a later tick (interrupted)', withRun('FAILED', [first, { ...second, endedAt: T0.toISOString(), outcome: 'interrupted' }]), 'recorded'],
    ['no state', null, 'stale', /no state for plan p/],
    ['no such attempt', withRun('IN_PROGRESS', [first]), 'stale', /step a has no attempt 2/],
    ['owned by another run', withRun('IN_PROGRESS', [first, { ...second, owner: { ...owner, runId: '56' } }]), 'stale', /belongs to workflow run 56 attempt 1, not to workflow run 55/],
    ['owned by a re-run of the same run', withRun('IN_PROGRESS', [first, { ...second, owner: { ...owner, runAttempt: 2 } }]), 'stale', /workflow run 55 attempt 2/],
    ['a later attempt started', withRun('IN_PROGRESS', [first, second, { ...second, n: 3, runId: 'p/a/3' }]), 'stale', /attempt 3 last/],
    ['another plan', { ...withRun('IN_PROGRESS', [first, second]), planId: 'q' }, 'stale', /plan q's, not p's/],
  ])('%s', (_name, s, kind, reason) => {
    const standing = attemptStanding(s, d);
    expect(standing.kind).toBe(kind);
    if (reason && standing.kind === 'stale') expect(standing.reason).toMatch(reason);
  });
});

describe('applyAction', () => {
  const inFlight = attemptStanding(withRun('IN_PROGRESS', [first, second]), d);
  const found: ResultFound = { kind: 'found' };
  const missing: ResultFound = { kind: 'missing' };
  it.each<[string, AgentJobResult, ResultFound, string, RegExp?]>([
    ['a result is recorded, whatever the job ended as', 'failure', found, 'record'],
    ['no result after a cancelled job', 'cancelled', missing, 'fail', /^the agent job ended cancelled without a result$/],
    ['no result after a failed job', 'failure', missing, 'fail', /the agent job failed without a result/],
    ['no result after a skipped job', 'skipped', missing, 'fail', /was skipped/],
    ['no result after a successful job', 'success', missing, 'fail', /ended successfully but left no result/],
    ['a refused result', 'success', { kind: 'refused', reason: 'result.json is not JSON' }, 'fail', /the agent job's result was refused: result.json is not JSON/],
  ])('%s', (_name, job, f, kind, reason) => {
    const action = applyAction(inFlight, d, job, f);
    expect(action.kind).toBe(kind);
    if (reason && action.kind === 'fail') expect(action.reason).toMatch(reason);
  });

  it('does nothing for an attempt recorded already or one the plan left behind', () => {
    expect(applyAction(attemptStanding(withRun('DONE', [first, { ...second, outcome: 'succeeded', endedAt: T0.toISOString() }]), d), d, 'success', found).kind).toBe('already-recorded');
    expect(applyAction({ kind: 'stale', reason: 'moved on' }, d, 'success', found)).toEqual({ kind: 'stale', reason: 'moved on' });
  });

  it('says a result to apply from an earlier run is gone', () => {
    const applyOnly = { ...d, apply: { runId: '55' } };
    expect(applyAction(inFlight, applyOnly, 'skipped', missing)).toEqual({ kind: 'fail', reason: 'the result of workflow run 55 is gone (expired or deleted) and it was never recorded' });
  });
});
