// The soft brake's words (README, "Cooperative stop"): what the agent reads in
// $SEQUENCER_STOP_FILE, and what a tool hook or the forwarder answers, once a cancel is pending
// or the attempt's time is up.
export const STOP_MESSAGE = 'The plan was cancelled: stop now, save your work and exit.';
export const TIMEOUT_STOP_MESSAGE = "The attempt's time limit is reached: stop now, save your work and exit.";
export const OVERFLOW_STOP_MESSAGE = "The attempt's output passed its limit (maxOutputBytes): stop now, save your work and exit.";

/** Why a stop file is there, from its text: a timeout's or an overflow's message, or else a cancel. */
export function stopReason(text: string): 'timeout' | 'overflow' | 'cancel' {
  if (text.startsWith(TIMEOUT_STOP_MESSAGE)) return 'timeout';
  return text.startsWith(OVERFLOW_STOP_MESSAGE) ? 'overflow' : 'cancel';
}

/** How the agent of a cancelled attempt ended, for notices. */
export function stoppedText(stoppedBy: unknown): string {
  return stoppedBy === 'agent' ? 'the agent stopped by itself' : 'its agent was stopped with SIGTERM (SIGKILL after the grace period)';
}
