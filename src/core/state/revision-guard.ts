// What every store's next write must be based on: the revision it loaded or last wrote. A write
// that carries another revision was derived from a stale state and is refused before anything
// is written; so is any write after a load that failed (a state that cannot be read is never
// overwritten) or before any load at all. The stores add their own checks on top (the file's
// identity, the remote's fast-forward rule, the cache's lookups).
import { ConflictError, showValue, StateError } from '../errors.js';
import type { State } from './types.js';

export type Basis =
  | { kind: 'unloaded' }
  /** load() failed or did not finish: nothing is written until a load succeeds. */
  | { kind: 'unreadable'; reason: string }
  | { kind: 'loaded'; revision: number };

export interface RevisionGuardOptions {
  /** What is written, for messages: `file ./state.json`, `git origin sequencer/x`. */
  where: string;
  /** How a refused write left things, e.g. `nothing was written`. */
  untouched: string;
}

export class RevisionGuard {
  private current: Basis = { kind: 'unloaded' };

  constructor(private readonly opts: RevisionGuardOptions) {}

  get basis(): Basis {
    return this.current;
  }

  /** A load begins: until it ends well, writes are refused. */
  loading(): void {
    this.current = { kind: 'unreadable', reason: 'load() did not finish' };
  }

  /** The state at `revision` was loaded (0 for none yet) or written. */
  loaded(revision: number): void {
    this.current = { kind: 'loaded', revision };
  }

  /** The load failed: its first line says why later writes are refused. */
  failed(error: unknown): void {
    const message = error instanceof Error ? error.message : String(error);
    this.current = { kind: 'unreadable', reason: message.split('\n', 1)[0] ?? message };
  }

  /** Forgets what was loaded (the store went back to the remote's state). */
  reset(): void {
    this.current = { kind: 'unloaded' };
  }

  /** The revision `state` was derived from, which the write then raises by one; throws when it may not be written. */
  check(state: State): number {
    const basis = this.current;
    const { where, untouched } = this.opts;
    if (basis.kind === 'unreadable') {
      throw new StateError(`Refusing to write ${where}: the state could not be loaded (${basis.reason}); ${untouched}.`);
    }
    if (basis.kind === 'unloaded') throw new Error(`write() called before a successful load() of ${where}; ${untouched}.`);
    if ((state.revision ?? 0) !== basis.revision) {
      throw new ConflictError(
        `Stale write to ${where}: state.revision is ${showValue(state.revision)}, expected the loaded revision ${basis.revision}; ${untouched}.`,
        'Another tick changed the plan; the next tick starts from the newer state.',
      );
    }
    return basis.revision;
  }
}
