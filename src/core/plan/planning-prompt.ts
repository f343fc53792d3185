// What the agent is asked when a request needs a plan, and the one-step plan for a request that
// does not. The agent writes the plan to a file we name (SEQUENCER_PLAN_FILE) rather than to its
// output, because agent CLIs decorate stdout with progress, banners and Markdown.
import { ConfigError, type Issue } from '../errors.js';
import type { Plan } from '../state/types.js';

export const PLAN_FILE_ENV = 'SEQUENCER_PLAN_FILE';
export const TITLE_MAX_CHARS = 60;

/** Marks where the person's words begin and end, so the agent can tell them from ours. */
const REQUEST_START = '<<<REQUEST';
const REQUEST_END = 'REQUEST>>>';

export function planningPrompt(request: string, schemaText: string): string {
  return [
    'You are drafting a step plan. Plan only: do not carry out any of the work yet, and do not ask questions; where something is unclear, choose a reasonable assumption and write it into the instruction of the step it affects.',
    '',
    `Write the plan as ONE JSON object matching the JSON Schema below, and write ONLY that JSON (no prose, no Markdown fences) to the file named in the environment variable ${PLAN_FILE_ENV}. If you cannot write files, print the JSON object and nothing else.`,
    '',
    'How to write the plan:',
    '- "steps" maps step ids ("step-1", "step-2", ...) to steps, in the order they must run.',
    '- Keep it concise: as few steps as the work needs, each a unit of work that can be retried on its own.',
    '- Each step has a short "title" and a self-contained "instruction": the agent that runs a step sees only that instruction, so name the files earlier steps produced instead of saying "the result above".',
    '- For every deliverable a step produces, list its path in "requiredOutputs", relative to the workspace (no leading "/", no ".."). A step is done only when its exit code is 0 and these files exist.',
    '- Leave out "agent" and "env" unless the request asks for them.',
    '',
    'The request:',
    REQUEST_START,
    request.trim(),
    REQUEST_END,
    '',
    'The JSON Schema of a plan:',
    schemaText.trim(),
  ].join('\n');
}

/** The one troubleshooting retry: the original prompt, preceded by what was wrong with the draft. */
export function planningRetryPrompt(request: string, schemaText: string, problems: readonly Issue[]): string {
  const listed = problems.length > 0 ? problems.map((p) => `- ${p.path}: ${p.message}`) : ['- (no details were reported)'];
  return [
    `Your previous plan draft was not accepted (${problems.length} problem${problems.length === 1 ? '' : 's'}):`,
    ...listed,
    '',
    `Please troubleshoot and write a corrected plan to the file named in ${PLAN_FILE_ENV}, following the instructions below.`,
    '',
    planningPrompt(request, schemaText),
  ].join('\n');
}

/** A plan whose only step is the request itself: for requests that need no plan. */
export function singleStepPlan(request: string): Plan {
  const instruction = request.trim();
  if (instruction === '') throw new ConfigError('request: "" is empty; expected the work to do, e.g. "Summarize README.md into notes/summary.md"');
  const title = shortTitle(instruction);
  return { title, steps: { 'step-1': { title, instruction } } };
}

/** The first line of `text`, cut at a word boundary to at most TITLE_MAX_CHARS characters. */
export function shortTitle(text: string): string {
  const line = (text.trim().split('\n', 1)[0] ?? '').replace(/\s+/g, ' ').trim();
  const chars = Array.from(line);
  if (chars.length <= TITLE_MAX_CHARS) return line;
  const cut = chars.slice(0, TITLE_MAX_CHARS - 3).join('');
  const space = cut.lastIndexOf(' ');
  // Text without spaces (Chinese, a long URL) is cut mid-word rather than left too long.
  return `${(space >= TITLE_MAX_CHARS / 2 ? cut.slice(0, space) : cut).trimEnd()}...`;
}
