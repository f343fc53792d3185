// What a step's completion commit holds (README, "What a completion commit holds"). By default
// (`commit: all`) every file the agent left in the workspace that git does not ignore; a plan, or
// one of its steps, may narrow that to the step's required outputs (`commit: outputs`) or leave
// out files by pattern (`commit: { ignore: [...] }`). The field is part of the plan, so the
// proposal shows it and the plan hash binds it.
import type { Issue } from '../errors.js';
import { showValue } from '../errors.js';
import { add, index, isRecord, key } from './field-checks.js';
import type { Plan } from '../state/types.js';

export type CommitSelection = { kind: 'all' } | { kind: 'outputs'; paths: string[] } | { kind: 'ignore'; patterns: string[] };

/** Patterns an ignore list may hold at most. */
const MAX_PATTERNS = 100;

/** The selection for a step's completion commit: the step's own `commit`, else the plan's, else all. */
export function commitSelection(plan: Plan, stepId: string): CommitSelection {
  const def = plan.steps[stepId];
  const field = def?.commit ?? plan.commit;
  if (field === 'outputs') return { kind: 'outputs', paths: def?.requiredOutputs ?? [] };
  if (isRecord(field) && Array.isArray(field.ignore)) return { kind: 'ignore', patterns: field.ignore.filter((p): p is string => typeof p === 'string') };
  return { kind: 'all' };
}

/** How the proposal says it, in one line. */
export function commitText(field: unknown): string | undefined {
  if (field === undefined) return undefined;
  if (field === 'all') return 'every file the agent leaves that git does not ignore';
  if (field === 'outputs') return "only the step's required outputs";
  if (isRecord(field) && Array.isArray(field.ignore)) return `every file the agent leaves but those matching ${field.ignore.map((p) => JSON.stringify(p)).join(', ')}`;
  return undefined;
}

/** Checks a plan's or a step's `commit` field. */
export function checkCommitField(issues: Issue[], path: string, value: unknown): void {
  if (value === 'all' || value === 'outputs') return;
  if (!isRecord(value) || !Array.isArray(value.ignore) || Object.keys(value).some((k) => k !== 'ignore')) {
    add(issues, path, `must be "all", "outputs" or { "ignore": ["pattern", …] }, got ${showValue(value)}`);
    return;
  }
  if (value.ignore.length > MAX_PATTERNS) add(issues, key(path, 'ignore'), `may hold at most ${MAX_PATTERNS} patterns, got ${value.ignore.length}`);
  value.ignore.forEach((p: unknown, i) => {
    const at = index(key(path, 'ignore'), i);
    if (typeof p !== 'string' || p.trim() === '' || p.length > 300) add(issues, at, `must be a glob of 1-300 characters relative to the workspace, got ${showValue(p)}`);
    else if (/[\u0000-\u001f\u007f]/.test(p) || p.startsWith('/') || p.startsWith(':') || p.split('/').includes('..'))
      add(issues, at, `must be a relative glob without control characters, a leading "/" or ":", or "..", got ${showValue(p)}`);
  });
}
