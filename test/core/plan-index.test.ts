import { describe, expect, it } from 'vitest';
import { archiveRef, idleRef, isActiveRef, isIdleStatus, isRefSafePlanId, isWaitingRef, parsePlanRefs, planMatrix, waitRef } from '../../src/core/fleet/plan-index.js';

const A = 'a'.repeat(40);
const B = 'b'.repeat(40);
const C = 'c'.repeat(40);
const NOW = new Date('2026-06-01T12:00:00Z');
const epoch = (d: Date) => Math.floor(d.getTime() / 1000);

describe('parsePlanRefs', () => {
  const listing = [
    `${A}\trefs/heads/sequencer/issue-3`,
    `${B}\trefs/heads/sequencer/nightly`,
    `${C}\trefs/heads/sequencer/issue-12`,
    `${A}\trefs/sequencer/idle/issue-3`, // idle at its tip
    `${A}\trefs/sequencer/idle/nightly`, // the branch moved on since: active again
    `${B}\trefs/sequencer/idle/gone`, // marker without a branch
    `${A}\trefs/heads/main`,
    `${A}\trefs/heads/sequencer/..evil`,
    'garbage line',
    '',
  ].join('\n');

  it('pairs each work branch with its idle marker, sorted by plan id', () => {
    expect(parsePlanRefs(listing)).toEqual([
      { planId: 'issue-12', branch: 'sequencer/issue-12', sha: C, idleSha: null, waits: [] },
      { planId: 'issue-3', branch: 'sequencer/issue-3', sha: A, idleSha: A, waits: [] },
      { planId: 'nightly', branch: 'sequencer/nightly', sha: B, idleSha: A, waits: [] },
    ]);
  });

  it('a plan is active unless its idle marker points at its current tip', () => {
    const active = parsePlanRefs(listing)
      .filter((r) => isActiveRef(r, NOW))
      .map((r) => r.planId);
    expect(active).toEqual(['issue-12', 'nightly']);
  });

  it('a plan waiting at its tip on a delay that has not ended is not active; an old or moved-past wait does not count', () => {
    const later = epoch(NOW) + 600;
    const earlier = epoch(NOW) - 1;
    const refs = parsePlanRefs(
      [
        `${A}\trefs/heads/sequencer/waiting`,
        `${A}\trefs/sequencer/wait/waiting/${later}`,
        `${B}\trefs/heads/sequencer/due`,
        `${B}\trefs/sequencer/wait/due/${earlier}`,
        `${C}\trefs/heads/sequencer/moved`,
        `${A}\trefs/sequencer/wait/moved/${later}`,
        `${A}\trefs/sequencer/wait/bad/not-a-number`,
      ].join('\n'),
    );
    expect(refs.find((r) => r.planId === 'waiting')!.waits).toEqual([{ ref: `refs/sequencer/wait/waiting/${later}`, sha: A, untilMs: later * 1000 }]);
    expect(refs.filter((r) => isWaitingRef(r, NOW)).map((r) => r.planId)).toEqual(['waiting']);
    expect(refs.filter((r) => isActiveRef(r, NOW)).map((r) => r.planId)).toEqual(['due', 'moved']);
    // Once the delay has ended the plan is active again.
    expect(
      isActiveRef(
        refs.find((r) => r.planId === 'waiting')!,
        new Date((later + 1) * 1000),
      ),
    ).toBe(true);
  });

  it('honours another branch prefix', () => {
    expect(parsePlanRefs(`${A}\trefs/heads/agents/x\n${A}\trefs/heads/sequencer/y`, 'agents/').map((r) => r.branch)).toEqual(['agents/x']);
  });
});

describe('statuses and ref names', () => {
  it('idle statuses are the ones only a person can change', () => {
    expect(['DONE', 'CANCELLED', 'BLOCKED', 'AWAITING_APPROVAL'].every(isIdleStatus)).toBe(true);
    expect(isIdleStatus('IN_PROGRESS')).toBe(false);
  });

  it('refuses plan ids that are not safe ref components', () => {
    expect(isRefSafePlanId('issue-3')).toBe(true);
    for (const bad of ['a..b', 'x.lock', 'x.', '-x', 'a/b', '']) expect(isRefSafePlanId(bad), bad).toBe(false);
  });

  it('names markers and archives', () => {
    expect(idleRef('issue-3')).toBe('refs/sequencer/idle/issue-3');
    expect(archiveRef('issue-3', A)).toBe('refs/sequencer/archive/issue-3/aaaaaaaaaaaa');
    // Rounded up: a heartbeat never starts a plan before its delay ends.
    expect(waitRef('issue-3', Date.parse('2026-06-01T12:00:00.001Z'))).toBe(`refs/sequencer/wait/issue-3/${epoch(NOW) + 1}`);
  });

  it('the matrix output is a JSON array of ids', () => {
    expect(JSON.parse(planMatrix(['issue-3', 'nightly']))).toEqual(['issue-3', 'nightly']);
    expect(planMatrix([])).toBe('[]');
  });
});
