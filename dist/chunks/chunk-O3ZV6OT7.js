import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);
import {
  routeOf
} from "./chunk-HL6FWS6T.js";
import {
  attemptTimeoutMsFor,
  currentStepId,
  maxAttemptsFor,
  retryBackoffSecondsFor,
  stepTimeLeftMs
} from "./chunk-RVNDXNJV.js";

// src/core/tick/retry-backoff.ts
function retryDelayMs(failures, baseSeconds, random) {
  if (baseSeconds <= 0 || failures < 1) return 0;
  let raw = baseSeconds * 1e3 * 4 ** Math.min(failures - 1, 12), jitter = 0.8 + 0.4 * Math.min(Math.max(random, 0), 1);
  return Math.round(Math.min(raw, 144e5) * jitter);
}

// src/core/tick/attempt-policy.ts
var MIN_ATTEMPT_TIMEOUT_MS = 1e3;
function attemptTimeoutMs(def, run, limits, now) {
  return Math.max(MIN_ATTEMPT_TIMEOUT_MS, Math.min(attemptTimeoutMsFor(def, limits), stepTimeLeftMs(def, run, now)));
}
function fitsTimeBudget(now, timeoutMs, deadline) {
  return !deadline || now.getTime() + timeoutMs <= deadline.getTime();
}
function blockedStepId(state, attempt) {
  return attempt.detourFor ? currentStepId(state) ?? attempt.stepId : attempt.stepId;
}
function retryAt(verdict, ctx) {
  if (verdict.outcome === "overflow" && routeOf(ctx.def, "onOverflow").kind === "detour" || verdict.outcome === "succeeded" || verdict.outcome === "recovered" || verdict.outcome === "cancelled" || verdict.outcome === "over_budget") return;
  let tries = ctx.run.tries;
  if (tries >= maxAttemptsFor(ctx.def, ctx.limits) || verdict.failedRules?.length && routeOf(ctx.def).kind === "detour") return;
  let waitMs = retryDelayMs(tries, retryBackoffSecondsFor(ctx.def, ctx.limits), ctx.random());
  if (!(waitMs <= 0))
    return { at: new Date(ctx.now.getTime() + waitMs).toISOString(), waitMs };
}

export {
  attemptTimeoutMs,
  fitsTimeBudget,
  blockedStepId,
  retryAt
};
