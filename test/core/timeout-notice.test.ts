// A timed-out attempt is news at once: the transition that records it says so (the engine logs
// it, the Action publishes the status), and the status comment names the step and its limit.
import { describe, expect, it } from 'vitest';
import { finishAttempt, startAttempt } from '../../src/core/tick/apply.js';
import { judgeAttempt } from '../../src/core/tick/judge-attempt.js';
import { timedOutText } from '../../src/core/tick/notices.js';
import { statusComment } from '../../src/core/render/render-markdown.js';
import type { AgentResult } from '../../src/ports.js';
import { T0, state } from '../fakes/states.js';

const owner = { kind: 'local' as const, host: 'h', pid: 1 };
const agent = (over: Partial<AgentResult>): AgentResult => ({ exitCode: null, signal: 'SIGTERM', timedOut: false, cancelled: false, stdout: '', stderr: '', outputBytes: 0, durationMs: 5, ...over });
const judgeCtx = (timeoutMs: number) => ({ requiredOutputs: [], missingOutputs: async () => [], timeoutMs, logFile: 'log' });

async function finished(result: AgentResult, timeoutMs: number) {
  const started = startAttempt(state(['build', 'ship']), { stepId: 'build', n: 1, owner, now: T0, leaseMs: timeoutMs }).state;
  return finishAttempt(started, 'build', await judgeAttempt(result, judgeCtx(timeoutMs)), T0);
}

describe('a timed-out attempt', () => {
  it('produces a timed-out notice before step-failed and records the limit on the attempt', async () => {
    const t = await finished(agent({ timedOut: true }), 30 * 60_000);
    expect(t.notices.map((n) => n.kind)).toEqual(['timed-out', 'step-failed']);
    expect(t.notices[0]).toEqual({ kind: 'timed-out', stepId: 'build', minutes: 30 });
    expect(t.state.stepRuns.build?.attempts?.[0]).toMatchObject({ outcome: 'timed_out', timeoutMinutes: 30 });
  });

  it('is shown in the status comment until the step moves on', async () => {
    const t = await finished(agent({ timedOut: true }), 30 * 60_000);
    expect(statusComment(t.state)).toContain('⏱️ Attempt 1: step build ran over its 30 min.');
    const ok = finishAttempt(
      startAttempt(t.state, { stepId: 'build', n: 2, owner, now: T0, leaseMs: 1 }).state,
      'build',
      { outcome: 'succeeded', exitCode: 0, error: null, stdout: '', durationMs: 1, outputs: [] },
      T0,
    );
    expect(statusComment(ok.state)).not.toContain('ran over');
  });

  it('a failure that is not a timeout says nothing of the kind', async () => {
    const t = await finished(agent({ exitCode: 1, signal: null }), 30 * 60_000);
    expect(t.notices.map((n) => n.kind)).toEqual(['step-failed']);
    expect(statusComment(t.state)).not.toContain('ran over');
  });

  it('names limits under a minute in seconds', () => {
    expect(timedOutText('b', 0.05)).toBe('step b ran over its 3 s');
    expect(timedOutText('b', 90)).toBe('step b ran over its 90 min');
  });
});
