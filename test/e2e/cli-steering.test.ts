// Steering from the terminal that must always work (issue: steering that always works): a
// lock held by a dead-but-unreaped runner, a finished seed state, and output that nobody reads.
import { spawn } from 'node:child_process';
import { chmod, writeFile } from 'node:fs/promises';
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

  it('run recovers its own attempt after another writer changed the state mid-attempt, instead of waiting for the lease', async () => {
    const { ws, stateFile } = await seedWorkspace(seedState(ONE_STEP));
    // The first call edits the state behind the tick's back (a person, another tool), so the
    // tick's completion write is refused as stale; later calls just do the work.
    const agent = path.join(ws, '..', `${path.basename(ws)}-agent.mjs`);
    await writeFile(
      agent,
      `#!/usr/bin/env node
import fs from 'node:fs';
const state = process.env.STATE_FILE;
const marker = state + '.edited';
if (!fs.existsSync(marker)) {
  const s = JSON.parse(fs.readFileSync(state, 'utf8'));
  s.revision = (s.revision ?? 0) + 1;
  s.note = 'edited by another writer';
  fs.writeFileSync(state, JSON.stringify(s, null, 2));
  fs.writeFileSync(marker, '');
}
fs.writeFileSync(process.env.SEQUENCER_WORKSPACE + '/notes.md', '# notes');
`,
    );
    await chmod(agent, 0o755);
    const r = await runCli(['run', '--state', stateFile], { cwd: ws, env: { STEP_AGENT_CMD: agent, STATE_FILE: stateFile }, timeoutMs: 30_000 });
    expect(r.code, output(r)).toBe(0);
    expect(output(r)).not.toMatch(/another tick/i);
    const state = await readState(stateFile);
    expect(state.status).toBe('DONE');
    // The lost attempt's work met the step's contract, so it is accepted without another run.
    expect(state.stepRuns['step-1']?.attempts?.map((a) => a.outcome)).toEqual(['recovered']);
    expect((state as unknown as { note?: string }).note).toBe('edited by another writer');
  });

  it('says at once that an attempt ran over its limit, before the step blocks', async () => {
    const steps = { slow: { title: 'Slow', instruction: 'Take your time', attemptTimeoutMinutes: 0.02, maxAttempts: 2 } };
    const { stateFile, calls, env } = await seedWorkspace(seedState(steps));
    // The agent ignores its stop file: no stop grace, so SIGTERM follows the timeout at once.
    const r = await runCli(['check', stateFile, '--stop-grace', '0'], { cwd: path.dirname(stateFile), env: { ...env, AGENT_SLEEP_MS: '30000' } });
    expect(r.code, output(r)).toBe(1);
    const state = await readState(stateFile);
    expect(state.stepRuns.slow?.attempts?.[0]).toMatchObject({ outcome: 'timed_out', timeoutMinutes: 0.02 });
    // Printed when the first attempt ended, before the second one ran and the step blocked.
    const text = output(r);
    const said = text.indexOf('step slow ran over its 1 s');
    expect(said, text).toBeGreaterThanOrEqual(0);
    expect(text.indexOf('step slow ran over its 1 s', said + 1), text).toBeGreaterThan(said);
    expect((await readAgentCalls(calls)).map((c) => c.step)).toEqual(['slow', 'slow']);
  });

  it("does not finish DONE when a later step deleted an earlier step's output: the earlier step runs again first", async () => {
    const steps = {
      research: { title: 'Research', instruction: 'Write study.md', requiredOutputs: ['study.md'] },
      write: { title: 'Write', instruction: 'Write report.md', requiredOutputs: ['report.md'] },
    };
    const { ws, stateFile, calls } = await seedWorkspace(seedState(steps));
    const agent = path.join(ws, '..', `${path.basename(ws)}-agent.mjs`);
    await writeFile(
      agent,
      `#!/usr/bin/env node
import fs from 'node:fs';
const ws = process.env.SEQUENCER_WORKSPACE;
fs.appendFileSync(process.env.AGENT_LOG, JSON.stringify({ step: process.env.SEQUENCER_STEP_ID, argv: [], cwd: ws, pid: process.pid }) + '\\n');
if (process.env.SEQUENCER_STEP_ID === 'research') fs.writeFileSync(ws + '/study.md', '# study');
else { fs.writeFileSync(ws + '/report.md', '# report'); fs.rmSync(ws + '/study.md', { force: true }); }
`,
    );
    await chmod(agent, 0o755);
    const r = await runCli(['check', stateFile], { cwd: ws, env: { STEP_AGENT_CMD: agent, AGENT_LOG: calls } });
    expect(r.code, output(r)).toBe(0);
    expect(output(r)).toMatch(/research was done but its outputs are missing \(study\.md\)/);
    const state = await readState(stateFile);
    expect(state.status).toBe('DONE');
    expect((await readAgentCalls(calls)).map((c) => c.step)).toEqual(['research', 'write', 'research']);
    expect([...(state.artifacts ?? [])].sort()).toEqual(['report.md', 'study.md']);
  });
});

describe('restart', () => {
  it('runs a finished plan again from a named step without a new approval; the earlier run stays in the state and attempt numbers go on', async () => {
    const ws = await makeTempDir('restart-ws-');
    const tools = await makeTempDir('restart-tools-');
    const agent = await writeAgent(tools);
    const calls = path.join(tools, 'calls.jsonl');
    const env = { STEP_AGENT_CMD: agent, AGENT_LOG: calls, AGENT_WRITE_OUTPUTS: '1' };
    const steps = { ...ONE_STEP, 'step-2': { title: 'More notes', instruction: 'Write more.md', requiredOutputs: ['more.md'] } };
    await writeJson(path.join(ws, 'plan.json'), { title: 'Notes', steps });
    expect((await runCli(['run', '--plan', 'plan.json'], { cwd: ws, env })).code).toBe(0);

    const restarted = await runCli(['restart', 'step-2'], { cwd: ws, env });
    expect(restarted.code, output(restarted)).toBe(0);
    const stateFile = path.join(ws, '.sequencer', 'plan', 'state.json');
    const between = await readState(stateFile);
    expect(between).toMatchObject({ status: 'IN_PROGRESS', currentStep: 1, restarts: [{ by: os.userInfo().username, from: 'step-2', previous: { status: 'DONE', currentStep: 2 } }] });

    const again = await runCli(['check'], { cwd: ws, env });
    expect(again.code, output(again)).toBe(0);
    expect((await readAgentCalls(calls)).map((c) => `${c.step}#${c.attempt}`)).toEqual(['step-1#1', 'step-2#1', 'step-2#2']);
    const after = await readState(stateFile);
    expect(after.status).toBe('DONE');
    expect(after.stepRuns['step-2']?.attempts?.map((a) => [a.n, a.outcome])).toEqual([
      [1, 'succeeded'],
      [2, 'succeeded'],
    ]);
    expect(after.stepRuns['step-1']?.attempts).toHaveLength(1);

    // Only a step of the queue, after finished steps only.
    const refused = await runCli(['restart', 'nope'], { cwd: ws, env });
    expect(output(refused)).toContain('Cannot restart: "nope" is not a step of the plan\'s queue (step-1, step-2).');
  });
});
