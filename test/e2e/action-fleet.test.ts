// Many plans through the bundled Action: a heartbeat over 100 finished plans and one waiting on
// its step delay costs no commit, at most one counted API request, no fetch of a finished branch
// and no heavy module; `list` feeds a matrix whose per-plan jobs tick one plan each; `audit`
// reports what needs a person; `maintenance` prunes only finished plans, and only with apply.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { git } from './git-remote.js';
import type { Finding } from '../../src/core/fleet/audit.js';
import { DEFAULT_WORKFLOW } from '../fakes/github-server.js';
import { ActionHarness, runReport, type ActionRun } from './action-harness.js';
import { daysAgo, seedPlans, seedState, type SeedPlan } from './fleet-seed.js';
import { readAgentCalls, removeTempDirs } from './helpers.js';
import { exampleJobTokens } from './isolated-run.js';

afterAll(removeTempDirs);

const GUARD = fileURLToPath(new URL('../fixtures/heavy-chunk-guard.mjs', import.meta.url));

function expectOk(run: ActionRun): void {
  expect(run.code, runReport(run)).toBe(0);
}

const twoSteps = {
  title: 'Two steps',
  steps: {
    first: { title: 'First', instruction: 'Write out/first.md', requiredOutputs: ['out/first.md'] },
    second: { title: 'Second', instruction: 'Write out/second.md', requiredOutputs: ['out/second.md'] },
  },
};

// The matrix plan's length is not what its test is about: one step keeps its job short.
const oneStep = {
  title: 'One step',
  steps: { only: { title: 'Only', instruction: 'Write out/only.md', requiredOutputs: ['out/only.md'] } },
};

/** Every ref on the remote (branches, markers, archives) → commit. */
async function allRefs(h: ActionHarness): Promise<Record<string, string>> {
  const res = await h.originGit(['for-each-ref', '--format=%(refname) %(objectname)']);
  return Object.fromEntries(
    res.stdout
      .split('\n')
      .filter(Boolean)
      .map((l) => l.split(' ') as [string, string]),
  );
}

const ws = async (run: ActionRun, ...args: string[]) => (await git(args, { cwd: run.workspace, allowFail: true })).stdout.trim();

describe('the scheduled heartbeat over the plan index', () => {
  let h: ActionHarness;
  const finished: SeedPlan[] = Array.from({ length: 100 }, (_, i) => {
    const planId = `done-${String(i + 1).padStart(3, '0')}`;
    return { planId, state: seedState(planId, 'DONE', daysAgo(1)), marker: true, at: daysAgo(1) };
  });

  beforeAll(async () => {
    h = await ActionHarness.create();
    // A dispatch that starts a plan is its approval: only a writer can dispatch.
    h.fake.setPermission(h.actor, 'write');
    await h.commitToMain({ 'plans/nightly.json': JSON.stringify(oneStep) });
  });
  afterAll(async () => h?.close());

  it('100 finished plans and 1 waiting: no commit, no API request, no plan branch fetched, no heavy module', async () => {
    // The waiting plan comes the real way: proposal, `/approve delay=30`, step one runs, then a
    // 30-minute delay (longer than the tick sleeps through). That run records the wait.
    expectOk(await h.openIssue(11, twoSteps));
    h.fake.setPermission('alice', 'write');
    const approved = await h.say(11, 'alice', '/approve delay=30').deliver();
    expectOk(approved);
    expect(approved.outputs).toMatchObject({ status: 'IN_PROGRESS', 'steps-done': '1', 'current-step': 'second' });
    expect(approved.stdout).toMatch(/issue-11 waits until \S+: heartbeats skip it until then\./);
    const waiting = Object.entries(await allRefs(h)).filter(([r]) => r.startsWith('refs/sequencer/wait/issue-11/'));
    expect(waiting.map(([, sha]) => sha)).toEqual([(await allRefs(h))['refs/heads/sequencer/issue-11']]);
    await seedPlans(h.origin, h.mainSha, finished);

    const refsBefore = await allRefs(h);
    const firstRequest = h.fake.requests.length;
    const countedBefore = h.fake.countedRequests();
    const heavyLog = path.join(h.root, 'heavy-chunks.log');
    await writeFile(heavyLog, '');
    const idle = await h.tick({ env: { NODE_OPTIONS: `--import=${GUARD}`, HEAVY_CHUNK_LOG: heavyLog } });
    expectOk(idle);

    expect(idle.stdout).toMatch(/101 plans on origin, 0 active\./);
    expect(idle.outputs.plans).toBe('[]');
    expect(await allRefs(h), 'no commit, no ref moved').toEqual(refsBefore);
    expect(h.fake.requests.slice(firstRequest), 'no API request').toEqual([]);
    expect(h.fake.countedRequests()).toBe(countedBefore);
    // No plan branch reached the runner; no finished plan's commit did.
    expect(await ws(idle, 'for-each-ref', '--format=%(refname)', 'refs/remotes/')).toBe('refs/remotes/origin/main');
    const doneTip = refsBefore['refs/heads/sequencer/done-050']!;
    expect((await git(['cat-file', '-e', doneTip], { cwd: idle.workspace, allowFail: true })).code).not.toBe(0);
    expect(await readFile(heavyLog, 'utf8'), '@actions/artifact and @actions/cache stay unloaded').toBe('');
  });

  it('a waiting plan without its wait marker costs one conditional request and no commit, then gets the marker', async () => {
    const marker = Object.keys(await allRefs(h)).find((r) => r.startsWith('refs/sequencer/wait/issue-11/'))!;
    await h.originGit(['update-ref', '-d', marker]);
    const refsBefore = await allRefs(h);
    const firstRequest = h.fake.requests.length;
    const countedBefore = h.fake.countedRequests();
    const run = await h.tick();
    expectOk(run);
    expect(run.stdout).toMatch(/101 plans on origin, 1 active: issue-11\./);
    const made = h.fake.requests.slice(firstRequest);
    expect(made.map((r) => `${r.method} ${r.path}`)).toEqual([`GET /repos/${h.owner}/${h.repo}/issues/11/comments`]);
    expect(
      made.every((r) => r.conditional),
      'the comment poll sends its ETag',
    ).toBe(true);
    expect(h.fake.countedRequests() - countedBefore).toBeLessThanOrEqual(1);
    const refsAfter = await allRefs(h);
    expect(refsAfter['refs/heads/sequencer/issue-11'], 'no commit').toBe(refsBefore['refs/heads/sequencer/issue-11']);
    expect(refsAfter[marker]).toBe(refsBefore['refs/heads/sequencer/issue-11']);
    // Only the waiting plan's branch was fetched.
    expect((await ws(run, 'for-each-ref', '--format=%(refname)', 'refs/remotes/')).split('\n').sort()).toEqual(['refs/remotes/origin/main', 'refs/remotes/origin/sequencer/issue-11']);
    // That the marker makes later heartbeats skip the plan again is seen by the legacy test's
    // second heartbeat below ("0 active" with issue-11 still waiting).
  });

  it('the guard sees a heavy chunk when one is loaded (the check above can fail)', async () => {
    const heavyLog = path.join(h.root, 'heavy-control.log');
    await writeFile(heavyLog, '');
    // The cache store loads @actions/cache as soon as it restores state.
    const run = await h.dispatch({ command: 'status', 'plan-id': 'issue-11' }, { inputs: { 'state-store': 'cache' }, env: { NODE_OPTIONS: `--import=${GUARD}`, HEAVY_CHUNK_LOG: heavyLog } });
    expect(await readFile(heavyLog, 'utf8'), runReport(run)).toMatch(/\/chunks\/cache-[A-Z0-9]+\.js$/m);
  });

  it('a finished plan from before the index is recorded as idle without a commit, then skipped', async () => {
    await seedPlans(h.origin, h.mainSha, [{ planId: 'legacy', state: seedState('legacy', 'DONE', daysAgo(3)), marker: false }]);
    const before = await allRefs(h);
    expect(before['refs/sequencer/idle/legacy']).toBeUndefined();
    const first = await h.tick();
    expectOk(first);
    const after = await allRefs(h);
    expect(after['refs/heads/sequencer/legacy']).toBe(before['refs/heads/sequencer/legacy']);
    expect(after['refs/sequencer/idle/legacy']).toBe(before['refs/heads/sequencer/legacy']);
    expect(first.stdout).toMatch(/legacy is DONE: recorded as idle\./);

    // Neither legacy nor issue-11 (its wait marker back since the test above) is active.
    const second = await h.tick();
    expectOk(second);
    expect(second.stdout).toMatch(/102 plans on origin, 0 active\./);
    expect(await ws(second, 'for-each-ref', '--format=%(refname)', 'refs/remotes/origin/sequencer/')).toBe('');
  });

  it("list gives the active plans for a matrix; a matrix job ticks its plan only; the finished plan leaves the list; each job on the token docs/examples/matrix.yml's permissions give it", async () => {
    const started = await h.dispatch({ command: 'start', plan: 'plans/nightly.json' }, { inputs: { 'time-budget-minutes': '1', 'attempt-timeout-minutes': '1' } });
    expectOk(started);
    expect(started.outputs.status).toBe('IN_PROGRESS');

    const listed = await h.dispatch({ command: 'list' });
    expectOk(listed);
    expect(listed.outputs.status).toBe('OK');
    const matrix = JSON.parse(listed.outputs.plans!) as unknown;
    // issue-11 waits on its step delay: no job for it until the delay ends.
    expect(matrix).toEqual(['nightly']);
    // The list job of a scheduled fan-out names its command in `with:`; nothing is fetched. It and
    // the matrix jobs run on the tokens the example's `permissions:` give them (list: contents: read).
    const tokens = await exampleJobTokens(h, 'matrix.yml');
    const requests = h.fake.requests.length;
    const scheduledList = await h.tick({ inputs: { command: 'list', 'github-token': tokens.list ?? '' } });
    expectOk(scheduledList);
    expect(scheduledList.outputs.plans).toBe(listed.outputs.plans);
    expect(await ws(scheduledList, 'for-each-ref', '--format=%(refname)', 'refs/remotes/origin/sequencer/')).toBe('');

    // One matrix job: `with: plan-id: ${{ matrix.plan-id }}` on the schedule event.
    const refsBefore = await allRefs(h);
    const job = await h.tick({ inputs: { 'plan-id': 'nightly', 'github-token': tokens.tick ?? '' } });
    expectOk(job);
    expect(job.outputs).toMatchObject({ 'plan-id': 'nightly', status: 'DONE', 'steps-done': '1' });
    const refsAfter = await allRefs(h);
    expect(refsAfter['refs/heads/sequencer/issue-11'], 'the other plan is not touched').toBe(refsBefore['refs/heads/sequencer/issue-11']);
    expect(refsAfter['refs/sequencer/idle/nightly'], 'DONE and its marker landed in one push').toBe(refsAfter['refs/heads/sequencer/nightly']);
    const made = h.fake.requests.slice(requests);
    expect(made.filter((r) => !Object.values(tokens).includes(r.token ?? '')).map((r) => `${r.method} ${r.path}`)).toEqual([]);
    expect(made.filter((r) => r.status === 403).map((r) => `${r.method} ${r.path}`)).toEqual([]);

    const again = await h.dispatch({ command: 'list' });
    expect(again.outputs.plans).toBe('[]');
  });
});

describe('per-step API cost', () => {
  let h: ActionHarness;
  beforeAll(async () => {
    h = await ActionHarness.create();
    // A dispatch that starts a plan is its approval: only a writer can dispatch.
    h.fake.setPermission(h.actor, 'write');
  });
  afterAll(async () => h?.close());

  it('a 10-step plan approved on its issue costs at most 3 counted requests per step, and every comment poll sends its ETag', async () => {
    const steps = Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`s${i + 1}`, { title: `Step ${i + 1}`, instruction: `Write out/s${i + 1}.md`, requiredOutputs: [`out/s${i + 1}.md`] }]));
    expectOk(await h.openIssue(21, { title: 'Ten steps', steps }));
    h.fake.setPermission('alice', 'write');
    const first = h.fake.requests.length;
    const counted = h.fake.countedRequests();
    const run = await h.say(21, 'alice', '/approve').deliver();
    expectOk(run);
    expect(run.outputs).toMatchObject({ status: 'DONE', 'steps-done': '10' });
    const made = h.fake.requests.slice(first);
    const perStep = (h.fake.countedRequests() - counted) / 10;
    expect(perStep, made.map((r) => `${r.method} ${r.path}?${r.query} ${r.status}`).join('\n')).toBeLessThanOrEqual(3);
    // While steps run, the tick reads the issue for new commands (`since` its cursor) after every
    // attempt: every such poll is conditional. (The first comment posted, the reply to /approve,
    // comes after the one unconditional read that starts the tick; the search for the status
    // comment's marker before it is first posted is no poll.)
    const running = made.slice(made.findIndex((r) => r.method === 'POST' && r.path.endsWith('/issues/21/comments')));
    const polls = running.filter((r) => r.method === 'GET' && r.path.endsWith('/issues/21/comments') && r.query.includes('since='));
    expect(polls.length).toBeGreaterThanOrEqual(9);
    expect(
      polls.filter((r) => !r.conditional),
      'polls without an ETag',
    ).toEqual([]);
  });
});

describe('audit', () => {
  let h: ActionHarness;
  beforeAll(async () => {
    h = await ActionHarness.create();
    // A dispatch that starts a plan is its approval: only a writer can dispatch.
    h.fake.setPermission(h.actor, 'write');
    const expired = daysAgo(1).toISOString();
    await seedPlans(h.origin, h.mainSha, [
      { planId: 'broken', state: '{"status": "DONE", oops', marker: false },
      { planId: 'stray', state: null, marker: false },
      { planId: 'stuck-block', state: seedState('stuck-block', 'BLOCKED', daysAgo(28), { blockers: ['s1: max retries (3) exceeded'] }), marker: true, at: daysAgo(28) },
      // Stale by the default (14 days), not by the run's stale-days (25): the input sets the threshold.
      { planId: 'recent-block', state: seedState('recent-block', 'BLOCKED', daysAgo(20), { blockers: ['s1: max retries (3) exceeded'] }), marker: true, at: daysAgo(20) },
      { planId: 'old-ask', state: seedState('old-ask', 'AWAITING_APPROVAL', daysAgo(30)), marker: true, at: daysAgo(30) },
      {
        planId: 'cancel-stuck',
        state: seedState('cancel-stuck', 'IN_PROGRESS', daysAgo(2), {
          cancelRequested: { by: 'alice', at: daysAgo(1).toISOString() },
          stepRuns: {
            s1: { status: 'IN_PROGRESS', tries: 1, attempts: [{ n: 1, runId: 'cancel-stuck/s1/1', startedAt: daysAgo(2).toISOString(), leaseExpiresAt: expired }] },
            s2: { status: 'PENDING', tries: 0 },
          },
        }),
        marker: false,
      },
      { planId: 'cached-done', state: seedState('cached-done', 'DONE', daysAgo(2)), marker: true },
      { planId: 'unindexed', state: seedState('unindexed', 'DONE', daysAgo(2)), marker: false },
      { planId: 'healthy', state: seedState('healthy', 'DONE', daysAgo(1)), marker: true },
    ]);
    h.fake.data.addCache({ key: 'sequencer/cached-done/r0000000005-0a1b2c3d', sizeInBytes: 3 * 1024 * 1024 });
    h.fake.data.addCache({ key: 'unrelated-cache-key', sizeInBytes: 10 });
    h.fake.setWorkflowState(DEFAULT_WORKFLOW.id, 'disabled_inactivity');
  });
  afterAll(async () => h?.close());

  it('reports each problem with a severity and a hint, as annotations, summary and output; stale-days sets the threshold; writes nothing', async () => {
    const before = await allRefs(h);
    const run = await h.dispatch({ command: 'audit' }, { inputs: { 'stale-days': '25' } });
    expectOk(run);
    const findings = JSON.parse(run.outputs.report!) as Finding[];
    expect(findings.map((f) => [f.planId ?? '-', f.code, f.severity])).toEqual([
      ['-', 'workflow-disabled', 'error'],
      ['broken', 'invalid-state', 'error'],
      ['cancel-stuck', 'cancel-stuck', 'warning'],
      ['cancel-stuck', 'lease-expired', 'warning'],
      ['old-ask', 'stale-approval', 'warning'],
      ['stray', 'branch-without-state', 'warning'],
      ['stuck-block', 'stale-blocked', 'warning'],
      ['cached-done', 'finished-plan-caches', 'notice'],
      ['unindexed', 'not-indexed', 'notice'],
    ]);
    for (const f of findings) expect(f.hint, f.code).toMatch(/\w{3,}/);
    expect(run.stdout).toMatch(/^::error title=sequencer audit%3A invalid-state::ERROR invalid-state: broken: the state at branch sequencer\/broken fails validation/m);
    expect(run.stdout).toMatch(/^::warning title=sequencer audit%3A stale-blocked::WARNING stale-blocked: stuck-block: blocked for 28 days/m);
    expect(run.stdout).toMatch(/^::notice title=sequencer audit%3A finished-plan-caches::/m);
    expect(run.summary).toContain('| error | `workflow-disabled` |');
    expect(await allRefs(h)).toEqual(before);
    // The threshold of 25 days leaves the 20-day block out (the list above is exact; said here too).
    expect(findings.filter((f) => f.planId === 'recent-block')).toEqual([]);
  });
});

describe('maintenance', () => {
  let h: ActionHarness;
  let seeded: Record<string, string>;
  beforeAll(async () => {
    h = await ActionHarness.create();
    // A dispatch that starts a plan is its approval: only a writer can dispatch.
    h.fake.setPermission(h.actor, 'write');
    await seedPlans(h.origin, h.mainSha, [
      { planId: 'old-done', state: seedState('old-done', 'DONE', daysAgo(10)), marker: true, at: daysAgo(10) },
      { planId: 'old-cancelled', state: seedState('old-cancelled', 'CANCELLED', daysAgo(30)), marker: false, at: daysAgo(30) },
      { planId: 'young-done', state: seedState('young-done', 'DONE', daysAgo(2)), marker: true, at: daysAgo(2) },
      { planId: 'old-running', state: seedState('old-running', 'IN_PROGRESS', daysAgo(60)), marker: false, at: daysAgo(60) },
      { planId: 'old-blocked', state: seedState('old-blocked', 'BLOCKED', daysAgo(60)), marker: true, at: daysAgo(60) },
      { planId: 'fresh-blocked', state: seedState('fresh-blocked', 'BLOCKED', daysAgo(1)), marker: false, at: daysAgo(1) },
      {
        planId: 'cancel-stuck',
        state: seedState('cancel-stuck', 'IN_PROGRESS', daysAgo(2), {
          cancelRequested: { by: 'alice', at: daysAgo(1).toISOString() },
          stepRuns: {
            s1: { status: 'IN_PROGRESS', tries: 1, attempts: [{ n: 1, runId: 'cancel-stuck/s1/1', startedAt: daysAgo(2).toISOString(), leaseExpiresAt: daysAgo(1).toISOString() }] },
            s2: { status: 'PENDING', tries: 0 },
          },
        }),
        marker: false,
      },
    ]);
    h.fake.data.addCache({ key: 'sequencer/old-done/r0000000004-aaaa0001' });
    h.fake.data.addCache({ key: 'sequencer/old-done/r0000000005-aaaa0002' });
    h.fake.data.addCache({ key: 'sequencer/young-done/r0000000005-bbbb0001' });
    seeded = await allRefs(h);
  });
  afterAll(async () => h?.close());

  const planned = (run: ActionRun) => (JSON.parse(run.outputs.report!) as Array<{ kind: string; planId: string; result: string }>).map((a) => [a.kind, a.planId, a.result]);

  it('a dry run reports what it would do and changes nothing', async () => {
    const run = await h.dispatch({ command: 'maintenance' });
    expectOk(run);
    expect(planned(run)).toEqual([
      ['finalize-cancel', 'cancel-stuck', 'planned'],
      ['mark-idle', 'fresh-blocked', 'planned'],
      ['prune', 'old-cancelled', 'planned'],
      ['prune', 'old-done', 'planned'],
    ]);
    expect(run.stdout).toMatch(/old-done: would archive branch sequencer\/old-done \(DONE, last change 10 days ago\) and would delete 2 cache entries/);
    expect(await allRefs(h)).toEqual(seeded);
    expect(h.fake.data.caches).toHaveLength(3);
  });

  it('with apply it archives old finished plans with their caches, finishes the stuck cancel, and never touches an active plan', async () => {
    const run = await h.dispatch({ command: 'maintenance' }, { inputs: { apply: 'true' } });
    expectOk(run);
    expect(planned(run).map(([kind, id, result]) => `${kind} ${id} ${result}`)).toEqual([
      'finalize-cancel cancel-stuck done',
      'mark-idle fresh-blocked done',
      'prune old-cancelled done',
      'prune old-done done',
    ]);
    const refs = await allRefs(h);
    for (const id of ['old-done', 'old-cancelled']) {
      expect(refs[`refs/heads/sequencer/${id}`], id).toBeUndefined();
      expect(refs[`refs/sequencer/idle/${id}`], id).toBeUndefined();
      const tip = seeded[`refs/heads/sequencer/${id}`]!;
      expect(refs[`refs/sequencer/archive/${id}/${tip.slice(0, 12)}`], `${id} archived`).toBe(tip);
    }
    for (const id of ['young-done', 'old-running', 'old-blocked']) {
      expect(refs[`refs/heads/sequencer/${id}`], `${id} untouched`).toBe(seeded[`refs/heads/sequencer/${id}`]);
    }
    expect(refs['refs/sequencer/idle/fresh-blocked']).toBe(refs['refs/heads/sequencer/fresh-blocked']);
    expect(h.fake.data.caches.map((c) => c.key)).toEqual(['sequencer/young-done/r0000000005-bbbb0001']);

    const cancelled = (await h.remoteState('cancel-stuck'))!;
    expect(cancelled.status).toBe('CANCELLED');
    expect(cancelled.stepRuns.s1?.attempts?.map((a) => a.outcome)).toEqual(['interrupted']);
    expect((await readAgentCalls(h.agentLog)).filter((c) => c.planId === 'cancel-stuck')).toEqual([]);
    expect((await h.remoteState('old-running'))?.status).toBe('IN_PROGRESS');

    // The CANCELLED write moved its idle marker along, so a second run has nothing left to do
    // (the next test's run is that second run).
    expect(refs['refs/sequencer/idle/cancel-stuck']).toBe(refs['refs/heads/sequencer/cancel-stuck']);
  });

  it('a second apply has nothing left of the first to do; delete mode with a shorter age removes the record without an archive', async () => {
    // A shorter age only widens the prune, so anything the first apply left undone (the cancel,
    // an idle marker, a prune) would be listed here too: young-done's prune is all there is.
    const run = await h.dispatch({ command: 'maintenance' }, { inputs: { apply: 'true', 'prune-days': '1', 'prune-mode': 'delete' } });
    expectOk(run);
    expect(planned(run)).toEqual([['prune', 'young-done', 'done']]);
    const refs = await allRefs(h);
    expect(Object.keys(refs).filter((r) => r.includes('young-done'))).toEqual([]);
    expect(h.fake.data.caches).toEqual([]);
    expect(refs['refs/heads/sequencer/old-running']).toBe(seeded['refs/heads/sequencer/old-running']);
  });

  it('a bad prune-mode is refused with the input named', async () => {
    const run = await h.dispatch({ command: 'maintenance' }, { inputs: { 'prune-mode': 'shred' } });
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/::error::Invalid input 'prune-mode': "shred"\. Expected "archive" or "delete"\./);
  });
});
