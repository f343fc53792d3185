// Runs agent commands as child processes. The agent leads its own process group so that a timeout
// or cancel reaches everything it started (test runners, language servers, `sleep &`), and a
// `.pid` file beside the log lets a later tick end a group that a dead tick left behind. The log,
// the copy of stdout, the pid file and the stop file lie where the agent can write, so each is
// created new and never written through a link (fresh-file.ts), and the pid file is read without
// following one.
import { spawn } from 'node:child_process';
import { constants, rmSync } from 'node:fs';
import { open, rm } from 'node:fs/promises';
import path from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import type { AgentResult, AgentRunner, AgentSpec } from '../../ports.js';
import { HeadTailBuffer } from '../../core/render/bounded-text.js';
import type { Scrubber } from '../../core/trust/secrets.js';
import { isPathLike } from '../../core/trust/agent-command.js';
import { writeFreshFile } from '../fs/fresh-file.js';
import { trackAgent } from './live-agents.js';
import { LogFile, openedCopy } from './attempt-log-file.js';
import { isProcessGroupAlive, isSafeGroupId, leaderWasReplaced, signalGroup, startTimeOf, terminateGroup } from './process-group.js';
import { describeSpawnError, isExecutableFile } from './spawn-error.js';
import { mergeEnv, notify, writeStopFile } from './agent-run-utils.js';
import { INTERRUPT_STOP_MESSAGE } from '../../core/tick/cooperative-stop.js';
import { setTimeout as sleep } from 'node:timers/promises';

export interface ExecAgentOptions {
  /** Base of relative commands in resolve(); default process.cwd(). */
  cwd?: string;
  /**
   * PATH for resolve() and the base of the agent's environment. Required, so that every caller
   * decides what a child may see (the Action's agent gets no token unless asked).
   */
  env: NodeJS.ProcessEnv;
  /** Time between SIGTERM and SIGKILL in reap(); default 5 s. */
  reapGraceMs?: number;
  /** Characters kept from the start and from the end of stdout and of stderr. */
  headChars?: number;
  tailChars?: number;
  /** Known secrets: scrubbed from the kept output before it is cut, so no cut leaves part of one. */
  scrubber?: Scrubber;
}

/** Once the agent itself has exited, how long its output pipes may stay open before we conclude
 * that leftover processes of its group hold them. */
const DRAIN_MS = 500;

export class ExecAgentRunner implements AgentRunner {
  private readonly cwd: string;
  private readonly env: NodeJS.ProcessEnv;
  private readonly reapGraceMs: number;
  private readonly headChars: number | undefined;
  private readonly tailChars: number | undefined;
  private readonly scrubber: Scrubber | undefined;

  constructor(options: ExecAgentOptions) {
    this.scrubber = options.scrubber;
    this.cwd = options.cwd ?? process.cwd();
    this.env = options.env;
    this.reapGraceMs = options.reapGraceMs ?? 5000;
    this.headChars = options.headChars;
    this.tailChars = options.tailChars;
  }

  hasEnv(name: string): boolean {
    const value = this.env[name];
    return value !== undefined && value !== '';
  }

  async resolve(command: string): Promise<string | null> {
    if (!command) return null;
    // One tick resolves the same agent before every step: re-check the hit, skip the PATH scan.
    const known = this.resolved.get(command);
    if (known && isExecutableFile(known)) return known;
    const found = await this.search(command);
    if (found) this.resolved.set(command, found);
    return found;
  }

  private readonly resolved = new Map<string, string>();

  private async search(command: string): Promise<string | null> {
    if (isPathLike(command)) {
      const file = path.resolve(this.cwd, command);
      return isExecutableFile(file) ? file : null;
    }
    // Empty PATH entries mean "current directory" to a shell; we do not search it implicitly.
    const dirs = (this.env.PATH ?? '').split(path.delimiter).filter((d) => d !== '');
    for (const dir of dirs) {
      const file = path.resolve(this.cwd, dir, command);
      if (isExecutableFile(file)) return file;
    }
    return null;
  }

  async run(spec: AgentSpec): Promise<AgentResult> {
    const started = Date.now();
    const pidFile = `${spec.logFile}.pid`;
    // File work here is synchronous: it happens once or twice per step, or per chunk of output
    // into a local file, where a thread-pool round trip costs more than the call.
    // Opened before spawning so a log we cannot write fails the call, not halfway through.
    const log = new LogFile(spec.logFile);
    const stdoutCopy = spec.stdoutFile ? openedCopy(spec.stdoutFile.file, spec.stdoutFile.maxBytes) : null;
    const closeLogs = (): void => {
      log.close();
      stdoutCopy?.close();
    };
    const bufferOptions = {
      ...(this.headChars !== undefined ? { head: this.headChars } : {}),
      ...(this.tailChars !== undefined ? { tail: this.tailChars } : {}),
      logFile: spec.logFile,
      ...(this.scrubber ? { scrubber: this.scrubber } : {}),
    };
    const out = new HeadTailBuffer(bufferOptions);
    const err = new HeadTailBuffer(bufferOptions);
    const base = { exitCode: null, signal: null, timedOut: false, cancelled: false, stdout: '', stderr: '', outputBytes: 0 };

    if (spec.signal?.aborted) {
      closeLogs();
      return { ...base, cancelled: true, durationMs: Date.now() - started };
    }
    const [program, ...args] = spec.argv;
    if (!program) {
      log.write('[sequencer] cannot start the agent: the command is empty\n');
      closeLogs();
      return { ...base, durationMs: Date.now() - started, spawnError: 'cannot start the agent: the command is empty' };
    }

    const child = spawn(program, args, {
      cwd: spec.cwd,
      env: mergeEnv(this.env, spec.env),
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
      shell: false,
      windowsHide: true,
    });
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null } | { error: Error }>((resolve) => {
      child.once('exit', (code, signal) => resolve({ code, signal }));
      child.once('error', (error) => resolve({ error }));
    });
    const closed = new Promise<void>((resolve) => child.once('close', () => resolve()));

    const pgid = child.pid;
    if (pgid === undefined) {
      const outcome = await exited;
      const message = 'error' in outcome ? await describeSpawnError(outcome.error, program, spec.cwd) : `cannot start ${JSON.stringify(program)}`;
      log.write(`[sequencer] ${message}\n`);
      closeLogs();
      return { ...base, durationMs: Date.now() - started, spawnError: message };
    }
    try {
      writeFreshFile(pidFile, `${pgid}\n${startTimeOf(pgid) ?? ''}\n`);
    } catch {
      // Only a later tick's clean-up needs it; the agent runs without it.
    }

    let outputBytes = 0;
    let overflowed = false;
    const pipe = (stream: NodeJS.ReadableStream | null, buffer: HeadTailBuffer, own: ((chunk: string) => void) | undefined, copy: LogFile | null = null): void => {
      if (!stream) return;
      const decoder = new StringDecoder('utf8');
      stream.on('data', (chunk: Buffer) => {
        outputBytes += chunk.length;
        // Past the step's output limit: brake as for a timeout, saying why (maxOutputBytes).
        if (spec.maxOutputBytes !== undefined && outputBytes > spec.maxOutputBytes && !stopping) {
          overflowed = true;
          stopping = stopCooperatively(spec.stop?.overflowMessage);
        }
        log.write(chunk);
        copy?.write(chunk);
        const text = decoder.write(chunk);
        if (!text) return;
        buffer.append(text);
        notify(spec.onOutput, text);
        notify(own, text);
      });
      stream.on('end', () => {
        const rest = decoder.end();
        buffer.append(rest);
        if (rest) notify(own, rest);
      });
    };
    pipe(child.stdout, out, spec.onStdout, stdoutCopy);
    pipe(child.stderr, err, spec.onStderr);

    let timedOut = false;
    let cancelled = false;
    let stoppedBy: 'agent' | 'signal' | undefined;
    let stopping: Promise<void> | null = null;
    let terminating: Promise<void> | null = null;
    const terminate = (graceMs: number): Promise<void> =>
      (terminating ??= terminateGroup(pgid, graceMs).then(() => {
        // Group signals can fail (EPERM after a setuid exec); the leader must still end, or we
        // would wait for its exit forever.
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      }));
    // The soft brake (README, "Cooperative stop"): the stop file first, then the grace to exit on
    // its own; only an agent still running after it is signalled. A cancel, a timeout and an
    // interrupt alike (the last with its waits cut to `capMs`).
    const stopCooperatively = async (message: string | undefined, capMs = Infinity): Promise<void> => {
      const soft = spec.stop;
      const graceMs = Math.min(soft?.graceMs ?? 0, capMs);
      if (soft && graceMs > 0 && writeStopFile(soft.file, message ?? soft.message)) {
        let wait: NodeJS.Timeout | undefined;
        const ended = await Promise.race([exited.then(() => true), new Promise<boolean>((resolve) => (wait = setTimeout(() => resolve(false), graceMs)))]);
        clearTimeout(wait);
        if (ended) {
          stoppedBy = 'agent';
          return;
        }
      }
      stoppedBy = 'signal';
      await terminate(Math.min(spec.graceMs, capMs));
    };
    const timer = setTimeout(
      () => {
        if (stopping) return;
        timedOut = true;
        stopping = stopCooperatively(spec.stop?.timeoutMessage);
      },
      Math.max(0, spec.timeoutMs),
    );
    const onAbort = (): void => {
      if (stopping) return;
      cancelled = true;
      // A brake pulled with words of its own (a spent budget, not a cancel) says them in the stop file.
      const reason: unknown = spec.signal?.reason;
      stopping = stopCooperatively(typeof reason === 'string' && reason ? reason : spec.stop?.message);
    };
    spec.signal?.addEventListener('abort', onAbort, { once: true });
    // The process was told to end (interrupt.ts): stop as above, then keep the result back, so the
    // attempt stays in flight for the next tick's recovery instead of being judged half done.
    let interrupted = false;
    let graceCapMs = Infinity;
    let released: () => void = () => {};
    const cleanedUp = new Promise<void>((resolve) => (released = resolve));
    const untrack = trackAgent({
      pid: pgid,
      role: spec.role ?? 'agent',
      stop: (capMs) => {
        interrupted = true;
        graceCapMs = capMs;
        stopping ??= stopCooperatively(INTERRUPT_STOP_MESSAGE, capMs);
        return cleanedUp;
      },
      kill: () => signalGroup(pgid, 'SIGKILL'),
    });

    const outcome = await exited;
    clearTimeout(timer);
    spec.signal?.removeEventListener('abort', onAbort);
    // Set from the output and timer callbacks, which the type checker does not follow here.
    await Promise.resolve(stopping);
    // The agent is done; whatever it left running in its group would keep writing to the
    // workspace while we judge and commit it, so it ends here too.
    const drained = await Promise.race([closed.then(() => true), sleep(DRAIN_MS).then(() => false)]);
    if (!drained || isProcessGroupAlive(pgid)) await terminateGroup(pgid, Math.min(spec.graceMs, graceCapMs));
    // A process that left the group (setsid) can still hold our pipes; do not wait on it forever.
    const closedInTime = await Promise.race([closed.then(() => true), sleep(DRAIN_MS).then(() => false)]);
    if (!closedInTime) {
      child.stdout?.destroy();
      child.stderr?.destroy();
    }
    if (!isProcessGroupAlive(pgid)) rmSync(pidFile, { force: true });
    closeLogs();
    untrack();
    released();
    // Never settles: the process ends (interrupt.ts) before anything records the attempt.
    if (interrupted) return new Promise<never>(() => {});

    return {
      exitCode: 'code' in outcome ? outcome.code : null,
      signal: 'signal' in outcome ? outcome.signal : null,
      timedOut,
      cancelled,
      stdout: out.toString(),
      stderr: err.toString(),
      outputBytes,
      durationMs: Date.now() - started,
      ...('error' in outcome ? { spawnError: outcome.error.message } : {}),
      ...(stoppedBy ? { stoppedBy } : {}),
      ...(overflowed ? { overflowed } : {}),
    };
  }

  async reap(logFile: string): Promise<void> {
    const pidFile = `${logFile}.pid`;
    let text: string;
    try {
      // A link planted at the name would have us signal whatever group the file it names holds.
      const handle = await open(pidFile, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0));
      try {
        // Only a pid file this user wrote names a group to end: an agent run as another user
        // (the documented hardening) can write the log folder, but not as us.
        const st = await handle.stat();
        if (!st.isFile() || (process.getuid !== undefined && st.uid !== process.getuid())) throw new Error('not our pid file');
        text = await handle.readFile('utf8');
      } finally {
        await handle.close();
      }
    } catch {
      await rm(pidFile, { force: true });
      return;
    }
    const [pidLine = '', startLine = ''] = text.split('\n');
    const pgid = Number(pidLine.trim());
    if (isSafeGroupId(pgid) && isProcessGroupAlive(pgid) && !leaderWasReplaced(pgid, startLine.trim())) {
      await terminateGroup(pgid, this.reapGraceMs);
    }
    await rm(pidFile, { force: true });
  }
}
