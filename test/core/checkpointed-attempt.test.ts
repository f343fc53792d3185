// The agent job recomputes the attempt's prompt from the checkpointed state: it must be the
// prompt `decide` gave before the checkpoint, for a first attempt, a retry, an attempt after a
// /retry (no troubleshooting), and a remediation step.
import { describe, expect, it } from 'vitest';
import { checkpointedAttempt } from '../../src/core/isolation/checkpointed-attempt.js';
import { startAttempt } from '../../src/core/tick/apply.js';
import { decide } from '../../src/core/tick/decide.js';
import type { State } from '../../src/core/state/types.js';
import { T0, state } from '../fakes/states.js';

const limits = { maxAttempts: 5, attemptTimeoutMinutes: 60 };
const owner = { kind: 'actions' as const, runId: '1', runAttempt: 1 };
const failed = (error: string) => ({ n: 1, runId: 'p/a/1', startedAt: T0.toISOString(), endedAt: T0.toISOString(), outcome: 'failed' as const, error });

const cases: Array<[string, State, { detourFor?: string; says?: string; notSays?: string }]> = [
  ['a first attempt', state(['a', 'b'], { status: 'IN_PROGRESS' }), { notSays: 'troubleshoot' }],
  [
    'a retry after a failure',
    state(['a', 'b'], { status: 'IN_PROGRESS', stepRuns: { a: { status: 'FAILED', tries: 1, error: 'exit 3: boom', attempts: [failed('exit 3: boom')] } } }),
    { says: 'exit 3: boom' },
  ],
  [
    'a run after /retry (no troubleshooting prompt)',
    state(['a', 'b'], { status: 'IN_PROGRESS', stepRuns: { a: { status: 'PENDING', tries: 0, error: 'old', attempts: [failed('old')] } } }),
    { notSays: 'old' },
  ],
  [
    'a remediation step',
    state(
      ['a', 'fix'],
      {
        status: 'IN_PROGRESS',
        stepQueue: ['a'],
        stepRuns: {
          a: {
            status: 'FAILED',
            tries: 1,
            error: 'rule failed',
            attempts: [{ ...failed('rule failed'), failedRules: ['file_exists(x)'] }],
            remediation: { step: 'fix', forAttempt: 1, status: 'PENDING' },
          },
        },
      },
      (id) => (id === 'a' ? { onValidationFail: 'fix' } : {}),
    ),
    { detourFor: 'a', says: 'rule failed' },
  ],
];

describe('checkpointedAttempt', () => {
  it.each(cases)('gives the prompt decide gave, for %s', (_name, before, want) => {
    const d = decide(before, { now: T0, limits });
    expect(d.kind).toBe('run');
    if (d.kind !== 'run') return;
    expect(d.detourFor).toBe(want.detourFor);
    if (want.says) expect(d.prompt).toContain(want.says);
    if (want.notSays) expect(d.prompt.toLowerCase()).not.toContain(want.notSays);
    const after = startAttempt(before, { stepId: d.stepId, n: d.n, owner, now: T0, leaseMs: 60_000 }).state;
    expect(checkpointedAttempt(after, d.stepId, d.n, d.retry)).toEqual({ prompt: d.prompt, ...(d.detourFor ? { detourFor: d.detourFor } : {}) });
  });

  it('is null for a step that is not the one running', () => {
    const s = state(['a', 'b'], { status: 'IN_PROGRESS' });
    expect(checkpointedAttempt(s, 'b', 1, false)).toBeNull();
  });
});
