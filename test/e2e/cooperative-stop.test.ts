// The soft brake end to end (seeds/002): `cancel` from another process while `run` executes a
// step. The agent finds $SEQUENCER_STOP_FILE first and has the stop grace to exit on its own;
// only an agent that ignores it is signalled. The agents write a marker when SIGTERM reaches them.
import { chmod, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeTempDir, output, processAlive, readState, removeTempDirs, runCli, startCli, waitFor, writeJson } from './helpers.js';

afterEach(removeTempDirs);

// Writes its pid, then polls for the stop file; HONOUR=1 saves a note and exits when it appears.
const AGENT = `#!/usr/bin/env node
const fs = require('node:fs');
const dir = process.env.MARK_DIR;
fs.writeFileSync(dir + '/pid', String(process.pid));
process.on('SIGTERM', () => { fs.writeFileSync(dir + '/sigterm', 'yes'); process.exit(143); });
setInterval(() => {
  const stop = process.env.SEQUENCER_STOP_FILE;
  if (process.env.HONOUR === '1' && stop && fs.existsSync(stop)) {
    fs.writeFileSync(dir + '/saw-stop', fs.readFileSync(stop, 'utf8'));
    process.exit(0);
  }
}, 50);
`;

async function setup(honour: boolean) {
  const ws = await makeTempDir('stop-ws-');
  const marks = await makeTempDir('stop-marks-');
  const agent = path.join(marks, 'agent.cjs');
  await writeFile(agent, AGENT);
  await chmod(agent, 0o755);
  const planFile = path.join(ws, 'plan.json');
  await writeJson(planFile, { title: 'Stop', steps: { s1: { title: 'Long', instruction: 'Work until told to stop' }, s2: { title: 'Next', instruction: 'Never runs' } } });
  const stateFile = path.join(ws, '.sequencer', 'plan', 'state.json');
  const run = startCli(['run', '--plan', planFile, '--grace', '1', '--stop-grace', honour ? '20' : '2'], {
    cwd: ws,
    env: { STEP_AGENT_CMD: agent, MARK_DIR: marks, HONOUR: honour ? '1' : '0' },
  });
  const pid = await waitFor(async () => Number(await readFile(path.join(marks, 'pid'), 'utf8').catch(() => '')) || undefined, 15_000, 'the agent to start');
  const cancel = await runCli(['cancel', '--state', stateFile], { cwd: ws });
  expect(cancel.code, output(cancel)).toBe(0);
  const r = await run.result;
  const exists = (name: string) =>
    readFile(path.join(marks, name), 'utf8').then(
      (t) => t,
      () => null,
    );
  return { r, pid, state: await readState(stateFile), exists };
}

describe('cooperative stop', () => {
  it('an agent that honours $SEQUENCER_STOP_FILE ends before any signal; the record says it stopped by itself', async () => {
    const t0 = Date.now();
    const { r, pid, state, exists } = await setup(true);
    // Well inside the 20 s stop grace: the agent ended on its own, nobody waited for the grace.
    expect(Date.now() - t0).toBeLessThan(15_000);
    expect(processAlive(pid)).toBe(false);
    expect(await exists('saw-stop')).toContain('The plan was cancelled: stop now, save your work and exit');
    expect(await exists('sigterm')).toBeNull();
    expect(state.status).toBe('CANCELLED');
    const attempt = state.stepRuns.s1?.attempts?.[0];
    expect(attempt?.outcome).toBe('cancelled');
    expect(attempt?.stoppedBy).toBe('agent');
    expect(r.stdout + r.stderr).toContain('the agent stopped by itself');
    expect(state.stepRuns.s2).toBeUndefined();
  });

  it('an agent that ignores the stop file is signalled after the stop grace', async () => {
    const { r, pid, state, exists } = await setup(false);
    expect(processAlive(pid)).toBe(false);
    expect(await exists('sigterm')).toBe('yes');
    expect(state.status).toBe('CANCELLED');
    const attempt = state.stepRuns.s1?.attempts?.[0];
    expect(attempt?.outcome).toBe('cancelled');
    expect(attempt?.stoppedBy).toBe('signal');
    expect(r.stdout + r.stderr).toContain('stopped with SIGTERM');
  });
});

describe('a step timeout brakes softly', () => {
  it('the agent finds its stop file saying the time is up and exits on its own, before any signal; the attempt is timed_out, stopped by the agent', async () => {
    const ws = await makeTempDir('stop-timeout-ws-');
    const marks = await makeTempDir('stop-timeout-marks-');
    const agent = path.join(marks, 'agent.cjs');
    await writeFile(agent, AGENT);
    await chmod(agent, 0o755);
    // 0.02 min: the attempt's time is up after 1.2 s; one attempt, so the plan blocks.
    await writeJson(path.join(ws, 'plan.json'), { title: 'Timeout', steps: { s1: { title: 'Long', instruction: 'Work until told to stop', attemptTimeoutMinutes: 0.02, maxAttempts: 1 } } });
    const r = await runCli(['run', '--plan', 'plan.json', '--grace', '1', '--stop-grace', '20'], { cwd: ws, env: { STEP_AGENT_CMD: agent, MARK_DIR: marks, HONOUR: '1' } });
    expect(r.code, output(r)).toBe(1);
    const exists = (name: string) =>
      readFile(path.join(marks, name), 'utf8').then(
        (t) => t,
        () => null,
      );
    expect(await exists('saw-stop')).toBe("The attempt's time limit is reached: stop now, save your work and exit.\n");
    expect(await exists('sigterm')).toBeNull();
    const state = await readState(path.join(ws, '.sequencer', 'plan', 'state.json'));
    expect(state.stepRuns.s1?.attempts?.[0]).toMatchObject({
      outcome: 'timed_out',
      stoppedBy: 'agent',
      exitCode: 0,
      error: expect.stringMatching(/^timed out after 1200 ms \(the agent stopped by itself after its stop file appeared\)/),
    });
  });
});
