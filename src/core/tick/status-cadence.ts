// When the status comment is edited during a tick. A long plan of quick steps would otherwise edit
// it after every step: hundreds of writes an hour, each counted against the job token's limits
// and each a notification-free but visible "edited" on the issue. Progress is throttled to one
// edit per interval; what a person must see at once (blocked, done, a gate, a cancel) and the
// end of the tick always write, and so does an attempt that ran over its time limit. Pure: the adapter keeps the clock and the time of the last edit.
import type { Notice } from './notices.js';

/** Default spacing of progress edits (SEQUENCER_STATUS_INTERVAL_SECONDS). */
export const DEFAULT_STATUS_INTERVAL_SECONDS = 30;

/** A notice, or the end of the tick (the run's last word on the plan). */
export type StatusTrigger = Notice['kind'] | 'end-of-tick';

/** Always written: the plan stopped, finished, waits for a person, or an attempt ran over its time. */
const ALWAYS: ReadonlySet<StatusTrigger> = new Set(['blocked', 'done', 'gate', 'cancelled', 'timed-out', 'end-of-tick']);
/** Progress: written at most once per interval. */
const PROGRESS: ReadonlySet<StatusTrigger> = new Set(['step-done', 'step-failed', 'interrupted']);

export interface StatusCadence {
  /** Milliseconds between progress edits; 0 edits after every step. */
  intervalMs: number;
  /** When this tick last wrote the status comment (epoch ms), or null before its first write. */
  lastWriteMs: number | null;
}

/** Whether `trigger` at `nowMs` edits the status comment. */
export function shouldWriteStatus(trigger: StatusTrigger, cadence: StatusCadence, nowMs: number): boolean {
  if (ALWAYS.has(trigger)) return true;
  if (!PROGRESS.has(trigger)) return false;
  // The first progress of a run is shown at once: the comment may still say what the last run left.
  if (cadence.intervalMs <= 0 || cadence.lastWriteMs === null) return true;
  return nowMs - cadence.lastWriteMs >= cadence.intervalMs;
}
