// The agents this process is running now. Each leads its own process group, so a Ctrl-C at the
// terminal or the runner's cancel of a job reaches only us: whoever handles that signal stops
// them from here, whichever plan or tick started them (interrupt.ts).
import type { ProcessRole } from '../../ports.js';

export interface LiveAgent {
  /** The agent's pid, which is also its process group's id. */
  readonly pid: number;
  /** A step's agent, the command a step runs instead, or an agent drafting a plan: what the interrupt says it stops. */
  readonly role: ProcessRole;
  /** The attempt's own stop (stop file, grace, group signals) with every wait cut to `graceMs`;
   * settles once the group is gone. The attempt's result is then never returned: it stays in flight. */
  stop(graceMs: number): Promise<void>;
  /** SIGKILL to the group, now. */
  kill(): void;
}

const live = new Set<LiveAgent>();

/** Adds `agent`; the returned function removes it. */
export function trackAgent(agent: LiveAgent): () => void {
  live.add(agent);
  return () => live.delete(agent);
}

export function liveAgents(): LiveAgent[] {
  return [...live];
}
