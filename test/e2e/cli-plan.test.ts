// `plan --request` end to end through the bundled CLI: a single-step request becomes a one-step
// plan without any agent run; a multi-step one is drafted by a real agent process. Either way
// the plan file is written and the state awaits approval.
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { VALID_PLAN, readPlanningCalls, writePlanningAgent, type PlanningAgent } from '../fixtures/planning-agents.js';
import { makeTempDir, output, processAlive, readState, removeTempDirs, runCli, startCli, waitFor } from './helpers.js';

afterEach(removeTempDirs);

const APPROVAL = 'Approve with `agent-step-sequencer approve` (add `--delay 2` for 2 minutes between steps, recommended for rate-limited APIs).';

async function setup(kind: PlanningAgent = 'valid', env: Record<string, string> = {}) {
  const ws = await makeTempDir('plan-ws-');
  const tools = await makeTempDir('plan-tools-');
  const agent = await writePlanningAgent(tools, kind);
  const calls = path.join(tools, 'calls.jsonl');
  return {
    ws,
    calls,
    stateFile: path.join(ws, '.sequencer', 'plan', 'state.json'),
    planFile: path.join(ws, '.sequencer', 'plan', 'plan.json'),
    cli: (args: string[]) => runCli(args, { cwd: ws, env: { STEP_AGENT_CMD: agent, AGENT_CALLS: calls, ...env } }),
    start: (args: string[]) => startCli(args, { cwd: ws, env: { STEP_AGENT_CMD: agent, AGENT_CALLS: calls, ...env } }),
  };
}

describe('plan --request', () => {
  it('proposes a one-step plan for a single-step request, without running the agent', async () => {
    const e = await setup();
    const r = await e.cli(['plan', '--request', 'Fix the typo in README.md']);
    expect(r.code, output(r)).toBe(0);
    expect(r.stdout).toContain('Request: single step (1 action (fix)');
    expect(r.stdout).toContain('1/1  step-1  Fix the typo in README.md  PENDING');
    expect(r.stdout.trimEnd().endsWith(APPROVAL)).toBe(true);
    const plan = { title: 'Fix the typo in README.md', steps: { 'step-1': { title: 'Fix the typo in README.md', instruction: 'Fix the typo in README.md' } } };
    expect(JSON.parse(await readFile(e.planFile, 'utf8'))).toEqual(plan);
    const state = await readState(e.stateFile);
    expect(state).toMatchObject({ status: 'AWAITING_APPROVAL', planId: 'plan', plan, stepQueue: ['step-1'], approval: null });
    expect(await readPlanningCalls(e.calls)).toEqual([]);
  });

  it('has the agent draft a multi-step request, writes it to --out, and awaits approval', async () => {
    const e = await setup('valid');
    const r = await e.cli(['plan', '--request', 'Research X, then write a paper', '--plan-id', 'study', '--out', 'plans/study.json']);
    expect(r.code, output(r)).toBe(0);
    expect(r.stdout).toContain('Request: multi-step (sequential language ("then")).');
    expect(r.stdout).toMatch(/Study X \[study\] AWAITING_APPROVAL \(0\/2 steps done/);
    expect(r.stdout).toContain('2/2  step-2  Write paper');
    expect(r.stdout).toContain('Approve with `agent-step-sequencer approve --plan-id study` (add `--delay 2` for 2 minutes');
    expect(r.stdout).toContain(`(to change it, edit the file and run \`agent-step-sequencer init --plan ${path.join(e.ws, 'plans', 'study.json')}\`)`);
    expect(JSON.parse(await readFile(path.join(e.ws, 'plans', 'study.json'), 'utf8'))).toEqual(VALID_PLAN);
    const state = await readState(path.join(e.ws, '.sequencer', 'study', 'state.json'));
    expect(state).toMatchObject({ status: 'AWAITING_APPROVAL', plan: VALID_PLAN, stepQueue: ['step-1', 'step-2'] });
    const calls = await readPlanningCalls(e.calls);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.cwd).toBe(e.ws);

    // The proposal is an ordinary plan awaiting approval: approve --delay 2 starts it.
    const approved = await runCli(['approve', '--plan-id', 'study', '--delay', '2'], { cwd: e.ws });
    expect(approved.code, output(approved)).toBe(0);
    expect(await readState(path.join(e.ws, '.sequencer', 'study', 'state.json'))).toMatchObject({ status: 'IN_PROGRESS', stepDelayMinutes: 2 });
  });

  it('reads --request-file and reports the retry when the first draft was invalid; a key the agent wrote into the plan is scrubbed', async () => {
    const KEY = 'sk-live-0123456789abcdefXYZ';
    // The first draft names a step after the key: scrubbed, that is no valid step id.
    const e = await setup('leaks-secret', { MY_API_KEY: KEY });
    await writeFile(path.join(e.ws, 'request.txt'), 'Install the toolchain and build the docs\n');
    const r = await e.cli(['plan', '--request-file', 'request.txt']);
    expect(r.code, output(r)).toBe(0);
    expect(r.stdout).toContain('setup ("Install")');
    expect(r.stdout).toContain("The agent's first draft was invalid; the retry produced a valid plan.");
    const { plan } = await readState(e.stateFile);
    expect(plan.steps['step-1']).toMatchObject({ title: 'Research ***', instruction: 'Call the API with *** and summarise' });
    for (const file of [e.stateFile, e.planFile]) expect(await readFile(file, 'utf8')).not.toContain(KEY);
    expect(r.stdout + r.stderr).not.toContain(KEY);
    expect(await readPlanningCalls(e.calls)).toHaveLength(2);
  });

  it('reports two invalid drafts as a plan error (exit 2) and creates no state', async () => {
    const e = await setup('always-invalid');
    const r = await e.cli(['plan', '--request', 'Research X, then write a paper']);
    expect(r.code, output(r)).toBe(2);
    expect(r.stderr).toContain('error: Invalid plan drafted by the agent (2 attempts;');
    expect(r.stderr).toContain('plan.steps.step-1.instruction: must be a non-empty string');
    expect(existsSync(e.stateFile)).toBe(false);
    expect(existsSync(e.planFile)).toBe(false);
    expect(await readPlanningCalls(e.calls)).toHaveLength(2);
  });

  it('Ctrl-C (SIGINT) while the agent drafts stops the agent and exits 130, proposing nothing', async () => {
    const pidFile = path.join(await makeTempDir('plan-pid-'), 'agent.pid');
    const e = await setup('slow', { AGENT_PID_FILE: pidFile });
    const cli = e.start(['plan', '--request', 'Research X, then write a paper']);
    const pid = Number(await waitFor(() => readFile(pidFile, 'utf8').catch(() => ''), 20_000, 'the drafting agent to start'));
    cli.child.kill('SIGINT');
    const r = await cli.result;
    const alive = processAlive(pid);
    if (alive) process.kill(pid, 'SIGKILL'); // not left running when the test fails
    expect(alive, output(r)).toBe(false);
    expect(r.code, output(r)).toBe(130);
    expect(r.stderr).toContain(`Interrupted: stopping the drafting agent (pid ${pid}).`);
    expect(existsSync(e.stateFile)).toBe(false);
    expect(existsSync(e.planFile)).toBe(false);
  });

  it('refuses to replace an existing plan before running the agent, and needs a request', async () => {
    const e = await setup();
    expect((await e.cli(['plan', '--request', 'Fix the typo'])).code).toBe(0);
    const before = await readFile(e.stateFile, 'utf8');
    const again = await e.cli(['plan', '--request', 'Research X, then write a paper']);
    expect(again.code).toBe(2);
    expect(again.stderr).toContain('A plan already exists for "plan" (AWAITING_APPROVAL)');
    expect(await readFile(e.stateFile, 'utf8')).toBe(before);
    expect(await readPlanningCalls(e.calls)).toEqual([]);

    const none = await e.cli(['plan', '--plan-id', 'other']);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('plan: expected --request TEXT or --request-file FILE');
  });
});
