// What runs is what a person approved (docs/security.md). Before commands are applied and before
// every attempt, the tick compares the plan inside the state with the approved hash: the state
// lives in a file anyone with the workspace can edit, or on a branch anyone with push access can
// rewrite, so a plan changed after `/approve` (or a plan marked IN_PROGRESS that nobody approved)
// must not run on the strength of an approval it never had. Pure: a decision, then its transition.
import { planHash } from '../plan/plan-hash.js';
import type { StepChange } from '../plan/replan.js';
import { diffFromDigests } from '../plan/step-digests.js';
import { currentStepId } from '../state/step-view.js';
import type { State } from '../state/types.js';
import { block, type Transition } from './apply.js';

export interface ApprovalCheckContext {
  /** The hash of the plan as it is in the state now; asked only when the answer matters. */
  hashNow: () => string;
  /**
   * The state is byte for byte what this build last wrote (the file store's note says so), and
   * this build writes no plan it has not checked: its plan matches its `planHash`.
   */
  trusted: boolean;
  /**
   * No attempt without an approval of exactly this plan (the Action). Locally an unapproved state
   * (the original step-sequencer's) runs as it always did.
   */
  requireApproval: boolean;
}

export type ApprovalCheck =
  | { kind: 'ok' }
  /** The plan changed after it was approved: back to AWAITING_APPROVAL, with what changed. */
  | { kind: 'pause'; approvedHash: string; planHash: string; changes: StepChange[] | null }
  /** The plan changed while it awaited approval (or was blocked without one): it is a new plan to propose. */
  | { kind: 'rehash'; before: string; planHash: string }
  /** Set to run without any approval where one is required. */
  | { kind: 'block'; stepId: string; reason: string };

/** The hash an approval of this state's plan must name: its steps, title and run order. */
export function statePlanHash(state: State): string {
  return planHash({ ...state.plan, stepQueue: state.stepQueue });
}

export function checkApproval(state: State, ctx: ApprovalCheckContext): ApprovalCheck {
  // Terminal states are left alone: nothing runs there, and /resume is checked when it lands.
  if (state.status === 'DONE' || state.status === 'CANCELLED') return { kind: 'ok' };
  const approval = state.approval;
  if (approval) {
    if (ctx.trusted && approval.planHash === state.planHash) return { kind: 'ok' };
    const now = ctx.hashNow();
    if (approval.planHash === now && state.planHash === now) return { kind: 'ok' };
    return { kind: 'pause', approvedHash: approval.planHash, planHash: now, changes: diffFromDigests(approval.stepDigests, state.plan) };
  }
  if (state.status !== 'IN_PROGRESS') {
    if (state.planHash === undefined || ctx.trusted) return { kind: 'ok' };
    const now = ctx.hashNow();
    return now === state.planHash ? { kind: 'ok' } : { kind: 'rehash', before: state.planHash, planHash: now };
  }
  if (!ctx.requireApproval) return { kind: 'ok' };
  const stepId = currentStepId(state);
  // Every step is done: completing the plan runs nothing.
  if (stepId === undefined) return { kind: 'ok' };
  return {
    kind: 'block',
    stepId,
    reason:
      `the plan is marked IN_PROGRESS but has no approval (plan ${state.planHash ?? 'without a hash'}), so nothing runs. ` +
      'Reply /resume to put it back to awaiting approval, have it proposed again (edit the issue), review it and /approve it; or /cancel it',
  };
}

export function applyApprovalCheck(state: State, check: Exclude<ApprovalCheck, { kind: 'ok' }>): Transition {
  switch (check.kind) {
    case 'pause':
      return {
        state: { ...state, status: 'AWAITING_APPROVAL', planHash: check.planHash, approval: null, notBefore: null },
        notices: [{ kind: 'plan-changed', approvedHash: check.approvedHash, planHash: check.planHash, changes: check.changes }],
      };
    case 'rehash':
      return { state: { ...state, planHash: check.planHash }, notices: [] };
    case 'block':
      return block(state, check.stepId, check.reason);
  }
}

/** What a pause tells people: the hashes, then one line per step that differs from the approved plan. */
export function planChangedLines(check: Extract<ApprovalCheck, { kind: 'pause' }>): string[] {
  const lines = [`The plan no longer matches its approval (approved ${check.approvedHash}, now ${check.planHash}): paused until it is approved again.`];
  if (!check.changes) return [...lines, 'The approval kept no per-step record of this plan, so the steps that changed cannot be named.'];
  const changed = check.changes.filter((c) => c.change !== 'unchanged');
  if (!changed.length) return [...lines, 'No step changed: the title, the run order, the plan-level tool policy or the prompt preamble did.'];
  return [...lines, ...changed.map((c) => `  ${c.change.padEnd(8)} ${c.stepId}`)];
}

/**
 * The approval the state holds could not be confirmed where it lives (approval-evidence.ts): it
 * is dropped and the plan blocks, so nothing runs and a writer sees why. `/resume` then puts it
 * back to awaiting approval (apply-command.ts), like a plan that never had one.
 */
export function revokeApproval(state: State, stepId: string, why: string): Transition {
  const reason =
    `the approval could not be confirmed on GitHub: ${why}. Nothing runs on it. ` +
    'Reply /resume to put the plan back to awaiting approval; edit or relabel the issue to have the proposal posted again, review it and /approve it; or /cancel it';
  return block({ ...state, approval: null }, stepId, reason);
}

/** A command's approval that GitHub does not confirm is refused, not applied. */
export function unconfirmedApprovalReply(why: string): string {
  return `This approval cannot be confirmed on GitHub, so it does not count: ${why}.`;
}
