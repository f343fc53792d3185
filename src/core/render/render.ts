// Human-readable views of a state for terminals and logs. The GitHub renderings (markdown
// comments, job summary) build on the same rows so both always agree.
import { changedFilesList } from './changed-files.js';
import { attemptsMade, stepsDone, stepsSkipped } from '../state/step-view.js';
import { attemptsCell, attemptsText } from './attempt-words.js';
import type { Attempt, State, StepRun } from '../state/types.js';
import { terminalLine } from './terminal-text.js';
import { addToTotals, costCell, emptyTotals, hasUsage, runnerTime, stepTotals, tokensCell, totalLine, planTotals, usageLine } from './usage-report.js';
import { groupDigits } from '../agent-stream/render-event.js';
import { countOf } from './plural.js';
import { budgetRaiseAdvice } from '../tick/budget.js';
import { skippedNames } from './step-progress.js';

export interface StepRow {
  index: number;
  total: number;
  id: string;
  title: string;
  status: string;
  /** The attempts cell: "4", "6 (2 rounds)" (core/render/attempt-words.ts). */
  attempts: string;
  /** "4 attempts", "6 attempts in 2 rounds". */
  attemptsText: string;
  /** Whether the step made any attempt. */
  tried: boolean;
  durationMs: number | null;
  outputs: string[];
}

export function stepRows(state: State, from = 0, to = state.stepQueue.length): StepRow[] {
  const total = state.stepQueue.length;
  return state.stepQueue.slice(from, to).map((id, offset) => {
    const i = from + offset;
    const run: StepRun | undefined = state.stepRuns[id];
    const def = state.plan.steps[id];
    return {
      index: i + 1,
      total,
      id,
      title: def?.title ?? id,
      // A step whose agent a cancel stopped did not fail: it was cancelled.
      status: run?.status === 'FAILED' && run.attempts?.at(-1)?.outcome === 'cancelled' ? 'CANCELLED' : (run?.status ?? 'PENDING'),
      attempts: attemptsCell(run),
      attemptsText: attemptsText(run),
      tried: run !== undefined && attemptsMade(run) > 0,
      durationMs: runDurationMs(run),
      outputs: def?.requiredOutputs ?? [],
    };
  });
}

/** Wall time from the first attempt's start to the last attempt's end. */
export function runDurationMs(run: StepRun | undefined): number | null {
  const attempts = run?.attempts;
  if (!attempts?.length) return null;
  const start = Date.parse(attempts[0]?.startedAt ?? '');
  const end = Date.parse(attempts[attempts.length - 1]?.endedAt ?? '');
  return Number.isNaN(start) || Number.isNaN(end) ? null : Math.max(0, end - start);
}

export function formatDuration(ms: number | null): string {
  if (ms === null) return '-';
  if (ms < 1000) return `${ms}ms`;
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(m / 60)}h${String(m % 60).padStart(2, '0')}m`;
}

/** A fixed-width table for terminals. */
export function statusTable(state: State): string {
  // Tokens and cost once some attempt recorded usage; a plan without any reads as before.
  const usage = hasUsage(state);
  const header = ['#', 'step', 'title', 'status', 'attempts', 'duration', ...(usage ? ['tokens', 'cost'] : []), 'outputs'];
  // Cells are made terminal-safe (one line, no controls) before they are measured, so columns line up.
  const rows = stepRows(state).map((r) => {
    const t = usage ? stepTotals(state, r.id) : null;
    return [`${r.index}/${r.total}`, r.id, r.title, r.status, r.attempts, formatDuration(r.durationMs), ...(t ? [tokensCell(t), costCell(t)] : []), outputsText(r) || '-'].map(terminalLine);
  });
  const widths = header.map((h, c) => Math.min(40, Math.max(h.length, ...rows.map((row) => (row[c] ?? '').length))));
  const fmt = (cells: string[]) =>
    cells
      .map((cell, c) => clip(cell, widths[c] ?? 0).padEnd(widths[c] ?? 0))
      .join('  ')
      .trimEnd();
  const title = state.plan.title ? `${terminalLine(state.plan.title)} ` : '';
  // stepsDone counts skipped steps too; a skipped step was not done, so the head counts it apart.
  const skipped = stepsSkipped(state);
  const progress = `${stepsDone(state) - skipped}/${state.stepQueue.length} steps done${skipped ? `, ${skipped} skipped` : ''}`;
  const head = `${title}[${state.planId ?? 'plan'}] ${state.status} (${progress}, revision ${state.revision ?? 0})`;
  const extra = (state.blockers ?? []).map((b) => `blocked: ${b}`);
  if (state.notBefore && state.status === 'IN_PROGRESS') extra.push(`next step not before ${state.notBefore}`);
  const stop = state.cancelRequested;
  if (stop) extra.push(`${state.status === 'CANCELLED' ? 'cancelled' : 'cancel requested'} by @${terminalLine(stop.by)}${stop.reason ? `: "${terminalLine(stop.reason)}"` : ''}`);
  const used = usageLine(state);
  if (used) extra.push(`usage: ${used}`);
  return [head, fmt(header), ...rows.map(fmt), ...extra].join('\n');
}

/** A row's outputs, or for a skipped step, that they were not made. */
function outputsText(r: StepRow): string {
  if (!r.outputs.length) return '';
  return r.status === 'SKIPPED' ? `not made: ${r.outputs.join(', ')}` : r.outputs.join(', ');
}

function clip(text: string, width: number): string {
  return text.length <= width ? text : `${text.slice(0, Math.max(0, width - 1))}…`;
}

/**
 * `(1/5) [Resume] step-1 Research: done in 2 attempts, outputs: study/summary.md` per finished step.
 * The `[Resume]` tag is the original sequencer's log line, which scripts read; Markdown leaves it out (`tagged: false`).
 */
export function resumeLines(state: State, max = 20, tagged = true): string[] {
  // Only the last `max` finished steps are looked up, from the current step backwards: a
  // 10,000-step plan must not cost a pass over every step on every heartbeat.
  const shown: number[] = [];
  let i = state.currentStep - 1;
  for (; i >= 0 && shown.length < max; i--) {
    const status = state.stepRuns[state.stepQueue[i] ?? '']?.status;
    if (status === 'DONE' || status === 'SKIPPED') shown.push(i);
  }
  const lines = shown.reverse().map((index) => {
    const r = stepRows(state, index, index + 1)[0]!;
    const recovered = state.stepRuns[r.id]?.attempts?.at(-1)?.outcome === 'recovered';
    const what = r.status === 'SKIPPED' ? 'skipped' : `done in ${r.attemptsText}${recovered ? " (recovered: an interrupted attempt's work met the contract)" : ''}`;
    // A skipped step made none of its outputs.
    const outputs = r.outputs.length && r.status !== 'SKIPPED' ? `, outputs: ${r.outputs.join(', ')}` : '';
    return `(${r.index}/${r.total})${tagged ? ' [Resume]' : ''} ${r.id} ${r.title}: ${what}${outputs}`;
  });
  if (i >= 0) lines.unshift(`(steps 1-${i + 1} not shown)`);
  return lines;
}

/** The final delivery summary: every step and every output it produced. */
export function finalSummary(state: State, link: (path: string) => string = (p) => p): string {
  const rows = stepRows(state);
  const outputs = state.artifacts ?? [];
  const skipped = rows.filter((r) => r.status === 'SKIPPED');
  const title = state.plan.title ?? state.planId ?? 'Plan';
  // A skipped step was not done: a plan with one is not "all steps finished".
  const head = skipped.length
    ? `${title}: ${rows.filter((r) => r.status === 'DONE').length} of ${countOf(rows.length, 'step')} done, ${skipped.length} skipped (${skippedNames(state)}).`
    : `${title}: ${rows.length === 1 ? 'its 1 step' : `all ${rows.length} steps`} finished (${rows.filter((r) => r.status === 'DONE').length} done, 0 skipped).`;
  const lines = [
    head,
    ...rows.map(
      (r) =>
        `  (${r.index}/${r.total}) ${r.id} ${r.title}: ${r.status.toLowerCase()}${r.tried ? ` in ${r.attemptsText}` : ''}${r.status === 'SKIPPED' && r.outputs.length ? ` (${outputsText(r)})` : ''}`,
    ),
    outputs.length ? 'Outputs:' : 'No outputs were declared.',
    ...outputs.map((o) => `  - ${link(o)}`),
  ];
  const changed = changedFilesList(state);
  if (changed)
    lines.push(`Other files the plan created or changed (${changed.total}):`, ...changed.shown.map((f) => `  - ${link(f)}`), ...(changed.rest > 0 ? [`  - … and ${changed.rest} more`] : []));
  const totals = toolCallTotals(state);
  if (totals.size) lines.push('Tool calls:', ...[...totals].map(([id, t]) => `  ${id}: ${t.calls}${t.denied ? ` (${t.denied} denied)` : ''}`));
  const total = planTotals(state);
  const used = totalLine({ ...total, wallMs: 0 });
  if (used) lines.push(`Usage: ${used}.`);
  if (total.wallMs > 0) lines.push(`Runner time: ${runnerTime(total.wallMs)} in attempts (the agents and the steps' checks).`);
  const logs = keptCommandLogs(state).filter((l) => l.logFile);
  if (logs.length) lines.push('Command logs:', ...logs.map((l) => `  ${l.stepId}: ${l.logFile!.replace(/\.log$/, '.commands.jsonl')}`));
  return lines.join('\n');
}

/** What a blocked step tried, attempt by attempt, and how to unblock it. */
export function blockerReport(state: State, stepId: string, reason: string): string {
  const run = state.stepRuns[stepId];
  // Attempts that ended the same way are one line with a count, not four identical lines.
  const all = run?.attempts ?? [];
  const attempts = sameAttempts(all).map(({ first: a, last, count }) => {
    const which = count > 1 ? `${a.n}-${last.n}` : String(a.n);
    const round = typeof a.round === 'number' && a.round > 1 ? ` (round ${a.round})` : '';
    const exit = a.exitCode !== undefined && a.exitCode !== null ? ` (exit ${a.exitCode})` : '';
    const tools = a.toolCalls ? `, ${countOf(a.toolCalls.calls, 'tool call')}${a.toolCalls.denied ? ` (${a.toolCalls.denied} denied)` : ''}` : '';
    const used = usageText(all.slice(all.indexOf(a), all.indexOf(last) + 1));
    return `  attempt ${which}${round}: ${a.outcome ?? 'unknown'}${exit}${tools}${used}${a.error ? ` - ${firstLine(a.error)}` : ''}${count > 1 ? ` (${count} times)` : ''}`;
  });
  return [
    `Blocked at ${stepId} (${state.plan.steps[stepId]?.title ?? stepId}): ${reason}`,
    // A step blocked before it ran (a spent budget) has no error: the first line says why.
    ...(run?.error ? [`Last error: ${run.error}`] : []),
    ...(attempts.length ? [`Attempts (${attemptsText(run)}):`, ...attempts] : []),
    ...(state.budgetBlock && state.status === 'BLOCKED' ? [`To raise it: ${budgetRaiseAdvice(state.budgetBlock, 'approve')}`] : []),
    // A new round would block again at once while the budget is spent.
    state.budgetBlock && state.status === 'BLOCKED' ? 'Or: skip (move on without it), or cancel.' : 'To continue: retry (a new round of attempts), skip (move on without it), or cancel.',
  ].join('\n');
}

/** `, 12,000 tokens, $0.0500` for an attempt; for a row of like attempts, their sum `in all`. */
function usageText(group: readonly Attempt[]): string {
  const t = group.reduce(addToTotals, emptyTotals());
  if (t.attempts === 0) return '';
  const cost = costCell(t);
  return `, ${groupDigits(t.tokens)}${t.partial ? '+' : ''} tokens${cost === '-' ? '' : `, ${cost}`}${group.length > 1 ? ' in all' : ''}`;
}

function firstLine(text: string): string {
  const line = text.split('\n', 1)[0] ?? '';
  return line.length > 200 ? `${line.slice(0, 197)}...` : line;
}

/** Per step of the queue, its last attempt that logged tool calls: whose command log the final summary names. */
export function keptCommandLogs(state: State): Array<{ stepId: string; n: number; logFile?: string }> {
  const out: Array<{ stepId: string; n: number; logFile?: string }> = [];
  for (const id of state.stepQueue) {
    const a = [...(state.stepRuns[id]?.attempts ?? [])].reverse().find((x) => x.toolCalls && x.toolCalls.calls > 0);
    if (a) out.push({ stepId: id, n: a.n, ...(typeof a.logFile === 'string' ? { logFile: a.logFile } : {}) });
  }
  return out;
}

/** Tool calls per step of the queue, summed over its attempts; only steps whose attempts logged calls. */
export function toolCallTotals(state: State): Map<string, { calls: number; denied: number }> {
  const totals = new Map<string, { calls: number; denied: number }>();
  for (const id of state.stepQueue) {
    for (const a of state.stepRuns[id]?.attempts ?? []) {
      const t = a.toolCalls;
      if (!t || typeof t.calls !== 'number' || typeof t.denied !== 'number') continue;
      const sum = totals.get(id) ?? { calls: 0, denied: 0 };
      totals.set(id, { calls: sum.calls + t.calls, denied: sum.denied + t.denied });
    }
  }
  return totals;
}

/** The same error, but for the attempt's own log files it names (`attempt-3.log`). */
function sameError(a: string | null | undefined, b: string | null | undefined): boolean {
  const norm = (e: string | null | undefined) => (e ?? '').replace(/attempt-\d+/g, 'attempt-#');
  return norm(a) === norm(b);
}

/** Consecutive attempts that ended the same way (outcome, exit code, error, round), as one row each. */
export function sameAttempts(attempts: readonly Attempt[]): Array<{ first: Attempt; last: Attempt; count: number; duration: number | null }> {
  const groups: Array<{ first: Attempt; last: Attempt; count: number; duration: number | null }> = [];
  for (const a of attempts) {
    const g = groups.at(-1);
    const same = g && g.last.outcome === a.outcome && g.last.exitCode === a.exitCode && sameError(g.last.error, a.error) && (g.last.round ?? 1) === (a.round ?? 1) && !a.toolCalls && !g.last.toolCalls;
    const duration = typeof a.durationMs === 'number' ? a.durationMs : null;
    if (same) {
      g.last = a;
      g.count += 1;
      g.duration = g.duration !== null && duration !== null ? g.duration + duration : null;
    } else groups.push({ first: a, last: a, count: 1, duration });
  }
  return groups;
}
