// Attempt-log artifacts: the scrubbed copies that would be uploaded, and the paths where no
// artifact service is reachable (a warning, never a throw).
import { mkdir, mkdtemp, readFile, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scrubBytes, stageScrubbedLogs, uploadAttemptLogs } from '../../src/adapters/toolkit/artifacts.js';
import { attemptPaths, isStdoutCopy } from '../../src/engine/step-contract.js';
import { NO_SECRETS, createScrubber } from '../../src/core/trust/secrets.js';

const ENV_KEYS = ['ACTIONS_RUNTIME_TOKEN', 'ACTIONS_RESULTS_URL'] as const;
const saved = Object.fromEntries(ENV_KEYS.map((k) => [k, process.env[k]]));
let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'attempt-logs-'));
});

afterEach(async () => {
  for (const k of ENV_KEYS) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
  await rm(dir, { recursive: true, force: true });
});

const stagingDirs = async () => (await readdir(os.tmpdir())).filter((n) => n.startsWith('sequencer-logs-')).sort();

describe('stageScrubbedLogs', () => {
  it('copies every regular file with secrets replaced, leaving other bytes alone and symlinks out', async () => {
    const outside = await mkdtemp(path.join(os.tmpdir(), 'outside-'));
    try {
      await writeFile(path.join(outside, 'host-secrets.txt'), 'not for upload');
      await mkdir(path.join(dir, 'step-1'), { recursive: true });
      const basic = Buffer.from('x-access-token:ghp_s3cret_value').toString('base64');
      await writeFile(path.join(dir, 'step-1', 'attempt-1.log'), `token ghp_s3cret_value and pässwörd_long here\nAuthorization: basic ${basic}\n`);
      await writeFile(path.join(dir, 'raw.bin'), Buffer.from([0xff, 0xfe, 0x00, ...Buffer.from('ghp_s3cret_value'), 0x80]));
      await symlink(path.join(outside, 'host-secrets.txt'), path.join(dir, 'link.txt'));

      const staged = await stageScrubbedLogs(dir, createScrubber(['ghp_s3cret_value', 'pässwörd_long']));
      try {
        expect(staged!.files.map((f) => path.relative(staged!.root, f))).toEqual(['raw.bin', path.join('step-1', 'attempt-1.log')]);
        expect(await readFile(staged!.files[1]!, 'utf8')).toBe('token *** and *** here\nAuthorization: basic ***\n');
        expect([...(await readFile(staged!.files[0]!))]).toEqual([0xff, 0xfe, 0x00, ...Buffer.from('***'), 0x80]);
        // The originals are untouched.
        expect(await readFile(path.join(dir, 'step-1', 'attempt-1.log'), 'utf8')).toContain('ghp_s3cret_value');
      } finally {
        await rm(staged!.root, { recursive: true, force: true });
      }
    } finally {
      await rm(outside, { recursive: true, force: true });
    }
  });

  it("leaves out an attempt's stdout copy, which its log already holds, when the caller says so", async () => {
    const paths = attemptPaths(dir, 'step-2', 1);
    await mkdir(path.dirname(paths.logFile), { recursive: true });
    await writeFile(paths.logFile, '{"type":"result"}\nwarning\n');
    await writeFile(paths.stdoutFile, '{"type":"result"}\n');
    const staged = await stageScrubbedLogs(dir, NO_SECRETS, undefined, isStdoutCopy);
    try {
      const names = staged!.files.map((f) => path.relative(staged!.root, f));
      expect(names).toContain(path.relative(dir, paths.logFile));
      expect(names).not.toContain(path.relative(dir, paths.stdoutFile));
    } finally {
      await rm(staged!.root, { recursive: true, force: true });
    }
  });

  it('returns null for an empty or missing directory', async () => {
    expect(await stageScrubbedLogs(dir, NO_SECRETS)).toBeNull();
    expect(await stageScrubbedLogs(path.join(dir, 'nope'), NO_SECRETS)).toBeNull();
  });

  it('scrubBytes handles secrets that span UTF-8 sequences', () => {
    expect(scrubBytes(Buffer.from('a→bb→cc→dd→e'), createScrubber(['→bb→cc→dd→'])).toString('utf8')).toBe('a***e');
  });
});

describe('uploadAttemptLogs', () => {
  it('warns and returns null outside Actions', async () => {
    for (const k of ENV_KEYS) delete process.env[k];
    await writeFile(path.join(dir, 'a.log'), 'x');
    const warnings: string[] = [];
    expect(await uploadAttemptLogs({ dir, name: 'sequencer/issue-42: run 1', secrets: NO_SECRETS, log: (m) => warnings.push(m) })).toBeNull();
    expect(warnings).toEqual([
      'Attempt logs not uploaded as artifact "sequencer-issue-42- run 1": the artifact service is not available here (ACTIONS_RUNTIME_TOKEN or ACTIONS_RESULTS_URL is unset).',
    ]);
  });

  it('warns and returns null when the artifact service fails, leaving no staging directory behind', async () => {
    process.env.ACTIONS_RUNTIME_TOKEN = 'not-a-jwt';
    process.env.ACTIONS_RESULTS_URL = 'http://127.0.0.1:9/';
    await writeFile(path.join(dir, 'a.log'), 'x');
    const before = await stagingDirs();
    const warnings: string[] = [];
    expect(await uploadAttemptLogs({ dir, name: 'logs', secrets: createScrubber(['x-secret-value']), log: (m) => warnings.push(m) })).toBeNull();
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^Attempt logs not uploaded as artifact "logs": .*token/i);
    expect(await stagingDirs()).toEqual(before);
  });
});
