// An attempt's tool-call counts in the state (`attempts[i].toolCalls`): accepted and checked by
// the state validator, and shown in the blocker notice and the final summary (issue comments
// and terminal text). Plans without logged calls read as before.
import { describe, expect, it } from 'vitest';
import { checkState } from '../../src/core/state/validate-state.js';
import { blockerNotice, finalSummaryComment } from '../../src/core/render/render-markdown.js';
import { blockerReport, finalSummary } from '../../src/core/render/render.js';
import type { Attempt, State } from '../../src/core/state/types.js';
import { state } from '../fakes/states.js';

const attempt = (n: number, extra: Partial<Attempt> = {}): Attempt => ({
  n,
  runId: `p/a/${n}`,
  startedAt: '2026-01-01T00:00:00Z',
  endedAt: '2026-01-01T00:01:00Z',
  exitCode: 1,
  outcome: 'failed',
  error: 'exit 1',
  durationMs: 60_000,
  ...extra,
});

function blocked(attempts: Attempt[]): State {
  const s = state(['a', 'b']);
  return { ...s, status: 'BLOCKED', blockers: ['a: max attempts (2) used up'], stepRuns: { ...s.stepRuns, a: { status: 'FAILED', tries: attempts.length, error: 'exit 1', attempts } } };
}

describe('attempts[i].toolCalls', () => {
  it('is accepted with whole-number counts', () => {
    expect(checkState(blocked([attempt(1, { toolCalls: { calls: 4, denied: 1 } })]))).toEqual([]);
  });

  it.each([
    [{ calls: '4', denied: 0 }, 'stepRuns.a.attempts[0].toolCalls.calls', 'must be an integer >= 0, got "4"'],
    [{ calls: 4, denied: -1 }, 'stepRuns.a.attempts[0].toolCalls.denied', 'must be an integer >= 0, got -1'],
    [{ calls: 1, denied: 2 }, 'stepRuns.a.attempts[0].toolCalls.denied', 'must not exceed calls (1), got 2'],
    [[4, 1], 'stepRuns.a.attempts[0].toolCalls', 'must be an object with "calls" and "denied" (whole numbers), got [4,1]'],
  ])('refuses %j, naming the field', (toolCalls, path, message) => {
    expect(checkState(blocked([attempt(1, { toolCalls: toolCalls as never })]))).toEqual([{ path, message }]);
  });
});

describe('rendered tool calls', () => {
  it('the blocker notice gets a tool-call column only when calls were logged', () => {
    const notice = blockerNotice(blocked([attempt(1, { toolCalls: { calls: 7, denied: 2 } }), attempt(2)]), 'a', 'max attempts (2) used up');
    expect(notice).toContain('| attempt | outcome | exit | duration | tool calls | error |');
    expect(notice).toContain('| 1 | failed | 1 | 1m00s | 7 (2 denied) | exit 1 |');
    expect(notice).toContain('| 2 | failed | 1 | 1m00s | - | exit 1 |');
    const plain = blockerNotice(blocked([attempt(1)]), 'a', 'max attempts (2) used up');
    expect(plain).toContain('| attempt | outcome | exit | duration | error |');
    expect(plain).not.toContain('tool calls');
  });

  it("the terminal blocker report names each attempt's calls", () => {
    expect(blockerReport(blocked([attempt(1, { toolCalls: { calls: 3, denied: 1 } })]), 'a', 'x')).toContain('attempt 1: failed (exit 1), 3 tool calls (1 denied) - exit 1');
  });

  it('the final summary totals the calls per step over its attempts', () => {
    const s = state(['a', 'b']);
    const done: State = {
      ...s,
      status: 'DONE',
      currentStep: 2,
      stepRuns: {
        a: { status: 'DONE', tries: 2, attempts: [attempt(1, { toolCalls: { calls: 5, denied: 2 } }), attempt(2, { outcome: 'succeeded', exitCode: 0, toolCalls: { calls: 3, denied: 0 } })] },
        b: { status: 'DONE', tries: 1, attempts: [attempt(1, { outcome: 'succeeded', exitCode: 0 })] },
      },
    };
    const comment = finalSummaryComment(done);
    expect(comment).toContain('**Tool calls** (all attempts; the command logs are in the attempt logs)\n- `a`: 8 (2 denied)');
    expect(comment).not.toContain('- `b`:');
    expect(finalSummary(done)).toContain('Tool calls:\n  a: 8 (2 denied)');
    const none = { ...done, stepRuns: { a: { status: 'DONE' as const, tries: 1, attempts: [attempt(1)] }, b: done.stepRuns.b! } };
    expect(finalSummaryComment(none)).not.toContain('Tool calls');
    expect(finalSummary(none)).not.toContain('Tool calls');
  });
});
