import { describe, expect, it } from 'vitest';
import { applyCommand } from '../../src/core/tick/apply-command.js';
import { parseCommandText } from '../../src/core/tick/commands.js';
import { block } from '../../src/core/tick/apply.js';
import { state, T0 } from '../fakes/states.js';

const by = 'octocat';

describe('applyCommand', () => {
  it('approve starts an awaiting plan, records who and the plan hash, and sets the delay', () => {
    const s = state(['a'], { status: 'AWAITING_APPROVAL', approval: null });
    const out = applyCommand(s, { kind: 'approve', by, delayMinutes: 2 }, T0);
    expect(out.changed).toBe(true);
    expect(out.state).toMatchObject({ status: 'IN_PROGRESS', stepDelayMinutes: 2, approval: { by, planHash: s.planHash } });
  });

  it('approve of another plan hash changes nothing', () => {
    const s = state(['a'], { status: 'AWAITING_APPROVAL' });
    const out = applyCommand(s, { kind: 'approve', by, planHash: 'sha256:other' }, T0);
    expect(out.changed).toBe(false);
    expect(out.state).toBe(s);
    expect(out.reply).toMatch(/approve again/);
  });

  describe('an approval from an issue comment', () => {
    const awaiting = state(['a'], { status: 'AWAITING_APPROVAL', approval: null });
    const hash = awaiting.planHash!;
    const posted = (over: Record<string, unknown> = {}) => ({ ...awaiting, proposal: { at: '2026-01-01T00:00:05.100Z', planHash: hash, postedAt: '2026-01-01T00:00:05.800Z', commentId: 9, ...over } });
    const fromComment = { kind: 'approve' as const, by, commentId: 12, at: '2026-01-01T00:01:00Z' };

    it('approves the hash of the posted proposal and says which', () => {
      const out = applyCommand(posted(), fromComment, T0);
      expect(out.changed).toBe(true);
      expect(out.state).toMatchObject({ status: 'IN_PROGRESS', approval: { by, planHash: hash, commentId: 12 } });
      // Named by its first 12 hex digits, as `/approve <prefix>` takes it; the proposal shows it whole.
      expect(out.reply).toBe(`Approved plan ${hash.slice(7, 19)} by @${by}. Starting.`);
    });

    it('is refused while no proposal was posted (the state holds one not yet on the issue)', () => {
      for (const s of [awaiting, { ...awaiting, proposal: { at: '2026-01-01T00:00:05Z' } }, posted({ postedAt: undefined })]) {
        const out = applyCommand(s, fromComment, T0);
        expect(out).toMatchObject({ changed: false, state: s });
        expect(out.reply).toMatch(/no proposal of this plan has been posted/);
      }
    });

    it('is refused when the latest posted proposal shows another plan', () => {
      const out = applyCommand(posted({ planHash: `sha256:${'0'.repeat(64)}` }), fromComment, T0);
      expect(out.changed).toBe(false);
      expect(out.reply).toMatch(new RegExp(`latest posted proposal shows plan 0{12}, but the plan is now ${hash.slice(7, 19)}\\.`));
    });

    it('counts from the posted proposal at GitHub precision (whole seconds)', () => {
      expect(applyCommand(posted(), { ...fromComment, at: '2026-01-01T00:00:05Z' }, T0).changed).toBe(true);
      const early = applyCommand(posted(), { ...fromComment, at: '2026-01-01T00:00:04Z' }, T0);
      expect(early.changed).toBe(false);
      expect(early.reply).toMatch(/written before the proposal/);
      expect(applyCommand(posted(), { ...fromComment, at: 'not a time' }, T0).changed).toBe(false);
    });

    it('with a hash prefix of 12 or more hex digits: accepted when it names the current plan, refused otherwise', () => {
      const hex = hash.slice('sha256:'.length);
      for (const given of [hash, `sha256:${hex.slice(0, 12)}`, hex.slice(0, 20).toUpperCase()]) {
        const out = applyCommand(posted(), { ...fromComment, planHash: given }, T0);
        expect(out.changed, given).toBe(true);
        expect(out.reply).toContain(hash.slice(7, 19));
      }
      const other = hex.startsWith('0') ? '1234abcd0000' : '0234abcd0000';
      const wrong = applyCommand(posted(), { ...fromComment, planHash: other }, T0);
      expect(wrong.changed).toBe(false);
      expect(wrong.reply).toMatch(new RegExp(`names plan ${other}, but the proposed plan is ${hash.slice(7, 19)}\\.`));
      // 8 hex digits (32 bits) are too few: another plan sharing them can be searched for.
      for (const short of [hex.slice(0, 8), hex.slice(0, 11)]) expect(applyCommand(posted(), { ...fromComment, planHash: short }, T0).changed, short).toBe(false);
    });

    describe('after the plan changed and earlier proposals were superseded', () => {
      // Earlier proposals said they were superseded at 00:00:06, just after this one was posted.
      const replaced = () => posted({ supersededAt: '2026-01-01T00:00:06Z' });
      const bare = (previousCommentAt: string | null | undefined) => ({ ...fromComment, ...(previousCommentAt !== undefined ? { previousCommentAt } : {}) });

      it('a bare /approve from someone who has not commented since is refused, asking for the hash by its 12-digit prefix', () => {
        for (const previous of [null, undefined, '2026-01-01T00:00:03Z', '2026-01-01T00:00:06Z']) {
          const out = applyCommand(replaced(), bare(previous), T0);
          expect(out, String(previous)).toMatchObject({ changed: false, refused: true });
          expect(out.reply).toMatch(/more than one proposal, and the earlier ones were replaced after your last comment here/);
          expect(out.reply).toContain(`reply "/approve ${hash.slice(7, 19)}" to approve it`);
        }
      });

      it('a bare /approve from someone who commented after they were superseded counts', () => {
        const out = applyCommand(replaced(), bare('2026-01-01T00:00:07Z'), T0);
        expect(out).toMatchObject({ changed: true, state: { status: 'IN_PROGRESS', approval: { by, planHash: hash } } });
      });

      it('/approve naming the plan counts whoever asks; with a single proposal ever, a bare /approve counts', () => {
        expect(applyCommand(replaced(), { ...bare(null), planHash: hash.slice(7, 19) }, T0).changed).toBe(true);
        expect(applyCommand(posted(), bare(null), T0).changed).toBe(true);
      });
    });
  });

  it('a CLI approval (no comment) needs no posted proposal and may name the hash too', () => {
    const s = state(['a'], { status: 'AWAITING_APPROVAL', approval: null });
    expect(applyCommand(s, { kind: 'approve', by }, T0).changed).toBe(true);
    expect(applyCommand(s, { kind: 'approve', by, planHash: s.planHash!.slice(0, 20) }, T0).changed).toBe(true);
  });

  it('approve of a running plan is refused', () => {
    expect(applyCommand(state(['a']), { kind: 'approve', by }, T0).changed).toBe(false);
  });

  it('cancel with nothing in flight ends the plan now', () => {
    const out = applyCommand(state(['a']), { kind: 'cancel', by }, T0);
    expect(out.state.status).toBe('CANCELLED');
    expect(out.notices).toEqual([{ kind: 'cancelled', runningStep: null }]);
    expect(out.reply).toBe(`Cancelled by @${by}.`);
    // The reason given is said back, not only stored.
    expect(applyCommand(state(['a']), { kind: 'cancel', by, reason: 'wrong plan' }, T0).reply).toBe(`Cancelled by @${by}: "wrong plan".`);
  });

  it('cancel with an attempt in flight stores the intent only', () => {
    const s = state(['a'], { stepRuns: { a: { status: 'IN_PROGRESS', tries: 1 } } });
    const out = applyCommand(s, { kind: 'cancel', by, reason: 'wrong plan' }, T0);
    expect(out.state.status).toBe('IN_PROGRESS');
    expect(out.state.cancelRequested).toMatchObject({ by, reason: 'wrong plan' });
    expect(out.reply).toBe(`Cancel requested by @${by} ("wrong plan"); stopping a.`);
  });

  it('retry gives a blocked step a fresh budget and clears its blocker', () => {
    const failed = state(['a', 'b'], { stepRuns: { a: { status: 'FAILED', tries: 3, error: 'x', firstStartedAt: T0.toISOString() } } });
    const blocked = block(failed, 'a', 'max attempts (3) used up').state;
    const out = applyCommand(blocked, { kind: 'retry', by }, T0);
    expect(out.state.status).toBe('IN_PROGRESS');
    expect(out.state.stepRuns.a).toMatchObject({ status: 'FAILED', tries: 0, firstStartedAt: null });
    expect(out.state.blockers).toEqual([]);
  });

  it('retry of a step that is not the current one is refused', () => {
    const blocked = block(state(['a', 'b'], { stepRuns: { a: { status: 'FAILED', tries: 3 } } }), 'a', 'x').state;
    const out = applyCommand(blocked, { kind: 'retry', by, step: 'b' }, T0);
    expect(out.changed).toBe(false);
    expect(out.reply).toMatch(/only the current step \(a\)/);
  });

  it('retry of a running plan is refused', () => {
    expect(applyCommand(state(['a']), { kind: 'retry', by }, T0).changed).toBe(false);
  });

  it('skip marks the current step SKIPPED and advances; the last skip completes the plan', () => {
    const blocked = block(state(['a', 'b'], { stepRuns: { a: { status: 'FAILED', tries: 3 } } }), 'a', 'x').state;
    const first = applyCommand(blocked, { kind: 'skip', by, step: 'a' }, T0).state;
    expect(first).toMatchObject({ status: 'IN_PROGRESS', currentStep: 1, stepRuns: { a: { status: 'SKIPPED' } } });
    const second = applyCommand(first, { kind: 'skip', by }, T0);
    expect(second.state).toMatchObject({ status: 'DONE', currentStep: 2 });
    expect(second.notices).toEqual([{ kind: 'done' }]);
  });

  it('skip is refused while the step runs', () => {
    const s = state(['a'], { stepRuns: { a: { status: 'IN_PROGRESS', tries: 1 } } });
    expect(applyCommand(s, { kind: 'skip', by }, T0).changed).toBe(false);
  });

  it('resume re-opens a cancelled plan at its current step', () => {
    const s = state(['a', 'b'], {
      status: 'CANCELLED',
      currentStep: 1,
      cancelRequested: { by, at: T0.toISOString() },
      stepRuns: { a: { status: 'DONE', tries: 1 }, b: { status: 'FAILED', tries: 1, error: 'cancelled' } },
    });
    const out = applyCommand(s, { kind: 'resume', by }, T0);
    expect(out.state).toMatchObject({ status: 'IN_PROGRESS', cancelRequested: null, stepRuns: { b: { status: 'PENDING', tries: 0 } } });
  });

  it('status changes nothing and says where the plan stands', () => {
    const s = state(['a', 'b'], { currentStep: 1, stepRuns: { a: { status: 'DONE', tries: 1 }, b: { status: 'FAILED', tries: 2 } } });
    const out = applyCommand(s, { kind: 'status', by }, T0);
    expect(out).toMatchObject({ changed: false, state: s });
    expect(out.reply).toBe('Plan is IN_PROGRESS: 1 of 2 steps is done; current step b (FAILED, 2 attempts).');
  });

  it('status before approval says the plan waits for /approve with its hash', () => {
    const s = state(['a', 'b'], { status: 'AWAITING_APPROVAL', approval: null, planHash: `sha256:${'0123456789ab'.repeat(5)}abcd` });
    expect(applyCommand(s, { kind: 'status', by }, T0).reply).toBe(
      'Plan is AWAITING_APPROVAL: 0 of 2 steps are done; current step a (PENDING, 0 attempts); waiting for approval: /approve 0123456789ab runs it.',
    );
  });
});

describe('parseCommandText', () => {
  it.each([
    ['/approve', { kind: 'approve', by }],
    ['/approve delay=2', { kind: 'approve', by, delayMinutes: 2 }],
    ['/cancel  too slow\nmore text', { kind: 'cancel', by, reason: 'too slow' }],
    ['LGTM, thanks.\n/approve delay=3', { kind: 'approve', by, delayMinutes: 3 }],
    ['/approve 0123abcd4567', { kind: 'approve', by, planHash: 'sha256:0123abcd4567' }],
    ['/approve sha256:0123ABCDEF4567 delay=0', { kind: 'approve', by, planHash: 'sha256:0123abcdef4567', delayMinutes: 0 }],
    ['/approve delay=2 0123abcd4567', { kind: 'approve', by, planHash: 'sha256:0123abcd4567', delayMinutes: 2 }],
    ['> /approve\n\n/status', { kind: 'status', by }],
    ['```\n/approve\n```\n/status', { kind: 'status', by }],
    ['/retry step-2', { kind: 'retry', by, step: 'step-2' }],
    ['/skip', { kind: 'skip', by }],
    ['/RESUME', { kind: 'resume', by }],
    ['/status', { kind: 'status', by }],
  ])('%s', (text, command) => {
    expect(parseCommandText(text, by)).toEqual({ ok: true, command });
  });

  it.each([
    ['/approve delay=x', /delay=N/],
    ['/approve delay=5000', /0-1440/],
    ['/skip ../etc', /step id/],
    ['/deploy', /^unknown command "\/deploy"; known: \/approve, \/cancel, \/retry, \/skip, \/resume, \/status, \/restart$/],
    // A typo of a command names the command meant.
    ['/aprove abc', /^unknown command "\/aprove"; did you mean \/approve\? known: \/approve, \/cancel, .*, \/restart$/],
    ['/stauts', /^unknown command "\/stauts"; did you mean \/status\? known: /],
    // The inbox reads the comments of an issue that has a plan: /draft has nothing to draft there.
    ['/draft', /^\/draft drafts a plan for a request that has none; this issue has its plan already \(commands here: \/approve, .*, \/restart\)$/],
    ['/approve 0123abcd', /first 12 or more hex digits.*got "0123abcd"/],
    ['/approve 0123abcd456', /plan hash .*got "0123abcd456"/],
    ['/approve sha256:xyz123456789', /got "sha256:xyz123456789"/],
    ['/approve delay=2 delay=3', /got "delay=3"/],
    ['/approve 0123abcd4567 4567abcd4567', /got "4567abcd4567"/],
  ])('%s is refused with a reason', (text, reason) => {
    const parsed = parseCommandText(text, by);
    expect(parsed && !parsed.ok && parsed.error).toMatch(reason);
  });

  it('ignores text that is not a command', () => {
    expect(parseCommandText('LGTM, thanks! /approve', by)).toBeNull();
  });

  // What GitHub shows as code, a quote or nothing at all is never a command.
  it.each([
    ['indented code (4 spaces)', '    /approve'],
    ['indented code (tab)', '\t/approve'],
    ['indented by 1-3 spaces', '  /approve'],
    ['fenced code', 'Try this:\n```\n/approve\n```'],
    ['fenced code with tildes and an info string', '~~~~ text\n/approve\n~~~~'],
    ['an unclosed fence', '```sh\n/approve'],
    ['a block quote', '> /approve'],
    ['a nested block quote', '> > /approve'],
    ["a quote's lazy continuation line", '> Please run\n/approve'],
    ['an HTML comment', '<!--\n/approve\n-->'],
    ['an HTML comment opened mid-line', 'fine <!-- hidden\n/approve -->'],
    ['a path at column 0', '/usr/bin/env is missing'],
    ['a slash without a word', '/ approve'],
  ])('%s is not a command', (_name, text) => {
    expect(parseCommandText(text, by)).toBeNull();
  });

  it('a fence that closes lets the next line count; an inline ``` is no fence', () => {
    expect(parseCommandText('```\n/cancel\n```\n/approve', by)).toEqual({ ok: true, command: { kind: 'approve', by } });
    expect(parseCommandText('```a`b```\n/approve', by)).toEqual({ ok: true, command: { kind: 'approve', by } });
    expect(parseCommandText('<!-- note -->\n/approve', by)).toEqual({ ok: true, command: { kind: 'approve', by } });
    expect(parseCommandText('> quoted\n\n/approve', by)).toEqual({ ok: true, command: { kind: 'approve', by } });
  });
});

describe('a plan blocked for want of an approval', () => {
  it('/retry and /resume put it back to awaiting approval instead of running it', () => {
    const blocked = block({ ...state(['a']), approval: null }, 'a', 'no approval').state;
    for (const cmd of [
      { kind: 'retry', by },
      { kind: 'resume', by },
    ] as const) {
      const out = applyCommand(blocked, cmd, T0);
      expect(out.state).toMatchObject({ status: 'AWAITING_APPROVAL', blockers: [], approval: null });
      expect(out.reply).toMatch(/was never approved: it now awaits approval/);
    }
  });
});
