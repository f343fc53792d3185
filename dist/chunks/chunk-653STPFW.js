import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);
import {
  add,
  checkKnownFields,
  isRecord,
  key,
  showValue
} from "./chunk-CIGEKA3Y.js";

// src/core/plan/validate-budget.ts
var BUDGET_FIELDS = ["costUsd", "tokens"], MAX_BUDGET_USD = 1e6, MAX_BUDGET_TOKENS = 1e12;
function checkBudget(issues, path, value, strict) {
  if (!isRecord(value)) {
    add(issues, path, `must be an object with "costUsd" (US dollars), "tokens" or both, got ${showValue(value)}`);
    return;
  }
  strict && checkKnownFields(issues, path, value, BUDGET_FIELDS);
  let cost = value.costUsd;
  cost !== void 0 && (typeof cost != "number" || !Number.isFinite(cost) || cost <= 0 || cost > MAX_BUDGET_USD) && add(issues, key(path, "costUsd"), `must be a number of US dollars > 0 and <= ${MAX_BUDGET_USD}, got ${showValue(cost)}`);
  let tokens = value.tokens;
  tokens !== void 0 && (typeof tokens != "number" || !Number.isInteger(tokens) || tokens < 1 || tokens > MAX_BUDGET_TOKENS) && add(issues, key(path, "tokens"), `must be a whole number of tokens from 1 to ${MAX_BUDGET_TOKENS}, got ${showValue(tokens)}`), cost === void 0 && tokens === void 0 && add(issues, path, 'must set "costUsd", "tokens" or both; leave "budget" out for no budget');
}

export {
  MAX_BUDGET_USD,
  MAX_BUDGET_TOKENS,
  checkBudget
};
