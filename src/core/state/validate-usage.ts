// Checks the usage and budget records of a state (README, "Usage and budgets"): an attempt's
// usage, the budget raises writers gave and the budget that blocked the plan. A state without
// them (written before they existed) reads as before; one with them must hold what they say,
// since a budget decision is made from them.
import { showValue, type Issue } from '../errors.js';
import { validateUsage } from '../agent-stream/usage-file.js';
import { add, checkInteger, index, isNonEmptyString, isRecord, key, listSome, timestampProblem } from '../plan/field-checks.js';
import { MAX_BUDGET_TOKENS, MAX_BUDGET_USD } from '../plan/plan-limits.js';
import { BUDGET_KINDS, USAGE_SOURCES } from './types.js';

const SCOPES = ['plan', 'step'] as const;

/** An attempt's `usage`: the usage fields (as a usage file has them), where they came from, and whether they are final. */
export function checkUsageRecord(issues: Issue[], path: string, value: unknown): void {
  if (!isRecord(value)) {
    add(issues, path, `must be an object with the attempt's token counts, "source" and "complete", got ${showValue(value)}`);
    return;
  }
  const { source, complete, ...figures } = value;
  const checked = validateUsage(figures, path, { strict: false, requireFigure: false });
  if (!checked.ok) issues.push(...checked.issues);
  for (const name of ['inputTokens', 'outputTokens', 'cacheReadTokens', 'cacheWriteTokens'] as const) {
    if (figures[name] === undefined) add(issues, key(path, name), `must be a whole number of tokens (0 when none), got nothing`);
  }
  if (typeof figures.isError !== 'boolean') add(issues, key(path, 'isError'), `must be true or false, got ${showValue(figures.isError)}`);
  if (!(USAGE_SOURCES as readonly unknown[]).includes(source)) add(issues, key(path, 'source'), `must be one of ${USAGE_SOURCES.join(', ')}, got ${showValue(source)}`);
  if (typeof complete !== 'boolean') add(issues, key(path, 'complete'), `must be true (the agent's final figures) or false (a lower bound), got ${showValue(complete)}`);
}

function checkLimit(issues: Issue[], path: string, kind: unknown, value: unknown): void {
  const max = kind === 'costUsd' ? MAX_BUDGET_USD : MAX_BUDGET_TOKENS;
  const whole = kind !== 'costUsd';
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > max || (whole && !Number.isInteger(value))) {
    add(issues, path, `must be ${whole ? 'a whole number of tokens' : 'a number of US dollars'} from 0 to ${max}, got ${showValue(value)}`);
  }
}

function checkScope(issues: Issue[], path: string, v: Record<string, unknown>, stepIds: ReadonlySet<string>, stepRequired: boolean): void {
  if (!(SCOPES as readonly unknown[]).includes(v.scope)) add(issues, key(path, 'scope'), `must be "plan" or "step", got ${showValue(v.scope)}`);
  if (!(BUDGET_KINDS as readonly unknown[]).includes(v.kind)) add(issues, key(path, 'kind'), `must be one of ${BUDGET_KINDS.join(', ')}, got ${showValue(v.kind)}`);
  if ((stepRequired || v.scope === 'step' || v.stepId !== undefined) && !(typeof v.stepId === 'string' && stepIds.has(v.stepId))) {
    add(issues, key(path, 'stepId'), `must name a step of the plan, got ${showValue(v.stepId)}; known steps: ${listSome(stepIds)}`);
  }
}

/** `budgetRaises`: each names its budget, the new limit, who raised it and when. */
export function checkBudgetRaises(issues: Issue[], path: string, value: unknown, stepIds: ReadonlySet<string>): void {
  if (!Array.isArray(value)) {
    add(issues, path, `must be an array of budget raises, got ${showValue(value)}`);
    return;
  }
  value.forEach((raise: unknown, i) => {
    const at = index(path, i);
    if (!isRecord(raise)) {
      add(issues, at, `must be an object with "scope", "kind", "limit", "by" and "at", got ${showValue(raise)}`);
      return;
    }
    checkScope(issues, at, raise, stepIds, false);
    checkLimit(issues, key(at, 'limit'), raise.kind, raise.limit);
    if (!isNonEmptyString(raise.by)) add(issues, key(at, 'by'), `must be who raised it, got ${showValue(raise.by)}`);
    const problem = timestampProblem(raise.at, false);
    if (problem) add(issues, key(at, 'at'), problem);
    if (raise.commentId !== undefined) checkInteger(issues, key(at, 'commentId'), raise.commentId, 1);
  });
}

/** `budgetBlock`: the budget that blocked the plan, its limit and what was spent. */
export function checkBudgetBlock(issues: Issue[], path: string, value: unknown, stepIds: ReadonlySet<string>): void {
  if (!isRecord(value)) {
    add(issues, path, `must be null or an object with "stepId", "scope", "kind", "limit" and "spent", got ${showValue(value)}`);
    return;
  }
  checkScope(issues, path, value, stepIds, true);
  checkLimit(issues, key(path, 'limit'), value.kind, value.limit);
  // What was spent can pass any limit (a budget is checked between attempts).
  if (typeof value.spent !== 'number' || !Number.isFinite(value.spent) || value.spent < 0) add(issues, key(path, 'spent'), `must be a number >= 0, got ${showValue(value.spent)}`);
}
