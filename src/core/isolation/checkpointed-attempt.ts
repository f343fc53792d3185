// The agent job of the isolated layout gets the state as `prepare` checkpointed it, not the
// decision that started the attempt. What the decision said is recomputed here from that state:
// the checkpoint only marks the step in flight and adds the attempt record, so the prompt and the
// step a remediation step repairs come out as `decide` made them (core/tick/decide.ts), given
// whether the attempt retries a failed one, which the descriptor carries. Pure.
import { currentStepId } from '../state/step-view.js';
import type { State } from '../state/types.js';
import { stepPrompt } from '../tick/prompts.js';
import { detourChain, remediationPrompt } from '../tick/remediation.js';

export interface CheckpointedAttempt {
  prompt: string;
  /** The step a remediation step repairs. */
  detourFor?: string;
}

/** The prompt of attempt `n` of `stepId` in a state where it is the attempt in flight; null when it is not the step that runs. */
export function checkpointedAttempt(state: State, stepId: string, n: number, retry: boolean): CheckpointedAttempt | null {
  const current = currentStepId(state);
  if (current === undefined) return null;
  const chain = detourChain(state, current);
  if (chain[chain.length - 1] !== stepId) return null;
  const detourFor = chain.length > 1 ? chain[chain.length - 2] : undefined;
  // The checkpoint leaves the step's last error as it was: the error of the attempt retried.
  const lastError = retry ? (state.stepRuns[stepId]?.error ?? 'unknown error') : null;
  if (detourFor) return { prompt: remediationPrompt(state, stepId, detourFor, n - 1, lastError), detourFor };
  return { prompt: stepPrompt(state, stepId, n - 1, lastError) };
}
