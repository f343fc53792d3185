// The soft brake's words (README, "Cooperative stop"): what the agent reads in
// $SEQUENCER_STOP_FILE, and what a tool hook or the forwarder answers, once a cancel is pending,
// the attempt's time or output limit is reached, or its token budget is spent.
export const STOP_MESSAGE = 'The plan was cancelled: stop now, save your work and exit.';
export const TIMEOUT_STOP_MESSAGE = "The attempt's time limit is reached: stop now, save your work and exit.";
export const OVERFLOW_STOP_MESSAGE = "The attempt's output passed its limit (maxOutputBytes): stop now, save your work and exit.";
/** Ctrl-C, or a cancelled job: the process that runs the agent is ending; the next tick picks the attempt up. */
export const INTERRUPT_STOP_MESSAGE = 'The sequencer was interrupted: stop now, save your work and exit.';

/** What the stop file says when the step's own token budget, not a person, stops the agent. */
export const STEP_BUDGET_STOP_MESSAGE = "The step's token budget is spent: stop now, save your work and exit.";
/** What the stop file says when the plan's token budget (its own, or the default) stops the agent. */
export const PLAN_BUDGET_STOP_MESSAGE = "The plan's token budget is spent: stop now, save your work and exit.";

/** The stop file's words for the token budget that stopped the agent: the step's or the plan's. */
export function budgetStopMessage(scope: 'plan' | 'step'): string {
  return scope === 'plan' ? PLAN_BUDGET_STOP_MESSAGE : STEP_BUDGET_STOP_MESSAGE;
}

const KNOWN_REASONS: readonly string[] = [STEP_BUDGET_STOP_MESSAGE, PLAN_BUDGET_STOP_MESSAGE, TIMEOUT_STOP_MESSAGE, OVERFLOW_STOP_MESSAGE, INTERRUPT_STOP_MESSAGE];

/** The stop file's words as a hook or the forwarder repeats them: ours only (the agent can write the file). */
export function stopReason(fileText: string | null): string {
  const said = fileText?.trim() ?? '';
  return KNOWN_REASONS.includes(said) ? said : STOP_MESSAGE;
}

/** How the agent of a cancelled attempt ended, for notices. */
export function stoppedText(stoppedBy: unknown): string {
  return stoppedBy === 'agent' ? 'the agent stopped by itself' : 'its agent was stopped with SIGTERM (SIGKILL after the grace period)';
}
