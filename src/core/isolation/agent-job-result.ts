// The agent job's result as the workflow hands it to apply, on its own so reading the inputs does
// not load the apply decisions.

/** `needs.agent.result` as the workflow passes it; empty when the workflow does not. */
export const AGENT_JOB_RESULTS = ['success', 'failure', 'cancelled', 'skipped', ''] as const;
export type AgentJobResult = (typeof AGENT_JOB_RESULTS)[number];
