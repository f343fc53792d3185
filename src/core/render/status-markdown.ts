// The plan's one status comment, edited in place and found by its hidden marker: the step table,
// what holds the plan up, the finished steps and the commands that changed it. Once the plan is
// done it takes the final summary's form (final-summary-markdown.ts).
import { resumeLines } from './render.js';
import { currentStepId, lastAttempt, stepsDone } from '../state/step-view.js';
import { timedOutText } from '../tick/notices.js';
import type { State } from '../state/types.js';
import { fence, inline } from './untrusted-text.js';
import { countOf } from './plural.js';
import { usageLine } from './usage-report.js';
import { fittedNotice, marker, runFooter, type Links } from './comment-frame.js';
import { stepTable } from './step-table.js';
import { finalSummaryComment } from './final-summary-markdown.js';
import { recentCommandLines } from './mentions.js';

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
  const lines = resumeLines(state, state.stepQueue.length, false);
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
