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
import { findJsonSyntaxError } from '../../core/plan/json-error-position.js';
import type { State } from '../../core/state/types.js';
import { parseState } from '../../core/state/validate-state.js';
import type { AcquireResult, LoadResult, StateStore, WriteMeta } from '../../ports.js';
import { isTempFileFor, writeFileAtomicStat } from './atomic-write.js';
import { acquireLock } from './file-lock.js';
import { PRETTY_MAX_STEPS, adoptTexts, serializeStateWithSpans } from '../../core/state/state-json.js';
import { digestNote, digestOf, digestPathFor, readNote, writeNote } from './state-digest.js';

export { writeFileAtomic } from './atomic-write.js';

export interface FileStoreOptions {
  statePath: string;
  /** Take `<statePath>.lock` in acquire(). Default true. */
  lock?: boolean;
  /** What this process is doing, shown to whoever finds the lock taken. */
  command?: string;
}

interface Stamp {
  ino: bigint;
  size: bigint;
  mtimeNs: bigint;
}

/** What the next write must be based on. */
type Basis =
  | { kind: 'unloaded' }
  /** load() threw: the file is never overwritten by this store. */
  | { kind: 'unreadable'; reason: string }
  | { kind: 'missing' }
  | { kind: 'present'; revision: number; stamp: Stamp };

export class FileStore implements StateStore {
  readonly description: string;
  readonly statePath: string;
  readonly lockPath: string;
  /** Names the bytes this build last wrote (state-digest.ts). */
  readonly digestPath: string;
  private readonly useLock: boolean;
  private readonly command: string | undefined;
  private heldLock: { release(): Promise<void> } | null = null;
  private basis: Basis = { kind: 'unloaded' };

  constructor(options: FileStoreOptions) {
    this.statePath = options.statePath;
    this.lockPath = `${options.statePath}.lock`;
    this.digestPath = digestPathFor(options.statePath);
    this.useLock = options.lock ?? true;
    this.command = options.command;
    this.description = `file ${options.statePath}`;
  }

  async acquire(): Promise<AcquireResult> {
    if (!this.useLock || this.heldLock) return { ok: true };
    await mkdir(path.dirname(this.statePath), { recursive: true });
    const result = await acquireLock(this.lockPath, this.command ? { command: this.command } : {});
    if (!result.ok) return { ok: false, holder: result.holder };
    this.heldLock = result;
    // Under the lock no other writer exists, so any temp file for our state is a crash leftover.
    await this.removeLeftoverTempFiles();
    return { ok: true };
  }

  // Reads and stats are synchronous, as in atomic-write.ts: a tick waits for each of them anyway.
  async load(): Promise<LoadResult> {
    this.basis = { kind: 'unreadable', reason: 'load() did not finish' };
    let fd: number;
    try {
      fd = openSync(this.statePath, 'r');
    } catch (err) {
      if (errorCode(err) === 'ENOENT') {
        this.basis = { kind: 'missing' };
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
    const document = this.parseJson(text);
    let state: State;
    let spans: ReturnType<typeof readNote> = null;
    try {
      // Bytes this build wrote were serialized from a validated state: no second validation.
      // Only large states get a note, so a small one is neither hashed nor looked up.
      spans = isLargeDocument(document) ? readNote(this.digestPath, digestOf(bytes)) : null;
      if (spans) {
        state = document as unknown as State;
        adoptTexts(state, text, spans);
      } else {
        state = parseState(document, { owned: true });
      }
    } catch (err) {
      if (err instanceof StateError) {
        // Name the file; keep the validator's issues and hint (e.g. "upgrade for a newer version").
        const wrapped = err.issues.length
          ? new StateError(`Invalid state file ${this.statePath}`, err.issues, err.hint)
          : new StateError(`Invalid state file ${this.statePath}: ${err.message}`, [], err.hint);
        throw this.unreadable(wrapped);
      }
      throw this.unreadable(`Invalid state file ${this.statePath}: ${describeError(err)}`);
    }
    this.basis = { kind: 'present', revision: state.revision ?? 0, stamp: stampOf(stats) };
    return spans ? { kind: 'loaded', state, verbatim: true } : { kind: 'loaded', state };
  }

  async write(state: State, _meta: WriteMeta): Promise<State> {
    const expected = await this.expectedRevision();
    const given = state.revision ?? 0;
    if (given !== expected) {
      throw new ConflictError(
        `Stale write to ${this.description}: state.revision is ${given} but the file is at revision ${expected}; nothing was written.`,
        'Another tick changed the plan; the next tick starts from the newer state.',
      );
    }
    const next: State = { ...state, revision: expected + 1 };
    const { text, spans, indented } = serializeStateWithSpans(next);
    const bytes = Buffer.from(text);
    if (this.basis.kind === 'missing') await mkdir(path.dirname(this.statePath), { recursive: true });
    const stats = await writeFileAtomicStat(this.statePath, bytes);
    this.basis = { kind: 'present', revision: expected + 1, stamp: stampOf(stats) };
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

  /** The revision a write must carry, after checking the file is still the one we know. */
  private async expectedRevision(): Promise<number> {
    const basis = this.basis;
    if (basis.kind === 'unreadable') {
      throw new StateError(`Refusing to write ${this.statePath}: it could not be loaded (${basis.reason}); the file was left untouched.`);
    }
    const current = statQuietly(this.statePath);
    if (basis.kind === 'present') {
      if (!current) {
        throw new ConflictError(`${this.description} was deleted since revision ${basis.revision} was read; nothing was written.`);
      }
      if (!sameStamp(stampOf(current), basis.stamp)) {
        throw new ConflictError(
          `${this.description} was changed by another writer since revision ${basis.revision} was read (inode, size or mtime differ); nothing was written.`,
        );
      }
      return basis.revision;
    }
    // Missing, or never loaded: only creating a new file is safe without knowing its content.
    if (current) {
      const why = basis.kind === 'missing' ? 'was created by another writer after load() found it missing' : 'exists but was not load()ed by this store';
      throw new ConflictError(`${this.description} ${why}; nothing was written.`);
    }
    return 0;
  }

  private parseJson(text: string): unknown {
    // A byte-order mark is not JSON, but editors add it; it carries no content.
    const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
    if (body.trim() === '') throw this.unreadable(`State file ${this.statePath} is empty; expected a JSON object.`);
    try {
      return JSON.parse(body);
    } catch (err) {
      throw this.unreadable(`State file ${this.statePath} is not valid JSON: ${jsonErrorWithLocation(err, body)}`);
    }
  }

  private unreadable(error: string | StateError): StateError {
    const stateError = typeof error === 'string' ? new StateError(error) : error;
    this.basis = { kind: 'unreadable', reason: stateError.message.split('\n', 1)[0] ?? stateError.message };
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

/** V8's message plus line and column, which V8 does not always give. */
function jsonErrorWithLocation(err: unknown, text: string): string {
  const message = describeError(err);
  const location = findJsonSyntaxError(text);
  if (!location || /\bline\b/.test(message)) return message;
  return `${message} (line ${location.line}, column ${location.column})`;
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
