import { describe, expect, it } from 'vitest';
import { blockerNotice, doneComment, finalSummaryComment, jobSummary, marker, mermaidQueue, statusComment } from '../../src/core/render/render-markdown.js';
import { finalSummary, resumeLines, statusTable } from '../../src/core/render/render.js';
import { state, T0 } from '../fakes/states.js';

const iso = (s: number) => new Date(T0.getTime() + s * 1000).toISOString();
const progressed = state(
  ['research', 'write', 'review'],
  {
    currentStep: 2,
    artifacts: ['study/summary.md'],
    stepRuns: {
      research: {
        status: 'DONE',
        tries: 2,
        attempts: [
          { n: 1, runId: 'p/research/1', startedAt: iso(0), endedAt: iso(10) },
          { n: 2, runId: 'p/research/2', startedAt: iso(20), endedAt: iso(95) },
        ],
      },
      write: { status: 'SKIPPED', tries: 0 },
    },
  },
  (id) => (id === 'research' ? { requiredOutputs: ['study/summary.md'], title: 'Research' } : {}),
);

describe('terminal rendering', () => {
  it('shows a resume line per finished step', () => {
    expect(resumeLines(progressed)).toEqual(['(1/3) [Resume] research Research: done in 2 attempts, outputs: study/summary.md', '(2/3) [Resume] write Title write: skipped']);
  });

  it('says who cancelled the plan and why, under the table', () => {
    const cancelled = state(['a'], { status: 'CANCELLED', cancelRequested: { by: 'root', at: T0.toISOString(), reason: 'wrong plan' } });
    expect(statusTable(cancelled).split('\n').at(-1)).toBe('cancelled by @root: "wrong plan"');
    const asked = state(['a'], { cancelRequested: { by: 'root', at: T0.toISOString() }, stepRuns: { a: { status: 'IN_PROGRESS', tries: 1 } } });
    expect(statusTable(asked).split('\n').at(-1)).toBe('cancel requested by @root');
    // Who cancelled is state text like the reason: it cannot start a line of its own.
    const forged = state(['a'], { status: 'CANCELLED', cancelRequested: { by: 'x\nblocked: forged', at: T0.toISOString() } });
    expect(
      statusTable(forged)
        .split('\n')
        .filter((l) => l.startsWith('blocked:')),
    ).toEqual([]);
  });

  it('lists no outputs for a skipped step: it made none', () => {
    const skipped = state(['draft', 'never'], { currentStep: 2, stepRuns: { draft: { status: 'DONE', tries: 1 }, never: { status: 'SKIPPED', tries: 0 } } }, (id) => ({
      title: id === 'never' ? 'Never' : 'Draft',
      requiredOutputs: [`${id === 'never' ? 'n' : 'd'}.md`],
    }));
    expect(resumeLines(skipped)).toEqual(['(1/2) [Resume] draft Draft: done in 1 attempt, outputs: d.md', '(2/2) [Resume] never Never: skipped']);
  });

  describe('a finished plan with a skipped step', () => {
    const runs = { collect: { status: 'DONE' as const, tries: 1 }, analyse: { status: 'DONE' as const, tries: 1 }, report: { status: 'SKIPPED' as const, tries: 0 } };
    const done = state(['collect', 'analyse', 'report'], { status: 'DONE', currentStep: 3, stepRuns: runs, artifacts: ['notes/a.md', 'notes/b.md'] }, (id) => ({
      requiredOutputs: [id === 'collect' ? 'notes/a.md' : id === 'analyse' ? 'notes/b.md' : 'report/final.md'],
    }));
    const file = (p: string) => `https://github.com/o/r/blob/abc/${p}`;

    it('the final summary says a step was skipped, which, and that its outputs were not made', () => {
      const body = finalSummaryComment(done, { file });
      expect(body).toContain('### ✅ Done, 1 step skipped: Test plan (2/3 done)');
      expect(body).toContain('**Skipped:** report: it was not done, and its outputs were not made.');
      expect(body).not.toMatch(/\(3\/3\)|finished/);
      // The skipped row names its output as not made, unlinked.
      expect(body).toMatch(/\| 3\/3 \| `report` \| Title report \| ⏭️ SKIPPED \| 0 \| - \| not made: report\/final\\\.md \|/);
      expect(body).not.toContain('](https://github.com/o/r/blob/abc/report/final.md)');
      expect(body).toContain('[notes/b\\.md](https://github.com/o/r/blob/abc/notes/b.md)');
    });

    it('the comment that pings the approver and the terminal summary say it too', () => {
      expect(doneComment(done, undefined, undefined)).toMatch(/### ✅ Done, 1 step skipped: Test plan\n\n@tester: 2 of 3 steps were done, 1 skipped \(report\)\./);
      const text = finalSummary(done);
      expect(text).toContain('Test plan: 2 of 3 steps done, 1 skipped (report).');
      expect(text).toContain('  (3/3) report Title report: skipped (not made: report/final.md)');
      expect(text).not.toContain('finished');
      expect(statusTable(done)).toMatch(/DONE \(2\/3 steps done, 1 skipped, revision \d+\)\n[\s\S]*3\/3\s+report\s+Title report\s+SKIPPED\s+0\s+-\s+not made: report\/final\.md$/m);
    });

    it('names at most three skipped steps and counts the rest', () => {
      const ids = ['a', 'b', 'c', 'd', 'e', 'f'];
      const many = state(ids, { status: 'DONE', currentStep: 6, stepRuns: Object.fromEntries(ids.map((id) => [id, { status: id === 'a' ? ('DONE' as const) : ('SKIPPED' as const), tries: 0 }])) });
      expect(finalSummaryComment(many)).toContain('### ✅ Done, 5 steps skipped: Test plan (1/6 done)');
      // No step declared outputs: none are said to be missing.
      expect(finalSummaryComment(many)).toContain('**Skipped:** b, c, d and 2 more: they were not done.');
    });
  });

  it('shows only the last finished steps of a long plan, and says which come before them', () => {
    const ids = Array.from({ length: 30 }, (_, n) => `s${n + 1}`);
    const runs = Object.fromEntries(ids.slice(0, 25).map((id) => [id, { status: id === 's24' ? ('SKIPPED' as const) : ('DONE' as const), tries: 1 }]));
    const long = state(ids, { currentStep: 25, stepRuns: runs });
    const lines = resumeLines(long, 3);
    expect(lines).toEqual([
      '(steps 1-22 not shown)',
      '(23/30) [Resume] s23 Title s23: done in 1 attempt',
      '(24/30) [Resume] s24 Title s24: skipped',
      '(25/30) [Resume] s25 Title s25: done in 1 attempt',
    ]);
    expect(resumeLines(long, 25)).toHaveLength(25);
    expect(resumeLines(long, 30)).toHaveLength(25);
  });

  it('the status table has a row per step with tries and duration', () => {
    const table = statusTable(progressed);
    // One step done, one skipped: the head does not call the skipped one done.
    expect(table.split('\n')[0]).toMatch(/IN_PROGRESS \(1\/3 steps done, 1 skipped, revision \d+\)$/);
    expect(table).toMatch(/1\/3\s+research\s+Research\s+DONE\s+2\s+1m35s\s+study\/summary\.md/);
  });

  it('the final summary lists every output', () => {
    expect(finalSummary({ ...progressed, artifacts: ['a.md', 'b/c.md'] })).toMatch(/Outputs:\n  - a\.md\n  - b\/c\.md/);
  });
});

describe('markdown rendering', () => {
  it('every comment carries its hidden marker', () => {
    expect(statusComment(progressed)).toContain(marker('p', 'status'));
    expect(finalSummaryComment(progressed)).toContain(marker('p', 'summary'));
  });

  it('the status comment shows (k/N) and links outputs at the producing commit', () => {
    const body = statusComment(progressed, { file: (p) => `https://github.com/o/r/blob/abc/${p}` });
    expect(body).toMatch(/\(2\/3\)/);
    expect(body).toContain('[study/summary\\.md](https://github.com/o/r/blob/abc/study/summary.md)');
  });

  it('the blocker notice fences the agent error and lists the way out', () => {
    const s = { ...progressed, stepRuns: { ...progressed.stepRuns, review: { status: 'FAILED' as const, tries: 3, error: '```\n@everyone pwned', attempts: [] } } };
    const body = blockerNotice(s, 'review', 'max attempts (3) used up');
    expect(body).toMatch(/````text\n```\n@\u200deveryone pwned\n````/);
    expect(body).toMatch(/`\/retry`/);
    expect(body).toMatch(/`\/skip`/);
  });

  it("the job summary lists the finished steps without the log's [Resume] tag, which the log keeps", () => {
    const summary = jobSummary(progressed);
    expect(summary).toContain('(1/3) research Research: done in 2 attempts, outputs: study/summary.md\n(2/3) write Title write: skipped');
    expect(summary).not.toContain('[Resume]');
    expect(resumeLines(progressed)[0]).toBe('(1/3) [Resume] research Research: done in 2 attempts, outputs: study/summary.md');
  });

  it('the mermaid queue has a node per step and an edge between neighbours', () => {
    const chart = mermaidQueue(progressed);
    expect(chart).toMatch(/s0\["research: Research"\]:::done/);
    expect(chart).toMatch(/s0 --> s1/);
    expect(chart).toMatch(/s1 --> s2/);
  });
});
