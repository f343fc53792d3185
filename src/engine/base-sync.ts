// The work branch follows the base branch (`sync-base: merge`): once per tick, just before the
// checkpoint of its first attempt, so a tick that starts nothing costs no fetch and no commit.
import { baseSyncOutcome, blockOnBaseConflict, decideBaseSync } from '../core/tick/base-sync.js';
import type { Decision } from '../core/tick/decide.js';
import type { BaseSync, Log } from '../ports.js';
import type { Ledger } from './commit.js';

export class BaseSyncOnce {
  /** Whether this tick has synced the work branch with the base branch. */
  private synced = false;

  constructor(
    private readonly sync: BaseSync | undefined,
    private readonly log: Log,
  ) {}

  /**
   * Before the tick's first attempt (past its preflight and time budget checks), the base
   * branch's later changes are merged into the work branch. False when a conflict blocked the
   * plan instead (the loop then sees it blocked).
   */
  async beforeAttempt(ledger: Ledger, d: Extract<Decision, { kind: 'run' }>): Promise<boolean> {
    const sync = this.sync;
    const pre = decideBaseSync(ledger.state, d, { mode: sync ? 'merge' : 'off', synced: this.synced });
    if (pre.kind === 'skip' || !sync) return true;
    this.synced = true;
    const result = await sync.sync();
    const outcome = baseSyncOutcome(ledger.state, d, result);
    if (outcome.kind === 'proceed') {
      if (outcome.warn) this.log.warn(outcome.note);
      else this.log.info(outcome.note);
      return true;
    }
    if (result.kind !== 'conflict') return true;
    this.log.error(`${outcome.stepId} blocked: ${outcome.reason}`);
    await ledger.commit(blockOnBaseConflict(ledger.state, outcome.stepId, result), { kind: 'update', message: `${outcome.stepId} blocked: ${result.base} does not merge` });
    return false;
  }
}
