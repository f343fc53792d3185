// The outputs that describe one plan's state (status, steps, branch), for the routes and phases
// that ticked it. Apart from outputs.ts so an idle heartbeat, which reports no plan, does not
// load the state's views.
import { currentStepId, stepsDone } from '../core/state/step-view.js';
import type { State } from '../core/state/types.js';
import { emptyOutputs, type PlanOutputs } from './outputs.js';

export function outputsFor(state: State, branch: string): PlanOutputs {
  const blocked = state.status === 'BLOCKED' ? (currentStepId(state) ?? '') : '';
  return {
    ...emptyOutputs(state.status),
    'plan-id': state.planId ?? '',
    'current-step': state.status === 'DONE' ? '' : (currentStepId(state) ?? ''),
    'steps-done': String(stepsDone(state)),
    'steps-total': String(state.stepQueue.length),
    'blocked-step': blocked,
    'state-branch': branch,
    'state-revision': String(state.revision ?? 0),
  };
}
