// The cache state store (README, "State stores"): state, and the declared outputs of finished
// steps, saved through `@actions/cache` under one new key per revision,
// `<prefix>r<revision, 10 digits>-<random>`, and restored by prefix (`<prefix>r` finds the most
// recently created entry).
//
// This is a BEST-EFFORT MIRROR, not a database. Entries are immutable and GitHub evicts entries
// unused for 7 days (and the oldest ones beyond the repository's size limit), so a plan idle for
// a week can lose its state. The cache has no compare-and-swap: two writers that both loaded
// revision N can both save N+1 under different suffixes. Before saving, this store looks N+1 up
// and gives up (ConflictError) if it exists; after saving it looks again and gives up if another
// writer's N+1 is newer than ours. Writers that race inside that window both believe they won and
// the newest entry is what later ticks see; nothing here can detect that, because the cache API
// lists no entries. When loading finds a higher revision older than the newest entry (a stale
// writer saved after a newer one), the highest revision wins and a warning says so.
//
// The library hashes the saved paths into the entry's "version", so one fixed staging folder is
// always saved: `<workspace>/.sequencer/<planId>/cache-transfer`, mirroring the workspace layout
// (state at `.sequencer/<planId>/state.json`, each output at its workspace path). The same
// absolute workspace path and the same compression (zstd present or not) are needed to find an
// entry again; tar extracts relative to GITHUB_WORKSPACE (else the current directory), which must
// also match the writer's.
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { ConfigError, ConflictError, StateError, describeError, showValue } from '../../core/errors.js';
import type { State } from '../../core/state/types.js';
import { countOf } from '../../core/render/plural.js';
import { decodeState } from '../../core/state/decode-state.js';
import { RevisionGuard } from '../../core/state/revision-guard.js';
import type { AcquireResult, LoadResult, Log, StateStore, WriteMeta } from '../../ports.js';
import { writeFileAtomic } from '../fs/atomic-write.js';
import { installStagedOutputs, stageOutput } from './cache-staging.js';
import { watchToolkitProblems } from './toolkit-problems.js';
import { serializeState } from '../../core/state/state-json.js';

type ActionsCache = typeof import('@actions/cache');

export interface CacheStoreOptions {
  workspace: string;
  planId: string;
  /**
   * Default `sequencer/<planId>/`. It must not be a prefix of another plan's keys: `/` cannot
   * occur in a plan id, so `sequencer/issue-4/r` never matches `sequencer/issue-42-rerun/r…`.
   */
  keyPrefix?: string;
  /** Workspace-relative paths saved with the state on completion writes (and carried after). */
  outputs?: (state: State) => string[];
  log: Log;
}

const REVISION_DIGITS = 10;
/** Bounds the walk to higher revisions on load; each step is one lookup. */
const MAX_HIGHER_PROBES = 20;
const KNOWN_CACHE_MODES = ['none', 'read', 'write', 'write-only'];

export class CacheStore implements StateStore {
  readonly description: string;
  readonly keyPrefix: string;
  /** Absolute path of the folder that is saved and restored. */
  readonly stagingDir: string;
  /** Absolute path of the workspace copy of the state (written after every load and write). */
  readonly statePath: string;
  private readonly workspace: string;
  private readonly planId: string;
  private readonly stateRel: string;
  private readonly outputs: (state: State) => string[];
  private readonly log: Log;
  private readonly revisions: RevisionGuard;

  constructor(opts: CacheStoreOptions) {
    this.workspace = path.resolve(opts.workspace);
    this.planId = opts.planId;
    this.keyPrefix = opts.keyPrefix ?? `sequencer/${opts.planId}/`;
    // By default the outputs the state records as produced (every finished step's required outputs).
    this.outputs = opts.outputs ?? ((state) => state.artifacts ?? []);
    this.log = opts.log;
    if (!/^[A-Za-z0-9._-]{1,100}$/.test(this.planId)) {
      throw new ConfigError(`Invalid planId ${showValue(this.planId)}: expected 1-100 letters, digits, ".", "_" or "-".`);
    }
    if (!this.keyPrefix || this.keyPrefix.length > 400 || /[,\r\n]/.test(this.keyPrefix)) {
      throw new ConfigError(`Invalid cache key prefix ${showValue(this.keyPrefix)}: expected 1-400 characters without commas or line breaks.`);
    }
    this.stateRel = `.sequencer/${this.planId}/state.json`;
    this.statePath = path.join(this.workspace, this.stateRel);
    this.stagingDir = path.join(this.workspace, '.sequencer', this.planId, 'cache-transfer');
    // The library reads its paths as glob patterns, one per line.
    if (/[*?[\]{}\r\n\\]/.test(this.stagingDir)) {
      throw new ConfigError(`Invalid workspace ${showValue(this.workspace)} for the cache store: expected a path without glob characters (* ? [ ] { } \\) or line breaks.`);
    }
    this.description = `cache ${this.keyPrefix}r*`;
    this.revisions = new RevisionGuard({ where: this.description, untouched: 'nothing was saved' });
  }

  /** No lock: the lookups before and after each save decide between writers (see above). */
  async lock(): Promise<AcquireResult> {
    return { ok: true };
  }

  /** Every load restores the newest entry itself. */
  async open(): Promise<void> {}

  async release(): Promise<void> {}

  async load(): Promise<LoadResult> {
    this.revisions.loading();
    try {
      const result = await this.loadNewest();
      this.revisions.loaded(result.kind === 'loaded' ? (result.state.revision ?? 0) : 0);
      return result;
    } catch (err) {
      this.revisions.failed(err);
      throw err;
    }
  }

  async write(state: State, meta: WriteMeta): Promise<State> {
    const base = this.revisions.check(state);
    const cache = await loadToolkit();
    this.checkService(cache, 'write');
    const revision = base + 1;

    const taken = await this.lookup(cache, revisionPrefix(this.keyPrefix, revision));
    if (taken) {
      throw new ConflictError(`Another writer already saved revision ${revision} to the cache (key ${taken}); nothing was saved.`, 'The next tick starts from the newer state.');
    }

    const next: State = { ...state, revision };
    const text = serializeState(next);
    const stagedState = path.join(this.stagingDir, this.stateRel);
    await mkdir(path.dirname(stagedState), { recursive: true });
    await writeFileAtomic(stagedState, text);
    if (meta.kind === 'completion') {
      for (const output of this.outputs(next)) await stageOutput(this.workspace, this.stagingDir, output, this.log);
    }

    const key = `${revisionPrefix(this.keyPrefix, revision)}${randomBytes(4).toString('hex')}`;
    await this.save(cache, key, revision);

    // A writer that saved the same revision after us is the newest entry, which is what loads see.
    const newest = await this.lookup(cache, revisionPrefix(this.keyPrefix, revision));
    if (newest === null) {
      throw new Error(`State revision ${revision} was NOT confirmed in the cache: saving key ${key} reported success, but a lookup does not find it. Treat this write as lost.`);
    }
    if (newest !== key) {
      throw new ConflictError(`Another writer saved revision ${revision} (key ${newest}) right after ours (key ${key}); theirs is the one later ticks load.`);
    }
    await mkdir(path.dirname(this.statePath), { recursive: true });
    await writeFileAtomic(this.statePath, text);
    this.revisions.loaded(revision);
    return next;
  }

  private async loadNewest(): Promise<LoadResult> {
    const cache = await loadToolkit();
    this.checkService(cache, 'load');
    let key = await this.restore(cache, `${this.keyPrefix}r`);
    if (key === null) return { kind: 'missing' };
    let { state, text } = await this.readStaged(key);

    for (let probes = 0; probes < MAX_HIGHER_PROBES; probes++) {
      const higherPrefix = revisionPrefix(this.keyPrefix, (state.revision ?? 0) + 1);
      const higher = await this.lookup(cache, higherPrefix);
      if (higher === null) break;
      this.log.warn(
        `The newest cache entry ${key} holds revision ${state.revision}, but ${higher} holds a higher one: two ticks wrote concurrently. Using the highest revision; the other write is lost.`,
      );
      key = await this.restore(cache, higherPrefix);
      if (key === null) throw new Error(`Cache entry ${higher} was found by a lookup but could not be restored a moment later.`);
      ({ state, text } = await this.readStaged(key));
    }

    await mkdir(path.dirname(this.statePath), { recursive: true });
    await writeFileAtomic(this.statePath, text);
    const restored = await installStagedOutputs(this.workspace, this.stagingDir, this.log);
    this.log.debug(`Restored ${key} (revision ${state.revision})${restored.length ? ` and ${countOf(restored.length, 'output file')}` : ''}.`);
    return { kind: 'loaded', state };
  }

  /** The state staged by restoring `key`, checked against the key and this plan. */
  private async readStaged(key: string): Promise<{ state: State; text: string }> {
    const match = new RegExp(`^${escapeRegExp(this.keyPrefix)}r(\\d{${REVISION_DIGITS}})-[0-9a-f]{8}$`).exec(key);
    if (!match) {
      throw new StateError(`Cache entry ${showValue(key)} does not look like one of ours: expected ${this.keyPrefix}r<${REVISION_DIGITS} digits>-<8 hex digits>.`);
    }
    const keyRevision = Number(match[1]);
    const file = path.join(this.stagingDir, this.stateRel);
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (err) {
      throw new StateError(
        `Cache entry ${key} was restored but ${file} cannot be read (${describeError(err)}).`,
        [],
        'tar extracts relative to GITHUB_WORKSPACE (or the current directory): run with the same workspace path as the tick that saved it.',
      );
    }
    const state = decodeState(text, { subject: `state in cache entry ${key}`, planId: this.planId });
    if ((state.revision ?? 0) !== keyRevision) {
      throw new StateError(`State in cache entry ${key} has revision ${showValue(state.revision)}, but its key says ${keyRevision}.`);
    }
    return { state, text };
  }

  /** Restores the newest entry whose key starts with `prefix` into an emptied staging folder. */
  private async restore(cache: ActionsCache, prefix: string): Promise<string | null> {
    await rm(this.stagingDir, { recursive: true, force: true });
    await mkdir(this.stagingDir, { recursive: true });
    return this.find(cache, prefix, false);
  }

  private lookup(cache: ActionsCache, prefix: string): Promise<string | null> {
    return this.find(cache, prefix, true);
  }

  private async find(cache: ActionsCache, prefix: string, lookupOnly: boolean): Promise<string | null> {
    // The prefix is also the primary key: no entry is named exactly that, so GitHub falls through
    // to the restore key, a prefix match that picks the most recently created entry.
    let outcome;
    try {
      outcome = await watchToolkitProblems(() => cache.restoreCache([this.stagingDir], prefix, [prefix], { lookupOnly }));
    } catch (err) {
      throw new Error(`Cache lookup of ${prefix}* failed: ${describeError(err)}`);
    }
    const { value, problems } = outcome;
    // A failed lookup or download also returns undefined; only the printed problems tell.
    if (problems.length) throw new Error(`Cache lookup of ${prefix}* failed, so the state is unknown (not missing): ${problems.join('; ')}`);
    return value ?? null;
  }

  private async save(cache: ActionsCache, key: string, revision: number): Promise<void> {
    let outcome;
    try {
      outcome = await watchToolkitProblems(() => cache.saveCache([this.stagingDir], key));
    } catch (err) {
      throw new Error(`State revision ${revision} was NOT saved to the cache (key ${key}): ${describeError(err)}`);
    }
    const { value: id, problems } = outcome;
    // v1 returns the reserved id even when the upload after it failed, so problems count too.
    if (id === -1 || !Number.isFinite(id) || problems.length) {
      const why = problems.length ? problems.join('; ') : `saveCache returned ${id}`;
      throw new Error(`State revision ${revision} was NOT saved to the cache (key ${key}): ${why}`);
    }
  }

  /** Fails early, with the variable to fix, where the library would quietly do nothing. */
  private checkService(cache: ActionsCache, action: 'load' | 'write'): void {
    const hint = 'Use the cache store inside a GitHub Actions job (JavaScript actions get these variables from the runner), or choose the file or git store.';
    if (!cache.isFeatureAvailable()) {
      const urlVar = process.env.ACTIONS_CACHE_SERVICE_V2 ? 'ACTIONS_RESULTS_URL' : 'ACTIONS_CACHE_URL';
      throw new ConfigError(`The cache store needs the Actions cache service, but ${urlVar} is not set.`, hint);
    }
    if (!process.env.ACTIONS_RUNTIME_TOKEN) throw new ConfigError('The cache store needs ACTIONS_RUNTIME_TOKEN, which is not set.', hint);
    const mode = (process.env.ACTIONS_CACHE_MODE ?? '').trim().toLowerCase();
    if (!KNOWN_CACHE_MODES.includes(mode)) return;
    const allowed = action === 'load' ? mode === 'read' || mode === 'write' : mode === 'write' || mode === 'write-only';
    if (!allowed) {
      throw new ConfigError(`ACTIONS_CACHE_MODE is ${showValue(mode)}, which does not allow the cache store to ${action} state.`);
    }
  }
}

/** `<prefix>r<revision, zero-padded>-`: every key of that revision starts with it. */
export function revisionPrefix(keyPrefix: string, revision: number): string {
  return `${keyPrefix}r${String(revision).padStart(REVISION_DIGITS, '0')}-`;
}

// Loaded on first use so ticks with another store never pay for the library and its Azure SDK.
let toolkit: Promise<ActionsCache> | null = null;
function loadToolkit(): Promise<ActionsCache> {
  toolkit ??= import('@actions/cache');
  return toolkit;
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
