// The text handed to the agent. The troubleshooting prompt is the original sequencer's, word for
// word, so agents tuned for it keep working.
import type { State } from '../state/types.js';

export function troubleshootingPrompt(stepId: string, tries: number, error: string, instruction: string): string {
  return `Step ${stepId} failed (tries: ${tries}). Previous run ended with: ${error}. Please troubleshoot and retry: ${instruction}`;
}

/**
 * The retry prompt after an overflow (the original orchestrator's default overflow workflow, in
 * one prompt): the same step, done in smaller pieces, printing little, writing only its outputs.
 */
export function overflowPrompt(stepId: string, tries: number, error: string, instruction: string, outputs: readonly string[]): string {
  const only = outputs.length ? `write only the required outputs (${outputs.join(', ')})` : 'write only what the step asks for';
  return `Step ${stepId} overflowed (tries: ${tries}): ${error}. Do the step again in smaller pieces: print little, keep large data in files instead of printing it, split the work, and ${only}. The step: ${instruction}`;
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

/**
 * The original step-sequencer's rule for a step ("autonomous recovery"), told to the agent:
 * an unattended run has nobody to answer a question, and a silent stop looks like success.
 */
export const AUTONOMY_PREAMBLE = [
  'You are carrying out one step of a longer plan, unattended: nobody can answer questions until the step ends, so do not stop to ask for confirmation.',
  'If something fails (an empty result, an API error, a source that is unavailable): retry once if the problem may be transient, then try an alternative and finish the step if at all possible.',
  'Only if you truly cannot finish: say briefly what failed and what you tried, then exit with a non-zero status, so the step is retried with a troubleshooting prompt or blocked for a person. Never stop silently.',
].join('\n');

/**
 * What goes before every prompt of this plan: the plan's own `promptPreamble`, nothing with
 * `false`, else the autonomy guidance, except for a state of the original step-sequencer (no
 * `version`), whose agent gets exactly the prompts that sequencer sent.
 */
export function promptPreamble(state: State): string | null {
  const own = state.plan.promptPreamble;
  if (own === false) return null;
  if (typeof own === 'string') return own.trim() === '' ? null : own;
  return state.version === undefined ? null : AUTONOMY_PREAMBLE;
}

export function withPreamble(state: State, prompt: string): string {
  const preamble = promptPreamble(state);
  return preamble ? `${preamble}\n\n${prompt}` : prompt;
}

/**
 * The prompt for attempt `n` of a step: the instruction, or the troubleshooting prompt on a retry;
 * then, for the attempt a /retry or /resume named it for, the note a maintainer gave with it.
 */
export function stepPrompt(state: State, stepId: string, triesSoFar: number, lastError: string | null | undefined): string {
  const def = state.plan.steps[stepId];
  const instruction = renderInstruction(def?.instruction ?? '', state);
  const note = state.stepRuns[stepId]?.maintainerNote;
  const said = note && note.forAttempt === triesSoFar + 1 ? `\n\n${maintainerNoteText(note)}` : '';
  const last = state.stepRuns[stepId]?.attempts?.at(-1);
  if (triesSoFar > 0 && lastError && last?.outcome === 'overflow') return withPreamble(state, `${overflowPrompt(stepId, triesSoFar, lastError, instruction, def?.requiredOutputs ?? [])}${said}`);
  if (triesSoFar > 0 && lastError) return withPreamble(state, `${troubleshootingPrompt(stepId, triesSoFar, lastError, instruction)}${said}`);
  return withPreamble(state, `${instruction}${said}`);
}

/** A maintainer's note in a prompt: said to be theirs, on lines of its own. */
export function maintainerNoteText(note: { by: string; text: string }): string {
  return `A maintainer (@${note.by}) says: ${note.text}`;
}

/**
 * A step run with `tools.via: exec`: the agent is told to run every command through the
 * forwarder, which applies the step's tool policy and logs the call. `forwarder` is the command
 * that starts it, as the agent would type it.
 */
export function withExecForwarder(prompt: string, forwarder: string): string {
  return [
    prompt,
    '',
    `Run every command through the sequencer's forwarder: ${forwarder} -- <program> <arguments...> (for example: ${forwarder} -- git status). It runs the program without a shell (no pipes, redirections or globbing; run a script file for those), checks it against this step's tool policy, and logs it. A refused command is not run: the forwarder exits with status 126 and says why on stderr.`,
  ].join('\n');
}
