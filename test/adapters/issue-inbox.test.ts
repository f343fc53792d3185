// IssueInbox against the fake GitHub server through the real Octokit client.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createGitHubClient, type GitHubClient } from '../../src/adapters/github/github-client.js';
import { IssueInbox, type IssueInboxOptions } from '../../src/adapters/github/issue-inbox.js';
import { replyMarker } from '../../src/core/render/comment-markers.js';
import { tick, type EngineConfig } from '../../src/engine/index.js';
import type { InboxRead } from '../../src/ports.js';
import { startFakeGitHub, type FakeGitHub } from '../fakes/github-server.js';
import { FakeAgent, FakeClock, FakeOwners, FakeVerifier, FakeWorkspace, MemoryAttemptFiles, MemoryLog, MemoryStore, RecordingNotifier, engineConfig } from '../fakes/ports.js';
import { state } from '../fakes/states.js';

const ISSUE = 42;
let fake: FakeGitHub;
let client: GitHubClient;
let logs: string[];

beforeEach(async () => {
  fake = await startFakeGitHub();
  client = createGitHubClient({ token: fake.token, baseUrl: fake.url, pacing: 'off', retryBaseMs: 5, log: new MemoryLog() });
  logs = [];
  fake.addIssue({ number: ISSUE });
  fake.setPermission('writer', 'write');
  fake.setPermission('maintainer', 'maintain');
  fake.setPermission('reader', 'read');
});

afterEach(async () => {
  await fake.close();
});

function inbox(extra: Partial<IssueInboxOptions> = {}): IssueInbox {
  return new IssueInbox({
    client,
    owner: fake.owner,
    repo: fake.repo,
    issueNumber: ISSUE,
    policy: { planIssue: ISSUE, approvers: [] },
    log: (m) => logs.push(m),
    retryBaseMs: 5,
    ...extra,
  });
}

const say = (login: string, body: string, association: 'COLLABORATOR' | 'NONE' | 'OWNER' = 'COLLABORATOR') => fake.addComment(ISSUE, { login, body, association });
const permissionChecks = () => fake.requests.filter((r) => r.path.includes('/collaborators/')).length;
const memoOf = (read: InboxRead) => read.memo ?? {};

describe('IssueInbox.read', () => {
  it('turns authorized command comments into items, oldest first, and skips everything else', async () => {
    const approve = say('writer', '/approve delay=2\nlooks good');
    say('writer', 'just chatting about /approve');
    say('github-actions[bot]', '/cancel from ourselves');
    fake.addComment(ISSUE, { login: 'dependabot[bot]', body: '/skip', userType: 'Bot', association: 'NONE' });
    const status = say('maintainer', '/status');

    const read = await inbox().read({ lastCommentId: 0 });
    expect(read.items).toEqual([
      { cursor: approve.id, command: { kind: 'approve', by: 'writer', delayMinutes: 2, commentId: approve.id, at: approve.created_at, previousCommentAt: null } },
      { cursor: status.id, command: { kind: 'status', by: 'maintainer' } },
    ]);
    expect(read.memo).toEqual({ lastCommentId: status.id, commentsSince: status.created_at, commentsEtag: expect.stringMatching(/^"/) });
  });

  it('ignores a comment edited into a command after it was posted (only new comments count)', async () => {
    const old = fake.addComment(ISSUE, { login: 'writer', body: 'thanks!', association: 'COLLABORATOR', createdAt: new Date(Date.now() - 60_000) });
    fake.editComment(old.id, '/approve');
    const fresh = say('writer', '/status');
    const read = await inbox().read({ lastCommentId: 0 });
    expect(read.items.map((i) => i.cursor)).toEqual([fresh.id]);
  });

  it('refuses commands from people without write access, naming why, and asks GitHub once per login for the whole run', async () => {
    const a = say('reader', '/cancel');
    const b = say('reader', '/retry');
    const c = say('drive-by', '/approve', 'NONE');
    const d = say('writer', '/frobnicate');

    const box = inbox();
    const read = await box.read({});
    expect(read.items).toEqual([
      { cursor: a.id, command: { kind: 'cancel', by: 'reader' }, refusal: 'commands need write, maintain or admin permission; reader has read permission', unauthorized: true },
      { cursor: b.id, command: { kind: 'retry', by: 'reader' }, refusal: 'commands need write, maintain or admin permission; reader has read permission', unauthorized: true },
      { cursor: c.id, command: { kind: 'approve', by: 'drive-by' }, refusal: 'commands need write, maintain or admin permission; drive-by has no permission', unauthorized: true },
      { cursor: d.id, command: { kind: 'status', by: 'writer' }, refusal: expect.stringMatching(/^unknown command "\/frobnicate"/), label: '/frobnicate' },
    ]);
    // reader (cached for the second comment), drive-by (an association never decides) and writer.
    expect(permissionChecks()).toBe(3);
    // Later reads of the same run (after each step, each second while an agent runs) ask nothing again.
    say('drive-by', '/cancel', 'NONE');
    await box.read({});
    expect(permissionChecks()).toBe(3);
  });

  it('a private member of the organisation with write access may command whatever the association says', async () => {
    fake.setPermission('private-member', 'write');
    const a = say('private-member', '/cancel', 'NONE');
    const read = await inbox().read({});
    expect(read.items).toEqual([{ cursor: a.id, command: { kind: 'cancel', by: 'private-member' } }]);
  });

  it('an approvers list narrows who may command; a listed login still needs write permission', async () => {
    fake.setPermission('Outside-Helper', 'write');
    const a = say('writer', '/cancel');
    const b = say('Outside-Helper', '/resume', 'NONE');
    const c = say('listed-reader', '/resume', 'NONE');
    const read = await inbox({ policy: { planIssue: ISSUE, approvers: ['outside-helper', 'listed-reader'] } }).read({});
    expect(read.items).toEqual([
      { cursor: a.id, command: { kind: 'cancel', by: 'writer' }, refusal: 'only the logins in the approvers list may command this plan', unauthorized: true },
      { cursor: b.id, command: { kind: 'resume', by: 'Outside-Helper' } },
      { cursor: c.id, command: { kind: 'resume', by: 'listed-reader' }, refusal: 'commands need write, maintain or admin permission; listed-reader has no permission', unauthorized: true },
    ]);
    // The unlisted writer costs no call; both listed logins are checked.
    expect(permissionChecks()).toBe(2);
  });

  it('reads only after the cursor, and an unchanged issue costs no rate limit (304)', async () => {
    const first = say('writer', '/status');
    const box = inbox();
    const r1 = await box.read({});
    expect(r1.items.map((i) => i.cursor)).toEqual([first.id]);

    // The engine merges the memo into state.inbox; the next read starts from there.
    const r2 = await box.read(memoOf(r1));
    expect(r2.items).toEqual([]);
    const query = new URLSearchParams(fake.requests.filter((r) => r.path.endsWith(`/issues/${ISSUE}/comments`)).at(-1)!.query);
    // `since` looks back a minute from the newest comment seen, in GitHub's whole-second form.
    expect(query.get('since')).toBe(new Date(Date.parse(first.created_at) - 60_000).toISOString().replace('.000Z', 'Z'));

    const counted = fake.countedRequests();
    const r3 = await box.read({ ...memoOf(r1), ...memoOf(r2) });
    expect(r3).toEqual({ items: [] });
    expect(fake.requests.at(-1)).toMatchObject({ status: 304, counted: false });
    expect(fake.countedRequests()).toBe(counted);

    const next = say('writer', '/cancel');
    const r4 = await box.read({ ...memoOf(r1), ...memoOf(r2) });
    expect(r4.items.map((i) => i.command.kind)).toEqual(['cancel']);
    expect(r4.memo).toMatchObject({ lastCommentId: next.id });
  });

  it('reads every page of a busy issue and keeps no ETag for a full first page', async () => {
    for (let i = 0; i < 150; i++) say('writer', `comment ${i}`);
    const last = say('writer', '/resume');
    const read = await inbox().read({});
    expect(read.items.map((i) => i.cursor)).toEqual([last.id]);
    expect(read.memo).toMatchObject({ lastCommentId: last.id, commentsEtag: null });
    const pages = fake.requests.filter((r) => r.path.endsWith(`/issues/${ISSUE}/comments`)).map((r) => new URLSearchParams(r.query).get('page'));
    expect(pages).toEqual([null, '2']);
  });

  it('gives a bare /approve the time its author last commented: from the listing, or from the whole issue when the listing starts later', async () => {
    const question = fake.addComment(ISSUE, { login: 'writer', body: 'Why step 2?', association: 'COLLABORATOR', createdAt: new Date(Date.now() - 3_600_000) });
    say('maintainer', 'Looking now.');
    const box = inbox();
    const r1 = await box.read({});
    expect(r1.items).toEqual([]);
    const unlisted = () => fake.requests.filter((r) => r.path.endsWith(`/issues/${ISSUE}/comments`) && !new URLSearchParams(r.query).has('since')).length;
    const before = unlisted();

    // The read lists from a minute before its last look: the question is older, so the whole issue is listed once.
    fake.setPermission('Writer', 'write');
    const first = say('Writer', '/approve');
    say('maintainer', 'fine by me');
    const second = say('writer', '/approve');
    const named = say('writer', '/approve 0123abcd4567');
    const r2 = await box.read(memoOf(r1));
    expect(r2.items.map((i) => i.command)).toEqual([
      { kind: 'approve', by: 'Writer', commentId: first.id, at: first.created_at, previousCommentAt: question.created_at },
      { kind: 'approve', by: 'writer', commentId: second.id, at: second.created_at, previousCommentAt: first.created_at },
      { kind: 'approve', by: 'writer', planHash: 'sha256:0123abcd4567', commentId: named.id, at: named.created_at },
    ]);
    expect(unlisted() - before).toBe(1);

    // Someone who never commented before.
    const newcomer = say('maintainer-2', '/approve');
    fake.setPermission('maintainer-2', 'maintain');
    const r3 = await box.read({ ...memoOf(r1), ...memoOf(r2) });
    expect(r3.items.map((i) => i.command)).toEqual([{ kind: 'approve', by: 'maintainer-2', commentId: newcomer.id, at: newcomer.created_at, previousCommentAt: null }]);
  });

  it('stops before a comment whose author cannot be checked, and picks it up on the next read', async () => {
    const ok = say('writer', '/status');
    const pending = say('maintainer', '/cancel');
    const noRetry = createGitHubClient({ token: fake.token, baseUrl: fake.url, pacing: 'off', retries: 0, log: new MemoryLog() });
    fake.faults.next(1, 502, { path: /\/collaborators\/maintainer\/permission$/ });

    const r1 = await inbox({ client: noRetry }).read({});
    expect(r1.items.map((i) => i.cursor)).toEqual([ok.id]);
    expect(r1.memo).toEqual({ lastCommentId: ok.id, commentsSince: null, commentsEtag: null });
    expect(logs.join('\n')).toMatch(/Could not check @maintainer's permission for comment \d+; trying again next tick/);

    const r2 = await inbox().read(memoOf(r1));
    expect(r2.items).toEqual([{ cursor: pending.id, command: { kind: 'cancel', by: 'maintainer' } }]);
  });
});

describe('IssueInbox.reply', () => {
  it('answers each command once, quoting it, and reacts 👍 or 😕', async () => {
    const cmd = say('writer', '/approve\nthanks @everyone');
    const refused = say('reader', '/skip');
    const box = inbox();
    const { items } = await box.read({});
    await box.reply(items[0]!, 'Approved; starting step-1.');
    await box.reply(items[1]!, items[1]!.refusal!);
    // A tick that retries its replies (or a second process) must not answer again.
    await box.reply(items[0]!, 'Approved; starting step-1.');
    await inbox().reply(items[1]!, items[1]!.refusal!);

    const replies = fake.comments.filter((c) => c.user.login === 'github-actions[bot]');
    expect(replies.map((c) => c.body)).toEqual([
      [replyMarker(cmd.id), '> /approve', '', '@writer: Approved; starting step-1.'].join('\n'),
      [replyMarker(refused.id), '> /skip', '', '@reader: commands need write, maintain or admin permission; reader has read permission'].join('\n'),
    ]);
    expect(fake.data.reactions.get(cmd.id)?.map((r) => r.content)).toEqual(['+1']);
    expect(fake.data.reactions.get(refused.id)?.map((r) => r.content)).toEqual(['confused']);
  });

  it('posts exactly one reply when GitHub answers the write that happened with a 502', async () => {
    const cmd = say('writer', '/status');
    const box = inbox({ reactions: false });
    const { items } = await box.read({});
    fake.faults.next(2, 502, { methods: ['POST'], afterEffect: true });
    await box.reply(items[0]!, 'Plan is AWAITING_APPROVAL.');
    const replies = fake.comments.filter((c) => c.body.startsWith(replyMarker(cmd.id)));
    expect(replies).toHaveLength(1);
    expect(fake.faults.injected.filter((f) => f.method === 'POST')).toHaveLength(1);
    expect(logs.join('\n')).toMatch(/checking whether it landed/);
  });
});

describe('IssueInbox with the engine', () => {
  it('applies an /approve comment once across ticks and answers it once, with a reaction (the status comment says what it did)', async () => {
    const proposed = state(['a'], { status: 'AWAITING_APPROVAL', approval: null, planId: 'issue-42' });
    // Posted a minute ago, so the approval below was written after it.
    const postedAt = new Date(Date.now() - 60_000).toISOString();
    const awaiting = { ...proposed, proposal: { at: postedAt, planHash: proposed.planHash, postedAt, commentId: 1 } };
    const store = new MemoryStore(awaiting);
    const workspace = new FakeWorkspace();
    const cfg = engineConfig({ commandsOnly: true, owner: { kind: 'actions', runId: '1', runAttempt: 1 }, graceMs: 10 });
    const deps = () => ({
      clock: new FakeClock(Date.now()),
      store,
      agent: new FakeAgent(() => ({}), workspace),
      workspace,
      owners: new FakeOwners(),
      notifier: new RecordingNotifier(),
      log: new MemoryLog(),
      inbox: inbox(),
      verifier: new FakeVerifier(workspace),
      attemptFiles: new MemoryAttemptFiles(),
    });
    const approve = say('writer', '/approve');

    await tick(deps(), cfg);
    expect(store.current).toMatchObject({ status: 'IN_PROGRESS', approval: { by: 'writer', commentId: approve.id }, inbox: { lastCommentId: approve.id } });
    const writes = store.writes.length;
    await tick(deps(), cfg);
    expect(store.writes).toHaveLength(writes);
    // A quiet thread: no reply, one 👍, and the state keeps what it did for the status comment.
    expect(fake.comments.filter((c) => c.body.startsWith(replyMarker(approve.id)))).toHaveLength(0);
    expect(fake.data.reactions.get(approve.id)?.map((r) => r.content)).toEqual(['+1']);
    expect(store.current?.recentCommands).toEqual([
      { at: expect.any(String), by: 'writer', command: '/approve', outcome: expect.stringMatching(/^Approved plan [0-9a-f]{12} by @writer\. Starting\.$/) },
    ]);
  });
});
