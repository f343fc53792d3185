// What a finished plan gets: the final summary (every step and output, other changed files, tool
// calls, command logs, usage), the one new comment that pings whoever approved it, and the pull
// request's body.
import { changedFilesList } from './changed-files.js';
import { commandLogRecord } from '../guard/command-log.js';
import { keptCommandLogs, toolCallTotals } from './render.js';
import { stepsDone, stepsSkipped } from '../state/step-view.js';
import type { State } from '../state/types.js';
import { inline } from './untrusted-text.js';
import { countOf } from './plural.js';
import { skippedNames, stepProgress } from './step-progress.js';
import { planTotals, runnerTime, totalLine } from './usage-report.js';
import { fittedNotice, link, LISTED_OUTPUTS, marker, outputList, runFooter, type Links } from './comment-frame.js';
import { stepTable } from './step-table.js';
import { approverMention, recentCommandLines } from './mentions.js';
import { toolCallsText } from './blocker-markdown.js';

/** The final summary: every step, every output (linked), tool calls, the pull request line, then the footer. */
export function finalSummaryComment(state: State, links: Links = {}, pullRequest?: string, commands = false): string {
  const id = state.planId ?? 'plan';
  const outputs = state.artifacts ?? [];
  return fittedNotice(links, (l, shape) =>
    [
      marker(id, 'summary'),
      `### ✅ ${doneWords(state)}: ${inline(state.plan.title ?? id)} (${doneCount(state)})`,
      '',
      ...skippedLines(state),
      stepTable(state, l, shape.tableOutputs),
      '',
      ...usageLines(state),
      outputs.length ? `**Outputs** (${outputs.length})` : 'No outputs were declared.',
      ...outputList(outputs, l, shape.listed),
      ...changedLines(state, shape.listed),
      ...toolCallLines(state),
      ...commandLogLines(state, l),
      ...(commands && state.recentCommands?.length ? ['', ...recentCommandLines(state).slice(0, -1)] : []),
      ...(pullRequest ? ['', pullRequest] : []),
      ...(l.run ? ['', ...runFooter(l)] : []),
    ].join('\n'),
  );
}

/**
 * The pull request's body: it closes the plan's issue when merged, says where the plan is (the
 * issue that proposed and approved it, the work branch that keeps its record), then the final summary.
 */
export function pullRequestBody(state: State, issueNumber: number, summary: string, links: Links = {}): string {
  const id = state.planId ?? 'plan';
  const hash = state.planHash ? ` (plan \`${state.planHash.replace(/^sha256:/, '').slice(0, 12)}\`)` : '';
  const record =
    links.run?.branchUrl && links.run.branch ? `; its record (state and every attempt) stays on the work branch ${link(`\`${links.run.branch.replace(/`/g, '')}\``, links.run.branchUrl)}` : '';
  return [`Closes #${issueNumber}.`, '', `Plan \`${id.replace(/`/g, '')}\`${hash}, proposed and approved on #${issueNumber}${record}.`, '', summary].join('\n');
}

/**
 * The one new comment a finished plan gets: it pings whoever approved it and points to the status
 * comment, which now holds the final summary, and to the pull request.
 */
export function doneComment(state: State, statusUrl: string | undefined, pullRequest: string | undefined, links: Links = {}): string {
  const id = state.planId ?? 'plan';
  const who = approverMention(state);
  const where = statusUrl ? link('the status comment', statusUrl) : 'the status comment';
  return [
    marker(id, 'summary'),
    `### ✅ ${doneWords(state)}: ${inline(state.plan.title ?? id)}`,
    '',
    `${who ? `${who}: ` : ''}${stepProgress(state, 'past')}. Every step and output is in ${where}.`,
    ...(pullRequest ? ['', pullRequest] : []),
    ...(links.run ? ['', ...runFooter(links)] : []),
  ].join('\n');
}

/** `Done`, or `Done, 1 step skipped`: a plan that left a step out does not read as complete. */
function doneWords(state: State): string {
  const skipped = stepsSkipped(state);
  return skipped ? `Done, ${countOf(skipped, 'step')} skipped` : 'Done';
}

/** `3/3`, or `2/3 done` when a step was skipped (skipped steps are not done). */
function doneCount(state: State): string {
  const skipped = stepsSkipped(state);
  const total = state.stepQueue.length;
  return skipped ? `${stepsDone(state) - skipped}/${total} done` : `${stepsDone(state)}/${total}`;
}

/** Which steps were skipped, and that what they were to make was not made. */
function skippedLines(state: State): string[] {
  const skipped = stepsSkipped(state);
  if (!skipped) return [];
  const one = skipped === 1;
  const outputs = state.stepQueue.some((id) => state.stepRuns[id]?.status === 'SKIPPED' && state.plan.steps[id]?.requiredOutputs?.length);
  return [`**Skipped:** ${skippedNames(state)}: ${one ? 'it was' : 'they were'} not done${outputs ? `, and ${one ? 'its' : 'their'} outputs were not made` : ''}.`, ''];
}

/** Per step, a link to the command log of its last attempt that logged calls (kept on the work branch). */
function commandLogLines(state: State, links: Links): string[] {
  const logs = keptCommandLogs(state);
  if (!logs.length) return [];
  const shown = logs.slice(0, LISTED_OUTPUTS).map(({ stepId, n }) => {
    const rel = commandLogRecord(stepId, n);
    return `- \`${stepId}\`: ${links.record ? link(`attempt ${n}`, links.record(rel)) : `attempt ${n} (\`${rel}\` beside the state)`}`;
  });
  return ['', "**Command logs** (each step's last attempt that made tool calls)", ...shown, ...(logs.length > shown.length ? [`- … and ${countOf(logs.length - shown.length, 'more step')}`] : [])];
}

/** The final summary's other files the plan created or changed, unlinked, bounded like the outputs. */
function changedLines(state: State, max: number): string[] {
  const changed = changedFilesList(state, max);
  if (!changed) return [];
  return ['', `**Other files the plan created or changed** (${changed.total})`, ...changed.shown.map((f) => `- ${inline(f)}`), ...(changed.rest > 0 ? [`- … and ${changed.rest} more`] : [])];
}

/** The final summary's tool-call lines: per step whose attempts logged calls, over all its attempts. */
function toolCallLines(state: State): string[] {
  const rows: string[] = [];
  for (const [stepId, total] of toolCallTotals(state)) rows.push(`- \`${stepId}\`: ${toolCallsText(total)}`);
  if (!rows.length) return [];
  const shown = rows.slice(0, LISTED_OUTPUTS);
  return [
    '',
    '**Tool calls** (all attempts; the command logs are in the attempt logs)',
    ...shown,
    ...(rows.length > shown.length ? [`- … and ${countOf(rows.length - shown.length, 'more step')}`] : []),
  ];
}

/** The final summary's usage: the plan's total and the runner time its attempts took. */
function usageLines(state: State): string[] {
  const total = planTotals(state);
  const lines: string[] = [];
  const used = totalLine({ ...total, wallMs: 0 });
  if (used) lines.push(`**Usage:** ${used}.`);
  if (total.wallMs > 0) lines.push(`**Runner time:** ${runnerTime(total.wallMs)} in attempts (the agents and the steps' checks; each job's set-up, commits and notices come on top).`);
  return lines.length ? [...lines, ''] : [];
}
