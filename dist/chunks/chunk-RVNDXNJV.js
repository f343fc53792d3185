import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);

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
  LOST_WORK
};
