// Attempts and rounds add up the same everywhere: a step that fails three times, is retried and
// fails three more times shows 6 attempts in 2 rounds in the table, the blocker notice, /status and
// the terminal; its attempt numbers never repeat; the attempt in flight is counted in its round.
import { describe, expect, it } from 'vitest';
import { applyCommand } from '../../src/core/tick/apply-command.js';
import { block, finishAttempt, startAttempt } from '../../src/core/tick/apply.js';
import { attemptOfRound, attemptsCell, attemptsText } from '../../src/core/render/attempt-words.js';
import { blockerNotice, statusComment } from '../../src/core/render/render-markdown.js';
import { blockerReport, finalSummary, statusTable } from '../../src/core/render/render.js';
import { nextAttemptNumber, stepRun } from '../../src/core/state/step-view.js';
import type { State } from '../../src/core/state/types.js';
import { state as makeState, T0 } from '../fakes/states.js';

const self = { kind: 'local' as const, host: 'h', pid: 1 };
const by = 'w';

/** `n` attempts of step `a` with the given outcomes, each numbered as the engine numbers it. */
function attempts(s: State, outcomes: Array<'failed' | 'succeeded'>): State {
  for (const outcome of outcomes) {
    const n = nextAttemptNumber(stepRun(s, 'a'));
    s = startAttempt(s, { stepId: 'a', n, owner: self, now: T0, leaseMs: 1000 }).state;
    s = finishAttempt(s, 'a', { outcome, exitCode: outcome === 'failed' ? 1 : 0, error: outcome === 'failed' ? `boom ${n}` : null, stdout: '', durationMs: 5, outputs: [] }, T0).state;
  }
  return s;
}

const blockedAfter = (s: State) => block(s, 'a', 'max attempts (3) used up').state;

describe('attempts and rounds', () => {
  it('a /retry starts round 2: numbers go on, tries start again, every view counts all attempts', () => {
    const first = blockedAfter(attempts(makeState(['a', 'b']), ['failed', 'failed', 'failed']));
    expect(stepRun(first, 'a')).toMatchObject({ tries: 3 });
    expect(stepRun(first, 'a').round).toBeUndefined();

    const retried = applyCommand(first, { kind: 'retry', by }, T0);
    expect(retried.reply).toBe('Retrying a with a new round of attempts (round 2).');
    expect(stepRun(retried.state, 'a')).toMatchObject({ tries: 0, round: 2 });
    // Right after the retry: three attempts made, round 2 not started yet.
    expect(statusTable(retried.state)).toMatch(/\ba\s+Title a\s+FAILED\s+3, round 2 next\s/);
    expect(applyCommand(retried.state, { kind: 'status', by }, T0).reply).toContain('current step a (FAILED, 3 attempts)');

    const second = blockedAfter(attempts(retried.state, ['failed', 'failed', 'failed']));
    const run = stepRun(second, 'a');
    expect(run.attempts?.map((x) => [x.n, x.round ?? 1])).toEqual([
      [1, 1],
      [2, 1],
      [3, 1],
      [4, 2],
      [5, 2],
      [6, 2],
    ]);
    expect(run.tries).toBe(3);
    // The status comment and the blocker notice agree: 6 attempts in 2 rounds.
    expect(statusComment(second)).toMatch(/\| `a` \| Title a \| ❌ FAILED \| 6 \(2 rounds\) \|/);
    const notice = blockerNotice(second, 'a', 'max attempts (3) used up');
    expect(notice).toContain('**Attempts:** 6 attempts in 2 rounds');
    expect(notice).toMatch(/\| 4 \| 2 \| failed \| 1 \|/);
    expect(blockerReport(second, 'a', 'max attempts (3) used up')).toContain('Attempts (6 attempts in 2 rounds):\n  attempt 1: failed');
    expect(blockerReport(second, 'a', 'x')).toContain('  attempt 4 (round 2): failed (exit 1) - boom 4');
    expect(applyCommand(second, { kind: 'status', by }, T0).reply).toContain('current step a (FAILED, 6 attempts in 2 rounds)');

    // A third round that succeeds at once: done in 7 attempts, not "in 1 try".
    const done = attempts(applyCommand(second, { kind: 'retry', by }, T0).state, ['succeeded']);
    expect(finalSummary(done)).toContain('a Title a: done in 7 attempts in 3 rounds');
    expect(statusTable(done)).toMatch(/\ba\s+Title a\s+DONE\s+7 \(3 rounds\)\s/);
  });

  it('a retry of a step that never ran starts no second round', () => {
    const s = block(makeState(['a']), 'a', 'the base branch does not merge cleanly').state;
    const retried = applyCommand(s, { kind: 'retry', by }, T0).state;
    expect(stepRun(retried, 'a').round).toBeUndefined();
    expect(attemptsCell(stepRun(retried, 'a'))).toBe('0');
  });

  it.each([
    [1, 1, 3, 1, 'attempt 1 of 3'],
    [3, 3, 3, 1, 'attempt 3 of 3'],
    [4, 1, 3, 2, 'attempt 4, 1 of 3 in round 2'],
    [9, 3, 3, 3, 'attempt 9, 3 of 3 in round 3'],
  ])('attempt %i, try %i of %i in round %i: "%s"', (n, tries, max, round, text) => {
    expect(attemptOfRound(n, tries, max, round)).toBe(text);
  });

  it.each([
    [{ status: 'PENDING' as const, tries: 0 }, '0', '0 attempts'],
    [{ status: 'DONE' as const, tries: 1, attempts: [{ n: 1, runId: 'p/a/1', startedAt: '' }] }, '1', '1 attempt'],
    // An original sequencer's state: tries without attempt records.
    [{ status: 'FAILED' as const, tries: 2 }, '2', '2 attempts'],
  ])('%j: cell %s, %s', (run, cell, text) => {
    expect(attemptsCell(run)).toBe(cell);
    expect(attemptsText(run)).toBe(text);
  });
});
