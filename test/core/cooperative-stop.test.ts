// How a cancelled attempt ended reaches the attempt record and the cancelled notice.
import { describe, expect, it } from 'vitest';
import { judgeAttempt } from '../../src/core/tick/judge-attempt.js';
import { cancel, finishAttempt, startAttempt } from '../../src/core/tick/apply.js';
import { cancelledNotice } from '../../src/core/render/render-markdown.js';
import type { AgentResult } from '../../src/ports.js';
import { state, T0 } from '../fakes/states.js';

const result = (over: Partial<AgentResult>): AgentResult => ({ exitCode: 0, signal: null, timedOut: false, cancelled: true, stdout: '', stderr: '', outputBytes: 0, durationMs: 5, ...over });
const ctx = { requiredOutputs: [], missingOutputs: async () => [], timeoutMs: 60_000, logFile: '/l' };

describe('cooperative stop in the record and the notice', () => {
  it.each([
    ['agent', 'the agent stopped by itself'],
    ['signal', 'stopped with SIGTERM'],
  ] as const)('stoppedBy %s', async (stoppedBy, text) => {
    const judged = await judgeAttempt(result({ stoppedBy }), ctx);
    expect(judged).toMatchObject({ outcome: 'cancelled', stoppedBy });
    expect(judged.error).toContain(text);
    let s = startAttempt(state(['a', 'b']), { stepId: 'a', n: 1, owner: { kind: 'local', host: 'h', pid: 1 }, now: T0, leaseMs: 1000 }).state;
    s = finishAttempt({ ...s, cancelRequested: { by: 'x', at: T0.toISOString() } }, 'a', judged, T0).state;
    expect(s.stepRuns.a?.attempts?.[0]?.stoppedBy).toBe(stoppedBy);
    const ended = cancel(s);
    expect(ended.notices).toEqual([{ kind: 'cancelled', runningStep: 'a' }]);
    expect(cancelledNotice(ended.state, 'a')).toMatch(new RegExp(`\`a\` was running; [^\n]*${text}`));
  });
});
