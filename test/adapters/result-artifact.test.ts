// The result artifact through the real @actions/artifact client and the fake artifact service:
// uploaded by one job, downloaded as the archive it is by a later job of the same run (runtime
// token) and by a job of another run (REST API, as a later heartbeat's apply does), and read
// entry by entry within bounds. A run without it is `missing`, never an error.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadResultArtifact, uploadResultArtifact } from '../../src/adapters/toolkit/result-artifact.js';
import { resultArtifactName } from '../../src/core/render/artifact-names.js';
import { ZipReader } from '../../src/adapters/toolkit/zip-entries.js';
import { startFakeArtifactService, zipOf, type FakeArtifactService } from '../fakes/artifact-server.js';
import { startFakeGitHub, type FakeGitHub } from '../fakes/github-server.js';

const KEYS = ['ACTIONS_RUNTIME_TOKEN', 'ACTIONS_RESULTS_URL', 'GITHUB_SERVER_URL', 'GITHUB_API_URL'] as const;
const saved = Object.fromEntries(KEYS.map((k) => [k, process.env[k]]));
let service: FakeArtifactService;
let fake: FakeGitHub;
let dir: string;

const asJob = (runId: number) => Object.assign(process.env, service.envFor(runId), { GITHUB_API_URL: fake.url });

beforeAll(async () => {
  service = await startFakeArtifactService();
  fake = await startFakeGitHub();
  fake.data.artifactSource = service;
  dir = await mkdtemp(path.join(os.tmpdir(), 'result-artifact-'));
});
afterAll(async () => {
  for (const k of KEYS) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
  await service.close();
  await fake.close();
  await rm(dir, { recursive: true, force: true });
});

describe('resultArtifactName', () => {
  it('names the attempt, and keeps long ids apart with a digest', () => {
    expect(resultArtifactName('issue-42/step-2/3')).toBe('sequencer-result-issue-42-step-2-3');
    const a = resultArtifactName(`${'p'.repeat(90)}/s/1`);
    const b = resultArtifactName(`${'p'.repeat(90)}/s/2`);
    expect(a.length).toBeLessThanOrEqual(100);
    expect(a).not.toBe(b);
  });
});

describe('the result artifact', () => {
  it('is downloaded as uploaded, by the same run and by another, and read entry by entry', async () => {
    const staged = path.join(dir, 'staged');
    await mkdir(path.join(staged, 'logs'), { recursive: true });
    await writeFile(path.join(staged, 'result.json'), '{"v":1}\n');
    await writeFile(path.join(staged, 'logs', 'attempt-1.log'), 'hello\n'.repeat(1000));
    const name = resultArtifactName('p/a/1');
    asJob(501);
    const uploaded = await uploadResultArtifact(name, staged, [path.join(staged, 'result.json'), path.join(staged, 'logs', 'attempt-1.log')]);
    expect(uploaded.id).toBeGreaterThan(0);

    const download = async (runId: string, currentRunId: string, maxBytes = 1_000_000) => {
      const to = await mkdtemp(path.join(dir, 'dl-'));
      return downloadResultArtifact({ name, runId, currentRunId, token: fake.token, owner: fake.owner, repo: fake.repo, dir: to, maxBytes });
    };
    const same = await download('501', '501');
    expect(same.kind).toBe('found');
    asJob(777);
    const other = await download('501', '777');
    expect(other.kind).toBe('found');
    if (same.kind !== 'found' || other.kind !== 'found') return;
    expect(await readFile(other.zip)).toEqual(await readFile(same.zip));

    const zip = await ZipReader.open(same.zip);
    try {
      expect((await zip.read('result.json', 100))?.toString()).toBe('{"v":1}\n');
      await expect(zip.read('logs/attempt-1.log', 100)).rejects.toThrow(/logs\/attempt-1.log is 6000 bytes, more than the 100 read/);
      expect(await zip.read('changes.bundle', 100)).toBeNull();
      const out = path.join(dir, 'log-copy');
      expect(await zip.extract('logs/attempt-1.log', out, 10_000)).toBe(true);
      expect(await readFile(out, 'utf8')).toBe('hello\n'.repeat(1000));
    } finally {
      await zip.close();
    }

    expect((await download('501', '777', 10)).kind).toBe('too-large');
    // Another run's job with its own token does not see run 501's artifacts as its own.
    expect(await download('777', '777')).toEqual({ kind: 'missing' });
    expect(await download('502', '777')).toEqual({ kind: 'missing' });
  });
});

describe('ZipReader', () => {
  it('refuses an entry that inflates to more than its directory says (a zip bomb)', async () => {
    const file = path.join(dir, 'bomb.zip');
    await writeFile(file, zipOf('result.json', Buffer.alloc(5_000_000), 100));
    const zip = await ZipReader.open(file);
    try {
      await expect(zip.read('result.json', 1000)).rejects.toThrow(/result.json (does not inflate|inflates to)/);
      await expect(zip.extract('result.json', path.join(dir, 'bomb.out'), 1000)).rejects.toThrow(/inflates to more than the 100 bytes the archive says/);
    } finally {
      await zip.close();
    }
  });

  it('refuses what is no zip', async () => {
    const file = path.join(dir, 'junk.zip');
    await writeFile(file, 'not a zip at all');
    await expect(ZipReader.open(file)).rejects.toThrow(/not a zip archive/);
  });
});
