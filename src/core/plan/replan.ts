// A plan proposed again (the issue was edited, the plan file changed): the state takes the new
// plan and waits for approval. Completed steps whose instruction and command are unchanged keep
// their record and are not run again. Every other step keeps its attempts too and starts a new
// round, as after /retry or /restart: attempt numbers go on (an attempt id, log or commit title is
// never reused), budgets and usage count what was spent, and a new block is a new blocker notice.
import { planHash } from './plan-hash.js';
import { recoverAttempt } from '../tick/apply.js';
import { runAgain } from '../tick/run-again.js';
import { withNewRound } from '../state/step-view.js';
import type { Plan, State, StepRun } from '../state/types.js';

/** Why an attempt still in flight when the plan was replaced ends: its result is never recorded. */
export const REPLACED_IN_FLIGHT = 'interrupted: the plan was changed while this attempt ran, so its result is not recorded';

export interface StepChange {
  stepId: string;
  change: 'added' | 'removed' | 'changed' | 'unchanged';
}

export function diffPlans(before: Plan, after: Plan, beforeQueue: string[], afterQueue: string[]): StepChange[] {
  const changes: StepChange[] = [];
  for (const id of afterQueue) {
    const old = before.steps[id];
    const now = after.steps[id];
    if (!old || !beforeQueue.includes(id)) changes.push({ stepId: id, change: 'added' });
    else changes.push({ stepId: id, change: JSON.stringify(old) === JSON.stringify(now) ? 'unchanged' : 'changed' });
  }
  for (const id of beforeQueue) if (!afterQueue.includes(id)) changes.push({ stepId: id, change: 'removed' });
  return changes;
}

export function replan(state: State, plan: Plan, stepQueue: string[], now: Date): { state: State; changes: StepChange[] } {
  const changes = diffPlans(state.plan, plan, state.stepQueue, stepQueue);
  // A step the new plan no longer defines loses its record: a state holds runs of its plan's
  // steps only. Every step it still defines (queued or a remediation step) keeps its attempts.
  let carried: State = { ...state, stepRuns: {} };
  const again: string[] = [];
  for (const [id, run] of Object.entries(state.stepRuns)) {
    if (!Object.hasOwn(plan.steps, id)) continue;
    Object.defineProperty(carried.stepRuns, id, { value: run, enumerable: true, writable: true, configurable: true });
    const kept =
      (run.status === 'DONE' || run.status === 'SKIPPED') &&
      state.plan.steps[id]?.instruction === plan.steps[id]?.instruction &&
      JSON.stringify(state.plan.steps[id]?.run) === JSON.stringify(plan.steps[id]?.run);
    if (kept) continue;
    // An attempt still in flight ends here, as a dead runner's would: the runner, if alive, can no
    // longer record its result over the new plan (its next write is refused as stale).
    if (run.status === 'IN_PROGRESS') carried = recoverAttempt(carried, id, REPLACED_IN_FLIGHT, now).state;
    const current = carried.stepRuns[id] as StepRun;
    Object.defineProperty(carried.stepRuns, id, { value: withNewRound(current), enumerable: true, writable: true, configurable: true });
    again.push(id);
  }
  const { stepRuns, artifacts } = runAgain(carried, again);
  // The plan resumes at its first step that is not finished.
  let currentStep = 0;
  while (currentStep < stepQueue.length && isFinished(stepRuns[stepQueue[currentStep]!])) currentStep++;
  const next: State = {
    ...state,
    plan,
    stepQueue,
    planHash: planHash({ ...plan, stepQueue }),
    stepRuns,
    ...(state.artifacts !== undefined ? { artifacts } : {}),
    currentStep,
    status: 'AWAITING_APPROVAL',
    approval: null,
    cancelRequested: null,
    // A pause at a gate belongs to the old plan: approving the new one is a plan approval.
    gate: null,
    blockers: [],
    notBefore: null,
    proposal: { at: now.toISOString() },
  };
  return { state: next, changes };
}

function isFinished(run: StepRun | undefined): boolean {
  return run?.status === 'DONE' || run?.status === 'SKIPPED';
}
