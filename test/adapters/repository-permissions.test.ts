// RepositoryPermissions against the fake GitHub server through the real Octokit client: a command
// comment and an issue event's sender (whose request the agent would draft) get one answer with one
// reason, and the refusals decided without the permission API cost no call.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createGitHubClient } from '../../src/adapters/github/github-client.js';
import { RepositoryPermissions } from '../../src/adapters/github/repository-permissions.js';
import { startFakeGitHub, type FakeGitHub } from '../fakes/github-server.js';
import { MemoryLog } from '../fakes/ports.js';

let fake: FakeGitHub;
let permissions: RepositoryPermissions;

beforeEach(async () => {
  fake = await startFakeGitHub();
  const client = createGitHubClient({ token: fake.token, baseUrl: fake.url, pacing: 'off', retryBaseMs: 5, log: new MemoryLog() });
  permissions = new RepositoryPermissions({ client, owner: fake.owner, repo: fake.repo });
  fake.setPermission('drive-by', 'read');
  fake.setPermission('listed-reader', 'read');
  fake.setPermission('listed-writer', 'write');
  // An App that opens issues, with write permission.
  fake.setPermission('deploy-app[bot]', 'write');
});

afterEach(async () => {
  await fake.close();
});

const permissionChecks = () => fake.requests.filter((r) => r.path.includes('/collaborators/')).map((r) => decodeURIComponent(r.path.split('/collaborators/')[1]!.split('/')[0]!));

it('a command comment and an issue event sender get the same answer and reason, and only listed people cost a permission call', async () => {
  const approvers = ['listed-reader', 'listed-writer', 'deploy-app[bot]'];
  const people = [
    ['drive-by', 'User', { kind: 'deny', reason: 'only the logins in the approvers list may command this plan' }],
    ['deploy-app[bot]', 'Bot', { kind: 'ignore', reason: 'deploy-app[bot] is a bot' }],
    ['listed-reader', 'User', { kind: 'deny', reason: 'commands need write, maintain or admin permission; listed-reader has read permission' }],
    ['listed-writer', 'User', { kind: 'allow', reason: '@listed-writer has write permission' }],
  ] as const;
  for (const [login, userType, gate] of people) {
    const asSender = await permissions.actorGate({ login, userType, association: '' }, approvers);
    const asCommenter = await permissions.commentGate({ action: 'created', issueNumber: 7, login, userType, association: 'NONE' }, { planIssue: 7, approvers });
    expect(asSender, login).toEqual(gate);
    expect(asCommenter, login).toEqual(gate);
  }
  // Asked once per login, whichever path asked first.
  expect(permissionChecks()).toEqual(['listed-reader', 'listed-writer']);
});
