import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, realpath, rm, symlink, truncate, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FsAttemptFiles } from '../../src/adapters/fs/attempt-files.js';
import { FsVerifier, MAX_RULE_FILE_BYTES } from '../../src/adapters/fs/fs-verifier.js';
import { FileTooLargeError } from '../../src/core/tick/rules.js';

let base: string;
let root: string;
let outside: string;

beforeEach(async () => {
  base = await realpath(await mkdtemp(path.join(os.tmpdir(), 'verifier-test-')));
  root = path.join(base, 'ws');
  outside = path.join(base, 'outside');
  await mkdir(path.join(root, 'out'), { recursive: true });
  await mkdir(outside);
  await writeFile(path.join(root, 'out', 'report.md'), '## Sources\n');
  await writeFile(path.join(outside, 'secret.txt'), 'secret');
});

afterEach(async () => {
  await rm(base, { recursive: true, force: true });
});

/** Zombies count as gone: a killed orphan may linger as one until init reaps it. */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0] !== 'Z';
  } catch {
    return true;
  }
}

describe('FsVerifier.readWorkspaceFile', () => {
  it('reads files inside the workspace, following links that stay inside', async () => {
    const v = new FsVerifier({ env: process.env, root });
    await symlink(path.join(root, 'out', 'report.md'), path.join(root, 'inside-link.md'));
    expect(await v.readWorkspaceFile('out/report.md')).toBe('## Sources\n');
    expect(await v.readWorkspaceFile('./out/../out/report.md')).toBe('## Sources\n');
    expect(await v.readWorkspaceFile('inside-link.md')).toBe('## Sources\n');
  });

  it('treats missing files, folders and anything outside the workspace as missing', async () => {
    const v = new FsVerifier({ env: process.env, root });
    await symlink(path.join(outside, 'secret.txt'), path.join(root, 'escape.txt'));
    await symlink(outside, path.join(root, 'escape-dir'));
    for (const p of ['nope.md', 'out', '../outside/secret.txt', path.join(outside, 'secret.txt'), 'escape.txt', 'escape-dir/secret.txt']) {
      expect(await v.readWorkspaceFile(p), p).toBeNull();
    }
  });

  it('refuses a file larger than it may read, naming both sizes', async () => {
    await writeFile(path.join(root, 'big.log'), 'x'.repeat(2048));
    await expect(new FsVerifier({ env: process.env, root, maxFileBytes: 1024 }).readWorkspaceFile('big.log')).rejects.toThrow('big.log is 2048 bytes, more than the 1024 bytes a rule reads');
  });

  it('reads at most 16 MiB by default: a larger file is refused unread, as a FileTooLargeError', async () => {
    // Sparse files: no 16 MiB written to disk.
    await writeFile(path.join(root, 'limit.bin'), '');
    await truncate(path.join(root, 'limit.bin'), MAX_RULE_FILE_BYTES);
    await writeFile(path.join(root, 'over.bin'), '');
    await truncate(path.join(root, 'over.bin'), MAX_RULE_FILE_BYTES + 1);
    const v = new FsVerifier({ env: process.env, root });
    expect(MAX_RULE_FILE_BYTES).toBe(16 * 1024 * 1024);
    expect((await v.readWorkspaceFile('limit.bin'))?.length).toBe(MAX_RULE_FILE_BYTES);
    const err = await v.readWorkspaceFile('over.bin').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(FileTooLargeError);
    expect((err as Error).message).toBe('over.bin is 16 MiB (16777217 bytes), more than the 16 MiB (16777216 bytes) a rule reads');
  });
});

describe('FsVerifier.runCheck', () => {
  it('runs argv without a shell in the workspace with the given environment, logging the output', async () => {
    const v = new FsVerifier({ env: process.env, root });
    const logFile = path.join(base, 'logs', 'check-1.log');
    const script = 'console.log(process.cwd(), process.env.SEQUENCER_STEP_ID, process.argv[1]); console.error("warn"); process.exit(3)';
    const r = await v.runCheck([process.execPath, '-e', script, '$(touch pwned) ; echo hi'], { timeoutMs: 10_000, env: { SEQUENCER_STEP_ID: 'a' }, logFile });
    expect(r).toMatchObject({ exitCode: 3, timedOut: false, stdout: `${root} a $(touch pwned) ; echo hi\n`, stderr: 'warn\n' });
    expect(await readFile(logFile, 'utf8')).toContain('warn');
    expect(await new FsVerifier({ env: process.env, root }).readWorkspaceFile('pwned')).toBeNull();
  });

  it('kills the whole process group on timeout', async () => {
    const v = new FsVerifier({ env: process.env, root, graceMs: 200 });
    // The check starts a grandchild that sleeps; it must be gone afterwards, not just the check.
    const script = `const { spawn } = require('node:child_process');
      const g = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
      require('node:fs').writeFileSync('grandchild.pid', String(g.pid));
      setTimeout(() => {}, 60000);`;
    const started = Date.now();
    const r = await v.runCheck([process.execPath, '-e', script], { timeoutMs: 1000 });
    expect(r.timedOut).toBe(true);
    expect(r.exitCode).toBeNull();
    expect(Date.now() - started).toBeLessThan(10_000);
    const grandchild = Number(await readFile(path.join(root, 'grandchild.pid'), 'utf8'));
    expect(isAlive(grandchild)).toBe(false);
  });

  it('reports a program that cannot be started', async () => {
    const r = await new FsVerifier({ env: process.env, root }).runCheck(['definitely-not-a-program-xyz'], { timeoutMs: 5000 });
    expect(r.exitCode).toBeNull();
    expect(r.spawnError).toMatch(/ENOENT|not found/);
  });
});

describe('FsAttemptFiles', () => {
  it('reads, writes (creating folders) and removes files, capping the size', async () => {
    const files = new FsAttemptFiles();
    const file = path.join(base, 'logs', 'a', 'attempt-1.payload.json');
    expect(await files.read(file, 100)).toEqual({ kind: 'missing' });
    await files.write(file, '{"a":1}');
    expect(await files.read(file, 100)).toEqual({ kind: 'text', text: '{"a":1}' });
    expect(await files.read(file, 3)).toEqual({ kind: 'too-large', bytes: 7 });
    await files.remove(file);
    await files.remove(file);
    expect(await files.read(file, 100)).toEqual({ kind: 'missing' });
  });

  it('does not follow a symlink the agent put in place of the payload', async () => {
    const file = path.join(base, 'payload.json');
    await symlink(path.join(outside, 'secret.txt'), file);
    expect(await new FsAttemptFiles().read(file, 100)).toEqual({ kind: 'unreadable', reason: 'it is a symbolic link; write the JSON into the file itself' });
    expect(await new FsAttemptFiles().read(base, 100)).toEqual({ kind: 'unreadable', reason: 'it is not a regular file' });
  });
});
