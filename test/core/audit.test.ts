import { describe, expect, it } from 'vitest';
import { auditFindings, formatFinding, type Finding } from '../../src/core/fleet/audit.js';
import type { FleetFacts, PlanFacts } from '../../src/core/fleet/plan-facts.js';
import type { State } from '../../src/core/state/types.js';
import { state, T0 } from '../fakes/states.js';

const DAY = 24 * 60 * 60_000;
const NOW = new Date(T0.getTime() + 30 * DAY);
const daysAgo = (d: number) => new Date(NOW.getTime() - d * DAY).toISOString();
const SHA = 'a'.repeat(40);

function facts(planId: string, s: State | 'invalid' | 'missing', extra: Partial<PlanFacts> = {}): PlanFacts {
  const doc = s === 'invalid' ? { kind: 'invalid' as const, error: 'status: expected one of …' } : s === 'missing' ? { kind: 'missing' as const } : { kind: 'ok' as const, state: { ...s, planId } };
  return { planId, location: `branch sequencer/${planId}`, doc, ...extra };
}

const audit = (plans: PlanFacts[], more: Partial<FleetFacts> = {}, staleDays = 14) => auditFindings({ plans, ...more }, { now: NOW, staleDays });
const codes = (f: Finding[]) => f.map((x) => [x.planId ?? '-', x.code, x.severity]);

const running = (leaseExpiresAt: string, over: Partial<State> = {}): State =>
  state(['a', 'b'], {
    stepRuns: { a: { status: 'IN_PROGRESS', tries: 1, attempts: [{ n: 1, runId: 'p/a/1', startedAt: daysAgo(2), leaseExpiresAt }] } },
    ...over,
  });

describe('auditFindings', () => {
  it('a healthy fleet has no findings', () => {
    expect(
      audit([
        facts('fresh', running(new Date(NOW.getTime() + 60_000).toISOString())),
        facts('done', state(['a'], { status: 'DONE', currentStep: 1, lastHeartbeatIso: daysAgo(40) }), { tip: { sha: SHA, idleSha: SHA } }),
        facts('blocked', state(['a'], { status: 'BLOCKED', lastHeartbeatIso: daysAgo(3) })),
      ]),
    ).toEqual([]);
  });

  it('reports each problem once with its severity, worst first', () => {
    const findings = audit(
      [
        facts('lease', running(daysAgo(1))),
        facts('broken', 'invalid'),
        facts('stray', 'missing'),
        facts('old-block', state(['a'], { status: 'BLOCKED', lastHeartbeatIso: daysAgo(20), blockers: ['a: max attempts (3) used up'] })),
        facts('old-ask', state(['a'], { status: 'AWAITING_APPROVAL', lastHeartbeatIso: daysAgo(15) })),
        facts('cached', state(['a'], { status: 'DONE', currentStep: 1, lastHeartbeatIso: daysAgo(1) }), { caches: [{ id: 1, key: 'sequencer/cached/r1-x', sizeBytes: 2 * 1024 * 1024 }] }),
        facts('unindexed', state(['a'], { status: 'CANCELLED', lastHeartbeatIso: daysAgo(1) }), { tip: { sha: SHA, idleSha: null } }),
      ],
      {
        workflows: [
          { name: 'Heartbeat', path: '.github/workflows/sequencer.yml', state: 'disabled_inactivity' },
          { name: 'CI', path: '.github/workflows/ci.yml', state: 'active' },
        ],
      },
    );
    expect(codes(findings)).toEqual([
      ['-', 'workflow-disabled', 'error'],
      ['broken', 'invalid-state', 'error'],
      ['lease', 'lease-expired', 'warning'],
      ['old-ask', 'stale-approval', 'warning'],
      ['old-block', 'stale-blocked', 'warning'],
      ['stray', 'branch-without-state', 'warning'],
      ['cached', 'finished-plan-caches', 'notice'],
      ['unindexed', 'not-indexed', 'notice'],
    ]);
    const byCode = Object.fromEntries(findings.map((f) => [f.code, f]));
    expect(byCode['stale-blocked']!.message).toBe(`old-block: blocked for 20 days (since ${daysAgo(20)}): a: max attempts (3) used up.`);
    expect(byCode['lease-expired']!.message).toContain(`a attempt 1 has run past its lease (${daysAgo(1)})`);
    expect(byCode['finished-plan-caches']!.message).toContain('1 cache entry (2.0 MiB)');
    expect(byCode['workflow-disabled']!.hint).toContain('gh workflow enable sequencer.yml');
    for (const f of findings) expect(f.hint.length, f.code).toBeGreaterThan(10);
  });

  it('a state too large to read is one finding naming its size, beside the other plans', () => {
    const huge: PlanFacts = { planId: 'huge', location: 'branch sequencer/huge', doc: { kind: 'too-large', bytes: 70 * 1024 * 1024, limit: 64 * 1024 * 1024 } };
    const findings = audit([huge, facts('lease', running(daysAgo(1)))]);
    expect(codes(findings)).toEqual([
      ['huge', 'state-too-large', 'error'],
      ['lease', 'lease-expired', 'warning'],
    ]);
    expect(findings[0]!.message).toBe('huge: the state at branch sequencer/huge is 70 MiB (73400320 bytes), more than the 64 MiB audit and maintenance read, so it was not checked.');
    expect(findings[0]!.hint).toMatch(/^The git store cannot load a state this large either, and maintenance leaves the plan alone\. Find what grew it/);
  });

  it('the stale threshold is a parameter, and an old finished plan is not stale', () => {
    const blocked = facts('b', state(['a'], { status: 'BLOCKED', lastHeartbeatIso: daysAgo(5) }));
    expect(audit([blocked], {}, 14)).toEqual([]);
    expect(codes(audit([blocked], {}, 3))).toEqual([['b', 'stale-blocked', 'warning']]);
    expect(audit([facts('d', state(['a'], { status: 'DONE', currentStep: 1, lastHeartbeatIso: daysAgo(99) }))], {}, 1)).toEqual([]);
  });

  it('without a heartbeat time the record date decides staleness', () => {
    const s = state(['a'], { status: 'AWAITING_APPROVAL', lastHeartbeatIso: null });
    expect(codes(audit([facts('x', s, { updatedAt: daysAgo(20) })]))).toEqual([['x', 'stale-approval', 'warning']]);
    expect(audit([facts('x', s)])).toEqual([]);
  });

  it('a cancel is stuck only when nothing is running for it', () => {
    const cancel = { by: 'alice', at: daysAgo(1) };
    expect(codes(audit([facts('c', running(daysAgo(1), { cancelRequested: cancel }))]))).toEqual([
      ['c', 'cancel-stuck', 'warning'],
      ['c', 'lease-expired', 'warning'],
    ]);
    expect(audit([facts('c', running(new Date(NOW.getTime() + 60_000).toISOString(), { cancelRequested: cancel }))])).toEqual([]);
    expect(codes(audit([facts('c', state(['a'], { cancelRequested: cancel }))]))).toEqual([['c', 'cancel-stuck', 'warning']]);
  });

  it('formats a finding with its hint', () => {
    const [f] = audit([facts('broken', 'invalid')]);
    expect(formatFinding(f!)).toMatch(/^ERROR invalid-state: broken: the state at branch sequencer\/broken fails validation: .*\n {2}hint: Ticks refuse it/);
  });
});
