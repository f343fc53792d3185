import {
  lookupKey,
  ruleLabel
} from "./chunk-IYAFPMAX.js";

// src/core/state/step-view.ts
var DEFAULT_LIMITS = { maxAttempts: 3, attemptTimeoutMinutes: 60 }, EMPTY_RUN = Object.freeze({ status: "PENDING", tries: 0 });
function currentStepId(state) {
  return state.stepQueue[state.currentStep];
}
function stepDef(state, stepId) {
  let def = state.plan.steps[stepId];
  if (!def) throw new Error(`step "${stepId}" is queued but has no definition in plan.steps`);
  return def;
}
function stepRun(state, stepId) {
  return state.stepRuns[stepId] ?? EMPTY_RUN;
}
function lastAttempt(run) {
  let attempts = run.attempts;
  return attempts && attempts.length ? attempts[attempts.length - 1] : void 0;
}
function nextAttemptNumber(run) {
  return Math.max(run.tries, run.attempts?.length ?? 0, lastAttempt(run)?.n ?? 0) + 1;
}
function attemptsMade(run) {
  return nextAttemptNumber(run) - 1;
}
function roundOf(run) {
  return typeof run.round == "number" && run.round >= 1 ? run.round : 1;
}
function withNewRound(run) {
  let round = run.tries > 0 ? roundOf(run) + 1 : roundOf(run);
  return { ...run, tries: 0, firstStartedAt: null, ...round > 1 ? { round } : {} };
}
function maxAttemptsFor(def, limits) {
  return def.maxAttempts ?? limits.maxAttempts;
}
function retryBackoffSecondsFor(def, limits) {
  return def.retryBackoff ?? limits.retryBackoffSeconds ?? 0;
}
function attemptTimeoutMsFor(def, limits) {
  return (def.attemptTimeoutMinutes ?? limits.attemptTimeoutMinutes) * 6e4;
}
function stepTimeLeftMs(def, run, now) {
  return def.timeoutMinutes === void 0 || !run.firstStartedAt ? 1 / 0 : Date.parse(run.firstStartedAt) + def.timeoutMinutes * 6e4 - now.getTime();
}
function attemptId(state, stepId, n) {
  return `${state.planId ?? "plan"}/${stepId}/${n}`;
}
function stepsSkipped(state) {
  return state.stepQueue.filter((id) => state.stepRuns[id]?.status === "SKIPPED").length;
}
function stepsDone(state) {
  let done = 0;
  for (let id of state.stepQueue) {
    let status = state.stepRuns[id]?.status;
    (status === "DONE" || status === "SKIPPED") && done++;
  }
  return done;
}
function sameOwner(a, b) {
  return a.kind === "local" && b.kind === "local" ? a.host === b.host && a.pid === b.pid : a.kind === "actions" && b.kind === "actions" ? a.runId === b.runId && a.runAttempt === b.runAttempt : !1;
}
function ranElsewhere(owner, self) {
  return owner ? owner.kind === "local" && self.kind === "local" ? owner.host !== self.host : !sameOwner(owner, self) : !1;
}
var LOST_WORK = "what it wrote and had not committed was lost with that runner (a step's files are committed only when the step finishes)";

// src/core/tick/run-again.ts
function runAgain(state, ids, keepPayloadOf) {
  let stepRuns = { ...state.stepRuns }, outputs = /* @__PURE__ */ new Set();
  for (let id of ids) {
    for (let o of state.plan.steps[id]?.requiredOutputs ?? []) outputs.add(o);
    let run = stepRuns[id];
    if (!run) continue;
    let { payload, remediation: _remediation, gatePassed: _gate, ...rest } = run, fresh = { ...rest, status: "PENDING", tries: 0, error: null, firstStartedAt: null, ...id === keepPayloadOf && payload !== void 0 ? { payload } : {} };
    Object.defineProperty(stepRuns, id, { value: fresh, enumerable: !0, writable: !0, configurable: !0 });
  }
  return { stepRuns, artifacts: (state.artifacts ?? []).filter((o) => !outputs.has(o)) };
}

// src/core/tick/flow.ts
var DEFAULT_GROUP_ATTEMPTS = 2, DEFAULT_ROUTE_MAX = 3, MAX_ROUTE_TIMES = 100, MAX_ROUTES = 20;
function groupOf(state, stepId) {
  for (let [id, def] of Object.entries(state.plan.groups ?? {})) if (def.steps.includes(stepId)) return { id, def };
}
function routeFor(state, stepId, facts) {
  let def = state.plan.steps[stepId], routes = def?.routes ?? [];
  for (let [index, route] of routes.entries())
    if (!((state.routeCounts?.[`${stepId}#${index}`] ?? 0) >= (route.max ?? DEFAULT_ROUTE_MAX)) && holds(route.when, facts, def?.validate ?? []))
      return { index, route };
}
function holds(when, facts, rules) {
  if ("key" in when) {
    if (!facts.succeeded || facts.payload === void 0) return !1;
    let found = lookupKey(facts.payload, when.key);
    return found.found && found.value === when.equals;
  }
  let rule = rules[when.rule];
  if (!rule) return !1;
  let failed = (facts.failedRules ?? []).includes(ruleLabel(rule));
  return "fails" in when ? !facts.succeeded && failed : facts.succeeded && !failed;
}
function takeRoute(state, stepId, index, route) {
  let counts = { ...state.routeCounts, [`${stepId}#${index}`]: (state.routeCounts?.[`${stepId}#${index}`] ?? 0) + 1 }, taken = counts[`${stepId}#${index}`], why = `${stepId} took route ${index + 1} to ${route.goto} (${taken} of ${route.max ?? DEFAULT_ROUTE_MAX} times)`;
  return { state: moveTo({ ...state, routeCounts: counts }, stepId, route.goto, `routed past by ${stepId}`), notices: [], why };
}
function rerunGroup(state, stepId, error) {
  let group = groupOf(state, stepId);
  if (!group) return null;
  let max = group.def.maxAttempts ?? DEFAULT_GROUP_ATTEMPTS, tries = state.groupRuns?.[group.id]?.tries ?? 1;
  if (tries >= max) return null;
  let first = group.def.steps[0], why = `step ${stepId} of group ${group.id} failed; the group runs again from ${first} (group attempt ${tries + 1} of ${max})`, moved = moveTo(state, stepId, first, ""), run = stepRun(moved, first), stepRuns = { ...moved.stepRuns };
  Object.defineProperty(stepRuns, first, { value: { ...run, status: "FAILED", error: `${why}: ${error}` }, enumerable: !0, writable: !0, configurable: !0 });
  let groupRuns = { ...state.groupRuns, [group.id]: { tries: tries + 1, lastFailure: { step: stepId, error } } };
  return { state: { ...moved, stepRuns, groupRuns }, notices: [], why };
}
function groupSpentText(state, stepId) {
  let group = groupOf(state, stepId);
  return group ? `group ${group.id} ran ${group.def.maxAttempts ?? DEFAULT_GROUP_ATTEMPTS} times and ${stepId} failed again (retry: group)` : null;
}
function moveTo(state, from, to, skipNote) {
  let queue = state.stepQueue, c = queue.indexOf(from), t = queue.indexOf(to);
  if (t <= c) return { ...state, ...runAgain(state, queue.slice(t, c + 1), from), currentStep: t, notBefore: null };
  let stepRuns = { ...state.stepRuns }, set = (id, run) => Object.defineProperty(stepRuns, id, { value: run, enumerable: !0, writable: !0, configurable: !0 });
  for (let id of queue.slice(c + 1, t)) set(id, { ...stepRun(state, id), status: "SKIPPED", error: skipNote });
  return stepRun(state, from).status !== "DONE" && set(from, { ...stepRun(state, from), status: "SKIPPED" }), { ...state, stepRuns, artifacts: state.artifacts ?? [], currentStep: t, notBefore: null };
}

export {
  DEFAULT_LIMITS,
  currentStepId,
  stepDef,
  stepRun,
  lastAttempt,
  nextAttemptNumber,
  attemptsMade,
  roundOf,
  withNewRound,
  maxAttemptsFor,
  retryBackoffSecondsFor,
  attemptTimeoutMsFor,
  stepTimeLeftMs,
  attemptId,
  stepsSkipped,
  stepsDone,
  sameOwner,
  ranElsewhere,
  LOST_WORK,
  runAgain,
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
