// The soft brake's words (README, "Cooperative stop"): what the agent reads in
// $SEQUENCER_STOP_FILE, and what a tool hook or the forwarder answers, once a cancel is pending.
export const STOP_MESSAGE = 'The plan was cancelled: stop now, save your work and exit.';

/** How the agent of a cancelled attempt ended, for notices. */
export function stoppedText(stoppedBy: unknown): string {
  return stoppedBy === 'agent' ? 'the agent stopped by itself' : 'its agent was stopped with SIGTERM (SIGKILL after the grace period)';
}
