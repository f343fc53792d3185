// Why a plan in progress waits: the delay between steps, or the backoff before a failed step's
// next attempt. They are set the same way (state.notBefore) but mean different things to a
// person reading the log, so each is called by its name.
import { currentStepId, stepRun } from '../state/step-view.js';
import type { State } from '../state/types.js';

export type WaitReason = 'step delay' | 'retry backoff';

/** A failed current step waits on its retry backoff; otherwise the plan waits on the step delay. */
export function waitReason(state: State): WaitReason {
  const stepId = currentStepId(state);
  return stepId !== undefined && stepRun(state, stepId).status === 'FAILED' ? 'retry backoff' : 'step delay';
}

/** The log line for a tick that stops to wait until `until`. */
export function waitText(state: State, until: string): string {
  const stepId = currentStepId(state);
  return waitReason(state) === 'retry backoff' ? `Retry backoff: ${stepId} is tried again after ${until}.` : `Step delay: the next step starts after ${until}.`;
}
