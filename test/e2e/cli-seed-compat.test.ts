// The original step sequencer's heartbeat (`step-sequencer-check.py state.json`, seeds/000),
// replayed against the bundled CLI: `node dist/cli.js check STATE` must behave the same way on
// the same state files, plus the safety the seed asked for (no shells, outputs inside the
// workspace, invalid files left untouched).
import { mkdir, readFile, readdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { StepRun } from '../../src/core/state/types.js';
import { REPO_ROOT, listTree, makeTempDir, output, processAlive, readAgentCalls, readState, removeTempDirs, runCli, seedState, snapshot, writeAgent, writeJson } from './helpers.js';

afterEach(removeTempDirs);

const TWO_STEPS = {
  'step-1': { title: 'Research topic X', instruction: 'Research topic X and produce a concise summary' },
  'step-2': { title: 'Write paper', instruction: 'Using the summary from step 1, write a research paper' },
};

/** A workspace with a state file and, outside it, a tools folder holding the agent and its call log. */
async function setup(state: unknown): Promise<{ ws: string; stateFile: string; agent: string; calls: string; tools: string }> {
  const ws = await makeTempDir('seed-ws-');
  const tools = await makeTempDir('seed-tools-');
  const stateFile = path.join(ws, 'state.json');
  await writeJson(stateFile, state);
  return { ws, stateFile, agent: await writeAgent(tools), calls: path.join(tools, 'calls.jsonl'), tools };
}

function check(stateFile: string, env: Record<string, string | undefined>) {
  return runCli(['check', stateFile], { cwd: path.dirname(stateFile), env });
}

const runOf = (runs: Record<string, StepRun>, id: string): StepRun => {
  const run = runs[id];
  if (!run) throw new Error(`no stepRuns.${id}`);
  return run;
};

describe('check STATE: the seed heartbeat', () => {
  it('does nothing and writes nothing when there is no state file', async () => {
    const ws = await makeTempDir();
    await writeFile(path.join(ws, 'notes.txt'), 'unrelated\n');
    const before = await listTree(ws);
    const r = await check(path.join(ws, 'state.json'), { STEP_AGENT_CMD: 'echo' });
    expect(r.code).toBe(0);
    expect(await listTree(ws)).toEqual(before);
  });

  it('does nothing and creates nothing when the state file and its folder are missing', async () => {
    const ws = await makeTempDir();
    const r = await runCli(['check', path.join(ws, 'not-yet', 'state.json')], { cwd: ws, env: { STEP_AGENT_CMD: 'echo' } });
    expect(r.code, output(r)).toBe(0);
    expect(await listTree(ws)).toEqual([]);
    // Same with an existing workspace: the state's folder is not created for a lock either.
    const r2 = await runCli(['check', path.join(ws, '.sequencer', 'p', 'state.json'), '--workspace', ws], { cwd: ws, env: { STEP_AGENT_CMD: 'echo' } });
    expect(r2.code, output(r2)).toBe(0);
    expect(await listTree(ws)).toEqual([]);
  });

  it('leaves a DONE plan alone: same bytes, same mtime, no agent call', async () => {
    const done = seedState(TWO_STEPS, {
      currentStep: 2,
      status: 'DONE',
      stepRuns: { 'step-1': { status: 'DONE', tries: 1 }, 'step-2': { status: 'DONE', tries: 1 } },
      lastHeartbeatIso: '2024-01-01T00:00:00.000Z',
    });
    const { stateFile, agent, calls } = await setup(done);
    const before = await snapshot(stateFile);
    const r = await check(stateFile, { STEP_AGENT_CMD: agent, AGENT_LOG: calls });
    expect(r.code).toBe(0);
    expect(await snapshot(stateFile)).toEqual(before);
    expect(await readAgentCalls(calls)).toEqual([]);
  });

  it('runs a two-step plan to DONE in one heartbeat with STEP_AGENT_CMD=echo; the next heartbeat changes nothing', async () => {
    const { stateFile } = await setup(seedState(TWO_STEPS));
    const r = await check(stateFile, { STEP_AGENT_CMD: 'echo' });
    expect(r.code, output(r)).toBe(0);
    const s = await readState(stateFile);
    expect(s.status).toBe('DONE');
    expect(s.currentStep).toBe(s.stepQueue.length);
    for (const [id, def] of Object.entries(TWO_STEPS)) {
      const run = runOf(s.stepRuns, id);
      expect(run.status).toBe('DONE');
      expect(run.tries).toBe(1);
      expect(run.stdout).toContain(def.instruction);
    }
    expect(Date.parse(s.lastHeartbeatIso ?? '')).not.toBeNaN();

    const before = await snapshot(stateFile);
    const again = await check(stateFile, { STEP_AGENT_CMD: 'echo' });
    expect(again.code).toBe(0);
    expect(await snapshot(stateFile)).toEqual(before);
    const after = await readState(stateFile);
    expect(after.status).toBe('DONE');
    expect(after.currentStep).toBe(after.stepQueue.length);
  });

  for (const [maxRetries, expected] of [
    ['2', 2],
    [undefined, 3],
  ] as const) {
    it(`retries a failing step until STEP_MAX_RETRIES (${maxRetries ?? 'default'}) then blocks once`, async () => {
      const { ws, stateFile } = await setup(seedState(TWO_STEPS));
      const env = { STEP_AGENT_CMD: 'false', STEP_MAX_RETRIES: maxRetries };
      const r = await check(stateFile, env);
      // A check that leaves the plan blocked exits 1: it needs a person.
      expect(r.code, output(r)).toBe(1);
      const s = await readState(stateFile);
      const run = runOf(s.stepRuns, 'step-1');
      expect(run.status).toBe('FAILED');
      expect(run.error).toMatch(/exit(ed)? .*1/);
      expect(run.tries).toBe(expected);
      expect(run.attempts?.map((a) => a.n)).toEqual(Array.from({ length: expected }, (_, i) => i + 1));
      expect((await readdir(path.join(ws, 'state.json.logs', 'step-1'))).filter((f) => /^attempt-\d+\.log$/.test(f))).toHaveLength(expected);
      expect(s.status).toBe('BLOCKED');
      expect(s.blockers).toEqual([`step-1: max attempts (${expected}) used up`]);
      expect(s.stepRuns['step-2']?.tries ?? 0).toBe(0);

      const blocked = await snapshot(stateFile);
      expect((await check(stateFile, env)).code).toBe(1);
      expect(await snapshot(stateFile)).toEqual(blocked);

      // A seed writer that put the plan back to IN_PROGRESS with the same exhausted step:
      // blocked again, but the blocker line is not appended a second time.
      await writeJson(stateFile, { ...s, status: 'IN_PROGRESS' });
      expect((await check(stateFile, env)).code).toBe(1);
      const reblocked = await readState(stateFile);
      expect(reblocked.status).toBe('BLOCKED');
      expect(reblocked.blockers).toEqual([`step-1: max attempts (${expected}) used up`]);
      expect(runOf(reblocked.stepRuns, 'step-1').tries).toBe(expected);
    });
  }

  it('retries with the seed troubleshooting prompt, word for word', async () => {
    const { stateFile, agent, calls } = await setup(seedState({ 'step-1': TWO_STEPS['step-1'] }));
    const r = await check(stateFile, { STEP_AGENT_CMD: agent, AGENT_LOG: calls, AGENT_FAIL_CALLS: '1' });
    expect(r.code, output(r)).toBe(0);
    const s = await readState(stateFile);
    const run = runOf(s.stepRuns, 'step-1');
    expect(s.status).toBe('DONE');
    expect(run.tries).toBe(2);
    const firstError = run.attempts?.[0]?.error ?? '';
    expect(firstError).toContain('agent failure on call 1 of step-1');

    const recorded = await readAgentCalls(calls);
    expect(recorded).toHaveLength(2);
    // The prompt is exactly one extra argument after the command's own words (none here).
    expect(recorded[0]?.argv).toEqual([TWO_STEPS['step-1'].instruction]);
    expect(recorded[1]?.argv).toEqual([`Step step-1 failed (tries: 1). Previous run ended with: ${firstError}. Please troubleshoot and retry: ${TWO_STEPS['step-1'].instruction}`]);
  });

  it('resumes after a finished step without running it again', async () => {
    const steps = { ...TWO_STEPS, 'step-1': { ...TWO_STEPS['step-1'], requiredOutputs: ['study/summary.md'] } };
    const { ws, stateFile, agent, calls } = await setup(seedState(steps, { currentStep: 1, stepRuns: { 'step-1': { status: 'DONE', tries: 1, lastRunIso: '2024-01-01T00:00:00.000Z' } } }));
    await mkdir(path.join(ws, 'study'));
    await writeFile(path.join(ws, 'study', 'summary.md'), '# summary\n');
    const r = await check(stateFile, { STEP_AGENT_CMD: agent, AGENT_LOG: calls });
    expect(r.code, output(r)).toBe(0);
    expect((await readAgentCalls(calls)).map((c) => c.step)).toEqual(['step-2']);
    const s = await readState(stateFile);
    expect(s.status).toBe('DONE');
    expect(runOf(s.stepRuns, 'step-1')).toMatchObject({ status: 'DONE', tries: 1, lastRunIso: '2024-01-01T00:00:00.000Z' });
  });

  it('advances past a DONE current step the seed runner left un-advanced, without re-running it', async () => {
    const { stateFile, agent, calls } = await setup(seedState(TWO_STEPS, { stepRuns: { 'step-1': { status: 'DONE', tries: 1 } } }));
    const r = await check(stateFile, { STEP_AGENT_CMD: agent, AGENT_LOG: calls });
    expect(r.code, output(r)).toBe(0);
    expect((await readAgentCalls(calls)).map((c) => c.step)).toEqual(['step-2']);
    expect((await readState(stateFile)).status).toBe('DONE');
  });

  it('retries a step a dead seed runner left IN_PROGRESS', async () => {
    const { stateFile, agent, calls } = await setup(seedState(TWO_STEPS, { stepRuns: { 'step-1': { status: 'IN_PROGRESS', tries: 1 } } }));
    const r = await check(stateFile, { STEP_AGENT_CMD: agent, AGENT_LOG: calls });
    expect(r.code, output(r)).toBe(0);
    expect((await readAgentCalls(calls)).map((c) => c.step)).toEqual(['step-1', 'step-2']);
    const s = await readState(stateFile);
    expect(s.status).toBe('DONE');
    expect(runOf(s.stepRuns, 'step-1').tries).toBe(2);
  });
});

describe('check STATE: agent command safety', () => {
  for (const [cmd, why] of [
    ["bash -c 'echo hi'", /shell interpreter \(bash\)/],
    ['sh', /shell interpreter \(sh\)/],
    ['python3 -c "print(1)"', /python3 with inline code \(-c\)/],
  ] as const) {
    it(`refuses STEP_AGENT_CMD=${cmd} with exit 2, saying why, and leaves the state untouched`, async () => {
      const { stateFile } = await setup(seedState(TWO_STEPS));
      const before = await snapshot(stateFile);
      const r = await check(stateFile, { STEP_AGENT_CMD: cmd });
      expect(r.code).toBe(2);
      expect(r.stderr).toContain('STEP_AGENT_CMD');
      expect(r.stderr).toMatch(why);
      expect(await snapshot(stateFile)).toEqual(before);
    });
  }

  it('exits 2 naming STEP_AGENT_CMD when no agent command is set', async () => {
    const { stateFile } = await setup(seedState(TWO_STEPS));
    const before = await snapshot(stateFile);
    const r = await check(stateFile, { STEP_AGENT_CMD: undefined });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('STEP_AGENT_CMD');
    expect(await snapshot(stateFile)).toEqual(before);
  });

  it('exits 2 for an agent binary not on PATH without consuming an attempt', async () => {
    const { stateFile } = await setup(seedState(TWO_STEPS));
    const before = await snapshot(stateFile);
    const r = await check(stateFile, { STEP_AGENT_CMD: 'no-such-agent-binary-e2e --flag' });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('not found on PATH');
    expect(r.stderr).toContain('no-such-agent-binary-e2e');
    expect(await snapshot(stateFile)).toEqual(before);
    expect((await readState(stateFile)).stepRuns['step-1']?.tries ?? 0).toBe(0);
  });
});

describe('check STATE: required outputs', () => {
  const steps = { 'step-1': { title: 'Two files', instruction: 'Write a.md and b.md', requiredOutputs: ['a.md', 'b.md'] } };

  it('marks the step DONE when the agent writes every required output', async () => {
    const { ws, stateFile, agent } = await setup(seedState(steps));
    const r = await check(stateFile, { STEP_AGENT_CMD: agent, AGENT_WRITE_OUTPUTS: '1' });
    expect(r.code, output(r)).toBe(0);
    const s = await readState(stateFile);
    expect(runOf(s.stepRuns, 'step-1').status).toBe('DONE');
    expect(s.status).toBe('DONE');
    expect(s.artifacts).toEqual(['a.md', 'b.md']);
    expect(await readFile(path.join(ws, 'b.md'), 'utf8')).toContain('Write a.md and b.md');
  });

  it('fails the step with "Missing required outputs: a.md, b.md" when the agent exits 0 without them', async () => {
    const { stateFile } = await setup(seedState(steps));
    const r = await check(stateFile, { STEP_AGENT_CMD: 'echo', STEP_MAX_RETRIES: '1' });
    expect(r.code).toBe(1);
    const run = runOf((await readState(stateFile)).stepRuns, 'step-1');
    expect(run.status).toBe('FAILED');
    expect(run.error).toBe('Missing required outputs: a.md, b.md');
  });

  it('counts an output that is a symlink to a file outside the workspace as missing', async () => {
    const { ws, stateFile, tools } = await setup(seedState({ 'step-1': { title: 'One file', instruction: 'Write a.md', requiredOutputs: ['a.md'] } }));
    const outside = path.join(tools, 'secret.txt');
    await writeFile(outside, 'not yours\n');
    await symlink(outside, path.join(ws, 'a.md'));
    const r = await check(stateFile, { STEP_AGENT_CMD: 'echo', STEP_MAX_RETRIES: '1' });
    expect(r.code).toBe(1);
    const s = await readState(stateFile);
    expect(runOf(s.stepRuns, 'step-1').status).toBe('FAILED');
    expect(runOf(s.stepRuns, 'step-1').error).toBe('Missing required outputs: a.md');
    expect(s.status).toBe('BLOCKED');
  });
});

describe('check STATE: the seed document as written', () => {
  const fixture = path.join(REPO_ROOT, 'test', 'fixtures', 'plans', 'seed-state.json');

  it("runs the seed's example state.json unchanged to DONE", async () => {
    const seed = JSON.parse(await readFile(fixture, 'utf8')) as Record<string, unknown>;
    const { ws, stateFile, agent, calls } = await setup(seed);
    const r = await check(stateFile, { STEP_AGENT_CMD: agent, AGENT_LOG: calls, AGENT_WRITE_OUTPUTS: '1' });
    expect(r.code, output(r)).toBe(0);
    const s = await readState(stateFile);
    expect(s.status).toBe('DONE');
    expect(s.stepQueue).toEqual(['step-1', 'step-2']);
    expect(s.currentStep).toBe(2);
    expect(s.stepDelayMinutes).toBe(0);
    expect((await readAgentCalls(calls)).map((c) => c.step)).toEqual(['step-1', 'step-2']);
    expect(await readFile(path.join(ws, 'study', 'summary.md'), 'utf8')).toContain('Research topic X');
    expect(s.artifacts).toContain('study/summary.md');
  });

  it('accepts required_outputs (snake_case) and enforces it like requiredOutputs', async () => {
    const text = (await readFile(fixture, 'utf8')).replace('"requiredOutputs"', '"required_outputs"');
    expect(text).toContain('"required_outputs"');
    const seed = JSON.parse(text) as Record<string, unknown>;

    const missing = await setup(seed);
    expect((await check(missing.stateFile, { STEP_AGENT_CMD: 'echo', STEP_MAX_RETRIES: '1' })).code).toBe(1);
    expect(runOf((await readState(missing.stateFile)).stepRuns, 'step-1').error).toBe('Missing required outputs: study/summary.md');

    const written = await setup(seed);
    const r = await check(written.stateFile, { STEP_AGENT_CMD: written.agent, AGENT_WRITE_OUTPUTS: '1' });
    expect(r.code, output(r)).toBe(0);
    expect((await readState(written.stateFile)).status).toBe('DONE');
    expect(await readFile(path.join(written.ws, 'study', 'summary.md'), 'utf8')).toContain('Research topic X');
  });

  it('keeps fields it does not know through a heartbeat that does work', async () => {
    const state = seedState(
      { 'step-1': { ...TWO_STEPS['step-1'], notes: { reviewer: 'ada' } }, 'step-2': TWO_STEPS['step-2'] },
      { customTop: { keep: [1, 2, 3] }, stepRuns: { 'step-2': { status: 'PENDING', tries: 0, mine: 'kept' } } },
    );
    (state.plan as Record<string, unknown>).owner = 'docs-team';
    const { stateFile } = await setup(state);
    const r = await check(stateFile, { STEP_AGENT_CMD: 'echo' });
    expect(r.code, output(r)).toBe(0);
    const s = await readState(stateFile);
    expect(s.status).toBe('DONE');
    expect(s.customTop).toEqual({ keep: [1, 2, 3] });
    expect(s.plan.owner).toBe('docs-team');
    expect(s.plan.steps['step-1']?.notes).toEqual({ reviewer: 'ada' });
    expect(runOf(s.stepRuns, 'step-2')).toMatchObject({ status: 'DONE', mine: 'kept' });
  });
});

describe('check STATE: invalid state files', () => {
  it('exits 3 on a file that is not JSON, naming the problem, and leaves it byte for byte', async () => {
    const { stateFile } = await setup({});
    await writeFile(stateFile, '{"plan": {"steps": ');
    const before = await snapshot(stateFile);
    const r = await check(stateFile, { STEP_AGENT_CMD: 'echo' });
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('not valid JSON');
    expect(r.stderr).toContain(stateFile);
    expect(await snapshot(stateFile)).toEqual(before);
  });

  it('exits 3 when currentStep points past the queue, naming the field and the value', async () => {
    const { stateFile } = await setup(seedState(TWO_STEPS, { currentStep: 5 }));
    const before = await snapshot(stateFile);
    const r = await check(stateFile, { STEP_AGENT_CMD: 'echo' });
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/currentStep.*5/);
    expect(await snapshot(stateFile)).toEqual(before);
  });

  it('exits 3 on a bad recorded default budget, even with --budget-usd that would record one, and leaves the file byte for byte', async () => {
    const { stateFile } = await setup(seedState(TWO_STEPS, { defaultBudget: { costUsd: -2 } }));
    const before = await snapshot(stateFile);
    const r = await runCli(['check', stateFile, '--budget-usd', '1'], { cwd: path.dirname(stateFile), env: { STEP_AGENT_CMD: 'echo' } });
    expect(r.code, output(r)).toBe(3);
    expect(r.stderr).toContain('defaultBudget.costUsd: must be a number of US dollars > 0 and <= 1000000, got -2');
    expect(r.stderr).toContain(stateFile);
    expect(await snapshot(stateFile)).toEqual(before);
  });
});

describe('check STATE: timing', () => {
  it('stops after a step when stepDelayMinutes is set, with notBefore about a minute later', async () => {
    const { stateFile, agent, calls } = await setup(seedState(TWO_STEPS, { stepDelayMinutes: 1 }));
    const t0 = Date.now();
    const r = await check(stateFile, { STEP_AGENT_CMD: agent, AGENT_LOG: calls });
    const t1 = Date.now();
    expect(r.code, output(r)).toBe(0);
    const s = await readState(stateFile);
    expect(s.status).toBe('IN_PROGRESS');
    expect(runOf(s.stepRuns, 'step-1').status).toBe('DONE');
    expect(s.stepRuns['step-2']?.status ?? 'PENDING').toBe('PENDING');
    expect(s.stepRuns['step-2']?.tries ?? 0).toBe(0);
    expect(s.currentStep).toBe(1);
    const notBefore = Date.parse(s.notBefore ?? '');
    expect(notBefore).toBeGreaterThanOrEqual(t0 + 60_000 - 1000);
    expect(notBefore).toBeLessThanOrEqual(t1 + 60_000 + 1000);

    // A heartbeat inside the delay starts nothing.
    expect((await check(stateFile, { STEP_AGENT_CMD: agent, AGENT_LOG: calls })).code).toBe(0);
    expect((await readAgentCalls(calls)).map((c) => c.step)).toEqual(['step-1']);
    expect((await readState(stateFile)).stepRuns['step-2']?.tries ?? 0).toBe(0);
  });

  it('with --max-wait, waits out a step delay shorter than that and runs on; a longer one ends the heartbeat as before', async () => {
    const THREE = { ...TWO_STEPS, 'step-3': { title: 'Publish', instruction: 'Publish the paper' } };
    // 0.04 min: 2.4 s between steps.
    const { stateFile, agent, calls } = await setup(seedState(THREE, { stepDelayMinutes: 0.04 }));
    const env = { STEP_AGENT_CMD: agent, AGENT_LOG: calls };
    const short = await runCli(['check', stateFile, '--max-wait', '0.01'], { cwd: path.dirname(stateFile), env });
    expect(short.code, output(short)).toBe(0);
    expect(output(short)).toMatch(/The next step may start in \d s, later than --max-wait \(1 s\); the next heartbeat runs it\./);
    expect((await readAgentCalls(calls)).map((c) => c.step)).toEqual(['step-1']);

    const long = await runCli(['check', stateFile, '--max-wait', '1'], { cwd: path.dirname(stateFile), env });
    expect(long.code, output(long)).toBe(0);
    expect((await readAgentCalls(calls)).map((c) => c.step)).toEqual(['step-1', 'step-2', 'step-3']);
    const s = await readState(stateFile);
    expect(s.status).toBe('DONE');
    // Each step started once its delay after the one before had passed.
    const ended2 = Date.parse(runOf(s.stepRuns, 'step-2').attempts?.[0]?.endedAt ?? '');
    const started3 = Date.parse(runOf(s.stepRuns, 'step-3').attempts?.[0]?.startedAt ?? '');
    expect(started3 - ended2).toBeGreaterThanOrEqual(2_400 - 50);
  });

  it('stops an attempt that outlives attemptTimeoutMinutes and records it as timed out', async () => {
    const steps = { 'step-1': { title: 'Slow', instruction: 'Take your time', attemptTimeoutMinutes: 0.02 } };
    const { stateFile, agent, tools } = await setup(seedState(steps));
    const t0 = Date.now();
    // The agent ignores its stop file: no stop grace, so SIGTERM follows the timeout at once.
    const r = await runCli(['check', stateFile, '--stop-grace', '0'], {
      cwd: path.dirname(stateFile),
      env: { STEP_AGENT_CMD: agent, AGENT_SLEEP_MS: '30000', AGENT_PID_DIR: tools, STEP_MAX_RETRIES: '1' },
    });
    expect(r.code, output(r)).toBe(1);
    expect(Date.now() - t0).toBeLessThan(15_000);
    const run = runOf((await readState(stateFile)).stepRuns, 'step-1');
    expect(run.status).toBe('FAILED');
    expect(run.attempts?.[0]?.outcome).toBe('timed_out');
    expect(run.error).toMatch(/timed out/);
    const pid = Number(await readFile(path.join(tools, 'step-1-1.pid'), 'utf8'));
    expect(processAlive(pid)).toBe(false);
  });
});
