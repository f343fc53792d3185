// End-to-end helpers: run the bundled CLI (dist/cli.js) as a real process, make temp
// workspaces, write seed-format state files and a small scriptable agent. `npm test` builds
// dist/ first, so these tests exercise exactly what users install.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { chmod, copyFile, mkdir, mkdtemp, readFile, readdir, realpath, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { State, StepDef } from '../../src/core/state/types.js';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** The bundle under test; E2E_CLI points the suite at another build (e.g. a deliberately broken one). */
export const CLI = process.env.E2E_CLI ? path.resolve(process.env.E2E_CLI) : path.join(REPO_ROOT, 'dist', 'cli.js');

export interface CliResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface CliOptions {
  cwd?: string;
  /** Added to a clean environment; `undefined` removes a variable. */
  env?: Record<string, string | undefined>;
  /** The process is SIGKILLed after this long (a hung CLI must fail the test, not the suite). */
  timeoutMs?: number;
  /** The Node binary that runs the CLI (default: this one). */
  node?: string;
  /** The CLI bundle to run (default: dist/cli.js, or E2E_CLI). */
  cli?: string;
}

export interface CliProcess {
  child: ChildProcess;
  pid: number;
  result: Promise<CliResult>;
}

/**
 * The environment the CLI runs with: the test's own, minus anything that would change the
 * sequencer's behaviour behind a test's back, with this Node first on PATH so the agent
 * scripts' `#!/usr/bin/env node` finds it.
 */
export function cliEnv(extra: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (v === undefined || k.startsWith('SEQUENCER_') || k.startsWith('AGENT_') || k === 'STEP_AGENT_CMD' || k === 'STEP_MAX_RETRIES') continue;
    env[k] = v;
  }
  env.PATH = [path.dirname(process.execPath), env.PATH ?? ''].filter(Boolean).join(path.delimiter);
  for (const [k, v] of Object.entries(extra)) {
    if (v === undefined) delete env[k];
    else env[k] = v;
  }
  return env;
}

export function startCli(args: string[], opts: CliOptions = {}): CliProcess {
  const cli = opts.cli ?? CLI;
  const child = spawn(opts.node ?? process.execPath, [cli, ...args], {
    cwd: opts.cwd ?? os.tmpdir(),
    env: cliEnv(opts.env),
    stdio: ['ignore', 'pipe', 'pipe'],
    shell: false,
  });
  if (child.pid === undefined) throw new Error(`could not start ${cli}`);
  let stdout = '';
  let stderr = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const timer = setTimeout(() => child.kill('SIGKILL'), opts.timeoutMs ?? 45_000);
  const result = new Promise<CliResult>((resolve, reject) => {
    child.once('error', reject);
    // 'close' (not 'exit') so all output has been read.
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
  });
  return { child, pid: child.pid, result };
}

export function runCli(args: string[], opts: CliOptions = {}): Promise<CliResult> {
  return startCli(args, opts).result;
}

/** Everything the CLI printed, for messages that may go to either stream. */
export function output(r: CliResult): string {
  return `${r.stdout}\n${r.stderr}`;
}

const tempDirs: string[] = [];

export async function makeTempDir(prefix = 'sequencer-e2e-'): Promise<string> {
  // realpath: on macOS os.tmpdir() is a symlink, and the CLI reports resolved paths.
  const dir = await realpath(await mkdtemp(path.join(os.tmpdir(), prefix)));
  tempDirs.push(dir);
  return dir;
}

/** Removes every directory makeTempDir() created so far (call from afterAll/afterEach). */
export async function removeTempDirs(): Promise<void> {
  const dirs = tempDirs.splice(0);
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true, maxRetries: 3 })));
}

export type SeedStep = Pick<StepDef, 'title' | 'instruction'> & Partial<StepDef>;

/** A state file as the original step sequencer's users write it (seeds/000): no version, revision or planId. */
export function seedState(steps: Record<string, SeedStep>, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    plan: { steps },
    stepQueue: Object.keys(steps),
    currentStep: 0,
    stepRuns: {},
    stepDelayMinutes: 0,
    status: 'IN_PROGRESS',
    ...extra,
  };
}

export async function writeJson(file: string, value: unknown): Promise<void> {
  await writeFile(file, `${JSON.stringify(value, null, 2)}\n`);
}

/**
 * A state as the plan's people see it: without where its inbox stands, the revision and the time
 * of the write, which a run that only read commands moves.
 */
export function planPart(state: State | null | undefined): Partial<State> | null {
  if (!state) return null;
  const { inbox: _inbox, revision: _revision, lastHeartbeatIso: _heartbeat, ...rest } = state;
  return rest;
}

export async function readState(file: string): Promise<State> {
  return JSON.parse(await readFile(file, 'utf8')) as State;
}

export interface Snapshot {
  text: string;
  mtimeMs: bigint;
}

/** Bytes and nanosecond mtime: "left alone" means both are unchanged. */
export async function snapshot(file: string): Promise<Snapshot> {
  const [text, st] = await Promise.all([readFile(file, 'utf8'), stat(file, { bigint: true })]);
  return { text, mtimeMs: st.mtimeNs };
}

/** Sorted relative paths of every file and folder under `dir` (`sub/` for folders). */
export async function listTree(dir: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (rel: string): Promise<void> => {
    for (const entry of await readdir(path.join(dir, rel), { withFileTypes: true })) {
      const p = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        out.push(`${p}/`);
        await walk(p);
      } else out.push(p);
    }
  };
  await walk('');
  return out.sort();
}

/**
 * A scriptable agent, configured through environment variables the CLI passes on:
 * - AGENT_LOG: append one JSON line per call ({argv, step, attempt, ...}) — the call record
 * - AGENT_FAIL_CALLS=N: the first N calls of a step exit 1 (counted from AGENT_LOG)
 * - AGENT_FAIL_STEPS=a,b: only these steps fail that way (default: every step)
 * - AGENT_SLEEP_MS=N or MIN-MAX: sleep before finishing (random within the range)
 * - AGENT_WRITE_OUTPUTS=1: write the step's required outputs (SEQUENCER_REQUIRED_OUTPUTS)
 * - AGENT_PID_DIR: write `<dir>/<step>-<attempt>.pid` with the agent's pid
 * - AGENT_LOG_CALLS=1: record one tool call in $SEQUENCER_COMMAND_LOG, as a tool hook would
 * - AGENT_EXTRA_DIR=dir: also write `<dir>/<step>.txt`, a file no step declares
 * - AGENT_SKIP_FIRST=a.md,b.md: the first call of a step leaves these required outputs unwritten
 * - AGENT_DECLARE_FAILED_CALLS=N: the first N calls of a step exit 0 but declare failure in
 *   $SEQUENCER_RESULT_FILE (reason: "no data on call K", a line break, "see the log")
 * - AGENT_USAGE: write this text to $SEQUENCER_USAGE_FILE (the tokens and cost it reports)
 * It prints its prompt (its last argument) like `echo` does. Written in Perl (Debian's git depends
 * on it): the suite starts it hundreds of times, and Node costs ~100 ms of CPU per start.
 */
const SCRIPTED_AGENT = fileURLToPath(new URL('../fixtures/agents/scripted-agent.pl', import.meta.url));

/** Writes the scriptable agent as an executable `agent.pl` in `dir`; returns its path. */
export async function writeAgent(dir: string, name = 'agent.pl'): Promise<string> {
  const file = path.join(dir, name);
  await copyFile(SCRIPTED_AGENT, file);
  await chmod(file, 0o755);
  return file;
}

/** A recorded agent stream (test/fixtures/agent-streams/). */
export function agentStream(name: string): string {
  return fileURLToPath(new URL(`../fixtures/agent-streams/${name}`, import.meta.url));
}

/**
 * A workspace with `claude` on PATH: the player of a recorded Claude Code stream (REPLAY_STREAM,
 * see test/fixtures/agents/replay-claude.mjs); `env` is the PATH that finds it.
 */
export async function claudeReplayWorkspace(): Promise<{ ws: string; env: Record<string, string> }> {
  const ws = await makeTempDir('sequencer-usage-');
  const bin = path.join(ws, '.bin');
  await mkdir(bin);
  await copyFile(fileURLToPath(new URL('../fixtures/agents/replay-claude.mjs', import.meta.url)), path.join(bin, 'claude'));
  await chmod(path.join(bin, 'claude'), 0o755);
  return { ws, env: { PATH: [bin, path.dirname(process.execPath), '/usr/bin', '/bin'].join(path.delimiter) } };
}

export interface AgentCall {
  argv: string[];
  step: string;
  attempt?: string;
  attemptId?: string;
  planId?: string;
  workspace?: string;
  payloadFile?: string;
  requester?: string;
  approver?: string;
  cwd: string;
  pid: number;
}

export async function readAgentCalls(logFile: string): Promise<AgentCall[]> {
  let text: string;
  try {
    text = await readFile(logFile, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as AgentCall);
}

/** Whether a process exists and is not a zombie (a killed orphan may linger as one until reaped). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return text.slice(text.lastIndexOf(')') + 2).split(' ')[0] !== 'Z';
  } catch {
    return true;
  }
}

export async function waitFor<T>(probe: () => Promise<T | undefined | null | false> | T | undefined | null | false, timeoutMs: number, what: string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * `cp -a`: one process copies a small repository in a fraction of the time Node's fs.cp takes.
 * With one source and a `to` that does not exist, `to` becomes the copy; otherwise the sources
 * are copied into `to`.
 */
export function copyTree(from: string[], to: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('cp', ['-a', ...from, to], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
    child.once('error', reject);
    child.once('close', (code) => (code === 0 ? resolve() : reject(new Error(`cp -a ${from.join(' ')} ${to} failed (${code}): ${stderr}`))));
  });
}
