// The plan proposal: everything that will run once a writer approves, and nothing else (see
// "What the proposal shows, and what an approval binds to" in docs/security.md). Every step
// that can run is shown (queued steps, then the remediation steps they route to), each with its
// instruction, its own agent command, every env entry and every validation rule in full, its
// limits; then the plan-level settings and, last, the plan hash the approval binds to. A
// proposal longer than one comment is split into numbered parts, never cut.
import { hashPrefix } from '../tick/commands.js';
import { gateOf } from '../tick/gates.js';
import { promptPreamble } from '../tick/prompts.js';
import { commitText } from '../plan/commit-selection.js';
import { remediationTargets, routeOf } from '../tick/remediation.js';
import { DEFAULT_GROUP_ATTEMPTS, DEFAULT_ROUTE_MAX, groupOf } from '../tick/flow.js';
import type { Limits } from '../state/step-view.js';
import { describeExecution, type StepExecution } from '../plan/execution-fields.js';
import type { StepChange } from '../plan/replan.js';
import type { State, StepDef } from '../state/types.js';
import { marker, MAX_COMMENT_CHARS, stepTable, type Links } from './render-markdown.js';
import { footer } from './comment-markers.js';
import { countOf } from './plural.js';
import { fence, inline } from './untrusted-text.js';
import { streamCommand } from '../agent-stream/stream-command.js';
import { commandLine } from '../guard/tool-policy.js';
import { parseAgentCommand } from '../trust/agent-command.js';
import { budgetText } from '../tick/budget.js';

/** How a tool policy reads, said once beside each one shown. */
const TOOLS_NOTE =
  'block wins over allow; an empty allow list allows every call; past maxCalls every call is denied, and an attempt that makes more than maxCalls calls fails (onExceed "deny": later calls are denied instead and the step may still finish); via "exec" tells the agent to run its commands through the forwarder';

/** How preflight checks read, said beside each set shown. */
const PREFLIGHT_NOTE = 'tools must be on PATH, env names must be set for the agent, commands run in the workspace without a shell and must exit 0; a failure blocks before the attempt, costing none';

export { MAX_COMMENT_CHARS };
/** Content per part, leaving room for the part's heading and the closing lines. */
const PART_CONTENT_CHARS = 58_000;
/**
 * Untrusted text is fenced in pieces of at most this many characters: a fence grows by twice the
 * longest backtick run inside it, and mentions grow by a third, so a piece always fits a part.
 */
const PIECE_CHARS = 18_000;
/** More parts than this is a plan nobody reviews on an issue; it is refused with a reason. */
export const MAX_PROPOSAL_PARTS = 20;
/** The step table is an overview; past this many steps the step sections say it all. */
const TABLE_MAX_STEPS = 50;
/** Instructions longer than this (or with more lines) are collapsed. */
const SHORT_INSTRUCTION_CHARS = 400;
const SHORT_INSTRUCTION_LINES = 6;

export interface ProposalSettings {
  /** The workflow's `agent-command`: what runs a step that sets no `agent` of its own. */
  agentCommand?: string;
  /** Attempts and attempt timeout of steps that set none (`max-attempts`, `attempt-timeout-minutes`). */
  limits: Limits;
}

export type RenderedProposal = { parts: string[] } | { tooLarge: { chars: number; parts: number } };

/** The steps that can run: the queue in order, then every remediation step reachable from it. */
export function runnableSteps(state: State): { queued: string[]; remediation: string[]; never: string[] } {
  const queued = [...state.stepQueue];
  const inQueue = new Set(queued);
  const remediation: string[] = [];
  for (const id of queued) {
    for (const target of remediationTargets(state.plan, id)) {
      if (!inQueue.has(target) && !remediation.includes(target)) remediation.push(target);
    }
  }
  const reachable = new Set([...queued, ...remediation]);
  const never = Object.keys(state.plan.steps).filter((id) => !reachable.has(id));
  return { queued, remediation, never };
}

export function renderProposal(state: State, settings: ProposalSettings, changes: StepChange[] = []): RenderedProposal {
  const id = state.planId ?? 'plan';
  const hash = state.planHash ?? '';
  const { queued, remediation, never } = runnableSteps(state);
  const title = inline(state.plan.title ?? id);
  const counts = `${countOf(queued.length, 'step')}${remediation.length ? `, ${countOf(remediation.length, 'remediation step')}` : ''}`;

  const blocks: string[] = [
    ...changeBlocks(state, changes),
    settingsBlock(state, settings),
    ...preambleBlocks(state),
    ...(queued.length <= TABLE_MAX_STEPS ? [stepTable(state)] : []),
    `#### Steps, in the order they run`,
  ];
  queued.forEach((stepId, i) => blocks.push(...stepBlocks(state, stepId, `${i + 1}/${queued.length}`, settings)));
  if (remediation.length) {
    blocks.push('#### Remediation steps\n\nThey run only when a step whose validation failed or whose output overflowed routes to them (`onValidationFail`, `onOverflow`); then that step is retried.');
    for (const stepId of remediation) blocks.push(...stepBlocks(state, stepId, 'remediation', settings));
  }
  if (never.length)
    blocks.push(
      ...listBlocks(
        `Defined in the plan but never run (not queued, no step routes to them): `,
        never.map((s) => `\`${s}\``),
      ),
    );

  const packed = pack(blocks);
  const chars = blocks.reduce((n, b) => n + b.length + 2, 0);
  if (packed.length > MAX_PROPOSAL_PARTS) return { tooLarge: { chars, parts: packed.length } };
  const n = packed.length;
  const parts = packed.map((content, k) => {
    const head = [
      marker(id, 'proposal', k === 0 ? hash : `${hash}:part-${k + 1}`),
      `### Proposed plan: ${title} (${counts})${n > 1 ? `, part ${k + 1} of ${n}` : ''}`,
      '',
      ...(n > 1 ? [`This proposal is too long for one comment; it is split into ${n} comments. The plan hash and how to approve it are at the end of the last one.`, ''] : []),
    ];
    const tail =
      k === n - 1
        ? [
            '',
            `Plan hash: \`${hash}\``,
            '',
            `Reply **\`/approve ${hashPrefix(hash)}\`** to run exactly this plan, or **\`/approve ${hashPrefix(hash)} delay=2\`** to wait 2 minutes between steps (recommended for rate-limited APIs). A bare \`/approve\` is enough unless this issue had an earlier proposal that you may have seen instead of this one.`,
            'Only people with write access (or listed approvers) can approve, and only after this proposal was posted. Edit the plan and the proposal is posted again; this one then says it was superseded.',
          ]
        : ['', `*Continued in the next comment (part ${k + 2} of ${n}).*`];
    return [...head, content.join('\n\n'), ...tail].join('\n');
  });
  return { parts };
}

function changeBlocks(state: State, changes: StepChange[]): string[] {
  const changed = changes.filter((c) => c.change !== 'unchanged');
  if (!changed.length) return [];
  const kept = Object.entries(state.stepRuns)
    .filter(([, r]) => r.status === 'DONE' || r.status === 'SKIPPED')
    .map(([sid]) => `\`${sid}\``);
  return [
    ...linesToBlocks(['The plan changed since it was approved, so it is paused until it is approved again:', ...changed.map((c) => `- \`${c.stepId}\` ${c.change}`)]),
    ...(kept.length ? listBlocks('Finished steps kept (same id and instruction): ', kept, '.') : ['No finished step is kept.']),
  ];
}

function settingsBlock(state: State, settings: ProposalSettings): string {
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

/**
 * The command as it runs when the sequencer adds flags that ask the agent for its stream (Claude
 * Code, Codex, Gemini CLI with no output format chosen), or `--` before the prompt (a command that
 * ends inside an option that would take the prompt as its value): what runs is what is shown.
 */
function runsAs(command: string): string {
  let words: string[];
  try {
    words = parseAgentCommand(command, 'agent');
  } catch {
    return '';
  }
  const stream = streamCommand(words);
  if (!stream?.added.length && !stream?.closes) return '';
  // Words as they were written where they can be (`$SEQUENCER_CLAUDE_SETTINGS` stays a reference), quoted otherwise.
  const line = stream.argv.map((w) => (/^[^\s'"\\`]+$/.test(w) ? w : commandLine([w]))).join(' ');
  const flags = stream.added.length ? `adds \`${stream.added.join(' ')}\` to read the agent's progress, tokens and cost as it works` : '';
  // The option is a word of the command as written: shown as inert text, not in a code span.
  const separator = stream.closes ? `puts \`--\` before the prompt, which the command's last option (${inline(stream.closes, 100)}) would otherwise take as its value` : '';
  return `\n\nThe sequencer ${[flags, separator].filter(Boolean).join(', and ')}, so it runs as:\n\n${fullFence(line)}`;
}

/** One step: a heading with its limits, then each execution field and the instruction, in full. */
function stepBlocks(state: State, stepId: string, position: string, settings: ProposalSettings): string[] {
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

/**
 * A label and the text fenced in full: in pieces when it is long (each labelled), collapsed in
 * `<details>` when asked. The fence is longer than any backtick run inside, so nothing escapes it.
 */
/** What the agent is told before every step prompt: the approver sees it like an instruction. */
function preambleBlocks(state: State): string[] {
  const text = promptPreamble(state);
  if (text === null) return ['Prompt preamble: none (each step prompt is sent as written).'];
  const own = typeof state.plan.promptPreamble === 'string';
  const label = own
    ? "**Prompt preamble** (the plan's own `promptPreamble`, put before every step prompt):"
    : 'Prompt preamble: the default guidance, put before every step prompt (`promptPreamble` in the plan replaces it; `false` leaves it out)';
  return labelledFence(label, text, 'text', !own || text.length > SHORT_INSTRUCTION_CHARS);
}

function labelledFence(label: string, text: string, info: string, collapsed = false): string[] {
  const pieces = splitText(text, PIECE_CHARS);
  return pieces.map((piece, i) => {
    const name = pieces.length > 1 ? `${label} (piece ${i + 1} of ${pieces.length})` : label;
    const body = fullFence(piece, info);
    return collapsed ? `<details><summary>${name}</summary>\n\n${body}\n\n</details>` : `${name}\n\n${body}`;
  });
}

function fullFence(text: string, info = 'text'): string {
  return fence(text, Math.max(1, text.length), info);
}

/** Splits at line ends where it can, never inside a surrogate pair. */
export function splitText(text: string, max: number): string[] {
  const out: string[] = [];
  let rest = text.replace(/\r\n?/g, '\n');
  while (rest.length > max) {
    let cut = rest.lastIndexOf('\n', max);
    if (cut < max / 2) cut = max;
    else cut += 1;
    const code = rest.charCodeAt(cut - 1);
    if (code >= 0xd800 && code <= 0xdbff) cut -= 1;
    out.push(rest.slice(0, cut));
    rest = rest.slice(cut);
  }
  out.push(rest);
  return out;
}

/** Lines grouped into blocks that each fit a part. */
function linesToBlocks(lines: string[]): string[] {
  const blocks: string[] = [];
  let current: string[] = [];
  let size = 0;
  for (const line of lines) {
    if (size + line.length + 1 > PIECE_CHARS && current.length) {
      blocks.push(current.join('\n'));
      current = [];
      size = 0;
    }
    current.push(line);
    size += line.length + 1;
  }
  if (current.length) blocks.push(current.join('\n'));
  return blocks;
}

/** `label a, b, c.` over as many blocks as it takes. */
function listBlocks(label: string, items: string[], end = ''): string[] {
  const lines = linesToBlocks(items.map((item, i) => `${item}${i < items.length - 1 ? ',' : end}`));
  return lines.map((l, i) => `${i === 0 ? label : '(continued) '}${l.replace(/\n/g, ' ')}`);
}

/** Blocks into parts of at most PART_CONTENT_CHARS, in order. */
function pack(blocks: string[]): string[][] {
  const parts: string[][] = [];
  let current: string[] = [];
  let size = 0;
  for (const block of blocks) {
    if (current.length && size + block.length + 2 > PART_CONTENT_CHARS) {
      parts.push(current);
      current = [];
      size = 0;
    }
    current.push(block);
    size += block.length + 2;
  }
  if (current.length) parts.push(current);
  return parts;
}

export const TOO_LARGE_HEADING = 'Plan too large to propose';
export const TOO_LARGE_HINT = 'Split it into smaller plans, or start it from the workflow: dispatch `command: start` with the `plan` input (a dispatch by someone with write access approves it).';

/** Why a plan was not proposed: its proposal would not fit in the comments GitHub takes. */
export function tooLargeText({ parts, chars }: { parts: number; chars: number }): string {
  return `Its proposal would take ${countOf(parts, 'comment')} (${countOf(chars, 'character')}); at most ${MAX_PROPOSAL_PARTS} are posted, so nothing can be approved.`;
}

/** Why a plan was not proposed: who wrote it, what it sets, and what a maintainer can do. */
export function refusedPlanComment(state: State, author: string, found: StepExecution[], links: Links = {}): string {
  const id = state.planId ?? 'plan';
  const listed = describeExecution(found);
  return [
    marker(id, 'refused', state.planHash),
    `### ⛔ Plan not proposed: ${inline(state.plan.title ?? id)}`,
    '',
    `This plan comes from \`${author.replace(/[^A-Za-z0-9-]/g, '')}\`, who does not have write access to this repository, and it sets what runs: ${listed.length > 3000 ? `${listed.slice(0, 3000)}…` : listed}.`,
    '',
    'A plan from someone without write access may only describe the work (titles, instructions, required outputs, file and payload checks); the agent command, environment and check commands come from the workflow and from people with write access. **Nothing from this plan can be approved or run.**',
    '',
    'To run it, a maintainer can post the plan in an issue of their own, or set `allow-untrusted-plan-commands: true` in the workflow, after which such plans are proposed with every command shown.',
    ...footer(links),
  ].join('\n');
}

/** A request (no plan block) from someone who cannot have the agent draft a plan: how to go on. */
export function draftHintComment(planId: string, links: Links = {}): string {
  return [
    marker(planId, 'request'),
    '### No plan yet',
    '',
    'This issue has no plan block, so it is a request. Drafting a plan from it runs the agent, which only someone with write access can start: **a maintainer can reply `/draft`** to have a plan drafted and proposed here.',
    '',
    'Or add the plan yourself as a fenced ```json or ```yaml block with `"steps"`.',
    ...footer(links),
  ].join('\n');
}

/** A proposal comment's marker, read back: its plan hash and part (1 for the first). */
export function proposalMarker(planId: string, leading: string): { planHash: string; part: number } | null {
  const found = /^<!-- agent-step-sequencer:proposal:([^:\s]+):(sha256:[0-9a-f]{64})(?::part-([1-9]\d{0,2}))? -->$/.exec(leading);
  if (!found || found[1] !== planId) return null;
  return { planHash: found[2]!, part: found[3] ? Number(found[3]) : 1 };
}

/**
 * What an earlier proposal comment says once nothing can be approved from it: superseded by the
 * proposal of another plan (linked), or withdrawn. Short, without the plan and without any
 * approve command, under the same marker, so a later run still finds it (and shows the plan
 * again if the issue goes back to it).
 */
export function retiredProposalComment(planId: string, old: { planHash: string; part: number }, by: { planHash: string; url: string } | { withdrawn: string }, links: Links = {}): string {
  const part = old.part > 1 ? ` (part ${old.part})` : '';
  const plan = `plan \`${old.planHash}\``;
  const text =
    'withdrawn' in by
      ? [`### Withdrawn proposal${part}`, '', `This proposal of ${plan} was withdrawn: ${by.withdrawn}. It can no longer be approved.`]
      : [
          `### Superseded proposal${part}`,
          '',
          `This proposal of ${plan} was replaced by ${linked(`the proposal of plan \`${by.planHash}\``, by.url)} when the plan in the issue changed. It can no longer be approved: review the newer proposal and approve that one.`,
        ];
  return [marker(planId, 'proposal', old.part > 1 ? `${old.planHash}:part-${old.part}` : old.planHash), ...text, ...footer(links)].join('\n');
}

/** A Markdown link to a comment GitHub gave us the address of; the text alone if it looks like no such address. */
function linked(text: string, url: string): string {
  return /^https:\/\/[^\s()<>[\]]+$/.test(url) ? `[${text}](${url})` : text;
}
