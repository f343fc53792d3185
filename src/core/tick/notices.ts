// What the engine tells people about. Notices are values produced by transitions and delivered
// by a Notifier only after the write that produced them is durable.
import type { StepChange } from '../plan/replan.js';
import type { RefusedPath } from '../isolation/change-confinement.js';

export type Notice =
  | { kind: 'blocked'; stepId: string; reason: string }
  | { kind: 'done' }
  | { kind: 'cancelled'; runningStep: string | null }
  | { kind: 'step-done'; stepId: string }
  | { kind: 'step-failed'; stepId: string; error: string; willRetry: boolean }
  | { kind: 'reopened'; stepId: string; missing: string[] }
  | { kind: 'interrupted'; stepId: string; attempt: number; reason: string }
  | { kind: 'timed-out'; stepId: string; minutes: number }
  /** The plan changed after it was approved: it awaits approval again. `changes` is null when unknown. */
  | { kind: 'plan-changed'; approvedHash: string; planHash: string; changes: StepChange[] | null }
  /** The plan paused before a gated step; a person reviews what ran and approves. */
  | { kind: 'gate'; stepId: string }
  /** The isolated layout: apply left some of the agent's changes out of the commit (the first few, and how many in all). */
  | { kind: 'changes-refused'; stepId: string; attempt: number; refused: RefusedPath[]; total: number }
  /** The base branch does not merge into the work branch (sync-base: merge): the plan is blocked before `stepId` runs. */
  | { kind: 'base-conflict'; stepId: string; base: string; baseCommit: string; files: string[] };

/** `step build ran over its 30 min`: said in the log and the status comment the moment it happens. */
export function timedOutText(stepId: string, minutes: number): string {
  const limit = minutes >= 1 ? `${Math.round(minutes * 10) / 10} min` : `${Math.round(minutes * 60)} s`;
  return `step ${stepId} ran over its ${limit}`;
}
