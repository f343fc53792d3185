// Steering from the terminal that must always work (issue: steering that always works): a
// lock held by a dead-but-unreaped runner, a finished seed state, and output that nobody reads.
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { exited, zombiePid } from '../helpers/processes.js';
import { CLI, cliEnv, makeTempDir, output, readAgentCalls, readState, removeTempDirs, runCli, seedState, snapshot, writeAgent, writeJson } from './helpers.js';

afterEach(removeTempDirs);

const ONE_STEP = { 'step-1': { title: 'Write notes', instruction: 'Write notes.md', requiredOutputs: ['notes.md'] } };

async function seedWorkspace(state: unknown) {
  const ws = await makeTempDir('steer-ws-');
  const tools = await makeTempDir('steer-tools-');
  const stateFile = path.join(ws, 'state.json');
  await writeJson(stateFile, state);
  const agent = await writeAgent(tools);
  const calls = path.join(tools, 'calls.jsonl');
  return { ws, stateFile, calls, env: { STEP_AGENT_CMD: agent, AGENT_LOG: calls, AGENT_WRITE_OUTPUTS: '1' } };
}

describe('check STATE: steering that always works', () => {
  it('takes over a lock whose owner is a zombie (killed, not yet reaped) and runs the step', async () => {
    const { stateFile, calls, env } = await seedWorkspace(seedState(ONE_STEP));
    const zombie = await zombiePid();
    try {
      await writeJson(`${stateFile}.lock`, { pid: zombie.pid, host: os.hostname(), startedAt: new Date().toISOString(), token: 'killed-runner' });
      const r = await runCli(['check', stateFile], { cwd: path.dirname(stateFile), env });
      expect(r.code, output(r)).toBe(0);
      expect((await readAgentCalls(calls)).map((c) => c.step)).toEqual(['step-1']);
      expect((await readState(stateFile)).status).toBe('DONE');
    } finally {
      await zombie.release();
    }
  });

  it('leaves a finished seed state alone, even one whose plan has no steps left', async () => {
    const { stateFile, calls, env } = await seedWorkspace({ plan: { steps: {} }, stepQueue: [], currentStep: 0, stepRuns: {}, status: 'DONE' });
    const before = await snapshot(stateFile);
    const r = await runCli(['check', stateFile], { cwd: path.dirname(stateFile), env });
    expect(r.code, output(r)).toBe(0);
    expect(await snapshot(stateFile)).toEqual(before);
    expect(await readAgentCalls(calls)).toEqual([]);
  });

  it('finishes the attempt when stdout is closed early (check … | head)', async () => {
    const steps = {
      ...ONE_STEP,
      'step-2': { title: 'More notes', instruction: 'Write more.md', requiredOutputs: ['more.md'] },
    };
    const { stateFile, calls, env } = await seedWorkspace(seedState(steps));
    const child = spawn(process.execPath, [CLI, 'check', stateFile], { cwd: path.dirname(stateFile), env: cliEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
    // Like `| head -1`: read the first chunk, then close the pipe while the tick still writes.
    await new Promise<void>((resolve) => child.stdout!.once('data', () => resolve()));
    child.stdout!.destroy();
    let stderr = '';
    child.stderr!.setEncoding('utf8').on('data', (c: string) => (stderr += c));
    const { code } = await exited(child);
    expect(stderr).not.toMatch(/EPIPE|Unhandled|at .*\(node:/);
    expect(code).toBe(0);
    const state = await readState(stateFile);
    // Every attempt that started was finished and recorded; none is left IN_PROGRESS.
    for (const id of state.stepQueue) expect(state.stepRuns[id]?.status).not.toBe('IN_PROGRESS');
    expect(state.status).toBe('DONE');
    expect((await readAgentCalls(calls)).map((c) => c.step)).toEqual(['step-1', 'step-2']);
  });
});
