// Crash acceptance (seeds/001): a runner killed with SIGKILL mid-step leaves its attempt in flight.
// When the workspace already holds work that meets the step's contract, the next heartbeat
// records the step DONE as `recovered` without running the agent again; otherwise it re-runs.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeTempDir, output, readAgentCalls, readState, removeTempDirs, runCli, seedState, startCli, waitFor, writeAgent, writeJson } from './helpers.js';

afterEach(removeTempDirs);

const STEPS = { notes: { title: 'Write notes', instruction: 'Write notes.md', requiredOutputs: ['notes.md'] } };

/** A `check` killed by SIGKILL while its agent sleeps; `work` is what the agent had written by then. */
async function killedMidStep(work: boolean) {
  const ws = await makeTempDir('accept-ws-');
  const tools = await makeTempDir('accept-tools-');
  const stateFile = path.join(ws, 'state.json');
  await writeJson(stateFile, seedState(STEPS));
  const agent = await writeAgent(tools);
  const calls = path.join(tools, 'calls.jsonl');
  const pids = path.join(tools, 'pids');
  await mkdir(pids);
  const env = { STEP_AGENT_CMD: agent, AGENT_LOG: calls };
  const runner = startCli(['check', stateFile], { cwd: ws, env: { ...env, AGENT_PID_DIR: pids, AGENT_SLEEP_MS: '60000' } });
  const agentPid = Number(await waitFor(() => readFile(path.join(pids, 'notes-1.pid'), 'utf8').catch(() => ''), 20_000, 'the agent to start'));
  if (work) await writeFile(path.join(ws, 'notes.md'), '# notes\n');
  runner.child.kill('SIGKILL');
  await runner.result;
  process.kill(agentPid, 'SIGKILL');
  expect((await readState(stateFile)).stepRuns.notes?.status).toBe('IN_PROGRESS');
  return { ws, stateFile, calls, env };
}

describe('check STATE after a runner was killed mid-step', () => {
  it('accepts complete work: the step is DONE as recovered and the agent is not run again', async () => {
    const { stateFile, calls, env, ws } = await killedMidStep(true);
    const r = await runCli(['check', stateFile], { cwd: ws, env });
    expect(r.code, output(r)).toBe(0);
    const state = await readState(stateFile);
    expect(state.status).toBe('DONE');
    expect(state.stepRuns.notes?.attempts?.map((a) => a.outcome)).toEqual(['recovered']);
    expect((await readAgentCalls(calls)).map((c) => c.step)).toEqual(['notes']);
    expect(output(r)).toContain('recorded as recovered');
  });

  it('re-runs the step when the work is incomplete', async () => {
    const { stateFile, calls, env, ws } = await killedMidStep(false);
    const r = await runCli(['check', stateFile], { cwd: ws, env: { ...env, AGENT_WRITE_OUTPUTS: '1' } });
    expect(r.code, output(r)).toBe(0);
    const state = await readState(stateFile);
    expect(state.status).toBe('DONE');
    expect(state.stepRuns.notes?.attempts?.map((a) => a.outcome)).toEqual(['interrupted', 'succeeded']);
    expect((await readAgentCalls(calls)).map((c) => c.step)).toEqual(['notes', 'notes']);
  });
});
