// The plan index on a real bare remote: the git store moves a plan's idle marker in the same
// atomic push as the state that makes it idle; a listing tells active from idle plans without
// fetching; pruning and marking never touch a branch that moved since it was listed.
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GitStore } from '../../src/adapters/git/git-store.js';
import { listActivePlans, listPlanRefs, markPlanIdle, markPlanWaiting, prunePlanRef, readPlanFacts } from '../../src/adapters/git/git-plans.js';
import { GitRunner } from '../../src/adapters/git/git.js';
import type { State } from '../../src/core/state/types.js';
import { state } from '../fakes/states.js';
import { git, isolateGitConfig } from '../e2e/git-remote.js';
import { withoutServerGc } from '../helpers/bare-remote.js';

let root: string;
let counter = 0;
let restoreGitConfig: () => void;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'git-plans-test-'));
  restoreGitConfig = await isolateGitConfig(root);
});

afterAll(async () => {
  restoreGitConfig();
  await rm(root, { recursive: true, force: true });
});

/** One runner per workspace, as the product keeps it: the guard the first store takes covers the rest. */
const runners = new Map<string, GitRunner>();
const gitOf = (ws: string): GitRunner => {
  let runner = runners.get(ws);
  if (!runner) runners.set(ws, (runner = new GitRunner({ cwd: ws })));
  return runner;
};

const g = async (cwd: string, ...args: string[]) => (await git(args, { cwd })).stdout.trim();
const refsOf = async (remote: string) =>
  Object.fromEntries(
    (await g(remote, 'for-each-ref', '--format=%(refname) %(objectname)'))
      .split('\n')
      .filter(Boolean)
      .map((l) => l.split(' ') as [string, string]),
  );

async function setup(): Promise<{ remote: string; ws: string }> {
  const dir = path.join(root, `case-${++counter}`);
  const remote = path.join(dir, 'remote.git');
  const ws = path.join(dir, 'ws');
  await mkdir(ws, { recursive: true });
  await g(dir, 'init', '-q', '--bare', '-b', 'main', remote);
  await withoutServerGc(remote);
  await g(ws, 'init', '-q', '-b', 'main');
  await g(ws, 'config', 'user.name', 'A Person');
  await g(ws, 'config', 'user.email', 'person@example.com');
  await writeFile(path.join(ws, 'README.md'), '# project\n');
  await g(ws, 'add', '-A');
  await g(ws, 'commit', '-q', '-m', 'seed');
  await g(ws, 'remote', 'add', 'origin', remote);
  await g(ws, 'push', '-q', 'origin', 'main');
  return { remote, ws };
}

/** Writes `s` as plan `planId` through the git store (one durable write). */
async function write(ws: string, planId: string, s: Partial<State>): Promise<void> {
  const store = new GitStore({ git: gitOf(ws), planId });
  await store.open();
  const loaded = await store.load();
  const base = loaded.kind === 'loaded' ? loaded.state : { ...state(['a']), planId };
  await store.write({ ...base, ...s, planId }, { kind: 'update', message: `status ${s.status ?? base.status}` });
  await g(ws, 'checkout', '-q', 'main');
}

describe('the idle index kept by the git store', () => {
  it('moves the marker with a write that leaves the plan idle, and leaves it behind otherwise', async () => {
    const { remote, ws } = await setup();
    await write(ws, 'p', { status: 'IN_PROGRESS' });
    expect((await refsOf(remote))['refs/sequencer/idle/p']).toBeUndefined();
    expect((await listActivePlans(gitOf(ws), 'origin')).map((r) => r.planId)).toEqual(['p']);

    await write(ws, 'p', { status: 'BLOCKED' });
    let refs = await refsOf(remote);
    expect(refs['refs/sequencer/idle/p']).toBe(refs['refs/heads/sequencer/p']);
    expect(await listActivePlans(gitOf(ws), 'origin')).toEqual([]);

    // A command makes it run again: the tip moves past the marker, so it is active.
    await write(ws, 'p', { status: 'IN_PROGRESS' });
    refs = await refsOf(remote);
    expect(refs['refs/sequencer/idle/p']).not.toBe(refs['refs/heads/sequencer/p']);
    expect((await listActivePlans(gitOf(ws), 'origin')).map((r) => r.planId)).toEqual(['p']);

    await write(ws, 'p', { status: 'DONE', currentStep: 1, stepRuns: { a: { status: 'DONE', tries: 1 } } });
    refs = await refsOf(remote);
    expect(refs['refs/sequencer/idle/p']).toBe(refs['refs/heads/sequencer/p']);
    // Markers are not branches.
    expect(
      Object.keys(refs)
        .filter((r) => r.startsWith('refs/heads/'))
        .sort(),
    ).toEqual(['refs/heads/main', 'refs/heads/sequencer/p']);
  });

  it('a custom branch layout keeps no marker (heartbeats do not list it)', async () => {
    const { remote, ws } = await setup();
    const store = new GitStore({ git: gitOf(ws), planId: 'c', branch: 'agents/c' });
    await store.open();
    await store.load();
    await store.write({ ...state(['a']), planId: 'c', status: 'DONE' }, { kind: 'update', message: 'done' });
    expect(Object.keys(await refsOf(remote)).filter((r) => r.startsWith('refs/sequencer/'))).toEqual([]);
  });

  it('marks a plan idle only if its marker is where the listing saw it', async () => {
    const { remote, ws } = await setup();
    await write(ws, 'q', { status: 'IN_PROGRESS' });
    const [ref] = await listPlanRefs(gitOf(ws), 'origin');
    expect(ref).toMatchObject({ planId: 'q', idleSha: null });
    expect(await markPlanIdle(gitOf(ws), 'origin', ref!)).toBe(true);
    expect((await refsOf(remote))['refs/sequencer/idle/q']).toBe(ref!.sha);
    // Stale listing (it said "no marker"): refused, the marker stays.
    await write(ws, 'q', { status: 'DONE' });
    const tip = (await refsOf(remote))['refs/heads/sequencer/q'];
    expect(await markPlanIdle(gitOf(ws), 'origin', { ...ref!, idleSha: null })).toBe(false);
    expect((await refsOf(remote))['refs/sequencer/idle/q']).toBe(tip);
  });
});

describe('wait markers', () => {
  it('a plan waiting at its tip is skipped until the delay ends; a new wait replaces the old marker', async () => {
    const { remote, ws } = await setup();
    await write(ws, 'w', { status: 'IN_PROGRESS' });
    const [ref] = await listPlanRefs(gitOf(ws), 'origin');
    const until = Date.now() + 30 * 60_000;
    expect(await markPlanWaiting(gitOf(ws), 'origin', ref!, until)).toBe(true);
    expect(await listActivePlans(gitOf(ws), 'origin')).toEqual([]);
    expect((await listActivePlans(gitOf(ws), 'origin', new Date(until + 1000))).map((r) => r.planId)).toEqual(['w']);

    // The next step runs (the tip moves): active again; its own wait replaces the old marker.
    await write(ws, 'w', { status: 'IN_PROGRESS', currentStep: 0 });
    expect((await listActivePlans(gitOf(ws), 'origin')).map((r) => r.planId)).toEqual(['w']);
    const [moved] = await listPlanRefs(gitOf(ws), 'origin');
    expect(await markPlanWaiting(gitOf(ws), 'origin', moved!, until + 60_000)).toBe(true);
    const waits = Object.keys(await refsOf(remote)).filter((r) => r.startsWith('refs/sequencer/wait/'));
    expect(waits).toEqual([`refs/sequencer/wait/w/${Math.ceil((until + 60_000) / 1000)}`]);

    // Pruning removes wait markers with the branch.
    const [last] = await listPlanRefs(gitOf(ws), 'origin');
    await readPlanFacts(gitOf(ws), 'origin', [last!], (id) => `.sequencer/${id}/state.json`);
    expect(await prunePlanRef(gitOf(ws), 'origin', last!, 'delete')).toBe('pruned');
    expect(Object.keys(await refsOf(remote)).filter((r) => r.includes('/w'))).toEqual([]);
  });
});

describe('readPlanFacts', () => {
  it('reads each listed state at its tip: valid, invalid, or missing', async () => {
    const { ws } = await setup();
    await write(ws, 'good', { status: 'DONE' });
    await write(ws, 'bad', { status: 'IN_PROGRESS' });
    // A person breaks the state by hand; another branch carries no state at all.
    await g(ws, 'checkout', '-q', 'sequencer/bad');
    await writeFile(path.join(ws, '.sequencer/bad/state.json'), '{"status": "NOPE"}\n');
    await g(ws, 'commit', '-q', '-am', 'break it');
    await g(ws, 'push', '-q', 'origin', 'HEAD:refs/heads/sequencer/bad');
    await g(ws, 'checkout', '-q', '-b', 'stray', 'main');
    await g(ws, 'push', '-q', 'origin', 'HEAD:refs/heads/sequencer/stray');
    await g(ws, 'checkout', '-q', 'main');

    const refs = await listPlanRefs(gitOf(ws), 'origin');
    const facts = await readPlanFacts(gitOf(ws), 'origin', refs, (id) => `.sequencer/${id}/state.json`);
    const byId = Object.fromEntries(facts.map((f) => [f.planId, f]));
    expect(byId.good).toMatchObject({ location: 'branch sequencer/good', doc: { kind: 'ok', state: { status: 'DONE', planId: 'good' } } });
    expect(byId.good!.tip).toEqual({ sha: refs.find((r) => r.planId === 'good')!.sha, idleSha: refs.find((r) => r.planId === 'good')!.sha });
    expect(Date.parse(byId.good!.updatedAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
    expect(byId.bad!.doc).toMatchObject({ kind: 'invalid' });
    expect((byId.bad!.doc as { error: string }).error).toMatch(/status/);
    expect(byId.stray!.doc).toEqual({ kind: 'missing' });
  });
});

describe('prunePlanRef', () => {
  it('archives: the tip is kept under refs/sequencer/archive, branch and marker go in one push', async () => {
    const { remote, ws } = await setup();
    await write(ws, 'old', { status: 'DONE' });
    await write(ws, 'keep', { status: 'IN_PROGRESS' });
    const [old] = (await listPlanRefs(gitOf(ws), 'origin')).filter((r) => r.planId === 'old');
    await readPlanFacts(gitOf(ws), 'origin', [old!], (id) => `.sequencer/${id}/state.json`);
    expect(await prunePlanRef(gitOf(ws), 'origin', old!, 'archive')).toBe('pruned');
    const refs = await refsOf(remote);
    expect(refs['refs/heads/sequencer/old']).toBeUndefined();
    expect(refs['refs/sequencer/idle/old']).toBeUndefined();
    expect(refs[`refs/sequencer/archive/old/${old!.sha.slice(0, 12)}`]).toBe(old!.sha);
    expect(refs['refs/heads/sequencer/keep']).toBeDefined();
    expect((await listPlanRefs(gitOf(ws), 'origin')).map((r) => r.planId)).toEqual(['keep']);
  });

  it('deletes without an archive, and leaves a branch that moved since the listing', async () => {
    const { remote, ws } = await setup();
    await write(ws, 'a', { status: 'DONE' });
    await write(ws, 'b', { status: 'CANCELLED' });
    const listed = await listPlanRefs(gitOf(ws), 'origin');
    // Plan b gets a new write (a command) after the listing.
    await write(ws, 'b', { status: 'IN_PROGRESS' });
    expect(
      await prunePlanRef(
        gitOf(ws),
        'origin',
        listed.find((r) => r.planId === 'a')!,
        'delete',
      ),
    ).toBe('pruned');
    expect(
      await prunePlanRef(
        gitOf(ws),
        'origin',
        listed.find((r) => r.planId === 'b')!,
        'delete',
      ),
    ).toBe('moved');
    const refs = await refsOf(remote);
    expect(
      Object.keys(refs)
        .filter((r) => r.includes('/a'))
        .sort(),
    ).toEqual([]);
    expect(refs['refs/heads/sequencer/b']).toBeDefined();
    expect(refs['refs/sequencer/idle/b']).toBeDefined();
  });
});
