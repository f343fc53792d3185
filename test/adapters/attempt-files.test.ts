// The files the sequencer writes beside an attempt's log (tool policy, Claude settings, input)
// lie where the agent can write: whatever an earlier attempt put at their names (a symlink, a
// hard link, a folder, a link in place of the step's folder) is replaced, never written through.
// An attempt's log is read back in bounded pieces, never through a link.
import { link, lstat, mkdir, mkdtemp, readFile, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FsAttemptFiles } from '../../src/adapters/fs/attempt-files.js';

let dir: string;
const files = new FsAttemptFiles();

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'attempt-files-'));
});
afterAll(async () => rm(dir, { recursive: true, force: true }));

async function victim(name: string): Promise<string> {
  const file = path.join(dir, 'elsewhere', name);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, 'victim\n');
  return file;
}

describe('FsAttemptFiles.write', () => {
  it.each([
    ['a symlink', (target: string, at: string) => symlink(target, at)],
    ['a hard link', (target: string, at: string) => link(target, at)],
  ])('replaces %s at the name and leaves the file it points at alone', async (_what, plant) => {
    const step = path.join(dir, `step-${Math.random().toString(36).slice(2)}`);
    await mkdir(step);
    const target = await victim(path.basename(step));
    const file = path.join(step, 'attempt-2.policy.json');
    await plant(target, file);
    await files.write(file, '{"policy":true}\n');
    expect(await readFile(target, 'utf8')).toBe('victim\n');
    expect((await lstat(file)).isFile()).toBe(true);
    expect(await readFile(file, 'utf8')).toBe('{"policy":true}\n');
  });

  it('replaces a folder at the name, and a link that stands in for the step folder', async () => {
    const step = path.join(dir, 'step-folder');
    await mkdir(path.join(step, 'attempt-2.input.json', 'inside'), { recursive: true });
    await files.write(path.join(step, 'attempt-2.input.json'), '{}\n');
    expect(await readFile(path.join(step, 'attempt-2.input.json'), 'utf8')).toBe('{}\n');

    const elsewhere = path.join(dir, 'elsewhere-folder');
    await mkdir(elsewhere);
    await writeFile(path.join(elsewhere, 'attempt-2.claude-settings.json'), 'victim\n');
    const linked = path.join(dir, 'linked-step');
    await symlink(elsewhere, linked);
    await files.write(path.join(linked, 'attempt-2.claude-settings.json'), '{"hooks":{}}\n');
    expect(await readdir(elsewhere)).toEqual(['attempt-2.claude-settings.json']);
    expect(await readFile(path.join(elsewhere, 'attempt-2.claude-settings.json'), 'utf8')).toBe('victim\n');
    expect((await lstat(linked)).isDirectory()).toBe(true);
    expect(await readFile(path.join(linked, 'attempt-2.claude-settings.json'), 'utf8')).toBe('{"hooks":{}}\n');
  });

  it('creates the folder and replaces a link that points nowhere', async () => {
    const file = path.join(dir, 'new', 'step', 'attempt-1.policy.json');
    await files.write(file, 'a\n');
    await rm(file);
    await symlink(path.join(dir, 'nowhere', 'x'), file);
    await files.write(file, 'b\n');
    expect(await readFile(file, 'utf8')).toBe('b\n');
    await expect(lstat(path.join(dir, 'nowhere'))).rejects.toThrow(/ENOENT/);
  });
});

describe('FsAttemptFiles.readPieces', () => {
  it('reads a long file in pieces up to its cap, and says when it held more', async () => {
    const file = path.join(dir, 'pieces', 'attempt-1.log');
    await mkdir(path.dirname(file), { recursive: true });
    // 200 KiB of two- and three-byte characters: several pieces, characters across their edges.
    const text = `${'é€'.repeat(40_000)}tail\n`;
    await writeFile(file, text);
    const pieces: string[] = [];
    expect(await files.readPieces(file, 1e6, (t) => pieces.push(t))).toEqual({ kind: 'read', bytes: Buffer.byteLength(text), truncated: false });
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.join('')).toBe(text);

    const head: string[] = [];
    // 100,001 bytes: 20,000 whole pairs and the first byte of an é.
    expect(await files.readPieces(file, 100_001, (t) => head.push(t))).toEqual({ kind: 'read', bytes: 100_001, truncated: true });
    // The character cut at the cap reads as one replacement character; everything before it is whole.
    const read = head.join('');
    expect(read.endsWith('\uFFFD')).toBe(true);
    expect(text.startsWith(read.slice(0, -1))).toBe(true);
    expect(read.slice(0, -1)).toBe('é€'.repeat(20_000));
  });

  it('reads nothing through a link or from what is not a file, and reports a missing file', async () => {
    const file = path.join(dir, 'pieces', 'attempt-2.log');
    await mkdir(path.dirname(file), { recursive: true });
    await symlink(await victim('secret.txt'), file);
    const seen: string[] = [];
    expect(await files.readPieces(file, 100, (t) => seen.push(t))).toEqual({ kind: 'unreadable', reason: 'it is a symbolic link' });
    expect(await files.readPieces(dir, 100, (t) => seen.push(t))).toEqual({ kind: 'unreadable', reason: 'it is not a regular file' });
    expect(await files.readPieces(path.join(dir, 'pieces', 'none.log'), 100, (t) => seen.push(t))).toEqual({ kind: 'missing' });
    expect(seen).toEqual([]);
  });
});
