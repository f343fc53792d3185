// Commands as people type them: `/approve LGTM, ship it` approves and keeps the note; `/retry`
// and `/resume` with words pass them to the agent's next prompt, and only to that one.
import { describe, expect, it } from 'vitest';
import { applyCommand } from '../../src/core/tick/apply-command.js';
import { parseCommandText } from '../../src/core/tick/commands.js';
import { decide } from '../../src/core/tick/decide.js';
import { block, finishAttempt, startAttempt } from '../../src/core/tick/apply.js';
import { DEFAULT_LIMITS, nextAttemptNumber, stepRun } from '../../src/core/state/step-view.js';
import type { State } from '../../src/core/state/types.js';
import { state as makeState, T0 } from '../fakes/states.js';

const by = 'bob';
const HASH = 'sha256:' + 'ab12'.repeat(16);

describe('parsing what people type', () => {
  it.each([
    ['/approve LGTM, ship it', { ok: true, command: { kind: 'approve', by, note: 'LGTM, ship it' } }],
    [`/approve ${HASH.slice(7, 19)} delay=2 looks good`, { ok: true, command: { kind: 'approve', by, planHash: `sha256:${HASH.slice(7, 19)}`, delayMinutes: 2, note: 'looks good' } }],
    // The command on the second line; the first is talk.
    ['LGTM\n/approve', { ok: true, command: { kind: 'approve', by } }],
    ['/retry', { ok: true, command: { kind: 'retry', by } }],
    ['/retry s2', { ok: true, command: { kind: 'retry', by, step: 's2' } }],
    ['/retry use the v2 API', { ok: true, command: { kind: 'retry', by, text: 'use the v2 API' } }],
    ['/retry please!', { ok: true, command: { kind: 'retry', by, note: 'please!' } }],
    ['/resume the key is fixed now', { ok: true, command: { kind: 'resume', by, note: 'the key is fixed now' } }],
  ])('%j', (text, parsed) => {
    expect(parseCommandText(text, by)).toEqual(parsed);
  });

  it.each([
    // A hash too short to name a plan is a mistake, never a note: it would make the approval bare.
    ['/approve deadbeef', /got "deadbeef"/],
    ['/approve sha256:ab12', /got "sha256:ab12"/],
    ['/approve 3f2a ok', /got "3f2a"/],
    ['/approve dealy=2', /got "dealy=2"/],
    ['/approve delay=5000', /0-1440 minutes, got 5000/],
  ])('%j is refused', (text, error) => {
    const parsed = parseCommandText(text, by);
    expect(parsed).toMatchObject({ ok: false, name: '/approve' });
    expect(parsed && !parsed.ok ? parsed.error : '').toMatch(error);
  });
});

/** A plan blocked at `b` after one failed attempt. */
function blockedAtB(): State {
  let s = makeState(['a', 'b'], { currentStep: 1, stepRuns: { a: { status: 'DONE', tries: 1 } } }, { maxAttempts: 1 });
  s = startAttempt(s, { stepId: 'b', n: 1, owner: { kind: 'local', host: 'h', pid: 1 }, now: T0, leaseMs: 1000 }).state;
  s = finishAttempt(s, 'b', { outcome: 'failed', exitCode: 1, error: 'boom', stdout: '', durationMs: 1, outputs: [] }, T0).state;
  return block(s, 'b', 'max attempts (1) used up').state;
}

const promptOf = (s: State): string => {
  const d = decide(s, { now: T0, limits: DEFAULT_LIMITS });
  if (d.kind !== 'run') throw new Error(`expected a run, got ${d.kind}`);
  return d.prompt;
};

describe('notes reach the next prompt, and only it', () => {
  it('/retry with a note: the reply shows it, the next attempt is told, the one after is not', () => {
    const out = applyCommand(blockedAtB(), { kind: 'retry', by, text: 'use the v2 API, not v1' }, T0);
    expect(out.refused).toBeUndefined();
    expect(out.reply).toBe('Retrying b with a new round of attempts (round 2). The agent\'s next prompt says: A maintainer (@bob) says: "use the v2 API, not v1".');
    expect(stepRun(out.state, 'b').maintainerNote).toEqual({ by, text: 'use the v2 API, not v1', forAttempt: 2 });
    expect(promptOf(out.state)).toMatch(/Please troubleshoot and retry: Do b\n\nA maintainer \(@bob\) says: use the v2 API, not v1$/);

    // Attempt 2 fails too: attempt 3's prompt does not repeat the note.
    let s = startAttempt(out.state, { stepId: 'b', n: nextAttemptNumber(stepRun(out.state, 'b')), owner: { kind: 'local', host: 'h', pid: 1 }, now: T0, leaseMs: 1000 }).state;
    s = finishAttempt(s, 'b', { outcome: 'failed', exitCode: 1, error: 'boom again', stdout: '', durationMs: 1, outputs: [] }, T0).state;
    s = applyCommand(block(s, 'b', 'x').state, { kind: 'retry', by }, T0).state;
    expect(promptOf(s)).not.toContain('A maintainer');
  });

  it('/retry naming the step, then a note; one word that is no step is refused as a step', () => {
    const named = applyCommand(blockedAtB(), { kind: 'retry', by, text: 'b the file is there now' }, T0);
    expect(stepRun(named.state, 'b').maintainerNote?.text).toBe('the file is there now');
    const typo = applyCommand(blockedAtB(), { kind: 'retry', by, step: 'bb' }, T0);
    expect(typo).toMatchObject({ changed: false, refused: true, reply: 'Cannot retry: the plan has no step "bb"; did you mean b?; the current step is b.' });
  });

  it('/resume with a note after a cancel; /approve keeps its note with the approval', () => {
    const cancelled = applyCommand(blockedAtB(), { kind: 'cancel', by }, T0).state;
    const resumed = applyCommand(cancelled, { kind: 'resume', by, note: 'go on' }, T0);
    expect(resumed.reply).toBe('Resumed. The agent\'s next prompt says: A maintainer (@bob) says: "go on".');
    expect(promptOf(resumed.state)).toMatch(/\n\nA maintainer \(@bob\) says: go on$/);

    const awaiting = makeState(['a'], { status: 'AWAITING_APPROVAL', approval: null });
    const approved = applyCommand(awaiting, { kind: 'approve', by, note: 'LGTM, ship it' }, T0);
    expect(approved.state.approval?.note).toBe('LGTM, ship it');
    expect(approved.reply).toContain('Note kept with the approval: "LGTM, ship it".');
  });
});
