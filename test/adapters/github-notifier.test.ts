// GitHubNotifier against the fake GitHub server through the real Octokit client: every comment
// is found by its marker before it is posted, so nothing is posted twice, even under faults.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createGitHubClient, type GitHubClient } from '../../src/adapters/github/github-client.js';
import { GitHubNotifier, type GitHubNotifierOptions } from '../../src/adapters/github/github-notifier.js';
import { IssueInbox } from '../../src/adapters/github/issue-inbox.js';
import { leadingMarker } from '../../src/core/render/comment-markers.js';
import { marker } from '../../src/core/render/render-markdown.js';
import type { State } from '../../src/core/state/types.js';
import { startFakeGitHub, type FakeGitHub } from '../fakes/github-server.js';
import { MemoryLog } from '../fakes/ports.js';
import { state } from '../fakes/states.js';

const ISSUE = 42;
let fake: FakeGitHub;
let client: GitHubClient;
let logs: string[];

beforeEach(async () => {
  fake = await startFakeGitHub();
  client = createGitHubClient({ token: fake.token, baseUrl: fake.url, pacing: 'off', retryBaseMs: 2, log: new MemoryLog() });
  logs = [];
  fake.addIssue({ number: ISSUE });
});

afterEach(async () => {
  await fake.close();
});

function notifier(extra: Partial<GitHubNotifierOptions> = {}): GitHubNotifier {
  return new GitHubNotifier({ client, owner: fake.owner, repo: fake.repo, issueNumber: ISSUE, planId: 'issue-42', log: (m) => logs.push(m), retryBaseMs: 2, ...extra });
}

function plan(overrides: Partial<State> = {}): State {
  return state(['a', 'b'], { planId: 'issue-42', ...overrides }, (id) => ({ requiredOutputs: [`out/${id}.md`] }));
}

function blocked(attempts: number): State {
  const runs = Array.from({ length: attempts }, (_, i) => ({ n: i + 1, runId: `issue-42/a/${i + 1}`, startedAt: '2026-01-01T00:00:00Z', outcome: 'failed' as const, exitCode: 1, error: 'boom' }));
  return plan({ status: 'BLOCKED', stepRuns: { a: { status: 'FAILED', tries: attempts, attempts: runs, error: 'boom @team' } }, blockers: ['a: max retries exceeded'] });
}

const ours = () => fake.comments.filter((c) => c.user.login === 'github-actions[bot]');
const withMarker = (m: string) => fake.comments.filter((c) => leadingMarker(c.body) === m);
const sent = (method: string) => fake.requests.filter((r) => r.method === method && r.path.includes('/issues/'));

describe('publishStatus', () => {
  it('creates the status comment once, then edits it in place, skipping unchanged bodies', async () => {
    const n = notifier();
    const first = await n.publishStatus(plan({ revision: 1 }));
    expect(first.changed).toBe(true);
    expect(ours()).toHaveLength(1);
    expect(ours()[0]!.body.startsWith(marker('issue-42', 'status'))).toBe(true);

    const second = await n.publishStatus(plan({ revision: 2, status: 'IN_PROGRESS' }));
    expect(second).toEqual({ commentId: first.commentId, changed: true, url: expect.stringContaining(`#issuecomment-${first.commentId}`) });
    expect(ours()[0]!.body).toMatch(/revision 2/);

    const before = fake.requests.length;
    expect(await n.publishStatus(plan({ revision: 2, status: 'IN_PROGRESS' }))).toEqual({ commentId: first.commentId, changed: false, url: second.url });
    expect(fake.requests.length).toBe(before);
    expect(ours()).toHaveLength(1);
  });

  it('edits by the id kept in the state with one request, and finds it by marker without one', async () => {
    const { commentId } = await notifier().publishStatus(plan({ revision: 1 }));

    const before = fake.countedRequests();
    await notifier().publishStatus(plan({ revision: 2, issue: { number: ISSUE, statusCommentId: commentId } }));
    expect(fake.countedRequests() - before).toBe(1);
    expect(fake.requests.at(-1)).toMatchObject({ method: 'PATCH', path: `/repos/octo-org/octo-repo/issues/comments/${commentId}` });

    // A new process that lost the id searches once, then edits what it found.
    expect(await notifier().publishStatus(plan({ revision: 3 }))).toEqual({ commentId, changed: true, url: expect.stringContaining(`#issuecomment-${commentId}`) });
    expect(ours()).toHaveLength(1);
    expect(ours()[0]!.body).toMatch(/revision 3/);
  });

  it('posts a new status comment when the remembered one was deleted', async () => {
    const gone = 999_999;
    const result = await notifier().publishStatus(plan({ issue: { number: ISSUE, statusCommentId: gone } }));
    expect(result.commentId).not.toBe(gone);
    expect(ours()).toHaveLength(1);
    expect(logs.join('\n')).toMatch(/Status comment 999999 is gone/);
  });

  it('never edits a comment where someone else pasted our marker', async () => {
    const spoof = fake.addComment(ISSUE, { login: 'mallory', body: `${marker('issue-42', 'status')}\nmine now`, association: 'NONE' });
    await notifier().publishStatus(plan());
    expect(fake.data.comment(spoof.id)!.body).toContain('mine now');
    expect(ours()).toHaveLength(1);
  });
});

describe('notify', () => {
  it('posts one blocker notice per blocked episode, across processes', async () => {
    const notice = { kind: 'blocked' as const, stepId: 'a', reason: 'max attempts (3) used up' };
    await notifier().notify(notice, blocked(3));
    await notifier().notify(notice, blocked(3));
    const n = notifier();
    await n.notify(notice, blocked(3));
    expect(withMarker(marker('issue-42', 'blocked', 'a-3'))).toHaveLength(1);
    expect(ours()[0]!.body).toContain('boom @\u200dteam');

    // After /retry the step fails again: a new episode, a new notice.
    await n.notify(notice, blocked(6));
    expect(withMarker(marker('issue-42', 'blocked', 'a-6'))).toHaveLength(1);
    expect(ours()).toHaveLength(2);
  });

  it('posts the final summary once with links, and opens one pull request', async () => {
    const asked: string[][] = [];
    const options: Partial<GitHubNotifierOptions> = {
      links: async (paths) => {
        asked.push(paths);
        return { file: (p) => `https://github.com/octo-org/octo-repo/blob/abc123/${p}` };
      },
      openPullRequest: { head: 'sequencer/issue-42', base: 'main', title: 'Agent Step Sequencer: issue-42' },
    };
    const done = plan({ status: 'DONE', currentStep: 2, artifacts: ['out/a.md', 'out/b.md'] });
    const n = notifier(options);
    await n.notify({ kind: 'done' }, done);
    expect(n.pullRequest).toMatchObject({ kind: 'created', number: expect.any(Number) });
    const again = notifier(options);
    await again.notify({ kind: 'done' }, done);
    expect(again.pullRequest).toMatchObject({ kind: 'exists', number: n.pullRequest && 'number' in n.pullRequest ? n.pullRequest.number : -1 });

    // The status comment becomes the final summary (every output, linked, and the pull request
    // before the footer); one short new comment says it is done and points there.
    expect(withMarker(marker('issue-42', 'summary'))).toHaveLength(1);
    const status = withMarker(marker('issue-42', 'status'));
    expect(status).toHaveLength(1);
    expect(status[0]!.body).toContain('[out/a\\.md](https://github.com/octo-org/octo-repo/blob/abc123/out/a.md)');
    expect(asked[0]).toEqual(['out/a.md', 'out/b.md']);
    expect(fake.pulls).toHaveLength(1);
    const number = fake.pulls[0]!.number;
    const line = `Pull request: #${number} (${fake.pulls[0]!.html_url})`;
    expect(status[0]!.body).toContain(line);
    const doneBody = withMarker(marker('issue-42', 'summary'))[0]!.body;
    expect(doneBody).toContain(`Every step and output is in [the status comment](${status[0]!.html_url}).`);
    expect(doneBody).toContain(line);
    expect(doneBody).not.toContain('out/a');
    // The pull request's body is the final summary, without the line that links it.
    expect(fake.pulls[0]).toMatchObject({ head: { label: 'octo-org:sequencer/issue-42' }, base: { ref: 'main' } });
    expect(fake.pulls[0]!.body).not.toContain('Pull request:');
    expect(fake.pulls[0]!.body).toContain('[out/a\\.md](https://github.com/octo-org/octo-repo/blob/abc123/out/a.md)');
  });

  it('titles the pull request after the plan, and posts the summary when its branch cannot be pushed', async () => {
    const titled = plan({ status: 'DONE', currentStep: 2 });
    titled.plan.title = '  Widget\n report  ';
    const n = notifier({ openPullRequest: { head: 'sequencer-pr/issue-42', base: 'main', title: 'fallback', prepare: async () => Promise.reject(new Error('push refused')) } });
    await n.notify({ kind: 'done' }, titled);
    expect(n.pullRequest).toEqual({ kind: 'not-opened', reason: 'Could not open the pull request from sequencer-pr/issue-42: push refused' });
    expect(fake.pulls).toHaveLength(0);
    expect(
      ours()
        .map((c) => c.body)
        .join('\n'),
    ).not.toContain('Pull request:');

    await notifier({ openPullRequest: { head: 'sequencer-pr/issue-42', base: 'main', title: 'fallback' } }).notify({ kind: 'done' }, titled);
    expect(fake.pulls[0]).toMatchObject({ title: 'Widget report' });
  });

  it('reports a pull request GitHub refuses (422) without failing', async () => {
    fake.faults.next(1, 422, { methods: ['POST'], path: /\/pulls$/ });
    const n = notifier({ openPullRequest: { head: 'sequencer/issue-42', base: 'main', title: 't' } });
    await n.notify({ kind: 'done' }, plan({ status: 'DONE', currentStep: 2 }));
    expect(n.pullRequest).toMatchObject({ kind: 'not-opened', reason: expect.stringMatching(/refused to open a pull request from octo-org:sequencer\/issue-42 into main/) });
    expect(withMarker(marker('issue-42', 'summary'))).toHaveLength(1);
  });

  it('posts nothing for progress notices', async () => {
    await notifier().notify({ kind: 'step-done', stepId: 'a' }, plan());
    await notifier().notify({ kind: 'step-failed', stepId: 'a', error: 'x', willRetry: true }, plan());
    expect(sent('POST')).toHaveLength(0);
  });

  it('posts one cancellation notice per cancel request, naming the stopped step', async () => {
    const cancelled = plan({ status: 'CANCELLED', cancelRequested: { by: 'octocat', at: '2026-01-01T00:00:00.000Z' } });
    await notifier().notify({ kind: 'cancelled', runningStep: 'a' }, cancelled);
    await notifier().notify({ kind: 'cancelled', runningStep: 'a' }, cancelled);
    const posted = ours().filter((c) => c.body.includes('Cancelled'));
    expect(posted).toHaveLength(1);
    expect(posted[0]!.body).toMatch(/`a` was running; its agent was stopped/);
  });
});

describe('proposePlan and postProblem', () => {
  it('posts a proposal once per plan hash and returns its id, hash and GitHub time', async () => {
    const s = plan({ status: 'AWAITING_APPROVAL' });
    const first = await notifier().proposePlan(s);
    const again = await notifier().proposePlan(s);
    expect(again).toEqual(first);
    if (!('postedAt' in first)) throw new Error('not posted');
    expect(first.planHash).toBe(s.planHash);
    expect(first.postedAt).toBe(fake.data.comment(first.commentId)!.created_at);
    expect(first.commentIds).toEqual([first.commentId]);

    const changed = { ...s, planHash: 'sha256:other' };
    const second = await notifier().proposePlan(changed);
    expect('commentId' in second && second.commentId).not.toBe(first.commentId);
    expect(ours()).toHaveLength(2);
  });

  it('edits a proposal found with another body, and counts it as posted when edited', async () => {
    const s = plan({ status: 'AWAITING_APPROVAL' });
    const old = fake.addComment(ISSUE, {
      login: 'github-actions[bot]',
      userType: 'Bot',
      body: `${marker('issue-42', 'proposal', s.planHash)}\nan older rendering without the commands`,
      createdAt: new Date(Date.now() - 120_000),
    });
    const posted = await notifier({ proposal: { agentCommand: 'claude -p', limits: { maxAttempts: 4, attemptTimeoutMinutes: 30 } } }).proposePlan(s);
    if (!('postedAt' in posted)) throw new Error('not posted');
    expect(posted.commentId).toBe(old.id);
    expect(ours()).toHaveLength(1);
    expect(ours()[0]!.body).toMatch(/Attempts per step: 4 · time per attempt: 30 min/);
    expect(posted.postedAt).toBe(fake.data.comment(old.id)!.updated_at);
    expect(Date.parse(posted.postedAt)).toBeGreaterThan(Date.parse(old.created_at));
  });

  it("ends each proposal part with the run's links, and does not edit a part whose only change is another run's", async () => {
    const s = plan({ status: 'AWAITING_APPROVAL' });
    const runOf = (id: number) => async () => ({
      run: {
        runUrl: `https://github.com/o/r/actions/runs/${id}`,
        logsUrl: `https://github.com/o/r/actions/runs/${id}#artifacts`,
        branchUrl: 'https://github.com/o/r/tree/sequencer/issue-42',
        branch: 'sequencer/issue-42',
      },
    });
    const first = await notifier({ links: runOf(1) }).proposePlan(s);
    if (!('postedAt' in first)) throw new Error('not posted');
    expect(ours()[0]!.body.split('\n').at(-1)).toMatch(/^<sub>\[workflow run\]\(https:\/\/github\.com\/o\/r\/actions\/runs\/1\)/);
    const edits = sent('PATCH').length;
    const again = await notifier({ links: runOf(2) }).proposePlan(s);
    // The same proposal, posted at the same time: approvals given since still count.
    expect(again).toEqual(first);
    expect(sent('PATCH').length).toBe(edits);
    expect(ours()).toHaveLength(1);
  });

  it('posts a proposal too long for one comment as parts that GitHub accepts, once', async () => {
    const big = state(
      Array.from({ length: 400 }, (_, i) => `s${i}`),
      { planId: 'issue-42', status: 'AWAITING_APPROVAL' },
      (id) => ({ instruction: `${id}: ${'a long instruction sentence. '.repeat(10)}` }),
    );
    const posted = await notifier().proposePlan(big);
    if (!('postedAt' in posted)) throw new Error('not posted');
    expect(posted.commentIds.length).toBeGreaterThan(1);
    expect(ours().map((c) => c.id)).toEqual(posted.commentIds);
    expect(posted.commentId).toBe(posted.commentIds.at(-1));
    expect(ours().at(-1)!.body).toContain(`Plan hash: \`${big.planHash}\``);
    const posts = sent('POST').length;
    expect(await notifier().proposePlan(big)).toEqual(posted);
    expect(sent('POST').length).toBe(posts);
  });

  it('edits every earlier proposal to say it was superseded, linking the new one; once; and restores one whose plan comes back', async () => {
    const a = plan({ status: 'AWAITING_APPROVAL' });
    const b = state(['a', 'b', 'c'], { planId: 'issue-42', status: 'AWAITING_APPROVAL' });
    const n = notifier();
    const postedA = await n.proposePlan(a);
    const postedB = await n.proposePlan(b);
    if (!('postedAt' in postedA) || !('postedAt' in postedB)) throw new Error('not posted');

    const retiredAt = await notifier().retireProposals(b, postedB);
    const oldA = fake.data.comment(postedA.commentId)!;
    expect(leadingMarker(oldA.body)).toBe(marker('issue-42', 'proposal', a.planHash));
    expect(oldA.body).toMatch(/^### Superseded proposal$/m);
    expect(oldA.body).toContain(`[the proposal of plan \`${b.planHash}\`](${fake.data.comment(postedB.commentId)!.html_url})`);
    expect(oldA.body).not.toMatch(/\/approve/);
    expect(retiredAt).toBe(oldA.updated_at);
    expect(fake.data.comment(postedB.commentId)!.body).toContain(`Plan hash: \`${b.planHash}\``);

    const edits = sent('PATCH').length;
    expect(await notifier().retireProposals(b, postedB)).toBe(retiredAt);
    expect(sent('PATCH').length).toBe(edits);

    // The issue goes back to plan A: its comment shows the plan again, counted from that edit, and B's is superseded.
    const n2 = notifier();
    const again = await n2.proposePlan(a);
    if (!('postedAt' in again)) throw new Error('not posted');
    expect(again.commentId).toBe(postedA.commentId);
    expect(fake.data.comment(postedA.commentId)!.body).toContain(`Plan hash: \`${a.planHash}\``);
    expect(Date.parse(again.postedAt)).toBeGreaterThanOrEqual(Date.parse(retiredAt!));
    await n2.retireProposals(a, again);
    expect(fake.data.comment(postedB.commentId)!.body).toMatch(/^### Superseded proposal$/m);
    expect(ours()).toHaveLength(2);
  });

  it('with no newer proposal, says every proposal was withdrawn; with none at all, edits nothing', async () => {
    expect(await notifier().retireProposals(plan(), null)).toBeNull();
    const a = plan({ status: 'AWAITING_APPROVAL' });
    const posted = await notifier().proposePlan(a);
    if (!('postedAt' in posted)) throw new Error('not posted');
    const at = await notifier().retireProposals(a, null, 'the issue now holds a plan that was refused');
    expect(fake.data.comment(posted.commentId)!.body).toMatch(
      /### Withdrawn proposal\n\nThis proposal of plan `sha256:[0-9a-f]{64}` was withdrawn: the issue now holds a plan that was refused\. It can no longer be approved\./,
    );
    expect(at).toBe(fake.data.comment(posted.commentId)!.updated_at);
  });

  it('tells each distinct problem once', async () => {
    await notifier().postProblem('No plan found @here');
    await notifier().postProblem('No plan found @here');
    await notifier().postProblem('The ```json block at line 3 is not valid JSON');
    expect(ours()).toHaveLength(2);
    expect(ours()[0]!.body).toContain('No plan found @\u200dhere');
  });
});

describe('whose comments are ours', () => {
  it("never finds, edits or counts a comment it did not post: a triage collaborator's or another bot's with our marker", async () => {
    const m = marker('issue-42', 'status');
    const person = fake.addComment(ISSUE, { login: 'triager', association: 'COLLABORATOR', body: `${m}\nstatus: all fine` });
    const otherBot = fake.addComment(ISSUE, { login: 'renovate[bot]', userType: 'Bot', association: 'NONE', body: `${m}\nstatus: all fine` });
    const published = await notifier().publishStatus(plan());
    expect(published.commentId).not.toBe(person.id);
    expect(published.commentId).not.toBe(otherBot.id);
    expect(fake.comments.find((c) => c.id === person.id)?.body).toBe(`${m}\nstatus: all fine`);
    expect(withMarker(m).map((c) => c.user.login)).toEqual(['triager', 'renovate[bot]', 'github-actions[bot]']);
    // Who we are is asked once, of GraphQL (REST's GET /user refuses installation tokens).
    expect(fake.requests.filter((r) => r.path === '/graphql')).toHaveLength(1);
  });

  it('when GitHub will not say who the token is, takes no earlier comment for ours, and learns it from the first comment it posts', async () => {
    const m = marker('issue-42', 'status');
    const earlier = fake.addComment(ISSUE, { login: 'github-actions[bot]', userType: 'Bot', association: 'NONE', body: `${m}\nold status` });
    fake.faults.next(10, 500, { path: /^\/graphql$/ });
    const n = notifier();
    const first = await n.publishStatus(plan());
    // Failing closed costs a second status comment, never someone else's adopted.
    expect(first.commentId).not.toBe(earlier.id);
    expect(logs.join('\n')).toMatch(/Could not ask GitHub who the token posts as/);
    expect(await n.identity.login()).toBe('github-actions[bot]');
  });
});

describe('under injected faults', () => {
  it('posts a comment once when GitHub answers its POST with a rate limit after the write took effect', async () => {
    for (const kind of ['secondary', 429] as const) {
      fake.comments.splice(0);
      fake.faults.clear();
      fake.faults.next(1, kind, { methods: ['POST'], afterEffect: true });
      const result = await notifier().publishStatus(plan({ revision: 1 }));
      expect(
        fake.faults.injected.map((f) => `${f.method} ${f.kind} ${f.afterEffect}`),
        String(kind),
      ).toEqual([`POST ${kind} true`]);
      expect(
        withMarker(marker('issue-42', 'status')).map((c) => c.id),
        String(kind),
      ).toEqual([result.commentId]);
      fake.faults.injected.splice(0);
    }
  });

  it('posts exactly one comment per marker when 20% of writes fail after taking effect', async () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      fake.faults.clear();
      fake.comments.splice(0);
      fake.faults.rate(0.2, [502, 500, 503], seed, { methods: ['POST', 'PATCH'], afterEffect: true });
      const n = notifier();
      const box = new IssueInbox({
        client,
        owner: fake.owner,
        repo: fake.repo,
        issueNumber: ISSUE,
        policy: { planIssue: ISSUE, approvers: ['alice'] },
        retryBaseMs: 2,
        reactions: false,
      });
      for (let i = 0; i < 3; i++) fake.addComment(ISSUE, { login: 'alice', body: `/status ${i}` });

      await n.proposePlan(plan({ status: 'AWAITING_APPROVAL' }));
      const { items } = await box.read({});
      for (const item of items) await box.reply(item, 'noted');
      for (let r = 1; r <= 4; r++) await n.publishStatus(plan({ revision: r }));
      for (const attempts of [3, 6, 9]) await n.notify({ kind: 'blocked', stepId: 'a', reason: 'x' }, blocked(attempts));
      await n.notify({ kind: 'done' }, plan({ status: 'DONE', currentStep: 2 }));
      // A second process repeating everything finds it all.
      const m = notifier();
      await m.proposePlan(plan({ status: 'AWAITING_APPROVAL' }));
      await m.notify({ kind: 'done' }, plan({ status: 'DONE', currentStep: 2 }));
      await m.notify({ kind: 'blocked', stepId: 'a', reason: 'x' }, blocked(9));

      const markers = ours().map((c) => leadingMarker(c.body));
      expect(new Set(markers).size, `seed ${seed}: ${markers.join(', ')}`).toBe(markers.length);
      // proposal, 3 replies, status, 3 blocker notices, summary
      expect(markers, `seed ${seed}`).toHaveLength(9);
      expect(fake.faults.injected.filter((f) => f.method === 'POST').length, `seed ${seed}`).toBeGreaterThan(0);
    }
  });
});
