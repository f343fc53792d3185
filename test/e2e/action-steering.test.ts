// Steering through the bundled Action that must always work: a plan with an issue hears its
// issue in every run, whatever started the run (a comment, a cron heartbeat, a dispatch, or the
// continuation run a long plan dispatches for itself).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ActionHarness, runReport, type ActionRun } from './action-harness.js';
import { readAgentCalls, removeTempDirs } from './helpers.js';

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
  });
  afterAll(async () => h?.close());

  it('a dispatched continuation run applies a /cancel posted on the issue', async () => {
    const issue = 31;
    const planId = `issue-${issue}`;
    h.fake.setPermission('alice', 'write');
    expectOk(await h.openIssue(issue, PLAN));
    // A one-minute budget fits no 60-minute attempt: the approving run starts nothing and
    // dispatches a continuation run for the plan.
    const approved = await h.say(issue, 'alice', '/approve').deliver({ inputs: { 'time-budget-minutes': '1' } });
    expectOk(approved);
    expect(h.fake.dispatches.map((d) => d.inputs)).toEqual([{ command: 'tick', 'plan-id': planId }]);

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
});
