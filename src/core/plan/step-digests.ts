// What an approval remembers of each step: a short digest of its definition. When the plan inside
// a state no longer matches the approved hash (someone edited state.json, or pushed another plan
// to the work branch), the pause can then say which steps changed. Only the whole-plan hash
// decides anything; the digests are for people. They are kept for plans of up to
// MAX_DIGESTED_STEPS steps, where a person reads the list, so that a huge generated plan does not
// carry thousands of them in every write of its state.
import { createHash } from 'node:crypto';
import { canonicalJson } from './plan-hash.js';
import type { StepChange } from './replan.js';
import type { Plan } from '../state/types.js';

export const MAX_DIGESTED_STEPS = 500;

export function stepDigests(plan: Plan): Record<string, string> | undefined {
  const ids = Object.keys(plan.steps);
  if (ids.length > MAX_DIGESTED_STEPS) return undefined;
  return Object.fromEntries(ids.map((id) => [id, createHash('sha256').update(canonicalJson(plan.steps[id])).digest('hex').slice(0, 16)]));
}

/** The steps of `plan` against the digests an approval kept; null when it kept none. */
export function diffFromDigests(digests: unknown, plan: Plan): StepChange[] | null {
  if (typeof digests !== 'object' || digests === null || Array.isArray(digests)) return null;
  const before = digests as Record<string, unknown>;
  const now = stepDigests(plan);
  if (!now) return null;
  const changes: StepChange[] = Object.keys(now).map((stepId) => ({
    stepId,
    change: !Object.hasOwn(before, stepId) ? 'added' : before[stepId] === now[stepId] ? 'unchanged' : 'changed',
  }));
  for (const stepId of Object.keys(before)) if (!Object.hasOwn(now, stepId)) changes.push({ stepId, change: 'removed' });
  return changes;
}
