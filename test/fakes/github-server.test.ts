// Drives the fake GitHub server only through the real Octokit built by createGitHubClient, over
// real HTTP, so both the fake's semantics and the client's retry/throttle wiring are checked.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createGitHubClient, getIfModified, isStatus, type GitHubClient, type GitHubClientOptions } from '../../src/adapters/github/github-client.js';
import { ConfigError } from '../../src/core/errors.js';
import { startFakeGitHub, type FakeGitHub } from './github-server.js';
import { MemoryLog } from './ports.js';

let fake: FakeGitHub;
let log: MemoryLog;
let gh: GitHubClient;
let repo: { owner: string; repo: string };

function client(extra: Partial<GitHubClientOptions> = {}): GitHubClient {
  return createGitHubClient({ token: fake.token, baseUrl: fake.url, log, pacing: 'off', retryBaseMs: 20, ...extra });
}

async function failure(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (err) {
    return err;
  }
  throw new Error('expected the call to fail');
}

const seen = (method: string, path: string) => fake.requests.filter((r) => r.method === method && r.path === path);

beforeEach(async () => {
  fake = await startFakeGitHub();
  log = new MemoryLog();
  gh = client();
  repo = { owner: fake.owner, repo: fake.repo };
});

afterEach(async () => {
  await fake.close();
});

describe('auth', () => {
  it('answers 401 to a wrong token, once, without retrying', async () => {
    fake.addIssue({ number: 1 });
    const err = await failure(client({ token: 'not-the-token' }).rest.issues.get({ ...repo, issue_number: 1 }));
    expect(isStatus(err, 401)).toBe(true);
    expect(fake.requests).toHaveLength(1);
    await expect(gh.rest.issues.get({ ...repo, issue_number: 1 })).resolves.toMatchObject({ status: 200, data: { number: 1 } });
  });

  it("a token granted a job's permissions does what they cover and gets GitHub's 403 beyond them, each request recorded with its token", async () => {
    const issue = fake.addIssue({ number: 1 });
    fake.setRun(7, 'completed', 'success');
    fake.grantToken('ghs_prepare', { contents: 'write', issues: 'write', actions: 'read' });
    fake.grantToken('ghs_agent', { contents: 'read' });
    const prepare = client({ token: 'ghs_prepare' });
    const agent = client({ token: 'ghs_agent' });
    // Granted: issues written (comments, reactions), runs read, and metadata, which every token reads.
    const comment = (await prepare.rest.issues.createComment({ ...repo, issue_number: issue.number, body: 'hi' })).data;
    await prepare.rest.reactions.createForIssueComment({ ...repo, comment_id: comment.id, content: '+1' });
    await expect(prepare.rest.actions.getWorkflowRun({ ...repo, run_id: 7 })).resolves.toMatchObject({ status: 200 });
    await expect(agent.rest.repos.getCollaboratorPermissionLevel({ ...repo, username: 'octocat' })).resolves.toMatchObject({ status: 200 });
    // Beyond them: a dispatch needs actions: write; the agent's token reads no issue and writes nothing.
    const refused = [
      await failure(prepare.rest.actions.createWorkflowDispatch({ ...repo, workflow_id: 'sequencer.yml', ref: 'main' })),
      await failure(agent.rest.issues.get({ ...repo, issue_number: issue.number })),
      await failure(agent.rest.issues.createComment({ ...repo, issue_number: issue.number, body: 'owned' })),
    ];
    for (const err of refused) expect(err).toMatchObject({ status: 403, message: expect.stringContaining('Resource not accessible by integration') });
    expect(fake.dispatches).toEqual([]);
    expect(fake.comments.map((c) => c.body)).toEqual(['hi']);
    expect(fake.requests.filter((r) => r.status === 403).map((r) => `${r.token} ${r.method} ${r.path.replace(/^\/repos\/[^/]+\/[^/]+/, '')}`)).toEqual([
      'ghs_prepare POST /actions/workflows/sequencer.yml/dispatches',
      'ghs_agent GET /issues/1',
      'ghs_agent POST /issues/1/comments',
    ]);
    // The full token is not a granted one, so its requests carry none.
    await gh.rest.issues.get({ ...repo, issue_number: issue.number });
    expect(fake.requests.at(-1)).toMatchObject({ status: 200 });
    expect(fake.requests.at(-1)?.token).toBeUndefined();
  });

  it('answers 404 for another repository', async () => {
    fake.addIssue({ number: 1 });
    const err = await failure(gh.rest.issues.get({ owner: 'someone', repo: 'else', issue_number: 1 }));
    expect(isStatus(err, 404)).toBe(true);
  });
});

describe('createGitHubClient options', () => {
  it('accepts a base URL with a trailing slash and rejects a non-http one or an empty token', async () => {
    fake.addIssue({ number: 1 });
    await expect(client({ baseUrl: `${fake.url}/` }).rest.issues.get({ ...repo, issue_number: 1 })).resolves.toMatchObject({ status: 200 });
    expect(() => client({ baseUrl: 'ftp://example.com' })).toThrow(/Invalid baseUrl "ftp:\/\/example.com"\. Expected an http\(s\) URL/);
    expect(() => client({ token: ' ' })).toThrow(ConfigError);
    expect(() => client({ retries: 99 })).toThrow(/Invalid retries 99/);
  });
});

describe('issue comments', () => {
  it('lists comments updated since a time, paginated with Link headers', async () => {
    const t0 = Date.parse('2025-01-01T00:00:00Z');
    const ids = [0, 1, 2, 3, 4].map((i) => fake.addComment(7, { login: `u${i}`, body: `c${i}`, createdAt: new Date(t0 + i * 1000) }).id);
    const since = new Date(t0 + 2000).toISOString();

    const first = await gh.rest.issues.listComments({ ...repo, issue_number: 7, since, per_page: 2 });
    expect(first.data.map((c) => c.body)).toEqual(['c2', 'c3']);
    expect(first.headers.link).toMatch(/rel="next"/);

    const all = await gh.paginate(gh.rest.issues.listComments, { ...repo, issue_number: 7, since, per_page: 2 });
    expect(all.map((c) => c.id)).toEqual(ids.slice(2));
    expect(all[0]).toMatchObject({ user: { login: 'u2', type: 'User' }, author_association: 'NONE', html_url: expect.stringContaining('#issuecomment-') });
    const pages = seen('GET', '/repos/octo-org/octo-repo/issues/7/comments').map((r) => new URLSearchParams(r.query).get('page'));
    expect(pages).toEqual([null, null, '2']);

    // `since` filters on updated_at: an edited old comment comes back.
    fake.editComment(ids[0]!, 'c0 edited', new Date(t0 + 10_000));
    const after = await gh.rest.issues.listComments({ ...repo, issue_number: 7, since: new Date(t0 + 5000).toISOString() });
    expect(after.data.map((c) => c.body)).toEqual(['c0 edited']);
  });

  it('creates, edits, reads and reacts to comments as the token user', async () => {
    fake.addIssue({ number: 3 });
    const created = await gh.rest.issues.createComment({ ...repo, issue_number: 3, body: 'status' });
    expect(created.status).toBe(201);
    expect(created.data.user).toMatchObject({ login: 'github-actions[bot]', type: 'Bot' });

    await gh.rest.issues.updateComment({ ...repo, comment_id: created.data.id, body: 'status v2' });
    const read = await gh.rest.issues.getComment({ ...repo, comment_id: created.data.id });
    expect(read.data.body).toBe('status v2');

    const r1 = await gh.rest.reactions.createForIssueComment({ ...repo, comment_id: created.data.id, content: 'eyes' });
    const r2 = await gh.rest.reactions.createForIssueComment({ ...repo, comment_id: created.data.id, content: 'eyes' });
    expect([r1.status, r2.status]).toEqual([201, 200]);
    expect(fake.comments[0]?.reactions.eyes).toBe(1);

    const err = await failure(gh.rest.issues.createComment({ ...repo, issue_number: 3, body: 'x'.repeat(65537) }));
    expect(isStatus(err, 422)).toBe(true);
  });
});

describe('conditional requests', () => {
  it('answers a matching If-None-Match with 304 that costs no rate limit', async () => {
    fake.addComment(9, { login: 'alice', body: '/approve' });
    const list = (headers: Record<string, string>) => gh.rest.issues.listComments({ ...repo, issue_number: 9, headers });

    const first = await getIfModified(list, undefined);
    if (!first.modified) throw new Error('first read must return data');
    expect(first.etag).toMatch(/^"[0-9a-f]+"$/);
    const counted = fake.countedRequests();

    // Octokit throws RequestError(status 304) for a conditional hit; getIfModified turns it into a value.
    const raw = await failure(list({ 'if-none-match': first.etag! }));
    expect(isStatus(raw, 304)).toBe(true);
    const again = await getIfModified(list, first.etag);
    expect(again).toEqual({ modified: false, etag: first.etag });
    expect(fake.countedRequests()).toBe(counted);
    expect(fake.requests.slice(-2).map((r) => [r.status, r.counted])).toEqual([
      [304, false],
      [304, false],
    ]);

    fake.addComment(9, { login: 'bob', body: '/cancel' });
    const changed = await getIfModified(list, first.etag);
    expect(changed.modified).toBe(true);
    expect(changed.modified && changed.data.map((c) => c.body)).toEqual(['/approve', '/cancel']);
    expect(changed.etag).not.toBe(first.etag);
    expect(fake.countedRequests()).toBe(counted + 1);
  });

  it('reports usage on /rate_limit without counting that call', async () => {
    fake.addIssue({ number: 1 });
    const issue = await gh.rest.issues.get({ ...repo, issue_number: 1 });
    expect(issue.headers['x-ratelimit-remaining']).toBe('4999');
    const limits = await gh.rest.rateLimit.get();
    expect(limits.data.resources.core).toMatchObject({ limit: 5000, used: 1, remaining: 4999 });
    expect(fake.countedRequests()).toBe(1);
  });
});

describe('permissions, labels, workflows, pulls', () => {
  it('reports collaborator permission, with role names mapped as GitHub does', async () => {
    fake.setPermission('alice', 'maintain');
    fake.setPermission('carol', 'triage');
    const get = (username: string) => gh.rest.repos.getCollaboratorPermissionLevel({ ...repo, username }).then((r) => r.data);
    expect(await get('alice')).toMatchObject({ permission: 'write', role_name: 'maintain', user: { login: 'alice' } });
    expect((await get('carol')).permission).toBe('read');
    expect((await get('mallory')).permission).toBe('none');
  });

  it('adds labels and lists issues by label and state', async () => {
    fake.addIssue({ number: 1, labels: ['bug'] });
    fake.addIssue({ number: 2 });
    fake.addIssue({ number: 3, labels: ['sequencer'], state: 'closed' });
    const labels = await gh.rest.issues.addLabels({ ...repo, issue_number: 2, labels: ['sequencer'] });
    expect(labels.data.map((l) => l.name)).toEqual(['sequencer']);
    const open = await gh.rest.issues.listForRepo({ ...repo, labels: 'sequencer', state: 'open' });
    expect(open.data.map((i) => i.number)).toEqual([2]);
    const all = await gh.rest.issues.listForRepo({ ...repo, labels: 'sequencer', state: 'all' });
    expect(all.data.map((i) => i.number)).toEqual([3, 2]);
  });

  it('records workflow dispatches and refuses a disabled workflow with one 422', async () => {
    const res = await gh.rest.actions.createWorkflowDispatch({ ...repo, workflow_id: 'sequencer.yml', ref: 'main', inputs: { plan: 'issue-42', command: 'tick' } });
    expect(res.status).toBe(204);
    expect(fake.dispatches).toEqual([expect.objectContaining({ workflowPath: '.github/workflows/sequencer.yml', ref: 'main', inputs: { plan: 'issue-42', command: 'tick' } })]);

    const wf = await gh.rest.actions.getWorkflow({ ...repo, workflow_id: fake.workflows[0]!.id });
    expect(wf.data.state).toBe('active');
    fake.setWorkflowState('sequencer.yml', 'disabled_inactivity');
    const listed = await gh.rest.actions.listRepoWorkflows(repo);
    expect(listed.data.workflows[0]?.state).toBe('disabled_inactivity');
    const err = await failure(gh.rest.actions.createWorkflowDispatch({ ...repo, workflow_id: 'sequencer.yml', ref: 'main' }));
    expect(isStatus(err, 422)).toBe(true);
    expect(seen('POST', '/repos/octo-org/octo-repo/actions/workflows/sequencer.yml/dispatches')).toHaveLength(2);
    expect(fake.dispatches).toHaveLength(1);
  });

  it('reports run status as configured', async () => {
    fake.setRun(77, 'in_progress');
    expect((await gh.rest.actions.getWorkflowRun({ ...repo, run_id: 77 })).data).toMatchObject({ id: 77, status: 'in_progress', conclusion: null });
    fake.setRun(77, 'completed', 'cancelled');
    expect((await gh.rest.actions.getWorkflowRun({ ...repo, run_id: 77 })).data).toMatchObject({ status: 'completed', conclusion: 'cancelled' });
    expect(isStatus(await failure(gh.rest.actions.getWorkflowRun({ ...repo, run_id: 78 })), 404)).toBe(true);
  });

  it('creates a pull request once; a second for the same head is a 422 sent once', async () => {
    const pr = await gh.rest.pulls.create({ ...repo, title: 'Plan output', head: 'sequencer/issue-42', base: 'main' });
    expect(pr.data).toMatchObject({ state: 'open', head: { ref: 'sequencer/issue-42', label: 'octo-org:sequencer/issue-42' } });
    const err = await failure(gh.rest.pulls.create({ ...repo, title: 'again', head: 'octo-org:sequencer/issue-42', base: 'main' }));
    expect(isStatus(err, 422)).toBe(true);
    expect(seen('POST', '/repos/octo-org/octo-repo/pulls')).toHaveLength(2);
    const found = await gh.rest.pulls.list({ ...repo, head: 'octo-org:sequencer/issue-42' });
    expect(found.data.map((p) => p.number)).toEqual([pr.data.number]);
  });
});

describe('bodies over 65,536 characters', () => {
  const MAX = 65_536;
  const bodyError = (err: unknown) => (err as { response?: { data?: { errors?: Array<{ resource: string; field: string; message: string }> } } }).response?.data?.errors?.[0];

  it('refuses a comment body over the limit on create and edit with a 422, once, and records every length', async () => {
    fake.addIssue({ number: 5 });
    const ok = await gh.rest.issues.createComment({ ...repo, issue_number: 5, body: 'x'.repeat(MAX) });
    expect(ok.status).toBe(201);
    const created = await failure(gh.rest.issues.createComment({ ...repo, issue_number: 5, body: 'x'.repeat(MAX + 1) }));
    expect(isStatus(created, 422)).toBe(true);
    expect(bodyError(created)).toMatchObject({ resource: 'IssueComment', field: 'body', message: 'body is too long (maximum is 65536 characters)' });
    const edited = await failure(gh.rest.issues.updateComment({ ...repo, comment_id: ok.data.id, body: 'y'.repeat(MAX + 10) }));
    expect(isStatus(edited, 422)).toBe(true);
    expect(fake.comments.find((c) => c.id === ok.data.id)?.body).toBe('x'.repeat(MAX));
    // A 422 is a verdict, not a fault: the client sends it once.
    expect(seen('POST', '/repos/octo-org/octo-repo/issues/5/comments')).toHaveLength(2);
    expect(fake.data.bodies).toEqual([
      { resource: 'IssueComment', method: 'POST', length: MAX, accepted: true },
      { resource: 'IssueComment', method: 'POST', length: MAX + 1, accepted: false },
      { resource: 'IssueComment', method: 'PATCH', length: MAX + 10, accepted: false },
    ]);
  });

  it('refuses a pull request body over the limit on create and update with a 422, and records every length', async () => {
    const big = await failure(gh.rest.pulls.create({ ...repo, title: 'Plan output', head: 'sequencer/issue-7', base: 'main', body: 'x'.repeat(MAX + 1) }));
    expect(isStatus(big, 422)).toBe(true);
    expect(bodyError(big)).toMatchObject({ resource: 'PullRequest', field: 'body', message: 'body is too long (maximum is 65536 characters)' });
    expect(fake.pulls).toHaveLength(0);

    const pr = await gh.rest.pulls.create({ ...repo, title: 'Plan output', head: 'sequencer/issue-7', base: 'main', body: 'x'.repeat(MAX) });
    expect(pr.data.body).toHaveLength(MAX);
    const updated = await failure(gh.rest.pulls.update({ ...repo, pull_number: pr.data.number, body: 'y'.repeat(MAX + 1) }));
    expect(isStatus(updated, 422)).toBe(true);
    expect(fake.pulls[0]?.body).toBe('x'.repeat(MAX));

    const retitled = await gh.rest.pulls.update({ ...repo, pull_number: pr.data.number, title: 'New title', body: 'short' });
    expect(retitled.data).toMatchObject({ title: 'New title', body: 'short' });
    expect(isStatus(await failure(gh.rest.pulls.update({ ...repo, pull_number: 999, body: 'z' })), 404)).toBe(true);

    const sent = fake.data.bodies.filter((b) => b.resource === 'PullRequest');
    expect(sent.map((b) => [b.method, b.length, b.accepted])).toEqual([
      ['POST', MAX + 1, false],
      ['POST', MAX, true],
      ['PATCH', MAX + 1, false],
      ['PATCH', 5, true],
    ]);
    expect(Math.max(...sent.filter((b) => b.accepted).map((b) => b.length))).toBe(MAX);
  });
});

describe('faults and retries', () => {
  it('retries 502 and 503 and then succeeds', async () => {
    fake.addIssue({ number: 1 });
    fake.faults.next(1, 502).next(1, 503);
    const res = await gh.rest.issues.get({ ...repo, issue_number: 1 });
    expect(res.data.number).toBe(1);
    expect(seen('GET', '/repos/octo-org/octo-repo/issues/1').map((r) => r.status)).toEqual([502, 503, 200]);
  });

  it('gives up after the configured number of retries', async () => {
    fake.addIssue({ number: 1 });
    fake.faults.next(10, 500);
    const err = await failure(client({ retries: 2 }).rest.issues.get({ ...repo, issue_number: 1 }));
    expect(isStatus(err, 500)).toBe(true);
    expect(fake.requests).toHaveLength(3);
  });

  it.each([409, 422] as const)('does not retry a %s: the server sees exactly one request', async (kind) => {
    const comment = fake.addComment(1, { login: 'alice', body: 'x' });
    fake.faults.next(1, kind, { methods: ['PATCH'] });
    const err = await failure(gh.rest.issues.updateComment({ ...repo, comment_id: comment.id, body: 'y' }));
    expect(isStatus(err, kind)).toBe(true);
    expect(fake.requests.map((r) => [r.method, r.status])).toEqual([['PATCH', kind]]);
    expect(fake.comments[0]?.body).toBe('x');
  });

  it('an after-effect fault on a write is retried and duplicates the write', async () => {
    fake.addIssue({ number: 1 });
    fake.faults.next(1, 502, { methods: ['POST'], afterEffect: true });
    await gh.rest.issues.createComment({ ...repo, issue_number: 1, body: 'once?' });
    // The reason notifiers must look for their own marker before posting.
    expect(fake.comments.map((c) => c.body)).toEqual(['once?', 'once?']);
    expect(fake.faults.injected).toEqual([{ kind: 502, afterEffect: true, method: 'POST', path: '/repos/octo-org/octo-repo/issues/1/comments' }]);
  });

  it('waits out a 429 primary rate limit, then succeeds', async () => {
    fake.addIssue({ number: 1 });
    fake.faults.next(1, 429);
    const started = Date.now();
    await gh.rest.issues.get({ ...repo, issue_number: 1 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(fake.requests.map((r) => r.status)).toEqual([429, 200]);
    expect(log.lines.some((l) => /^warn: Rate limit hit by GET .*retrying in \d s \(retry 1 of 2\)/.test(l))).toBe(true);
  });

  it('honours retry-after on a secondary rate limit for a write, then gives up after two retries', async () => {
    fake.addIssue({ number: 1 });
    fake.faults.next(1, 'secondary', { methods: ['POST'] });
    const started = Date.now();
    await gh.rest.issues.createComment({ ...repo, issue_number: 1, body: 'hi' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(fake.requests.map((r) => r.status)).toEqual([403, 201]);
    expect(fake.comments).toHaveLength(1);

    fake.faults.next(3, 'secondary', { methods: ['POST'] });
    const err = await failure(gh.rest.issues.createComment({ ...repo, issue_number: 1, body: 'again' }));
    expect(isStatus(err, 403)).toBe(true);
    expect(fake.requests.slice(2).map((r) => r.status)).toEqual([403, 403, 403]);
    expect(log.lines.filter((l) => l.startsWith('warn: Secondary rate limit'))).toHaveLength(4);
    expect(log.lines.at(-1)).toMatch(/giving up \(already retried 2 times\)/);
  });

  it('gives up at once when the hourly limit is used up (reset too far away)', async () => {
    await fake.close();
    fake = await startFakeGitHub({ rateLimit: 2 });
    gh = client();
    fake.addIssue({ number: 1 });
    await gh.rest.issues.get({ ...repo, issue_number: 1 });
    await gh.rest.issues.get({ ...repo, issue_number: 1 });
    const err = await failure(gh.rest.issues.get({ ...repo, issue_number: 1 }));
    expect(isStatus(err, 403)).toBe(true);
    expect(fake.requests).toHaveLength(3);
    expect(log.lines.at(-1)).toMatch(/^warn: Rate limit hit .*giving up \(retry-after \d+ s exceeds 60 s\)/);
  });

  it('random faults are reproducible from the seed', async () => {
    const run = async (seed: number) => {
      const f = await startFakeGitHub();
      try {
        f.addIssue({ number: 1 });
        f.faults.rate(0.5, [500, 502, 503], seed);
        const noRetry = createGitHubClient({ token: f.token, baseUrl: f.url, log, pacing: 'off', retries: 0 });
        const statuses: number[] = [];
        for (let i = 0; i < 12; i++) {
          statuses.push(
            await noRetry.rest.issues.get({ owner: f.owner, repo: f.repo, issue_number: 1 }).then(
              (r) => r.status,
              (e: { status: number }) => e.status,
            ),
          );
        }
        return statuses;
      } finally {
        await f.close();
      }
    };
    const a = await run(42);
    expect(await run(42)).toEqual(a);
    expect(a).toContain(200);
    expect(a.some((s) => s >= 500)).toBe(true);
    expect(await run(7)).not.toEqual(a);
  });
});

describe("held to GitHub's REST description", () => {
  it('records a request GitHub would reject, with the operation and the problem', async () => {
    fake.addIssue({ number: 1 });
    const err = await failure(gh.request('POST /repos/{owner}/{repo}/issues/{issue_number}/comments', { ...repo, issue_number: 1, body: 42 as unknown as string }));
    expect(isStatus(err, 422)).toBe(true);
    expect(fake.takeViolations()).toEqual([
      { method: 'POST', path: '/repos/octo-org/octo-repo/issues/1/comments', status: 422, operation: 'issues/create-comment', problem: expect.stringMatching(/^request: body\/body must be string/) },
    ]);
  });

  it('fails close() while a violation is unaccounted for, naming it', async () => {
    const f = await startFakeGitHub();
    const other = createGitHubClient({ token: f.token, baseUrl: f.url, log, pacing: 'off', retries: 0 });
    await failure(other.request('GET /repos/{owner}/{repo}/issues/{issue_number}/comments', { owner: f.owner, repo: f.repo, issue_number: 1, sort: 'created' }));
    await expect(f.close()).rejects.toThrow(
      /1 exchange\(s\) broke GitHub's REST description:\n- GET \/repos\/octo-org\/octo-repo\/issues\/1\/comments → 404 \[issues\/list-comments\]: request: query parameter "sort" is not one issues\/list-comments takes/,
    );
  });
});
