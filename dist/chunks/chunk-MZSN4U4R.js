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

// src/core/tick/prompts.ts
function troubleshootingPrompt(stepId, tries, error, instruction) {
  return `Step ${stepId} failed (tries: ${tries}). Previous run ended with: ${error}. Please troubleshoot and retry: ${instruction}`;
}
function renderInstruction(instruction, state) {
  return instruction.replace(/\{\{\s*steps\.([A-Za-z0-9._-]+?)\.payload((?:\.[A-Za-z0-9_-]+)*)\s*\}\}/g, (whole, id, keys) => {
    let value = state.stepRuns[id]?.payload;
    for (const key of keys.split(".").filter(Boolean)) {
      if (value === null || typeof value !== "object") return whole;
      value = value[key];
    }
    if (value === void 0) return whole;
    return typeof value === "string" ? value : JSON.stringify(value);
  });
}
var AUTONOMY_PREAMBLE = [
  "You are carrying out one step of a longer plan, unattended: nobody can answer questions until the step ends, so do not stop to ask for confirmation.",
  "If something fails (an empty result, an API error, a source that is unavailable): retry once if the problem may be transient, then try an alternative and finish the step if at all possible.",
  "Only if you truly cannot finish: say briefly what failed and what you tried, then exit with a non-zero status, so the step is retried with a troubleshooting prompt or blocked for a person. Never stop silently."
].join("\n");
function promptPreamble(state) {
  const own = state.plan.promptPreamble;
  if (own === false) return null;
  if (typeof own === "string") return own.trim() === "" ? null : own;
  return state.version === void 0 ? null : AUTONOMY_PREAMBLE;
}
function withPreamble(state, prompt) {
  const preamble = promptPreamble(state);
  return preamble ? `${preamble}

${prompt}` : prompt;
}
function stepPrompt(state, stepId, triesSoFar, lastError) {
  const def = state.plan.steps[stepId];
  const instruction = renderInstruction(def?.instruction ?? "", state);
  if (triesSoFar > 0 && lastError) return withPreamble(state, troubleshootingPrompt(stepId, triesSoFar, lastError, instruction));
  return withPreamble(state, instruction);
}
function withExecForwarder(prompt, forwarder) {
  return [
    prompt,
    "",
    `Run every command through the sequencer's forwarder: ${forwarder} -- <program> <arguments...> (for example: ${forwarder} -- git status). It runs the program without a shell (no pipes, redirections or globbing; run a script file for those), checks it against this step's tool policy, and logs it. A refused command is not run: the forwarder exits with status 126 and says why on stderr.`
  ].join("\n");
}

// src/core/tick/remediation.ts
function routeOf(def) {
  const route = def.onValidationFail;
  if (route === void 0 || route === "retry") return { kind: "retry" };
  if (route === "fail") return { kind: "fail" };
  return { kind: "detour", via: route };
}
function validationRoute(def, run) {
  if (run.status !== "FAILED" || run.tries === 0) return null;
  const failed = lastAttempt(run)?.failedRules;
  return Array.isArray(failed) && failed.length > 0 ? routeOf(def) : null;
}
function pendingRemediation(state, stepId) {
  const run = state.stepRuns[stepId];
  const r = run?.remediation;
  if (!run || run.status !== "FAILED" || run.tries === 0 || !r || typeof r !== "object") return void 0;
  if (r.status !== "PENDING" || typeof r.step !== "string" || !Object.hasOwn(state.plan.steps, r.step)) return void 0;
  return r.forAttempt === lastAttempt(run)?.n ? r : void 0;
}
function detourChain(state, stepId) {
  const chain = [stepId];
  const seen = new Set(chain);
  for (let at = stepId; ; ) {
    const next = pendingRemediation(state, at)?.step;
    if (next === void 0 || seen.has(next)) return chain;
    chain.push(next);
    seen.add(next);
    at = next;
  }
}
function activeStepId(state) {
  const current = state.stepQueue[state.currentStep];
  if (current === void 0) return void 0;
  return detourChain(state, current).at(-1);
}
function remediationTargets(plan, stepId) {
  const out = [];
  for (let def = plan.steps[stepId]; def; ) {
    const route = routeOf(def);
    if (route.kind !== "detour" || route.via === stepId || out.includes(route.via) || !Object.hasOwn(plan.steps, route.via)) break;
    out.push(route.via);
    def = plan.steps[route.via];
  }
  return out;
}
function beginRemediation(state, stepId, via, forAttempt) {
  const failed = stepRun(state, stepId);
  const fixer = stepRun(state, via);
  const remediation = { step: via, forAttempt, status: "PENDING" };
  return {
    state: {
      ...state,
      stepRuns: {
        ...state.stepRuns,
        [stepId]: { ...failed, remediation },
        [via]: { ...fixer, status: "PENDING", error: null }
      }
    },
    notices: []
  };
}
function finishRemediation(state, stepId, via) {
  const run = state.stepRuns[stepId];
  const r = run?.remediation;
  if (!run || !r || r.step !== via || r.status !== "PENDING") return state;
  return { ...state, stepRuns: { ...state.stepRuns, [stepId]: { ...run, remediation: { ...r, status: "DONE" } } } };
}
function remediationPrompt(state, stepId, forStep, triesSoFar, lastError) {
  const failed = stepRun(state, forStep);
  const title = state.plan.steps[forStep]?.title;
  const attempt = failed.remediation?.forAttempt ?? lastAttempt(failed)?.n ?? failed.tries;
  const instruction = [
    renderInstruction(state.plan.steps[stepId]?.instruction ?? "", state),
    `This is a remediation step for step ${forStep}${title ? ` (${title})` : ""}, whose attempt ${attempt} failed: ${failed.error ?? "unknown error"}. Step ${forStep} runs again after this one.`
  ].join("\n\n");
  if (triesSoFar > 0 && lastError) return withPreamble(state, troubleshootingPrompt(stepId, triesSoFar, lastError, instruction));
  return withPreamble(state, instruction);
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
  sameOwner,
  promptPreamble,
  stepPrompt,
  withExecForwarder,
  routeOf,
  validationRoute,
  detourChain,
  activeStepId,
  remediationTargets,
  beginRemediation,
  finishRemediation,
  remediationPrompt
};
