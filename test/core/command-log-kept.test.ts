// An attempt's command log is kept with the attempt (on the work branch), bounded: cut at line
// ends to its first and last calls, saying how many lines were left out.
import { describe, expect, it } from 'vitest';
import { boundedCommandLog, callLine, commandLogRecord, summarizeCommandLog } from '../../src/core/guard/command-log.js';

const now = new Date('2026-01-01T00:00:00Z');
const log = (n: number) => Array.from({ length: n }, (_, i) => callLine({ now, via: 'exec', call: { tool: 'exec', subject: `ls ${i}` }, decision: 'allow' })).join('');

describe('boundedCommandLog', () => {
  it('keeps a log under the limit as it is', () => {
    expect(boundedCommandLog(log(10), 10_000)).toBe(log(10));
  });
  it('keeps the first and last lines of a longer one, whole, and says how many were left out', () => {
    const text = log(1000);
    const kept = boundedCommandLog(text, 8_000);
    expect(Buffer.byteLength(kept)).toBeLessThanOrEqual(8_000);
    const lines = kept
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    const marker = lines.findIndex((l) => l.truncated === true);
    expect(lines[0]).toMatchObject({ command: 'ls 0' });
    expect(lines.at(-1)).toMatchObject({ command: 'ls 999' });
    expect(lines[marker]).toEqual({ truncated: true, omittedLines: 1000 - (lines.length - 1) });
    // The marker is not a call: the kept log still counts only real calls.
    expect(summarizeCommandLog(kept).calls).toBe(lines.length - 1);
  });
  it('is kept at a path of its own per step and attempt', () => {
    expect(commandLogRecord('fetch', 2)).toBe('commands/fetch/attempt-2.jsonl');
  });
});

describe("the final summary names each step's command log", () => {
  it('links the kept copy on the work branch (Action), or names the log beside the state (CLI)', async () => {
    const { finalSummaryComment } = await import('../../src/core/render/render-markdown.js');
    const { finalSummary } = await import('../../src/core/render/render.js');
    const { state } = await import('../fakes/states.js');
    const attempt = (n: number, calls: number) => ({
      n,
      runId: `p/a/${n}`,
      startedAt: now.toISOString(),
      outcome: 'succeeded' as const,
      logFile: `state.json.logs/a/attempt-${n}.log`,
      ...(calls ? { toolCalls: { calls, denied: 0 } } : {}),
    });
    const s = state(['a', 'b'], {
      status: 'DONE',
      currentStep: 2,
      stepRuns: { a: { status: 'DONE', tries: 2, attempts: [attempt(1, 3), attempt(2, 5)] }, b: { status: 'DONE', tries: 1, attempts: [attempt(1, 0)] } },
    });
    const md = finalSummaryComment(s, { record: (rel) => `https://github.com/o/r/blob/sequencer/p/.sequencer/p/${rel}` });
    expect(md).toContain("**Command logs** (each step's last attempt that made tool calls)\n- `a`: [attempt 2](https://github.com/o/r/blob/sequencer/p/.sequencer/p/commands/a/attempt-2.jsonl)");
    expect(md).not.toContain('`b`: ');
    expect(finalSummary(s)).toContain('Command logs:\n  a: state.json.logs/a/attempt-2.commands.jsonl');
  });
});
