// Budgets (README, "Usage and budgets"): what a plan and each of its steps have spent, over every
// attempt and across runs, against the limits that hold them: a step's own `budget`, the plan's
// `budget` (or the workflow's default), each replaced by the last raise a writer gave once it was
// spent. Pure: the engine asks before an attempt starts (a spent budget blocks the plan) and
// while one runs (how many more tokens it may use before it is stopped).
import { formatUsd, groupDigits } from '../agent-stream/render-event.js';
import { planTotals, stepTotals } from '../render/usage-report.js';
import type { Limits } from '../state/step-view.js';
import { BUDGET_KINDS, type Budget, type BudgetBlock, type BudgetKind, type BudgetRaise, type State } from '../state/types.js';
import { block, type Transition } from './apply.js';

function raised(state: State, scope: 'plan' | 'step', stepId: string | undefined, kind: BudgetKind): number | undefined {
  const raises = state.budgetRaises ?? [];
  for (let i = raises.length - 1; i >= 0; i--) {
    const r = raises[i] as BudgetRaise;
    if (r.scope === scope && r.kind === kind && (scope === 'plan' || r.stepId === stepId)) return r.limit;
  }
  return undefined;
}

function withRaises(state: State, scope: 'plan' | 'step', stepId: string | undefined, base: Budget | undefined): Budget {
  const out: Budget = {};
  for (const kind of ['costUsd', 'tokens'] as const) {
    const limit = raised(state, scope, stepId, kind) ?? base?.[kind];
    if (limit !== undefined) out[kind] = limit;
  }
  return out;
}

/**
 * The default that holds a plan that sets no budget: the one recorded in its state (the CLI's
 * flags, kept once given) and the workflow's, the lower limit of each kind where both set one, so
 * a recorded default can only tighten the workflow's.
 */
function defaultOf(state: State, limits: Pick<Limits, 'budget'>): Budget | undefined {
  const recorded = state.defaultBudget ?? undefined;
  if (!recorded || !limits.budget) return recorded ?? limits.budget;
  const out: Budget = {};
  for (const kind of BUDGET_KINDS) {
    const limit = [recorded[kind], limits.budget[kind]].filter((x): x is number => x !== undefined);
    if (limit.length) out[kind] = Math.min(...limit);
  }
  return out;
}

/** The plan's budget: its own, else the default (defaultOf), each limit as a writer last raised it. */
export function planBudget(state: State, limits: Pick<Limits, 'budget'>): Budget {
  return withRaises(state, 'plan', undefined, state.plan.budget ?? defaultOf(state, limits));
}

/** What recording a run's budget flags did: the state, whether it changed, and a warning per flag that does not count. */
export interface BudgetDefaultOutcome {
  state: State;
  changed: boolean;
  ignored: string[];
}

/**
 * Records the budget given to this run (the CLI's --budget-usd, --budget-tokens) as the default
 * of a plan that sets none, each kind the first time it is given: a budget is a safety limit, so
 * a later run that leaves the flag out keeps it, and one that gives another value is told that
 * the recorded one holds (`approve` raises it once it is spent). `flag(kind)` names the flag.
 */
export function recordDefaultBudget(state: State, given: Budget, flag: (kind: BudgetKind) => string): BudgetDefaultOutcome {
  const ignored: string[] = [];
  if (state.plan.budget) {
    const own = budgetText(state.plan.budget) ?? '';
    for (const kind of BUDGET_KINDS) if (given[kind] !== undefined) ignored.push(`${flag(kind)} ${given[kind]} is ignored: the plan sets its own budget (${own}).`);
    return { state, changed: false, ignored };
  }
  const recorded: Budget = { ...(state.defaultBudget ?? {}) };
  let changed = false;
  for (const kind of BUDGET_KINDS) {
    const value = given[kind];
    if (value === undefined) continue;
    const before = recorded[kind];
    if (before === undefined) {
      recorded[kind] = value;
      changed = true;
    } else if (before !== value) {
      const now = planBudget(state, {})[kind] ?? before;
      ignored.push(
        `${flag(kind)} ${value} is ignored: ${budgetName({ scope: 'plan', stepId: '', kind })} is ${budgetAmount(kind, now)}, set by an earlier run and kept for every run; once it is spent, raise it with approve ${flag(kind)} N.`,
      );
    }
  }
  return changed ? { state: { ...state, defaultBudget: recorded }, changed, ignored } : { state, changed, ignored };
}

/** A step's own budget, each limit as a writer last raised it (empty: none). */
export function stepBudget(state: State, stepId: string): Budget {
  return withRaises(state, 'step', stepId, state.plan.steps[stepId]?.budget);
}

/** A budget that is spent: which one, its limit and what was spent against it. */
export interface BudgetSpent {
  scope: 'plan' | 'step';
  /** The step whose budget it is (scope `step`), or the step that was about to run (scope `plan`). */
  stepId: string;
  kind: BudgetKind;
  limit: number;
  spent: number;
}

/** The first spent budget that holds step `stepId` (its own first, then the plan's), or null. */
export function spentBudget(state: State, stepId: string, limits: Pick<Limits, 'budget'>): BudgetSpent | null {
  const scopes: Array<['plan' | 'step', Budget]> = [
    ['step', stepBudget(state, stepId)],
    ['plan', planBudget(state, limits)],
  ];
  for (const [scope, budget] of scopes) {
    // Most plans set no budget: nothing is added up for a scope without a limit.
    if (budget.tokens === undefined && budget.costUsd === undefined) continue;
    const spent = scope === 'step' ? stepTotals(state, stepId) : planTotals(state);
    if (budget.tokens !== undefined && spent.tokens >= budget.tokens) return { scope, stepId, kind: 'tokens', limit: budget.tokens, spent: spent.tokens };
    if (budget.costUsd !== undefined && spent.costUsd >= budget.costUsd) return { scope, stepId, kind: 'costUsd', limit: budget.costUsd, spent: spent.costUsd };
  }
  return null;
}

/** How many more tokens an attempt may use, and whose budget that is. */
export interface TokenAllowance {
  left: number;
  scope: 'plan' | 'step';
  stepId: string;
  limit: number;
}

/**
 * How many tokens an attempt of `stepId` may use before it is stopped: what is left of the
 * step's and the plan's token budgets, whichever is less; undefined when neither has one.
 */
export function tokenAllowance(state: State, stepId: string, limits: Pick<Limits, 'budget'>): TokenAllowance | undefined {
  const found: TokenAllowance[] = [];
  const step = stepBudget(state, stepId).tokens;
  if (step !== undefined) found.push({ left: Math.max(0, step - stepTotals(state, stepId).tokens), scope: 'step', stepId, limit: step });
  const plan = planBudget(state, limits).tokens;
  if (plan !== undefined) found.push({ left: Math.max(0, plan - planTotals(state).tokens), scope: 'plan', stepId, limit: plan });
  return found.reduce<TokenAllowance | undefined>((least, a) => (least === undefined || a.left < least.left ? a : least), undefined);
}

/** `$5.00`, or `2,000,000 tokens`. */
export function budgetAmount(kind: BudgetKind, amount: number): string {
  return kind === 'costUsd' ? formatUsd(amount) : `${groupDigits(amount)} tokens`;
}

/** `the plan's cost budget`, `the token budget of step build`. */
export function budgetName(x: Pick<BudgetSpent, 'scope' | 'stepId' | 'kind'>): string {
  const what = x.kind === 'costUsd' ? 'cost' : 'token';
  return x.scope === 'plan' ? `the plan's ${what} budget` : `the ${what} budget of step ${x.stepId}`;
}

/**
 * What the block says: which budget, its limit and what was spent. How to raise it is said where
 * the plan is steered (a comment's `/approve budget=…`, the CLI's `approve --budget-usd N`).
 */
export function budgetSpentText(x: BudgetSpent): string {
  return `${budgetName(x)} is spent: ${budgetAmount(x.kind, x.spent)} used of ${budgetAmount(x.kind, x.limit)}`;
}

/** The CLI's flag that raises a budget of `kind`. */
export function budgetFlag(kind: BudgetKind): string {
  return kind === 'costUsd' ? '--budget-usd' : '--budget-tokens';
}

/** How the CLI raises the budget that blocked the plan: `approve` (written as `command`) with its flag. */
export function budgetRaiseAdvice(b: BudgetBlock, command: string): string {
  return `\`${command} ${budgetFlag(b.kind)} N\` raises ${budgetName(b)} (${budgetAmount(b.kind, b.spent)} used of ${budgetAmount(b.kind, b.limit)}) to N, above what was used, and goes on.`;
}

/** Blocks the plan before `blockedStepId` runs because a budget is spent, and records which one. */
export function blockOnBudget(state: State, blockedStepId: string, x: BudgetSpent): Transition {
  const blocked = block(state, blockedStepId, budgetSpentText(x));
  const record: BudgetBlock = { stepId: x.stepId, scope: x.scope, kind: x.kind, limit: x.limit, spent: x.spent };
  return { state: { ...blocked.state, budgetBlock: record }, notices: blocked.notices };
}

/** Budgets one line per scope: `$5.00 · 2,000,000 tokens`, or null when there is none. */
export function budgetText(b: Budget | undefined): string | null {
  if (!b) return null;
  const parts = [b.costUsd !== undefined ? budgetAmount('costUsd', b.costUsd) : '', b.tokens !== undefined ? budgetAmount('tokens', b.tokens) : ''].filter(Boolean);
  return parts.length ? parts.join(' · ') : null;
}
