// One step of the proposal: a heading with its limits and routes, then each execution field (its
// command or agent command, tool policy, checks, environment, routes, validation rules) and its
// instruction, in full.
import { gateOf } from '../tick/gates.js';
import { commitText } from '../plan/commit-selection.js';
import { routeOf } from '../tick/remediation.js';
import { DEFAULT_ROUTE_MAX, groupOf } from '../tick/flow.js';
import type { State, StepDef } from '../state/types.js';
import { countOf } from './plural.js';
import { inline } from './untrusted-text.js';
import { budgetText } from '../tick/budget.js';
import { labelledFence, SHORT_INSTRUCTION_CHARS, SHORT_INSTRUCTION_LINES } from './proposal-blocks.js';
import { runsAs } from './proposal-runs-as.js';
import { PREFLIGHT_NOTE, TOOLS_NOTE, type ProposalSettings } from './proposal-settings-markdown.js';

/** One step: a heading with its limits, then each execution field and the instruction, in full. */
export function stepBlocks(state: State, stepId: string, position: string, settings: ProposalSettings): string[] {
  const def: StepDef = state.plan.steps[stepId] ?? { title: stepId, instruction: '' };
  const facts = [
    `attempts: ${def.maxAttempts ?? `${settings.limits.maxAttempts} (default)`}`,
    `time per attempt: ${def.attemptTimeoutMinutes !== undefined ? `${def.attemptTimeoutMinutes} min` : `${settings.limits.attemptTimeoutMinutes} min (default)`}`,
    `total time: ${def.timeoutMinutes !== undefined ? `${def.timeoutMinutes} min` : 'no limit'}`,
    `if validation fails: ${failRoute(def, stepId)}`,
  ];
  if (def.maxOutputBytes !== undefined || def.onOverflow !== undefined) {
    facts.push(`output: ${def.maxOutputBytes !== undefined ? `at most ${def.maxOutputBytes} bytes (maxOutputBytes)` : 'no limit'} · if it overflows: ${failRoute(def, stepId, 'onOverflow')}`);
  }
  if (def.outputTolerance) facts.push(`done with up to ${Math.round(def.outputTolerance * 1000) / 10} % of its required outputs missing (outputTolerance)`);
  if (def.retry === 'group') facts.push(`if it fails: its group \`${groupOf(state, stepId)?.id ?? '?'}\` runs again from its first step`);
  const budget = budgetText(def.budget);
  if (budget) facts.push(`budget: ${budget}`);
  if (def.expectPayload) facts.push('must write a payload');
  if (def.inheritPayload) facts.push('receives earlier steps’ payloads');
  const outputs = def.requiredOutputs ?? [];
  const gate = gateOf(def);
  const head = [
    `##### ${position} \`${stepId}\`: ${inline(def.title ?? stepId)}`,
    facts.join(' · '),
    ...(outputs.length ? [`Required outputs: ${outputs.map((o) => inline(o, 300)).join(', ')}`] : []),
    ...(gate ? [`✋ **Gate:** the plan pauses before this step until a writer replies \`/approve\` again${gate.reason ? ` (${inline(gate.reason, 300)})` : ''}.`] : []),
    ...(def.commit !== undefined ? [`Its commit holds: ${inline(commitText(def.commit) ?? '', 1000)} (its own \`commit\`).`] : []),
  ].join('\n\n');

  const blocks = [head];
  if (def.run !== undefined) blocks.push(...labelledFence('**Command** it runs instead of an agent (no prompt is added; run in the workspace, without a shell):', JSON.stringify(def.run), 'json'));
  if (def.agent !== undefined) {
    const own = labelledFence('**Agent command for this step** (instead of the default; the instruction is added as its last argument):', String(def.agent), 'text');
    // The added flags are covered by the plan hash (plan-hash.ts) as they are shown here.
    const added = runsAs(String(def.agent));
    if (added && own.length === 1) own[0] += added;
    else if (added) own.push(added.trim());
    blocks.push(...own);
  }
  if (def.tools !== undefined) blocks.push(...labelledFence(`**Tool policy for this step** (replaces the plan's fields it sets; ${TOOLS_NOTE}):`, JSON.stringify(def.tools, null, 2), 'json'));
  if (def.preflight !== undefined) blocks.push(...labelledFence(`**Checks before each attempt of this step**, after the plan's (${PREFLIGHT_NOTE}):`, JSON.stringify(def.preflight, null, 2), 'json'));
  if (def.env !== undefined) blocks.push(...labelledFence('**Environment** it adds to the agent and its check commands:', JSON.stringify(def.env, null, 2), 'json'));
  if (def.routes !== undefined)
    blocks.push(
      ...labelledFence(
        `**Routes** (after an attempt, the first whose \`when\` holds sends the plan to its \`goto\` step instead of the next one: back, and the steps from there run again; forward, and the steps between are skipped; each at most \`max\` times, ${DEFAULT_ROUTE_MAX} by default):`,
        rulesJson(def.routes),
        'json',
      ),
    );
  if (def.validate !== undefined)
    blocks.push(...labelledFence('**Validation rules**, all of which must pass (check commands run in the workspace, without a shell):', rulesJson(def.validate), 'json'));
  const instruction = String(def.instruction ?? '');
  // A step that runs a command may come without an instruction: its command is all there is.
  if (def.run !== undefined && def.instruction === undefined) return blocks;
  const lines = instruction.split('\n').length;
  const short = instruction.length <= SHORT_INSTRUCTION_CHARS && lines <= SHORT_INSTRUCTION_LINES;
  blocks.push(...labelledFence(short ? 'Instruction:' : `Instruction (${countOf(instruction.length, 'character')}, ${countOf(lines, 'line')})`, instruction, 'text', !short));
  return blocks;
}

/** Valid JSON with one rule per line: exact, and short enough to read through. */
function rulesJson(rules: unknown): string {
  if (!Array.isArray(rules) || rules.length === 0) return JSON.stringify(rules);
  return `[\n  ${rules.map((r) => JSON.stringify(r)).join(',\n  ')}\n]`;
}

function failRoute(def: StepDef, stepId: string, field: 'onValidationFail' | 'onOverflow' = 'onValidationFail'): string {
  const route = routeOf(def, field);
  if (route.kind === 'retry') return 'retry';
  if (route.kind === 'fail') return 'block the plan';
  return route.via === stepId ? 'retry' : `run \`${route.via}\`, then retry`;
}
