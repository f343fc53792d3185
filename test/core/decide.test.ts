import { describe, expect, it } from 'vitest';
import { decide, type DecideContext } from '../../src/core/tick/decide.js';
import type { Liveness } from '../../src/ports.js';
import type { State } from '../../src/core/state/types.js';
import { state, T0 } from '../fakes/states.js';

const ctx = (over: Partial<DecideContext> = {}): DecideContext => ({ now: T0, limits: { maxAttempts: 3, attemptTimeoutMinutes: 60 }, ...over });
const later = (min: number) => new Date(T0.getTime() + min * 60_000).toISOString();
const inFlight = (leaseMin: number): State =>
  state(['a', 'b'], {
    stepRuns: {
      a: { status: 'IN_PROGRESS', tries: 1, attempts: [{ n: 1, runId: 'p/a/1', startedAt: T0.toISOString(), leaseExpiresAt: later(leaseMin), owner: { kind: 'local', host: 'h', pid: 1 } }] },
    },
  });

describe('decide', () => {
  const cases: Array<[string, State, Partial<DecideContext>, Record<string, unknown>]> = [
    ['awaiting approval is idle', state(['a'], { status: 'AWAITING_APPROVAL' }), {}, { kind: 'idle' }],
    ['done is idle', state(['a'], { status: 'DONE', currentStep: 1 }), {}, { kind: 'idle' }],
    ['blocked is idle', state(['a'], { status: 'BLOCKED' }), {}, { kind: 'idle' }],
    ['cancelled is idle', state(['a'], { status: 'CANCELLED' }), {}, { kind: 'idle' }],
    ['first step runs with its instruction', state(['a', 'b']), {}, { kind: 'run', stepId: 'a', n: 1, prompt: 'Do a', retry: false }],
    ['past the end completes', state(['a'], { currentStep: 1, stepRuns: { a: { status: 'DONE', tries: 1 } } }), {}, { kind: 'complete' }],
    ['a DONE current step advances (seed runner style)', state(['a', 'b'], { stepRuns: { a: { status: 'DONE', tries: 1 } } }), {}, { kind: 'advance', stepId: 'a' }],
    ['a SKIPPED current step advances', state(['a', 'b'], { stepRuns: { a: { status: 'SKIPPED', tries: 0 } } }), {}, { kind: 'advance', stepId: 'a' }],
    [
      'a failed step retries with the troubleshooting prompt',
      state(['a'], { stepRuns: { a: { status: 'FAILED', tries: 1, error: 'boom' } } }),
      {},
      { kind: 'run', n: 2, retry: true, prompt: 'Step a failed (tries: 1). Previous run ended with: boom. Please troubleshoot and retry: Do a' },
    ],
    ['a failed step at max tries blocks', state(['a'], { stepRuns: { a: { status: 'FAILED', tries: 3, error: 'boom' } } }), {}, { kind: 'block', reason: 'max attempts (3) used up' }],
    [
      'the step limit wins over the default',
      state(['a'], { stepRuns: { a: { status: 'FAILED', tries: 1, error: 'x' } } }, { maxAttempts: 1 }),
      {},
      { kind: 'block', reason: 'max attempts (1) used up' },
    ],
    [
      'the limit from the environment applies',
      state(['a'], { stepRuns: { a: { status: 'FAILED', tries: 2, error: 'x' } } }),
      { limits: { maxAttempts: 2, attemptTimeoutMinutes: 60 } },
      { kind: 'block' },
    ],
    ['a future notBefore waits', state(['a'], { notBefore: later(2) }), {}, { kind: 'wait', until: later(2) }],
    ['a past notBefore runs', state(['a'], { notBefore: later(-1) }), {}, { kind: 'run' }],
    ['a live owner is busy', inFlight(30), { ownerLiveness: 'alive' }, { kind: 'busy', stepId: 'a' }],
    ['an unknown owner within its lease is busy', inFlight(30), { ownerLiveness: 'unknown' as Liveness }, { kind: 'busy' }],
    ['a dead owner is recovered', inFlight(30), { ownerLiveness: 'dead' }, { kind: 'recover', stepId: 'a' }],
    ['an expired lease is recovered even if the owner looks alive', inFlight(-1), { ownerLiveness: 'alive' }, { kind: 'recover' }],
    ['a seed IN_PROGRESS step without attempts is recovered', state(['a'], { stepRuns: { a: { status: 'IN_PROGRESS', tries: 1 } } }), {}, { kind: 'recover' }],
    ['a cancel request with nothing in flight cancels', state(['a'], { cancelRequested: { by: 'x', at: T0.toISOString() } }), {}, { kind: 'cancel' }],
    ['a cancel request waits for the attempt in flight', { ...inFlight(30), cancelRequested: { by: 'x', at: T0.toISOString() } }, { ownerLiveness: 'alive' }, { kind: 'busy' }],
    [
      'a passed total step timeout blocks and says how long it ran',
      state(['a'], { stepRuns: { a: { status: 'FAILED', tries: 1, error: 'x', firstStartedAt: later(-45) } } }, { timeoutMinutes: 30 }),
      {},
      { kind: 'block', reason: 'timed out: ran 45 min of its 30 min (timeoutMinutes)' },
    ],
    ['a passed plan deadline blocks', state(['a'], { plan: { steps: { a: { title: 'A', instruction: 'Do a' } }, deadline: later(-1) } }), {}, { kind: 'block' }],
  ];
  it.each(cases)('%s', (_name, s, over, expected) => {
    expect(decide(s, ctx(over))).toMatchObject(expected);
  });

  it('fills payload placeholders from earlier steps', () => {
    const s = state(['a', 'b'], { currentStep: 1, stepRuns: { a: { status: 'DONE', tries: 1, payload: { url: 'https://x', n: 2 } } } }, (id) =>
      id === 'b' ? { instruction: 'Use {{steps.a.payload.url}} and {{steps.a.payload.n}} but not {{steps.a.payload.nope}}' } : {},
    );
    expect(decide(s, ctx())).toMatchObject({ kind: 'run', prompt: 'Use https://x and 2 but not {{steps.a.payload.nope}}' });
  });

  it('numbers attempts after the history even when tries were reset by /retry', () => {
    const s = state(['a'], {
      stepRuns: { a: { status: 'FAILED', tries: 0, error: 'e', attempts: [1, 2, 3].map((n) => ({ n, runId: `p/a/${n}`, startedAt: T0.toISOString() })) } },
    });
    expect(decide(s, ctx())).toMatchObject({ kind: 'run', n: 4 });
  });
});
