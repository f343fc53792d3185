import { mkdir, mkdtemp, realpath, rm, symlink, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FsWorkspace } from '../../src/adapters/fs/workspace-fs.js';
import { ConfigError } from '../../src/core/errors.js';
import { checkRelativePath } from '../../src/core/plan/workspace-paths.js';

describe('checkRelativePath', () => {
  it.each(['a.md', 'out/report.md', './a', 'a/../b', 'a/b/..', '.', 'dir/'])('accepts %s', (p) => {
    expect(checkRelativePath(p)).toBeNull();
  });
  it.each([
    ['', /is empty/],
    ['  ', /is empty/],
    ['/etc/passwd', /is absolute/],
    ['C:\\x', /is absolute/],
    ['c:x', /is absolute/],
    ['\\\\server\\share', /is absolute/],
    ['..', /outside the workspace/],
    ['../x', /outside the workspace/],
    ['a/../../x', /outside the workspace/],
    ['a\\..\\..\\x', /outside the workspace/],
    ['a\0b', /NUL/],
  ])('rejects %j', (p, reason) => {
    const r = checkRelativePath(p);
    expect(r).toMatch(reason);
    expect(r).toMatch(/expected a path relative to the workspace/);
  });
});

describe('FsWorkspace', () => {
  let base: string;
  let root: string;
  let outside: string;
  beforeEach(async () => {
    base = await mkdtemp(path.join(os.tmpdir(), 'ws-test-'));
    root = path.join(base, 'ws');
    outside = path.join(base, 'outside');
    await mkdir(path.join(root, 'out'), { recursive: true });
    await mkdir(outside);
    await writeFile(path.join(root, 'out', 'a.md'), 'a');
    await writeFile(path.join(outside, 'secret.txt'), 's');
  });
  afterEach(async () => {
    await rm(base, { recursive: true, force: true });
  });

  it('resolves the root through symlinks', async () => {
    const link = path.join(base, 'link-to-ws');
    await symlink(root, link);
    const ws = await FsWorkspace.open(link);
    expect(ws.root).toBe(path.join(await realpath(base), 'ws'));
    expect(await ws.missingOutputs(['out/a.md'])).toEqual([]);
  });

  it('refuses a root that does not exist', async () => {
    await expect(FsWorkspace.open(path.join(base, 'nope'))).rejects.toBeInstanceOf(ConfigError);
  });

  it('reports missing, escaping and absolute paths in input order; present files and dirs are fine', async () => {
    const ws = await FsWorkspace.open(root);
    const missing = await ws.missingOutputs(['out/b.md', 'out/a.md', 'out', '../outside/secret.txt', path.join(outside, 'secret.txt'), path.join(root, 'out', 'a.md'), 'out/../out/a.md', '', 'zzz']);
    expect(missing).toEqual(['out/b.md', '../outside/secret.txt', path.join(outside, 'secret.txt'), path.join(root, 'out', 'a.md'), '', 'zzz']);
  });

  it('counts symlinks to outside as missing and symlinks inside as present', async () => {
    await symlink(path.join(outside, 'secret.txt'), path.join(root, 'leak.txt'));
    await symlink(outside, path.join(root, 'leakdir'));
    await symlink(path.join(root, 'out', 'a.md'), path.join(root, 'alias.md'));
    await symlink('out', path.join(root, 'outlink'));
    await symlink(path.join(root, 'gone.md'), path.join(root, 'dangling.md'));
    // A sibling whose name starts with the root's name is still outside.
    await mkdir(`${root}-evil`);
    await writeFile(`${root}-evil/x.md`, 'x');
    await symlink(`${root}-evil/x.md`, path.join(root, 'sibling.md'));
    const ws = await FsWorkspace.open(root);
    expect(await ws.missingOutputs(['leak.txt', 'leakdir/secret.txt', 'alias.md', 'outlink/a.md', 'dangling.md', 'sibling.md'])).toEqual([
      'leak.txt',
      'leakdir/secret.txt',
      'dangling.md',
      'sibling.md',
    ]);
  });
});

describe('FsWorkspace.changedFiles', () => {
  it('lists files modified since the time given, not the .git and excluded ones, through no link, bounded', async () => {
    const base = await realpath(await mkdtemp(path.join(os.tmpdir(), 'ws-changed-')));
    try {
      const root = path.join(base, 'ws');
      await mkdir(path.join(root, 'old'), { recursive: true });
      await mkdir(path.join(base, 'outside'));
      await writeFile(path.join(root, 'old', 'before.txt'), 'x');
      await utimes(path.join(root, 'old', 'before.txt'), new Date(0), new Date(0));
      const since = new Date(Date.now() - 1000);
      for (const f of ['new/a.txt', 'new/b.txt', 'new/deep/c.txt', '.git/index', '.sequencer/p/state.json', 'state.json.logs/s/attempt-1.log', 'state.json', 'top.md', 'line\nbreak.txt']) {
        await mkdir(path.dirname(path.join(root, f)), { recursive: true });
        await writeFile(path.join(root, f), 'x');
      }
      await writeFile(path.join(base, 'outside', 'secret.txt'), 'x');
      await symlink(path.join(base, 'outside'), path.join(root, 'link'));
      const ws = await FsWorkspace.open(root);
      const all = await ws.changedFiles(since, { exclude: ['.sequencer/', 'state.json'], limit: 100 });
      expect(all).toEqual({ files: ['line\\nbreak.txt', 'top.md', 'new/a.txt', 'new/b.txt', 'new/deep/c.txt'], more: 0 });
      expect(await ws.changedFiles(since, { exclude: ['.sequencer/', 'state.json'], limit: 2 })).toEqual({ files: ['line\\nbreak.txt', 'top.md'], more: 3 });
    } finally {
      await rm(base, { recursive: true, force: true });
    }
  });
});
