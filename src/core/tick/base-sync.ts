// Keeping the work branch up to date with the base branch (`sync-base: merge`): a plan runs on
// `sequencer/<plan-id>`, copied from the default branch when it was proposed, so fixes merged to
// the default branch later would never reach its steps. Before the first attempt of a tick the
// base branch is merged into the work branch when it merges cleanly; a conflict blocks the plan
// with a notice naming the files. Pure: these functions decide, src/adapters/git/base-sync.ts acts.
import type { Decision } from './decide.js';
import type { Transition } from './apply.js';
import { blockedStepId } from './attempt-policy.js';
import type { State } from '../state/types.js';
import type { SyncBaseMode } from './sync-base-modes.js';

/** What the git side did. */
export type BaseSyncResult =
  /** The work branch already contains the base branch: no commit, no push. */
  | { kind: 'up-to-date'; base: string }
  /** The base branch was merged; the merge commit is pushed on its own. */
  | { kind: 'merged'; base: string; commit: string }
  /** The merge did not apply cleanly and was aborted; the workspace is as it was. */
  | { kind: 'conflict'; base: string; baseCommit: string; files: string[] }
  /** Nothing was merged for a reason that is not the plan's (no such branch, remote unreachable, a push race). */
  | { kind: 'unavailable'; base: string; reason: string };

export type BaseSyncDecision = { kind: 'sync' } | { kind: 'skip'; why: string };

export interface BaseSyncContext {
  mode: SyncBaseMode;
  /** Whether this tick synced already (once per tick, before its first attempt). */
  synced: boolean;
}

/**
 * Whether to sync before acting on `next`. Only a tick about to start an attempt syncs: a plan
 * that is done, blocked, cancelled, awaiting approval, waiting or busy elsewhere is left alone,
 * so an idle heartbeat costs no fetch and makes no commit.
 */
export function decideBaseSync(state: State, next: Decision, ctx: BaseSyncContext): BaseSyncDecision {
  if (ctx.mode === 'off') return { kind: 'skip', why: 'sync-base is off' };
  if (ctx.synced) return { kind: 'skip', why: 'synced earlier in this tick' };
  if (state.status !== 'IN_PROGRESS') return { kind: 'skip', why: `plan is ${state.status}` };
  if (next.kind !== 'run') return { kind: 'skip', why: `no attempt starts (${next.kind})` };
  return { kind: 'sync' };
}

export type BaseSyncOutcome = { kind: 'proceed'; note: string; warn: boolean } | { kind: 'block'; stepId: string; reason: string };

/** Files named in a block reason (the state's blockers, a commit subject); the notice lists them all. */
const FILES_IN_REASON = 5;

/** What a sync result means for the attempt about to start. */
export function baseSyncOutcome(state: State, next: Extract<Decision, { kind: 'run' }>, result: BaseSyncResult): BaseSyncOutcome {
  switch (result.kind) {
    case 'up-to-date':
      return { kind: 'proceed', note: `The work branch is up to date with ${result.base}.`, warn: false };
    case 'merged':
      return { kind: 'proceed', note: `Merged ${result.base} into the work branch (${result.commit.slice(0, 12)}).`, warn: false };
    case 'unavailable':
      // Not the plan's fault and maybe passing: the step runs on the branch as it is.
      return { kind: 'proceed', note: `Not syncing with ${result.base}: ${result.reason}. The step runs on the work branch as it is.`, warn: true };
    case 'conflict': {
      return { kind: 'block', stepId: blockedStepId(state, next), reason: conflictReason(result) };
    }
  }
}

export function conflictReason(result: Extract<BaseSyncResult, { kind: 'conflict' }>): string {
  const shown = result.files.slice(0, FILES_IN_REASON).join(', ');
  const more = result.files.length > FILES_IN_REASON ? ` and ${result.files.length - FILES_IN_REASON} more` : '';
  return `the base branch ${result.base} does not merge cleanly into the work branch (conflicts in ${shown || 'unknown files'}${more})`;
}

/** The plan blocks before the step runs; the notice names every conflicting file. */
export function blockOnBaseConflict(state: State, stepId: string, result: Extract<BaseSyncResult, { kind: 'conflict' }>): Transition {
  const reason = conflictReason(result);
  const line = `${stepId}: ${reason}`;
  const blockers = state.blockers ?? [];
  return {
    state: { ...state, status: 'BLOCKED', blockers: blockers.includes(line) ? blockers : [...blockers, line] },
    notices: [{ kind: 'base-conflict', stepId, base: result.base, baseCommit: result.baseCommit, files: result.files }],
  };
}
