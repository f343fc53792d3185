// Crash acceptance (seeds/001): a runner killed with SIGKILL mid-step leaves its attempt in flight.
// When the workspace already holds work that meets the step's contract, the next heartbeat
// records the step DONE as `recovered` without running the agent again; otherwise it re-runs.
// Ctrl-C (SIGINT) leaves the attempt in flight the same way, but stops the agent first.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  agentStream,
  claudeReplayWorkspace,
  makeTempDir,
  output,
  processAlive,
  readAgentCalls,
  readState,
  removeTempDirs,
  runCli,
  seedState,
  startCli,
  waitFor,
  writeAgent,
  writeJson,
  type CliOptions,
  type CliResult,
} from './helpers.js';

afterEach(removeTempDirs);

const STEPS = { notes: { title: 'Write notes', instruction: 'Write notes.md', requiredOutputs: ['notes.md'] } };

/** Runs the CLI with `args` and sends it `signal` once `midStep` holds (its agent is still running); the state must show the attempt in flight. */
async function killMidStep(
  args: string[],
  opts: CliOptions,
  stateFile: string,
  stepId: string,
  midStep: () => Promise<unknown>,
  what: string,
  signal: NodeJS.Signals = 'SIGKILL',
): Promise<CliResult & { endedMs: number }> {
  const runner = startCli(args, opts);
  await waitFor(midStep, 20_000, what);
  const sent = Date.now();
  runner.child.kill(signal);
  const r = await runner.result;
  expect((await readState(stateFile)).stepRuns[stepId]?.status, output(r)).toBe('IN_PROGRESS');
  return { ...r, endedMs: Date.now() - sent };
}

/** A `check` sent `signal` while its agent sleeps (a SIGKILLed one's agent is then killed too); `work` is what the agent had written by then. */
async function killedMidStep(work: boolean, signal: NodeJS.Signals = 'SIGKILL') {
  const ws = await makeTempDir('accept-ws-');
  const tools = await makeTempDir('accept-tools-');
  const stateFile = path.join(ws, 'state.json');
  await writeJson(stateFile, seedState(STEPS));
  const agent = await writeAgent(tools);
  const calls = path.join(tools, 'calls.jsonl');
  const pids = path.join(tools, 'pids');
  await mkdir(pids);
  const env = { STEP_AGENT_CMD: agent, AGENT_LOG: calls };
  const agentPid = () => readFile(path.join(pids, 'notes-1.pid'), 'utf8').catch(() => '');
  const r = await killMidStep(
    ['check', stateFile],
    { cwd: ws, env: { ...env, AGENT_PID_DIR: pids, AGENT_SLEEP_MS: '60000' } },
    stateFile,
    'notes',
    async () => {
      if (!(await agentPid())) return false;
      if (work) await writeFile(path.join(ws, 'notes.md'), '# notes\n');
      return true;
    },
    'the agent to start',
    signal,
  );
  const pid = Number(await agentPid());
  if (signal === 'SIGKILL') process.kill(pid, 'SIGKILL');
  return { ws, stateFile, calls, env, r, pid };
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

  it('Ctrl-C (SIGINT) stops the agent and exits 130 within seconds, recording nothing; the next check re-runs the step', async () => {
    const { stateFile, calls, env, ws, r, pid } = await killedMidStep(false, 'SIGINT');
    const alive = processAlive(pid);
    if (alive) process.kill(pid, 'SIGKILL'); // not left running when the test fails
    expect(alive).toBe(false);
    expect(r.code, output(r)).toBe(130);
    // The agent ignores its stop file and would sleep a minute: the short grace, then SIGTERM.
    expect(r.endedMs).toBeLessThan(10_000);
    expect(output(r)).toContain(`Interrupted: stopping the agent (pid ${pid}); the next run picks the attempt up.`);
    // In flight, not judged: no outcome until the next tick's recovery.
    expect((await readState(stateFile)).stepRuns.notes?.attempts?.map((a) => a.outcome ?? 'in flight')).toEqual(['in flight']);

    const next = await runCli(['check', stateFile], { cwd: ws, env: { ...env, AGENT_WRITE_OUTPUTS: '1' } });
    expect(next.code, output(next)).toBe(0);
    const state = await readState(stateFile);
    expect(state.status).toBe('DONE');
    expect(state.stepRuns.notes?.attempts?.map((a) => a.outcome)).toEqual(['interrupted', 'succeeded']);
    expect((await readAgentCalls(calls)).map((c) => c.step)).toEqual(['notes', 'notes']);
  });

  it('counts the tokens a killed Claude Code attempt had streamed, read back from its log, so a spent budget blocks before the retry', async () => {
    const { ws, env } = await claudeReplayWorkspace();
    await writeJson(path.join(ws, 'plan.json'), { title: 'Notes', steps: { write: { title: 'Write the notes', instruction: 'Write notes.md.' } } });
    const stateFile = path.join(ws, '.sequencer', 'plan', 'state.json');
    const logFile = `${stateFile}.logs/write/attempt-1.log`;
    // The stand-in streams everything but its result, then waits: killed there, its log holds
    // 1,740 in, 4 out, 4,370 cache read and 1,510 cache write tokens (7,624) and no final figures.
    const stream = agentStream('claude-tools.jsonl');
    const shown = (await readFile(stream, 'utf8')).split('\n').filter((line) => !line.includes('"type":"result"'));
    const streamed = () =>
      readFile(logFile, 'utf8').then(
        (log) => log.includes(shown.at(-2)!),
        () => false,
      );
    await killMidStep(
      ['run', '--plan', 'plan.json', '--agent', 'claude -p'],
      { cwd: ws, env: { ...env, REPLAY_STREAM: stream, REPLAY_WAIT_STOP: '1' } },
      stateFile,
      'write',
      streamed,
      'the stream in the log',
    );

    // The next heartbeat brings a budget (the workflow's default) that the killed attempt spent.
    const r = await runCli(['check', '--agent', 'claude -p', '--budget-tokens', '5000'], { cwd: ws, env: { ...env, REPLAY_STREAM: stream } });
    const text = output(r);
    expect(text).toContain('write attempt 1 used: 1,740 in, 4 out, 4,370 cache read, 1,510 cache write tokens (at least: the agent ended before its totals) (read back from its log).');
    expect(text).toMatch(/Blocked at write \(Write the notes\): the plan's token budget is spent: 7,624 tokens used of 5,000 tokens/);
    const state = await readState(stateFile);
    expect(state.status).toBe('BLOCKED');
    expect(state.stepRuns.write?.attempts).toHaveLength(1);
    // The log keeps stdout and stderr as they came: the stand-in's stderr line lands inside the
    // stream's first event (the one naming the model and the session). The usage is read back from
    // the agent's stdout alone, where that event is whole.
    expect((await readFile(logFile, 'utf8')).split('\n')[0]).toMatch(/^\{"type":"system","subtype":"init",.*replay-claude: a warning on stderr$/);
    expect(state.stepRuns.write?.attempts?.[0]).toMatchObject({
      outcome: 'interrupted',
      usage: {
        model: 'claude-opus-5-5',
        sessionId: 'b9b042df-140d-4875-8545-f7fdf60aff89',
        inputTokens: 1740,
        outputTokens: 4,
        cacheReadTokens: 4370,
        cacheWriteTokens: 1510,
        source: 'log',
        complete: false,
      },
    });
    expect(state.budgetBlock).toEqual({ stepId: 'write', scope: 'plan', kind: 'tokens', limit: 5000, spent: 7624 });
  });
});
