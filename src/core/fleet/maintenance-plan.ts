// `maintenance`: what to clean up, decided from gathered facts alone. The adapters carry the
// actions out (or only print them in a dry run). Active plans are never chosen: only finished
// plans are pruned, and a cancellation is finished only when nothing is running for it.
import { attemptInFlight } from './audit.js';
import { daysBetween, lastChangeMs, type FleetFacts } from './plan-facts.js';
import { isFinishedStatus, isIdleStatus } from './plan-index.js';

export type PruneMode = 'archive' | 'delete';

export type MaintenanceAction =
  /** A cancel was requested and no attempt is alive: a tick ends the plan as CANCELLED. */
  | { kind: 'finalize-cancel'; planId: string; location: string }
  /** A DONE or CANCELLED plan older than the prune age: its record goes (archived or deleted), with its cache entries and index entry. */
  | { kind: 'prune'; planId: string; location: string; mode: PruneMode; status: string; ageDays: number; cacheIds: number[]; tip?: { sha: string; idleSha: string | null } }
  /** A finished plan old enough to prune, kept because a pull request from its branches is open. */
  | { kind: 'keep'; planId: string; location: string; pullRequests: number[] }
  /** An idle plan missing from the index: record it so heartbeats skip it. */
  | { kind: 'mark-idle'; planId: string; location: string; status: string; sha: string; idleSha: string | null };

export interface MaintenanceOptions {
  now: Date;
  /** Finished plans whose last change is more than this many days old are pruned. */
  pruneDays: number;
  mode: PruneMode;
}

export const DEFAULT_PRUNE_DAYS = 7;

export function maintenancePlan(facts: FleetFacts, opts: MaintenanceOptions): MaintenanceAction[] {
  const actions: MaintenanceAction[] = [];
  for (const plan of facts.plans) {
    if (plan.doc.kind !== 'ok') continue; // invalid or missing states are for a person (see audit)
    const state = plan.doc.state;
    const { planId, location } = plan;
    if (state.status === 'IN_PROGRESS') {
      const inFlight = attemptInFlight(state);
      const leaseMs = inFlight?.leaseExpiresAt ? Date.parse(inFlight.leaseExpiresAt) : NaN;
      const alive = inFlight !== undefined && !Number.isNaN(leaseMs) && leaseMs > opts.now.getTime();
      if (state.cancelRequested && !alive) actions.push({ kind: 'finalize-cancel', planId, location });
      continue;
    }
    const since = lastChangeMs(plan);
    const ageDays = since === null ? null : daysBetween(since, opts.now);
    if (isFinishedStatus(state.status) && ageDays !== null && ageDays >= opts.pruneDays) {
      // Deleting the branch would close the pull request a person has yet to review.
      if (plan.openPullRequests?.length) {
        actions.push({ kind: 'keep', planId, location, pullRequests: plan.openPullRequests });
        continue;
      }
      actions.push({
        kind: 'prune',
        planId,
        location,
        mode: opts.mode,
        status: state.status,
        ageDays,
        cacheIds: (plan.caches ?? []).map((c) => c.id),
        ...(plan.tip ? { tip: plan.tip } : {}),
      });
      continue;
    }
    if (plan.tip && isIdleStatus(state.status) && plan.tip.idleSha !== plan.tip.sha) {
      actions.push({ kind: 'mark-idle', planId, location, status: state.status, sha: plan.tip.sha, idleSha: plan.tip.idleSha });
    }
  }
  return actions;
}

/** What an action does, in the dry run's conditional (`would …`) or as done. */
export function describeAction(a: MaintenanceAction, done: boolean): string {
  const verb = (dry: string, past: string) => (done ? past : `would ${dry}`);
  switch (a.kind) {
    case 'finalize-cancel':
      return `${a.planId}: ${verb('finish the requested cancellation', 'finished the requested cancellation')} (${a.location})`;
    case 'prune': {
      const what = a.mode === 'archive' ? verb('archive', 'archived') : verb('delete', 'deleted');
      const caches = a.cacheIds.length ? ` and ${verb('delete', 'deleted')} ${a.cacheIds.length} cache entr${a.cacheIds.length === 1 ? 'y' : 'ies'}` : '';
      return `${a.planId}: ${what} ${a.location} (${a.status}, last change ${a.ageDays} days ago)${caches}`;
    }
    case 'keep':
      return `${a.planId}: ${verb('keep', 'kept')} ${a.location}: pull request ${a.pullRequests.map((n) => `#${n}`).join(', ')} ${a.pullRequests.length === 1 ? 'is' : 'are'} open`;
    case 'mark-idle':
      return `${a.planId}: ${verb('record', 'recorded')} as idle in the index (${a.status}), so heartbeats skip it`;
  }
}
