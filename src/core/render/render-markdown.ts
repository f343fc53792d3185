// Markdown for GitHub: the status comment (edited in place, found by its hidden marker), the
// blocker notice, the final summary and the job summary. The proposal is proposal-markdown.ts.
import { formatDuration, resumeLines, stepRows, type StepRow } from './render.js';
import { lastAttempt, stepRun, stepsDone } from '../state/step-view.js';
import { stoppedText } from '../tick/cooperative-stop.js';
import type { State } from '../state/types.js';
import { fence, inline } from './untrusted-text.js';

export type MarkerKind = 'status' | 'proposal' | 'blocked' | 'summary' | 'cancelled' | 'refused' | 'request';

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
};

export interface Links {
  /** URL of a file at a commit, e.g. `https://github.com/o/r/blob/<sha>/<path>`. */
  file?: (path: string) => string;
}

/** A link to one of our own URLs; characters that could end the destination early are encoded. */
function link(text: string, url: string): string {
  return `[${text}](${url.replace(/[()]/g, (c) => (c === '(' ? '%28' : '%29')).replace(/[\s<>\\]/g, encodeURIComponent)})`;
}

/** An output path: inert text, linked to the file at the commit that produced it when known. */
export function outputText(path: string, links: Links, linked: boolean): string {
  return links.file && linked ? link(inline(path), links.file(path)) : inline(path);
}

function outputsCell(row: StepRow, links: Links): string {
  if (!row.outputs.length) return '';
  return row.outputs.map((o) => outputText(o, links, row.status === 'DONE')).join(', ');
}

export function stepTable(state: State, links: Links = {}): string {
  const rows = stepRows(state).map(
    (r) =>
      `| ${r.index}/${r.total} | \`${r.id}\` | ${inline(r.title)} | ${STATUS_ICON[r.status] ?? ''} ${r.status} | ${r.tries} | ${formatDuration(r.durationMs)} | ${outputsCell(r, links)} |`,
  );
  return ['| # | step | title | status | tries | duration | outputs |', '|---|---|---|---|---|---|---|', ...rows].join('\n');
}

export function statusComment(state: State, links: Links = {}): string {
  const id = state.planId ?? 'plan';
  const head = `### ${inline(state.plan.title ?? id)}: ${state.status} (${stepsDone(state)}/${state.stepQueue.length})`;
  const extra: string[] = [];
  if (state.status === 'IN_PROGRESS' && state.notBefore) extra.push(`Next step not before ${state.notBefore}.`);
  for (const b of state.blockers ?? []) extra.push(`Blocked: ${inline(b, 300)}`);
  return [marker(id, 'status'), head, '', stepTable(state, links), '', ...extra, `<sub>revision ${state.revision ?? 0} · last heartbeat ${state.lastHeartbeatIso ?? '-'}</sub>`].join('\n');
}

export function blockerNotice(state: State, stepId: string, reason: string): string {
  const id = state.planId ?? 'plan';
  const run = state.stepRuns[stepId];
  const attempts = (run?.attempts ?? []).map(
    (a) => `| ${a.n} | ${a.outcome ?? '-'} | ${a.exitCode ?? '-'} | ${a.durationMs !== undefined ? formatDuration(a.durationMs) : '-'} | ${inline(a.error ?? '', 160)} |`,
  );
  const episode = `${stepId}-${run?.attempts?.length ?? run?.tries ?? 0}`;
  return [
    marker(id, 'blocked', episode),
    `### ⛔ Blocked at \`${stepId}\`: ${inline(state.plan.steps[stepId]?.title ?? stepId)}`,
    '',
    `**Why:** ${inline(reason, 300)}`,
    '',
    ...(attempts.length ? ['| attempt | outcome | exit | duration | error |', '|---|---|---|---|---|', ...attempts, ''] : []),
    '**Last error:**',
    fence(run?.error ?? 'none recorded', 3000),
    '',
    'To continue, reply with one of:',
    `- \`/retry\`: run \`${stepId}\` again with a fresh set of attempts`,
    `- \`/skip\`: mark \`${stepId}\` skipped and go on`,
    '- `/cancel`: stop the plan',
  ].join('\n');
}

export function finalSummaryComment(state: State, links: Links = {}): string {
  const id = state.planId ?? 'plan';
  const outputs = state.artifacts ?? [];
  return [
    marker(id, 'summary'),
    `### ✅ Done: ${inline(state.plan.title ?? id)}`,
    '',
    stepTable(state, links),
    '',
    outputs.length ? '**Outputs**' : 'No outputs were declared.',
    ...outputs.map((o) => `- ${outputText(o, links, true)}`),
  ].join('\n');
}

/** One per cancel request: what was stopped and what had been done. */
export function cancelledNotice(state: State, runningStep: string | null, links: Links = {}): string {
  const id = state.planId ?? 'plan';
  const episode = (state.cancelRequested?.at ?? String(state.revision ?? 0)).replace(/[^0-9A-Za-z]/g, '');
  // Who cancelled is named, not pinged.
  const by = state.cancelRequested?.by ? ` by ${inline(`@${state.cancelRequested.by}`, 60)}` : '';
  const reason = state.cancelRequested?.reason ? ` (${inline(state.cancelRequested.reason, 200)})` : '';
  return [
    marker(id, 'cancelled', episode),
    `### 🛑 Cancelled${by}${reason}`,
    '',
    runningStep ? `\`${runningStep}\` was running; ${stoppedText(lastAttempt(stepRun(state, runningStep))?.stoppedBy)}.` : 'No step was running.',
    `${stepsDone(state)} of ${state.stepQueue.length} steps were done:`,
    '',
    stepTable(state, links),
    '',
    'Reply `/resume` to continue from the current step.',
  ].join('\n');
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
    '  classDef in_progress fill:#fff2c2,stroke:#bf8700',
    '  classDef pending fill:#ffffff,stroke:#8c959f',
    '```',
  );
  return lines.join('\n');
}

export function jobSummary(state: State, links: Links = {}): string {
  const big = state.stepQueue.length > 200;
  const resumed = resumeLines(state);
  return [
    statusComment(state, links).replace(/^<!--.*-->\n/, ''),
    '',
    big ? '' : mermaidQueue(state),
    ...(resumed.length ? ['', '<details><summary>Finished steps</summary>', '', fence(resumed.join('\n'), 20_000), '', '</details>'] : []),
  ].join('\n');
}
