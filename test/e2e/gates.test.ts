// Human gates end to end: a three-step plan whose second step is gated pauses before it, with
// the gated step named in the state; an approval (CLI `approve`, or `/approve` on the issue)
// lets it through and the plan finishes.
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ActionHarness, runReport, type ActionRun } from './action-harness.js';
import { makeTempDir, output, readAgentCalls, readState, removeTempDirs, runCli, writeAgent, writeJson } from './helpers.js';

afterEach(removeTempDirs);

const PLAN = {
  title: 'Gated plan',
  steps: {
    'step-1': { title: 'Draft', instruction: 'Write notes/one.md', requiredOutputs: ['notes/one.md'] },
    'step-2': { title: 'Publish', instruction: 'Write notes/two.md', requiredOutputs: ['notes/two.md'], gate: { reason: 'publishing is visible to everyone' } },
    'step-3': { title: 'Announce', instruction: 'Write notes/three.md', requiredOutputs: ['notes/three.md'] },
  },
};

describe('a gated plan through the CLI (file store)', () => {
  it('run pauses before the gated step; approve lets it through and the next run finishes', async () => {
    const ws = await makeTempDir('gate-ws-');
    const tools = await makeTempDir('gate-tools-');
    const planFile = path.join(ws, 'plan.json');
    await writeJson(planFile, PLAN);
    const calls = path.join(tools, 'calls.jsonl');
    const env = { STEP_AGENT_CMD: await writeAgent(tools), AGENT_LOG: calls, AGENT_WRITE_OUTPUTS: '1' };
    const stateFile = path.join(ws, '.sequencer', 'plan', 'state.json');
    const cli = (args: string[]) => runCli(args, { cwd: ws, env });

    const first = await cli(['run', '--plan', planFile, '--plan-id', 'plan']);
    expect(first.code, output(first)).toBe(1);
    expect(output(first)).toContain('Paused before step-2 (Publish): it is gated (publishing is visible to everyone)');
    const paused = await readState(stateFile);
    expect(paused.status).toBe('AWAITING_APPROVAL');
    expect(paused.gate).toMatchObject({ stepId: 'step-2', reason: 'publishing is visible to everyone', planHash: paused.planHash });
    expect((await readAgentCalls(calls)).map((c) => c.step)).toEqual(['step-1']);

    const approve = await cli(['approve', '--plan-id', 'plan']);
    expect(approve.code, output(approve)).toBe(0);
    const approved = await readState(stateFile);
    expect(approved.status).toBe('IN_PROGRESS');
    expect(approved.stepRuns['step-2']?.gatePassed).toMatchObject({ planHash: paused.planHash });

    const second = await cli(['run', '--plan', planFile, '--plan-id', 'plan']);
    expect(second.code, output(second)).toBe(0);
    const done = await readState(stateFile);
    expect(done.status).toBe('DONE');
    expect((await readAgentCalls(calls)).map((c) => c.step)).toEqual(['step-1', 'step-2', 'step-3']);
  });
});

describe('a gated plan through the issue (local node)', () => {
  let h: ActionHarness;
  beforeAll(async () => {
    h = await ActionHarness.create();
  });
  afterAll(async () => h?.close());

  const expectOk = (run: ActionRun) => expect(run.code, runReport(run)).toBe(0);
  const gateComments = (issue: number) => h.botComments(issue).filter((c) => c.body.startsWith('<!-- agent-step-sequencer:gate:'));

  it('/approve starts it, it pauses at the gate with a gate comment, /approve <hash prefix> finishes it', async () => {
    const issue = 51;
    const planId = `issue-${issue}`;
    expectOk(await h.openIssue(issue, PLAN));
    const proposal = h
      .botComments(issue, 'proposal')
      .map((c) => c.body)
      .join('\n');
    expect(proposal.match(/\*\*Gate:\*\*/g)).toHaveLength(1);
    expect(proposal).toContain('publishing is visible to everyone');

    h.fake.setPermission('alice', 'write');
    const first = await h.say(issue, 'alice', '/approve').deliver();
    expectOk(first);
    expect(first.outputs).toMatchObject({ status: 'AWAITING_APPROVAL', 'steps-done': '1' });
    const paused = (await h.remoteState(planId))!;
    expect(paused.gate).toMatchObject({ stepId: 'step-2', planHash: paused.planHash });
    expect((await readAgentCalls(h.agentLog)).map((c) => c.step)).toEqual(['step-1']);

    const gate = gateComments(issue);
    expect(gate).toHaveLength(1);
    expect(gate[0]!.body).toContain('Waiting for approval before `step-2`: Publish');
    expect(gate[0]!.body).toContain('publishing is visible to everyone');
    // The output to review, linked to the commit that produced it.
    expect(gate[0]!.body).toMatch(new RegExp(`\\]\\(https://github\\.com/${h.owner}/${h.repo}/blob/[0-9a-f]{40}/notes/one\\.md\\)`));

    // Naming the plan by its hash prefix passes the gate as the full hash or a bare /approve does.
    const second = await h.say(issue, 'alice', `/approve ${paused.planHash!.slice('sha256:'.length, 'sha256:'.length + 12)}`).deliver();
    expectOk(second);
    expect(second.outputs).toMatchObject({ status: 'DONE', 'steps-done': '3' });
    const done = (await h.remoteState(planId))!;
    expect(done.stepRuns['step-2']?.gatePassed).toMatchObject({ by: 'alice', planHash: paused.planHash });
    expect((await readAgentCalls(h.agentLog)).map((c) => c.step)).toEqual(['step-1', 'step-2', 'step-3']);
    expect(gateComments(issue)).toHaveLength(1);
    expect(h.botComments(issue, 'summary')).toHaveLength(1);
  });
});
