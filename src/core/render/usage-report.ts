// What a plan used, per attempt, per step and in total (README, "Usage and budgets"): tokens by
// kind, the cost the agent reported, turns, API time and the attempts' own wall time on the
// runner. One report feeds the status comment, the final summary, the blocker notice, the job
// summary, `status` and `usage`, so they all say the same.
import { formatUsd, groupDigits } from '../agent-stream/render-event.js';
import { totalTokens } from '../agent-stream/types.js';
import type { Attempt, AttemptUsage, State } from '../state/types.js';
import { countOf } from './plural.js';

export interface UsageTotals {
  /** Attempts with a usage record. */
  attempts: number;
  inputTokens: number;
  outputTokens: number;
  cacheReadTokens: number;
  cacheWriteTokens: number;
  tokens: number;
  /** The sum of the costs reported; attempts that reported none add nothing (see `uncosted`). */
  costUsd: number;
  /** Attempts with usage whose agent reported no cost. */
  uncosted: number;
  /** Attempts whose figures are a lower bound (the agent ended before its totals). */
  partial: number;
  turns: number;
  apiMs: number;
  /** The attempts' own wall time on the runner (each attempt's files, agent and checks). */
  wallMs: number;
}

export interface AttemptRow {
  stepId: string;
  n: number;
  outcome: string;
  wallMs?: number;
  usage?: AttemptUsage;
}

export interface StepUsage {
  stepId: string;
  title: string;
  total: UsageTotals;
  attempts: AttemptRow[];
}

export interface UsageReport {
  planId: string;
  total: UsageTotals;
  steps: StepUsage[];
}

export function emptyTotals(): UsageTotals {
  return { attempts: 0, inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0, tokens: 0, costUsd: 0, uncosted: 0, partial: 0, turns: 0, apiMs: 0, wallMs: 0 };
}

export function addToTotals(t: UsageTotals, a: Pick<Attempt, 'usage' | 'wallMs'>): UsageTotals {
  const wallMs = t.wallMs + (typeof a.wallMs === 'number' ? a.wallMs : 0);
  const u = a.usage;
  if (!u) return { ...t, wallMs };
  return {
    attempts: t.attempts + 1,
    inputTokens: t.inputTokens + u.inputTokens,
    outputTokens: t.outputTokens + u.outputTokens,
    cacheReadTokens: t.cacheReadTokens + u.cacheReadTokens,
    cacheWriteTokens: t.cacheWriteTokens + u.cacheWriteTokens,
    tokens: t.tokens + totalTokens(u),
    costUsd: t.costUsd + (u.costUsd ?? 0),
    uncosted: t.uncosted + (u.costUsd === undefined ? 1 : 0),
    partial: t.partial + (u.complete ? 0 : 1),
    turns: t.turns + (u.turns ?? 0),
    apiMs: t.apiMs + (u.apiMs ?? 0),
    wallMs,
  };
}

/** The steps in run order: the queue, then any other step that ran (remediation steps). */
function stepsThatCount(state: State): string[] {
  const queued = new Set(state.stepQueue);
  return [...state.stepQueue, ...Object.keys(state.stepRuns).filter((id) => !queued.has(id) && (state.stepRuns[id]?.attempts?.length ?? 0) > 0)];
}

export function stepTotals(state: State, stepId: string): UsageTotals {
  return (state.stepRuns[stepId]?.attempts ?? []).reduce(addToTotals, emptyTotals());
}

export function usageReport(state: State): UsageReport {
  let total = emptyTotals();
  const steps = stepsThatCount(state).map((stepId) => {
    const attempts = state.stepRuns[stepId]?.attempts ?? [];
    const t = attempts.reduce(addToTotals, emptyTotals());
    total = sum(total, t);
    return {
      stepId,
      title: state.plan.steps[stepId]?.title ?? stepId,
      total: t,
      attempts: attempts.map((a) => ({
        stepId,
        n: a.n,
        outcome: a.outcome ?? (a.endedAt ? 'unknown' : 'running'),
        ...(typeof a.wallMs === 'number' ? { wallMs: a.wallMs } : {}),
        ...(a.usage ? { usage: a.usage } : {}),
      })),
    };
  });
  return { planId: state.planId ?? 'plan', total, steps };
}

function sum(a: UsageTotals, b: UsageTotals): UsageTotals {
  const out = emptyTotals();
  for (const k of Object.keys(out) as Array<keyof UsageTotals>) out[k] = a[k] + b[k];
  return out;
}

/**
 * The plan's total alone, in one pass over the attempts: what every status comment and table
 * shows, so a plan of thousands of steps costs no per-step rows on each edit.
 */
export function planTotals(state: State): UsageTotals {
  let t = emptyTotals();
  for (const run of Object.values(state.stepRuns)) for (const a of run.attempts ?? []) if (a.usage || typeof a.wallMs === 'number') t = addToTotals(t, a);
  return t;
}

/** The total line for comments and tables that show usage only once some attempt reported it. */
export function usageLine(state: State): string | null {
  const t = planTotals(state);
  return t.attempts > 0 ? totalLine(t) : null;
}

/** Whether any attempt of the plan has a usage record: only then do tables grow usage columns. */
export function hasUsage(state: State): boolean {
  for (const run of Object.values(state.stepRuns)) for (const a of run.attempts ?? []) if (a.usage) return true;
  return false;
}

/** `850`, `12.3k`, `4.56M`: tokens in a table cell. */
export function compactTokens(n: number): string {
  if (n < 1000) return String(Math.round(n));
  if (n < 1_000_000) return `${(n / 1000).toFixed(n < 10_000 ? 2 : 1).replace(/\.?0+$/, '')}k`;
  return `${(n / 1_000_000).toFixed(2).replace(/\.?0+$/, '')}M`;
}

/** A cost cell: the reported cost, `-` when nothing reported one; `+` marks attempts that reported none. */
export function costCell(t: Pick<UsageTotals, 'attempts' | 'costUsd' | 'uncosted'>): string {
  if (t.attempts === 0 || t.uncosted === t.attempts) return '-';
  return `${formatUsd(t.costUsd)}${t.uncosted ? '+' : ''}`;
}

/** A tokens cell; `+` when an attempt it counts ended before its totals: the sum is a lower bound too. */
export function tokensCell(t: Pick<UsageTotals, 'attempts' | 'tokens' | 'partial'>): string {
  return t.attempts === 0 ? '-' : `${compactTokens(t.tokens)}${t.partial ? '+' : ''}`;
}

/** One attempt's tokens in full, `+` when the agent ended before its totals. */
export function attemptTokens(u: AttemptUsage): string {
  return `${groupDigits(totalTokens(u))}${u.complete ? '' : '+'}`;
}

/** `12 min`, `1 h 05 min`, `40 s`. */
export function runnerTime(ms: number): string {
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s} s`;
  const m = Math.round(ms / 60_000);
  if (m < 60) return `${m} min`;
  return `${Math.floor(m / 60)} h ${String(m % 60).padStart(2, '0')} min`;
}

/**
 * The plan's total in one sentence: `4,120,300 tokens, $3.41 over 7 attempts (2 reported no
 * cost); 42 min of runner time in attempts`. Null when no attempt recorded usage or wall time.
 */
export function totalLine(t: UsageTotals): string | null {
  const parts: string[] = [];
  if (t.attempts > 0) {
    const cost = t.uncosted === t.attempts ? 'no cost reported' : `${formatUsd(t.costUsd)}${t.uncosted ? ` (${countOf(t.uncosted, 'attempt')} reported no cost)` : ''}`;
    parts.push(`${groupDigits(t.tokens)} tokens, ${cost}, over ${countOf(t.attempts, 'attempt')}${t.partial ? ` (${t.partial} stopped before reporting totals: at least this much)` : ''}`);
  }
  if (t.wallMs > 0) parts.push(`${runnerTime(t.wallMs)} of runner time in attempts`);
  return parts.length ? parts.join('; ') : null;
}

/** The `usage` command's table: one row per attempt, one per step's total, and the plan's total. */
export function usageTable(state: State): string {
  const r = usageReport(state);
  const header = ['step', 'attempt', 'outcome', 'model', 'input', 'output', 'cache read', 'cache write', 'tokens', 'cost', 'turns', 'API', 'wall'];
  const ms = (v: number | undefined) => (v === undefined || v === 0 ? '-' : v < 1000 ? `${v} ms` : runnerTime(v));
  const rows: string[][] = [];
  for (const step of r.steps) {
    for (const a of step.attempts) {
      const u = a.usage;
      rows.push([
        step.stepId,
        String(a.n),
        a.outcome,
        u?.model ?? '-',
        u ? groupDigits(u.inputTokens) : '-',
        u ? groupDigits(u.outputTokens) : '-',
        u ? groupDigits(u.cacheReadTokens) : '-',
        u ? groupDigits(u.cacheWriteTokens) : '-',
        u ? attemptTokens(u) : '-',
        u?.costUsd !== undefined ? formatUsd(u.costUsd) : '-',
        u?.turns !== undefined ? String(u.turns) : '-',
        ms(u?.apiMs),
        ms(a.wallMs),
      ]);
    }
    if (step.attempts.length > 1) rows.push([step.stepId, 'all', '', '', '', '', '', '', tokensCell(step.total), costCell(step.total), '', ms(step.total.apiMs), ms(step.total.wallMs)]);
  }
  const widths = header.map((h, c) => Math.max(h.length, ...rows.map((row) => (row[c] ?? '').length)));
  const fmt = (cells: string[]) =>
    cells
      .map((cell, c) => cell.padEnd(widths[c] ?? 0))
      .join('  ')
      .trimEnd();
  const total = totalLine(r.total);
  // The legend explains only the marks the table shows.
  const marked = (column: number) => rows.some((row) => row[column]?.endsWith('+'));
  const legend = [
    ...(marked(header.indexOf('tokens')) ? ['a "+" after tokens: the agent ended before its totals, so at least this many'] : []),
    ...(marked(header.indexOf('cost')) ? ['a "+" after a cost: some attempts reported none'] : []),
  ];
  return [
    `Usage of ${state.plan.title ? `${state.plan.title} ` : ''}[${r.planId}]: ${total ?? 'no attempt has reported usage yet'}`,
    ...(rows.length ? [fmt(header), ...rows.map(fmt)] : []),
    ...(legend.length ? [`(${legend.join('; ')})`] : []),
  ].join('\n');
}
