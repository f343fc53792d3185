import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);
import {
  routeOf
} from "./chunk-FV7F3W4G.js";
import {
  attemptTimeoutMsFor,
  currentStepId,
  maxAttemptsFor,
  retryBackoffSecondsFor,
  stepTimeLeftMs
} from "./chunk-K6PSMX6F.js";

// src/core/tick/retry-backoff.ts
var MAX_RETRY_WAIT_MS = 4 * 60 * 6e4;
function retryDelayMs(failures, baseSeconds, random) {
  if (baseSeconds <= 0 || failures < 1) return 0;
  const raw = baseSeconds * 1e3 * 4 ** Math.min(failures - 1, 12);
  const jitter = 0.8 + 0.4 * Math.min(Math.max(random, 0), 1);
  return Math.round(Math.min(raw, MAX_RETRY_WAIT_MS) * jitter);
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
  if (verdict.outcome === "overflow" && routeOf(ctx.def, "onOverflow").kind === "detour") return void 0;
  if (verdict.outcome === "succeeded" || verdict.outcome === "recovered" || verdict.outcome === "cancelled" || verdict.outcome === "over_budget") return void 0;
  const tries = ctx.run.tries;
  if (tries >= maxAttemptsFor(ctx.def, ctx.limits)) return void 0;
  if (verdict.failedRules?.length && routeOf(ctx.def).kind === "detour") return void 0;
  const waitMs = retryDelayMs(tries, retryBackoffSecondsFor(ctx.def, ctx.limits), ctx.random());
  if (waitMs <= 0) return void 0;
  return { at: new Date(ctx.now.getTime() + waitMs).toISOString(), waitMs };
}

export {
  attemptTimeoutMs,
  fitsTimeBudget,
  blockedStepId,
  retryAt
};
