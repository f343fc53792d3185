// What the kernel says about a local process: whether it still runs, its process group and when
// it started (from /proc on Linux). One reading for every liveness question, so a lock, an
// attempt owner and an agent's process group all agree on what "alive" means.
import { readdirSync, readFileSync } from 'node:fs';

export interface ProcStat {
  /** One letter: R, S, D, Z (zombie), T, … */
  state: string;
  ppid: number;
  pgrp: number;
  /** Start time in clock ticks since boot: tells a reused pid from the original process. */
  start: string;
}

/** `/proc/<pid>/stat`, or null without /proc or when the process is gone. */
export function procStat(pid: number): ProcStat | null {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // The command name (field 2) may contain spaces and parentheses; fields resume after the last ')'.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  const state = fields[0];
  const ppid = Number(fields[1]);
  const pgrp = Number(fields[2]);
  const start = fields[19];
  if (state === undefined || start === undefined || !Number.isInteger(pgrp) || !Number.isInteger(ppid)) return null;
  return { state, ppid, pgrp, start };
}

/** The processes `pid` started, and theirs, from /proc; none without /proc. */
export function descendantPids(pid: number): number[] {
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return [];
  }
  const children = new Map<number, number[]>();
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = procStat(Number(entry));
    if (!stat) continue;
    const siblings = children.get(stat.ppid) ?? [];
    siblings.push(Number(entry));
    children.set(stat.ppid, siblings);
  }
  const found: number[] = [];
  for (let queue = [...(children.get(pid) ?? [])]; queue.length;) {
    const next = queue.shift()!;
    found.push(next);
    queue = queue.concat(children.get(next) ?? []);
  }
  return found;
}

export function isValidPid(pid: unknown): pid is number {
  return typeof pid === 'number' && Number.isSafeInteger(pid) && pid > 0;
}

/**
 * Whether a process with this pid exists and is not a zombie. Signal 0 checks without delivering
 * anything; EPERM means it exists but belongs to another user. A zombie has exited and only waits
 * for its parent to reap it (a killed runner whose parent is busy, or a container whose init never
 * reaps): it will never release a lock or finish an attempt, so it counts as dead. Pids that are
 * not positive integers are never passed to kill(): 0 and negatives address whole process groups.
 */
export function pidAlive(pid: number): boolean {
  if (!isValidPid(pid)) return false;
  try {
    process.kill(pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  return procStat(pid)?.state !== 'Z';
}
