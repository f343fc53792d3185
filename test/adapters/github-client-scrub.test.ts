// Every write to GitHub passes through the client: with `scrub`, no comment, edit, reply or pull
// request carries a known secret, whichever code path posts it.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createGitHubClient, type GitHubClient } from '../../src/adapters/github/github-client.js';
import { GitHubNotifier } from '../../src/adapters/github/github-notifier.js';
import { createScrubber } from '../../src/core/trust/secrets.js';
import { startFakeGitHub, type FakeGitHub } from '../fakes/github-server.js';
import { MemoryLog } from '../fakes/ports.js';
import { state } from '../fakes/states.js';

const KEY = 'sk-live-0123456789abcdefghijklmn';
const b64 = (s: string) => Buffer.from(s).toString('base64');
let fake: FakeGitHub;
let client: GitHubClient;

beforeEach(async () => {
  fake = await startFakeGitHub();
  client = createGitHubClient({ token: fake.token, baseUrl: fake.url, pacing: 'off', retryBaseMs: 2, log: new MemoryLog(), scrub: createScrubber([KEY, fake.token]).scrub });
  fake.addIssue({ number: 42 });
});

afterEach(async () => {
  await fake.close();
});

describe('createGitHubClient with scrub', () => {
  it('scrubs comment bodies on create and edit, and pull request titles and bodies', async () => {
    const { owner, repo } = fake;
    const created = await client.rest.issues.createComment({ owner, repo, issue_number: 42, body: `key ${KEY}, token ${b64(`x-access-token:${fake.token}`)}` });
    await client.rest.issues.updateComment({ owner, repo, comment_id: created.data.id, body: `edited ${b64(KEY)}` });
    expect(fake.data.comment(created.data.id)!.body).toBe('edited ***');
    expect(created.data.body).toBe('key ***, token ***');
    // Reading is untouched: only what we send is scrubbed.
    const listed = await client.rest.issues.listComments({ owner, repo, issue_number: 42 });
    expect(listed.data.map((c) => c.body)).toEqual(['edited ***']);
  });

  it('scrubs what the notifier posts, e.g. a blocker quoting the agent', async () => {
    const notifier = new GitHubNotifier({ client, owner: fake.owner, repo: fake.repo, issueNumber: 42, planId: 'issue-42', retryBaseMs: 2 });
    const s = state(['a'], { planId: 'issue-42', status: 'BLOCKED', stepRuns: { a: { status: 'FAILED', tries: 1, error: `agent printed ${KEY}` } } });
    await notifier.notify({ kind: 'blocked', stepId: 'a', reason: `check said ${KEY}` }, s);
    const bodies = fake.comments.map((c) => c.body).join('\n');
    expect(bodies).toContain('agent printed ***');
    expect(bodies).not.toContain(KEY);
  });

  it("keeps a comment's hidden marker whole, so the comment is still found and not posted twice", async () => {
    const odd = createGitHubClient({ token: fake.token, baseUrl: fake.url, pacing: 'off', retryBaseMs: 2, log: new MemoryLog(), scrub: createScrubber(['sequencer:status']).scrub });
    const notifier = new GitHubNotifier({ client: odd, owner: fake.owner, repo: fake.repo, issueNumber: 42, planId: 'issue-42', retryBaseMs: 2 });
    const s = state(['a'], { planId: 'issue-42', plan: { title: 'about sequencer:status', steps: { a: { title: 'A', instruction: 'I' } } } });
    await notifier.publishStatus(s);
    await new GitHubNotifier({ client: odd, owner: fake.owner, repo: fake.repo, issueNumber: 42, planId: 'issue-42', retryBaseMs: 2 }).publishStatus({ ...s, revision: 2 });
    expect(fake.comments).toHaveLength(1);
    expect(fake.comments[0]!.body).toMatch(/^<!-- agent-step-sequencer:status:issue-42 -->\n### about \*\*\*/);
  });
});
