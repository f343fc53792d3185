import { describe, expect, it } from 'vitest';
import { diffPlans, replan, REPLACED_IN_FLIGHT } from '../../src/core/plan/replan.js';
import { block, finishAttempt, startAttempt } from '../../src/core/tick/apply.js';
import { blockerNotice } from '../../src/core/render/render-markdown.js';
import { planTotals } from '../../src/core/render/usage-report.js';
import { nextAttemptNumber, stepRun } from '../../src/core/state/step-view.js';
import { validateState } from '../../src/core/state/validate-state.js';
import type { State } from '../../src/core/state/types.js';
import { plan, state, T0 } from '../fakes/states.js';

const self = { kind: 'local' as const, host: 'h', pid: 1 };
const usage = { inputTokens: 100, outputTokens: 50, cacheReadTokens: 0, cacheWriteTokens: 0, isError: false, costUsd: 0.5, source: 'stream' as const, complete: true };

/** Starts the engine's next attempt of `stepId` and, with an outcome, finishes it. */
function attempt(s: State, stepId: string, outcome?: 'failed' | 'succeeded'): State {
  const n = nextAttemptNumber(stepRun(s, stepId));
  const started = startAttempt(s, { stepId, n, owner: self, now: T0, leaseMs: 60_000 }).state;
  if (!outcome) return started;
  const error = outcome === 'failed' ? 'exit 1' : null;
  const result = { outcome, exitCode: outcome === 'failed' ? 1 : 0, error, stdout: '', durationMs: 1, outputs: [], usage };
  return finishAttempt(started, stepId, result, T0).state;
}

/** The marker that de-duplicates the blocker notice of the step's current episode. */
const noticeKey = (s: State, stepId: string) => /^<!-- [^>]*-->/.exec(blockerNotice(s, stepId, 'max attempts (1) used up'))?.[0];

describe('replan', () => {
  const done = state(['a', 'b', 'c'], {
    currentStep: 2,
    stepRuns: { a: { status: 'DONE', tries: 1 }, b: { status: 'DONE', tries: 2 }, c: { status: 'FAILED', tries: 1 } },
    approval: { by: 'x', at: T0.toISOString(), planHash: 'sha256:old' },
  });

  it('keeps finished steps whose id and instruction are unchanged as they are; the rest run again', () => {
    const next = plan(['a', 'b', 'c', 'd'], (id) => (id === 'b' ? { instruction: 'Do b better' } : {}));
    const { state: s, changes } = replan(done, next, ['a', 'b', 'c', 'd'], T0);
    expect(s.stepRuns.a).toBe(done.stepRuns.a);
    expect(s.stepRuns.b).toMatchObject({ status: 'PENDING', tries: 0, round: 2 });
    expect(s.stepRuns.c).toMatchObject({ status: 'PENDING', tries: 0, round: 2 });
    expect(s).toMatchObject({ status: 'AWAITING_APPROVAL', currentStep: 1, approval: null });
    expect(s.planHash).not.toBe(done.planHash);
    expect(changes).toEqual([
      { stepId: 'a', change: 'unchanged' },
      { stepId: 'b', change: 'changed' },
      { stepId: 'c', change: 'unchanged' },
      { stepId: 'd', change: 'added' },
    ]);
  });

  it('an identical plan keeps its hash, so callers can tell nothing changed', () => {
    expect(replan(done, done.plan, done.stepQueue, T0).state.planHash).toBe(done.planHash);
  });

  it('reports removed steps', () => {
    expect(diffPlans(done.plan, plan(['a']), done.stepQueue, ['a'])).toContainEqual({ stepId: 'c', change: 'removed' });
  });

  it('a blocked step edited and approved again: its attempts stay, the next is attempt 2 of round 2, and a second block is a new notice', () => {
    const blocked = block(attempt(state(['build', 'publish'], {}, { maxAttempts: 1 }), 'build', 'succeeded'), 'publish', 'max attempts (1) used up').state;
    const before = attempt({ ...blocked, currentStep: 1 }, 'publish', 'failed');
    const firstKey = noticeKey(before, 'publish');
    const edited = plan(['build', 'publish'], (id) => ({ maxAttempts: 1, ...(id === 'publish' ? { instruction: 'Publish, with the token' } : {}) }));
    const { state: s } = replan(before, edited, ['build', 'publish'], T0);
    expect(validateState(JSON.parse(JSON.stringify(s))).issues ?? []).toEqual([]);
    expect(s.currentStep).toBe(1);
    const publish = stepRun(s, 'publish');
    expect(publish).toMatchObject({ status: 'PENDING', tries: 0, round: 2, error: null, firstStartedAt: null });
    expect(publish.attempts?.map((a) => [a.n, a.outcome, a.runId])).toEqual([[1, 'failed', 'p/publish/1']]);
    // What attempt 1 spent still counts.
    expect(planTotals(s).costUsd).toBe(1);

    // A block before the step runs again (a spent budget, a failed preflight) is a new episode too.
    expect(noticeKey(s, 'publish')).not.toBe(firstKey);
    const again = attempt({ ...s, status: 'IN_PROGRESS' }, 'publish', 'failed');
    expect(stepRun(again, 'publish').attempts?.map((a) => [a.n, a.round, a.runId])).toEqual([
      [1, undefined, 'p/publish/1'],
      [2, 2, 'p/publish/2'],
    ]);
    expect(noticeKey(again, 'publish')).not.toBe(firstKey);
  });

  it('a changed step that was done runs again without its payload and outputs; its attempts stay', () => {
    const ran = attempt(state(['a'], {}, { requiredOutputs: ['out.md'] }), 'a', 'succeeded');
    const before: State = { ...ran, artifacts: ['out.md', 'other.md'], stepRuns: { a: { ...stepRun(ran, 'a'), payload: { x: 1 } } } };
    const { state: s } = replan(before, plan(['a'], { instruction: 'Do a again', requiredOutputs: ['out.md'] }), ['a'], T0);
    expect(s.stepRuns.a).toMatchObject({ status: 'PENDING', tries: 0, round: 2 });
    expect(s.stepRuns.a).not.toHaveProperty('payload');
    expect(s.stepRuns.a?.attempts).toHaveLength(1);
    expect(s.artifacts).toEqual(['other.md']);
  });

  it('an attempt still in flight ends as interrupted, never vanishes, and its number is not reused', () => {
    const running = attempt(state(['a']), 'a');
    const { state: s } = replan(running, plan(['a'], { instruction: 'Do a differently' }), ['a'], T0);
    expect(validateState(JSON.parse(JSON.stringify(s))).issues ?? []).toEqual([]);
    expect(s.stepRuns.a).toMatchObject({ status: 'PENDING', tries: 0, round: 2 });
    expect(s.stepRuns.a?.attempts).toEqual([expect.objectContaining({ n: 1, outcome: 'interrupted', error: REPLACED_IN_FLIGHT, endedAt: T0.toISOString(), exitCode: null })]);
    expect(nextAttemptNumber(stepRun(s, 'a'))).toBe(2);
  });

  it('a step the new plan no longer defines loses its record; one it still defines outside the queue keeps its attempts', () => {
    const ran = attempt(attempt(state(['a', 'b', 'fix']), 'a', 'failed'), 'fix', 'failed');
    const { state: s } = replan(ran, plan(['b', 'fix']), ['b'], T0);
    expect(Object.keys(s.stepRuns)).toEqual(['fix']);
    expect(s.stepRuns.fix?.attempts?.map((a) => a.n)).toEqual([1]);
    expect(validateState(JSON.parse(JSON.stringify(s))).issues ?? []).toEqual([]);
  });
});
