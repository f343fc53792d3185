// Crash acceptance (seeds/001): which interrupted attempts may have their work judged instead of
// running the step again, and how a recovered step is recorded and shown.
import { describe, expect, it } from 'vitest';
import { finishAttempt, mayAcceptInterrupted, startAttempt } from '../../src/core/tick/apply.js';
import { resumeLines } from '../../src/core/render/render.js';
import type { Attempt, AttemptOwner, StepDef } from '../../src/core/state/types.js';
import { T0, state } from '../fakes/states.js';

const self: AttemptOwner = { kind: 'local', host: 'box', pid: 2 };
const attempt = (owner: AttemptOwner): Attempt => ({ n: 1, runId: 'p/a/1', owner, startedAt: T0.toISOString() });
const withOutputs: StepDef = { title: 'A', instruction: 'I', requiredOutputs: ['a.md'] };

describe('mayAcceptInterrupted', () => {
  const cases: Array<[string, Attempt | undefined, StepDef, boolean]> = [
    ['a dead local owner on this host, step with outputs', attempt({ kind: 'local', host: 'box', pid: 1 }), withOutputs, true],
    ['step with rules only', attempt({ kind: 'local', host: 'box', pid: 1 }), { title: 'A', instruction: 'I', validate: [{ file_exists: { path: 'a' } }] }, true],
    ['step with a payload only', attempt({ kind: 'local', host: 'box', pid: 1 }), { title: 'A', instruction: 'I', expectPayload: true }, true],
    ['step without a contract: nothing could fail', attempt({ kind: 'local', host: 'box', pid: 1 }), { title: 'A', instruction: 'I' }, false],
    ['an owner on another host: its work is not here', attempt({ kind: 'local', host: 'other', pid: 1 }), withOutputs, false],
    ["an Actions owner: another runner's workspace", attempt({ kind: 'actions', runId: '5', runAttempt: 1 }), withOutputs, false],
    ['no attempt record', undefined, withOutputs, false],
  ];
  it.each(cases)('%s', (_name, a, def, expected) => {
    expect(mayAcceptInterrupted(a, self, def)).toBe(expected);
  });
});

describe('a recovered attempt', () => {
  it('completes the step and advances, and the resume line says it was recovered', () => {
    const started = startAttempt(state(['a', 'b']), { stepId: 'a', n: 1, owner: self, now: T0, leaseMs: 1 }).state;
    const t = finishAttempt(started, 'a', { outcome: 'recovered', exitCode: null, error: null, stdout: '', durationMs: 0, outputs: ['a.md'] }, T0);
    expect(t.state.stepRuns.a?.status).toBe('DONE');
    expect(t.state.stepRuns.a?.attempts?.at(-1)?.outcome).toBe('recovered');
    expect(t.state.currentStep).toBe(1);
    expect(t.notices).toEqual([{ kind: 'step-done', stepId: 'a' }]);
    expect(resumeLines(t.state).join('\n')).toMatch(/a .*: done in 1 attempt \(recovered: an interrupted attempt's work met the contract\)/);
  });
});
