// The cache store against the real `@actions/cache` library (real tar/zstd, real HTTP, the real
// Azure Blob SDK for v2 uploads) talking to a local stand-in for the cache service, in both
// protocols the library speaks.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CacheStore, revisionPrefix } from '../../src/adapters/toolkit/cache-store.js';
import { ConfigError, ConflictError, StateError } from '../../src/core/errors.js';
import type { State } from '../../src/core/state/types.js';
import type { WriteMeta } from '../../src/ports.js';
import { startFakeCacheService, type CacheProtocol, type FakeCacheService } from '../fakes/cache-server.js';
import { MemoryLog } from '../fakes/ports.js';
import { state as buildState } from '../fakes/states.js';

const update: WriteMeta = { kind: 'update', message: 'test update' };
const completion: WriteMeta = { kind: 'completion', message: 'step-1 attempt 1 succeeded' };
const KEY_SHAPE = /^sequencer\/p\/r\d{10}-[0-9a-f]{8}$/;

let ws: string;
let log: MemoryLog;
let savedWorkspaceVar: string | undefined;

async function setUpWorkspace(): Promise<void> {
  ws = await mkdtemp(path.join(os.tmpdir(), 'ass-cache-ws-'));
  log = new MemoryLog();
  // As on a runner: the library's tar runs in GITHUB_WORKSPACE.
  savedWorkspaceVar = process.env.GITHUB_WORKSPACE;
  process.env.GITHUB_WORKSPACE = ws;
}

async function tearDownWorkspace(): Promise<void> {
  if (savedWorkspaceVar === undefined) delete process.env.GITHUB_WORKSPACE;
  else process.env.GITHUB_WORKSPACE = savedWorkspaceVar;
  await rm(ws, { recursive: true, force: true });
}

function newStore(opts: { planId?: string; outputs?: string[] } = {}): CacheStore {
  return new CacheStore({ workspace: ws, planId: opts.planId ?? 'p', log, ...(opts.outputs ? { outputs: () => opts.outputs ?? [] } : {}) });
}

async function loaded(store: CacheStore): Promise<State> {
  const result = await store.load();
  if (result.kind !== 'loaded') throw new Error(`expected a loaded state, got ${result.kind}`);
  return result.state;
}

/** A fresh store writes revisions 1..n and returns the last state written. */
async function writeRevisions(n: number, store = newStore()): Promise<State> {
  expect(await store.load()).toEqual({ kind: 'missing' });
  let current = buildState(['step-1', 'step-2']);
  for (let i = 1; i <= n; i++) current = await store.write({ ...current, lastHeartbeatIso: `2026-01-01T00:00:0${i}.000Z` }, update);
  return current;
}

/** Saves `files` (paths inside the staging folder) under `key` with the library itself, as a foreign writer would. */
async function saveForeignEntry(store: CacheStore, files: Record<string, string>, key: string): Promise<void> {
  await rm(store.stagingDir, { recursive: true, force: true });
  for (const [rel, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(store.stagingDir, rel)), { recursive: true });
    await writeFile(path.join(store.stagingDir, rel), text);
  }
  const cache = await import('@actions/cache');
  expect(await cache.saveCache([store.stagingDir], key)).toBeGreaterThan(0);
}

describe.each(['v1', 'v2'] as CacheProtocol[])('CacheStore over cache service %s', (protocol) => {
  let svc: FakeCacheService;
  let undoEnv: () => void;

  beforeAll(async () => {
    svc = await startFakeCacheService({ protocol });
  });
  afterAll(async () => svc.close());
  beforeEach(async () => {
    undoEnv = svc.applyEnv();
    svc.entries.length = 0;
    for (const name of Object.keys(svc.faults) as Array<keyof typeof svc.faults>) delete svc.faults[name];
    svc.afterCommit = null;
    await setUpWorkspace();
  });
  afterEach(async () => {
    undoEnv();
    await tearDownWorkspace();
  });

  it('reports missing when the cache has no entry for the plan, and ignores a plan whose id extends ours', async () => {
    expect(await newStore().load()).toEqual({ kind: 'missing' });
    await writeRevisions(1, newStore({ planId: 'p-rerun' }));
    expect(await newStore().load()).toEqual({ kind: 'missing' });
  });

  it('round trip: revisions 1, 2, 3 saved under unique keys; a fresh store loads revision 3', async () => {
    const last = await writeRevisions(3);
    expect(last.revision).toBe(3);
    const keys = svc.entries.map((e) => e.key);
    expect(keys).toHaveLength(3);
    for (const key of keys) expect(key).toMatch(KEY_SHAPE);
    expect(keys.map((k) => k.slice(0, -8))).toEqual([1, 2, 3].map((r) => revisionPrefix('sequencer/p/', r)));

    await rm(path.join(ws, '.sequencer'), { recursive: true });
    const fresh = newStore();
    const state = await loaded(fresh);
    expect(state).toEqual(last);
    expect(JSON.parse(await readFile(fresh.statePath, 'utf8'))).toEqual(last);
    // And it continues from there.
    expect((await fresh.write(state, update)).revision).toBe(4);
  });

  it('saves outputs with completion writes, carries them through later writes and restores them', async () => {
    await mkdir(path.join(ws, 'out', 'tables'), { recursive: true });
    await writeFile(path.join(ws, 'out', 'summary.md'), '## Summary v1\n');
    await writeFile(path.join(ws, 'out', 'tables', 't.csv'), 'a,b\n1,2\n');
    await writeFile(path.join(ws, 'scratch.txt'), 'not an output');
    const store = newStore({ outputs: ['out/summary.md', 'out/tables'] });
    expect(await store.load()).toEqual({ kind: 'missing' });
    const one = await store.write(buildState(['step-1']), completion);
    // Changed after the completion write: the next (state-only) write must not pick it up.
    await writeFile(path.join(ws, 'out', 'summary.md'), '## Summary edited later\n');
    const two = await store.write(one, update);

    await rm(path.join(ws, 'out'), { recursive: true });
    await rm(path.join(ws, 'scratch.txt'));
    await rm(path.join(ws, '.sequencer'), { recursive: true });
    expect(await loaded(newStore())).toEqual(two);
    expect(await readFile(path.join(ws, 'out', 'summary.md'), 'utf8')).toBe('## Summary v1\n');
    expect(await readFile(path.join(ws, 'out', 'tables', 't.csv'), 'utf8')).toBe('a,b\n1,2\n');
    await expect(readFile(path.join(ws, 'scratch.txt'), 'utf8')).rejects.toThrow(/ENOENT/);
  });

  it.each([
    ['reserve', 403],
    ['upload', 403],
    ['commit', 400],
  ] as const)('when %s answers HTTP %i, write fails saying the state was NOT saved', async (fault, status) => {
    const store = newStore();
    const one = await writeRevisions(1, store);
    svc.faults[fault] = status;
    const failed = store.write(one, update);
    await expect(failed).rejects.toThrow(/revision 2 was NOT saved/);
    await expect(failed).rejects.not.toBeInstanceOf(ConflictError);
    delete svc.faults[fault];
    expect((await loaded(newStore())).revision).toBe(1);
  });

  it.each([
    ['lookup', 403],
    ['download', 403],
  ] as const)('when %s answers HTTP %i, load fails (never "missing") and writes are refused', async (fault, status) => {
    await writeRevisions(1);
    svc.faults[fault] = status;
    const store = newStore();
    await expect(store.load()).rejects.toThrow(/failed, so the state is unknown \(not missing\)/);
    delete svc.faults[fault];
    await expect(store.write(buildState(['step-1']), update)).rejects.toBeInstanceOf(StateError);
    expect(svc.entries).toHaveLength(1);
  });

  it('an invalid state in the cache is a StateError naming the entry, and is never overwritten', async () => {
    const store = newStore();
    const key = `${revisionPrefix('sequencer/p/', 1)}deadbeef`;
    await saveForeignEntry(store, { '.sequencer/p/state.json': JSON.stringify({ status: 'NOPE', plan: { steps: {} }, revision: 1 }) }, key);
    const error = await store.load().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StateError);
    expect((error as StateError).message).toContain(`Invalid state in cache entry ${key}`);
    expect((error as StateError).message).toMatch(/status: must be one of/);
    await expect(store.write(buildState(['step-1']), update)).rejects.toBeInstanceOf(StateError);
    expect(svc.entries).toHaveLength(1);

    await saveForeignEntry(store, { '.sequencer/p/state.json': '{"status": ' }, `${revisionPrefix('sequencer/p/', 2)}0badf00d`);
    await expect(newStore().load()).rejects.toThrow(/State in cache entry sequencer\/p\/r0000000002-0badf00d is not valid JSON/);
  });

  it('a stale write is refused with ConflictError, in this store and across stores', async () => {
    const one = await writeRevisions(1);
    const a = newStore();
    const b = newStore();
    const fromA = await loaded(a);
    const fromB = await loaded(b);
    await expect(a.write({ ...fromA, revision: 0 }, update)).rejects.toBeInstanceOf(ConflictError);
    const two = await b.write(fromB, update);
    expect(two.revision).toBe(2);
    const lost = a.write(fromA, update);
    await expect(lost).rejects.toBeInstanceOf(ConflictError);
    await expect(lost).rejects.toThrow(/already saved revision 2/);
    expect(svc.entries).toHaveLength(2);
    expect(await loaded(newStore())).toEqual(two);
    expect(one.revision).toBe(1);
  });

  it('a write raced by another writer saving the same revision just after it is a ConflictError', async () => {
    const store = newStore();
    const one = await writeRevisions(1, store);
    svc.afterCommit = (entry) => {
      svc.afterCommit = null;
      svc.addEntry(`${revisionPrefix('sequencer/p/', 2)}ffffffff`, entry.version);
    };
    await expect(store.write(one, update)).rejects.toThrow(/Another writer saved revision 2 \(key sequencer\/p\/r0000000002-ffffffff\) right after ours/);
  });

  it('loads the highest revision when a stale writer saved a lower one after it, and warns', async () => {
    const two = await writeRevisions(2);
    const stale = { ...buildState(['step-1', 'step-2']), planId: 'p', revision: 1 };
    // Newest by creation time, but revision 1: a stale writer that raced past the pre-save check.
    await saveForeignEntry(newStore(), { '.sequencer/p/state.json': JSON.stringify(stale) }, `${revisionPrefix('sequencer/p/', 1)}5ca1ab1e`);
    expect(await loaded(newStore())).toEqual(two);
    expect(log.lines.some((l) => l.startsWith('warn: ') && l.includes('two ticks wrote concurrently'))).toBe(true);
  });
});

describe('CacheStore configuration', () => {
  let svc: FakeCacheService;
  let undoEnv: () => void;
  beforeAll(async () => {
    svc = await startFakeCacheService({ protocol: 'v2' });
  });
  afterAll(async () => svc.close());
  beforeEach(async () => {
    undoEnv = svc.applyEnv();
    await setUpWorkspace();
  });
  afterEach(async () => {
    undoEnv();
    await tearDownWorkspace();
  });

  it('refuses to run without the cache service variables', async () => {
    delete process.env.ACTIONS_RESULTS_URL;
    await expect(newStore().load()).rejects.toThrow(/ACTIONS_RESULTS_URL is not set/);
    process.env.ACTIONS_RESULTS_URL = svc.env.ACTIONS_RESULTS_URL;
    delete process.env.ACTIONS_RUNTIME_TOKEN;
    await expect(newStore().load()).rejects.toBeInstanceOf(ConfigError);
    expect(svc.requests).toEqual([]);
  });

  it('honours ACTIONS_CACHE_MODE instead of reading a skipped call as missing or saved', async () => {
    process.env.ACTIONS_CACHE_MODE = 'write-only';
    await expect(newStore().load()).rejects.toThrow(/ACTIONS_CACHE_MODE is "write-only", which does not allow the cache store to load/);
    process.env.ACTIONS_CACHE_MODE = 'read';
    const store = newStore();
    expect(await store.load()).toEqual({ kind: 'missing' });
    await expect(store.write(buildState(['step-1']), update)).rejects.toBeInstanceOf(ConfigError);
    expect(svc.entries).toHaveLength(0);
  });

  it('rejects a key prefix the cache cannot hold', () => {
    expect(() => new CacheStore({ workspace: ws, planId: 'p', keyPrefix: 'a,b', log })).toThrow(/without commas/);
  });
});

describe.each(['v1', 'v2'] as CacheProtocol[])('fake cache service %s matches GitHub semantics', (protocol) => {
  let svc: FakeCacheService;
  let undoEnv: () => void;
  let dir: string;
  beforeAll(async () => {
    svc = await startFakeCacheService({ protocol });
  });
  afterAll(async () => svc.close());
  beforeEach(async () => {
    undoEnv = svc.applyEnv();
    dir = await mkdtemp(path.join(os.tmpdir(), 'ass-cache-fake-'));
  });
  afterEach(async () => {
    undoEnv();
    await rm(dir, { recursive: true, force: true });
  });

  async function save(key: string, text: string): Promise<number> {
    await writeFile(path.join(dir, 'f.txt'), text);
    const cache = await import('@actions/cache');
    return cache.saveCache([dir], key);
  }

  it('keeps entries immutable, prefers an exact key and otherwise the newest prefix match', async () => {
    const cache = await import('@actions/cache');
    expect(await save('k-1', 'one')).toBeGreaterThan(0);
    expect(await save('k-2', 'two')).toBeGreaterThan(0);
    expect(await save('k-1', 'changed')).toBe(-1);
    expect(await cache.restoreCache([dir], 'k-1')).toBe('k-1');
    expect(await readFile(path.join(dir, 'f.txt'), 'utf8')).toBe('one');
    expect(await cache.restoreCache([dir], 'none', ['x-', 'k-'])).toBe('k-2');
    expect(await readFile(path.join(dir, 'f.txt'), 'utf8')).toBe('two');
    expect(await cache.restoreCache([dir], 'none', ['x-'])).toBeUndefined();
  });
});
