// Nothing runs before a writer acts (DESIGN §9), end to end through the bundled Action: an issue
// without a plan block is a request, and drafting a plan from it runs the agent with the job's
// secrets. From someone without write access it gets one comment saying a maintainer can reply
// `/draft`, and the agent never starts, however often the issue is edited; a writer's `/draft`
// drafts the plan and proposes it.
import { chmod, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTION_RUNTIMES, RUNTIME_MATRIX } from './node24.js';
import type { AuthorAssociation } from '../fakes/github-server.js';
import { issueCommentCreated, issuesEdited, issuesOpened } from '../fakes/webhook-payloads.js';
import { ActionHarness, runReport, type ActionRun } from './action-harness.js';
import { statePlanHash } from '../../src/core/tick/approval-check.js';
import { answeredCommands } from '../../src/core/render/comment-markers.js';
import { readAgentCalls, removeTempDirs } from './helpers.js';

afterAll(removeTempDirs);

/** Multi-step by the request rules (sequential language): drafting it needs the agent. */
const REQUEST = 'First research cron-driven job runners, then compare three of them, and finally write report.md with a recommendation.';

function expectOk(run: ActionRun): void {
  expect(run.code, runReport(run)).toBe(0);
}

/** An issue with the trigger label and no plan block, opened by `author` (an App's account is a `Bot`). */
function openRequest(h: ActionHarness, issueNumber: number, author: string, node: string, authorType: 'User' | 'Bot' = 'User', inputs?: Record<string, string>): Promise<ActionRun> {
  h.fake.addIssue({ number: issueNumber, title: 'Scheduler report', body: REQUEST, labels: ['sequencer'], login: author });
  const payload = issuesOpened({
    owner: h.owner,
    repo: h.repo,
    issueNumber,
    issueBody: REQUEST,
    title: 'Scheduler report',
    labels: ['sequencer'],
    sender: author,
    senderType: authorType,
    apiUrl: h.fake.url,
  });
  return h.run({ eventName: 'issues', payload, node, ...(inputs ? { inputs } : {}) });
}

/** `login` replies `/draft` on the labelled issue: the comment on the fake, and its event. */
function draft(h: ActionHarness, issueNumber: number, login: string, association: AuthorAssociation) {
  const comment = h.fake.addComment(issueNumber, { login, body: '/draft', association });
  const payload = issueCommentCreated({
    owner: h.owner,
    repo: h.repo,
    issueNumber,
    commentId: comment.id,
    body: '/draft',
    login,
    association,
    labels: ['sequencer'],
    issueBody: REQUEST,
    title: 'Scheduler report',
    apiUrl: h.fake.url,
  });
  return { comment, payload };
}

describe.each(ACTION_RUNTIMES)('a request from someone without write access (%s)', RUNTIME_MATRIX, (_name, nodeOf) => {
  let h: ActionHarness;
  beforeAll(async () => {
    h = await ActionHarness.create();
  });
  afterAll(async () => h?.close());

  it('opened and edited twice: the agent never starts, one comment says a maintainer can reply /draft', async () => {
    const node = await nodeOf();
    const issue = 61;
    expectOk(await openRequest(h, issue, 'drive-by', node));
    for (const edit of [`${REQUEST}\n\nAlso include costs.`, `${REQUEST}\n\nAlso include costs and limits.`]) {
      const payload = issuesEdited({
        owner: h.owner,
        repo: h.repo,
        issueNumber: issue,
        issueBody: edit,
        title: 'Scheduler report',
        labels: ['sequencer'],
        sender: 'drive-by',
        author: 'drive-by',
        previousBody: REQUEST,
        apiUrl: h.fake.url,
      });
      const run = await h.run({ eventName: 'issues', payload, node });
      expectOk(run);
      expect(run.outputs.status).toBe('MISSING');
    }
    expect(await readAgentCalls(h.agentLog)).toEqual([]);
    const hints = h.botComments(issue, 'request');
    expect(hints).toHaveLength(1);
    expect(hints[0]!.body).toMatch(/a maintainer can reply `\/draft`/);
    expect(h.botComments(issue)).toHaveLength(1);
    expect((await h.remoteBranches())[`sequencer/issue-${issue}`]).toBeUndefined();
  });

  it("opened by an App's bot account with write permission: the agent never starts, no permission is asked, and the log says why", async () => {
    const issue = 62;
    const app = 'deploy-app[bot]';
    h.fake.setPermission(app, 'write');
    const before = h.fake.requests.length;
    const run = await openRequest(h, issue, app, await nodeOf(), 'Bot');
    expectOk(run);
    expect(run.outputs.status).toBe('MISSING');
    expect(await readAgentCalls(h.agentLog)).toEqual([]);
    // A bot is refused before the permission API, as its comments are.
    expect(h.fake.requests.slice(before).filter((r) => r.path.includes('/collaborators/'))).toEqual([]);
    expect(run.stdout).toContain(`@${app} may not start it (${app} is a bot: a bot opens issues with text others gave it, and drafting would run the agent on that text). A writer can reply /draft.`);
    // A writer learns that the request waits for them.
    expect(h.botComments(issue, 'request')).toHaveLength(1);
    expect((await h.remoteBranches())[`sequencer/issue-${issue}`]).toBeUndefined();
  });
});

describe('/draft (local node)', () => {
  let h: ActionHarness;
  let draftAgent: string;
  const DRAFTED = {
    title: 'Drafted scheduler report',
    steps: {
      research: { title: 'Research', instruction: 'Research cron-driven job runners into notes/runners.md', requiredOutputs: ['notes/runners.md'] },
      report: { title: 'Report', instruction: 'Write report.md from notes/runners.md', requiredOutputs: ['report.md'] },
    },
  };

  beforeAll(async () => {
    h = await ActionHarness.create();
    h.fake.setPermission('maintainer', 'maintain');
    h.fake.setPermission('private-member', 'write');
    // Logs every call where the harness's agent does, and writes the drafted plan when asked for one.
    draftAgent = path.join(h.root, 'draft-agent.mjs');
    await writeFile(
      draftAgent,
      `#!/usr/bin/env node
import fs from 'node:fs';
fs.appendFileSync(process.env.AGENT_LOG, JSON.stringify({ argv: process.argv.slice(2), step: process.env.SEQUENCER_STEP_ID ?? '?', cwd: process.cwd(), pid: process.pid }) + '\\n');
const plan = ${JSON.stringify(DRAFTED)};
// Steered by the request into using a key it was given: the key lands in an instruction.
if (process.env.MY_API_KEY) plan.steps.research.instruction += ' with the API key ' + process.env.MY_API_KEY;
if (process.env.SEQUENCER_PLAN_FILE) fs.writeFileSync(process.env.SEQUENCER_PLAN_FILE, JSON.stringify(plan));
`,
    );
    await chmod(draftAgent, 0o755);
  });
  afterAll(async () => h?.close());

  it('from someone without write access, three times: one short reply, a reaction on each, nothing runs', async () => {
    const issue = 71;
    expectOk(await openRequest(h, issue, 'drive-by', process.execPath));
    // Three /draft comments before the first run gets to them: that run answers all three.
    const said = [draft(h, issue, 'drive-by', 'NONE'), draft(h, issue, 'drive-by', 'NONE'), draft(h, issue, 'drive-by', 'NONE')];
    const inputs = { 'agent-command': draftAgent };
    // The first comment's event (delivered twice, as GitHub may), then the last one's.
    for (const { payload } of [said[0]!, said[0]!, said[2]!]) expectOk(await h.run({ eventName: 'issue_comment', payload, inputs }));
    expect(await readAgentCalls(h.agentLog)).toEqual([]);
    const replies = h.botComments(issue, 'reply');
    expect(replies).toHaveLength(1);
    expect(replies[0]!.body).toMatch(/only someone with write access can ask for it: commands need write, maintain or admin permission; drive-by has no permission/);
    expect(replies[0]!.body).toMatch(/This answers your 3 \/draft comments/);
    for (const { comment } of said)
      expect(
        h.fake.data.reactions.get(comment.id)?.map((r) => r.content),
        `comment ${comment.id}`,
      ).toEqual(['confused']);
    expect((await h.remoteBranches())[`sequencer/issue-${issue}`]).toBeUndefined();
  });

  it('from a writer the approvers list leaves out: one reply that says so, nothing runs, and no permission is asked', async () => {
    const issue = 75;
    h.fake.addIssue({ number: issue, title: 'Scheduler report', body: REQUEST, labels: ['sequencer'], login: 'maintainer' });
    const calls = (await readAgentCalls(h.agentLog)).length;
    const before = h.fake.requests.length;
    expectOk(await h.run({ eventName: 'issue_comment', payload: draft(h, issue, 'maintainer', 'MEMBER').payload, inputs: { 'agent-command': draftAgent, approvers: 'someone-else' } }));
    expect(await readAgentCalls(h.agentLog)).toHaveLength(calls);
    // The list decides before the permission API, as it does for commands.
    expect(h.fake.requests.slice(before).filter((r) => r.path.includes('/collaborators/'))).toEqual([]);
    const replies = h.botComments(issue, 'reply');
    expect(replies).toHaveLength(1);
    expect(replies[0]!.body).toMatch(/only someone with write access can ask for it: only the logins in the approvers list may command this plan/);
    expect((await h.remoteBranches())[`sequencer/issue-${issue}`]).toBeUndefined();
  });

  it('a flood of /draft comments from someone without write access: every reply fits in a comment and together they answer each once', async () => {
    const issue = 74;
    expectOk(await openRequest(h, issue, 'flooder', process.execPath));
    // More markers than one comment's 65,536 characters can hold (about 50 characters each).
    const said = Array.from({ length: 1500 }, () => draft(h, issue, 'flooder', 'NONE'));
    const inputs = { 'agent-command': draftAgent };
    expectOk(await h.run({ eventName: 'issue_comment', payload: said[said.length - 1]!.payload, inputs }));
    const first = h.botComments(issue, 'reply');
    expect(first).toHaveLength(1);
    expect(first[0]!.body.length).toBeLessThanOrEqual(65_536);
    // The event's own comment is answered by that reply.
    expect(answeredCommands(first[0]!.body)).toContain(said[said.length - 1]!.comment.id);
    // The run of a comment left out answers it and others still unanswered, in a reply of its own.
    const answered = new Set(answeredCommands(first[0]!.body));
    const left = said.find(({ comment }) => !answered.has(comment.id))!;
    expectOk(await h.run({ eventName: 'issue_comment', payload: left.payload, inputs }));
    const replies = h.botComments(issue, 'reply');
    expect(replies).toHaveLength(2);
    const ids = replies.flatMap((r) => answeredCommands(r.body));
    expect(ids).toContain(left.comment.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(await readAgentCalls(h.agentLog)).toEqual([]);
  }, 120_000);

  it('from a writer (a private organisation member shows up as CONTRIBUTOR): the agent drafts once, the plan is proposed and recorded, scrubbed', async () => {
    const issue = 72;
    const KEY = 'sk-live-51HqLyjWDarjtT1zdp7dcXYZ';
    expectOk(await openRequest(h, issue, 'drive-by', process.execPath));
    const said = draft(h, issue, 'private-member', 'CONTRIBUTOR');
    const { payload } = said;
    const run = await h.run({ eventName: 'issue_comment', payload, inputs: { 'agent-command': draftAgent }, env: { MY_API_KEY: KEY } });
    expectOk(run);
    expect(run.outputs.status).toBe('AWAITING_APPROVAL');

    const calls = await readAgentCalls(h.agentLog);
    expect(calls, runReport(run)).toHaveLength(1);
    expect(calls[0]!.argv.at(-1)).toContain(REQUEST);
    const proposal = h.botComments(issue, 'proposal');
    expect(proposal).toHaveLength(1);
    expect(proposal[0]!.body).toMatch(/Proposed plan: Drafted scheduler report \(2 steps\)/);
    expect(proposal[0]!.body).toContain('Write report.md from notes/runners.md');
    const state = await h.remoteState(`issue-${issue}`);
    expect(state?.status).toBe('AWAITING_APPROVAL');
    expect(state?.proposal).toMatchObject({ planHash: state?.planHash, postedAt: proposal[0]!.created_at, commentId: proposal[0]!.id });
    // The key the agent put into the plan is scrubbed before the plan is stored: the state holds
    // what the proposal shows, and the hash approvals bind to is of that plan.
    expect(state?.plan.steps.research?.instruction).toBe('Research cron-driven job runners into notes/runners.md with the API key ***');
    expect(state && statePlanHash(state)).toBe(state?.planHash);
    expect(proposal[0]!.body).toContain(`:${state?.planHash} -->`);
    expect((await h.originGit(['log', '-p', '--all'])).stdout).not.toContain(KEY);
    for (const c of h.fake.data.commentsOf(issue)) expect(c.body, `comment ${c.id}`).not.toContain(KEY);
    expect(
      `${run.stdout}\n${run.stderr}`
        .split('\n')
        .filter((l) => !l.startsWith('::add-mask::'))
        .join('\n'),
    ).not.toContain(KEY);
    // Its inbox starts after the /draft, which is no command for the plan.
    expect(state?.inbox?.lastCommentId).toBe(said.comment.id);
  });

  it('in the isolated layout (phase: prepare) a request gets the problem that says this workflow drafts no plan and how to go on, never the /draft hint, and a /draft gets the same answer; nothing runs', async () => {
    const issue = 76;
    const inputs = { phase: 'prepare', 'agent-command': draftAgent };
    const calls = (await readAgentCalls(h.agentLog)).length;
    const before = h.fake.requests.length;
    const opened = await openRequest(h, issue, 'drive-by', process.execPath, 'User', inputs);
    expectOk(opened);
    expect(opened.outputs.status).toBe('MISSING');
    // Nobody is sent to ask a writer for a /draft that cannot work, so nobody's permission is asked.
    expect(h.botComments(issue, 'request')).toEqual([]);
    expect(h.fake.requests.slice(before).filter((r) => r.path.includes('/collaborators/'))).toEqual([]);
    const problems = h.botComments(issue, 'problem');
    expect(problems, runReport(opened)).toHaveLength(1);
    const explanation =
      /this workflow runs the agent only in its agent job \(phase: prepare\), where it cannot propose anything, so it drafts no plan from a request and a \/draft cannot change that\. Write the plan into the issue as a fenced ```json or ```yaml block with "steps", dispatch the workflow with command start and a plan file in the repository, or use the single-job layout \(docs\/examples\/sequencer\.yml\), which drafts requests\./;
    expect(problems[0]!.body).toMatch(explanation);

    // A maintainer's /draft under the same workflow: the same explanation as the answer, no 👍, no drafting.
    const said = draft(h, issue, 'maintainer', 'MEMBER');
    const run = await h.run({ eventName: 'issue_comment', payload: said.payload, inputs });
    expectOk(run);
    const replies = h.botComments(issue, 'reply');
    expect(replies, runReport(run)).toHaveLength(1);
    expect(answeredCommands(replies[0]!.body)).toEqual([said.comment.id]);
    // The reply quotes it as inert text (Markdown escaped).
    expect(replies[0]!.body.replace(/\\/g, '')).toMatch(explanation);
    expect(h.fake.data.reactions.get(said.comment.id)?.map((r) => r.content)).toEqual(['confused']);
    expect(await readAgentCalls(h.agentLog)).toHaveLength(calls);
    expect(h.botComments(issue, 'proposal')).toEqual([]);
    expect((await h.remoteBranches())[`sequencer/issue-${issue}`]).toBeUndefined();
  });

  it("a draft the agent cannot make: the problem comment sends the reader to the run's log, which shows what the agent printed, inert", async () => {
    const issue = 73;
    const DRAFT_SECRET = 'drafting-secret-7f3a9c21';
    expectOk(await openRequest(h, issue, 'drive-by', process.execPath));
    const noPlanAgent = path.join(h.root, 'no-plan-agent.sh');
    await writeFile(
      noPlanAgent,
      `#!/bin/sh\nhead -c 70000 /dev/zero | tr '\\0' x\necho\necho "cannot tell which steps this needs"\necho "::error title=forged::written by the agent"\necho "scratch kept in $RUNNER_TEMP/scratch"\necho "found ${DRAFT_SECRET}"\n`,
    );
    await chmod(noPlanAgent, 0o755);
    const run = await h.run({ eventName: 'issue_comment', payload: draft(h, issue, 'maintainer', 'MEMBER').payload, inputs: { 'agent-command': noPlanAgent, secrets: DRAFT_SECRET } });
    expectOk(run);
    expect(h.botComments(issue, 'proposal')).toEqual([]);
    const problems = h.botComments(issue, 'problem').map((c) => c.body);
    expect(problems, runReport(run)).toHaveLength(1);
    expect(problems[0]).toMatch(/Could not draft a plan from this issue: Invalid plan drafted by the agent \(2 attempts; agent output in this run's log\)/);
    // The runner's temp folder is gone once the job ends: the comment sends nobody to its logs.
    expect(problems[0]).not.toMatch(/plan-draft(-\d+)?\.log/);
    // The log shows both runs' output, each in its group; the agent's line is no workflow command.
    for (const n of [1, 2]) expect(run.stdout).toContain(`::group::Plan drafting, run ${n}: the agent's output`);
    expect(run.stdout.split('cannot tell which steps this needs')).toHaveLength(3);
    // Only the end of a long output is shown, and the log says how much came before.
    expect(run.stdout).toMatch(/… \(\d+ bytes before these\)\nx+\n/);
    expect(run.stdout).not.toContain('x'.repeat(66 * 1024));
    const forged = run.stdout.split('\n').findIndex((l) => l.startsWith('::error title=forged::'));
    expect(forged).toBeGreaterThan(-1);
    const stop = run.stdout
      .split('\n')
      .slice(0, forged)
      .reverse()
      .find((l) => l.startsWith('::stop-commands::') || /^::[0-9a-f]{32}::$/.test(l));
    expect(stop, 'the forged command is inside a stop-commands block').toMatch(/^::stop-commands::[0-9a-f]{32}$/);
    // A secret the agent printed is scrubbed from the log and the comment.
    expect(run.stdout).toContain('found ***');
    // (The runner is told to mask it with ::add-mask::, the one line that must name it.)
    const published = [...run.stdout.split('\n'), ...run.stderr.split('\n')].filter((l) => !l.startsWith('::add-mask::'));
    expect(published.join('\n') + problems[0]).not.toContain(DRAFT_SECRET);
  });
});
