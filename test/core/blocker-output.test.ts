// The blocker notice shows the end of what the last attempt printed on both streams: real agent
// CLIs print their errors on stderr, so a notice of stdout alone hid why the agent failed.
import { describe, expect, it } from 'vitest';
import { block, finishAttempt, startAttempt } from '../../src/core/tick/apply.js';
import { judgeAttempt } from '../../src/core/tick/judge-attempt.js';
import { blockerNotice } from '../../src/core/render/render-markdown.js';
import { OUTPUT_TAIL_LINES } from '../../src/core/render/blocker-markdown.js';
import { HeadTailBuffer } from '../../src/core/render/bounded-text.js';
import { stepRun } from '../../src/core/state/step-view.js';
import type { AgentResult } from '../../src/ports.js';
import type { State, StepRun } from '../../src/core/state/types.js';
import { state as makeState, T0 } from '../fakes/states.js';

const self = { kind: 'local' as const, host: 'h', pid: 1 };
const ctx = { requiredOutputs: [], missingOutputs: async () => [], timeoutMs: 60_000, logFile: 'a/attempt-1.log' };
const exited = (stdout: string, stderr: string): AgentResult => ({
  exitCode: 1,
  signal: null,
  timedOut: false,
  cancelled: false,
  stdout,
  stderr,
  outputBytes: stdout.length + stderr.length,
  durationMs: 5,
});

/** Step `a` after one attempt that ended as `result` did, blocked. */
async function blockedAfter(result: AgentResult, s: State = makeState(['a', 'b'])): Promise<State> {
  const n = (stepRun(s, 'a').attempts?.length ?? 0) + 1;
  s = startAttempt(s, { stepId: 'a', n, owner: self, now: T0, leaseMs: 1000 }).state;
  s = finishAttempt(s, 'a', await judgeAttempt(result, ctx), T0).state;
  return block(s, 'a', 'max attempts (1) used up').state;
}

/** The collapsed output section of a notice: its summary and the body up to </details>. */
function outputSection(body: string): { summary: string; body: string } | null {
  const m = /<details><summary>(End of the output[^<]*)<\/summary>\n([\s\S]*?)<\/details>/.exec(body);
  return m ? { summary: m[1]!, body: m[2]! } : null;
}

describe('the blocker notice shows what the agent printed', () => {
  it('keeps the attempt stderr in the state and shows the end of both streams, each named', async () => {
    const s = await blockedAfter(exited('Summarise in notes/summary.md\n', 'error: model overloaded, giving up\n'));
    expect(stepRun(s, 'a').stderr).toBe('error: model overloaded, giving up\n');
    const out = outputSection(blockerNotice(s, 'a', 'max attempts (1) used up'));
    expect(out?.summary).toBe('End of the output of attempt 1 (stdout: all of it; stderr: all of it)');
    expect(out?.body).toMatch(/^\nstdout:\n`{3,}text\nSummarise in notes\/summary\.md\n`{3,}\n\nstderr:\n`{3,}text\nerror: model overloaded, giving up\n`{3,}\n\n$/);
  });

  it('shows stderr alone when the agent printed nothing on stdout, and says stdout was empty', async () => {
    const s = await blockedAfter(exited('', 'fatal: no API key\n'));
    const out = outputSection(blockerNotice(s, 'a', 'x'));
    expect(out?.summary).toBe('End of the output of attempt 1 (stdout: empty; stderr: all of it)');
    expect(out?.body).toContain('fatal: no API key');
    expect(out?.body).not.toContain('stdout:');
  });

  it('never says "all of it" for a state that kept no stderr (written before it was kept)', () => {
    const old: StepRun = {
      status: 'FAILED',
      tries: 1,
      stdout: 'prompt echoed\n',
      error: 'agent exited with code 1',
      attempts: [{ n: 1, runId: 'p/a/1', startedAt: T0.toISOString(), outcome: 'failed', exitCode: 1 }],
    };
    const s = makeState(['a'], { status: 'BLOCKED', stepRuns: { a: old } });
    expect(outputSection(blockerNotice(s, 'a', 'x'))?.summary).toBe('End of the output of attempt 1 (stdout: all of it; stderr: not kept)');
  });

  it('says how much of each stream it shows: the last lines, or the start and end the state kept', async () => {
    const many = Array.from({ length: OUTPUT_TAIL_LINES + 5 }, (_, i) => `line ${i + 1}`).join('\n');
    const kept = new HeadTailBuffer({ head: 20, tail: 20, logFile: 'a/attempt-1.log' });
    kept.append(`start ${'x'.repeat(200)} end of stderr`);
    const s = await blockedAfter(exited(many, kept.toString()));
    const out = outputSection(blockerNotice(s, 'a', 'x'));
    expect(out?.summary).toBe(`End of the output of attempt 1 (stdout: last ${OUTPUT_TAIL_LINES} lines; stderr: its start and end)`);
    expect(out?.body).not.toContain('line 5\n');
    expect(out?.body).toContain(`line ${OUTPUT_TAIL_LINES + 5}`);
    expect(out?.body).toContain('end of stderr');
  });

  it("a later attempt's notice never shows an earlier attempt's stderr", async () => {
    let s = await blockedAfter(exited('', 'first failure\n'));
    s = { ...s, status: 'IN_PROGRESS' };
    // An attempt whose result kept no stderr (one that never ran, as apply records it).
    s = startAttempt(s, { stepId: 'a', n: 2, owner: self, now: T0, leaseMs: 1000 }).state;
    s = finishAttempt(s, 'a', { outcome: 'failed', exitCode: null, error: 'the agent job left no result', stdout: 'second\n', durationMs: 0, outputs: [] }, T0).state;
    expect(stepRun(s, 'a').stderr).toBeUndefined();
    const body = blockerNotice(block(s, 'a', 'x').state, 'a', 'x');
    // (Attempt 1's own row still quotes it in its error: that is the attempt it belongs to.)
    expect(outputSection(body)?.body).not.toContain('first failure');
    expect(outputSection(body)?.summary).toBe('End of the output of attempt 2 (stdout: all of it; stderr: not kept)');
  });
});
