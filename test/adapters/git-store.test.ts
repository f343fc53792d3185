// The git store against real git: a local bare remote, a seed commit on main, and fresh clones
// standing in for concurrent ticks and for a person pushing to the work branch.
import { access, lstat, mkdtemp, mkdir, readdir, readFile, rename, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GitStore, type GitStoreOptions } from '../../src/adapters/git/git-store.js';
import { GitRunner } from '../../src/adapters/git/git.js';
import { ConfigError, ConflictError, StateError } from '../../src/core/errors.js';
import type { State } from '../../src/core/state/types.js';
import { git, makeRemote as makeSeededRemote } from '../e2e/git-remote.js';
import { copyTree } from '../e2e/helpers.js';

let root: string;
const saved: Record<string, string | undefined> = {};
let counter = 0;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'git-store-test-'));
  // CI runners have no global identity: make sure nothing here relies on one.
  const emptyConfig = path.join(root, 'empty-gitconfig');
  await writeFile(emptyConfig, '');
  for (const [k, v] of Object.entries({ GIT_CONFIG_GLOBAL: emptyConfig, GIT_CONFIG_NOSYSTEM: '1' })) {
    saved[k] = process.env[k];
    process.env[k] = v;
  }
});

afterAll(async () => {
  for (const [k, v] of Object.entries(saved)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  await rm(root, { recursive: true, force: true });
});

/** One runner per workspace, as the product keeps it: the guard the first store takes covers the rest. */
const runners = new Map<string, GitRunner>();
const gitOf = (ws: string): GitRunner => {
  let runner = runners.get(ws);
  if (!runner) runners.set(ws, (runner = new GitRunner({ cwd: ws })));
  return runner;
};

async function g(cwd: string, ...args: string[]): Promise<string> {
  return (await git(args, { cwd })).stdout.trim();
}

const IDENTITY = ['-c', 'user.name=A Person', '-c', 'user.email=person@example.com'];
let template: Promise<string> | undefined;

/**
 * The seeded remote every case starts from, built by git once per file: a case gets a `cp -a`
 * of it (one process instead of nine), so each still owns a remote it may rename or push to.
 */
function templateRemote(): Promise<string> {
  template ??= makeSeededRemote(path.join(root, 'template'), { '.gitignore': '*.log\n' });
  return template;
}

/** A bare remote with one commit on main (README + a .gitignore for *.log); returns its path. */
async function makeRemote(): Promise<string> {
  const dir = path.join(root, `case-${++counter}`);
  const remote = path.join(dir, 'remote.git');
  await mkdir(dir, { recursive: true });
  await copyTree([await templateRemote()], remote);
  return remote;
}

async function clone(remote: string, name: string): Promise<string> {
  const dir = path.join(path.dirname(remote), name);
  // `clone -c` writes the identity into the new repository's config in the same process.
  await g(path.dirname(remote), 'clone', '-q', ...IDENTITY, remote, dir);
  return dir;
}

function newState(planId: string): State {
  return {
    version: 1,
    planId,
    revision: 0,
    status: 'IN_PROGRESS',
    plan: { title: 'Plan', steps: { 'step-1': { title: 'One', instruction: 'Do one' }, 'step-2': { title: 'Two', instruction: 'Do two' } } },
    stepQueue: ['step-1', 'step-2'],
    currentStep: 0,
    stepRuns: { 'step-1': { status: 'PENDING', tries: 0 }, 'step-2': { status: 'PENDING', tries: 0 } },
  };
}

async function openStore(workspace: string, planId: string, extra: Partial<GitStoreOptions> = {}): Promise<GitStore> {
  const store = new GitStore({ git: gitOf(workspace), planId, ...extra });
  await store.open();
  return store;
}

async function loadState(store: GitStore): Promise<State | null> {
  const res = await store.load();
  return res.kind === 'loaded' ? res.state : null;
}

const remoteTip = (remote: string, branch: string) => g(remote, 'rev-parse', `refs/heads/${branch}`);
const remoteState = async (remote: string, branch: string, planId: string) => JSON.parse(await g(remote, 'show', `refs/heads/${branch}:.sequencer/${planId}/state.json`)) as State;
const changedFiles = async (repo: string, rev: string) => (await g(repo, 'show', '--name-only', '--format=', rev)).split('\n').filter(Boolean).sort();
const exists = (p: string) =>
  access(p).then(
    () => true,
    () => false,
  );

describe('GitStore', () => {
  it('creates and pushes the work branch on the first write, then increments the revision', async () => {
    const remote = await makeRemote();
    const ws = await clone(remote, 'a');
    const store = await openStore(ws, 'issue-1');
    expect(store.description).toBe('git origin sequencer/issue-1');
    expect(await loadState(store)).toBeNull();
    expect(await g(remote, 'branch', '--list', 'sequencer/issue-1')).toBe('');

    const first = await store.write(newState('issue-1'), { kind: 'checkpoint', message: 'step-1 attempt 1 started' });
    expect(first.revision).toBe(1);
    expect((await remoteState(remote, 'sequencer/issue-1', 'issue-1')).revision).toBe(1);
    expect(await remoteTip(remote, 'sequencer/issue-1')).toBe(await g(ws, 'rev-parse', 'HEAD'));
    expect(await g(remote, 'log', '-1', '--format=%s|%an|%ae', 'sequencer/issue-1')).toBe(
      'sequencer(issue-1): step-1 attempt 1 started|agent-step-sequencer[bot]|agent-step-sequencer[bot]@users.noreply.github.com',
    );
    // main is untouched: the seed commit is the work branch's parent.
    expect(await g(remote, 'rev-parse', 'sequencer/issue-1~1')).toBe(await g(remote, 'rev-parse', 'main'));

    const second = await store.write({ ...first, currentStep: 1 }, { kind: 'update', message: 'advance' });
    expect(second.revision).toBe(2);
    const onRemote = await remoteState(remote, 'sequencer/issue-1', 'issue-1');
    expect(onRemote).toMatchObject({ revision: 2, currentStep: 1 });
    expect(await readFile(path.join(ws, '.sequencer/issue-1/state.json'), 'utf8')).toBe(`${JSON.stringify(second, null, 2)}\n`);
    expect(await g(remote, 'rev-list', '--count', 'main..sequencer/issue-1')).toBe('2');
  });

  it('commits only the state on a checkpoint, and the agent work (minus ignored and excluded files) on completion', async () => {
    const remote = await makeRemote();
    const ws = await clone(remote, 'a');
    const exclude = ['.sequencer/*/attempts/', 'scratch/'];
    const store = await openStore(ws, 'p', { exclude });
    await store.load();
    await mkdir(path.join(ws, 'out'), { recursive: true });
    await writeFile(path.join(ws, 'out/summary.md'), '## summary\n');
    await writeFile(path.join(ws, 'README.md'), '# project, edited by the agent\n');
    await writeFile(path.join(ws, 'staged.txt'), 'staged by the agent\n');
    await g(ws, 'add', 'staged.txt');
    const s1 = await store.write(newState('p'), { kind: 'checkpoint', message: 'checkpoint' });
    expect(await changedFiles(remote, 'sequencer/p')).toEqual(['.sequencer/p/state.json']);
    // Nothing of the agent's was swallowed or lost by the checkpoint.
    expect(await g(ws, 'diff', '--cached', '--name-only')).toBe('staged.txt');
    expect(await readFile(path.join(ws, 'README.md'), 'utf8')).toContain('edited by the agent');

    await writeFile(path.join(ws, 'agent.log'), 'ignored by .gitignore\n');
    await mkdir(path.join(ws, '.sequencer/p/attempts'), { recursive: true });
    await writeFile(path.join(ws, '.sequencer/p/attempts/step-1-1.txt'), 'attempt log\n');
    await mkdir(path.join(ws, 'scratch'), { recursive: true });
    await writeFile(path.join(ws, 'scratch/tmp.txt'), 'excluded\n');
    const s2 = await store.write({ ...s1, currentStep: 1 }, { kind: 'completion', message: 'step-1 attempt 1 succeeded' });
    expect(s2.revision).toBe(2);
    expect(await changedFiles(remote, 'sequencer/p')).toEqual(['.sequencer/p/state.json', 'README.md', 'out/summary.md', 'staged.txt']);
    expect(await g(ws, 'status', '--porcelain')).toBe('');
    // Excluded files stay on disk, uncommitted.
    expect(await exists(path.join(ws, 'scratch/tmp.txt'))).toBe(true);

    // The exclude patterns are written once however often the store is opened.
    await openStore(ws, 'p', { exclude });
    const excludeFile = await readFile(path.join(ws, '.git/info/exclude'), 'utf8');
    expect(excludeFile.split('\n').filter((l) => l === 'scratch/')).toHaveLength(1);
  });

  it('commits what the plan chose: the required outputs only, or everything but what the ignore patterns match', async () => {
    const remote = await makeRemote();
    const ws = await clone(remote, 'chosen');
    const store = await openStore(ws, 'p');
    await store.load();
    const write = async (files: Record<string, string>) => {
      for (const [rel, text] of Object.entries(files)) {
        await mkdir(path.dirname(path.join(ws, rel)), { recursive: true });
        await writeFile(path.join(ws, rel), text);
      }
    };
    const s1 = await store.write(newState('p'), { kind: 'checkpoint', message: 'checkpoint' });
    await write({ 'out/report.md': '# report\n', 'notes-to-self.txt': 'scratch\n', 'tmp/cache.bin': 'x' });
    const s2 = await store.write({ ...s1, currentStep: 1 }, { kind: 'completion', message: 'step-1 attempt 1 succeeded', select: { kind: 'outputs', paths: ['out/report.md'] } });
    expect(await changedFiles(remote, 'sequencer/p')).toEqual(['.sequencer/p/state.json', 'out/report.md']);
    // What was left out stays on disk, uncommitted.
    expect(await g(ws, 'status', '--porcelain', '--untracked-files=all')).toBe('?? notes-to-self.txt\n?? tmp/cache.bin');

    await write({ 'out/two.md': 'two\n', 'tmp/more.bin': 'y', 'debug.log.txt': 'z' });
    await store.write({ ...s2, currentStep: 2 }, { kind: 'completion', message: 'step-2 attempt 1 succeeded', select: { kind: 'ignore', patterns: ['tmp/**', '*.log.txt', 'notes-*'] } });
    expect(await changedFiles(remote, 'sequencer/p')).toEqual(['.sequencer/p/state.json', 'out/two.md']);
  });

  it("never commits what the agent wrote under the state folder: another plan's state, a file beside its own; says what it left out", async () => {
    const remote = await makeRemote();
    const ws = await clone(remote, 'planted');
    const logs: string[] = [];
    const store = await openStore(ws, 'issue-5', { log: (m: string) => logs.push(m) });
    await store.load();
    const s1 = await store.write(newState('issue-5'), { kind: 'checkpoint', message: 'checkpoint' });
    // The agent's work, and what it planted: a state for plan issue-79 (which a shared state
    // branch would hand to that plan's next tick), a file in its own plan's folder.
    await writeFile(path.join(ws, 'report.md'), '# report\n');
    await mkdir(path.join(ws, '.sequencer/issue-79'), { recursive: true });
    await writeFile(path.join(ws, '.sequencer/issue-79/state.json'), JSON.stringify(newState('issue-79')));
    await writeFile(path.join(ws, '.sequencer/issue-5/extra.json'), '{}');
    const s2 = await store.write({ ...s1, currentStep: 1 }, { kind: 'completion', message: 'step-1 attempt 1 succeeded' });
    expect(await changedFiles(remote, 'sequencer/issue-5')).toEqual(['.sequencer/issue-5/state.json', 'report.md']);
    expect(await remoteState(remote, 'sequencer/issue-5', 'issue-5')).toMatchObject({ revision: s2.revision, currentStep: 1 });
    expect(logs.join('\n')).toMatch(/Left out of the commit: 2 file\(s\) under \.sequencer\/.*"\.sequencer\/issue-5\/extra\.json".*"\.sequencer\/issue-79\/state\.json"/);
  });

  it("keeps the sequencer's records (an attempt's command log) with the state, in update and completion commits alike, never writing through a link the agent planted at their folder", async () => {
    const remote = await makeRemote();
    const ws = await clone(remote, 'records');
    const store = await openStore(ws, 'issue-6');
    await store.load();
    const s1 = await store.write(newState('issue-6'), { kind: 'checkpoint', message: 'checkpoint' });
    // A failed attempt: its command log rides with the state-only update.
    const s2 = await store.write({ ...s1 }, { kind: 'update', message: 'step-1 attempt 1 failed', records: [{ path: 'commands/step-1/attempt-1.jsonl', text: '{"decision":"deny"}\n' }] });
    expect(await changedFiles(remote, 'sequencer/issue-6')).toEqual(['.sequencer/issue-6/commands/step-1/attempt-1.jsonl', '.sequencer/issue-6/state.json']);
    // The next agent points the records folder elsewhere, and writes its own file there.
    const elsewhere = path.join(path.dirname(remote), 'records-elsewhere');
    await mkdir(elsewhere, { recursive: true });
    await rm(path.join(ws, '.sequencer/issue-6/commands'), { recursive: true });
    await symlink(elsewhere, path.join(ws, '.sequencer/issue-6/commands'));
    await writeFile(path.join(ws, 'report.md'), '# report\n');
    await store.write({ ...s2, currentStep: 1 }, { kind: 'completion', message: 'step-1 attempt 2 succeeded', records: [{ path: 'commands/step-1/attempt-2.jsonl', text: '{"decision":"allow"}\n' }] });
    expect(await readdir(elsewhere)).toEqual([]);
    expect(await changedFiles(remote, 'sequencer/issue-6')).toEqual(['.sequencer/issue-6/commands/step-1/attempt-2.jsonl', '.sequencer/issue-6/state.json', 'report.md']);
    expect(await g(remote, 'show', 'sequencer/issue-6:.sequencer/issue-6/commands/step-1/attempt-2.jsonl')).toBe('{"decision":"allow"}');
    // A record path that would leave the state's folder is refused.
    await expect(store.write({ ...s2, revision: 3 }, { kind: 'update', message: 'x', records: [{ path: '../../escape.txt', text: 'x' }] })).rejects.toThrow(StateError);
  });

  it('writes the state through no link the agent left at its temporary name', async () => {
    const remote = await makeRemote();
    const ws = await clone(remote, 'linked-tmp');
    const store = await openStore(ws, 'p');
    await store.load();
    const victim = path.join(path.dirname(remote), 'victim.txt');
    await writeFile(victim, 'victim\n');
    const file = path.join(ws, '.sequencer/p/state.json');
    await mkdir(path.dirname(file), { recursive: true });
    await symlink(victim, `${file}.${process.pid}.tmp`);
    const written = await store.write(newState('p'), { kind: 'checkpoint', message: 'checkpoint' });
    expect(await readFile(victim, 'utf8')).toBe('victim\n');
    expect((await lstat(file)).isFile()).toBe(true);
    expect(await readFile(file, 'utf8')).toBe(`${JSON.stringify(written, null, 2)}\n`);
  });

  it('writes the state into a real folder: a state folder the agent swapped for a link is replaced, the folder it pointed at stays as it was', async () => {
    const remote = await makeRemote();
    const ws = await clone(remote, 'linked-dir');
    const store = await openStore(ws, 'p');
    await store.load();
    const elsewhere = path.join(path.dirname(remote), 'elsewhere');
    await mkdir(elsewhere, { recursive: true });
    await mkdir(path.join(ws, '.sequencer'), { recursive: true });
    await symlink(elsewhere, path.join(ws, '.sequencer/p'));
    const written = await store.write(newState('p'), { kind: 'checkpoint', message: 'checkpoint' });
    expect(await readdir(elsewhere)).toEqual([]);
    expect((await lstat(path.join(ws, '.sequencer/p'))).isDirectory()).toBe(true);
    expect((await remoteState(remote, 'sequencer/p', 'p')).revision).toBe(written.revision);
  });

  it('writes the exclude patterns where git reads them in a linked worktree too (the common git directory)', async () => {
    const remote = await makeRemote();
    const main = await clone(remote, 'wt-main');
    const ws = path.join(path.dirname(remote), 'wt-ws');
    await g(main, 'worktree', 'add', '-q', ws);
    await openStore(ws, 'w', { exclude: ['scratch/'] });
    await mkdir(path.join(ws, 'scratch'), { recursive: true });
    await writeFile(path.join(ws, 'scratch/tmp.txt'), 'excluded\n');
    expect(await g(ws, 'check-ignore', 'scratch/tmp.txt')).toBe('scratch/tmp.txt');
    expect((await readFile(path.join(main, '.git/info/exclude'), 'utf8')).split('\n')).toContain('scratch/');
  });

  it('lets exactly one of two racing clones win; the loser gets ConflictError and the remote is not rewound', async () => {
    const remote = await makeRemote();
    const a = await clone(remote, 'a');
    const b = await clone(remote, 'b');
    const storeA = await openStore(a, 'race');
    const storeB = await openStore(b, 'race');
    await storeA.load();
    await storeB.load();
    await storeA.write(newState('race'), { kind: 'checkpoint', message: 'A starts step-1' });
    const winner = await remoteTip(remote, 'sequencer/race');

    await writeFile(path.join(b, 'b-output.md'), 'B work\n');
    await expect(storeB.write(newState('race'), { kind: 'completion', message: 'B' })).rejects.toThrow(ConflictError);
    await expect(storeB.write(newState('race'), { kind: 'completion', message: 'B' })).rejects.toThrow(/before a successful load/);
    expect(await remoteTip(remote, 'sequencer/race')).toBe(winner);
    expect(await g(b, 'rev-parse', 'HEAD')).toBe(winner);
    expect(await g(b, 'symbolic-ref', '--short', 'HEAD')).toBe('sequencer/race');

    // Second round with existing state: both based on revision 1.
    const sA = (await loadState(storeA))!;
    const sB = (await loadState(storeB))!;
    expect(sB.revision).toBe(1);
    await storeB.write(sB, { kind: 'update', message: 'B updates' });
    await expect(storeA.write(sA, { kind: 'update', message: 'A updates' })).rejects.toThrow(/another tick wrote revision 2/i);
    expect((await remoteState(remote, 'sequencer/race', 'race')).revision).toBe(2);
    expect(await g(a, 'rev-parse', 'HEAD')).toBe(await remoteTip(remote, 'sequencer/race'));
    expect(await g(remote, 'log', '--format=%s', 'sequencer/race')).toContain('sequencer(race): B updates');
  });

  it('rebases over a non-state commit a person pushed to the work branch', async () => {
    const remote = await makeRemote();
    const ws = await clone(remote, 'a');
    const store = await openStore(ws, 'rb');
    await store.load();
    const s1 = await store.write(newState('rb'), { kind: 'checkpoint', message: 'one' });

    const person = await clone(remote, 'person');
    await g(person, 'checkout', '-q', 'sequencer/rb');
    await writeFile(path.join(person, 'notes.md'), 'a note\n');
    await g(person, 'add', 'notes.md');
    await g(person, 'commit', '-q', '-m', 'person adds notes');
    await g(person, 'push', '-q', 'origin', 'sequencer/rb');
    const personCommit = await g(person, 'rev-parse', 'HEAD');

    await writeFile(path.join(ws, 'dirty.txt'), 'uncommitted agent work\n');
    const s2 = await store.write(s1, { kind: 'update', message: 'two' });
    expect(s2.revision).toBe(2);
    expect(await g(remote, 'rev-parse', 'sequencer/rb~1')).toBe(personCommit);
    expect(await g(remote, 'show', 'sequencer/rb:notes.md')).toBe('a note');
    expect((await remoteState(remote, 'sequencer/rb', 'rb')).revision).toBe(2);
    expect(await g(ws, 'rev-parse', 'HEAD')).toBe(await remoteTip(remote, 'sequencer/rb'));
    expect(await readFile(path.join(ws, 'dirty.txt'), 'utf8')).toBe('uncommitted agent work\n');
  });

  it('fails a write to an unreachable remote without claiming anything, and recovers once it is back', async () => {
    const remote = await makeRemote();
    const ws = await clone(remote, 'a');
    const store = await openStore(ws, 'down');
    await store.load();
    const s1 = await store.write(newState('down'), { kind: 'checkpoint', message: 'one' });
    const before = await g(ws, 'rev-parse', 'HEAD');

    // Gone from where the repository's config (kept since the tick started) says it is.
    await rename(remote, `${remote}.away`);
    await writeFile(path.join(ws, 'result.md'), 'agent output\n');
    const err = await store.write(s1, { kind: 'completion', message: 'two' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect(err).not.toBeInstanceOf(ConflictError);
    expect((err as Error).message).toMatch(/did not become durable.*origin sequencer\/down/s);
    expect((err as Error).message).toContain(remote);
    expect(await g(ws, 'rev-parse', 'HEAD')).toBe(before);
    const onDisk = JSON.parse(await readFile(path.join(ws, '.sequencer/down/state.json'), 'utf8')) as State;
    expect(onDisk.revision).toBe(1);
    expect(await readFile(path.join(ws, 'result.md'), 'utf8')).toBe('agent output\n');

    await rename(`${remote}.away`, remote);
    expect(await remoteTip(remote, 'sequencer/down')).toBe(before);
    const s2 = await store.write(s1, { kind: 'completion', message: 'two' });
    expect(s2.revision).toBe(2);
    expect(await changedFiles(remote, 'sequencer/down')).toEqual(['.sequencer/down/state.json', 'result.md']);
  });

  it('refuses to write over an unreadable state on the remote branch', async () => {
    const remote = await makeRemote();
    const person = await clone(remote, 'person');
    await g(person, 'checkout', '-q', '-b', 'sequencer/bad');
    await mkdir(path.join(person, '.sequencer/bad'), { recursive: true });
    await writeFile(path.join(person, '.sequencer/bad/state.json'), '{"revision": 3, "plan": ');
    await g(person, 'add', '-A');
    await g(person, 'commit', '-q', '-m', 'broken state');
    await g(person, 'push', '-q', 'origin', 'sequencer/bad');
    const tip = await remoteTip(remote, 'sequencer/bad');

    const ws = await clone(remote, 'a');
    const store = await openStore(ws, 'bad');
    const err = await store.load().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StateError);
    expect((err as Error).message).toMatch(/\.sequencer\/bad\/state\.json on branch sequencer\/bad/);
    await expect(store.write(newState('bad'), { kind: 'update', message: 'x' })).rejects.toThrow(/Refusing to write/);
    expect(await remoteTip(remote, 'sequencer/bad')).toBe(tip);
    expect(await readFile(path.join(ws, '.sequencer/bad/state.json'), 'utf8')).toBe('{"revision": 3, "plan": ');
  });

  it('switches a fresh clone on main to the work branch; a tick without a write makes no commit', async () => {
    const remote = await makeRemote();
    const a = await clone(remote, 'a');
    const storeA = await openStore(a, 'sw');
    await storeA.load();
    await storeA.write(newState('sw'), { kind: 'checkpoint', message: 'one' });
    const tip = await remoteTip(remote, 'sequencer/sw');

    const c = await clone(remote, 'c');
    await writeFile(path.join(c, 'untracked.txt'), 'kept\n');
    expect(await g(c, 'symbolic-ref', '--short', 'HEAD')).toBe('main');
    const storeC = await openStore(c, 'sw');
    expect(await g(c, 'symbolic-ref', '--short', 'HEAD')).toBe('sequencer/sw');
    expect(await g(c, 'rev-parse', 'HEAD')).toBe(tip);
    expect((await loadState(storeC))?.revision).toBe(1);
    await storeC.release();
    expect(await remoteTip(remote, 'sequencer/sw')).toBe(tip);
    expect(await g(c, 'rev-parse', 'HEAD')).toBe(tip);
    expect(await readFile(path.join(c, 'untracked.txt'), 'utf8')).toBe('kept\n');
    expect(await g(remote, 'rev-list', '--count', 'main..sequencer/sw')).toBe('1');
  });

  it('refuses to switch when uncommitted changes to tracked files would be lost', async () => {
    const remote = await makeRemote();
    const a = await clone(remote, 'a');
    const storeA = await openStore(a, 'dirty');
    await storeA.load();
    await writeFile(path.join(a, 'README.md'), '# changed on the work branch\n');
    await storeA.write(newState('dirty'), { kind: 'completion', message: 'one' });

    const c = await clone(remote, 'c');
    await writeFile(path.join(c, 'README.md'), '# local edit\n');
    const err = await new GitStore({ git: gitOf(c), planId: 'dirty' }).open().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as Error).message).toMatch(/README\.md/);
    expect(await g(c, 'symbolic-ref', '--short', 'HEAD')).toBe('main');
    expect(await readFile(path.join(c, 'README.md'), 'utf8')).toBe('# local edit\n');
  });

  it('never writes through a symlink planted at the name of a temporary file (the agent knows our pid)', async () => {
    const remote = await makeRemote();
    const ws = await clone(remote, 'a');
    const store = await openStore(ws, 'planted');
    await store.load();
    const victim = path.join(path.dirname(remote), 'victim.txt');
    await writeFile(victim, 'not yours\n');
    const stateFile = path.join(ws, '.sequencer/planted/state.json');
    await mkdir(path.dirname(stateFile), { recursive: true });
    // The temporary name the store once used beside the state file.
    await symlink(victim, `${stateFile}.${process.pid}.tmp`);
    const written = await store.write(newState('planted'), { kind: 'checkpoint', message: 'one' });
    expect(await readFile(victim, 'utf8')).toBe('not yours\n');
    expect((await lstat(stateFile)).isFile()).toBe(true);
    expect((await remoteState(remote, 'sequencer/planted', 'planted')).revision).toBe(written.revision);
  });

  it('refuses a stale revision and bad options before touching git', async () => {
    const remote = await makeRemote();
    const ws = await clone(remote, 'a');
    const store = await openStore(ws, 'stale');
    await store.load();
    const s1 = await store.write(newState('stale'), { kind: 'checkpoint', message: 'one' });
    const tip = await remoteTip(remote, 'sequencer/stale');
    await expect(store.write({ ...s1, revision: 0 }, { kind: 'update', message: 'old' })).rejects.toThrow(ConflictError);
    expect(await remoteTip(remote, 'sequencer/stale')).toBe(tip);
    expect(await g(ws, 'rev-parse', 'HEAD')).toBe(tip);

    expect(() => new GitStore({ git: gitOf(ws), planId: 'x', statePath: '../outside.json' })).toThrow(/statePath/);
    expect(() => new GitStore({ git: gitOf(ws), planId: 'x', statePath: '.git/config' })).toThrow(ConfigError);
    expect(() => new GitStore({ git: gitOf(ws), planId: 'x', branch: '--force' })).toThrow(/branch/);
    expect(() => new GitStore({ git: gitOf(ws), planId: 'x', remote: '-u' })).toThrow(/remote/);
  });

  it('is fast enough for a step: checkpoint plus completion against a local remote', async () => {
    const remote = await makeRemote();
    const ws = await clone(remote, 'a');
    const store = await openStore(ws, 'perf');
    await store.load();
    let state = await store.write(newState('perf'), { kind: 'update', message: 'start' });
    // An average over a few steps: the revision count, not the timing, is what is asserted.
    const steps = 3;
    const t0 = performance.now();
    for (let i = 0; i < steps; i++) {
      state = await store.write(state, { kind: 'checkpoint', message: `step ${i} started` });
      await writeFile(path.join(ws, `out-${i}.md`), `output ${i}\n`);
      state = await store.write(state, { kind: 'completion', message: `step ${i} done` });
    }
    const perStep = (performance.now() - t0) / steps;
    console.log(`git store: ${perStep.toFixed(1)} ms per step (checkpoint + completion, local bare remote)`);
    expect(state.revision).toBe(1 + 2 * steps);
    expect((await remoteState(remote, 'sequencer/perf', 'perf')).revision).toBe(1 + 2 * steps);
  });
});
