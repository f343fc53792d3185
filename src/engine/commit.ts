// The one way a tick writes: a transition becomes durable (with the heartbeat, and with whatever
// the inbox asked to remember), then the notices it produced are delivered. Every part of the
// tick reads the state from here, so none acts on a state older than the last write.
import { describeError } from '../core/errors.js';
import type { Transition } from '../core/tick/apply.js';
import { timedOutText } from '../core/tick/notices.js';
import type { State } from '../core/state/types.js';
import type { WriteMeta } from '../ports.js';
import type { EngineDeps } from './types.js';

export class Ledger {
  private current: State;
  private written = 0;
  private started = 0;
  /** What the inbox asked to remember (an ETag, cursors), saved with the next write; a read alone never writes. */
  private memo: Record<string, unknown> | undefined;

  constructor(
    private readonly deps: Pick<EngineDeps, 'store' | 'notifier' | 'log' | 'clock'>,
    loaded: State,
  ) {
    this.current = loaded;
  }

  /** The state as last loaded or written. */
  get state(): State {
    return this.current;
  }

  /** Writes this tick made that changed the plan (not those that only kept the inbox's place). */
  get writes(): number {
    return this.written;
  }

  /** Attempts this tick started: each one's checkpoint is a write of its own. */
  get attempts(): number {
    return this.started;
  }

  /** What rides along with the next write, not yet written. */
  get remembered(): Readonly<Record<string, unknown>> | undefined {
    return this.memo;
  }

  remember(memo: Record<string, unknown>): void {
    this.memo = { ...this.memo, ...memo };
  }

  /** One durable write, then the notices it produced; `progress` false: it only records what the inbox read. */
  async commit({ state, notices }: Transition, meta: WriteMeta, progress = true): Promise<void> {
    const inbox = this.memo ? { inbox: { ...state.inbox, ...this.memo } } : {};
    this.current = await this.deps.store.write({ ...state, ...inbox, lastHeartbeatIso: this.deps.clock.now().toISOString() }, meta);
    this.memo = undefined;
    if (progress) this.written++;
    if (meta.kind === 'checkpoint') this.started++;
    for (const notice of notices) {
      if (notice.kind === 'timed-out') this.deps.log.warn(`Plan ${this.current.planId ?? 'plan'}: ${timedOutText(notice.stepId, notice.minutes)}.`);
      try {
        await this.deps.notifier.notify(notice, this.current);
      } catch (err) {
        this.deps.log.warn(`Could not deliver the ${notice.kind} notice: ${describeError(err)}`);
      }
    }
  }
}
