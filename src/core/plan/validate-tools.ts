// Checks a `tools` policy (plan level or step level): every field strictly, since a misspelt
// `maxCals` would otherwise leave the agent without the limit its author meant.
import { showValue, type Issue } from '../errors.js';
import { ON_EXCEED, TOOLS_VIAS, toolPatternProblem } from '../guard/tool-policy.js';
import { add, checkInteger, checkKnownFields, index, isRecord, key } from './field-checks.js';

export const TOOLS_FIELDS = ['maxCalls', 'allow', 'block', 'via', 'onExceed'] as const;
/** More calls than this in one attempt is no budget at all. */
export const MAX_TOOL_CALLS = 1_000_000;
const MAX_PATTERNS = 500;
const MAX_PATTERN_CHARS = 1000;

export function checkTools(issues: Issue[], path: string, value: unknown, strict: boolean): void {
  if (!isRecord(value)) {
    add(issues, path, `must be an object with any of ${TOOLS_FIELDS.join(', ')}, got ${showValue(value)}`);
    return;
  }
  if (strict) checkKnownFields(issues, path, value, TOOLS_FIELDS);
  if (value.maxCalls !== undefined) checkInteger(issues, key(path, 'maxCalls'), value.maxCalls, 0, MAX_TOOL_CALLS);
  for (const field of ['allow', 'block'] as const) {
    if (value[field] !== undefined) checkPatterns(issues, key(path, field), value[field]);
  }
  if (value.via !== undefined && !(TOOLS_VIAS as readonly unknown[]).includes(value.via)) {
    add(
      issues,
      key(path, 'via'),
      `must be "hook" (the agent CLI's tool hook enforces the policy) or "exec" (the agent runs every command through agent-step-sequencer exec), got ${showValue(value.via)}`,
    );
  }
  if (value.onExceed !== undefined && !(ON_EXCEED as readonly unknown[]).includes(value.onExceed)) {
    add(
      issues,
      key(path, 'onExceed'),
      `must be "fail" (default: an attempt that makes more than maxCalls tool calls fails) or "deny" (later calls are denied and the step may still finish), got ${showValue(value.onExceed)}`,
    );
  }
}

function checkPatterns(issues: Issue[], path: string, value: unknown): void {
  if (!Array.isArray(value)) {
    add(issues, path, `must be an array of patterns (globs such as "git *" or "Bash(npm test)", tool names such as "WebFetch", or "/regex/"), got ${showValue(value)}`);
    return;
  }
  if (value.length > MAX_PATTERNS) add(issues, path, `must hold at most ${MAX_PATTERNS} patterns, got ${value.length}`);
  for (let i = 0; i < Math.min(value.length, MAX_PATTERNS); i++) {
    const p: unknown = value[i];
    if (typeof p !== 'string' || p === '') add(issues, index(path, i), `must be a non-empty string (a pattern), got ${showValue(p)}`);
    else if (p.length > MAX_PATTERN_CHARS) add(issues, index(path, i), `must be at most ${MAX_PATTERN_CHARS} characters, got ${p.length}`);
    else {
      const problem = toolPatternProblem(p);
      if (problem) add(issues, index(path, i), `is not a valid pattern ${showValue(p)}: ${problem}`);
    }
  }
}
