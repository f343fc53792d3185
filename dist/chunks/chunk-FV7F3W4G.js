import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);
import {
  lastAttempt,
  stepRun
} from "./chunk-K6PSMX6F.js";

// src/core/tick/prompts.ts
function troubleshootingPrompt(stepId, tries, error, instruction) {
  return `Step ${stepId} failed (tries: ${tries}). Previous run ended with: ${error}. Please troubleshoot and retry: ${instruction}`;
}
function overflowPrompt(stepId, tries, error, instruction, outputs) {
  const only = outputs.length ? `write only the required outputs (${outputs.join(", ")})` : "write only what the step asks for";
  return `Step ${stepId} overflowed (tries: ${tries}): ${error}. Do the step again in smaller pieces: print little, keep large data in files instead of printing it, split the work, and ${only}. The step: ${instruction}`;
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
  const last = state.stepRuns[stepId]?.attempts?.at(-1);
  if (triesSoFar > 0 && lastError && last?.outcome === "overflow") return withPreamble(state, overflowPrompt(stepId, triesSoFar, lastError, instruction, def?.requiredOutputs ?? []));
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
function routeOf(def, field = "onValidationFail") {
  const route = def[field];
  if (route === void 0 || route === "retry") return { kind: "retry" };
  if (route === "fail") return { kind: "fail" };
  return { kind: "detour", via: route };
}
function validationRoute(def, run) {
  if (run.status !== "FAILED" || run.tries === 0) return null;
  const last = lastAttempt(run);
  if (last?.outcome === "overflow") return { ...routeOf(def, "onOverflow"), field: "onOverflow" };
  const failed = last?.failedRules;
  return Array.isArray(failed) && failed.length > 0 ? { ...routeOf(def), field: "onValidationFail" } : null;
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
  const queue = [stepId];
  while (queue.length) {
    const def = plan.steps[queue.shift()];
    if (!def) continue;
    for (const field of ["onValidationFail", "onOverflow"]) {
      const route = routeOf(def, field);
      if (route.kind !== "detour" || route.via === stepId || out.includes(route.via) || !Object.hasOwn(plan.steps, route.via)) continue;
      out.push(route.via);
      queue.push(route.via);
    }
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
