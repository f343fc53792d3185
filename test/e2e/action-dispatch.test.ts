// workflow_dispatch and schedule through the bundled Action: a plan file committed in the
// repository (no issue), steering by dispatch, a bad input reported the way the runner shows it,
// and the heartbeat ticking every active plan while leaving finished ones alone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ActionHarness, runReport, type ActionRun } from './action-harness.js';
import { seedPlans, seedState } from './fleet-seed.js';
import { planPart, readAgentCalls, removeTempDirs } from './helpers.js';

afterAll(removeTempDirs);

function expectOk(run: ActionRun): void {
  expect(run.code, runReport(run)).toBe(0);
}

const plan = (name: string, steps = 2) => ({
  title: `Plan ${name}`,
  steps: Object.fromEntries(
    Array.from({ length: steps }, (_, i) => [`${name}-${i + 1}`, { title: `${name} step ${i + 1}`, instruction: `Write out/${name}-${i + 1}.md`, requiredOutputs: [`out/${name}-${i + 1}.md`] }]),
  ),
});

describe('workflow_dispatch (local node)', () => {
  let h: ActionHarness;
  beforeAll(async () => {
    h = await ActionHarness.create();
    // Only writers can dispatch a workflow; the run that starts a plan is its approval.
    h.fake.setPermission(h.actor, 'write');
    await h.commitToMain({
      'plans/nightly.json': JSON.stringify(plan('nightly'), null, 2),
      // The instruction quotes the run's token: the plan is stored and run with it scrubbed.
      'plans/flaky.yml': `title: Flaky\nsteps:\n  flaky-1:\n    title: Always fails\n    instruction: Fail, key ${h.fake.token}\n    maxAttempts: 1\n`,
    });
  });
  afterAll(async () => h?.close());

  it('start runs a committed plan file to DONE without touching any issue', async () => {
    const run = await h.dispatch({ command: 'start', plan: 'plans/nightly.json' });
    expectOk(run);
    expect(run.outputs).toMatchObject({ 'plan-id': 'nightly', status: 'DONE', 'steps-done': '2', 'steps-total': '2', 'state-branch': 'sequencer/nightly' });
    const state = (await h.remoteState('nightly'))!;
    expect(state).toMatchObject({ status: 'DONE', approval: { by: h.actor } });
    expect(h.fake.comments).toHaveLength(0);
    expect(run.summary).toContain('Done: Plan nightly (2/2)');

    // Starting it again is a tick of the existing plan: nothing new.
    const tip = (await h.remoteBranches())['sequencer/nightly'];
    expectOk(await h.dispatch({ command: 'start', plan: 'plans/nightly.json' }));
    expect((await h.remoteBranches())['sequencer/nightly']).toBe(tip);
  });

  it('status reports, writing only that it was read; cancel ends a blocked plan; both are answered in the log', async () => {
    const blocked = await h.dispatch({ command: 'start', plan: 'plans/flaky.yml', 'plan-id': 'flaky' }, { env: { AGENT_FAIL_CALLS: '99' } });
    expect(blocked.code).toBe(1);
    expect(blocked.outputs).toMatchObject({ 'plan-id': 'flaky', status: 'BLOCKED', 'blocked-step': 'flaky-1' });
    const flaky = (await h.remoteState('flaky'))!;
    expect(flaky.plan.steps['flaky-1']?.instruction).toBe('Fail, key ***');
    expect(JSON.stringify(flaky)).not.toContain(h.fake.token);
    const tip = (await h.remoteBranches())['sequencer/flaky'];

    const status = await h.dispatch({ command: 'status', 'plan-id': 'flaky' });
    expectOk(status);
    expect(status.outputs).toMatchObject({ status: 'BLOCKED', 'blocked-step': 'flaky-1' });
    expect(status.stdout).toMatch(/Plan is BLOCKED/);
    // One small commit records the command as read, so no later run answers it again; the plan is as it was.
    expect(await h.subjectsSince('sequencer/flaky', tip!)).toEqual(['sequencer(flaky): commands: /status']);
    expect(planPart(await h.remoteState('flaky'))).toEqual(planPart(flaky));

    const cancel = await h.dispatch({ command: 'cancel', 'plan-id': 'flaky' });
    expectOk(cancel);
    expect(cancel.outputs.status).toBe('CANCELLED');
    expect((await h.remoteState('flaky'))?.cancelRequested).toMatchObject({ by: h.actor });
    expect(h.fake.comments).toHaveLength(0);
    expect((await readAgentCalls(h.agentLog)).filter((c) => c.step === 'flaky-1')).toHaveLength(1);
  });

  it('a bad input fails the step with an error naming it, and still sets the outputs', async () => {
    const run = await h.dispatch({ command: 'tick' }, { inputs: { 'max-attempts': 'abc' } });
    expect(run.code, runReport(run)).toBe(1);
    expect(run.stdout).toMatch(/^::error::Invalid input 'max-attempts': "abc"\. Expected a whole number from 1 to 100\./m);
    expect(run.outputs).toMatchObject({ status: 'ERROR', 'plan-id': '', 'steps-done': '0', plans: '[]' });
  });

  it('an unknown dispatch command is refused the same way', async () => {
    const run = await h.dispatch({ command: 'explode', 'plan-id': 'nightly' });
    expect(run.code, runReport(run)).toBe(1);
    expect(run.stdout).toMatch(/::error::.*'command'.*"explode"/);
    expect(run.outputs.status).toBe('ERROR');
  });
});

describe('schedule (local node)', () => {
  let h: ActionHarness;
  beforeAll(async () => {
    h = await ActionHarness.create();
    h.fake.setPermission(h.actor, 'write');
    // One step each: the heartbeat is about which plans it ticks, not how far (a tick through
    // several steps is the first describe's `start`).
    await h.commitToMain({ 'plans/alpha.json': JSON.stringify(plan('alpha', 1)), 'plans/beta.json': JSON.stringify(plan('beta', 1)) });
    // A finished plan as a run that ended it leaves it (DONE, its idle marker at the tip); running
    // it to DONE here would repeat the first describe's `start`.
    await seedPlans(h.origin, h.mainSha, [{ planId: 'gamma', state: seedState('gamma', 'DONE', new Date()), marker: true }]);
  });
  afterAll(async () => h?.close());

  it('ticks every active plan and makes no commit for a finished one', async () => {
    // A one-minute budget cannot fit a 60-minute attempt: the plans start but wait for the next run,
    // which the run asks for at once by dispatching its own workflow.
    for (const name of ['alpha', 'beta']) {
      const started = await h.dispatch({ command: 'start', plan: `plans/${name}.json` }, { inputs: { 'time-budget-minutes': '1', 'attempt-timeout-minutes': '1' } });
      expectOk(started);
      expect(started.outputs).toMatchObject({ 'plan-id': name, status: 'IN_PROGRESS', 'steps-done': '0' });
    }
    expect(h.fake.dispatches.map((d) => [d.workflowPath, d.ref, d.inputs])).toEqual([
      ['.github/workflows/sequencer.yml', 'refs/heads/main', { command: 'tick', 'plan-id': 'alpha' }],
      ['.github/workflows/sequencer.yml', 'refs/heads/main', { command: 'tick', 'plan-id': 'beta' }],
    ]);
    expect((await h.remoteState('gamma'))?.status).toBe('DONE');

    const before = await h.remoteBranches();
    const heartbeat = await h.tick();
    expectOk(heartbeat);
    const after = await h.remoteBranches();
    for (const name of ['alpha', 'beta']) {
      expect(after[`sequencer/${name}`], `${name} ticked`).not.toBe(before[`sequencer/${name}`]);
      expect((await h.remoteState(name))?.status).toBe('DONE');
      const completions = (await h.remoteLog(`sequencer/${name}`)).filter((c) => c.subject.endsWith('succeeded'));
      expect(completions.map((c) => c.files.filter((f) => f.startsWith('out/')))).toEqual([[`out/${name}-1.md`]]);
    }
    expect(after['sequencer/gamma']).toBe(before['sequencer/gamma']);
    expect(heartbeat.outputs.plans).toBe('[]');
    expect(h.fake.comments).toHaveLength(0);
  });

  it('state-branch agents/<plan-id>: the plan gets its own branch there, and the heartbeat lists and ticks that prefix', async () => {
    const inputs = { 'state-branch': 'agents/<plan-id>' };
    const started = await h.dispatch({ command: 'start', plan: 'plans/alpha.json', 'plan-id': 'alpha-agents' }, { inputs: { ...inputs, 'time-budget-minutes': '1', 'attempt-timeout-minutes': '1' } });
    expectOk(started);
    expect(started.outputs).toMatchObject({ 'plan-id': 'alpha-agents', status: 'IN_PROGRESS', 'state-branch': 'agents/alpha-agents' });

    const heartbeat = await h.tick({ inputs });
    expectOk(heartbeat);
    // Only the plans under agents/: the ones on sequencer/ belong to the default layout.
    expect(heartbeat.stdout).toMatch(/1 plan on origin, 1 active: alpha-agents\./);
    expect((await h.remoteState('alpha-agents', 'agents/alpha-agents'))?.status).toBe('DONE');
    const branches = await h.remoteBranches();
    expect(Object.keys(branches).filter((b) => b.includes('alpha-agents'))).toEqual(['agents/alpha-agents']);
    // The finished plan is in the index, so later heartbeats skip it without a fetch.
    expect((await h.originGit(['rev-parse', 'refs/sequencer/idle/alpha-agents'])).stdout.trim()).toBe(branches['agents/alpha-agents']);
  });
});
