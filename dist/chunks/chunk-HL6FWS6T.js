import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);
import {
  lastAttempt,
  stepRun
} from "./chunk-RVNDXNJV.js";

// src/core/tick/prompts.ts
function troubleshootingPrompt(stepId, tries, error, instruction) {
  return `Step ${stepId} failed (tries: ${tries}). Previous run ended with: ${error}. Please troubleshoot and retry: ${instruction}`;
}
function overflowPrompt(stepId, tries, error, instruction, outputs) {
  let only = outputs.length ? `write only the required outputs (${outputs.join(", ")})` : "write only what the step asks for";
  return `Step ${stepId} overflowed (tries: ${tries}): ${error}. Do the step again in smaller pieces: print little, keep large data in files instead of printing it, split the work, and ${only}. The step: ${instruction}`;
}
function renderInstruction(instruction, state) {
  return instruction.replace(/\{\{\s*steps\.([A-Za-z0-9._-]+?)\.payload((?:\.[A-Za-z0-9_-]+)*)\s*\}\}/g, (whole, id, keys) => {
    let value = state.stepRuns[id]?.payload;
    for (let key of keys.split(".").filter(Boolean)) {
      if (value === null || typeof value != "object") return whole;
      value = value[key];
    }
    return value === void 0 ? whole : typeof value == "string" ? value : JSON.stringify(value);
  });
}
var AUTONOMY_PREAMBLE = [
  "You are carrying out one step of a longer plan, unattended: nobody can answer questions until the step ends, so do not stop to ask for confirmation.",
  "If something fails (an empty result, an API error, a source that is unavailable): retry once if the problem may be transient, then try an alternative and finish the step if at all possible.",
  "Only if you truly cannot finish: say briefly what failed and what you tried, then exit with a non-zero status, so the step is retried with a troubleshooting prompt or blocked for a person. Never stop silently."
].join(`
`);
function promptPreamble(state) {
  let own = state.plan.promptPreamble;
  return own === !1 ? null : typeof own == "string" ? own.trim() === "" ? null : own : state.version === void 0 ? null : AUTONOMY_PREAMBLE;
}
function withPreamble(state, prompt) {
  let preamble = promptPreamble(state);
  return preamble ? `${preamble}

${prompt}` : prompt;
}
function stepPrompt(state, stepId, triesSoFar, lastError) {
  let def = state.plan.steps[stepId], instruction = renderInstruction(def?.instruction ?? "", state), note = state.stepRuns[stepId]?.maintainerNote, said = note && note.forAttempt === triesSoFar + 1 ? `

${maintainerNoteText(note)}` : "", last = state.stepRuns[stepId]?.attempts?.at(-1);
  return triesSoFar > 0 && lastError && last?.outcome === "overflow" ? withPreamble(state, `${overflowPrompt(stepId, triesSoFar, lastError, instruction, def?.requiredOutputs ?? [])}${said}`) : triesSoFar > 0 && lastError ? withPreamble(state, `${troubleshootingPrompt(stepId, triesSoFar, lastError, instruction)}${said}`) : withPreamble(state, `${instruction}${said}`);
}
function maintainerNoteText(note) {
  return `A maintainer (@${note.by}) says: ${note.text}`;
}
function withExecForwarder(prompt, forwarder) {
  return [
    prompt,
    "",
    `Run every command through the sequencer's forwarder: ${forwarder} -- <program> <arguments...> (for example: ${forwarder} -- git status). It runs the program without a shell (no pipes, redirections or globbing; run a script file for those), checks it against this step's tool policy, and logs it. A refused command is not run: the forwarder exits with status 126 and says why on stderr.`
  ].join(`
`);
}

// src/core/tick/remediation.ts
function routeOf(def, field = "onValidationFail") {
  let route = def[field];
  return route === void 0 || route === "retry" ? { kind: "retry" } : route === "fail" ? { kind: "fail" } : { kind: "detour", via: route };
}
function validationRoute(def, run) {
  if (run.status !== "FAILED" || run.tries === 0) return null;
  let last = lastAttempt(run);
  if (last?.outcome === "overflow") return { ...routeOf(def, "onOverflow"), field: "onOverflow" };
  let failed = last?.failedRules;
  return Array.isArray(failed) && failed.length > 0 ? { ...routeOf(def), field: "onValidationFail" } : null;
}
function pendingRemediation(state, stepId) {
  let run = state.stepRuns[stepId], r = run?.remediation;
  if (!(!run || run.status !== "FAILED" || run.tries === 0 || !r || typeof r != "object") && !(r.status !== "PENDING" || typeof r.step != "string" || !Object.hasOwn(state.plan.steps, r.step)))
    return r.forAttempt === lastAttempt(run)?.n ? r : void 0;
}
function detourChain(state, stepId) {
  let chain = [stepId], seen = new Set(chain);
  for (let at = stepId; ; ) {
    let next = pendingRemediation(state, at)?.step;
    if (next === void 0 || seen.has(next)) return chain;
    chain.push(next), seen.add(next), at = next;
  }
}
function activeStepId(state) {
  let current = state.stepQueue[state.currentStep];
  if (current !== void 0)
    return detourChain(state, current).at(-1);
}
function remediationTargets(plan, stepId) {
  let out = [], queue = [stepId];
  for (; queue.length; ) {
    let def = plan.steps[queue.shift()];
    if (def)
      for (let field of ["onValidationFail", "onOverflow"]) {
        let route = routeOf(def, field);
        route.kind !== "detour" || route.via === stepId || out.includes(route.via) || !Object.hasOwn(plan.steps, route.via) || (out.push(route.via), queue.push(route.via));
      }
  }
  return out;
}
function beginRemediation(state, stepId, via, forAttempt) {
  let failed = stepRun(state, stepId), fixer = stepRun(state, via), remediation = { step: via, forAttempt, status: "PENDING" };
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
  let run = state.stepRuns[stepId], r = run?.remediation;
  return !run || !r || r.step !== via || r.status !== "PENDING" ? state : { ...state, stepRuns: { ...state.stepRuns, [stepId]: { ...run, remediation: { ...r, status: "DONE" } } } };
}
function remediationPrompt(state, stepId, forStep, triesSoFar, lastError) {
  let failed = stepRun(state, forStep), title = state.plan.steps[forStep]?.title, attempt = failed.remediation?.forAttempt ?? lastAttempt(failed)?.n ?? failed.tries, instruction = [
    renderInstruction(state.plan.steps[stepId]?.instruction ?? "", state),
    `This is a remediation step for step ${forStep}${title ? ` (${title})` : ""}, whose attempt ${attempt} failed: ${failed.error ?? "unknown error"}. Step ${forStep} runs again after this one.`
  ].join(`

`);
  return triesSoFar > 0 && lastError ? withPreamble(state, troubleshootingPrompt(stepId, triesSoFar, lastError, instruction)) : withPreamble(state, instruction);
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
