// ActionsOwnerProbe against the fake GitHub server's workflow-run endpoint.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ActionsOwnerProbe } from '../../src/adapters/github/actions-owner.js';
import { createGitHubClient } from '../../src/adapters/github/github-client.js';
import { startFakeGitHub, type FakeGitHub } from '../fakes/github-server.js';
import { MemoryLog } from '../fakes/ports.js';

let fake: FakeGitHub;
let probe: ActionsOwnerProbe;
let logs: string[];

beforeEach(async () => {
  fake = await startFakeGitHub();
  logs = [];
  const client = createGitHubClient({ token: fake.token, baseUrl: fake.url, pacing: 'off', retries: 0, log: new MemoryLog() });
  probe = new ActionsOwnerProbe({ client, owner: fake.owner, repo: fake.repo, current: { runId: '500', runAttempt: 2 }, log: (m) => logs.push(m) });
});

afterEach(async () => {
  await fake.close();
});

const owner = (runId: string, runAttempt = 1, repository?: string) => ({ kind: 'actions' as const, runId, runAttempt, ...(repository ? { repository } : {}) });

describe('ActionsOwnerProbe', () => {
  it('knows its own run without asking: this attempt is alive, an earlier attempt of it is dead', async () => {
    expect(await probe.liveness(owner('500', 2))).toBe('alive');
    expect(await probe.liveness(owner('500', 1))).toBe('dead');
    expect(fake.requests).toHaveLength(0);
  });

  it('asks GitHub about other runs: completed or unknown runs are dead, queued and running ones alive', async () => {
    fake.setRun(601, 'completed', 'cancelled');
    fake.setRun(602, 'in_progress');
    fake.setRun(603, 'queued');
    fake.setRun(604, 'waiting');
    expect(await probe.liveness(owner('601'))).toBe('dead');
    expect(await probe.liveness(owner('602'))).toBe('alive');
    expect(await probe.liveness(owner('603'))).toBe('alive');
    expect(await probe.liveness(owner('604'))).toBe('alive');
    expect(await probe.liveness(owner('699'))).toBe('dead');
    expect(fake.requests.map((r) => r.path)).toEqual(['601', '602', '603', '604', '699'].map((id) => `/repos/octo-org/octo-repo/actions/runs/${id}`));
  });

  it('uses the repository recorded with the owner', async () => {
    fake.setRun(700, 'in_progress');
    expect(await probe.liveness(owner('700', 1, 'octo-org/octo-repo'))).toBe('alive');
    // Another repository is not on this fake: GitHub answers 404 there.
    expect(await probe.liveness(owner('700', 1, 'someone/else'))).toBe('dead');
    expect(fake.requests.at(-1)?.path).toBe('/repos/someone/else/actions/runs/700');
  });

  it('says unknown when GitHub cannot answer, for local owners and for malformed run ids', async () => {
    fake.setRun(800, 'in_progress');
    fake.faults.next(1, 500);
    expect(await probe.liveness(owner('800'))).toBe('unknown');
    expect(logs.join('\n')).toMatch(/Could not look up workflow run 800/);
    expect(await probe.liveness({ kind: 'local', host: 'h', pid: 1 })).toBe('unknown');
    expect(await probe.liveness(owner('not-a-number'))).toBe('unknown');
  });
});
