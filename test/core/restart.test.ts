// /restart (and the CLI's `restart`): the plan starts again from its first step or a named one;
// the earlier run stays in the state (every attempt, and a record of the restart), attempt numbers
// go on, and an approved, unchanged plan needs no new approval.
import { describe, expect, it } from 'vitest';
import { applyCommand } from '../../src/core/tick/apply-command.js';
import { parseCommandText } from '../../src/core/tick/commands.js';
import { decide } from '../../src/core/tick/decide.js';
import { finishAttempt, startAttempt } from '../../src/core/tick/apply.js';
import type { State } from '../../src/core/state/types.js';
import { T0, state } from '../fakes/states.js';

const owner = { kind: 'local' as const, host: 'h', pid: 1 };
const limits = { maxAttempts: 3, attemptTimeoutMinutes: 60 };
function done(s: State, stepId: string): State {
  const n = (s.stepRuns[stepId]?.attempts?.length ?? 0) + 1;
  const started = startAttempt(s, { stepId, n, owner, now: T0, leaseMs: 1 }).state;
  return finishAttempt(started, stepId, { outcome: 'succeeded', exitCode: 0, error: null, stdout: 'ok', durationMs: 1, outputs: [`${stepId}.md`], payload: { k: stepId } }, T0).state;
}
function finished(): State {
  let s = state(['a', 'b', 'c'], {}, (id) => ({ requiredOutputs: [`${id}.md`] }));
  for (const id of ['a', 'b', 'c']) s = done(s, id);
  return s;
}
const restart = (s: State, step?: string) => applyCommand(s, { kind: 'restart', by: 'alice', ...(step ? { step } : {}) }, T0);

describe('/restart', () => {
  it('is parsed with an optional step', () => {
    expect(parseCommandText('/restart', 'alice')).toEqual({ ok: true, command: { kind: 'restart', by: 'alice' } });
    expect(parseCommandText('/restart b', 'alice')).toEqual({ ok: true, command: { kind: 'restart', by: 'alice', step: 'b' } });
    expect(parseCommandText('/restart b c', 'alice')).toMatchObject({ ok: false, error: expect.stringContaining('/restart takes an optional step id') });
  });

  it('starts a DONE plan again from the first step, keeping every earlier attempt and a record of the run it ended', () => {
    const before = finished();
    expect(before.status).toBe('DONE');
    const r = restart(before);
    expect(r.changed).toBe(true);
    expect(r.reply).toBe('Restarted from a (1/3) by @alice: 3 steps run again; the earlier run stays in the state.');
    const s = r.state;
    expect(s).toMatchObject({ status: 'IN_PROGRESS', currentStep: 0, blockers: [], notBefore: null, cancelRequested: null });
    for (const id of ['a', 'b', 'c']) {
      expect(s.stepRuns[id]).toMatchObject({ status: 'PENDING', tries: 0, error: null, firstStartedAt: null });
      expect(s.stepRuns[id]?.payload).toBeUndefined();
      expect(s.stepRuns[id]?.attempts).toEqual(before.stepRuns[id]?.attempts);
    }
    expect(s.artifacts).toEqual([]);
    expect(restart({ ...before, groupRuns: { g: { tries: 2 } }, routeCounts: { 'a#0': 3 } }).state).toMatchObject({ groupRuns: {}, routeCounts: {} });
    expect(s.restarts).toEqual([{ at: T0.toISOString(), by: 'alice', from: 'a', previous: { status: 'DONE', currentStep: 3, planHash: before.planHash } }]);
    // The approval stands: the same plan runs without being approved again, with fresh attempt numbers.
    expect(s.approval).toEqual(before.approval);
    const d = decide(s, { now: T0, limits });
    expect(d).toMatchObject({ kind: 'run', stepId: 'a', n: 2, retry: false });
  });

  it('from a named step keeps the steps before it as they were', () => {
    const r = restart(finished(), 'b');
    expect(r.state.currentStep).toBe(1);
    expect(r.state.stepRuns.a).toMatchObject({ status: 'DONE', payload: { k: 'a' } });
    expect(r.state.stepRuns.b?.status).toBe('PENDING');
    expect(r.state.artifacts).toEqual(['a.md']);
  });

  it('a blocked or cancelled plan restarts too; the blockers and the cancel are cleared', () => {
    const blocked = { ...finished(), status: 'BLOCKED' as const, currentStep: 1, blockers: ['b: max attempts (3) used up'] };
    expect(restart(blocked).state).toMatchObject({ status: 'IN_PROGRESS', blockers: [], currentStep: 0 });
    const cancelled = { ...finished(), status: 'CANCELLED' as const, cancelRequested: { by: 'x', at: T0.toISOString() } };
    expect(restart(cancelled).state).toMatchObject({ status: 'IN_PROGRESS', cancelRequested: null });
  });

  it('a plan awaiting approval (never approved, or changed since) stays so: a restart approves nothing', () => {
    const awaiting = { ...finished(), status: 'AWAITING_APPROVAL' as const, approval: null };
    expect(restart(awaiting).state).toMatchObject({ status: 'AWAITING_APPROVAL', currentStep: 0 });
    // At a gate the plan is approved: a restart leaves the gate and runs from the start.
    const atGate = { ...finished(), status: 'AWAITING_APPROVAL' as const, currentStep: 1, gate: { stepId: 'b', planHash: 'sha256:x', at: T0.toISOString() } };
    expect(restart(atGate).state).toMatchObject({ status: 'IN_PROGRESS', gate: null, currentStep: 0 });
  });

  it.each<[string, (s: State) => State, string | undefined, string]>([
    ['an unknown step', (s) => s, 'zz', 'Cannot restart: "zz" is not a step of the plan\'s queue (a, b, c).'],
    [
      'a step after one that is not finished',
      (s) => ({ ...s, status: 'BLOCKED', currentStep: 0, stepRuns: { ...s.stepRuns, a: { ...s.stepRuns.a!, status: 'FAILED' } } }),
      'b',
      'Cannot restart from b: step a before it is not done (FAILED), and no step is skipped; restart from a or earlier.',
    ],
    [
      'while an attempt runs',
      (s) => ({ ...s, status: 'IN_PROGRESS', currentStep: 1, stepRuns: { ...s.stepRuns, b: { ...s.stepRuns.b!, status: 'IN_PROGRESS' } } }),
      undefined,
      'Cannot restart while an attempt of b is running; /cancel it first or wait.',
    ],
  ])('refuses %s, changing nothing', (_name, shape, step, reply) => {
    const s = shape(finished());
    const r = restart(s, step);
    expect(r).toMatchObject({ changed: false, refused: true, reply });
    expect(r.state).toBe(s);
  });

  it('keeps the last 20 restart records', () => {
    let s = finished();
    for (let i = 0; i < 25; i++) s = restart(s).state;
    expect(s.restarts).toHaveLength(20);
  });
});
