// Markdown for GitHub: the status comment (edited in place, found by its hidden marker), the
// blocker notice, the final summary and the job summary. The proposal is proposal-markdown.ts.
import { changedFilesList } from './changed-files.js';
import { commandLogRecord } from '../guard/command-log.js';
import { formatDuration, keptCommandLogs, resumeLines, sameAttempts, stepRows, toolCallTotals, type StepRow } from './render.js';
import { currentStepId, lastAttempt, stepRun, stepsDone } from '../state/step-view.js';
import { timedOutText } from '../tick/notices.js';
import { stoppedText } from '../tick/cooperative-stop.js';
import type { Attempt, State, StepRun } from '../state/types.js';
import { fence, inline } from './untrusted-text.js';
import { countOf } from './plural.js';
import { attemptsText } from './attempt-words.js';
import { stepProgress } from './step-progress.js';
import { costCell, hasUsage, runnerTime, stepTotals, tokensCell, totalLine, planTotals, usageLine } from './usage-report.js';
import { formatUsd, groupDigits } from '../agent-stream/render-event.js';
import { totalTokens } from '../agent-stream/types.js';
import { budgetAmount, budgetName } from '../tick/budget.js';

/** GitHub refuses comment and pull request bodies longer than this. */
export const MAX_COMMENT_CHARS = 65_536;
/** Outputs a final summary or gate notice lists by name; the rest are counted and on the work branch. */
export const LISTED_OUTPUTS = 100;
const LISTED_OUTPUTS_MAX = LISTED_OUTPUTS;

export type MarkerKind = 'status' | 'proposal' | 'blocked' | 'summary' | 'cancelled' | 'refused' | 'request' | 'confined';

/** The hidden marker that makes a comment findable (and so never posted twice). */
export function marker(planId: string, kind: MarkerKind, episode?: string): string {
  return `<!-- agent-step-sequencer:${kind}:${planId}${episode ? `:${episode}` : ''} -->`;
}

const STATUS_ICON: Record<string, string> = {
  PENDING: '⏳',
  IN_PROGRESS: '🔄',
  DONE: '✅',
  FAILED: '❌',
  SKIPPED: '⏭️',
  CANCELLED: '🛑',
};

export interface Links {
  /** URL of a file at a commit, e.g. `https://github.com/o/r/blob/<sha>/<path>`. */
  file?: (path: string) => string;
  /** Where the comment came from: the workflow run that wrote it, its logs, the work branch. */
  run?: RunLinks;
  /** URL of a file kept beside the state on the work branch (an attempt's command log), by its path relative to the state's folder. */
  record?: (path: string) => string;
}

export interface RunLinks {
  /** `<server>/<owner>/<repo>/actions/runs/<id>`. */
  runUrl: string;
  /** Where the run's attempt logs can be downloaded (the run page's artifacts section); absent when the run ran no attempt. */
  logsUrl?: string;
  /** `<server>/<owner>/<repo>/tree/<branch>`; absent when the plan has no work branch (yet). */
  branchUrl?: string;
  branch?: string;
}

/** One line naming the run that wrote a comment and, where they exist, its attempt logs and the work branch. */
export function runFooter(links: Links): string[] {
  const r = links.run;
  if (!r) return [];
  const parts = [link('workflow run', r.runUrl)];
  if (r.logsUrl) parts.push(link('attempt logs', r.logsUrl));
  if (r.branchUrl && r.branch) parts.push(`work branch ${link(`\`${r.branch.replace(/`/g, '')}\``, r.branchUrl)}`);
  return [`<sub>${parts.join(' · ')}</sub>`];
}

/** A link to one of our own URLs; characters that could end the destination early are encoded. */
function link(text: string, url: string): string {
  return `[${text}](${url.replace(/[()]/g, (c) => (c === '(' ? '%28' : '%29')).replace(/[\s<>\\]/g, encodeURIComponent)})`;
}

/** An output path: inert text, linked to the file at the commit that produced it when known. */
export function outputText(path: string, links: Links, linked: boolean): string {
  return links.file && linked ? link(inline(path), links.file(path)) : inline(path);
}

/** A table cell names this many outputs of its step; the rest are counted. */
export const CELL_OUTPUTS = 3;

function outputsCell(row: StepRow, links: Links): string {
  if (!row.outputs.length) return '';
  const shown = row.outputs.slice(0, CELL_OUTPUTS).map((o) => outputText(o, links, row.status === 'DONE'));
  const rest = row.outputs.length - shown.length;
  return [...shown, ...(rest > 0 ? [`+${rest} more`] : [])].join(', ');
}

/** Plans up to this many steps are shown whole; larger ones as a window around the current step. */
export const FULL_TABLE_STEPS = 30;
/** Steps shown before and after the current one when the table is a window. */
export const TABLE_WINDOW = 10;

/** The rows a step table shows: all of a small plan, a window around the current step of a large one. */
function tableWindow(state: State): { from: number; to: number } {
  const total = state.stepQueue.length;
  if (total <= FULL_TABLE_STEPS) return { from: 0, to: total };
  const current = Math.min(Math.max(0, state.currentStep), total);
  return { from: Math.max(0, current - TABLE_WINDOW), to: Math.min(total, current + TABLE_WINDOW) };
}

/**
 * The output paths a comment shows, so links are looked up for these only (a 1,000-step plan
 * must not cost a lookup of every output on each edit): the finished steps' outputs in the
 * table's window and, with `listed`, the outputs the summary or gate notice lists by name.
 */
export function shownOutputs(state: State, listed = false): string[] {
  const { from, to } = tableWindow(state);
  const paths = new Set<string>();
  for (const r of stepRows(state, from, to)) if (r.status === 'DONE') for (const o of r.outputs.slice(0, CELL_OUTPUTS)) paths.add(o);
  if (listed) for (const o of (state.artifacts ?? []).slice(0, LISTED_OUTPUTS)) paths.add(o);
  return [...paths];
}

export function stepTable(state: State, links: Links = {}, withOutputs = true): string {
  const { from, to } = tableWindow(state);
  const total = state.stepQueue.length;
  // Tokens and cost appear once some attempt recorded usage; a plan without any reads as before.
  const usage = hasUsage(state);
  const usageCells = (r: StepRow) => {
    if (!usage) return '';
    const t = stepTotals(state, r.id);
    return ` ${tokensCell(t)} | ${costCell(t)} |`;
  };
  const row = (r: StepRow) =>
    `| ${r.index}/${r.total} | \`${r.id}\` | ${inline(r.title)} | ${STATUS_ICON[r.status] ?? ''} ${r.status} | ${r.attempts} | ${formatDuration(r.durationMs)} |${usageCells(r)}${withOutputs ? ` ${outputsCell(r, links)} |` : ''}`;
  const head = `| # | step | title | status | attempts | duration |${usage ? ' tokens | cost |' : ''}`;
  const rule = `|---|---|---|---|---|---|${usage ? '---|---|' : ''}`;
  const header = withOutputs ? [`${head} outputs |`, `${rule}---|`] : [head, rule];
  const rows = stepRows(state, from, to).map(row);
  // A large plan: the last few finished steps and the next few, so the comment always fits.
  const after = total - to;
  return [
    ...(from ? [`${countOf(from, 'earlier step')} not shown (${summarize(stepRows(state, 0, from))}).`, ''] : []),
    ...header,
    ...rows,
    ...(after ? ['', `${countOf(after, 'later step')} not shown.`] : []),
  ].join('\n');
}

/** What a comment may use; the rest is kept for the pull request line a final summary may gain. */
export const COMMENT_BUDGET = MAX_COMMENT_CHARS - 1_000;

/** How a comment is rendered, from the fullest to the barest. */
export interface Shape {
  fileLinks: boolean;
  tableOutputs: boolean;
  /** Outputs listed by name (summary, gate notice). */
  listed: number;
  /** Characters of the status comment's collapsed list of finished steps. */
  finishedChars: number;
}

const SHAPES: Shape[] = [
  { fileLinks: true, tableOutputs: true, listed: LISTED_OUTPUTS_MAX, finishedChars: 24_000 },
  { fileLinks: false, tableOutputs: true, listed: LISTED_OUTPUTS_MAX, finishedChars: 24_000 },
  { fileLinks: false, tableOutputs: true, listed: 10, finishedChars: 8_000 },
  { fileLinks: false, tableOutputs: false, listed: 10, finishedChars: 2_000 },
  { fileLinks: false, tableOutputs: false, listed: 0, finishedChars: 0 },
];

/**
 * The first rendering, fullest first, that fits GitHub's limit. Plan paths and titles have no
 * length limit of their own, so a table of long output paths could otherwise be refused (422).
 */
export function fittedNotice(links: Links, render: (links: Links, shape: Shape) => string): string {
  let body = '';
  for (const shape of SHAPES) {
    const { file: _file, ...bare } = links;
    body = render(shape.fileLinks ? links : bare, shape);
    if (body.length <= COMMENT_BUDGET) return body;
  }
  return body;
}

/** Lines listing the first `max` outputs by name, then a count of the rest and where they are. */
export function outputList(outputs: string[], links: Links, max: number): string[] {
  const shown = outputs.slice(0, Math.min(max, LISTED_OUTPUTS));
  const rest = outputs.length - shown.length;
  const where = links.run?.branchUrl ? link('work branch', links.run.branchUrl) : 'see the work branch';
  return [...shown.map((o) => `- ${outputText(o, links, true)}`), ...(rest > 0 ? [`- … and ${countOf(rest, shown.length ? 'more output' : 'output')}: ${where}`] : [])];
}

function summarize(rows: StepRow[]): string {
  const by = new Map<string, number>();
  for (const r of rows) by.set(r.status, (by.get(r.status) ?? 0) + 1);
  return [...by].map(([status, n]) => `${n} ${status}`).join(', ');
}

/**
 * The plan's one status comment. Once the plan is DONE it takes its final form, the final summary
 * (every output, linked), so the thread does not repeat the same table in a new comment.
 */
export function statusComment(state: State, links: Links = {}, pullRequest?: string): string {
  if (state.status === 'DONE') return withStatusMarker(state, finalSummaryComment(state, links, pullRequest, true));
  return fittedNotice(links, (l, shape) => statusBody(state, l, shape.tableOutputs, shape.finishedChars));
}

/**
 * Every finished step with its outcome and outputs, collapsed (the original checkpoint pipeline's
 * resume view: a resumed run shows what was done, not only a count). As many of the latest as
 * fit in `maxChars`; the earlier ones are counted.
 */
function finishedBlock(state: State, maxChars: number): string[] {
  if (maxChars <= 0) return [];
  const lines = resumeLines(state, state.stepQueue.length).map((l) => l.replace(' [Resume] ', ' '));
  if (!lines.length) return [];
  const kept: string[] = [];
  let size = 0;
  for (let i = lines.length - 1; i >= 0; i--) {
    const line = lines[i]!;
    if (size + line.length + 1 > maxChars) break;
    kept.unshift(line);
    size += line.length + 1;
  }
  const cut = lines.length - kept.length;
  const text = [...(cut ? [`(${countOf(cut, 'earlier finished step')} not shown: \`status\` in the CLI or the job summary lists them)`] : []), ...kept].join('\n');
  return ['<details><summary>Finished steps (' + lines.length + ')</summary>', '', fence(text, maxChars + 200), '', '</details>', ''];
}

function withStatusMarker(state: State, body: string): string {
  return body.replace(/^<!--[^\n]*-->/, marker(state.planId ?? 'plan', 'status'));
}

/** The commands that changed the plan lately and what each did: named, not pinged. */
function recentCommandLines(state: State): string[] {
  const recent = state.recentCommands ?? [];
  if (!recent.length) return [];
  return ['**Commands**', ...recent.map((c) => `- \`${c.command.replace(/[^a-z/]/g, '')}\` by ${inline(`@${c.by}`, 60)} (${inline(c.at, 30)}): ${inline(c.outcome, 400)}`), ''];
}

/** A live mention of whoever approved the plan: they hear that it needs them or is done. */
export function approverMention(state: State): string | undefined {
  const by = state.approval?.by;
  // A GitHub login: letters, digits and single hyphens; anything else is named by nobody.
  return by && /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})$/.test(by) ? `@${by}` : undefined;
}

function statusBody(state: State, links: Links, withOutputs: boolean, finishedChars = 0): string {
  const id = state.planId ?? 'plan';
  const head = `### ${inline(state.plan.title ?? id)}: ${state.status} (${stepsDone(state)}/${state.stepQueue.length})`;
  const extra: string[] = [];
  if (state.status === 'IN_PROGRESS' && state.notBefore) extra.push(`Next step not before ${state.notBefore}.`);
  // Blockers of an earlier episode are history once the plan has moved on (resumed, cancelled).
  if (state.status === 'BLOCKED') for (const b of state.blockers ?? []) extra.push(`Blocked: ${inline(b, 300)}`);
  const overran = timedOutLine(state);
  if (overran) extra.push(overran);
  const lost = interruptedLine(state);
  if (lost) extra.push(lost);
  const used = usageLine(state);
  if (used) extra.push(`**Usage:** ${used}.`);
  return [
    marker(id, 'status'),
    head,
    '',
    stepTable(state, links, withOutputs),
    '',
    ...finishedBlock(state, finishedChars),
    ...extra,
    ...recentCommandLines(state),
    `<sub>revision ${state.revision ?? 0} · last heartbeat ${state.lastHeartbeatIso ?? '-'}</sub>`,
    ...runFooter(links),
  ].join('\n');
}

/** The current step's last attempt was interrupted (its runner died): said until the step moves on. */
function interruptedLine(state: State): string | undefined {
  const stepId = currentStepId(state);
  if (stepId === undefined || state.status === 'DONE' || state.status === 'CANCELLED') return undefined;
  const run = state.stepRuns[stepId];
  const last = run ? lastAttempt(run) : undefined;
  if (!run || run.status === 'DONE' || last?.outcome !== 'interrupted') return undefined;
  return `⚠️ Attempt ${last.n} of \`${stepId}\`: ${inline(last.error ?? 'interrupted', 400)}.`;
}

/** The current step's last attempt ran over its limit: said until the step moves on. */
function timedOutLine(state: State): string | undefined {
  const stepId = currentStepId(state);
  if (stepId === undefined || state.status === 'DONE' || state.status === 'CANCELLED') return undefined;
  const run = state.stepRuns[stepId];
  const last = run ? lastAttempt(run) : undefined;
  if (!run || run.status === 'DONE' || last?.outcome !== 'timed_out' || typeof last.timeoutMinutes !== 'number') return undefined;
  return `⏱️ Attempt ${last.n}: ${inline(timedOutText(stepId, last.timeoutMinutes))}.`;
}

export function blockerNotice(state: State, stepId: string, reason: string, links: Links = {}): string {
  const id = state.planId ?? 'plan';
  const run = state.stepRuns[stepId];
  const all = run?.attempts ?? [];
  // The tool-call column appears only when some attempt's calls were logged (hooks or exec), the
  // usage columns only when some attempt recorded usage.
  const tools = all.some((a) => a.toolCalls);
  const usage = all.some((a) => a.usage);
  const usageCells = (a: Attempt) => (usage ? ` ${a.usage ? groupDigits(totalTokens(a.usage)) : '-'} | ${a.usage?.costUsd !== undefined ? formatUsd(a.usage.costUsd) : '-'} |` : '');
  // The round column appears once a /retry gave the step a second round.
  const rounds = all.some((a) => typeof a.round === 'number' && a.round > 1);
  // Attempts that ended the same way are one row with a count (each keeps its row when each has its usage).
  const groups = usage ? all.map((a) => ({ first: a, last: a, count: 1, duration: typeof a.durationMs === 'number' ? a.durationMs : null })) : sameAttempts(all);
  const rows = groups.map(({ first, last, count, duration }) => {
    const which = count > 1 ? `${first.n}–${last.n}` : String(first.n);
    const error = first.error ? `${inline(first.error, 160)}${count > 1 ? ` (${count}×)` : ''}` : '';
    return `| ${which} |${rounds ? ` ${typeof first.round === 'number' ? first.round : 1} |` : ''} ${first.outcome ?? '-'} | ${first.exitCode ?? '-'} | ${duration !== null ? formatDuration(duration) : '-'} |${tools ? ` ${count > 1 ? '-' : toolCallsText(first.toolCalls)} |` : ''}${usageCells(first)} ${error} |`;
  });
  const raise = budgetRaiseLines(state);
  const used = usageLine(state);
  const episode = `${stepId}-${run?.attempts?.length ?? run?.tries ?? 0}`;
  return [
    marker(id, 'blocked', episode),
    `### ⛔ Blocked at \`${stepId}\`: ${inline(state.plan.steps[stepId]?.title ?? stepId)}`,
    '',
    ...(approverMention(state) ? [`${approverMention(state)}: the plan you approved needs you.`, ''] : []),
    `**Why:** ${inline(reason, 300)}`,
    '',
    ...(rows.length
      ? [
          `**Attempts:** ${attemptsText(run)}`,
          '',
          `| attempt |${rounds ? ' round |' : ''} outcome | exit | duration |${tools ? ' tool calls |' : ''}${usage ? ' tokens | cost |' : ''} error |`,
          `|---|${rounds ? '---|' : ''}---|---|---|${tools ? '---|' : ''}${usage ? '---|---|' : ''}---|`,
          ...rows,
          '',
        ]
      : []),
    ...(used ? [`**Plan usage so far:** ${used}.`, ''] : []),
    '**Last error:**',
    fence(run?.error ?? 'none recorded', 3000),
    '',
    ...outputTail(run),
    ...logsLine(state, stepId, links),
    'To continue, reply with one of:',
    ...raise,
    `- \`/retry\`: run \`${stepId}\` again, with a new round of attempts`,
    `- \`/skip\`: mark \`${stepId}\` skipped and go on`,
    '- `/cancel`: stop the plan',
    ...(links.run ? ['', ...runFooter(links)] : []),
  ].join('\n');
}

/** Where the attempts' full logs are: the run's artifact (when this run ran one) and its log groups. */
function logsLine(state: State, stepId: string, links: Links): string[] {
  const r = links.run;
  const last = lastAttempt(stepRun(state, stepId));
  if (!r?.logsUrl || !last) return [];
  const position = `${state.stepQueue.indexOf(stepId) + 1}/${state.stepQueue.length}`;
  return [
    `**Logs:** the full output of attempt ${last.n} is \`${stepId}/attempt-${last.n}.log\` in ${link('the attempt logs', r.logsUrl)} of ${link('this workflow run', r.runUrl)}, and in the run's log under \`(${position}) ${stepId} …: attempt ${last.n}\`.`,
    '',
  ];
}

/** Lines of output a blocker notice shows at most: the end, where the cause usually is. */
export const OUTPUT_TAIL_LINES = 40;
const OUTPUT_TAIL_CHARS = 4000;

/** The end of the last attempt's output (the state keeps a bounded, scrubbed copy), collapsed. */
function outputTail(run: StepRun | undefined): string[] {
  const text = (run?.stdout ?? '').replace(/\s+$/, '');
  if (!text) return [];
  const lines = text.split('\n');
  let tail = lines.slice(-OUTPUT_TAIL_LINES).join('\n');
  if (tail.length > OUTPUT_TAIL_CHARS) tail = `…${tail.slice(-OUTPUT_TAIL_CHARS)}`;
  const n = lastAttempt(run!)?.n;
  const shown = lines.length > OUTPUT_TAIL_LINES ? `last ${OUTPUT_TAIL_LINES} lines` : 'all of it';
  return ['<details><summary>End of the output' + (n !== undefined ? ` of attempt ${n}` : '') + ` (${shown})</summary>`, '', fence(tail, OUTPUT_TAIL_CHARS + 10), '', '</details>', ''];
}

/** The final summary: every step, every output (linked), tool calls, the pull request line, then the footer. */
export function finalSummaryComment(state: State, links: Links = {}, pullRequest?: string, commands = false): string {
  const id = state.planId ?? 'plan';
  const outputs = state.artifacts ?? [];
  return fittedNotice(links, (l, shape) =>
    [
      marker(id, 'summary'),
      `### ✅ Done: ${inline(state.plan.title ?? id)} (${stepsDone(state)}/${state.stepQueue.length})`,
      '',
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
    `### ✅ Done: ${inline(state.plan.title ?? id)}`,
    '',
    `${who ? `${who}: ` : ''}${stepProgress(state, 'past')}. Every step and output is in ${where}.`,
    ...(pullRequest ? ['', pullRequest] : []),
    ...(links.run ? ['', ...runFooter(links)] : []),
  ].join('\n');
}

/** One per cancel request: what was stopped and what had been done. */
export function cancelledNotice(state: State, runningStep: string | null, links: Links = {}): string {
  const id = state.planId ?? 'plan';
  const episode = (state.cancelRequested?.at ?? String(state.revision ?? 0)).replace(/[^0-9A-Za-z]/g, '');
  // Who cancelled is named, not pinged.
  const by = state.cancelRequested?.by ? ` by ${inline(`@${state.cancelRequested.by}`, 60)}` : '';
  const reason = state.cancelRequested?.reason ? ` (${inline(state.cancelRequested.reason, 200)})` : '';
  return fittedNotice(links, (l, shape) =>
    [
      marker(id, 'cancelled', episode),
      `### 🛑 Cancelled${by}${reason}`,
      '',
      runningStep ? `\`${runningStep}\` was running; ${stoppedText(lastAttempt(stepRun(state, runningStep))?.stoppedBy)}.` : 'No step was running.',
      `${stepProgress(state)}:`,
      '',
      stepTable(state, l, shape.tableOutputs),
      '',
      'Reply `/resume` to continue from the current step.',
      ...(l.run ? ['', ...runFooter(l)] : []),
    ].join('\n'),
  );
}

/** Mermaid flowchart of the queue, coloured by status, for the job summary. */
export function mermaidQueue(state: State): string {
  const rows = stepRows(state);
  const nodeId = (i: number) => `s${i}`;
  // Inside a quoted Mermaid label only these could end the label, the node or the code block.
  const label = (r: StepRow) => `${r.id}: ${r.title}`.replace(/["[\]{}()<>|#;`&\\\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, ' ').slice(0, 60);
  const lines = ['```mermaid', 'flowchart LR'];
  rows.forEach((r, i) => lines.push(`  ${nodeId(i)}["${label(r)}"]:::${r.status.toLowerCase()}`));
  for (let i = 1; i < rows.length; i++) lines.push(`  ${nodeId(i - 1)} --> ${nodeId(i)}`);
  lines.push(
    '  classDef done fill:#d4f7d4,stroke:#2da44e',
    '  classDef skipped fill:#eeeeee,stroke:#999999',
    '  classDef failed fill:#ffd7d5,stroke:#cf222e',
    '  classDef cancelled fill:#eeeeee,stroke:#cf222e',
    '  classDef in_progress fill:#fff2c2,stroke:#bf8700',
    '  classDef pending fill:#ffffff,stroke:#8c959f',
    '```',
  );
  return lines.join('\n');
}

/** The run page's summary: the status, every output (it has room a comment lacks), the queue as a chart. */
export function jobSummary(state: State, links: Links = {}, issue?: IssueLink): string {
  const big = state.stepQueue.length > 200;
  const resumed = resumeLines(state);
  const outputs = state.artifacts ?? [];
  return [
    ...issueLine(state.planId ?? 'plan', issue),
    statusComment(state, links).replace(/^<!--.*-->\n/, ''),
    '',
    ...(outputs.length ? [`**Outputs** (${outputs.length})`, '', ...outputs.map((o) => `- ${outputText(o, links, true)}`), ''] : []),
    big ? '' : mermaidQueue(state),
    ...(resumed.length ? ['', '<details><summary>Finished steps</summary>', '', fence(resumed.join('\n'), 20_000), '', '</details>'] : []),
  ].join('\n');
}

/** The plan's issue, for the run page. */
export interface IssueLink {
  number: number;
  url: string;
}

/** `Plan issue-7 of issue #7`, linked, above a job summary. */
export function issueLine(planId: string, issue: IssueLink | undefined): string[] {
  return issue ? [`Plan \`${planId.replace(/`/g, '')}\` of ${link(`issue #${issue.number}`, issue.url)}.`, ''] : [];
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

/** `12 (3 denied)`, or `-` when the attempt logged no calls. */
function toolCallsText(calls: { calls: number; denied: number } | undefined): string {
  if (!calls) return '-';
  return calls.denied ? `${calls.calls} (${calls.denied} denied)` : String(calls.calls);
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

/** A blocker notice for a spent budget: the command that raises it, with the figures. */
function budgetRaiseLines(state: State): string[] {
  const b = state.budgetBlock;
  if (!b || state.status !== 'BLOCKED') return [];
  const example = b.kind === 'costUsd' ? `$${Math.max(1, Math.ceil(b.spent * 2))}` : String(Math.max(1000, Math.ceil((b.spent * 2) / 1000) * 1000));
  return [`- \`/approve budget=${example}\`: raise ${budgetName(b)} (${budgetAmount(b.kind, b.spent)} used of ${budgetAmount(b.kind, b.limit)}) to the amount given, above what was used, and go on`];
}
