// An exclusive lock file beside the state file, so two local ticks never work on one plan at
// once. The file names its owner (pid, host, start time); a lock whose owner died is taken over.
//
// Taking over is the delicate part: POSIX has no "remove this file only if it is still the one I
// looked at", so a naive unlink could delete a lock that a faster process created a moment ago.
// Instead a taker first hard-links the lock to a claim name derived from the stale file's inode.
// link() fails when the name exists, so exactly one process wins the claim for that stale file,
// and only the winner removes it. Everyone then races on the ordinary O_EXCL create.
import { randomBytes } from 'node:crypto';
import type { BigIntStats } from 'node:fs';
import { link, open, stat, unlink } from 'node:fs/promises';
import os from 'node:os';
import { isValidPid, pidAlive } from '../process/process-table.js';
import { setTimeout as sleep } from 'node:timers/promises';

export interface LockInfo {
  pid: number;
  host: string;
  startedAt: string;
  command?: string;
  /** Makes every lock file's content unique, so "is it still ours?" compares content alone. */
  token?: string;
}

export interface LockOptions {
  /** What the holder is doing, shown to whoever finds the lock taken (e.g. `run --plan plan.json`). */
  command?: string;
  /**
   * Age after which an empty or unreadable lock file counts as abandoned: its creator crashed
   * between creating and writing it. Default 10 s.
   */
  unfinishedStaleMs?: number;
  /** How long to wait for a fresh, still-empty lock file to be filled in before reporting it. Default 500 ms. */
  incompleteWaitMs?: number;
}

export type LockResult = { ok: true; release(): Promise<void> } | { ok: false; holder: string };

const DEFAULT_UNFINISHED_STALE_MS = 10_000;
// Each round either creates the lock, reports a live holder, or removes one stale file; a
// handful of rounds only runs out when other processes keep taking and dropping the lock.
const MAX_ROUNDS = 50;
const DEFAULT_INCOMPLETE_WAIT_MS = 500;

interface Seen {
  text: string;
  stats: BigIntStats;
}

export async function acquireLock(lockPath: string, options: LockOptions = {}): Promise<LockResult> {
  const info: LockInfo = {
    pid: process.pid,
    host: os.hostname(),
    startedAt: new Date().toISOString(),
    ...(options.command ? { command: options.command } : {}),
    token: randomBytes(8).toString('hex'),
  };
  const text = `${JSON.stringify(info)}\n`;
  const staleMs = options.unfinishedStaleMs ?? DEFAULT_UNFINISHED_STALE_MS;

  const incompleteWaitUntil = Date.now() + (options.incompleteWaitMs ?? DEFAULT_INCOMPLETE_WAIT_MS);
  let rounds = 0;
  while (rounds < MAX_ROUNDS) {
    if (await createExclusive(lockPath, text)) {
      return { ok: true, release: () => releaseIfOurs(lockPath, text) };
    }
    const seen = await inspect(lockPath);
    if (!seen) {
      rounds++; // released between our create and our read
      continue;
    }
    const verdict = judge(lockPath, seen, staleMs);
    if (verdict.incomplete && Date.now() < incompleteWaitUntil) {
      // Almost always a winner between its O_EXCL create and its write: give it a moment, so
      // the caller learns who holds the lock rather than "someone still writing it".
      await sleep(5);
      continue;
    }
    if (!verdict.stale) return { ok: false, holder: verdict.holder };
    rounds++;
    await takeOver(lockPath, seen, staleMs);
  }
  return { ok: false, holder: `unknown: ${lockPath} kept changing hands while we tried to take it (${MAX_ROUNDS} rounds)` };
}

/** Parses a lock file's content; null when it is not a complete lock record. */
export function parseLockInfo(text: string): LockInfo | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  if (!isValidPid(v.pid) || typeof v.host !== 'string' || typeof v.startedAt !== 'string') return null;
  return {
    pid: v.pid,
    host: v.host,
    startedAt: v.startedAt,
    ...(typeof v.command === 'string' ? { command: v.command } : {}),
    ...(typeof v.token === 'string' ? { token: v.token } : {}),
  };
}

export function describeHolder(info: LockInfo): string {
  const base = `pid ${info.pid} on ${info.host} since ${info.startedAt}`;
  return info.command ? `${base} (${info.command})` : base;
}

type Verdict = { stale: true; incomplete?: false } | { stale: false; holder: string; incomplete?: boolean };

function judge(lockPath: string, seen: Seen, staleMs: number): Verdict {
  const info = parseLockInfo(seen.text);
  if (!info) {
    const ageMs = Date.now() - Number(seen.stats.mtimeMs);
    if (ageMs > staleMs) return { stale: true };
    return {
      stale: false,
      incomplete: true,
      holder: `a process still writing ${lockPath} (empty or incomplete, ${Math.max(0, Math.round(ageMs))} ms old; taken over after ${staleMs} ms)`,
    };
  }
  // A pid means nothing on another machine (shared or network file systems): never take over.
  if (info.host === os.hostname() && !pidAlive(info.pid)) return { stale: true };
  return { stale: false, holder: describeHolder(info) };
}

async function createExclusive(path: string, text: string): Promise<boolean> {
  // The content is written to a private file first and then linked into place: link() fails when
  // the lock exists, like O_EXCL, and a lock that exists is never empty, so a process killed
  // while taking it cannot leave a nameless lock that others must wait out.
  const draft = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.new`;
  const handle = await open(draft, 'wx', 0o644);
  try {
    await handle.writeFile(text, 'utf8');
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await link(draft, path);
    return true;
  } catch (err) {
    if (code(err) === 'EEXIST') return false;
    throw err;
  } finally {
    await unlinkQuietly(draft);
  }
}

async function takeOver(lockPath: string, seen: Seen, staleMs: number): Promise<void> {
  const claim = `${lockPath}.takeover-${seen.stats.ino}`;
  try {
    await link(lockPath, claim);
  } catch (err) {
    if (code(err) === 'ENOENT') return; // someone removed it already; go round again
    if (code(err) !== 'EEXIST') throw err;
    // Someone else is taking over this very file. Its claim is normally gone within
    // milliseconds; one that lingers belongs to a taker that died mid-way (link() sets ctime).
    const claimStats = await statQuietly(claim);
    if (claimStats && Date.now() - Number(claimStats.ctimeMs) > staleMs) await unlinkQuietly(claim);
    else await sleep(5 + Math.random() * 20);
    return;
  }
  try {
    // The claim pins the inode, so its number cannot be reused while we look. The lock name may
    // have moved on to a fresh lock before our link(); then the claim holds that fresh file and
    // we must leave it alone. Content carries a random token, so a match means the same file.
    const claimed = await inspect(claim);
    if (claimed && sameFile(claimed, seen)) await unlinkQuietly(lockPath);
  } finally {
    await unlinkQuietly(claim);
  }
}

function sameFile(a: Seen, b: Seen): boolean {
  return a.stats.ino === b.stats.ino && a.stats.dev === b.stats.dev && a.stats.mtimeNs === b.stats.mtimeNs && a.text === b.text;
}

async function releaseIfOurs(lockPath: string, text: string): Promise<void> {
  const seen = await inspect(lockPath);
  // Not ours any more (taken over after we were presumed dead): leave the new owner alone.
  if (!seen || seen.text !== text) return;
  await unlinkQuietly(lockPath);
}

async function inspect(path: string): Promise<Seen | null> {
  let handle;
  try {
    handle = await open(path, 'r');
  } catch (err) {
    if (code(err) === 'ENOENT') return null;
    throw err;
  }
  try {
    const stats = await handle.stat({ bigint: true });
    const text = await handle.readFile('utf8');
    return { text, stats };
  } finally {
    await handle.close();
  }
}

async function statQuietly(path: string): Promise<BigIntStats | null> {
  try {
    return await stat(path, { bigint: true });
  } catch (err) {
    if (code(err) === 'ENOENT') return null;
    throw err;
  }
}

async function unlinkQuietly(path: string): Promise<void> {
  try {
    await unlink(path);
  } catch (err) {
    if (code(err) !== 'ENOENT') throw err;
  }
}

function code(err: unknown): string | undefined {
  return (err as NodeJS.ErrnoException | null)?.code;
}
