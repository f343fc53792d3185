// The proposal's settings for every step: attempts and time, delay, deadline, budget, what a
// finished step's commit holds, the tool policy, step groups, preflight checks, the default agent
// command, and the preamble put before every step prompt.
import { promptPreamble } from '../tick/prompts.js';
import { commitText } from '../plan/commit-selection.js';
import { DEFAULT_GROUP_ATTEMPTS } from '../tick/flow.js';
import type { Limits } from '../state/step-view.js';
import type { State } from '../state/types.js';
import { countOf } from './plural.js';
import { inline } from './untrusted-text.js';
import { budgetText } from '../tick/budget.js';
import { fullFence, labelledFence, SHORT_INSTRUCTION_CHARS } from './proposal-blocks.js';
import { runsAs } from './proposal-runs-as.js';

export interface ProposalSettings {
  /** The workflow's `agent-command`: what runs a step that sets no `agent` of its own. */
  agentCommand?: string;
  /** Attempts and attempt timeout of steps that set none (`max-attempts`, `attempt-timeout-minutes`). */
  limits: Limits;
}

/** How a tool policy reads, said once beside each one shown. */
export const TOOLS_NOTE =
  'block wins over allow; an empty allow list allows every call; past maxCalls every call is denied, and an attempt that makes more than maxCalls calls fails (onExceed "deny": later calls are denied instead and the step may still finish); via "exec" tells the agent to run its commands through the forwarder';

/** How preflight checks read, said beside each set shown. */
export const PREFLIGHT_NOTE =
  'tools must be on PATH, env names must be set for the agent, commands run in the workspace without a shell and must exit 0; a failure blocks before the attempt, costing none';

export function settingsBlock(state: State, settings: ProposalSettings): string {
  const agent = settings.agentCommand?.trim();
  return [
    '**Settings for every step** (a step may override them below):',
    '',
    `- Attempts per step: ${settings.limits.maxAttempts} · time per attempt: ${settings.limits.attemptTimeoutMinutes} min`,
    `- Delay between steps: ${state.stepDelayMinutes ?? 0} min (\`/approve delay=N\` sets another)`,
    ...(typeof state.plan.deadline === 'string' ? [`- Deadline: ${inline(state.plan.deadline, 60)}`] : []),
    `- ${planBudgetLine(state, settings)}`,
    `- A finished step's commit holds: ${inline(commitText(state.plan.commit) ?? commitText('all')!, 1000)}${state.plan.commit === undefined ? ' (`commit` in the plan narrows it)' : " (the plan's `commit`)"}`,
    ...(state.plan.tools !== undefined ? ['', `**Tool policy for every step** (${TOOLS_NOTE}):`, '', fullFence(JSON.stringify(state.plan.tools, null, 2), 'json')] : []),
    ...groupLines(state),
    ...(state.plan.preflight !== undefined ? ['', `**Checks before every attempt** (${PREFLIGHT_NOTE}):`, '', fullFence(JSON.stringify(state.plan.preflight, null, 2), 'json')] : []),
    '',
    agent
      ? `**Agent command** (the workflow input \`agent-command\`; the step's instruction is added as its last argument):\n\n${fullFence(agent)}${runsAs(agent)}`
      : '**Agent command**: none set in the workflow (`agent-command`), so a step without its own `agent` cannot run.',
  ].join('\n');
}

/** The plan's step groups, each with its steps and attempts. */
function groupLines(state: State): string[] {
  const groups = Object.entries(state.plan.groups ?? {});
  if (!groups.length) return [];
  return [
    '',
    '**Step groups** (a step with `retry: group` that fails runs its whole group again from its first step, while the group has attempts left; then the plan blocks):',
    '',
    ...groups.map(([id, g]) => `- \`${id}\`: ${g.steps.map((s) => `\`${s}\``).join(', ')} · ${countOf(g.maxAttempts ?? DEFAULT_GROUP_ATTEMPTS, 'attempt')}`),
  ];
}

/** The plan's budget and where it comes from, or that it has none. */
function planBudgetLine(state: State, settings: ProposalSettings): string {
  const own = budgetText(state.plan.budget);
  if (own) return `Budget of the plan: ${own}, over all its attempts and runs (the plan's own \`budget\`); a spent budget blocks the plan until a writer raises it (\`/approve budget=…\`)`;
  const workflow = budgetText(settings.limits.budget);
  if (workflow)
    return `Budget of the plan: ${workflow}, over all its attempts and runs (the workflow's \`budget-usd\`, \`budget-tokens\`); a spent budget blocks the plan until a writer raises it (\`/approve budget=…\`)`;
  return 'Budget of the plan: none (a plan may set `budget`; the workflow may set `budget-usd` and `budget-tokens`)';
}

/** What the agent is told before every step prompt: the approver sees it like an instruction. */
export function preambleBlocks(state: State): string[] {
  const text = promptPreamble(state);
  if (text === null) return ['Prompt preamble: none (each step prompt is sent as written).'];
  const own = typeof state.plan.promptPreamble === 'string';
  const label = own
    ? "**Prompt preamble** (the plan's own `promptPreamble`, put before every step prompt):"
    : 'Prompt preamble: the default guidance, put before every step prompt (`promptPreamble` in the plan replaces it; `false` leaves it out)';
  return labelledFence(label, text, 'text', !own || text.length > SHORT_INSTRUCTION_CHARS);
}
