// The one helper every temporary file goes through: a symlink at the target is replaced, never
// written through, and modes are what each caller asked for.
import { chmod, lstat, mkdtemp, readFile, readdir, rm, stat, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFileAtomic, writeFileAtomic, writeFileAtomicSync } from '../../src/adapters/fs/atomic-write.js';

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'atomic-write-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('atomic write', () => {
  it('replaces a symlink at the target instead of writing through it, and leaves no temporary file', async () => {
    const victim = path.join(dir, 'victim-1');
    await writeFile(victim, 'kept\n');
    const target = path.join(dir, 'target-1');
    await symlink(victim, target);
    await writeFileAtomic(target, 'ours\n');
    expect(await readFile(victim, 'utf8')).toBe('kept\n');
    expect((await lstat(target)).isFile()).toBe(true);
    expect(await readFile(target, 'utf8')).toBe('ours\n');
    expect((await readdir(dir)).filter((n) => n.endsWith('.tmp'))).toEqual([]);
  });

  it('keeps an existing file mode unless the caller dictates it', async () => {
    const target = path.join(dir, 'mode-1');
    await writeFile(target, 'old\n');
    await chmod(target, 0o600);
    writeFileAtomicSync(target, 'kept mode\n');
    expect((await stat(target)).mode & 0o777).toBe(0o600);
    writeFileAtomicSync(target, 'dictated mode\n', { mode: 0o644, exactMode: true });
    expect((await stat(target)).mode & 0o777).toBe(0o644);
  });

  it('copies a file over a symlink with the source mode, never writing through the link', async () => {
    const source = path.join(dir, 'source-2');
    await writeFile(source, '#!/bin/sh\n');
    await chmod(source, 0o755);
    const victim = path.join(dir, 'victim-2');
    await writeFile(victim, 'kept\n');
    const target = path.join(dir, 'target-2');
    await symlink(victim, target);
    copyFileAtomic(source, target);
    expect(await readFile(victim, 'utf8')).toBe('kept\n');
    expect((await lstat(target)).isFile()).toBe(true);
    expect((await stat(target)).mode & 0o777).toBe(0o755);
    expect(await readFile(target, 'utf8')).toBe('#!/bin/sh\n');
  });
});
