// Where a plan goes after an attempt, beyond the next step (README, "Step groups and routes"):
// the original orchestrator's two-level retries (a failed step can run its whole group again,
// `retry: group`, within the group's own budget) and routing on values (`routes`: a rule that
// passed or failed, or a payload value, chooses the next step). Both move the plan to an earlier
// step (the steps from there on run again, their attempts kept) or to a later one (the steps in
// between are skipped, saying why). Every route is taken at most `max` times and every group at
// most `maxAttempts` times in a run, so no loop is endless.
import type { Notice } from './notices.js';
import { ruleLabel } from './rules.js';
import { lookupKey } from './payload.js';
import { stepRun } from '../state/step-view.js';
import { runAgain } from './run-again.js';
import type { GroupDef, RouteDef, State, StepRun } from '../state/types.js';

export const DEFAULT_GROUP_ATTEMPTS = 2;
export const DEFAULT_ROUTE_MAX = 3;
export const MAX_ROUTE_TIMES = 100;
export const MAX_ROUTES = 20;

/** What an attempt left, as far as routing cares. */
export interface RoutingFacts {
  succeeded: boolean;
  payload?: unknown;
  failedRules?: string[];
}

export interface Moved {
  state: State;
  notices: Notice[];
  /** Said in the log and the commit message. */
  why: string;
}

/** The group that holds `stepId`, if any. */
export function groupOf(state: State, stepId: string): { id: string; def: GroupDef } | undefined {
  for (const [id, def] of Object.entries(state.plan.groups ?? {})) if (def.steps.includes(stepId)) return { id, def };
  return undefined;
}

/** The first route of `stepId` whose condition holds for this attempt and that has times left. */
export function routeFor(state: State, stepId: string, facts: RoutingFacts): { index: number; route: RouteDef } | undefined {
  const def = state.plan.steps[stepId];
  const routes = def?.routes ?? [];
  for (const [index, route] of routes.entries()) {
    const taken = state.routeCounts?.[`${stepId}#${index}`] ?? 0;
    if (taken >= (route.max ?? DEFAULT_ROUTE_MAX)) continue;
    if (holds(route.when, facts, def?.validate ?? [])) return { index, route };
  }
  return undefined;
}

function holds(when: RouteDef['when'], facts: RoutingFacts, rules: NonNullable<State['plan']['steps'][string]['validate']>): boolean {
  if ('key' in when) {
    if (!facts.succeeded || facts.payload === undefined) return false;
    const found = lookupKey(facts.payload, when.key);
    return found.found && found.value === when.equals;
  }
  const rule = rules[when.rule];
  if (!rule) return false;
  const failed = (facts.failedRules ?? []).includes(ruleLabel(rule));
  return 'fails' in when ? !facts.succeeded && failed : facts.succeeded && !failed;
}

/** Takes route `index` of `stepId`: the plan goes to its `goto` step, counted against its `max`. */
export function takeRoute(state: State, stepId: string, index: number, route: RouteDef): Moved {
  const counts = { ...state.routeCounts, [`${stepId}#${index}`]: (state.routeCounts?.[`${stepId}#${index}`] ?? 0) + 1 };
  const taken = counts[`${stepId}#${index}`]!;
  const why = `${stepId} took route ${index + 1} to ${route.goto} (${taken} of ${route.max ?? DEFAULT_ROUTE_MAX} times)`;
  return { state: moveTo({ ...state, routeCounts: counts }, stepId, route.goto, `routed past by ${stepId}`), notices: [], why };
}

/**
 * A failed step with `retry: group`: the group runs again from its first step while it has
 * attempts left (the failure reaches that step's prompt); otherwise null (the caller blocks).
 */
export function rerunGroup(state: State, stepId: string, error: string): Moved | null {
  const group = groupOf(state, stepId);
  if (!group) return null;
  const max = group.def.maxAttempts ?? DEFAULT_GROUP_ATTEMPTS;
  const tries = state.groupRuns?.[group.id]?.tries ?? 1;
  if (tries >= max) return null;
  const first = group.def.steps[0]!;
  const why = `step ${stepId} of group ${group.id} failed; the group runs again from ${first} (group attempt ${tries + 1} of ${max})`;
  const moved = moveTo(state, stepId, first, '');
  // The group's first step is retried with the failure in its prompt (its own tries start afresh).
  const run = stepRun(moved, first);
  const stepRuns = { ...moved.stepRuns };
  Object.defineProperty(stepRuns, first, { value: { ...run, status: 'FAILED', error: `${why}: ${error}` }, enumerable: true, writable: true, configurable: true });
  const groupRuns = { ...state.groupRuns, [group.id]: { tries: tries + 1, lastFailure: { step: stepId, error } } };
  return { state: { ...moved, stepRuns, groupRuns }, notices: [], why };
}

/** Why a group cannot run again: its budget is spent. */
export function groupSpentText(state: State, stepId: string): string | null {
  const group = groupOf(state, stepId);
  if (!group) return null;
  return `group ${group.id} ran ${group.def.maxAttempts ?? DEFAULT_GROUP_ATTEMPTS} times and ${stepId} failed again (retry: group)`;
}

/**
 * The plan goes from `from` (the current step) to `to`: back, and the steps from `to` through
 * `from` run again (their attempts kept; `from` keeps its payload for the prompts that name it);
 * forward, and the steps between are skipped with `skipNote`.
 */
function moveTo(state: State, from: string, to: string, skipNote: string): State {
  const queue = state.stepQueue;
  const c = queue.indexOf(from);
  const t = queue.indexOf(to);
  if (t <= c) return { ...state, ...runAgain(state, queue.slice(t, c + 1), from), currentStep: t, notBefore: null };
  const stepRuns = { ...state.stepRuns };
  const set = (id: string, run: StepRun) => Object.defineProperty(stepRuns, id, { value: run, enumerable: true, writable: true, configurable: true });
  for (const id of queue.slice(c + 1, t)) set(id, { ...stepRun(state, id), status: 'SKIPPED', error: skipNote });
  if (stepRun(state, from).status !== 'DONE') set(from, { ...stepRun(state, from), status: 'SKIPPED' });
  return { ...state, stepRuns, artifacts: state.artifacts ?? [], currentStep: t, notBefore: null };
}
