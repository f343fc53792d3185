// The table of a plan's steps that comments show (status, attempts, duration, usage, outputs):
// all of a small plan, a window around the current step of a large one.
import { formatDuration, stepRows, type StepRow } from './render.js';
import type { State } from '../state/types.js';
import { inline } from './untrusted-text.js';
import { countOf } from './plural.js';
import { costCell, hasUsage, stepTotals, tokensCell } from './usage-report.js';
import { LISTED_OUTPUTS, outputText, type Links } from './comment-frame.js';

const STATUS_ICON: Record<string, string> = {
  PENDING: '⏳',
  IN_PROGRESS: '🔄',
  DONE: '✅',
  FAILED: '❌',
  SKIPPED: '⏭️',
  CANCELLED: '🛑',
};

/** A table cell names this many outputs of its step; the rest are counted. */
export const CELL_OUTPUTS = 3;

function outputsCell(row: StepRow, links: Links): string {
  if (!row.outputs.length) return '';
  // A skipped step made none of them: they are named, unlinked, as what is missing.
  if (row.status === 'SKIPPED')
    return `not made: ${row.outputs
      .slice(0, CELL_OUTPUTS)
      .map((o) => outputText(o, links, false))
      .join(', ')}${row.outputs.length > CELL_OUTPUTS ? ` +${row.outputs.length - CELL_OUTPUTS} more` : ''}`;
  const shown = row.outputs.slice(0, CELL_OUTPUTS).map((o) => outputText(o, links, row.status === 'DONE'));
  const rest = row.outputs.length - shown.length;
  return [...shown, ...(rest > 0 ? [`+${rest} more`] : [])].join(', ');
}

/** Plans up to this many steps are shown whole; larger ones as a window around the current step. */
const FULL_TABLE_STEPS = 30;
/** Steps shown before and after the current one when the table is a window. */
const TABLE_WINDOW = 10;

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

function summarize(rows: StepRow[]): string {
  const by = new Map<string, number>();
  for (const r of rows) by.set(r.status, (by.get(r.status) ?? 0) + 1);
  return [...by].map(([status, n]) => `${n} ${status}`).join(', ');
}
