// Steering through the bundled Action that must always work: a plan with an issue hears its
// issue in every run, whatever started the run (a comment, a cron heartbeat, a dispatch, or the
// continuation run a long plan dispatches for itself).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newState } from '../../src/core/plan/new-state.js';
import type { Plan, State } from '../../src/core/state/types.js';
import { ActionHarness, runReport, type ActionRun } from './action-harness.js';
import { seedApprovedIssuePlan, seedPlans } from './fleet-seed.js';
import { readAgentCalls, removeTempDirs } from './helpers.js';
import { exampleJobTokens } from './isolated-run.js';

afterAll(removeTempDirs);

function expectOk(run: ActionRun): void {
  expect(run.code, runReport(run)).toBe(0);
}

const PLAN = {
  title: 'Two notes',
  steps: {
    'step-1': { title: 'First', instruction: 'Write notes/one.md', requiredOutputs: ['notes/one.md'] },
    'step-2': { title: 'Second', instruction: 'Write notes/two.md', requiredOutputs: ['notes/two.md'] },
  },
};

describe('steering (local node)', () => {
  let h: ActionHarness;
  beforeAll(async () => {
    h = await ActionHarness.create();
    // A dispatch that starts a plan is its approval: only a writer can dispatch.
    h.fake.setPermission(h.actor, 'write');
  });
  afterAll(async () => h?.close());

  /** An approved issue plan on the remote (alice is a writer), for tests about what a later run does. */
  async function approvedIssuePlan(issue: number, plan: Plan): Promise<string> {
    h.fake.setPermission('alice', 'write');
    return seedApprovedIssuePlan(h, issue, plan, 'alice');
  }

  it('a dispatched continuation run applies a /cancel posted on the issue', async () => {
    const issue = 31;
    // Approved with nothing run, as an approving run whose budget fits no attempt leaves the plan
    // when it dispatches its continuation (that it dispatches one is checked in the no-progress
    // test below).
    const planId = await approvedIssuePlan(issue, PLAN);

    // The /cancel's own run has not happened (a pending run superseded in its concurrency group):
    // the continuation run must hear it.
    h.say(issue, 'alice', '/cancel enough');
    const continued = await h.dispatch({ command: 'tick', 'plan-id': planId });
    expectOk(continued);
    expect(continued.outputs.status).toBe('CANCELLED');
    expect((await h.remoteState(planId))?.cancelRequested).toMatchObject({ by: 'alice', reason: 'enough' });
    expect(await readAgentCalls(h.agentLog)).toEqual([]);
    expect(h.botComments(issue, 'reply').some((c) => /Cancelled by/.test(c.body))).toBe(true);
  });

  it('refuses a time budget shorter than the attempt timeout, naming both inputs', async () => {
    const run = await h.tick({ inputs: { 'time-budget-minutes': '30' } });
    expect(run.code, runReport(run)).toBe(1);
    expect(run.stdout).toMatch(/::error::Input 'time-budget-minutes' \(30\) is shorter than input 'attempt-timeout-minutes' \(60\)/);
  });

  it("a continuation run that makes no progress dispatches no further run, fails, and says why on the issue, all on the token docs/examples/sequencer.yml's permissions give its job", async () => {
    const issue = 32;
    const planId = `issue-${issue}`;
    h.fake.setPermission('alice', 'write');
    // The job's GITHUB_TOKEN as the single-job example grants it: a request beyond it gets GitHub's 403.
    const { tick: token = '' } = await exampleJobTokens(h, 'sequencer.yml');
    const inputs = { 'github-token': token, 'time-budget-minutes': '61' };
    const requests = h.fake.requests.length;
    const slow = { title: 'Slow', steps: { long: { title: 'Long', instruction: 'Work long', attemptTimeoutMinutes: 120 } } };
    expectOk(await h.openIssue(issue, slow, { inputs }));
    expect(h.botComments(issue, 'proposal')).toHaveLength(1);
    const before = h.fake.dispatches.length;
    // The approval is progress, so the run hands over to a continuation run once: a budget that
    // fits no attempt of the step starts nothing and dispatches a tick for the plan.
    const approve = h.say(issue, 'alice', '/approve');
    expectOk(await approve.deliver({ inputs }));
    expect(h.fake.dispatches.length).toBe(before + 1);
    expect(h.fake.dispatches.at(-1)?.inputs).toEqual({ command: 'tick', 'plan-id': planId });
    expect(h.fake.data.reactions.get(approve.comment.id)?.map((r) => r.content)).toEqual(['+1']);
    expect(h.botComments(issue, 'status')).toHaveLength(1);

    const continued = await h.dispatch({ command: 'tick', 'plan-id': planId }, { inputs });
    expect(continued.code, runReport(continued)).toBe(1);
    expect(continued.outputs).toMatchObject({ 'plan-id': planId, status: 'IN_PROGRESS', 'current-step': 'long' });
    expect(continued.stdout).toMatch(/::error::issue-32 made no progress in this run/);
    expect(h.fake.dispatches.length, 'no endless chain of runs').toBe(before + 1);
    const notices = h.botComments(issue, 'problem').map((c) => c.body);
    expect(notices).toEqual([expect.stringMatching(/Not continuing[\s\S]*up to 120 min[\s\S]*Raise `time-budget-minutes` above 120/)]);
    expect(await readAgentCalls(h.agentLog)).toEqual([]);
    // Every request came with the job's token, and none went beyond what the example grants it.
    const made = h.fake.requests.slice(requests);
    expect(made.filter((r) => r.token !== token).map((r) => `${r.method} ${r.path}`)).toEqual([]);
    expect(made.filter((r) => r.status === 403).map((r) => `${r.method} ${r.path}`)).toEqual([]);
  });

  it('a 403 for a missing job permission fails the run and names the permission to add', async () => {
    h.fake.faults.next(1, 'forbidden', { methods: ['POST'], path: /\/issues\/\d+\/comments$/ });
    const run = await h.openIssue(33, PLAN);
    expect(run.code, runReport(run)).toBe(1);
    expect(run.stdout).toMatch(/::error::.*Resource not accessible by integration.*lacks the permission `issues: write`/);
  });

  it('a dispatch that cannot do what it asks ends red: a refused command, a plan that does not exist', async () => {
    await h.commitToMain({ 'plans/chores.json': JSON.stringify(PLAN) });
    // The plan as a finished run of it leaves it: done, idle, its outputs on the work branch.
    const started = newState(PLAN, { planId: 'chores', now: new Date(), approved: { by: h.actor } });
    const done: State = {
      ...started,
      revision: 5,
      status: 'DONE',
      currentStep: 2,
      stepRuns: { 'step-1': { status: 'DONE', tries: 1 }, 'step-2': { status: 'DONE', tries: 1 } },
      artifacts: ['notes/one.md', 'notes/two.md'],
      lastHeartbeatIso: new Date().toISOString(),
    };
    await seedPlans(h.origin, h.mainSha, [{ planId: 'chores', state: done, marker: true, files: { 'notes/one.md': 'one\n', 'notes/two.md': 'two\n' } }], h.gitEnv);
    const again = await h.dispatch({ command: 'start', plan: 'plans/chores.json' });
    expectOk(again);
    expect(again.stdout).toMatch(/Plan chores exists already \(DONE\); ticking it instead of starting it again\./);

    const retry = await h.dispatch({ command: 'retry', 'plan-id': 'chores' });
    expect(retry.code, runReport(retry)).toBe(1);
    expect(retry.stdout).toMatch(/::error::'retry' for chores was refused: Nothing to retry: the plan is DONE, not BLOCKED\./);
    expect(retry.outputs).toMatchObject({ 'plan-id': 'chores', status: 'DONE' });

    const status = await h.dispatch({ command: 'status', 'plan-id': 'chroes' });
    expect(status.code, runReport(status)).toBe(1);
    expect(status.stdout).toMatch(/::error::Input 'plan-id': there is no plan "chroes"/);
  });

  it.each([
    ['an empty agent command', '', /No agent command for step-1/],
    ['an agent that is not installed', 'no-such-agent-cli -p', /"no-such-agent-cli" not found on PATH/],
  ])('%s blocks the plan with a notice on the issue and fails the run', async (_name, agentCommand, reason) => {
    const issue = agentCommand ? 35 : 34;
    const planId = await approvedIssuePlan(issue, PLAN);
    const run = await h.dispatch({ command: 'tick', 'plan-id': planId }, { inputs: { 'agent-command': agentCommand } });
    expect(run.code, runReport(run)).toBe(1);
    expect(run.outputs).toMatchObject({ status: 'BLOCKED', 'blocked-step': 'step-1' });
    expect(run.stdout).toMatch(new RegExp(`::error::issue-${issue}: step-1 preflight failed`));
    expect(h.botComments(issue, 'blocked').map((c) => c.body)).toEqual([expect.stringMatching(reason)]);
  });

  it('retries back off across runs: a failed attempt sets notBefore, and the next run does not retry early', async () => {
    await h.commitToMain({ 'plans/flaky.json': JSON.stringify({ title: 'Flaky', steps: { once: { title: 'Fails once', instruction: 'Write notes/once.md', requiredOutputs: ['notes/once.md'] } } }) });
    const calls = async () => (await readAgentCalls(h.agentLog)).filter((c) => c.step === 'once').length;
    const started = Date.now();
    // 900 s is longer than a run sleeps through (10 min): the wait is left to a later run.
    const first = await h.dispatch({ command: 'start', plan: 'plans/flaky.json' }, { inputs: { 'retry-backoff-seconds': '900' }, env: { AGENT_FAIL_CALLS: '1', AGENT_FAIL_STEPS: 'once' } });
    expectOk(first);
    expect(await calls()).toBe(1);
    const state = (await h.remoteState('flaky'))!;
    expect(state.stepRuns.once).toMatchObject({ status: 'FAILED', tries: 1 });
    const wait = Date.parse(state.notBefore ?? '') - started;
    expect(wait).toBeGreaterThan(0.8 * 900_000 - 60_000);
    expect(wait).toBeLessThan(1.2 * 900_000 + 60_000);
    expect(first.stdout).toMatch(/once will be retried after .* \(retry backoff, \d+ s\)/);
    // A backoff is called a backoff, not a step delay.
    expect(first.stdout).toMatch(/Retry backoff: once is tried again after /);
    expect(first.stdout).not.toMatch(/[Ss]tep delay/);

    const next = await h.dispatch({ command: 'tick', 'plan-id': 'flaky' }, { inputs: { 'retry-backoff-seconds': '900' } });
    expectOk(next);
    expect(next.outputs.status).toBe('IN_PROGRESS');
    expect(await calls(), 'the retry waits for its backoff').toBe(1);
  });

  it('says in the status comment and the log that an attempt ran over its limit, before the step blocks', async () => {
    const issue = 39;
    const slow = { title: 'Slow', steps: { slow: { title: 'Slow', instruction: 'Work long', attemptTimeoutMinutes: 0.05, maxAttempts: 3 } } };
    const planId = await approvedIssuePlan(issue, slow);
    // The retry waits (backoff) past the run's time budget, so the run ends with the step neither
    // done nor blocked: only a notice given at once can show the timeout.
    const run = await h.dispatch(
      { command: 'tick', 'plan-id': planId },
      { inputs: { 'retry-backoff-seconds': '600', 'time-budget-minutes': '2', 'attempt-timeout-minutes': '1' }, env: { AGENT_SLEEP_MS: '30000', SEQUENCER_STOP_GRACE_SECONDS: '0' } },
    );
    expectOk(run);
    expect(run.stdout).toContain('step slow ran over its 3 s');
    const state = await h.remoteState(`issue-${issue}`);
    expect(state?.status).toBe('IN_PROGRESS');
    expect(state?.stepRuns.slow?.attempts?.map((a) => a.outcome)).toEqual(['timed_out']);
    const [status] = h.botComments(issue, 'status');
    expect(status?.body).toContain('⏱️ Attempt 1: step slow ran over its 3 s.');
    expect(h.botComments(issue, 'blocked')).toEqual([]);
  });

  // Last: it runs the agent, and earlier tests expect the shared agent log empty.
  it('/restart from a writer runs a finished plan again from the named step, without a new approval; the earlier run stays in the state', async () => {
    const issue = 41;
    const planId = await approvedIssuePlan(issue, PLAN);
    const first = await h.dispatch({ command: 'tick', 'plan-id': planId });
    expectOk(first);
    expect(first.outputs.status).toBe('DONE');
    const before = (await readAgentCalls(h.agentLog)).filter((c) => c.planId === planId).length;

    const restart = h.say(issue, 'alice', '/restart step-2');
    const run = await restart.deliver();
    expectOk(run);
    expect(run.outputs.status).toBe('DONE');
    const calls = (await readAgentCalls(h.agentLog)).filter((c) => c.planId === planId);
    expect(calls.slice(before).map((c) => `${c.step}#${c.attempt}`)).toEqual(['step-2#2']);
    const state = (await h.remoteState(planId))!;
    expect(state.restarts).toEqual([expect.objectContaining({ by: 'alice', from: 'step-2', previous: expect.objectContaining({ status: 'DONE', currentStep: 2 }) })]);
    expect(state.stepRuns['step-2']?.attempts?.map((a) => a.outcome)).toEqual(['succeeded', 'succeeded']);
    // A quiet thread: the status comment, now the final summary, says what the /restart did.
    expect(h.botComments(issue, 'status')[0]!.body).toMatch(/`\/restart` by \\@\u200d?alice \([^)]*\): Restarted from step-2 \(2\/2\) by/);
  });
});
