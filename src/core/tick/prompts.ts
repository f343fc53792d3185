// The text handed to the agent. The troubleshooting prompt is the original sequencer's, word for
// word, so agents tuned for it keep working.
import type { State } from '../state/types.js';

export function troubleshootingPrompt(stepId: string, tries: number, error: string, instruction: string): string {
  return `Step ${stepId} failed (tries: ${tries}). Previous run ended with: ${error}. Please troubleshoot and retry: ${instruction}`;
}

/**
 * Fills `{{steps.<id>.payload.<key>}}` placeholders from earlier steps' payloads. An unknown
 * placeholder is left as written so the agent sees what was missing instead of an empty string.
 */
export function renderInstruction(instruction: string, state: State): string {
  return instruction.replace(/\{\{\s*steps\.([A-Za-z0-9._-]+?)\.payload((?:\.[A-Za-z0-9_-]+)*)\s*\}\}/g, (whole, id: string, keys: string) => {
    let value: unknown = state.stepRuns[id]?.payload;
    for (const key of keys.split('.').filter(Boolean)) {
      if (value === null || typeof value !== 'object') return whole;
      value = (value as Record<string, unknown>)[key];
    }
    if (value === undefined) return whole;
    return typeof value === 'string' ? value : JSON.stringify(value);
  });
}

/** The prompt for attempt `n` of a step: the instruction, or the troubleshooting prompt on a retry. */
export function stepPrompt(state: State, stepId: string, triesSoFar: number, lastError: string | null | undefined): string {
  const def = state.plan.steps[stepId];
  const instruction = renderInstruction(def?.instruction ?? '', state);
  if (triesSoFar > 0 && lastError) return troubleshootingPrompt(stepId, triesSoFar, lastError, instruction);
  return instruction;
}
