// Who may approve (DESIGN §7), end to end through the bundled Action: only `created` comments on
// the plan's own issue, by people whose repository permission is write, maintain or admin (asked
// of GitHub for every commenter: the association in the payload does not decide).
// Everyone else changes nothing of the plan (the state records only that their comment was read,
// so no later run answers it again); those whose command was read get a short reply saying why,
// while edited comments and comments on other issues are ignored without a word.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueCommentEdited } from '../fakes/webhook-payloads.js';
import type { State } from '../../src/core/state/types.js';
import { ActionHarness, runReport, type ActionRun } from './action-harness.js';
import { planPart, removeTempDirs } from './helpers.js';

afterAll(removeTempDirs);

const PLAN = {
  title: 'Guarded plan',
  steps: { 'step-1': { title: 'Only after approval', instruction: 'Write guarded.md', requiredOutputs: ['guarded.md'] } },
};
const ISSUE = 31;
const PLAN_ID = `issue-${ISSUE}`;
const BRANCH = `sequencer/${PLAN_ID}`;

function expectOk(run: ActionRun): void {
  expect(run.code, runReport(run)).toBe(0);
}

describe('unauthorized /approve (local node)', () => {
  let h: ActionHarness;
  let tip: string | undefined;
  let proposed: State | null;

  beforeAll(async () => {
    h = await ActionHarness.create();
    h.fake.setPermission('reader', 'read');
    h.fake.setPermission('writer', 'write');
    expectOk(await h.openIssue(ISSUE, PLAN));
    tip = (await h.remoteBranches())[BRANCH];
    expect(tip).toBeDefined();
    proposed = await h.remoteState(PLAN_ID);
  });
  afterAll(async () => h?.close());

  async function expectUntouched(): Promise<void> {
    const state = await h.remoteState(PLAN_ID);
    expect(state?.status).toBe('AWAITING_APPROVAL');
    expect(planPart(state)).toEqual(planPart(proposed));
    // Each commit since the proposal only records a refused command as read.
    for (const subject of await h.subjectsSince(BRANCH, tip!)) expect(subject).toMatch(/^sequencer\(issue-31\): commands: \/[a-z]+ \(refused\)$/);
  }

  const replyTo = (commentId: number) => h.botComments(ISSUE, 'reply').filter((c) => c.body.startsWith(`<!-- agent-step-sequencer:reply:${commentId} -->`));

  it.each([
    // The association never decides: GitHub's answer for the login does (none here).
    ['no association (NONE)', 'drive-by', 'NONE', /@\u200d?drive-by: commands need write, maintain or admin permission; drive-by has no permission/],
    ['a contributor', 'contrib', 'CONTRIBUTOR', /@\u200d?contrib: commands need write, maintain or admin permission; contrib has no permission/],
    ['a collaborator with read permission', 'reader', 'COLLABORATOR', /@\u200d?reader: commands need write, maintain or admin permission; reader has read permission/],
  ] as const)('%s: no state change, one reply saying why', async (_who, login, association, why) => {
    const said = h.say(ISSUE, login, '/approve', association);
    const run = await said.deliver();
    expectOk(run);
    expect(run.outputs.status).toBe('AWAITING_APPROVAL');
    await expectUntouched();
    const replies = replyTo(said.comment.id);
    expect(replies).toHaveLength(1);
    expect(replies[0]!.body).toMatch(why);
    expect(h.fake.data.reactions.get(said.comment.id)?.map((r) => r.content)).toEqual(['confused']);

    expect(run.stdout).toContain(`::warning::Command /approve from ${login} refused`);

    // Delivered again: still nothing, and no second reply. The comment was read and answered
    // once: the later run neither annotates it nor reacts to it again, and it writes nothing.
    const requests = h.fake.requests.length;
    const before = await h.remoteTip(BRANCH);
    const again = await said.deliver();
    expectOk(again);
    await expectUntouched();
    expect(replyTo(said.comment.id)).toHaveLength(1);
    expect(again.stdout).not.toContain('::warning::Command ');
    expect(h.fake.requests.slice(requests).filter((r) => r.path.endsWith('/reactions'))).toEqual([]);
    expect(await h.remoteTip(BRANCH)).toBe(before);
  });

  it('a later /status from someone refused before gets a reply of its own; nothing earlier is answered again', async () => {
    // reader's /approve was refused in an earlier run: it must not use up this run's reply to reader.
    const requests = h.fake.requests.length;
    const said = h.say(ISSUE, 'reader', '/status');
    const run = await said.deliver();
    expectOk(run);
    await expectUntouched();
    expect(replyTo(said.comment.id).map((c) => c.body)).toEqual([expect.stringMatching(/reader has read permission/)]);
    expect(run.stdout.split('\n').filter((l) => l.startsWith('::warning::Command '))).toEqual([expect.stringMatching(/^::warning::Command \/status from reader refused/)]);
    const reactedTo = h.fake.requests.slice(requests).filter((r) => r.method === 'POST' && r.path.endsWith('/reactions'));
    expect(reactedTo.map((r) => r.path)).toEqual([expect.stringContaining(`/comments/${said.comment.id}/reactions`)]);
    // Its commit names what this run read, not the commands of earlier runs.
    expect((await h.remoteLog(BRANCH)).at(-1)?.subject).toBe(`sequencer(${PLAN_ID}): commands: /status (refused)`);
  });

  it('a writer approving on another issue: ignored, no reply', async () => {
    h.fake.addIssue({ number: ISSUE + 1, title: 'Unrelated' });
    const said = h.say(ISSUE + 1, 'writer', '/approve');
    const run = await said.deliver();
    expectOk(run);
    await expectUntouched();
    expect((await h.remoteBranches())[`sequencer/issue-${ISSUE + 1}`]).toBeUndefined();
    expect(h.botComments(ISSUE + 1)).toHaveLength(0);
  });

  it('a comment edited into /approve: the edited event and later ticks ignore it, no reply', async () => {
    const comment = h.fake.addComment(ISSUE, { login: 'writer', body: 'Thanks, will look later.', association: 'COLLABORATOR', createdAt: new Date(Date.now() - 30_000) });
    h.fake.editComment(comment.id, '/approve');
    const payload = issueCommentEdited({
      owner: h.owner,
      repo: h.repo,
      issueNumber: ISSUE,
      commentId: comment.id,
      body: '/approve',
      previousBody: 'Thanks, will look later.',
      login: 'writer',
      association: 'COLLABORATOR',
      apiUrl: h.fake.url,
    });
    const run = await h.run({ eventName: 'issue_comment', payload });
    expectOk(run);
    expect(run.outputs.status).toBe('IGNORED');
    await expectUntouched();

    // The heartbeat reads the issue's comments itself; the edit must not count there either.
    const heartbeat = await h.tick();
    expectOk(heartbeat);
    await expectUntouched();
    expect(replyTo(comment.id)).toHaveLength(0);
  });

  it("after all that, a writer's /approve still works", async () => {
    const said = h.say(ISSUE, 'writer', '/approve');
    const run = await said.deliver();
    expectOk(run);
    expect(run.outputs.status).toBe('DONE');
    expect((await h.remoteState(PLAN_ID))?.approval).toMatchObject({ by: 'writer', commentId: said.comment.id });
    // No refused command was answered twice along the way.
    const replies = h.botComments(ISSUE, 'reply').map((c) => /reply:(\d+)/.exec(c.body)?.[1]);
    expect(new Set(replies).size).toBe(replies.length);
    // The approving run's commit names the approval alone, not the refused commands before it.
    const subjects = (await h.remoteLog(BRANCH)).map((c) => c.subject).filter((x) => x.includes(': commands: ') && !x.includes('(refused)'));
    expect(subjects).toEqual([`sequencer(${PLAN_ID}): commands: /approve`]);
  });
});
