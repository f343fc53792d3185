// Preflight checks a plan configures (README, "The plan format"), as the original reliable scheduled
// workflow runs them before its summary step: tools that must be on PATH, environment variables
// that must be set (names only: values are never read into a message) and commands that must
// succeed. They run before each attempt of a step, after the built-in ones (an agent command
// found, a writable workspace); a failure records no attempt and names what is missing.
import { showValue, type Issue } from '../errors.js';
import { add, checkKnownFields, index, isRecord, key } from './field-checks.js';
import { checkArgv } from './validate-rules.js';
import type { Plan } from '../state/types.js';

export interface PreflightDef {
  /** Programs that must be found on PATH (or at the path given). */
  tools?: string[];
  /** Names of environment variables that must be set, and not empty, for the agent. */
  env?: string[];
  /** Commands (argv, no shell) that must exit 0, each within PREFLIGHT_COMMAND_SECONDS. */
  commands?: string[][];
}

export const PREFLIGHT_FIELDS = ['tools', 'env', 'commands'] as const;
export const PREFLIGHT_COMMAND_SECONDS = 60;
const MAX_ENTRIES = 50;
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const TOOL_NAME = /^[^\u0000-\u001f\u007f]{1,200}$/;

export function checkPreflight(issues: Issue[], path: string, value: unknown, strict: boolean): void {
  if (!isRecord(value)) {
    add(issues, path, `must be an object with any of ${PREFLIGHT_FIELDS.join(', ')}, got ${showValue(value)}`);
    return;
  }
  if (strict) checkKnownFields(issues, path, value, PREFLIGHT_FIELDS);
  list(issues, key(path, 'tools'), value.tools, 'program names to find on PATH', (p, v) => {
    if (typeof v !== 'string' || !TOOL_NAME.test(v) || v.trim() === '') add(issues, p, `must be a program name (one line, at most 200 characters), got ${showValue(v)}`);
  });
  list(issues, key(path, 'env'), value.env, 'environment variable names that must be set', (p, v) => {
    if (typeof v !== 'string' || !ENV_NAME.test(v)) add(issues, p, `must be an environment variable name (letters, digits and "_", not starting with a digit), got ${showValue(v)}`);
  });
  list(issues, key(path, 'commands'), value.commands, 'commands that must succeed, each an argv array such as ["gh", "auth", "status"]', (p, v) => checkArgv(issues, p, v));
}

function list(issues: Issue[], path: string, value: unknown, what: string, each: (path: string, v: unknown) => void): void {
  if (value === undefined) return;
  if (!Array.isArray(value) || value.length > MAX_ENTRIES) {
    add(issues, path, `must be an array of at most ${MAX_ENTRIES} ${what}, got ${showValue(value)}`);
    return;
  }
  value.forEach((v, i) => each(index(path, i), v));
}

/** The checks before an attempt of `stepId`: the plan's, then the step's own. */
export function preflightOf(plan: Plan, stepId: string): Required<PreflightDef> {
  const own = plan.steps[stepId]?.preflight;
  const all = [plan.preflight, own].filter((p): p is PreflightDef => isRecord(p));
  return {
    tools: [...new Set(all.flatMap((p) => p.tools ?? []))],
    env: [...new Set(all.flatMap((p) => p.env ?? []))],
    commands: all.flatMap((p) => p.commands ?? []),
  };
}

/** Whether any step or the plan sets preflight commands (they run a process: trusted plans only). */
export function hasPreflightCommands(value: unknown): boolean {
  return isRecord(value) && Array.isArray(value.commands) && value.commands.length > 0;
}
