// Output links point at the commit that last changed each output, found with one git log.
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { outputLinks } from '../../src/adapters/git/git-links.js';
import { GitRunner } from '../../src/adapters/git/git.js';
import { git } from '../e2e/git-remote.js';

const dirs: string[] = [];
afterAll(async () => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

it('links each output at the commit that last changed it, and unknown paths at HEAD', async () => {
  const repo = await mkdtemp(path.join(os.tmpdir(), 'git-links-'));
  dirs.push(repo);
  const g = async (...args: string[]) => (await git(['-c', 'user.name=a', '-c', 'user.email=a@b', '-c', 'commit.gpgsign=false', ...args], { cwd: repo })).stdout.trim();
  await g('init', '-q', '-b', 'main');
  const commit = async (files: Record<string, string>, msg: string) => {
    for (const [f, text] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(repo, f)), { recursive: true });
      await writeFile(path.join(repo, f), text);
    }
    await g('add', '-A');
    await g('commit', '-q', '-m', msg);
    return g('rev-parse', 'HEAD');
  };
  await commit({ 'out/a.md': '1' }, 'a');
  const b = await commit({ 'out/b é.md': '1' }, 'b');
  const a2 = await commit({ 'out/a.md': '2', 'other.txt': 'x' }, 'a again');
  await commit({ 'other.txt': 'y' }, 'unrelated');
  const links = await outputLinks(new GitRunner({ cwd: repo }), 'https://github.com/o/r/blob', ['out/a.md', 'out/b é.md', 'out/never.md']);
  expect(links.file!('out/a.md')).toBe(`https://github.com/o/r/blob/${a2}/out/a.md`);
  expect(links.file!('out/b é.md')).toBe(`https://github.com/o/r/blob/${b}/out/b%20%C3%A9.md`);
  expect(links.file!('out/never.md')).toBe('https://github.com/o/r/blob/HEAD/out/never.md');
});
