// Keeps the plan index current after ticks, for every caller of the tick (the Action's
// heartbeat, its per-plan runs, and the CLI's `check --store git`): a plan a tick found idle
// without writing (from before the index, or whose marker push was lost) gets its idle marker; a
// plan a tick left waiting on a step delay gets a wait marker, so heartbeats skip it until the
// delay ends. Markers only go on the commit the tick saw, and only while the remote's branch is
// still there.
import { describeError } from '../../core/errors.js';
import { isIdleStatus, isWaitingRef, PLAN_BRANCH_PREFIX } from '../../core/fleet/plan-index.js';
import type { GitRunner } from './git.js';
import { listPlanRefs, markPlanIdle, markPlanWaiting, trackingTip } from './git-plans.js';

/** What a tick left, as far as the index cares. */
export interface TickedPlan {
  branch: string;
  outcome: string;
  /** For `waiting`: the instant the step delay ends. */
  detail?: string;
  writes: number;
  status?: string;
}

/** `prefix`: the work branches' names before the plan id, as the heartbeat lists them. */
export async function recordPlanMarkers(git: GitRunner, remote: string, log: { info(m: string): void; warn(m: string): void }, ticked: TickedPlan[], prefix = PLAN_BRANCH_PREFIX): Promise<void> {
  const wanted = ticked.filter((t) => t.status && ((t.outcome === 'waiting' && t.detail) || (t.writes === 0 && isIdleStatus(t.status))));
  if (!wanted.length) return;
  try {
    const refs = await listPlanRefs(git, remote, prefix);
    const now = new Date();
    for (const t of wanted) {
      const ref = refs.find((x) => x.branch === t.branch);
      if (!ref || (await trackingTip(git, remote, t.branch)) !== ref.sha) continue;
      if (t.outcome === 'waiting') {
        const until = Date.parse(t.detail ?? '');
        if (until > now.getTime() && !isWaitingRef(ref, now) && (await markPlanWaiting(git, remote, ref, until))) log.info(`${ref.planId} waits until ${t.detail}: heartbeats skip it until then.`);
      } else if (ref.idleSha !== ref.sha && (await markPlanIdle(git, remote, ref))) {
        log.info(`${ref.planId} is ${t.status}: recorded as idle.`);
      }
    }
  } catch (err) {
    // The index only saves work; a heartbeat without it ticks the plan again.
    log.warn(`Could not update the plan index: ${describeError(err)}`);
  }
}

/** The index's view of one tick's result. */
export function tickedPlan(branch: string, result: { outcome: string; detail?: string; writes: number; state?: { status: string } }): TickedPlan {
  return { branch, outcome: result.outcome, writes: result.writes, ...(result.detail ? { detail: result.detail } : {}), ...(result.state ? { status: result.state.status } : {}) };
}
