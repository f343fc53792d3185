// The agent's changes crossing from the agent job to the apply job, with real git: packed as one
// commit on the checkpoint whatever the agent did to its repository's index and HEAD, read back
// with every object checked, listed with modes, sizes and link targets, and written back path by
// path. A bundle that does not build on the checkpoint as one commit is refused, saying why.
import { mkdir, readFile, rm, symlink, writeFile, lstat, readlink } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchAttemptChanges, listAttemptChanges, packAttemptChanges, RESULT_REF, writeAttemptChanges } from '../../src/adapters/git/attempt-changes.js';
import { confineChanges, DEFAULT_CONFINEMENT } from '../../src/core/isolation/change-confinement.js';
import { execFileSync } from 'node:child_process';
import { GitRunner } from '../../src/adapters/git/git.js';
import { freshClone, g, isolateGitConfig, makeRemote } from '../e2e/git-remote.js';
import { makeTempDir, removeTempDirs } from '../e2e/helpers.js';

let root: string;
let remote: string;
let restore = () => {};
let cases = 0;

beforeAll(async () => {
  root = await makeTempDir('attempt-changes-');
  restore = await isolateGitConfig(root);
  remote = await makeRemote(path.join(root, 'origin'), { 'keep.md': 'keep\n', 'gone.md': 'bye\n' });
  // The checkpoint holds the plan's state, as on a work branch.
  const seed = await freshClone(remote, path.join(root, 'state-seed'));
  await mkdir(path.join(seed, '.sequencer', 'p'), { recursive: true });
  await writeFile(path.join(seed, '.sequencer', 'p', 'state.json'), '{}\n');
  await g(seed, 'add', '.sequencer');
  await g(seed, 'commit', '-q', '-m', 'state');
  await g(seed, 'push', '-q', 'origin', 'main');
});
afterAll(async () => {
  restore();
  await removeTempDirs();
});

/** The agent job's checkout and the apply job's, both at main's tip. */
async function twoJobs(): Promise<{ agent: string; apply: string; base: string }> {
  const n = ++cases;
  const agent = await freshClone(remote, path.join(root, `agent-${n}`));
  const apply = await freshClone(remote, path.join(root, `apply-${n}`));
  return { agent, apply, base: await g(agent, 'rev-parse', 'HEAD') };
}

const runner = (ws: string) => new GitRunner({ cwd: ws });
const pack = (ws: string, base: string, out: string) => packAttemptChanges({ git: runner(ws), base, exclude: ['.sequencer'], out, message: 'attempt' });

describe('packing and applying an attempt', () => {
  it('carries the work tree as one commit on the checkpoint, lists it, and writes back only what confinement accepts', async () => {
    const { agent, apply, base } = await twoJobs();
    await mkdir(path.join(agent, 'out'), { recursive: true });
    await writeFile(path.join(agent, 'out', 'report.md'), '# report\n');
    await writeFile(path.join(agent, 'keep.md'), 'changed\n');
    await rm(path.join(agent, 'gone.md'));
    await mkdir(path.join(agent, '.github', 'workflows'), { recursive: true });
    await writeFile(path.join(agent, '.github', 'workflows', 'x.yml'), 'on: push\n');
    await symlink('/etc/passwd', path.join(agent, 'passwd'));
    await symlink('report.md', path.join(agent, 'out', 'latest.md'));
    await writeFile(path.join(agent, '.sequencer', 'p', 'state.json'), '{"forged":true}\n');
    // The agent commits part of it itself and stages a forged state: neither changes what is packed.
    await g(agent, 'add', 'keep.md');
    await g(agent, 'commit', '-q', '-m', 'agent commit');
    await g(agent, 'add', '-f', '.sequencer/p/state.json');

    const bundle = path.join(root, `b-${cases}.bundle`);
    const packed = await pack(agent, base, bundle);
    expect(packed).not.toBeNull();
    expect(await g(agent, 'rev-parse', RESULT_REF)).toBe(packed!.tip);

    const fetched = await fetchAttemptChanges(runner(apply), bundle, base);
    expect(fetched).toEqual({ ok: true, base, tip: packed!.tip });
    if (!fetched.ok) return;
    const changes = await listAttemptChanges(runner(apply), base, fetched.tip);
    expect(changes.map((c) => `${c.status} ${c.mode} ${c.path}${c.linkTarget ? ` -> ${c.linkTarget}` : ''}`).sort()).toEqual([
      'A 100644 .github/workflows/x.yml',
      'A 100644 out/report.md',
      'A 120000 out/latest.md -> report.md',
      'A 120000 passwd -> /etc/passwd',
      'D 000000 gone.md',
      'M 100644 keep.md',
    ]);
    expect(changes.find((c) => c.path === 'out/report.md')?.size).toBe('# report\n'.length);

    const { accepted, refused } = confineChanges(changes, DEFAULT_CONFINEMENT);
    expect(refused.map((r) => r.path).sort()).toEqual(['.github/workflows/x.yml', 'passwd']);
    await writeAttemptChanges(runner(apply), fetched.tip, accepted);
    expect(await readFile(path.join(apply, 'out', 'report.md'), 'utf8')).toBe('# report\n');
    expect(await readFile(path.join(apply, 'keep.md'), 'utf8')).toBe('changed\n');
    expect(await readlink(path.join(apply, 'out', 'latest.md'))).toBe('report.md');
    await expect(lstat(path.join(apply, 'gone.md'))).rejects.toThrow(/ENOENT/);
    await expect(lstat(path.join(apply, 'passwd'))).rejects.toThrow(/ENOENT/);
    await expect(lstat(path.join(apply, '.github'))).rejects.toThrow(/ENOENT/);
    expect(await readFile(path.join(apply, '.sequencer', 'p', 'state.json'), 'utf8')).toBe('{}\n');
  });

  it('gives each changed file its size, over several listings and whatever its name looks like to git', async () => {
    const { agent, apply, base } = await twoJobs();
    // More paths than one listing takes, names that glob, pathspec magic, an option and a newline
    // would bend if git read them as patterns; and an unchanged file, whose size is not needed.
    const odd = ['d*/x', ':(top)f', '--', '-l', 'sub/we ird\nname', '[ab].md'];
    const many = Array.from({ length: 450 }, (_, i) => `many/f${i}.txt`);
    const files = new Map<string, string>([...odd, ...many].map((p, i) => [p, 'x'.repeat(i + 1)]));
    for (const [file, text] of files) {
      await mkdir(path.dirname(path.join(agent, file)), { recursive: true });
      await writeFile(path.join(agent, file), text);
    }
    const bundle = path.join(root, `b-${cases}.bundle`);
    const packed = await pack(agent, base, bundle);
    expect(packed).not.toBeNull();
    const fetched = await fetchAttemptChanges(runner(apply), bundle, base);
    if (!fetched.ok) throw new Error(fetched.reason);
    const changes = await listAttemptChanges(runner(apply), base, fetched.tip);
    expect(changes).toHaveLength(files.size);
    for (const c of changes) expect(c.size, c.path).toBe(files.get(c.path)?.length);
  });

  it('packs nothing when the work tree holds no change', async () => {
    const { agent, base } = await twoJobs();
    await writeFile(path.join(agent, '.sequencer', 'p', 'state.json'), '{"only":"state"}\n');
    expect(await pack(agent, base, path.join(root, 'none.bundle'))).toBeNull();
  });

  it('refuses a bundle of two commits, one on another base, and one that is no bundle', async () => {
    const { agent, apply, base } = await twoJobs();
    await writeFile(path.join(agent, 'a.md'), 'a\n');
    await g(agent, 'add', 'a.md');
    await g(agent, 'commit', '-q', '-m', 'one');
    await writeFile(path.join(agent, 'b.md'), 'b\n');
    await g(agent, 'add', 'b.md');
    await g(agent, 'commit', '-q', '-m', 'two');
    await g(agent, 'update-ref', RESULT_REF, 'HEAD');
    const twoCommits = path.join(root, 'two.bundle');
    await g(agent, 'bundle', 'create', '-q', twoCommits, RESULT_REF, `^${base}`);
    expect(await fetchAttemptChanges(runner(apply), twoCommits, base)).toEqual({ ok: false, reason: expect.stringMatching(/must have the checkpoint .* as its only parent/) });

    const otherBase = path.join(root, 'other.bundle');
    await g(agent, 'update-ref', RESULT_REF, 'HEAD');
    await g(agent, 'bundle', 'create', '-q', otherBase, RESULT_REF, '^HEAD~1');
    expect(await fetchAttemptChanges(runner(apply), otherBase, base)).toEqual({ ok: false, reason: expect.stringMatching(/builds on [0-9a-f]{40}, not on the checkpoint commit/) });
    // Its base arrived with the refused bundle above, but it is not on the work branch.
    expect(await fetchAttemptChanges(runner(apply), otherBase)).toEqual({ ok: false, reason: expect.stringMatching(/which is not on the work branch/) });

    const junk = path.join(root, 'junk.bundle');
    await writeFile(junk, 'PK\u0003\u0004 not a bundle\n\n');
    expect(await fetchAttemptChanges(runner(apply), junk, base)).toEqual({ ok: false, reason: expect.stringMatching(/^not a git bundle/) });
  });

  it('lists a forged .git entry as a path, which confinement refuses', async () => {
    const { agent, apply, base } = await twoJobs();
    const blob = execFileSync('git', ['hash-object', '-w', '--stdin'], { cwd: agent, input: 'x\n', encoding: 'utf8' }).trim();
    const tree = execFileSync('git', ['mktree'], { cwd: agent, input: `100644 blob ${blob}\t.git\n`, encoding: 'utf8' }).trim();
    const tip = await g(agent, '-c', 'user.name=a', '-c', 'user.email=b', 'commit-tree', tree, '-p', base, '-m', 'forged');
    await g(agent, 'update-ref', RESULT_REF, tip);
    const forged = path.join(root, 'forged.bundle');
    await g(agent, 'bundle', 'create', '-q', forged, RESULT_REF, `^${base}`);
    const fetched = await fetchAttemptChanges(runner(apply), forged, base);
    // git older than 2.43 does not check a bundle's objects as they arrive: the paths are checked instead.
    if (!fetched.ok) return expect(fetched.reason).toMatch(/^git refused the bundle: .*dotgit/i);
    const changes = await listAttemptChanges(runner(apply), base, fetched.tip);
    expect(changes.find((c) => c.path === '.git')).toBeDefined();
    const { accepted, refused } = confineChanges(changes, DEFAULT_CONFINEMENT);
    expect(accepted.find((c) => c.path === '.git')).toBeUndefined();
    expect(refused).toContainEqual({ path: '.git', reason: expect.stringMatching(/a .git path/) });
  });
});
