// Checks a `budget` (plan level or step level): each limit strictly, since a misspelt `costUSD`
// would otherwise leave a plan without the limit its author meant.
import { showValue, type Issue } from '../errors.js';
import { add, checkKnownFields, isRecord, key } from './field-checks.js';
import { MAX_BUDGET_TOKENS, MAX_BUDGET_USD } from './plan-limits.js';

export const BUDGET_FIELDS = ['costUsd', 'tokens'] as const;

export function checkBudget(issues: Issue[], path: string, value: unknown, strict: boolean): void {
  if (!isRecord(value)) {
    add(issues, path, `must be an object with "costUsd" (US dollars), "tokens" or both, got ${showValue(value)}`);
    return;
  }
  if (strict) checkKnownFields(issues, path, value, BUDGET_FIELDS);
  const cost = value.costUsd;
  if (cost !== undefined && (typeof cost !== 'number' || !Number.isFinite(cost) || cost <= 0 || cost > MAX_BUDGET_USD)) {
    add(issues, key(path, 'costUsd'), `must be a number of US dollars > 0 and <= ${MAX_BUDGET_USD}, got ${showValue(cost)}`);
  }
  const tokens = value.tokens;
  if (tokens !== undefined && (typeof tokens !== 'number' || !Number.isInteger(tokens) || tokens < 1 || tokens > MAX_BUDGET_TOKENS)) {
    add(issues, key(path, 'tokens'), `must be a whole number of tokens from 1 to ${MAX_BUDGET_TOKENS}, got ${showValue(tokens)}`);
  }
  // Named as the field is (`budget`, or the state's `defaultBudget`).
  const name = path.slice(path.lastIndexOf('.') + 1);
  if (cost === undefined && tokens === undefined) add(issues, path, `must set "costUsd", "tokens" or both; leave "${name}" out for no budget`);
}
