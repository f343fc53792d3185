// Merging the base branch into the work branch with real git: a bare remote, a person's clone
// that commits to main and to the work branch, and a shallow checkout of main (as
// actions/checkout makes) standing in for the runner.
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GitBaseSync } from '../../src/adapters/git/base-sync.js';
import { GitRunner } from '../../src/adapters/git/git.js';
import { freshClone, g, isolateGitConfig, makeRemote } from '../e2e/git-remote.js';
import { makeTempDir, removeTempDirs } from '../e2e/helpers.js';

const ID = ['-c', 'user.name=A Person', '-c', 'user.email=person@example.com'];
const BRANCH = 'sequencer/p';
const STATE = '.sequencer/p/state.json';

let dir: string;
let restore: () => void;
beforeAll(async () => {
  dir = await makeTempDir('base-sync-');
  restore = await isolateGitConfig(dir);
});
afterAll(async () => {
  restore();
  await removeTempDirs();
});

async function commitFiles(clone: string, files: Record<string, string>, message: string, push: string): Promise<string> {
  for (const [rel, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(clone, rel)), { recursive: true });
    await writeFile(path.join(clone, rel), text);
  }
  await g(clone, 'add', '-A');
  await g(clone, ...ID, 'commit', '-q', '-m', message);
  await g(clone, 'push', '-q', 'origin', `HEAD:refs/heads/${push}`);
  return g(clone, 'rev-parse', 'HEAD');
}

/**
 * A remote whose work branch was copied from main and holds the plan's state; main then moves
 * on with `mainFiles`. The runner's checkout is a depth-1 clone of main switched to the work branch.
 */
async function setup(name: string, mainFiles: Record<string, string>, branchFiles: Record<string, string> = {}) {
  const root = path.join(dir, name);
  const remote = await makeRemote(root);
  const person = await freshClone(remote, path.join(root, 'person'));
  await g(person, 'checkout', '-q', '-b', BRANCH);
  await commitFiles(person, { [STATE]: '{"revision":1}\n', ...branchFiles }, 'sequencer(p): state', BRANCH);
  await g(person, 'checkout', '-q', 'main');
  if (Object.keys(mainFiles).length) await commitFiles(person, mainFiles, 'main moves on', 'main');
  const ws = path.join(root, 'ws');
  await g(root, 'clone', '-q', '--depth=1', '--no-tags', ...ID, `file://${remote}`, ws);
  await g(ws, 'fetch', '-q', '--no-tags', 'origin', `+refs/heads/${BRANCH}:refs/remotes/origin/${BRANCH}`);
  await g(ws, 'checkout', '-q', '--no-track', '-B', BRANCH, `refs/remotes/origin/${BRANCH}`);
  const sync = new GitBaseSync({ git: new GitRunner({ cwd: ws }), remote: 'origin', branch: BRANCH, base: 'main', protect: '.sequencer/p', planId: 'p', deepen: [1] });
  return { remote, person, ws, sync };
}

describe('GitBaseSync', () => {
  it('deepens a shallow checkout, merges the base, pushes the merge commit alone, and then finds the branch up to date', async () => {
    const { remote, ws, sync } = await setup('clean', {
      'fix.txt': 'fixed\n',
      // A base branch that carries files in the plan's state folder never changes the plan's record.
      [STATE]: '{"revision":99}\n',
      '.sequencer/p/extra.txt': 'from main\n',
      'more.txt': 'more\n',
    });
    expect(await g(ws, 'rev-parse', '--is-shallow-repository')).toBe('true');
    const before = await g(remote, 'rev-parse', `refs/heads/${BRANCH}`);
    const mainTip = await g(remote, 'rev-parse', 'refs/heads/main');

    const result = await sync.sync();
    expect(result).toMatchObject({ kind: 'merged', base: 'main' });
    const tip = await g(remote, 'rev-parse', `refs/heads/${BRANCH}`);
    expect(tip).toBe((result as { commit: string }).commit);
    // One merge commit on top of what was there, with both tips as parents.
    expect((await g(remote, 'rev-list', '--parents', '-n', '1', tip)).split(' ').slice(1)).toEqual([before, mainTip]);
    expect(await g(remote, 'log', '-1', '--format=%s', tip)).toBe('sequencer(p): merge main into sequencer/p');
    expect(await g(remote, 'show', `${tip}:fix.txt`)).toBe('fixed');
    expect(await g(remote, 'show', `${tip}:${STATE}`)).toBe('{"revision":1}');
    expect(await g(remote, 'ls-tree', '--name-only', tip, '.sequencer/p/')).toBe(STATE);
    expect(await readFile(path.join(ws, STATE), 'utf8')).toBe('{"revision":1}\n');
    expect(existsSync(path.join(ws, '.sequencer/p/extra.txt'))).toBe(false);
    expect(await g(ws, 'status', '--porcelain')).toBe('');

    // Nothing new on main: no commit, no push.
    expect(await sync.sync()).toEqual({ kind: 'up-to-date', base: 'main' });
    expect(await g(remote, 'rev-parse', `refs/heads/${BRANCH}`)).toBe(tip);
    expect(await g(ws, 'rev-parse', 'HEAD')).toBe(tip);

    // A base branch the remote lacks is unavailable, not a conflict; without a name, the remote's HEAD names it.
    const trunk = new GitBaseSync({ git: new GitRunner({ cwd: ws }), remote: 'origin', branch: BRANCH, base: 'trunk', protect: '.sequencer/p', planId: 'p' });
    expect(await trunk.sync()).toEqual({ kind: 'unavailable', base: 'trunk', reason: 'the remote origin has no branch trunk' });
    const byHead = new GitBaseSync({ git: new GitRunner({ cwd: ws }), remote: 'origin', branch: BRANCH, base: null, protect: '.sequencer/p', planId: 'p' });
    expect(await byHead.sync()).toEqual({ kind: 'up-to-date', base: 'main' });
  });

  it('aborts a conflicting merge: the files are named, the branch, index and work tree are as they were', async () => {
    const { remote, ws, sync } = await setup('conflict', { 'README.md': '# from main\n', 'clean.txt': 'ok\n' }, { 'README.md': '# from the work branch\n', 'notes/a b.md': 'mine\n' });
    const before = await g(ws, 'rev-parse', 'HEAD');
    const remoteBefore = await g(remote, 'rev-parse', `refs/heads/${BRANCH}`);

    const result = await sync.sync();
    expect(result).toMatchObject({ kind: 'conflict', base: 'main', files: ['README.md'], baseCommit: await g(remote, 'rev-parse', 'refs/heads/main') });
    expect(await g(ws, 'rev-parse', 'HEAD')).toBe(before);
    expect(await g(ws, 'status', '--porcelain', '--untracked-files=all')).toBe('');
    expect(await g(ws, 'rev-parse', '-q', '--verify', 'MERGE_HEAD').catch(() => '')).toBe('');
    expect(await readFile(path.join(ws, 'README.md'), 'utf8')).toBe('# from the work branch\n');
    expect(existsSync(path.join(ws, 'clean.txt'))).toBe(false);
    expect(await g(remote, 'rev-parse', `refs/heads/${BRANCH}`)).toBe(remoteBefore);

    // Local changes to tracked files are never merged over: left alone, and said so.
    await writeFile(path.join(ws, 'notes/a b.md'), 'uncommitted\n');
    expect(await sync.sync()).toMatchObject({ kind: 'unavailable', reason: expect.stringContaining('uncommitted changes') });
    expect(await readFile(path.join(ws, 'notes/a b.md'), 'utf8')).toBe('uncommitted\n');
    expect(await g(remote, 'rev-parse', `refs/heads/${BRANCH}`)).toBe(remoteBefore);
  });

  it("gives up on a remote it cannot reach, quoting git's message on one line", async () => {
    const { ws } = await setup('unreachable', {});
    const missing = path.join(dir, 'unreachable', 'no-such-remote');
    await g(ws, 'remote', 'add', 'nowhere', missing);
    const sync = new GitBaseSync({ git: new GitRunner({ cwd: ws }), remote: 'nowhere', branch: BRANCH, base: 'main', protect: '.sequencer/p', planId: 'p' });
    expect(await sync.sync()).toEqual({
      kind: 'unavailable',
      base: 'main',
      reason: `cannot reach the remote nowhere: fatal: '${missing}' does not appear to be a git repository / fatal: Could not read from remote repository. / Please make sure you have the correct access rights / and the repository exists.`,
    });
  });
});
