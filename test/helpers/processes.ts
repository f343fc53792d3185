// Small helpers for tests that start real child processes.
import { spawn, type ChildProcess } from 'node:child_process';

/** The pid of a process that has certainly exited (and was reaped), for "dead owner" cases. */
export async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
  const pid = child.pid;
  if (pid === undefined) throw new Error('could not start a child process');
  await exited(child);
  return pid;
}

export function exited(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  if (child.exitCode !== null || child.signalCode !== null) {
    return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  }
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
}

/** Runs `node args...` to completion and returns its stdout JSON lines, failing on a non-zero exit. */
export async function runNodeJsonLines(args: string[]): Promise<unknown[]> {
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const { code, signal } = await exited(child);
  if (code !== 0) throw new Error(`node ${args.join(' ')} exited with ${code ?? signal}: ${stderr}`);
  return stdout
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as unknown);
}

export interface LineChild {
  child: ChildProcess;
  /** The next stdout line, parsed as JSON; rejects if the process exits first. */
  nextLine(): Promise<unknown>;
}

/** Starts `node args...` with stdin, stdout and stderr piped, reading stdout as JSON lines. */
export function startNode(args: string[]): LineChild {
  const child = spawn(process.execPath, args, { stdio: ['pipe', 'pipe', 'pipe'] });
  const lines: string[] = [];
  const waiters: { resolve(line: unknown): void; reject(err: Error): void }[] = [];
  let buffer = '';
  let stderr = '';
  let exitError: Error | null = null;
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    buffer += chunk;
    for (let end = buffer.indexOf('\n'); end >= 0; end = buffer.indexOf('\n')) {
      const line = buffer.slice(0, end);
      buffer = buffer.slice(end + 1);
      const waiter = waiters.shift();
      if (waiter) waiter.resolve(JSON.parse(line) as unknown);
      else lines.push(line);
    }
  });
  child.once('exit', (code, signal) => {
    exitError = new Error(`node ${args.join(' ')} exited (${code ?? signal}) before the expected line: ${stderr}`);
    for (const waiter of waiters.splice(0)) waiter.reject(exitError);
  });
  return {
    child,
    nextLine() {
      const line = lines.shift();
      if (line !== undefined) return Promise.resolve(JSON.parse(line) as unknown);
      if (exitError) return Promise.reject(exitError);
      return new Promise((resolve, reject) => waiters.push({ resolve, reject }));
    },
  };
}

/**
 * A zombie: a process that has exited but was not reaped, because its parent (here `sleep`,
 * which never waits for children) is still running. Like a killed runner whose parent is busy.
 * Call `release()` to end the parent, which lets init reap the zombie.
 */
export async function zombiePid(): Promise<{ pid: number; release(): Promise<void> }> {
  // The parent forks and never waits. A shell (`sleep 0 & exec sleep 60`) raced: under load the
  // child could exit and be reaped by the shell before the exec, leaving no zombie to find.
  const parent = spawn('python3', ['-c', 'import os,sys,time\npid=os.fork()\nif pid==0: os._exit(0)\nprint(pid,flush=True)\ntime.sleep(60)'], { stdio: ['ignore', 'pipe', 'ignore'] });
  const pid = await new Promise<number>((resolve, reject) => {
    parent.stdout?.setEncoding('utf8').once('data', (chunk: string) => resolve(Number(chunk.trim())));
    parent.once('error', reject);
  });
  const { readFile } = await import('node:fs/promises');
  for (let i = 0; i < 200; i++) {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
    if (stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z')) {
      return {
        pid,
        release: async () => {
          parent.kill('SIGKILL');
          await exited(parent);
        },
      };
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  parent.kill('SIGKILL');
  throw new Error(`process ${pid} did not become a zombie`);
}
