// A plan proposed again (the issue was edited, the plan file changed): the state takes the new
// plan and waits for approval. Completed steps whose id and instruction are unchanged keep their
// record and are not run again; every other step starts fresh.
import { planHash } from './plan-hash.js';
import type { Plan, State, StepRun } from '../state/types.js';

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
  const stepRuns: Record<string, StepRun> = {};
  for (const id of stepQueue) {
    const run = state.stepRuns[id];
    const kept =
      run &&
      (run.status === 'DONE' || run.status === 'SKIPPED') &&
      state.plan.steps[id]?.instruction === plan.steps[id]?.instruction &&
      JSON.stringify(state.plan.steps[id]?.run) === JSON.stringify(plan.steps[id]?.run);
    if (kept) stepRuns[id] = run;
  }
  // The plan resumes at its first step that is not finished.
  let currentStep = 0;
  while (currentStep < stepQueue.length && stepRuns[stepQueue[currentStep]!]) currentStep++;
  const next: State = {
    ...state,
    plan,
    stepQueue,
    planHash: planHash({ ...plan, stepQueue }),
    stepRuns,
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
