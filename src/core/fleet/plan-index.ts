// The plan index: which plans a heartbeat must look at, read from ONE listing of the remote's
// refs. A plan left in a state only a person can change gets an idle marker ref pointing at the
// work branch tip that recorded that state. A plan waiting on a step delay gets a wait marker
// whose name carries the time the delay ends. A heartbeat ticks a plan only when its branch tip
// differs from its idle marker and from any wait marker still running: any write (a command, a
// dispatch) moves the tip and so reactivates it.
// Pure: parsing and selection only; src/adapters/git/git-plans.ts runs git.
import { ID_PATTERN } from '../plan/plan-limits.js';
import type { PlanStatus } from '../state/types.js';

/** Statuses a tick cannot change by itself: only a command (comment, dispatch, CLI) moves them. */
export const IDLE_STATUSES: readonly PlanStatus[] = ['DONE', 'CANCELLED', 'BLOCKED', 'AWAITING_APPROVAL'];
/** Statuses nothing leads out of except a new plan: candidates for pruning. */
export const FINISHED_STATUSES: readonly PlanStatus[] = ['DONE', 'CANCELLED'];

export const PLAN_BRANCH_PREFIX = 'sequencer/';
export const IDLE_REF_PREFIX = 'refs/sequencer/idle/';
export const ARCHIVE_REF_PREFIX = 'refs/sequencer/archive/';
export const WAIT_REF_PREFIX = 'refs/sequencer/wait/';

export function isIdleStatus(status: string): boolean {
  return (IDLE_STATUSES as readonly string[]).includes(status);
}

export function isFinishedStatus(status: string): boolean {
  return (FINISHED_STATUSES as readonly string[]).includes(status);
}

/** A plan id that is also safe as the last component of a ref name. */
export function isRefSafePlanId(planId: string): boolean {
  return ID_PATTERN.test(planId) && !planId.includes('..') && !planId.endsWith('.lock') && !planId.endsWith('.');
}

export function idleRef(planId: string): string {
  return `${IDLE_REF_PREFIX}${planId}`;
}

/** Where a pruned plan's last tip is kept: one ref per tip, so an id used again never collides. */
export function archiveRef(planId: string, sha: string): string {
  return `${ARCHIVE_REF_PREFIX}${planId}/${sha.slice(0, 12)}`;
}

/** `refs/sequencer/wait/<planId>/<epoch seconds>`: the plan at that commit waits until then. */
export function waitRef(planId: string, untilMs: number): string {
  return `${WAIT_REF_PREFIX}${planId}/${Math.ceil(untilMs / 1000)}`;
}

export interface WaitMarker {
  ref: string;
  sha: string;
  untilMs: number;
}

export interface PlanRef {
  planId: string;
  branch: string;
  /** Tip of the work branch on the remote. */
  sha: string;
  /** Where the plan's idle marker points, or null when it has none. */
  idleSha: string | null;
  /** The plan's wait markers (normally at most one; older ones are stale). */
  waits?: WaitMarker[];
}

/** Whether the plan, as of its current tip, waits on a step delay that has not ended yet. */
export function isWaitingRef(ref: PlanRef, now: Date): boolean {
  return (ref.waits ?? []).some((w) => w.sha === ref.sha && w.untilMs > now.getTime());
}

/**
 * Whether a heartbeat has to tick this plan: it is not idle at its tip, and not waiting at its
 * tip on a delay that is still running.
 */
export function isActiveRef(ref: PlanRef, now: Date): boolean {
  return ref.idleSha !== ref.sha && !isWaitingRef(ref, now);
}

/**
 * Plans from `git ls-remote <remote> refs/heads/<prefix>* refs/sequencer/idle/*` output, sorted
 * by id. Markers without a branch (a branch deleted by hand) are dropped.
 */
export function parsePlanRefs(lsRemote: string, prefix = PLAN_BRANCH_PREFIX): PlanRef[] {
  const tips = new Map<string, string>();
  const idle = new Map<string, string>();
  const waits = new Map<string, WaitMarker[]>();
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
    } else if (ref.startsWith(WAIT_REF_PREFIX)) {
      const m = /^([^/]+)\/(\d{1,12})$/.exec(ref.slice(WAIT_REF_PREFIX.length));
      if (!m || !isRefSafePlanId(m[1]!)) continue;
      waits.set(m[1]!, [...(waits.get(m[1]!) ?? []), { ref, sha, untilMs: Number(m[2]) * 1000 }]);
    }
  }
  return [...tips]
    .map(([planId, sha]) => ({ planId, branch: `${prefix}${planId}`, sha, idleSha: idle.get(planId) ?? null, waits: waits.get(planId) ?? [] }))
    .sort((a, b) => (a.planId < b.planId ? -1 : a.planId > b.planId ? 1 : 0));
}

/**
 * The `plans` output: a JSON array of plan ids, for
 * `strategy: { matrix: { plan-id: ${{ fromJSON(needs.list.outputs.plans) }} } }`.
 */
export function planMatrix(planIds: readonly string[]): string {
  return JSON.stringify([...planIds]);
}
