import { describe, expect, it } from 'vitest';
import { baseSyncOutcome, blockOnBaseConflict, decideBaseSync, type BaseSyncResult } from '../../src/core/tick/base-sync.js';
import { decide, type Decision } from '../../src/core/tick/decide.js';
import { applyCommand } from '../../src/core/tick/apply-command.js';
import { statusTable } from '../../src/core/render/render.js';
import { baseConflictNotice, baseConflictReport } from '../../src/core/render/base-sync-markdown.js';
import type { State } from '../../src/core/state/types.js';
import { state, T0 } from '../fakes/states.js';

const limits = { maxAttempts: 3, attemptTimeoutMinutes: 60 };
const next = (s: State): Decision => decide(s, { now: T0, limits });
const run = (s: State) => next(s) as Extract<Decision, { kind: 'run' }>;
const later = (min: number) => new Date(T0.getTime() + min * 60_000).toISOString();

describe('decideBaseSync', () => {
  const cases: Array<[string, State, { mode: 'merge' | 'off'; synced: boolean }, string]> = [
    ['an attempt about to start syncs first', state(['a', 'b']), { mode: 'merge', synced: false }, 'sync'],
    ['a retry syncs too', state(['a'], { stepRuns: { a: { status: 'FAILED', tries: 1, error: 'x' } } }), { mode: 'merge', synced: false }, 'sync'],
    ['sync-base off never syncs', state(['a']), { mode: 'off', synced: false }, 'skip'],
    ['once per tick', state(['a']), { mode: 'merge', synced: true }, 'skip'],
    ['awaiting approval is left alone', state(['a'], { status: 'AWAITING_APPROVAL' }), { mode: 'merge', synced: false }, 'skip'],
    ['a blocked plan is left alone', state(['a'], { status: 'BLOCKED' }), { mode: 'merge', synced: false }, 'skip'],
    ['a done plan is left alone', state(['a'], { status: 'DONE', currentStep: 1, stepRuns: { a: { status: 'DONE', tries: 1 } } }), { mode: 'merge', synced: false }, 'skip'],
    ['a cancelled plan is left alone', state(['a'], { status: 'CANCELLED' }), { mode: 'merge', synced: false }, 'skip'],
    ['a plan waiting on its step delay is left alone', state(['a'], { notBefore: later(5) }), { mode: 'merge', synced: false }, 'skip'],
    ['advancing alone syncs nothing', state(['a', 'b'], { stepRuns: { a: { status: 'DONE', tries: 1 } } }), { mode: 'merge', synced: false }, 'skip'],
  ];
  it.each(cases)('%s', (_, s, ctx, kind) => {
    expect(decideBaseSync(s, next(s), ctx).kind).toBe(kind);
  });
});

describe('baseSyncOutcome', () => {
  const s = state(['a', 'b']);
  it('proceeds after a merge, when up to date, and (with a warning) when the base is unavailable', () => {
    expect(baseSyncOutcome(s, run(s), { kind: 'merged', base: 'main', commit: 'abc123' })).toMatchObject({ kind: 'proceed', warn: false });
    expect(baseSyncOutcome(s, run(s), { kind: 'up-to-date', base: 'main' })).toMatchObject({ kind: 'proceed', warn: false });
    expect(baseSyncOutcome(s, run(s), { kind: 'unavailable', base: 'main', reason: 'cannot fetch it' })).toMatchObject({
      kind: 'proceed',
      warn: true,
      note: expect.stringContaining('cannot fetch it'),
    });
  });

  it('blocks the step about to run on a conflict, naming the files', () => {
    const files = ['src/a.ts', 'b.md', 'c', 'd', 'e', 'f', 'g'];
    const out = baseSyncOutcome(s, run(s), { kind: 'conflict', base: 'main', baseCommit: 'f'.repeat(40), files });
    expect(out).toEqual({ kind: 'block', stepId: 'a', reason: 'the base branch main does not merge cleanly into the work branch (conflicts in src/a.ts, b.md, c, d, e and 2 more)' });
  });

  it('a conflict before a remediation step blocks the queued step it repairs', () => {
    const detour: Decision = { kind: 'run', stepId: 'fix', n: 1, prompt: 'Fix', retry: false, detourFor: 'a' };
    const out = baseSyncOutcome(s, detour, { kind: 'conflict', base: 'main', baseCommit: '1'.repeat(40), files: ['x'] });
    expect(out).toMatchObject({ kind: 'block', stepId: 'a' });
  });
});

describe('blockOnBaseConflict', () => {
  const conflict: Extract<BaseSyncResult, { kind: 'conflict' }> = { kind: 'conflict', base: 'main', baseCommit: 'a'.repeat(40), files: ['README.md'] };
  it('blocks with one blocker line and a base-conflict notice; the step itself is untouched', () => {
    const s = state(['a', 'b']);
    const t = blockOnBaseConflict(s, 'a', conflict);
    expect(t.state.status).toBe('BLOCKED');
    expect(t.state.blockers).toEqual(['a: the base branch main does not merge cleanly into the work branch (conflicts in README.md)']);
    expect(t.state.stepRuns).toEqual(s.stepRuns);
    expect(t.notices).toEqual([{ kind: 'base-conflict', stepId: 'a', base: 'main', baseCommit: conflict.baseCommit, files: ['README.md'] }]);
    // The same conflict again adds no second blocker line.
    expect(blockOnBaseConflict(t.state, 'a', conflict).state.blockers).toHaveLength(1);
  });

  it('/resume and /retry after a conflict before the first attempt: the step is still PENDING, its first attempt no retry', () => {
    for (const command of [
      { kind: 'resume' as const, by: 'alice' },
      { kind: 'retry' as const, by: 'alice' },
    ]) {
      const blocked = blockOnBaseConflict(state(['a', 'b']), 'a', conflict).state;
      const out = applyCommand(blocked, command, T0);
      expect(out.state.status, command.kind).toBe('IN_PROGRESS');
      expect(out.state.stepRuns.a, command.kind).toMatchObject({ status: 'PENDING', tries: 0 });
      expect(run(out.state), command.kind).toMatchObject({ stepId: 'a', n: 1, retry: false });
      expect(statusTable(out.state), command.kind).not.toContain('FAILED');
    }
  });

  it('/resume after a conflict before a retry keeps the step FAILED, so its next attempt is a retry', () => {
    const failed = state(['a'], {
      stepRuns: { a: { status: 'FAILED', tries: 1, error: 'x', attempts: [{ n: 1, runId: 'p/a/1', startedAt: T0.toISOString(), endedAt: T0.toISOString(), outcome: 'failed' }] } },
    });
    const out = applyCommand(blockOnBaseConflict(failed, 'a', conflict).state, { kind: 'resume', by: 'alice' }, T0);
    expect(out.state.stepRuns.a).toMatchObject({ status: 'FAILED', tries: 0 });
    expect(run(out.state)).toMatchObject({ stepId: 'a', retry: true });
  });
});

describe('the base conflict notice', () => {
  const notice = {
    kind: 'base-conflict' as const,
    stepId: 'a',
    base: 'main',
    baseCommit: 'b'.repeat(40),
    files: ['docs/<img src=x onerror=alert(1)>.md', 'notes/_draft_ @team #12.md', '[x](https://evil.example)'],
  };
  const s = state(['a'], { planId: 'issue-7' });

  it('names every conflicting file as inert text and says both ways on', () => {
    const md = baseConflictNotice(s, notice, {
      run: {
        runUrl: 'https://github.com/o/r/actions/runs/1',
        logsUrl: 'https://github.com/o/r/actions/runs/1#artifacts',
        branchUrl: 'https://github.com/o/r/tree/sequencer/issue-7',
        branch: 'sequencer/issue-7',
      },
    });
    expect(md.startsWith(`<!-- agent-step-sequencer:blocked:issue-7:base-a-${'b'.repeat(12)} -->`)).toBe(true);
    expect(md).toContain('- docs/\\<img src=x onerror=alert(1)\\>\\.md');
    expect(md).not.toMatch(/(^|[^\\])<img/);
    expect(md).toContain('notes/\\_draft\\_ \\@\u200dteam \\#\u200d12\\.md');
    expect(md).toContain('- \\[x\\](https\\://evil\\.example)');
    expect(md).toContain('`sync-base: off`');
    expect(md).toMatch(/resolve it on the work branch: merge main into it, fix the conflicts, push, then reply `\/resume`/);
    expect(md).toContain('**Conflicting files** (3):');
  });

  it('lists at most 50 files and says how many more', () => {
    const many = { ...notice, files: Array.from({ length: 53 }, (_, i) => `f${i}.txt`) };
    const md = baseConflictNotice(s, many);
    expect(md).toContain('f49\\.txt');
    expect(md).not.toContain('f50\\.txt');
    expect(md).toContain('… and 3 more files');
  });

  it('for a terminal: control sequences stripped, the CLI flag named', () => {
    const text = baseConflictReport({ ...notice, files: ['evil\u001b]0;pwned\u0007.txt'] });
    expect(text).toContain('  evil.txt');
    expect(text).not.toContain('\u001b');
    expect(text).toContain('--sync-base off');
  });
});
