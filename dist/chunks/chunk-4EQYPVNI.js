import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);
import {
  stepRun
} from "./chunk-K6PSMX6F.js";
import {
  lookupKey,
  ruleLabel
} from "./chunk-4Z7O3SX3.js";

// src/core/tick/flow.ts
var DEFAULT_GROUP_ATTEMPTS = 2;
var DEFAULT_ROUTE_MAX = 3;
var MAX_ROUTE_TIMES = 100;
var MAX_ROUTES = 20;
function groupOf(state, stepId) {
  for (const [id, def] of Object.entries(state.plan.groups ?? {})) if (def.steps.includes(stepId)) return { id, def };
  return void 0;
}
function routeFor(state, stepId, facts) {
  const def = state.plan.steps[stepId];
  const routes = def?.routes ?? [];
  for (const [index, route] of routes.entries()) {
    const taken = state.routeCounts?.[`${stepId}#${index}`] ?? 0;
    if (taken >= (route.max ?? DEFAULT_ROUTE_MAX)) continue;
    if (holds(route.when, facts, def?.validate ?? [])) return { index, route };
  }
  return void 0;
}
function holds(when, facts, rules) {
  if ("key" in when) {
    if (!facts.succeeded || facts.payload === void 0) return false;
    const found = lookupKey(facts.payload, when.key);
    return found.found && found.value === when.equals;
  }
  const rule = rules[when.rule];
  if (!rule) return false;
  const failed = (facts.failedRules ?? []).includes(ruleLabel(rule));
  return "fails" in when ? !facts.succeeded && failed : facts.succeeded && !failed;
}
function takeRoute(state, stepId, index, route) {
  const counts = { ...state.routeCounts, [`${stepId}#${index}`]: (state.routeCounts?.[`${stepId}#${index}`] ?? 0) + 1 };
  const taken = counts[`${stepId}#${index}`];
  const why = `${stepId} took route ${index + 1} to ${route.goto} (${taken} of ${route.max ?? DEFAULT_ROUTE_MAX} times)`;
  return { state: moveTo({ ...state, routeCounts: counts }, stepId, route.goto, `routed past by ${stepId}`), notices: [], why };
}
function rerunGroup(state, stepId, error) {
  const group = groupOf(state, stepId);
  if (!group) return null;
  const max = group.def.maxAttempts ?? DEFAULT_GROUP_ATTEMPTS;
  const tries = state.groupRuns?.[group.id]?.tries ?? 1;
  if (tries >= max) return null;
  const first = group.def.steps[0];
  const why = `step ${stepId} of group ${group.id} failed; the group runs again from ${first} (group attempt ${tries + 1} of ${max})`;
  const moved = moveTo(state, stepId, first, "");
  const run = stepRun(moved, first);
  const stepRuns = { ...moved.stepRuns };
  Object.defineProperty(stepRuns, first, { value: { ...run, status: "FAILED", error: `${why}: ${error}` }, enumerable: true, writable: true, configurable: true });
  const groupRuns = { ...state.groupRuns, [group.id]: { tries: tries + 1, lastFailure: { step: stepId, error } } };
  return { state: { ...moved, stepRuns, groupRuns }, notices: [], why };
}
function groupSpentText(state, stepId) {
  const group = groupOf(state, stepId);
  if (!group) return null;
  return `group ${group.id} ran ${group.def.maxAttempts ?? DEFAULT_GROUP_ATTEMPTS} times and ${stepId} failed again (retry: group)`;
}
function moveTo(state, from, to, skipNote) {
  const queue = state.stepQueue;
  const c = queue.indexOf(from);
  const t = queue.indexOf(to);
  const stepRuns = { ...state.stepRuns };
  const set = (id, run) => Object.defineProperty(stepRuns, id, { value: run, enumerable: true, writable: true, configurable: true });
  let artifacts = state.artifacts ?? [];
  if (t <= c) {
    const again = new Set(queue.slice(t, c + 1));
    const outputs = new Set([...again].flatMap((id) => state.plan.steps[id]?.requiredOutputs ?? []));
    for (const id of again) {
      const run = stepRuns[id];
      if (!run) continue;
      const { payload, remediation: _r, gatePassed: _g, ...rest } = run;
      set(id, { ...rest, status: "PENDING", tries: 0, error: null, firstStartedAt: null, ...id === from && payload !== void 0 ? { payload } : {} });
    }
    artifacts = artifacts.filter((o) => !outputs.has(o));
  } else {
    for (const id of queue.slice(c + 1, t)) set(id, { ...stepRun(state, id), status: "SKIPPED", error: skipNote });
    if (stepRun(state, from).status !== "DONE") set(from, { ...stepRun(state, from), status: "SKIPPED" });
  }
  return { ...state, stepRuns, artifacts, currentStep: t, notBefore: null };
}

export {
  DEFAULT_GROUP_ATTEMPTS,
  DEFAULT_ROUTE_MAX,
  MAX_ROUTE_TIMES,
  MAX_ROUTES,
  groupOf,
  routeFor,
  takeRoute,
  rerunGroup,
  groupSpentText
};
