// How a cancelled attempt ended reaches the attempt record and the cancelled notice.
import { describe, expect, it } from 'vitest';
import { judgeAttempt } from '../../src/core/tick/judge-attempt.js';
import { cancel, finishAttempt, startAttempt } from '../../src/core/tick/apply.js';
import { cancelledNotice } from '../../src/core/render/render-markdown.js';
import type { AgentResult } from '../../src/ports.js';
import { state, T0 } from '../fakes/states.js';
import { OVERFLOW_STOP_MESSAGE, PLAN_BUDGET_STOP_MESSAGE, STEP_BUDGET_STOP_MESSAGE, STOP_MESSAGE, TIMEOUT_STOP_MESSAGE, budgetStopMessage, stopReason } from '../../src/core/tick/cooperative-stop.js';
import { decideCall } from '../../src/core/guard/tool-policy.js';

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

describe('a timeout brakes softly too', () => {
  it.each([
    ['agent', 'timed out after 1 min (the agent stopped by itself after its stop file appeared)'],
    ['signal', 'timed out after 1 min (process group terminated)'],
  ] as const)('stoppedBy %s is recorded and said', async (stoppedBy, error) => {
    const judged = await judgeAttempt(result({ cancelled: false, timedOut: true, stoppedBy }), ctx);
    expect(judged).toMatchObject({ outcome: 'timed_out', stoppedBy, error: expect.stringMatching(new RegExp(`^${error.replace(/[()]/g, '\\$&')}`)) });
  });

  it.each([
    [90_000, '90 s'],
    [60_000, '1 min'],
    [150_000, '150 s'],
    [45 * 60_000, '45 min'],
  ])('a timeout of %i ms is named as it was set (%s), as the attempt header names it', async (timeoutMs, shown) => {
    const judged = await judgeAttempt(result({ cancelled: false, timedOut: true, stoppedBy: 'signal' }), { ...ctx, timeoutMs });
    expect(judged.error).toMatch(new RegExp(`^timed out after ${shown} \\(`));
  });

  it('the stop file says why it is there, and a tool call then hears the same', () => {
    expect(stopReason(`${TIMEOUT_STOP_MESSAGE}\n`)).toBe(TIMEOUT_STOP_MESSAGE);
    expect(stopReason(`${STOP_MESSAGE}\n`)).toBe(STOP_MESSAGE);
    // The agent can write the file: words that are not ours are read as a cancel.
    expect(stopReason('anything the agent wrote')).toBe(STOP_MESSAGE);
    expect(stopReason(`${OVERFLOW_STOP_MESSAGE}\n`)).toBe(OVERFLOW_STOP_MESSAGE);
    // A spent token budget names whose it is, and a tool call hears the same words.
    expect(budgetStopMessage('plan')).toBe("The plan's token budget is spent: stop now, save your work and exit.");
    expect(budgetStopMessage('step')).toBe("The step's token budget is spent: stop now, save your work and exit.");
    expect(stopReason(`${PLAN_BUDGET_STOP_MESSAGE}\n`)).toBe(PLAN_BUDGET_STOP_MESSAGE);
    expect(stopReason(`${STEP_BUDGET_STOP_MESSAGE}\n`)).toBe(STEP_BUDGET_STOP_MESSAGE);
    const policy = { maxCalls: null, allow: [], block: [], via: 'hook' as const, onExceed: 'fail' as const };
    expect(decideCall({ tool: 'Bash', subject: 'ls' }, policy, 0, stopReason(TIMEOUT_STOP_MESSAGE))).toEqual({ decision: 'deny', reason: TIMEOUT_STOP_MESSAGE });
    expect(decideCall({ tool: 'Bash', subject: 'ls' }, policy, 0, stopReason(OVERFLOW_STOP_MESSAGE))).toEqual({ decision: 'deny', reason: OVERFLOW_STOP_MESSAGE });
    expect(decideCall({ tool: 'Bash', subject: 'ls' }, policy, 0, true)).toEqual({ decision: 'deny', reason: STOP_MESSAGE });
  });
});
