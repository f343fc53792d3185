// The embedded state store: one JSON file, replaced atomically, guarded by a lock file.
//
// Two guards against lost updates: the revision (a write must derive from the revision this
// store loaded or last wrote) and the file's identity (inode, size, mtime at that moment), which
// catches a file edited or replaced behind our back even when the revision number was not bumped.
import { type BigIntStats, closeSync, fstatSync, openSync, readFileSync, statSync } from 'node:fs';
import { mkdir, readdir, unlink } from 'node:fs/promises';
import path from 'node:path';
import { ConflictError, StateError, describeError } from '../../core/errors.js';
import { isRecord } from '../../core/plan/field-checks.js';
import type { State } from '../../core/state/types.js';
import { parseStateJson, validateStateDocument } from '../../core/state/decode-state.js';
import { RevisionGuard } from '../../core/state/revision-guard.js';
import type { AcquireResult, LoadResult, StateStore, WriteMeta } from '../../ports.js';
import { isTempFileFor, writeFileAtomicStat } from './atomic-write.js';
import { acquireLock } from './file-lock.js';
import { PRETTY_MAX_STEPS, adoptTexts, serializeStateWithSpans } from '../../core/state/state-json.js';
import { digestNote, digestOf, digestPathFor, readNote, writeNote } from './state-digest.js';

export { writeFileAtomic } from './atomic-write.js';

export interface FileStoreOptions {
  statePath: string;
  /** Take `<statePath>.lock` in lock(). Default true. */
  lock?: boolean;
  /** What this process is doing, shown to whoever finds the lock taken. */
  command?: string;
}

interface Stamp {
  ino: bigint;
  size: bigint;
  mtimeNs: bigint;
}

export class FileStore implements StateStore {
  readonly description: string;
  readonly statePath: string;
  readonly lockPath: string;
  /** Names the bytes this build last wrote (state-digest.ts). */
  readonly digestPath: string;
  private readonly useLock: boolean;
  private readonly command: string | undefined;
  private heldLock: { release(): Promise<void> } | null = null;
  private readonly revisions: RevisionGuard;
  /** The file as loaded or last written (null: there was none); meaningful once a load succeeded. */
  private stamp: Stamp | null = null;

  constructor(options: FileStoreOptions) {
    this.statePath = options.statePath;
    this.lockPath = `${options.statePath}.lock`;
    this.digestPath = digestPathFor(options.statePath);
    this.useLock = options.lock ?? true;
    this.command = options.command;
    this.description = `file ${options.statePath}`;
    this.revisions = new RevisionGuard({ where: this.description, untouched: 'the file was left untouched' });
  }

  async lock(): Promise<AcquireResult> {
    if (!this.useLock || this.heldLock) return { ok: true };
    await mkdir(path.dirname(this.statePath), { recursive: true });
    const result = await acquireLock(this.lockPath, this.command ? { command: this.command } : {});
    if (!result.ok) return { ok: false, holder: result.holder };
    this.heldLock = result;
    try {
      // Under the lock no other writer exists, so any temp file for our state is a crash leftover.
      await this.removeLeftoverTempFiles();
    } catch (err) {
      // A lock() that throws has taken nothing: no caller releases what it never got.
      await this.release();
      throw err;
    }
    return { ok: true };
  }

  /** The file is read where it is: nothing to fetch or check out. */
  async open(): Promise<void> {}

  // Reads and stats are synchronous, as in atomic-write.ts: a tick waits for each of them anyway.
  async load(): Promise<LoadResult> {
    this.revisions.loading();
    let fd: number;
    try {
      fd = openSync(this.statePath, 'r');
    } catch (err) {
      if (errorCode(err) === 'ENOENT') {
        this.stamp = null;
        this.revisions.loaded(0);
        return { kind: 'missing' };
      }
      throw this.unreadable(`Cannot open state file ${this.statePath}: ${describeError(err)}`);
    }
    let bytes: Buffer;
    let stats: BigIntStats;
    try {
      // fstat and read through one descriptor, so the stamp and the bytes describe the same file.
      stats = fstatSync(fd, { bigint: true });
      bytes = readFileSync(fd);
    } catch (err) {
      throw this.unreadable(`Cannot read state file ${this.statePath}: ${describeError(err)}`);
    } finally {
      closeSync(fd);
    }

    const text = bytes.toString('utf8');
    const subject = `state file ${this.statePath}`;
    let state: State;
    let spans: ReturnType<typeof readNote> = null;
    try {
      const document = parseStateJson(text, subject);
      // Bytes this build wrote were serialized from a validated state: no second validation.
      // Only large states get a note, so a small one is neither hashed nor looked up.
      spans = isLargeDocument(document) ? readNote(this.digestPath, digestOf(bytes)) : null;
      if (spans) {
        state = document as State;
        adoptTexts(state, text, spans);
      } else {
        state = validateStateDocument(document, { subject });
      }
    } catch (err) {
      throw this.unreadable(err instanceof StateError ? err : `Invalid ${subject}: ${describeError(err)}`);
    }
    this.stamp = stampOf(stats);
    this.revisions.loaded(state.revision ?? 0);
    return spans ? { kind: 'loaded', state, verbatim: true } : { kind: 'loaded', state };
  }

  async write(state: State, _meta: WriteMeta): Promise<State> {
    const base = this.checkedRevision(state);
    const next: State = { ...state, revision: base + 1 };
    const { text, spans, indented } = serializeStateWithSpans(next);
    const bytes = Buffer.from(text);
    if (!this.stamp) await mkdir(path.dirname(this.statePath), { recursive: true });
    const stats = await writeFileAtomicStat(this.statePath, bytes);
    this.stamp = stampOf(stats);
    this.revisions.loaded(base + 1);
    // An indented state is a small one (state-json.ts), validated in less time than its note
    // would take to write; only large states get one.
    if (!indented) writeNote(this.digestPath, digestNote(digestOf(bytes), spans));
    // The engine treats states as immutable values, so the object just serialized can be handed
    // back as is; re-parsing a large plan on every write would double its cost.
    return next;
  }

  async release(): Promise<void> {
    const held = this.heldLock;
    this.heldLock = null;
    await held?.release();
  }

  /**
   * The revision `state` was derived from (the revision guard's check), after checking the file
   * is still the one we know: the revision alone misses an edit that did not bump it.
   */
  private checkedRevision(state: State): number {
    const current = statQuietly(this.statePath);
    if (this.revisions.basis.kind === 'unloaded') {
      // Never loaded: only creating a new file is safe without knowing its content.
      if (current) throw new ConflictError(`${this.description} exists but was not load()ed by this store; nothing was written.`);
      this.stamp = null;
      this.revisions.loaded(0);
    }
    const base = this.revisions.check(state);
    if (this.stamp) {
      if (!current) throw new ConflictError(`${this.description} was deleted since revision ${base} was read; nothing was written.`);
      if (!sameStamp(stampOf(current), this.stamp)) {
        throw new ConflictError(`${this.description} was changed by another writer since revision ${base} was read (inode, size or mtime differ); nothing was written.`);
      }
    } else if (current) {
      throw new ConflictError(`${this.description} was created by another writer after load() found it missing; nothing was written.`);
    }
    return base;
  }

  private unreadable(error: string | StateError): StateError {
    const stateError = typeof error === 'string' ? new StateError(error) : error;
    this.revisions.failed(stateError);
    return stateError;
  }

  private async removeLeftoverTempFiles(): Promise<void> {
    const dir = path.dirname(this.statePath);
    const name = path.basename(this.statePath);
    for (const entry of await readdir(dir)) {
      if (!isTempFileFor(entry, name)) continue;
      await unlink(path.join(dir, entry)).catch(() => undefined);
    }
  }
}

/** A document whose queue is long enough for write() to have noted it (it is written compact). */
function isLargeDocument(document: unknown): boolean {
  return isRecord(document) && Array.isArray(document.stepQueue) && document.stepQueue.length > PRETTY_MAX_STEPS;
}

function stampOf(stats: BigIntStats): Stamp {
  return { ino: stats.ino, size: stats.size, mtimeNs: stats.mtimeNs };
}

function sameStamp(a: Stamp, b: Stamp): boolean {
  return a.ino === b.ino && a.size === b.size && a.mtimeNs === b.mtimeNs;
}

function statQuietly(filePath: string): BigIntStats | null {
  try {
    return statSync(filePath, { bigint: true });
  } catch (err) {
    if (errorCode(err) === 'ENOENT') return null;
    throw err;
  }
}

function errorCode(err: unknown): string | undefined {
  return (err as NodeJS.ErrnoException | null)?.code;
}
