import { mkdtemp, readFile, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, afterEach, describe, expect, it } from 'vitest';
import { acquireLock, parseLockInfo } from '../../src/adapters/fs/file-lock.js';
import { adapterChild, bundleFileAdapters } from '../helpers/bundle-adapters.js';
import { deadPid, exited, startNode } from '../helpers/processes.js';

let dir: string;
let lockPath: string;
let bundleDir: string;
let bundle: string;

beforeAll(async () => {
  bundleDir = await mkdtemp(path.join(os.tmpdir(), 'ass-lock-bundle-'));
  bundle = await bundleFileAdapters(bundleDir);
});
afterAll(async () => rm(bundleDir, { recursive: true, force: true }));
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'ass-lock-'));
  lockPath = path.join(dir, 'state.json.lock');
});
afterEach(async () => rm(dir, { recursive: true, force: true }));

async function lockText(): Promise<string> {
  return readFile(lockPath, 'utf8');
}

describe('acquireLock', () => {
  it('writes the owner into the lock and refuses a second acquirer, naming the holder', async () => {
    const first = await acquireLock(lockPath, { command: 'run --plan plan.json' });
    expect(first.ok).toBe(true);
    const info = parseLockInfo(await lockText());
    expect(info).toMatchObject({ pid: process.pid, host: os.hostname(), command: 'run --plan plan.json' });
    expect(Number.isNaN(Date.parse(info?.startedAt ?? ''))).toBe(false);

    const second = await acquireLock(lockPath);
    expect(second).toEqual({
      ok: false,
      holder: `pid ${process.pid} on ${os.hostname()} since ${info?.startedAt} (run --plan plan.json)`,
    });
  });

  it('release removes the lock, can be called twice, and lets the next acquirer in', async () => {
    const first = await acquireLock(lockPath);
    if (!first.ok) throw new Error(first.holder);
    await first.release();
    await first.release();
    expect(await readdir(dir)).toEqual([]);
    expect((await acquireLock(lockPath)).ok).toBe(true);
  });

  it('release leaves a lock that is no longer ours in place', async () => {
    const first = await acquireLock(lockPath);
    if (!first.ok) throw new Error(first.holder);
    const other = `${JSON.stringify({ pid: process.pid, host: os.hostname(), startedAt: new Date().toISOString(), token: 'someone-else' })}\n`;
    await writeFile(lockPath, other);
    await first.release();
    expect(await lockText()).toBe(other);
  });

  it('takes over a lock whose owner on this host has exited', async () => {
    const pid = await deadPid();
    await writeFile(lockPath, JSON.stringify({ pid, host: os.hostname(), startedAt: '2024-01-01T00:00:00.000Z' }));
    const result = await acquireLock(lockPath);
    expect(result.ok).toBe(true);
    expect(parseLockInfo(await lockText())?.pid).toBe(process.pid);
    // The claim used for the takeover is cleaned up.
    expect(await readdir(dir)).toEqual(['state.json.lock']);
  });

  it('never takes over a lock from another host, even if that pid is free here', async () => {
    const pid = await deadPid();
    const original = JSON.stringify({ pid, host: 'build-box-7', startedAt: '2024-01-01T00:00:00.000Z' });
    await writeFile(lockPath, original);
    const result = await acquireLock(lockPath);
    expect(result).toEqual({ ok: false, holder: `pid ${pid} on build-box-7 since 2024-01-01T00:00:00.000Z` });
    expect(await lockText()).toBe(original);
  });

  it('waits for an empty lock file (a writer mid-create) and takes it over once it is old', async () => {
    await writeFile(lockPath, '');
    const started = Date.now();
    const fresh = await acquireLock(lockPath, { incompleteWaitMs: 100 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(100); // gave the writer a moment first
    expect(fresh.ok).toBe(false);
    if (!fresh.ok) expect(fresh.holder).toMatch(/empty or incomplete/);
    expect(await lockText()).toBe('');

    const old = new Date(Date.now() - 11_000);
    await utimes(lockPath, old, old);
    const later = await acquireLock(lockPath, { incompleteWaitMs: 0 });
    expect(later.ok).toBe(true);
    expect(parseLockInfo(await lockText())?.pid).toBe(process.pid);
  });

  it('treats a garbled lock like an empty one (grace time configurable)', async () => {
    await writeFile(lockPath, '{"pid": 12');
    expect((await acquireLock(lockPath, { unfinishedStaleMs: 60_000, incompleteWaitMs: 0 })).ok).toBe(false);
    const old = new Date(Date.now() - 5_000);
    await utimes(lockPath, old, old);
    expect((await acquireLock(lockPath, { unfinishedStaleMs: 60_000, incompleteWaitMs: 0 })).ok).toBe(false);
    expect((await acquireLock(lockPath, { unfinishedStaleMs: 1_000, incompleteWaitMs: 0 })).ok).toBe(true);
  });

  it('lets exactly one of several processes racing to take over a dead lock win', async () => {
    for (let round = 0; round < 2; round++) {
      await rm(lockPath, { force: true });
      const pid = await deadPid();
      await writeFile(lockPath, JSON.stringify({ pid, host: os.hostname(), startedAt: '2024-01-01T00:00:00.000Z' }));
      const racers = Array.from({ length: 8 }, () => startNode([adapterChild, bundle, 'lock', lockPath]));
      await Promise.all(racers.map((r) => r.nextLine())); // all loaded and waiting
      for (const racer of racers) racer.child.stdin?.write('go\n');
      const results = (await Promise.all(racers.map((r) => r.nextLine()))) as { ok: boolean; holder: string | null; pid: number }[];
      for (const racer of racers) racer.child.stdin?.end();
      await Promise.all(racers.map((r) => exited(r.child)));

      const winners = results.filter((r) => r.ok);
      expect(winners).toHaveLength(1);
      const winner = winners[0]!;
      for (const loser of results.filter((r) => !r.ok)) {
        expect(loser.holder).toContain(`pid ${winner.pid} on ${os.hostname()}`);
      }
      // The winner exited without releasing: its lock is what is left, and no claim lingers.
      expect(parseLockInfo(await lockText())?.pid).toBe(winner.pid);
      expect(await readdir(dir)).toEqual(['state.json.lock']);
    }
  });
});
