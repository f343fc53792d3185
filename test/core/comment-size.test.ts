import { describe, expect, it } from 'vitest';
import { blockerNotice, cancelledNotice, finalSummaryComment, statusComment, type Links } from '../../src/core/render/render-markdown.js';
import { state } from '../fakes/states.js';

const MAX_COMMENT = 65_536;
const run: Links = {
  run: { runUrl: 'https://github.com/o/r/actions/runs/7', logsUrl: 'https://github.com/o/r/actions/runs/7#artifacts', branchUrl: 'https://github.com/o/r/tree/sequencer/issue-1', branch: 'sequencer/issue-1' },
};

/** A plan of `n` steps with a long title and two outputs each, `done` of them finished. */
function big(n: number, done: number, status = 'IN_PROGRESS') {
  const ids = Array.from({ length: n }, (_, i) => `step-${i + 1}`);
  const runs = Object.fromEntries(ids.slice(0, done).map((id) => [id, { status: 'DONE' as const, tries: 1 }]));
  const outputs = (id: string) => [`out/${id}/report-with-a-long-name.md`, `out/${id}/data.json`];
  return state(ids, { status, currentStep: done, stepRuns: runs, artifacts: ids.slice(0, done).flatMap(outputs) } as never, (id) => ({ title: `A long title for ${id} `.repeat(4), requiredOutputs: outputs(id) }));
}

describe('comments fit GitHub (65,536 characters) for a 1,000-step plan', () => {
  it('the status table shows the last 10 finished and the next 10 steps, and counts the rest', () => {
    const body = statusComment(big(1000, 500), run);
    expect(body.length).toBeLessThan(MAX_COMMENT);
    expect(body).toContain('490 earlier steps not shown (490 DONE).');
    expect(body).toContain('| 491/1000 | `step-491` |');
    expect(body).toContain('| 510/1000 | `step-510` |');
    expect(body).not.toContain('`step-490`');
    expect(body).not.toContain('`step-511`');
    expect(body).toContain('490 later steps not shown.');
  });

  it('a small plan is shown whole', () => {
    const body = statusComment(big(30, 3), run);
    expect(body).not.toContain('not shown');
    expect(body).toContain('`step-30`');
  });

  it('the final summary lists the first outputs and links the work branch for the rest', () => {
    const body = finalSummaryComment(big(1000, 1000, 'DONE'), run);
    expect(body.length).toBeLessThan(MAX_COMMENT);
    expect(body).toContain('- … and 1900 more outputs: [work branch](https://github.com/o/r/tree/sequencer/issue-1)');
    expect(body).toContain('990 earlier steps not shown (990 DONE).');
  });

  it('the blocker and cancel notices fit too', () => {
    const s = big(1000, 999);
    expect(blockerNotice(s, 'step-1000', 'x'.repeat(10_000), run).length).toBeLessThan(MAX_COMMENT);
    expect(cancelledNotice(s, 'step-1000', run).length).toBeLessThan(MAX_COMMENT);
  });

  it('every comment ends with the run, its logs and the work branch', () => {
    for (const body of [statusComment(big(3, 1), run), finalSummaryComment(big(3, 3, 'DONE'), run), blockerNotice(big(3, 1), 'step-2', 'why', run), cancelledNotice(big(3, 1), null, run)]) {
      expect(body.split('\n').at(-1)).toBe(
        '<sub>[workflow run](https://github.com/o/r/actions/runs/7) · [attempt logs](https://github.com/o/r/actions/runs/7#artifacts) · work branch [`sequencer/issue-1`](https://github.com/o/r/tree/sequencer/issue-1)</sub>',
      );
    }
  });
});
