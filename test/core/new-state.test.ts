import { describe, expect, it } from 'vitest';
import { ConfigError, PlanError } from '../../src/core/errors.js';
import { newState } from '../../src/core/plan/new-state.js';
import { planHash } from '../../src/core/plan/plan-hash.js';
import { STATE_VERSION, type Plan } from '../../src/core/state/types.js';
import { parseState } from '../../src/core/state/validate-state.js';

const now = new Date('2025-05-01T12:00:00.000Z');
const plan = (): Plan => ({
  title: 'P',
  steps: { a: { title: 'A', instruction: 'Do A' }, b: { title: 'B', instruction: 'Do B' }, c: { title: 'C', instruction: 'Fix A' } },
});

describe('newState', () => {
  it('creates an unapproved state awaiting approval', () => {
    const p = plan();
    const state = newState(p, { planId: 'issue-42', now });
    expect(state).toEqual({
      version: STATE_VERSION,
      planId: 'issue-42',
      revision: 0,
      status: 'AWAITING_APPROVAL',
      plan: p,
      planHash: planHash(p),
      stepQueue: ['a', 'b', 'c'],
      currentStep: 0,
      stepRuns: {},
      stepDelayMinutes: 0,
      notBefore: null,
      blockers: [],
      lastHeartbeatIso: null,
      artifacts: [],
      approval: null,
      cancelRequested: null,
      inbox: { lastCommentId: 0 },
    });
  });

  it('creates an approved state in progress, recording who approved which plan and when', () => {
    const state = newState(plan(), { planId: 'local', now, approved: { by: 'alice' }, stepDelayMinutes: 2 });
    expect(state.status).toBe('IN_PROGRESS');
    expect(state.approval).toEqual({ by: 'alice', at: '2025-05-01T12:00:00.000Z', planHash: state.planHash, stepDigests: expect.any(Object) });
    expect(state.stepDelayMinutes).toBe(2);
  });

  it('takes the queue from the options, then from the plan, then from the step order', () => {
    expect(newState({ ...plan(), stepQueue: ['b', 'a'] }, { planId: 'p', now }).stepQueue).toEqual(['b', 'a']);
    expect(newState({ ...plan(), stepQueue: ['b', 'a'] }, { planId: 'p', now, stepQueue: ['a'] }).stepQueue).toEqual(['a']);
  });

  it('produces a state that parseState accepts unchanged, also after a JSON round trip', () => {
    const state = newState(plan(), { planId: 'issue-7', now, approved: { by: 'bob' } });
    expect(parseState(JSON.parse(JSON.stringify(state)) as unknown)).toEqual(state);
  });

  it('copies the plan so later edits to it cannot change the state', () => {
    const p = plan();
    const state = newState(p, { planId: 'p', now });
    p.steps.a!.instruction = 'edited';
    expect(state.plan.steps.a?.instruction).toBe('Do A');
    expect(planHash(state.plan)).toBe(state.planHash);
  });

  it('rejects a queue naming unknown or repeated steps', () => {
    expect(() => newState(plan(), { planId: 'p', now, stepQueue: ['a', 'x'] })).toThrow(PlanError);
    expect(() => newState(plan(), { planId: 'p', now, stepQueue: ['a', 'a'] })).toThrow(/repeats step "a"/);
    expect(() => newState(plan(), { planId: 'p', now, stepQueue: [] })).toThrow(/non-empty array/);
  });

  it('rejects a plan id unsafe for paths and branch names, and a negative delay', () => {
    expect(() => newState(plan(), { planId: '../x', now })).toThrow(ConfigError);
    expect(() => newState(plan(), { planId: 'p', now, stepDelayMinutes: -1 })).toThrow(/stepDelayMinutes -1/);
  });
});
