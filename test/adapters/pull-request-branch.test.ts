// The pull request branch with real git: one commit per finished step on the base the work branch
// started from or last merged, and, when a replay is not safe, the work branch's own history plus
// one commit that leaves the state out.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GitRunner } from '../../src/adapters/git/git.js';
import { pushPullRequestBranch } from '../../src/adapters/git/pull-request-branch.js';
import { freshClone, g, isolateGitConfig, makeRemote } from '../e2e/git-remote.js';
import { makeTempDir, removeTempDirs } from '../e2e/helpers.js';

const ID = ['-c', 'user.name=A Person', '-c', 'user.email=person@example.com'];
const BRANCH = 'sequencer/p';
const STATE = '.sequencer/p/state.json';

let dir: string;
let restore: () => void;
beforeAll(async () => {
  dir = await makeTempDir('pr-branch-');
  restore = await isolateGitConfig(dir);
});
afterAll(async () => {
  restore();
  await removeTempDirs();
});

async function commit(clone: string, files: Record<string, string>, message: string): Promise<string> {
  for (const [rel, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(clone, rel)), { recursive: true });
    await writeFile(path.join(clone, rel), text);
  }
  await g(clone, 'add', '-A');
  await g(clone, ...ID, 'commit', '-q', '--allow-empty', '-m', message);
  return g(clone, 'rev-parse', 'HEAD');
}

/** A work branch as the sequencer writes it: checkpoints (state only), a failed attempt, completions. */
async function workBranch(name: string, between?: (clone: string) => Promise<void>) {
  const root = path.join(dir, name);
  const remote = await makeRemote(root);
  const clone = await freshClone(remote, path.join(root, 'clone'));
  const start = await g(clone, 'rev-parse', 'HEAD');
  await g(clone, 'checkout', '-q', '-b', BRANCH);
  await commit(clone, { [STATE]: '1' }, 'sequencer(p): plan stored for review');
  await commit(clone, { [STATE]: '2' }, 'sequencer(p): a attempt 1 started');
  await commit(clone, { [STATE]: '3' }, 'sequencer(p): a attempt 1 failed');
  await commit(clone, { [STATE]: '4' }, 'sequencer(p): a attempt 2 started');
  await commit(clone, { [STATE]: '5', 'out/a.md': 'a\n' }, 'sequencer(p): a attempt 2 succeeded');
  await between?.(clone);
  await commit(clone, { [STATE]: '6' }, 'sequencer(p): b attempt 1 started');
  await commit(clone, { [STATE]: '7', 'out/b.md': 'b\n' }, 'sequencer(p): b attempt 1 succeeded');
  await g(clone, 'push', '-q', 'origin', `HEAD:refs/heads/${BRANCH}`);
  const git = new GitRunner({ cwd: clone });
  const push = () => pushPullRequestBranch(git, { remote: 'origin', branch: BRANCH, prBranch: 'sequencer-pr/p', stateFolder: '.sequencer/p', planId: 'p', titles: { a: 'Write A', b: 'Write B' } });
  const subjects = async () => (await g(clone, 'log', '--format=%s', `${start}..refs/remotes/origin/sequencer-pr/p`)).split('\n').reverse();
  return { clone, start, push, subjects, remote };
}

describe('the pull request branch', () => {
  it('holds one commit per finished step on the base, with the outputs and without the state; a re-run builds the same commit', async () => {
    const w = await workBranch('plain');
    const pr = await w.push();
    await g(w.clone, 'fetch', '-q', 'origin');
    expect(await w.subjects()).toEqual(['Write A', 'Write B']);
    expect(await g(w.clone, 'rev-parse', `${pr}~2`)).toBe(w.start);
    expect((await g(w.clone, 'ls-tree', '-r', '--name-only', pr)).split('\n')).not.toContain(STATE);
    expect(await g(w.clone, 'diff', '--name-only', `${pr}~1`, pr)).toBe('out/b.md');
    expect(await w.push()).toBe(pr);
  });

  it('replays the steps on the base the work branch last merged: no merge commit', async () => {
    const w = await workBranch('merged', async (clone) => {
      await g(clone, 'checkout', '-q', 'main');
      const fix = await commit(clone, { 'fix.md': 'fixed\n' }, 'a fix on main');
      await g(clone, 'push', '-q', 'origin', 'main');
      await g(clone, 'checkout', '-q', BRANCH);
      await g(clone, ...ID, 'merge', '-q', '--no-ff', '-m', `sequencer(p): merge main into ${BRANCH}`, fix);
    });
    const pr = await w.push();
    await g(w.clone, 'fetch', '-q', 'origin');
    const main = await g(w.clone, 'rev-parse', 'refs/remotes/origin/main');
    expect(await g(w.clone, 'log', '--format=%s', `${main}..${pr}`)).toBe('Write B\nWrite A');
    expect(await g(w.clone, 'rev-parse', `${pr}~2`)).toBe(main);
    expect(await g(w.clone, 'rev-list', '--merges', `${main}..${pr}`)).toBe('');
  });

  it('keeps the work branch history (plus one commit leaving the state out) when it holds a commit the sequencer did not make', async () => {
    const w = await workBranch('by-hand', async (clone) => {
      await commit(clone, { 'notes.md': 'by hand\n' }, 'a person fixes something');
    });
    const pr = await w.push();
    expect(await g(w.clone, 'show', '-s', '--format=%s', pr)).toBe("Leave the sequencer's state out of the pull request");
    expect(await g(w.clone, 'rev-parse', `${pr}~1`)).toBe(await g(w.clone, 'rev-parse', `refs/remotes/origin/${BRANCH}`));
    expect(await g(w.clone, 'show', `${pr}:notes.md`)).toBe('by hand');
  });
});
