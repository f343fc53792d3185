import { describe, expect, it } from 'vitest';
import { blockerNotice, cancelledNotice, finalSummaryComment, jobSummary, shownOutputs, statusComment, type Links } from '../../src/core/render/render-markdown.js';
import { gateNotice } from '../../src/core/render/gate-markdown.js';
import { state } from '../fakes/states.js';

const MAX_COMMENT = 65_536;
const run: Links = {
  run: {
    runUrl: 'https://github.com/o/r/actions/runs/7',
    logsUrl: 'https://github.com/o/r/actions/runs/7#artifacts',
    branchUrl: 'https://github.com/o/r/tree/sequencer/issue-1',
    branch: 'sequencer/issue-1',
  },
};

/** A plan of `n` steps with a long title and two outputs each, `done` of them finished. */
function big(n: number, done: number, status = 'IN_PROGRESS') {
  const ids = Array.from({ length: n }, (_, i) => `step-${i + 1}`);
  const runs = Object.fromEntries(ids.slice(0, done).map((id) => [id, { status: 'DONE' as const, tries: 1 }]));
  const outputs = (id: string) => [`out/${id}/report-with-a-long-name.md`, `out/${id}/data.json`];
  return state(ids, { status, currentStep: done, stepRuns: runs, artifacts: ids.slice(0, done).flatMap(outputs) } as never, (id) => ({
    title: `A long title for ${id} `.repeat(4),
    requiredOutputs: outputs(id),
  }));
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

  it('links are looked up only for the outputs a comment shows; the job summary lists every output', () => {
    const s = big(1000, 1000, 'DONE');
    const table = shownOutputs(s);
    // The table's last 10 finished steps, two outputs each.
    expect(table).toHaveLength(20);
    expect(table).toContain('out/step-1000/data.json');
    expect(table).not.toContain('out/step-990/data.json');
    const listed = shownOutputs(s, true);
    expect(listed).toHaveLength(120);
    expect(listed).toContain('out/step-1/report-with-a-long-name.md');
    expect(listed).not.toContain('out/step-51/report-with-a-long-name.md');

    const looked: string[] = [];
    const links: Links = { ...run, file: (p) => (looked.push(p), `https://github.com/o/r/blob/abc/${p}`) };
    finalSummaryComment(s, links);
    expect(new Set(looked).size).toBeLessThanOrEqual(listed.length);
    const summary = jobSummary(s, links);
    expect(summary).toContain('**Outputs** (2000)');
    expect(summary).toContain('[out/step-1000/data\\.json](https://github.com/o/r/blob/abc/out/step-1000/data.json)');
  });

  it('a gate notice of a large plan fits, lists the first outputs, counts the rest and links the run', () => {
    const s = { ...big(1000, 600), gate: { stepId: 'step-601', at: '2026-01-01T00:00:00Z', planHash: 'sha256:x' } } as never;
    const body = gateNotice(s, 'step-601', run);
    expect(body.length).toBeLessThan(MAX_COMMENT);
    expect(body).toContain('600 of 1000 steps are done:');
    expect(body).toContain('- … and 1100 more outputs: [work branch](https://github.com/o/r/tree/sequencer/issue-1)');
    expect(body.split('\n').at(-1)).toMatch(/^<sub>\[workflow run\]/);
  });

  it('comments fit even when every step names many very long outputs', () => {
    const long = (id: string) => Array.from({ length: 10 }, (_, k) => `${'deep/'.repeat(300)}${id}-${k}.md`);
    const ids = Array.from({ length: 200 }, (_, i) => `step-${i + 1}`);
    const runs = Object.fromEntries(ids.map((id) => [id, { status: 'DONE' as const, tries: 1 }]));
    const s = state(ids, { status: 'DONE', currentStep: 200, stepRuns: runs, artifacts: ids.flatMap(long) } as never, (id) => ({ title: `[${id}](x) `.repeat(40), requiredOutputs: long(id) }));
    const links: Links = { ...run, file: (p) => `https://github.com/o/r/blob/abc/${p}` };
    for (const body of [finalSummaryComment(s, links), statusComment(s, links), cancelledNotice(s, null, links), gateNotice({ ...s, status: 'IN_PROGRESS', currentStep: 100 }, 'step-101', links)]) {
      expect(body.length).toBeLessThan(MAX_COMMENT - 500);
      expect(body).toContain('[workflow run](https://github.com/o/r/actions/runs/7)');
    }
  });
});

describe('the status comment lists every finished step, collapsed', () => {
  it('a small plan: each finished step with its outputs', () => {
    const body = statusComment(big(30, 3), run);
    expect(body).toContain('<details><summary>Finished steps (3)</summary>');
    for (const n of [1, 2, 3]) expect(body).toContain(`(${n}/30) step-${n} A long title for step-${n}`);
    expect(body).toContain('done in 1 attempt, outputs: out/step-3/report-with-a-long-name.md, out/step-3/data.json');
    expect(body).not.toContain('(4/30)');
  });

  it('a 1,000-step plan: as many of the latest as fit, the earlier ones counted, and the comment fits', () => {
    const body = statusComment(big(1000, 500), run);
    expect(body.length).toBeLessThan(MAX_COMMENT);
    expect(body).toContain('<details><summary>Finished steps (500)</summary>');
    expect(body).toContain('(500/1000) step-500 ');
    expect(body).toMatch(/\(\d+ earlier finished steps not shown: `status` in the CLI or the job summary lists them\)/);
  });

  it('nothing finished yet: no block', () => {
    expect(statusComment(big(3, 0), run)).not.toContain('Finished steps');
  });
});
