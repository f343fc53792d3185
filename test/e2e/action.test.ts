// The bundled Action end to end, run the way the Actions runner runs it (see action-harness.ts):
// real webhook payloads, a fake GitHub REST server on 127.0.0.1, a local bare git remote and a
// small agent script. The issue flows run under the Node 24 the Action declares (`runs.using:
// node24`) and, in the full run, under the local Node (node24.ts); a missing Node 24 fails those
// tests, it never skips them.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issuesLabeled, workflowRunCompleted } from '../fakes/webhook-payloads.js';
import { ActionHarness, issueBodyWithPlan, runReport, type ActionRun } from './action-harness.js';
import { exampleJobTokens } from './isolated-run.js';
import { processAlive, readAgentCalls, removeTempDirs, waitFor } from './helpers.js';
import { NODE24_WAIT_MS, ACTION_RUNTIMES, RUNTIME_MATRIX } from './node24.js';

afterAll(removeTempDirs);

const PLAN = {
  title: 'Research widgets',
  steps: {
    // A content rule: the Action checks it in its worker thread (dist/rule-check-worker.js).
    'step-1': {
      title: 'Collect sources',
      instruction: 'List sources in notes/sources.md',
      requiredOutputs: ['notes/sources.md'],
      validate: [{ file_contains: { path: 'notes/sources.md', pattern: '^# step-1' } }],
    },
    'step-2': { title: 'Summarise', instruction: 'Summarise in notes/summary.md', requiredOutputs: ['notes/summary.md'] },
    // Who asked (the issue's author) and who approved reach the prompt.
    'step-3': { title: 'Report', instruction: 'Write report/final.md for {{requester}}, approved by {{approver}}', requiredOutputs: ['report/final.md'] },
  },
};

/** For scenarios about one step's fate, where a third step would only add an agent run and two commits. */
const TWO_STEPS = { title: PLAN.title, steps: { 'step-1': PLAN.steps['step-1'], 'step-2': PLAN.steps['step-2'] } };

function expectOk(run: ActionRun): void {
  expect(run.code, runReport(run)).toBe(0);
}

function escapeRe(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

describe.each(ACTION_RUNTIMES)('proposal → /approve → every step → final summary (%s)', RUNTIME_MATRIX, (_name, nodeOf) => {
  let h: ActionHarness;
  let nodeReady: Promise<string>;
  beforeAll(async () => {
    h = await ActionHarness.create();
    // Waits out a Node 24 install still in progress; a missing Node 24 fails the test below.
    nodeReady = nodeOf();
    await nodeReady.catch(() => {});
  }, NODE24_WAIT_MS);
  afterAll(async () => h?.close());

  it("proposes, runs all steps in the approving run, reports once, and ignores a re-delivered event, on the token docs/examples/sequencer.yml's permissions give its job", async () => {
    const node = await nodeReady;
    const issue = 7;
    const planId = `issue-${issue}`;
    const branch = `sequencer/${planId}`;
    // The job's GITHUB_TOKEN as the single-job example grants it: a request beyond it gets GitHub's 403.
    const { tick: token = '' } = await exampleJobTokens(h, 'sequencer.yml');
    const inputs = { 'github-token': token };
    const requests = h.fake.requests.length;

    const proposed = await h.openIssue(issue, PLAN, { node, inputs });
    expectOk(proposed);
    expect(proposed.outputs).toMatchObject({ status: 'AWAITING_APPROVAL', 'plan-id': planId, 'steps-total': '3', 'state-branch': branch });
    const proposal = h.botComments(issue, 'proposal');
    expect(proposal).toHaveLength(1);
    const awaiting = (await h.remoteState(planId))!;
    expect(awaiting.status).toBe('AWAITING_APPROVAL');
    expect(proposal[0]!.body).toContain(`Plan hash: \`${awaiting.planHash}\``);
    expect(proposal[0]!.body).toMatch(/\| 1\/3 \| `step-1` \| Collect sources \|/);
    expect(proposal[0]!.body).toMatch(/\| 3\/3 \| `step-3` \| Report \|/);
    expect(h.botComments(issue)).toHaveLength(1);

    // GitHub also sends `labeled` for a label given at creation: same plan, nothing new.
    const tip0 = (await h.remoteBranches())[branch];
    const labeled = await h.run({
      node,
      inputs,
      eventName: 'issues',
      payload: issuesLabeled({ owner: h.owner, repo: h.repo, issueNumber: issue, issueBody: issueBodyWithPlan(PLAN), label: 'sequencer', apiUrl: h.fake.url }),
    });
    expectOk(labeled);
    expect(labeled.outputs.status).toBe('AWAITING_APPROVAL');
    expect(h.botComments(issue)).toHaveLength(1);
    expect((await h.remoteBranches())[branch]).toBe(tip0);

    h.fake.setPermission('alice', 'write');
    const approve = h.say(issue, 'alice', '/approve');
    // Each step also leaves a file it does not declare: the final summary lists those too.
    const done = await approve.deliver({ node, inputs, env: { AGENT_EXTRA_DIR: 'scratch' } });
    expectOk(done);
    expect(done.outputs).toMatchObject({ status: 'DONE', 'steps-done': '3', 'steps-total': '3', 'current-step': '', 'blocked-step': '', 'plan-id': planId });
    // A clean run leaves no error annotations (Octokit's own request log says `error` for 304s).
    for (const run of [proposed, labeled, done]) expect(run.stdout).not.toMatch(/^::error::/m);
    // Nor Node warnings (deprecations, experimental features) under either Node.
    for (const run of [proposed, labeled, done]) expect(run.stderr).toBe('');

    // One completion commit per step, holding that step's outputs and the state.
    const log = await h.remoteLog(branch);
    for (const [id, def] of Object.entries(PLAN.steps)) {
      const completions = log.filter((c) => c.subject === `sequencer(${planId}): ${id} attempt 1 succeeded`);
      expect(completions, `${id}: ${log.map((c) => c.subject).join('\n')}`).toHaveLength(1);
      expect(completions[0]!.files.sort()).toEqual([...def.requiredOutputs, `scratch/${id}.txt`, `.sequencer/${planId}/state.json`].sort());
    }
    const state = (await h.remoteState(planId))!;
    expect(state.status).toBe('DONE');
    expect(state.approval).toMatchObject({ by: 'alice', commentId: approve.comment.id, planHash: awaiting.planHash });
    expect(Object.values(state.stepRuns).map((r) => [r.status, r.tries])).toEqual([
      ['DONE', 1],
      ['DONE', 1],
      ['DONE', 1],
    ]);

    const status = h.botComments(issue, 'status');
    expect(status).toHaveLength(1);
    // The status comment took its final form: the summary, with every output linked.
    expect(status[0]!.body).toContain('### ✅ Done: Research widgets (3/3)');
    // Posted after the first step and edited in place when the plan was done; quick steps in
    // between are not each an edit (at most one per 30 s, see status-cadence.ts).
    const edits = h.fake.requests.filter((r) => r.method === 'PATCH' && r.path.endsWith(`/issues/comments/${status[0]!.id}`));
    expect(edits.length).toBeGreaterThanOrEqual(1);
    expect(edits.length).toBeLessThanOrEqual(2);
    // One short new comment says it is done, pings the approver and points to it.
    const summary = h.botComments(issue, 'summary');
    expect(summary).toHaveLength(1);
    expect(summary[0]!.body).toContain(`@alice: 3 of 3 steps were done. Every step and output is in [the status comment](${status[0]!.html_url}).`);
    for (const out of Object.values(PLAN.steps).flatMap((s) => s.requiredOutputs)) {
      const link = new RegExp(`\\]\\(https://github\\.com/${h.owner}/${h.repo}/blob/([0-9a-f]{40})/${escapeRe(out)}\\)`).exec(status[0]!.body);
      expect(link, `a link to ${out} in:\n${status[0]!.body}`).not.toBeNull();
      // The linked commit is on the work branch and holds the output.
      expect(log.map((c) => c.sha)).toContain(link![1]);
      expect(await h.remoteFile(link![1]!, out)).toMatch(/^# step-\d/);
    }
    expect(status[0]!.body).toMatch(/\*\*Other files the plan created or changed\*\* \(3\)\n- scratch\/step-1\\?\.txt\n- scratch\/step-2\\?\.txt\n- scratch\/step-3\\?\.txt\n/);
    // A quiet thread: the /approve gets a 👍, no reply; the status comment says what it did, naming
    // the approver and the plan's short hash without pinging them again (an escaped @ and a zero-width joiner).
    expect(h.botComments(issue, 'reply')).toEqual([]);
    expect(h.fake.data.reactions.get(approve.comment.id)?.map((r) => r.content)).toEqual(['+1']);
    expect(status[0]!.body).toMatch(/`\/approve` by \\@\u200d?alice \([^)]*\): Approved plan [0-9a-f]{12} by \\@\u200d?alice\. Starting\./);
    // Three comments in all: the proposal, the status comment, the short summary; no reply.
    expect(h.botComments(issue)).toHaveLength(3);
    expect(done.summary).toMatch(/\| # \| step \| title \| status \|/);
    expect(done.summary).toContain('### ✅ Done: Research widgets (3/3)');
    expect(done.summary).toMatch(/```mermaid\nflowchart LR\n/);

    // GitHub re-delivers (or someone re-runs the job): nothing new anywhere.
    const comments = h.fake.comments.length;
    const tip = (await h.remoteBranches())[branch];
    const again = await approve.deliver({ node, inputs });
    expectOk(again);
    expect(again.outputs.status).toBe('DONE');
    expect(h.fake.comments.length).toBe(comments);
    expect((await h.remoteBranches())[branch]).toBe(tip);
    const calls = await readAgentCalls(h.agentLog);
    expect(calls.map((c) => c.step)).toEqual(['step-1', 'step-2', 'step-3']);
    // The issue's author asked, alice approved: in every agent's environment, and in the prompt.
    expect(calls.map((c) => [c.requester, c.approver])).toEqual(Array(3).fill(['octocat', 'alice']));
    expect(calls[2]!.argv.at(-1)).toMatch(/Write report\/final\.md for octocat, approved by alice$/);
    expect(state.requestedBy).toBe('octocat');
    // Every request came with the job's token, and none went beyond what the example grants it.
    const made = h.fake.requests.slice(requests);
    expect(made.filter((r) => r.token !== token).map((r) => `${r.method} ${r.path}`)).toEqual([]);
    expect(made.filter((r) => r.status === 403).map((r) => `${r.method} ${r.path}`)).toEqual([]);
  });
});

describe('retries → blocker notice → /retry → done (local node)', () => {
  let h: ActionHarness;
  beforeAll(async () => {
    h = await ActionHarness.create();
  });
  afterAll(async () => h?.close());

  it('blocks after the last attempt, tells the issue once, and finishes after /retry', async () => {
    const issue = 12;
    const planId = `issue-${issue}`;
    const branch = `sequencer/${planId}`;
    // step-2's first three calls fail; the fourth (after /retry) succeeds.
    const env = { AGENT_FAIL_CALLS: '3', AGENT_FAIL_STEPS: 'step-2' };
    const proposed = await h.openIssue(issue, TWO_STEPS, { env });
    expectOk(proposed);
    const issueUrl = `https://github.com/${h.owner}/${h.repo}/issues/${issue}`;
    // The proposal run's page says what it proposed, linking the issue and the proposal.
    expect(proposed.summary).toContain(`Plan \`${planId}\` of [issue #${issue}](${issueUrl}).`);
    expect(proposed.summary).toContain('### Proposed: Research widgets (2 steps)');
    expect(proposed.summary).toMatch(new RegExp(`\\[The proposal\\]\\(${escapeRe(issueUrl)}#issuecomment-\\d+\\) of plan \`sha256:[0-9a-f]{64}\` awaits \`/approve\``));
    // That run ran nothing: the proposal links the work branch but no attempt logs.
    const footerOf = (body: string) => /<sub>.*<\/sub>$/.exec(body)?.[0] ?? '';
    expect(footerOf(h.botComments(issue, 'proposal')[0]!.body)).toMatch(/^<sub>\[workflow run\]\([^)]+\) · work branch \[`sequencer\/issue-12`\]\([^)]+\)<\/sub>$/);
    h.fake.setPermission('bob', 'maintain');

    // Words after /approve are a note, kept with the approval.
    const blocked = await h.say(issue, 'bob', '/approve LGTM, ship it').deliver({ env });
    // The run that blocked the plan is red, saying why and where to look.
    expect(blocked.code, runReport(blocked)).toBe(1);
    expect(blocked.stdout).toContain(
      `::error::${planId} is blocked at step-2: max attempts (3) used up: the blocker notice on its issue says what was tried and how to go on (fail-on-blocked: false keeps such a run green).`,
    );
    expect((await h.remoteState(planId))?.approval).toMatchObject({ by: 'bob', note: 'LGTM, ship it' });
    // The log and the run page name the plan's issue.
    expect(blocked.stdout).toContain(`Plan ${planId}: ${issueUrl}`);
    expect(blocked.summary).toContain(`Plan \`${planId}\` of [issue #${issue}](${issueUrl}).`);
    expect(blocked.outputs).toMatchObject({ status: 'BLOCKED', 'blocked-step': 'step-2', 'current-step': 'step-2', 'steps-done': '1' });
    const state = (await h.remoteState(planId))!;
    expect(state.stepRuns['step-2']?.attempts?.map((a) => a.outcome)).toEqual(['failed', 'failed', 'failed']);
    const notices = h.botComments(issue, 'blocked');
    expect(notices).toHaveLength(1);
    // This run ran the attempts: its artifact holds their logs.
    expect(footerOf(notices[0]!.body)).toMatch(/^<sub>\[workflow run\]\([^)]+\) · \[attempt logs\]\([^)]+#artifacts\) · work branch /);
    expect(notices[0]!.body).toMatch(/Blocked at `step-2`/);
    expect(notices[0]!.body).toContain('max attempts (3) used up');
    for (const n of [1, 2, 3]) expect(notices[0]!.body).toMatch(new RegExp(`\\| ${n} \\| failed \\| 1 \\|`));
    // The end of the last attempt's output, collapsed; where the full logs are, as links, not runner paths.
    // Both streams: the agent prints its failure on stderr, as real agent CLIs do.
    expect(notices[0]!.body).toMatch(
      /<details><summary>End of the output of attempt 3 \(stdout: all of it; stderr: all of it\)<\/summary>\n\nstdout:\n`{3,}text\n[\s\S]*Summarise in notes\/summary\.md\n`{3,}\n\nstderr:\n`{3,}text\nagent failure on call 3 of step-2\n`{3,}\n\n<\/details>/,
    );
    const artifact = `sequencer-issue-${issue}-run-${blocked.runId}-${blocked.runAttempt}`;
    expect(notices[0]!.body).toMatch(
      new RegExp(`\\*\\*Logs:\\*\\* the full output of attempt 3 is \`step-2/attempt-3\\.log\` in \\[the attempt logs\\]\\(https://github\\.com/[^)]*/actions/runs/${blocked.runId}#artifacts\\)`),
    );
    expect(notices[0]!.body).toContain(`(full log: step-2/attempt-3.log in the artifact ${artifact} of `);
    expect(notices[0]!.body).not.toMatch(/state\.json\.logs/);
    // The status comment and the blocker notice count the same attempts.
    expect(notices[0]!.body).toContain('**Attempts:** 3 attempts');
    expect(h.botComments(issue, 'status')[0]!.body).toMatch(/\| `step-2` \| Summarise \| ❌ FAILED \| 3 \|/);
    expect(notices[0]!.body).toContain('agent failure on call 3 of step-2');
    // The troubleshooting prompt carried the previous error into the retries.
    const calls = (await readAgentCalls(h.agentLog)).filter((c) => c.step === 'step-2');
    expect(calls.at(-1)?.argv.at(-1)).toMatch(/\n\nStep step-2 failed \(tries: 2\)\. Previous run ended with: .*Please troubleshoot and retry: Summarise/s);
    // The retry prompt names the log as the blocker notice does.
    expect(calls.at(-1)?.argv.at(-1)).toContain(`(full log: step-2/attempt-2.log in the artifact ${artifact} of `);

    // The heartbeat comes by: a blocked plan is a no-op, with no second notice and no commit.
    const tip = (await h.remoteBranches())[branch];
    const heartbeat = await h.tick({ env });
    expectOk(heartbeat);
    // The blocked write also recorded the plan as idle in the index: the heartbeat skips it.
    expect(heartbeat.stdout).toMatch(/1 plan on origin, 0 active\./);
    expect(h.botComments(issue, 'blocked')).toHaveLength(1);
    expect((await h.remoteBranches())[branch]).toBe(tip);

    // Words after /retry reach the agent's next prompt, said to be the maintainer's.
    const retried = await h.say(issue, 'bob', 'Found it.\n/retry take notes/sources.md as the input').deliver({ env });
    expectOk(retried);
    const retryCall = (await readAgentCalls(h.agentLog)).filter((c) => c.step === 'step-2').at(-1);
    expect(retryCall?.argv.at(-1)).toMatch(/Please troubleshoot and retry: Summarise in notes\/summary\.md\n\nA maintainer \(@bob\) says: take notes\/sources\.md as the input$/);
    expect(retried.outputs).toMatchObject({ status: 'DONE', 'steps-done': '2', 'blocked-step': '' });
    expect((await h.remoteState(planId))!.stepRuns['step-2']?.attempts?.map((a) => a.outcome)).toEqual(['failed', 'failed', 'failed', 'succeeded']);
    expect(h.botComments(issue, 'blocked')).toHaveLength(1);
    expect(h.botComments(issue, 'summary')).toHaveLength(1);
    expect(h.botComments(issue, 'status')).toHaveLength(1);
    expect(h.botComments(issue, 'status')[0]!.body).toContain('### ✅ Done: Research widgets (2/2)');
    // Attempt 4 is the first of the second round, and the tables count all four.
    expect(retried.stdout).toContain('(2/2) step-2 done (attempt 4, 1 of 3 in round 2, ');
    expect(retried.stdout).not.toMatch(/attempt 4 of 3/);
    expect(h.botComments(issue, 'status')[0]!.body).toMatch(/\| `step-2` \| Summarise \| ✅ DONE \| 4 \(2 rounds\) \|/);
    // The thread stays quiet: the /approve and the /retry got a 👍 each, no reply; the status
    // comment lists what they did, the /retry with its note; the approver is pinged when the plan
    // blocks and when it is done.
    expect(h.botComments(issue, 'reply')).toEqual([]);
    expect(h.botComments(issue, 'status')[0]!.body).toMatch(
      /`\/retry` by \\@\u200d?bob \([^)]*\): Retrying step-2 with a new round of attempts \(round 2\)\. The agent's next prompt says: A maintainer \(\\@\u200d?bob\) says: "take notes\/sources\\\.md as the input"\./,
    );
    expect(notices[0]!.body).toContain('@bob: the plan you approved needs you.');
    expect(h.botComments(issue, 'summary')[0]!.body).toContain('@bob: 2 of 2 steps were done.');
  });
});

describe.each(ACTION_RUNTIMES)('/cancel while an agent runs (%s)', RUNTIME_MATRIX, (_name, nodeOf) => {
  let h: ActionHarness;
  let nodeReady: Promise<string>;
  beforeAll(async () => {
    h = await ActionHarness.create();
    // Waits out a Node 24 install still in progress; a missing Node 24 fails the test below.
    nodeReady = nodeOf();
    await nodeReady.catch(() => {});
  }, NODE24_WAIT_MS);
  afterAll(async () => h?.close());

  it('stops the agent within one inbox poll and ends the plan CANCELLED', async () => {
    const node = await nodeReady;
    const issue = 21;
    const planId = `issue-${issue}`;
    const slow = {
      title: 'Slow plan',
      steps: {
        'step-1': { title: 'Think for a minute', instruction: 'Take your time', requiredOutputs: ['slow.md'], env: { AGENT_SLEEP_MS: '60000' } },
        'step-2': { title: 'Never reached', instruction: 'Unreachable', requiredOutputs: ['never.md'] },
      },
    };
    // The sample agent ignores its stop file: one second of stop grace, then SIGTERM.
    const env = { SEQUENCER_INBOX_POLL_SECONDS: '1', SEQUENCER_STOP_GRACE_SECONDS: '1' };
    // The plan sets `env`, which only an issue author with write access may do.
    h.fake.setPermission(h.actor, 'admin');
    expectOk(await h.openIssue(issue, slow, { node, env }));
    h.fake.setPermission('carol', 'admin');

    const approve = h.say(issue, 'carol', '/approve');
    const running = await h.start({ node, env, eventName: 'issue_comment', payload: approve.payload, timeoutMs: 50_000 });
    const pidFile = path.join(h.pidDir, 'step-1-1.pid');
    const pid = await waitFor(async () => Number(await readFile(pidFile, 'utf8').catch(() => '')) || null, 30_000, 'the agent to start');
    expect(processAlive(pid)).toBe(true);

    // The heartbeat runs in another concurrency group, so it can come by now: the attempt's owner
    // is a run GitHub reports in progress, so it leaves the step alone.
    const tip = (await h.remoteBranches())[`sequencer/${planId}`];
    const heartbeat = await h.tick({ node, env });
    expectOk(heartbeat);
    expect(heartbeat.outputs).toMatchObject({ status: 'IN_PROGRESS', 'current-step': 'step-1' });
    expect(heartbeat.stdout).toMatch(/step-1 attempt 1 is running in another tick \(workflow run \d+ attempt 1\)/);
    expect((await h.remoteBranches())[`sequencer/${planId}`]).toBe(tip);
    expect(processAlive(pid)).toBe(true);

    // Meanwhile the /cancel comment's own run waits in the concurrency group; the running tick must notice.
    const askedAt = Date.now();
    const cancel = h.say(issue, 'carol', '/cancel');
    const run = await running.result;
    expectOk(run);
    expect(Date.now() - askedAt, 'cancel noticed within a few polls, long before the agent would finish').toBeLessThan(20_000);
    expect(run.outputs).toMatchObject({ status: 'CANCELLED', 'steps-done': '0' });
    expect(processAlive(pid)).toBe(false);

    const state = (await h.remoteState(planId))!;
    expect(state.status).toBe('CANCELLED');
    expect(state.cancelRequested).toMatchObject({ by: 'carol' });
    expect(state.stepRuns['step-1']?.attempts?.map((a) => a.outcome)).toEqual(['cancelled']);
    expect((await readAgentCalls(h.agentLog)).map((c) => c.step)).toEqual(['step-1']);

    // The /cancel comment's queued run then finds nothing left to do.
    const cancelled = (await h.remoteBranches())[`sequencer/${planId}`];
    const queued = await cancel.deliver({ node, env });
    expectOk(queued);
    expect(queued.outputs.status).toBe('CANCELLED');
    expect((await h.remoteBranches())[`sequencer/${planId}`]).toBe(cancelled);
    // One comment for the /cancel: the cancelled notice; the command itself gets a 👍, no reply.
    expect(h.botComments(issue, 'reply')).toEqual([]);
    expect(h.botComments(issue).filter((c) => c.body.startsWith(`<!-- agent-step-sequencer:cancelled:${planId}`))).toHaveLength(1);
    expect(h.fake.data.reactions.get(cancel.comment.id)?.map((r) => r.content)).toEqual(['+1']);
  });
});

describe('a run cancelled in the middle of a step (local node)', () => {
  let h: ActionHarness;
  beforeAll(async () => {
    h = await ActionHarness.create();
  });
  afterAll(async () => h?.close());

  it('stops its agent at the SIGINT of the cancel, and is recovered at once by the recovery run its end triggers (workflow_run), with no cron tick, because GitHub reports that run completed', async () => {
    const issue = 40;
    const planId = `issue-${issue}`;
    expectOk(await h.openIssue(issue, TWO_STEPS));
    h.fake.setPermission('erin', 'write');
    const approve = h.say(issue, 'erin', '/approve');
    // Only this run's agent is slow: the runner is cancelled (or the machine lost) while it works.
    const doomed = await h.start({ eventName: 'issue_comment', payload: approve.payload, env: { AGENT_SLEEP_MS: '60000' } });
    const pidFile = path.join(h.pidDir, 'step-1-1.pid');
    const pid = await waitFor(async () => Number(await readFile(pidFile, 'utf8').catch(() => '')) || null, 30_000, 'the agent to start');
    // GitHub cancels the job: the runner sends the step's process SIGINT (SIGTERM 7.5 s later).
    doomed.child.kill('SIGINT');
    const killed = await doomed.result;
    // The agent leads its own process group, which the SIGINT does not reach: the Action stops it.
    const alive = processAlive(pid);
    if (alive) process.kill(-pid, 'SIGKILL'); // not left running when the test fails
    expect(alive, runReport(killed)).toBe(false);
    expect(killed.code).toBe(130);
    expect(killed.stdout).toContain(`Interrupted: stopping the agent (pid ${pid}); the next run picks the attempt up.`);
    const inFlight = (await h.remoteState(planId))!;
    expect(inFlight.stepRuns['step-1']).toMatchObject({ status: 'IN_PROGRESS' });
    expect(h.fake.data.runs.get(killed.runId)?.status).toBe('completed');

    // The killed run's end triggers the recovery workflow (docs/examples/recovery.yml): no cron.
    const killedAt = Date.now();
    const heartbeat = await h.run({ eventName: 'workflow_run', payload: workflowRunCompleted({ runId: killed.runId, conclusion: 'cancelled', event: 'issue_comment' }) });
    expectOk(heartbeat);
    const recoveredInMs = Date.now() - killedAt;
    // The recovery takes the time of one run of the Action (and here two quick steps), not a cron interval.
    expect(recoveredInMs).toBeLessThan(60_000);
    expect(heartbeat.outputs).toMatchObject({ status: 'DONE', 'steps-done': '2' });
    const state = (await h.remoteState(planId))!;
    expect(state.stepRuns['step-1']?.attempts?.map((a) => [a.outcome, a.owner])).toEqual([
      ['interrupted', { kind: 'actions', runId: String(killed.runId), runAttempt: 1, repository: `${h.owner}/${h.repo}` }],
      ['succeeded', { kind: 'actions', runId: String(heartbeat.runId), runAttempt: 1, repository: `${h.owner}/${h.repo}` }],
    ]);
    // Its runner took the files the agent had not committed with it, and the record says so.
    expect(state.stepRuns['step-1']?.attempts?.[0]?.error).toMatch(/the tick running this attempt is gone; what it wrote and had not committed was lost with that runner/);
    expect(h.botComments(issue, 'summary')).toHaveLength(1);
    expect(h.botComments(issue, 'status')).toHaveLength(1);
  });
});
