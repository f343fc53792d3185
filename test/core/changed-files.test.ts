// The final summary lists every file the plan created or changed, not only the declared outputs
// (the original sequencer's final delivery step), bounded so it always fits.
import { describe, expect, it } from 'vitest';
import { planChangedFiles, MAX_LISTED_CHANGED } from '../../src/core/render/changed-files.js';
import { finalSummary } from '../../src/core/render/render.js';
import { finalSummaryComment } from '../../src/core/render/render-markdown.js';
import { finishAttempt, startAttempt, type AttemptResult } from '../../src/core/tick/apply.js';
import type { State } from '../../src/core/state/types.js';
import { inline } from '../../src/core/render/untrusted-text.js';
import { T0, state } from '../fakes/states.js';

const owner = { kind: 'local' as const, host: 'h', pid: 1 };
function run(s: State, stepId: string, r: Partial<AttemptResult>): State {
  const n = (s.stepRuns[stepId]?.attempts?.length ?? 0) + 1;
  const started = startAttempt(s, { stepId, n, owner, now: T0, leaseMs: 1 }).state;
  return finishAttempt(started, stepId, { outcome: 'succeeded', exitCode: 0, error: null, stdout: '', durationMs: 1, outputs: [], ...r }, T0).state;
}

describe('planChangedFiles', () => {
  it('gathers what successful attempts changed, in step order, once each, without the declared outputs', () => {
    let s = state(['a', 'b']);
    s = run(s, 'a', { outputs: ['report.md'], changedFiles: ['report.md', 'notes/raw.json', 'package.json'] });
    s = run(s, 'b', { outputs: [], changedFiles: ['package.json', 'src/x.ts'], changedFilesMore: 7 });
    expect(planChangedFiles(s)).toEqual({ files: ['notes/raw.json', 'package.json', 'src/x.ts'], more: 7 });
  });

  it('leaves out what failed attempts changed', () => {
    let s = state(['a']);
    const started = startAttempt(s, { stepId: 'a', n: 1, owner, now: T0, leaseMs: 1 }).state;
    s = finishAttempt(started, 'a', { outcome: 'failed', exitCode: 1, error: 'x', stdout: '', durationMs: 1, outputs: [], changedFiles: ['junk.txt'] }, T0).state;
    s = run(s, 'a', { changedFiles: ['good.txt'] });
    expect(planChangedFiles(s)).toEqual({ files: ['good.txt'], more: 0 });
  });

  it('is shown in both final summaries, bounded, with a count of the rest', () => {
    let s = state(['a']);
    const many = Array.from({ length: MAX_LISTED_CHANGED + 5 }, (_, i) => `gen/file-${i}.txt`);
    s = run(s, 'a', { outputs: ['out.md'], changedFiles: ['out.md', ...many], changedFilesMore: 10 });
    const cli = finalSummary(s);
    expect(cli).toContain(`Other files the plan created or changed (${many.length + 10}):`);
    expect(cli).toContain('  - gen/file-0.txt');
    expect(cli).not.toContain(`gen/file-${MAX_LISTED_CHANGED}.txt`);
    expect(cli).toContain('  - … and 15 more');
    const md = finalSummaryComment(s);
    expect(md).toContain(`**Other files the plan created or changed** (${many.length + 10})`);
    expect(md).toContain(`- ${inline('gen/file-0.txt')}`);
    expect(md).toContain('- … and 15 more');
  });

  it('says nothing when nothing else changed', () => {
    const s = run(state(['a']), 'a', { outputs: ['out.md'], changedFiles: ['out.md'] });
    expect(finalSummary(s)).not.toContain('Other files');
    expect(finalSummaryComment(s)).not.toContain('Other files');
  });
});
