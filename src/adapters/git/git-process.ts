// One git process, run to its end within a time limit. A git command whose remote accepts the
// connection and never answers would otherwise hold the job until the runner's own limit. A
// command that runs out of time is stopped together with the helpers it started
// (git-remote-https, ssh): they hold its output open, so waiting for git alone would wait on them.
import { spawn } from 'node:child_process';
import { descendantPids } from '../process/process-table.js';

export interface GitProcessSpec {
  binary: string;
  args: string[];
  cwd: string;
  env: Record<string, string>;
  timeoutMs: number;
  /** Output (stdout and stderr together) beyond this stops the command. */
  maxBuffer: number;
  /**
   * Start git in a process group of its own and stop the whole group. Without one (a person at
   * a terminal, whom ssh may ask for a passphrase there) git and the processes it started are
   * found through /proc and stopped one by one.
   */
  ownGroup: boolean;
}

export type GitProcessResult =
  { kind: 'exit'; code: number; stdout: string; stderr: string } | { kind: 'timeout'; stderr: string } | { kind: 'failed'; reason: string; stdout: string; stderr: string };

/** Between SIGTERM (git removes its lock files) and SIGKILL. */
const KILL_GRACE_MS = 2_000;
/** After SIGKILL, how long a helper that was not found may keep the output open before we stop waiting. */
const PIPE_WAIT_MS = 1_000;

export function runGitProcess(spec: GitProcessSpec): Promise<GitProcessResult> {
  return new Promise((resolve) => {
    const child = spawn(spec.binary, spec.args, { cwd: spec.cwd, env: spec.env, stdio: ['ignore', 'pipe', 'pipe'], detached: spec.ownGroup });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let bytes = 0;
    let stopped: 'timeout' | 'overflow' | null = null;
    let spawnError: Error | null = null;
    let settled = false;
    const timers: NodeJS.Timeout[] = [];

    const finish = (code: number | null, sig: NodeJS.Signals | null) => {
      if (settled) return;
      settled = true;
      for (const t of timers) clearTimeout(t);
      const stdout = Buffer.concat(out).toString('utf8');
      const stderr = Buffer.concat(err).toString('utf8');
      if (stopped === 'timeout') return resolve({ kind: 'timeout', stderr });
      if (stopped === 'overflow') return resolve({ kind: 'failed', reason: `its output exceeded ${spec.maxBuffer} bytes`, stdout, stderr });
      if (spawnError) return resolve({ kind: 'failed', reason: spawnError.message, stdout, stderr });
      if (code === null) return resolve({ kind: 'failed', reason: `git was killed by ${sig ?? 'a signal'}`, stdout, stderr });
      resolve({ kind: 'exit', code, stdout, stderr });
    };

    const stop = (why: 'timeout' | 'overflow') => {
      if (stopped || child.pid === undefined) return;
      stopped = why;
      const pid = child.pid;
      // Found before git is signalled: once it is gone, its helpers belong to init.
      const targets = spec.ownGroup ? [-pid] : [...descendantPids(pid), pid];
      signal(targets, 'SIGTERM');
      timers.push(
        setTimeout(() => {
          signal(targets, 'SIGKILL');
          timers.push(
            setTimeout(() => {
              child.stdout.destroy();
              child.stderr.destroy();
              finish(null, 'SIGKILL');
            }, PIPE_WAIT_MS),
          );
        }, KILL_GRACE_MS),
      );
    };

    const collect = (into: Buffer[]) => (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > spec.maxBuffer) return stop('overflow');
      into.push(chunk);
    };
    child.stdout.on('data', collect(out));
    child.stderr.on('data', collect(err));
    timers.push(setTimeout(() => stop('timeout'), spec.timeoutMs));
    child.once('error', (e) => {
      spawnError = e;
      // Never started (no git binary): there is no output to wait for.
      if (child.pid === undefined) finish(null, null);
    });
    child.once('close', finish);
  });
}

function signal(targets: number[], sig: NodeJS.Signals): void {
  for (const target of targets) {
    try {
      process.kill(target, sig);
    } catch {
      // Gone already.
    }
  }
}
