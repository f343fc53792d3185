// The plan index: which plans a heartbeat must look at, read from ONE listing of the remote's
// refs. A plan left in a state only a person can change gets an idle marker ref pointing at the
// work branch tip that recorded that state. A heartbeat ticks a plan only when its branch tip
// differs from its marker: any write (a command, a dispatch) moves the tip and so reactivates it.
// Pure: parsing and selection only; src/adapters/git-plans.ts runs git.
import type { PlanStatus } from './types.js';

/** Statuses a tick cannot change by itself: only a command (comment, dispatch, CLI) moves them. */
export const IDLE_STATUSES: readonly PlanStatus[] = ['DONE', 'CANCELLED', 'BLOCKED', 'AWAITING_APPROVAL'];
/** Statuses nothing leads out of except a new plan: candidates for pruning. */
export const FINISHED_STATUSES: readonly PlanStatus[] = ['DONE', 'CANCELLED'];

export const PLAN_BRANCH_PREFIX = 'sequencer/';
export const IDLE_REF_PREFIX = 'refs/sequencer/idle/';
export const ARCHIVE_REF_PREFIX = 'refs/sequencer/archive/';

const PLAN_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;

export function isIdleStatus(status: string): boolean {
  return (IDLE_STATUSES as readonly string[]).includes(status);
}

export function isFinishedStatus(status: string): boolean {
  return (FINISHED_STATUSES as readonly string[]).includes(status);
}

/** A plan id that is also safe as the last component of a ref name. */
export function isRefSafePlanId(planId: string): boolean {
  return PLAN_ID.test(planId) && !planId.includes('..') && !planId.endsWith('.lock') && !planId.endsWith('.');
}

export function idleRef(planId: string): string {
  return `${IDLE_REF_PREFIX}${planId}`;
}

/** Where a pruned plan's last tip is kept: one ref per tip, so an id used again never collides. */
export function archiveRef(planId: string, sha: string): string {
  return `${ARCHIVE_REF_PREFIX}${planId}/${sha.slice(0, 12)}`;
}

export interface PlanRef {
  planId: string;
  branch: string;
  /** Tip of the work branch on the remote. */
  sha: string;
  /** Where the plan's idle marker points, or null when it has none. */
  idleSha: string | null;
}

/** Whether a heartbeat has to tick this plan: it has no marker, or its branch moved past it. */
export function isActiveRef(ref: PlanRef): boolean {
  return ref.idleSha !== ref.sha;
}

/**
 * Plans from `git ls-remote <remote> refs/heads/<prefix>* refs/sequencer/idle/*` output, sorted
 * by id. Markers without a branch (a branch deleted by hand) are dropped.
 */
export function parsePlanRefs(lsRemote: string, prefix = PLAN_BRANCH_PREFIX): PlanRef[] {
  const tips = new Map<string, string>();
  const idle = new Map<string, string>();
  const heads = `refs/heads/${prefix}`;
  for (const line of lsRemote.split('\n')) {
    const [sha, ref] = line.trim().split(/\s+/);
    if (!sha || !ref || !/^[0-9a-f]{40,64}$/.test(sha)) continue;
    if (ref.startsWith(heads)) {
      const planId = ref.slice(heads.length);
      if (isRefSafePlanId(planId)) tips.set(planId, sha);
    } else if (ref.startsWith(IDLE_REF_PREFIX)) {
      const planId = ref.slice(IDLE_REF_PREFIX.length);
      if (isRefSafePlanId(planId)) idle.set(planId, sha);
    }
  }
  return [...tips]
    .map(([planId, sha]) => ({ planId, branch: `${prefix}${planId}`, sha, idleSha: idle.get(planId) ?? null }))
    .sort((a, b) => (a.planId < b.planId ? -1 : a.planId > b.planId ? 1 : 0));
}

/**
 * The `plans` output: a JSON array of plan ids, for
 * `strategy: { matrix: { plan-id: ${{ fromJSON(needs.list.outputs.plans) }} } }`.
 */
export function planMatrix(planIds: readonly string[]): string {
  return JSON.stringify([...planIds]);
}
