// The agent's process group: signalling it, and telling whether anything in it still runs. The
// agent leads its own group (exec-agent.ts), so a timeout, a cancel or a later tick's clean-up
// ends everything it started through the group id.
import { readdirSync } from 'node:fs';
import { procStat } from './process-table.js';
import { setTimeout as sleep } from 'node:timers/promises';

/** How long to wait for a SIGKILLed group to disappear before giving up on it. */
const KILL_WAIT_MS = 5000;
const POLL_MS = 25;

/** kill(-pgid) with pgid 0 or 1 would signal our own group or every process we may signal. */
export function isSafeGroupId(pgid: number): boolean {
  return Number.isInteger(pgid) && pgid > 1 && pgid !== process.pid;
}

export function signalGroup(pgid: number, signal: NodeJS.Signals): void {
  if (!isSafeGroupId(pgid)) throw new Error(`refusing to signal process group ${pgid}`);
  try {
    process.kill(-pgid, signal);
  } catch {
    // ESRCH: already gone. EPERM: not ours to signal; the liveness wait below reports it.
  }
}

/** Whether any live (non-zombie) process is in the group. Zombies count as gone: in containers
 * whose init does not reap orphans they would otherwise keep the group "alive" forever. */
export function isProcessGroupAlive(pgid: number): boolean {
  if (!isSafeGroupId(pgid)) return false;
  try {
    process.kill(-pgid, 0);
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return true;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = procStat(Number(entry));
    if (stat && stat.pgrp === pgid && stat.state !== 'Z') return true;
  }
  return false;
}

export async function terminateGroup(pgid: number, graceMs: number): Promise<void> {
  if (!isProcessGroupAlive(pgid)) return;
  signalGroup(pgid, 'SIGTERM');
  if (await waitGone(pgid, Math.max(0, graceMs))) return;
  signalGroup(pgid, 'SIGKILL');
  await waitGone(pgid, KILL_WAIT_MS);
}

async function waitGone(pgid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  for (;;) {
    if (!isProcessGroupAlive(pgid)) return true;
    if (Date.now() >= deadline) return false;
    await sleep(Math.min(POLL_MS, Math.max(1, deadline - Date.now())));
  }
}

/** True when the group's leader is not the agent we recorded: it started at another time (the
 * pid was reused), or no start was recorded where one can be read (not a file we wrote). Without
 * /proc we cannot tell and assume ours. */
export function leaderWasReplaced(pgid: number, recordedStart: string): boolean {
  const current = startTimeOf(pgid);
  if (current === null) return false;
  return current !== recordedStart;
}

export function startTimeOf(pid: number): string | null {
  return procStat(pid)?.start ?? null;
}
