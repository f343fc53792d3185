// The run order of a plan without an explicit `stepQueue`: its steps in order, except those
// that exist only as remediation targets (another step's `onValidationFail` or `onOverflow`), which
// run when a failure routes to them and never in the queue on their own.
import type { Plan } from '../state/types.js';

export function defaultQueue(plan: Plan): string[] {
  const ids = Object.keys(plan.steps);
  const targets = new Set<string>();
  for (const id of ids) {
    for (const route of [plan.steps[id]?.onValidationFail, plan.steps[id]?.onOverflow]) {
      if (route && route !== id && Object.hasOwn(plan.steps, route)) targets.add(route);
    }
  }
  return ids.filter((id) => !targets.has(id));
}

/** The queue a plan runs in: the one given, else the plan's own, else the default. */
export function effectiveQueue(plan: Plan, given?: string[]): string[] {
  return [...(given ?? plan.stepQueue ?? defaultQueue(plan))];
}
