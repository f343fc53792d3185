// Checks step groups (plan `groups`, step `retry`) and routes (step `routes`), see
// core/tick/flow.ts. A group is a run of consecutive queued steps, each step in one group at
// most; a route goes to a queued step, on a condition it can meet, a bounded number of times.
import { showValue, type Issue } from '../errors.js';
import { ID_PATTERN, add, checkInteger, checkKnownFields, index, isNonEmptyString, isRecord, key, listSome } from './field-checks.js';
import { effectiveQueue } from './plan-queue.js';
import { DEFAULT_GROUP_ATTEMPTS, MAX_ROUTE_TIMES, MAX_ROUTES } from '../tick/flow.js';
import { MAX_ATTEMPTS } from './validate-plan.js';
import type { Plan } from '../state/types.js';

const GROUP_FIELDS = ['steps', 'maxAttempts'] as const;
const ROUTE_FIELDS = ['when', 'goto', 'max'] as const;
const MAX_EXPECTED_CHARS = 4096;

/** Problems with the plan's groups and every step's `retry` and `routes`. */
export function checkFlow(issues: Issue[], basePath: string, plan: Plan, strict: boolean): void {
  const queue = effectiveQueue(plan);
  const position = new Map(queue.map((id, i) => [id, i]));
  const grouped = new Map<string, string>();
  if (plan.groups !== undefined) {
    const path = key(basePath, 'groups');
    if (!isRecord(plan.groups)) add(issues, path, `must be an object mapping group ids to { "steps": [...], "maxAttempts"?: n }, got ${showValue(plan.groups)}`);
    else for (const [id, group] of Object.entries(plan.groups)) checkGroup(issues, key(path, id), id, group, position, grouped, strict);
  }
  for (const [stepId, step] of Object.entries(plan.steps)) {
    if (!isRecord(step)) continue;
    const stepPath = key(key(basePath, 'steps'), stepId);
    if (step.retry !== undefined) {
      if (step.retry !== 'step' && step.retry !== 'group')
        add(issues, key(stepPath, 'retry'), `must be "step" (a failure retries this step) or "group" (its group runs again from its first step), got ${showValue(step.retry)}`);
      else if (step.retry === 'group' && !grouped.has(stepId)) add(issues, key(stepPath, 'retry'), `is "group", but step ${stepId} is in no group of plan.groups`);
    }
    if (step.routes !== undefined) checkRoutes(issues, key(stepPath, 'routes'), step.routes, position, Array.isArray(step.validate) ? step.validate.length : 0, strict);
  }
}

function checkGroup(issues: Issue[], path: string, id: string, group: unknown, position: ReadonlyMap<string, number>, grouped: Map<string, string>, strict: boolean): void {
  if (!ID_PATTERN.test(id)) add(issues, path, `has an invalid group id ${showValue(id)}; expected 1-100 letters, digits, ".", "_" or "-", starting with a letter or digit`);
  if (!isRecord(group)) {
    add(issues, path, `must be an object with "steps" (consecutive queued steps) and optionally "maxAttempts" (default ${DEFAULT_GROUP_ATTEMPTS}), got ${showValue(group)}`);
    return;
  }
  if (strict) checkKnownFields(issues, path, group, GROUP_FIELDS);
  if (group.maxAttempts !== undefined) checkInteger(issues, key(path, 'maxAttempts'), group.maxAttempts, 1, MAX_ATTEMPTS);
  const steps = group.steps;
  if (!Array.isArray(steps) || steps.length === 0) {
    add(issues, key(path, 'steps'), `must be a non-empty array of step ids, got ${showValue(steps)}`);
    return;
  }
  let previous: number | undefined;
  steps.forEach((stepId: unknown, i) => {
    const p = index(key(path, 'steps'), i);
    if (typeof stepId !== 'string' || !position.has(stepId)) {
      add(issues, p, `must name a step of the plan's queue, got ${showValue(stepId)}; queued steps: ${listSome([...position.keys()])}`);
      return;
    }
    const other = grouped.get(stepId);
    if (other !== undefined) add(issues, p, `names step ${stepId}, which is in group ${other} already; a step is in one group at most`);
    grouped.set(stepId, id);
    const at = position.get(stepId)!;
    if (previous !== undefined && at !== previous + 1)
      add(issues, p, `must follow the group's previous step in the queue: a group is consecutive queued steps, in order (${stepId} is at ${at + 1}, expected ${previous + 2})`);
    previous = at;
  });
}

function checkRoutes(issues: Issue[], path: string, routes: unknown, position: ReadonlyMap<string, number>, rules: number, strict: boolean): void {
  if (!Array.isArray(routes) || routes.length > MAX_ROUTES) {
    add(issues, path, `must be an array of at most ${MAX_ROUTES} routes ({ "when": …, "goto": "<step id>", "max"?: n }), got ${showValue(routes)}`);
    return;
  }
  routes.forEach((route: unknown, i) => {
    const p = index(path, i);
    if (!isRecord(route)) {
      add(issues, p, `must be an object with "when" and "goto", got ${showValue(route)}`);
      return;
    }
    if (strict) checkKnownFields(issues, p, route, ROUTE_FIELDS);
    if (typeof route.goto !== 'string' || !position.has(route.goto)) {
      add(issues, key(p, 'goto'), `must name a step of the plan's queue, got ${showValue(route.goto)}; queued steps: ${listSome([...position.keys()])}`);
    }
    // Every route is bounded, so no loop through routes is endless.
    if (route.max !== undefined) checkInteger(issues, key(p, 'max'), route.max, 1, MAX_ROUTE_TIMES);
    checkWhen(issues, key(p, 'when'), route.when, rules);
  });
}

function checkWhen(issues: Issue[], path: string, when: unknown, rules: number): void {
  const expected = '{ "key": "<payload key>", "equals": <value> }, { "rule": <index>, "passes": true } or { "rule": <index>, "fails": true }';
  if (!isRecord(when)) {
    add(issues, path, `must be ${expected}, got ${showValue(when)}`);
    return;
  }
  const keys = Object.keys(when).sort().join(',');
  if (keys === 'equals,key') {
    if (!isNonEmptyString(when.key)) add(issues, key(path, 'key'), `must be a payload key (a dot path), got ${showValue(when.key)}`);
    const v = when.equals;
    if (!(v === null || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v)) || (typeof v === 'string' && v.length <= MAX_EXPECTED_CHARS))) {
      add(issues, key(path, 'equals'), `must be a string, number, true, false or null, got ${showValue(v)}`);
    }
    return;
  }
  if (keys === 'passes,rule' || keys === 'fails,rule') {
    const flag = keys === 'passes,rule' ? 'passes' : 'fails';
    if (when[flag] !== true) add(issues, key(path, flag), `must be true, got ${showValue(when[flag])}`);
    if (typeof when.rule !== 'number' || !Number.isInteger(when.rule) || when.rule < 0 || when.rule >= rules) {
      add(
        issues,
        key(path, 'rule'),
        rules
          ? `must be the index of one of the step's ${rules} validation rules (0 to ${rules - 1}), got ${showValue(when.rule)}`
          : `names a validation rule, but the step has none, got ${showValue(when.rule)}`,
      );
    }
    return;
  }
  add(issues, path, `must be ${expected}, got ${showValue(when)}`);
}
