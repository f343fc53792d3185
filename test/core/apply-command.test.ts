import { describe, expect, it } from 'vitest';
import { applyCommand } from '../../src/core/tick/apply-command.js';
import { parseCommandText } from '../../src/core/tick/commands.js';
import { block } from '../../src/core/tick/apply.js';
import { state, T0 } from '../fakes/states.js';

const by = 'octocat';

describe('applyCommand', () => {
  it('approve starts an awaiting plan, records who and the plan hash, and sets the delay', () => {
    const s = state(['a'], { status: 'AWAITING_APPROVAL', approval: null });
    const out = applyCommand(s, { kind: 'approve', by, delayMinutes: 2 }, T0);
    expect(out.changed).toBe(true);
    expect(out.state).toMatchObject({ status: 'IN_PROGRESS', stepDelayMinutes: 2, approval: { by, planHash: s.planHash } });
  });

  it('approve of another plan hash changes nothing', () => {
    const s = state(['a'], { status: 'AWAITING_APPROVAL' });
    const out = applyCommand(s, { kind: 'approve', by, planHash: 'sha256:other' }, T0);
    expect(out.changed).toBe(false);
    expect(out.state).toBe(s);
    expect(out.reply).toMatch(/approve again/);
  });

  it('approve counts from the proposal at GitHub precision (whole seconds)', () => {
    const s = state(['a'], { status: 'AWAITING_APPROVAL', proposal: { at: '2026-01-01T00:00:05.800Z' } });
    expect(applyCommand(s, { kind: 'approve', by, at: '2026-01-01T00:00:05Z' }, T0).changed).toBe(true);
    const early = applyCommand(s, { kind: 'approve', by, at: '2026-01-01T00:00:04Z' }, T0);
    expect(early.changed).toBe(false);
    expect(early.reply).toMatch(/before the current proposal/);
  });

  it('approve of a running plan is refused', () => {
    expect(applyCommand(state(['a']), { kind: 'approve', by }, T0).changed).toBe(false);
  });

  it('cancel with nothing in flight ends the plan now', () => {
    const out = applyCommand(state(['a']), { kind: 'cancel', by }, T0);
    expect(out.state.status).toBe('CANCELLED');
    expect(out.notices).toEqual([{ kind: 'cancelled', runningStep: null }]);
  });

  it('cancel with an attempt in flight stores the intent only', () => {
    const s = state(['a'], { stepRuns: { a: { status: 'IN_PROGRESS', tries: 1 } } });
    const out = applyCommand(s, { kind: 'cancel', by, reason: 'wrong plan' }, T0);
    expect(out.state.status).toBe('IN_PROGRESS');
    expect(out.state.cancelRequested).toMatchObject({ by, reason: 'wrong plan' });
  });

  it('retry gives a blocked step a fresh budget and clears its blocker', () => {
    const failed = state(['a', 'b'], { stepRuns: { a: { status: 'FAILED', tries: 3, error: 'x', firstStartedAt: T0.toISOString() } } });
    const blocked = block(failed, 'a', 'max retries (3) exceeded').state;
    const out = applyCommand(blocked, { kind: 'retry', by }, T0);
    expect(out.state.status).toBe('IN_PROGRESS');
    expect(out.state.stepRuns.a).toMatchObject({ status: 'FAILED', tries: 0, firstStartedAt: null });
    expect(out.state.blockers).toEqual([]);
  });

  it('retry of a step that is not the current one is refused', () => {
    const blocked = block(state(['a', 'b'], { stepRuns: { a: { status: 'FAILED', tries: 3 } } }), 'a', 'x').state;
    const out = applyCommand(blocked, { kind: 'retry', by, step: 'b' }, T0);
    expect(out.changed).toBe(false);
    expect(out.reply).toMatch(/only the current step \(a\)/);
  });

  it('retry of a running plan is refused', () => {
    expect(applyCommand(state(['a']), { kind: 'retry', by }, T0).changed).toBe(false);
  });

  it('skip marks the current step SKIPPED and advances; the last skip completes the plan', () => {
    const blocked = block(state(['a', 'b'], { stepRuns: { a: { status: 'FAILED', tries: 3 } } }), 'a', 'x').state;
    const first = applyCommand(blocked, { kind: 'skip', by, step: 'a' }, T0).state;
    expect(first).toMatchObject({ status: 'IN_PROGRESS', currentStep: 1, stepRuns: { a: { status: 'SKIPPED' } } });
    const second = applyCommand(first, { kind: 'skip', by }, T0);
    expect(second.state).toMatchObject({ status: 'DONE', currentStep: 2 });
    expect(second.notices).toEqual([{ kind: 'done' }]);
  });

  it('skip is refused while the step runs', () => {
    const s = state(['a'], { stepRuns: { a: { status: 'IN_PROGRESS', tries: 1 } } });
    expect(applyCommand(s, { kind: 'skip', by }, T0).changed).toBe(false);
  });

  it('resume re-opens a cancelled plan at its current step', () => {
    const s = state(['a', 'b'], { status: 'CANCELLED', currentStep: 1, cancelRequested: { by, at: T0.toISOString() }, stepRuns: { a: { status: 'DONE', tries: 1 }, b: { status: 'FAILED', tries: 1, error: 'cancelled' } } });
    const out = applyCommand(s, { kind: 'resume', by }, T0);
    expect(out.state).toMatchObject({ status: 'IN_PROGRESS', cancelRequested: null, stepRuns: { b: { status: 'PENDING', tries: 0 } } });
  });

  it('status changes nothing and says where the plan stands', () => {
    const s = state(['a', 'b'], { currentStep: 1, stepRuns: { a: { status: 'DONE', tries: 1 }, b: { status: 'FAILED', tries: 2 } } });
    const out = applyCommand(s, { kind: 'status', by }, T0);
    expect(out).toMatchObject({ changed: false, state: s });
    expect(out.reply).toBe('Plan is IN_PROGRESS: 1/2 steps done; current step b (FAILED, 2 tries).');
  });
});

describe('parseCommandText', () => {
  it.each([
    ['/approve', { kind: 'approve', by }],
    ['/approve delay=2', { kind: 'approve', by, delayMinutes: 2 }],
    ['  /cancel  too slow\nmore text', { kind: 'cancel', by, reason: 'too slow' }],
    ['/retry step-2', { kind: 'retry', by, step: 'step-2' }],
    ['/skip', { kind: 'skip', by }],
    ['/RESUME', { kind: 'resume', by }],
    ['/status', { kind: 'status', by }],
  ])('%s', (text, command) => {
    expect(parseCommandText(text, by)).toEqual({ ok: true, command });
  });

  it.each([
    ['/approve delay=x', /delay=N/],
    ['/approve delay=5000', /0-1440/],
    ['/retry ../etc', /step id/],
    ['/deploy', /unknown command "\/deploy"/],
  ])('%s is refused with a reason', (text, reason) => {
    const parsed = parseCommandText(text, by);
    expect(parsed && !parsed.ok && parsed.error).toMatch(reason);
  });

  it('ignores text that is not a command', () => {
    expect(parseCommandText('LGTM, thanks! /approve', by)).toBeNull();
  });
});
