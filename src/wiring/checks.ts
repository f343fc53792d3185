// The checks every entry point applies to the values a person sets (the Action's inputs, the
// CLI's flags, environment variables): plan and step ids, branch and remote names, numbers in a
// range. Each surface words a bad value its own way (a `Field`); the rule and the words for what
// is expected are the same everywhere. Pure: adapters that re-check a name before a git call use
// the predicates too.
import { ConfigError } from '../core/errors.js';
import { ID_PATTERN, MAX_BUDGET_TOKENS, MAX_BUDGET_USD } from '../core/plan/plan-limits.js';
import type { Budget } from '../core/state/types.js';

/** A setting as the person wrote it: how an error names it and its bad value. */
export interface Field {
  invalid(value: string, expected: string): ConfigError;
}

/** An Action input (or a workflow_dispatch input in the event): `Invalid input 'plan-id': "x". Expected …`. */
export function actionInput(name: string, source = 'input'): Field {
  return { invalid: (value, expected) => new ConfigError(`Invalid ${source} '${name}': "${value}". Expected ${expected}.`) };
}

/** A CLI flag or a variable the CLI reads: `--plan-id: expected …, got "x"`. */
export function cliOption(name: string): Field {
  return { invalid: (value, expected) => new ConfigError(`${name}: expected ${expected}, got "${value}"`) };
}

/** A variable of the Action's environment: `NAME is "x"; expected ….`. */
export function environmentVariable(name: string): Field {
  return { invalid: (value, expected) => new ConfigError(`${name} is "${value}"; expected ${expected}.`) };
}

export const PLAN_ID_EXPECTED = 'letters, digits, ".", "_" or "-" (up to 100, starting with a letter or digit)';

/** Plan and step ids: safe in paths, branch names and commands. */
export function isPlanId(value: string): boolean {
  return ID_PATTERN.test(value);
}

export function checkPlanId(value: string, field: Field): string {
  if (!isPlanId(value)) throw field.invalid(value, PLAN_ID_EXPECTED);
  return value;
}

export function checkStepId(value: string, field: Field): string {
  if (!isPlanId(value)) throw field.invalid(value, 'a step id');
  return value;
}

/**
 * A conservative subset of git-check-ref-format: no option-like start, no `..`, `//`, `.lock`
 * ending or component starting with a dot. A name that passes can never be read as an option
 * and is accepted by git.
 */
export function isBranchName(name: string): boolean {
  return (
    /^[A-Za-z0-9._/-]+$/.test(name) &&
    !name.startsWith('-') &&
    !name.startsWith('/') &&
    !name.endsWith('/') &&
    !name.endsWith('.') &&
    !name.endsWith('.lock') &&
    !name.includes('..') &&
    !name.includes('//') &&
    !/(^|\/)\./.test(name)
  );
}

export function checkBranchName(value: string, field: Field, example = 'main'): string {
  if (!isBranchName(value)) throw field.invalid(value, `a branch name such as ${example}`);
  return value;
}

/** A git remote's name (never a URL, never option-like). */
export function isRemoteName(name: string): boolean {
  return /^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(name);
}

export function checkRemoteName(value: string, field: Field): string {
  if (!isRemoteName(value)) throw field.invalid(value, 'a git remote name such as origin');
  return value;
}

export interface NumberRange {
  min: number;
  max: number;
  /** The value when none is given (unset or blank). */
  fallback: number;
  /** Fractions allowed (seconds read from the environment); default: whole numbers only. */
  fractions?: boolean;
  /** What is expected, in words; default `a whole number from <min> to <max>`. */
  expected?: string;
}

/** A number from text: blank means the fallback; anything else must be a number in the range. */
export function parseNumber(raw: string | undefined, field: Field, range: NumberRange): number {
  if (raw === undefined || raw.trim() === '') return range.fallback;
  const n = Number(raw);
  const ok = (range.fractions ? Number.isFinite(n) : Number.isInteger(n)) && n >= range.min && n <= range.max;
  if (!ok) throw field.invalid(raw, range.expected ?? `a whole number from ${range.min} to ${range.max}`);
  return n;
}

/** One of a fixed set of words. */
export function checkOneOf<T extends string>(value: string, allowed: readonly T[], field: Field, expected?: string): T {
  if (!(allowed as readonly string[]).includes(value)) throw field.invalid(value, expected ?? anyOf(allowed));
  return value as T;
}

/** `"a", "b" or "c"` */
function anyOf(words: readonly string[]): string {
  const quoted = words.map((w) => `"${w}"`);
  return quoted.length < 2 ? quoted.join('') : `${quoted.slice(0, -1).join(', ')} or ${quoted[quoted.length - 1]}`;
}

/**
 * A budget from its two settings (dollars, tokens), either blank for none; undefined when both
 * are. The same limits as a plan's `budget`.
 */
export function parseBudget(usd: { raw: string | undefined; field: Field }, tokens: { raw: string | undefined; field: Field }): Budget | undefined {
  const costUsd = usd.raw?.trim()
    ? parseNumber(usd.raw, usd.field, { fallback: 0, min: 0.0001, max: MAX_BUDGET_USD, fractions: true, expected: `a number of US dollars > 0 and <= ${MAX_BUDGET_USD}` })
    : undefined;
  const count = tokens.raw?.trim()
    ? parseNumber(tokens.raw, tokens.field, { fallback: 0, min: 1, max: MAX_BUDGET_TOKENS, expected: `a whole number of tokens from 1 to ${MAX_BUDGET_TOKENS}` })
    : undefined;
  if (costUsd === undefined && count === undefined) return undefined;
  return { ...(costUsd !== undefined ? { costUsd } : {}), ...(count !== undefined ? { tokens: count } : {}) };
}
