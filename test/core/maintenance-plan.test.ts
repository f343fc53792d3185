import { describe, expect, it } from 'vitest';
import { describeAction, maintenancePlan } from '../../src/core/fleet/maintenance-plan.js';
import type { PlanFacts } from '../../src/core/fleet/plan-facts.js';
import type { State } from '../../src/core/state/types.js';
import { state, T0 } from '../fakes/states.js';

const DAY = 24 * 60 * 60_000;
const NOW = new Date(T0.getTime() + 60 * DAY);
const daysAgo = (d: number) => new Date(NOW.getTime() - d * DAY).toISOString();
const A = 'a'.repeat(40);
const B = 'b'.repeat(40);

function facts(planId: string, s: State | 'invalid' | 'missing', extra: Partial<PlanFacts> = {}): PlanFacts {
  const doc = s === 'invalid' ? { kind: 'invalid' as const, error: 'bad' } : s === 'missing' ? { kind: 'missing' as const } : { kind: 'ok' as const, state: { ...s, planId } };
  return { planId, location: `branch sequencer/${planId}`, doc, ...extra };
}

const done = (days: number, over: Partial<State> = {}) => state(['a'], { status: 'DONE', currentStep: 1, lastHeartbeatIso: daysAgo(days), ...over });
const plan = (plans: PlanFacts[], pruneDays = 7, mode: 'archive' | 'delete' = 'archive') => maintenancePlan({ plans }, { now: NOW, pruneDays, mode });

describe('maintenancePlan', () => {
  it('prunes finished plans past the age with their caches, and nothing else', () => {
    const actions = plan([
      facts('old-done', done(8), { tip: { sha: A, idleSha: A }, caches: [{ id: 7, key: 'sequencer/old-done/r3-x' }] }),
      facts('old-cancelled', state(['a'], { status: 'CANCELLED', lastHeartbeatIso: daysAgo(30) })),
      facts('young-done', done(6), { tip: { sha: A, idleSha: A } }),
      facts('old-blocked', state(['a'], { status: 'BLOCKED', lastHeartbeatIso: daysAgo(90) }), { tip: { sha: A, idleSha: A } }),
      facts('old-awaiting', state(['a'], { status: 'AWAITING_APPROVAL', lastHeartbeatIso: daysAgo(90) }), { tip: { sha: B, idleSha: B } }),
      facts('old-running', state(['a'], { lastHeartbeatIso: daysAgo(90) })),
      facts('broken', 'invalid', { updatedAt: daysAgo(90) }),
      facts('stray', 'missing', { updatedAt: daysAgo(90) }),
      { planId: 'huge', location: 'branch sequencer/huge', doc: { kind: 'too-large', bytes: 2 ** 27, limit: 2 ** 26 }, updatedAt: daysAgo(90), tip: { sha: A, idleSha: null } },
    ]);
    expect(actions).toEqual([
      { kind: 'prune', planId: 'old-done', location: 'branch sequencer/old-done', mode: 'archive', status: 'DONE', ageDays: 8, cacheIds: [7], tip: { sha: A, idleSha: A } },
      { kind: 'prune', planId: 'old-cancelled', location: 'branch sequencer/old-cancelled', mode: 'archive', status: 'CANCELLED', ageDays: 30, cacheIds: [] },
    ]);
  });

  it('keeps a finished plan whose branches have an open pull request', () => {
    const actions = plan([facts('reviewed', done(30), { openPullRequests: [12] }), facts('merged', done(30), { openPullRequests: [] })]);
    expect(actions).toEqual([
      { kind: 'keep', planId: 'reviewed', location: 'branch sequencer/reviewed', pullRequests: [12] },
      { kind: 'prune', planId: 'merged', location: 'branch sequencer/merged', mode: 'archive', status: 'DONE', ageDays: 30, cacheIds: [] },
    ]);
    expect(describeAction(actions[0]!, false)).toBe('reviewed: would keep branch sequencer/reviewed: pull request #12 is open');
  });

  it('the age and the mode are parameters', () => {
    const plans = [facts('d', done(3))];
    expect(plan(plans)).toEqual([]);
    expect(plan(plans, 2, 'delete')).toMatchObject([{ kind: 'prune', planId: 'd', mode: 'delete', ageDays: 3 }]);
    expect(plan(plans, 0)).toHaveLength(1);
  });

  it('finalizes a cancellation only when no attempt is alive', () => {
    const cancel = { by: 'alice', at: daysAgo(1) };
    const inFlight = (lease: string, cancelRequested: State['cancelRequested'] = cancel): State =>
      state(['a'], { cancelRequested, stepRuns: { a: { status: 'IN_PROGRESS', tries: 1, attempts: [{ n: 1, runId: 'p/a/1', startedAt: daysAgo(1), leaseExpiresAt: lease }] } } });
    expect(plan([facts('dead', inFlight(daysAgo(0.5)))])).toEqual([{ kind: 'finalize-cancel', planId: 'dead', location: 'branch sequencer/dead' }]);
    expect(plan([facts('between-steps', state(['a', 'b'], { cancelRequested: cancel }))])).toMatchObject([{ kind: 'finalize-cancel', planId: 'between-steps' }]);
    expect(plan([facts('alive', inFlight(new Date(NOW.getTime() + 60_000).toISOString()))])).toEqual([]);
    expect(plan([facts('no-cancel', inFlight(daysAgo(0.5), null))])).toEqual([]);
  });

  it('records idle plans the index misses, unless they are pruned anyway', () => {
    const actions = plan([
      facts('blocked', state(['a'], { status: 'BLOCKED', lastHeartbeatIso: daysAgo(1) }), { tip: { sha: B, idleSha: A } }),
      facts('fresh-done', done(1), { tip: { sha: B, idleSha: null } }),
      facts('old-done', done(10), { tip: { sha: B, idleSha: null } }),
      facts('running', state(['a']), { tip: { sha: B, idleSha: null } }),
    ]);
    expect(actions.map((a) => [a.kind, a.planId])).toEqual([
      ['mark-idle', 'blocked'],
      ['mark-idle', 'fresh-done'],
      ['prune', 'old-done'],
    ]);
  });

  it('describes each action as planned and as done', () => {
    const [prune] = plan([
      facts('d', done(9), {
        caches: [
          { id: 1, key: 'k1' },
          { id: 2, key: 'k2' },
        ],
      }),
    ]);
    expect(describeAction(prune!, false)).toBe('d: would archive branch sequencer/d (DONE, last change 9 days ago) and would delete 2 cache entries');
    expect(describeAction(prune!, true)).toBe('d: archived branch sequencer/d (DONE, last change 9 days ago) and deleted 2 cache entries');
    expect(describeAction({ kind: 'finalize-cancel', planId: 'c', location: 'x' }, false)).toBe('c: would finish the requested cancellation (x)');
  });
});
