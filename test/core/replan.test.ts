import { describe, expect, it } from 'vitest';
import { diffPlans, replan } from '../../src/core/plan/replan.js';
import { plan, state, T0 } from '../fakes/states.js';

describe('replan', () => {
  const done = state(['a', 'b', 'c'], {
    currentStep: 2,
    stepRuns: { a: { status: 'DONE', tries: 1 }, b: { status: 'DONE', tries: 2 }, c: { status: 'FAILED', tries: 1 } },
    approval: { by: 'x', at: T0.toISOString(), planHash: 'sha256:old' },
  });

  it('keeps finished steps whose id and instruction are unchanged and re-runs the rest', () => {
    const next = plan(['a', 'b', 'c', 'd'], (id) => (id === 'b' ? { instruction: 'Do b better' } : {}));
    const { state: s, changes } = replan(done, next, ['a', 'b', 'c', 'd'], T0);
    expect(Object.keys(s.stepRuns)).toEqual(['a']);
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
});
