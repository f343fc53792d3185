// Every state write passes through StateStore.write, so this is where known secrets are taken out
// of what the agent and check commands produced before it is committed to the work branch (or
// written to a file or cache entry): runs' stdout, errors, payloads, blockers, and the commit
// message. Runs that were loaded or already written by this store are clean and are not scanned
// again, so a write costs a pass over what the tick changed, not over the whole plan.
import { scrubState, type Scrubber } from '../core/trust/secrets.js';
import type { StepRun } from '../core/state/types.js';
import type { AcquireResult, LoadResult, StateStore, WriteMeta } from '../ports.js';
import type { State } from '../core/state/types.js';

export class ScrubbingStore implements StateStore {
  /** Runs known to hold no secret: those loaded and those this store wrote. */
  private readonly clean = new WeakSet<StepRun>();

  constructor(
    private readonly inner: StateStore,
    private readonly secrets: Scrubber,
  ) {}

  get description(): string {
    return this.inner.description;
  }

  lock(): Promise<AcquireResult> {
    return this.inner.lock();
  }

  open(): Promise<void> {
    return this.inner.open();
  }

  async load(): Promise<LoadResult> {
    const loaded = await this.inner.load();
    // What is on record was written through here (or before secrets were known): scrubbing it
    // again would not unpublish it, and a 10,000-step plan would pay for it on every write.
    if (loaded.kind === 'loaded') this.remember(loaded.state);
    return loaded;
  }

  async write(state: State, meta: WriteMeta): Promise<State> {
    if (!this.secrets.needles.length) return this.inner.write(state, meta);
    const scrub = this.secrets.scrub;
    const clean = scrubState(state, scrub, (run) => this.clean.has(run));
    const records = meta.records?.map((r) => ({ ...r, text: scrub(r.text) }));
    const written = await this.inner.write(clean, { ...meta, message: scrub(meta.message), ...(records ? { records } : {}) });
    this.remember(written);
    return written;
  }

  release(): Promise<void> {
    return this.inner.release();
  }

  private remember(state: State): void {
    for (const run of Object.values(state.stepRuns ?? {})) if (run && typeof run === 'object') this.clean.add(run);
  }
}
