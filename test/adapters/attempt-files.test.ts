// The files the sequencer writes beside an attempt's log (tool policy, Claude settings, input)
// lie where the agent can write: whatever an earlier attempt put at their names (a symlink, a
// hard link, a folder, a link in place of the step's folder) is replaced, never written through.
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
