// The notice posted when the plan pauses at a human gate (README, "Human gates"): what ran so far,
// the outputs to review, and the step that runs once a writer approves. Everything from the plan
// and the agent is inert text.
import { fittedNotice, outputList, runFooter, stepTable, type Links } from './render-markdown.js';
import { stepProgress } from './step-progress.js';
import type { State } from '../state/types.js';
import { fence, inline } from './untrusted-text.js';

export function gateNotice(state: State, stepId: string, links: Links = {}): string {
  const id = state.planId ?? 'plan';
  const def = state.plan.steps[stepId];
  // One notice per pause: a rerun of the same tick finds it instead of posting it again.
  const episode = `${stepId}-${(state.gate?.at ?? String(state.revision ?? 0)).replace(/[^0-9A-Za-z]/g, '')}`;
  const outputs = state.artifacts ?? [];
  const reason = state.gate?.stepId === stepId ? state.gate.reason : undefined;
  return fittedNotice(links, (l, shape) =>
    [
      `<!-- agent-step-sequencer:gate:${id}:${episode} -->`,
      `### ✋ Waiting for approval before \`${stepId}\`: ${inline(def?.title ?? stepId)}`,
      '',
      ...(reason ? [`**Why a person looks first:** ${inline(reason, 300)}`, ''] : []),
      `${stepProgress(state, 'present')}:`,
      '',
      stepTable(state, l, shape.tableOutputs),
      '',
      outputs.length ? `**Outputs to review** (${outputs.length})` : 'No outputs so far.',
      ...outputList(outputs, l, shape.listed),
      '',
      `**Next:** \`${stepId}\`, which will be told:`,
      fence(def?.instruction ?? '', 2000),
      '',
      'To continue, reply with one of:',
      `- \`/approve\`: run \`${stepId}\` (this approval is for plan \`${inline(state.gate?.planHash ?? state.planHash ?? '', 80)}\` only)`,
      `- \`/skip\`: mark \`${stepId}\` skipped and go on`,
      '- `/cancel`: stop the plan',
      ...(l.run ? ['', ...runFooter(l)] : []),
    ].join('\n'),
  );
}

/** The same for a terminal: the CLI prints it when `run` or `check` pauses. */
export function gateReport(state: State, stepId: string): string {
  const reason = state.gate?.stepId === stepId && state.gate.reason ? ` (${state.gate.reason})` : '';
  return `Paused before ${stepId} (${state.plan.steps[stepId]?.title ?? stepId}): it is gated${reason}. Review what ran, then run \`agent-step-sequencer approve\` to continue (or skip / cancel).`;
}
