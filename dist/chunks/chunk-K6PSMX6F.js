import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);

// src/core/state/step-view.ts
var DEFAULT_LIMITS = { maxAttempts: 3, attemptTimeoutMinutes: 60 };
var EMPTY_RUN = Object.freeze({ status: "PENDING", tries: 0 });
function currentStepId(state) {
  return state.stepQueue[state.currentStep];
}
function stepDef(state, stepId) {
  const def = state.plan.steps[stepId];
  if (!def) throw new Error(`step "${stepId}" is queued but has no definition in plan.steps`);
  return def;
}
function stepRun(state, stepId) {
  return state.stepRuns[stepId] ?? EMPTY_RUN;
}
function lastAttempt(run) {
  const attempts = run.attempts;
  return attempts && attempts.length ? attempts[attempts.length - 1] : void 0;
}
function nextAttemptNumber(run) {
  return Math.max(run.tries, run.attempts?.length ?? 0, lastAttempt(run)?.n ?? 0) + 1;
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
  if (def.timeoutMinutes === void 0 || !run.firstStartedAt) return Infinity;
  return Date.parse(run.firstStartedAt) + def.timeoutMinutes * 6e4 - now.getTime();
}
function attemptId(state, stepId, n) {
  return `${state.planId ?? "plan"}/${stepId}/${n}`;
}
function stepsSkipped(state) {
  return state.stepQueue.filter((id) => state.stepRuns[id]?.status === "SKIPPED").length;
}
function stepsDone(state) {
  let done = 0;
  for (const id of state.stepQueue) {
    const status = state.stepRuns[id]?.status;
    if (status === "DONE" || status === "SKIPPED") done++;
  }
  return done;
}
function sameOwner(a, b) {
  if (a.kind === "local" && b.kind === "local") return a.host === b.host && a.pid === b.pid;
  if (a.kind === "actions" && b.kind === "actions") return a.runId === b.runId && a.runAttempt === b.runAttempt;
  return false;
}

export {
  DEFAULT_LIMITS,
  currentStepId,
  stepDef,
  stepRun,
  lastAttempt,
  nextAttemptNumber,
  maxAttemptsFor,
  retryBackoffSecondsFor,
  attemptTimeoutMsFor,
  stepTimeLeftMs,
  attemptId,
  stepsSkipped,
  stepsDone,
  sameOwner
};
