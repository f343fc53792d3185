import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);
import {
  claudeSettingsText,
  policyFileText,
  summarizeCommandLog
} from "./chunk-XWXCYQNN.js";
import {
  DEFAULT_PAYLOAD_MAX_BYTES,
  evaluateRules,
  inheritedPayloads,
  interpretPayload,
  validationFailure
} from "./chunk-7OXFERW2.js";
import {
  diffFromDigests,
  planHash,
  stepDigests
} from "./chunk-SG5WBORI.js";
import {
  refusalAnswers
} from "./chunk-C5V4ED6R.js";
import {
  namesPlanHash
} from "./chunk-N575SEFU.js";
import {
  baseSyncOutcome,
  blockOnBaseConflict,
  decideBaseSync
} from "./chunk-EBTCME7K.js";
import {
  expandAgentVariables,
  noAgentCommandText,
  parseAgentCommand
} from "./chunk-XGQXDCDV.js";
import {
  commandLine,
  effectivePolicy
} from "./chunk-MELPNHRC.js";
import {
  resumeLines,
  stepProgress,
  timedOutText
} from "./chunk-USZCYFOB.js";
import {
  attemptId,
  attemptTimeoutMsFor,
  currentStepId,
  lastAttempt,
  maxAttemptsFor,
  nextAttemptNumber,
  retryBackoffSecondsFor,
  sameOwner,
  stepDef,
  stepRun,
  stepTimeLeftMs
} from "./chunk-K6PSMX6F.js";
import {
  STOP_MESSAGE,
  stoppedText
} from "./chunk-VVMYYVID.js";
import {
  countOf
} from "./chunk-3RW55J7L.js";
import {
  ConfigError,
  ConflictError,
  describeError
} from "./chunk-TEYULPYE.js";

// src/core/render/output-echo.ts
var ACTIONS_ECHO_CAP = { maxLines: 2e3, maxChars: 256 * 1024 };
function truncationLine(hiddenLines, fullLog) {
  return `\u2026 output truncated (${hiddenLines} more ${hiddenLines === 1 ? "line" : "lines"} not shown), full log in ${fullLog}`;
}
function lineEcho(emit, cap) {
  let pending = "";
  let lines = 0;
  let chars = 0;
  let hidden = 0;
  const show = (line) => {
    if (cap && (lines >= cap.maxLines || chars + line.length > cap.maxChars)) {
      hidden++;
      return;
    }
    lines++;
    chars += line.length;
    emit(line);
  };
  return {
    push(chunk) {
      const parts = (pending + chunk).split(/\r\n|\n|\r/);
      pending = parts.pop() ?? "";
      for (const line of parts) show(line);
    },
    end() {
      if (pending) show(pending);
      pending = "";
      if (cap && hidden > 0) emit(truncationLine(hidden, cap.fullLog));
    }
  };
}

// src/engine.ts
import path from "node:path";

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
var ROUTE_RETRY = "retry";
var ROUTE_FAIL = "fail";
function routeOf(def) {
  return def.onValidationFail ?? ROUTE_RETRY;
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
    if (route === ROUTE_RETRY || route === ROUTE_FAIL || route === stepId || out.includes(route) || !Object.hasOwn(plan.steps, route)) break;
    out.push(route);
    def = plan.steps[route];
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

// src/core/tick/apply.ts
var iso = (d) => d.toISOString();
function withRun(state, stepId, patch) {
  return { ...state, stepRuns: { ...state.stepRuns, [stepId]: patch(stepRun(state, stepId)) } };
}
function patchLastAttempt(run, patch) {
  const attempts = [...run.attempts ?? []];
  const last = attempts[attempts.length - 1];
  if (last) attempts[attempts.length - 1] = { ...last, ...patch };
  return attempts;
}
function startAttempt(state, a) {
  const attempt = {
    n: a.n,
    runId: attemptId(state, a.stepId, a.n),
    owner: a.owner,
    startedAt: iso(a.now),
    leaseExpiresAt: iso(new Date(a.now.getTime() + a.leaseMs)),
    ...a.logFile ? { logFile: a.logFile } : {}
  };
  const next = withRun(state, a.stepId, (run) => ({
    ...run,
    status: "IN_PROGRESS",
    tries: run.tries + 1,
    lastRunIso: iso(a.now),
    firstStartedAt: run.firstStartedAt ?? iso(a.now),
    attempts: [...run.attempts ?? [], attempt]
  }));
  return { state: { ...next, notBefore: null }, notices: [] };
}
function finishAttempt(state, stepId, r, now, opts = {}) {
  const succeeded = r.outcome === "succeeded" || r.outcome === "recovered";
  let next = withRun(state, stepId, (run) => {
    const { payload: earlier, ...rest } = run;
    const payload = succeeded ? r.payload : earlier;
    return {
      ...rest,
      status: succeeded ? "DONE" : "FAILED",
      stdout: r.stdout,
      error: r.error,
      ...payload !== void 0 ? { payload } : {},
      attempts: patchLastAttempt(run, {
        endedAt: iso(now),
        exitCode: r.exitCode,
        outcome: r.outcome,
        error: r.error,
        durationMs: r.durationMs,
        ...r.failedRules?.length ? { failedRules: r.failedRules } : {},
        ...r.outcome === "timed_out" && r.timeoutMinutes !== void 0 ? { timeoutMinutes: r.timeoutMinutes } : {},
        ...r.stoppedBy ? { stoppedBy: r.stoppedBy } : {},
        ...r.toolCalls ? { toolCalls: r.toolCalls } : {}
      })
    };
  });
  if (!succeeded) {
    if (opts.retryAt) next = { ...next, notBefore: opts.retryAt };
    const failed = { kind: "step-failed", stepId, error: r.error ?? r.outcome, willRetry: r.outcome !== "cancelled" };
    const timedOut = r.outcome === "timed_out" && r.timeoutMinutes !== void 0 ? [{ kind: "timed-out", stepId, minutes: r.timeoutMinutes }] : [];
    return { state: next, notices: [...timedOut, failed] };
  }
  const known = new Set(next.artifacts ?? []);
  next = { ...next, artifacts: [...next.artifacts ?? [], ...r.outputs.filter((o) => !known.has(o))] };
  if (opts.detourFor !== void 0) return { state: finishRemediation(next, opts.detourFor, stepId), notices: [{ kind: "step-done", stepId }] };
  if (opts.reopen?.size) {
    const reopened = reopenSteps(next, opts.reopen);
    return { state: reopened.state, notices: [{ kind: "step-done", stepId }, ...reopened.notices] };
  }
  const advanced = advance(next, now);
  return { state: advanced.state, notices: [{ kind: "step-done", stepId }, ...advanced.notices] };
}
function advance(state, now) {
  const currentStep = state.currentStep + 1;
  if (currentStep >= state.stepQueue.length) {
    return { state: { ...state, currentStep: state.stepQueue.length, status: "DONE", notBefore: null }, notices: [{ kind: "done" }] };
  }
  const delay = state.stepDelayMinutes ?? 0;
  const notBefore = delay > 0 ? iso(new Date(now.getTime() + delay * 6e4)) : null;
  return { state: { ...state, currentStep, notBefore }, notices: [] };
}
function complete(state) {
  return { state: { ...state, currentStep: state.stepQueue.length, status: "DONE", notBefore: null }, notices: [{ kind: "done" }] };
}
function mayAcceptInterrupted(attempt, self, def) {
  const owner = attempt?.owner;
  if (!owner || owner.kind !== "local" || self.kind !== "local" || owner.host !== self.host) return false;
  return (def.requiredOutputs?.length ?? 0) > 0 || (def.validate?.length ?? 0) > 0 || def.expectPayload === true;
}
function recoverAttempt(state, stepId, reason, now) {
  const next = withRun(state, stepId, (run) => ({
    ...run,
    status: "FAILED",
    error: reason,
    attempts: patchLastAttempt(run, { endedAt: iso(now), outcome: "interrupted", error: reason, exitCode: null })
  }));
  const n = stepRun(next, stepId).attempts?.at(-1)?.n ?? stepRun(next, stepId).tries;
  return { state: next, notices: [{ kind: "interrupted", stepId, attempt: n, reason }] };
}
function block(state, stepId, reason) {
  const line = `${stepId}: ${reason}`;
  const blockers = state.blockers ?? [];
  return {
    state: { ...state, status: "BLOCKED", blockers: blockers.includes(line) ? blockers : [...blockers, line] },
    notices: [{ kind: "blocked", stepId, reason }]
  };
}
function cancel(state) {
  const stepId = currentStepId(state);
  const stopped = stepId !== void 0 && lastAttempt(stepRun(state, stepId))?.outcome === "cancelled" ? stepId : null;
  return {
    state: { ...state, status: "CANCELLED", notBefore: null, ...state.gate ? { gate: null } : {} },
    notices: [{ kind: "cancelled", runningStep: stopped }]
  };
}
function reopenSteps(state, missingByStep) {
  if (missingByStep.size === 0) return { state, notices: [] };
  let next = state;
  const notices = [];
  let earliest = state.currentStep;
  for (const [stepId, missing] of missingByStep) {
    next = withRun(next, stepId, (run) => ({ ...run, status: "PENDING", tries: 0, firstStartedAt: null, error: `reopened: required outputs missing: ${missing.join(", ")}` }));
    earliest = Math.min(earliest, state.stepQueue.indexOf(stepId));
    notices.push({ kind: "reopened", stepId, missing });
  }
  const artifactsGone = new Set([...missingByStep.values()].flat());
  return {
    state: { ...next, currentStep: earliest, status: "IN_PROGRESS", artifacts: (next.artifacts ?? []).filter((a) => !artifactsGone.has(a)) },
    notices
  };
}

// src/core/tick/gates.ts
function gateOf(def) {
  const gate = def.gate;
  if (gate === true) return {};
  if (gate && typeof gate === "object" && typeof gate.reason === "string") return { reason: gate.reason };
  return null;
}
function gateClosed(state, stepId, def) {
  if (!gateOf(def)) return false;
  return stepRun(state, stepId).gatePassed?.planHash !== (state.planHash ?? "");
}
function pauseAtGate(state, stepId, def, now) {
  const reason = gateOf(def)?.reason;
  const gate = { stepId, planHash: state.planHash ?? "", at: now.toISOString(), ...reason !== void 0 ? { reason } : {} };
  return { state: { ...state, status: "AWAITING_APPROVAL", gate }, notices: [{ kind: "gate", stepId }] };
}
function passGate(state, cmd, now) {
  const gate = state.gate;
  const refuse2 = (reply) => ({ state, changed: false, reply, notices: [], refused: true });
  if (state.status !== "AWAITING_APPROVAL") return refuse2(`Nothing to approve: the plan is ${state.status}.`);
  const pausedAt = Math.floor(Date.parse(gate.at) / 1e3) * 1e3;
  if (cmd.at && !Number.isNaN(pausedAt) && Date.parse(cmd.at) < pausedAt) {
    return refuse2(`This approval was written before the plan paused at the gate of ${gate.stepId} (${gate.at}). Review what ran and approve again.`);
  }
  const planHash2 = state.planHash ?? "";
  if (cmd.planHash && cmd.planHash !== gate.planHash || gate.planHash !== planHash2) {
    return refuse2(`This approval is for plan ${cmd.planHash ?? planHash2}, but the gate of ${gate.stepId} was reached under plan ${gate.planHash}. Review the plan and approve again.`);
  }
  const run = stepRun(state, gate.stepId);
  const next = {
    ...state,
    status: "IN_PROGRESS",
    gate: null,
    stepRuns: { ...state.stepRuns, [gate.stepId]: { ...run, gatePassed: { by: cmd.by, at: now.toISOString(), planHash: planHash2 } } }
  };
  return { state: next, changed: true, reply: `Gate of ${gate.stepId} passed by @${cmd.by}. Starting ${gate.stepId}.`, notices: [] };
}

// src/core/tick/apply-command.ts
var refuse = (state, reply) => ({ state, changed: false, reply, notices: [], refused: true });
var answer = (state, reply) => ({ state, changed: false, reply, notices: [] });
function applyCommand(state, cmd, now) {
  switch (cmd.kind) {
    case "approve":
      return approve(state, cmd, now);
    case "cancel":
      return requestCancel(state, cmd, now);
    case "retry":
      return unblock(state, cmd.step, "retry");
    case "skip":
      return skip(state, cmd.step, now);
    case "resume":
      return resume(state);
    case "status":
      return answer(state, statusLine(state));
  }
}
function approve(state, cmd, now) {
  if (state.gate) return passGate(state, cmd, now);
  if (state.status !== "AWAITING_APPROVAL") return refuse(state, `Nothing to approve: the plan is ${state.status}.`);
  const current = state.planHash;
  if (cmd.commentId !== void 0 || cmd.at !== void 0) {
    const proposal = state.proposal;
    if (typeof proposal?.postedAt !== "string" || typeof proposal.planHash !== "string") {
      return refuse(state, `Nothing shown to approve yet: no proposal of this plan has been posted on the issue (plan ${current ?? "without a hash"}). Wait for the proposal comment, review it, then approve.`);
    }
    if (proposal.planHash !== current) {
      return refuse(state, `The latest posted proposal shows plan ${proposal.planHash}, but the plan is now ${current ?? "without a hash"}. Wait for the proposal of the current plan, review it, then approve again.`);
    }
    const writtenAt = Math.floor(Date.parse(cmd.at ?? "") / 1e3);
    if (!(writtenAt >= Math.floor(Date.parse(proposal.postedAt) / 1e3))) {
      return refuse(state, `This approval was written before the proposal of plan ${current} was posted (${proposal.postedAt}). Review the plan as proposed now and approve again.`);
    }
  }
  if (cmd.planHash !== void 0 && !namesPlanHash(cmd.planHash, current)) {
    return refuse(state, `This approval names plan ${cmd.planHash}, but the proposed plan is ${current ?? "without a hash"}. Review the proposal and approve again.`);
  }
  const digests = stepDigests(state.plan);
  const next = {
    ...state,
    status: "IN_PROGRESS",
    approval: {
      by: cmd.by,
      at: now.toISOString(),
      planHash: current ?? "",
      ...cmd.commentId !== void 0 ? { commentId: cmd.commentId } : {},
      ...digests ? { stepDigests: digests } : {}
    },
    ...cmd.delayMinutes !== void 0 ? { stepDelayMinutes: cmd.delayMinutes } : {}
  };
  const delay = cmd.delayMinutes ? ` with ${cmd.delayMinutes} min between steps` : "";
  return { state: next, changed: true, reply: `Approved plan ${current ?? "(no hash)"} by @${cmd.by}${delay}. Starting.`, notices: [] };
}
function requestCancel(state, cmd, now) {
  if (state.status === "DONE" || state.status === "CANCELLED") return refuse(state, `Nothing to cancel: the plan is ${state.status}.`);
  if (state.cancelRequested) return refuse(state, "A cancel is already requested.");
  const request = { by: cmd.by, at: now.toISOString(), ...cmd.reason ? { reason: cmd.reason } : {} };
  const stepId = activeStepId(state);
  const inFlight = stepId !== void 0 && stepRun(state, stepId).status === "IN_PROGRESS";
  if (inFlight) {
    return { state: { ...state, cancelRequested: request }, changed: true, reply: `Cancel requested by @${cmd.by}; stopping ${stepId}.`, notices: [] };
  }
  const ended = cancel({ ...state, cancelRequested: request });
  return { state: ended.state, changed: true, reply: `Cancelled by @${cmd.by}.`, notices: ended.notices };
}
function targetStep(state, named) {
  const stepId = currentStepId(state);
  if (stepId === void 0) return { error: "every step has finished" };
  if (named !== void 0 && named !== stepId) {
    return { error: `only the current step (${stepId}) can be targeted, got "${named}"` };
  }
  return { stepId };
}
function clearBlockers(state, stepId) {
  return (state.blockers ?? []).filter((b) => !b.startsWith(`${stepId}: `));
}
function unblock(state, named, verb) {
  if (state.status !== "BLOCKED") return refuse(state, `Nothing to ${verb}: the plan is ${state.status}, not BLOCKED.`);
  if (!state.approval && state.planHash !== void 0) {
    const next2 = { ...state, status: "AWAITING_APPROVAL", blockers: [], notBefore: null };
    return { state: next2, changed: true, reply: `This plan (${state.planHash}) was never approved: it now awaits approval. Review its proposal, then /approve it.`, notices: [] };
  }
  const target = targetStep(state, named);
  if ("error" in target) return refuse(state, `Cannot ${verb}: ${target.error}.`);
  const { stepId } = target;
  const run = stepRun(state, stepId);
  const neverRan = run.status === "PENDING" && (run.attempts?.length ?? 0) === 0;
  const status = run.status === "DONE" ? "DONE" : neverRan ? "PENDING" : "FAILED";
  const stepRuns = { ...state.stepRuns, [stepId]: { ...run, status, tries: 0, firstStartedAt: null } };
  for (const fixer of remediationTargets(state.plan, stepId)) {
    const r = stepRuns[fixer];
    if (r && r.status !== "IN_PROGRESS") stepRuns[fixer] = { ...r, tries: 0, firstStartedAt: null };
  }
  const next = {
    ...state,
    status: "IN_PROGRESS",
    blockers: clearBlockers(state, stepId),
    notBefore: null,
    stepRuns
  };
  return { state: next, changed: true, reply: `Retrying ${stepId} with a fresh set of attempts.`, notices: [] };
}
function skip(state, named, now) {
  if (state.status !== "BLOCKED" && state.status !== "IN_PROGRESS" && !state.gate) return refuse(state, `Nothing to skip: the plan is ${state.status}.`);
  const target = targetStep(state, named);
  if ("error" in target) return refuse(state, `Cannot skip: ${target.error}.`);
  const { stepId } = target;
  const run = stepRun(state, stepId);
  const running = activeStepId(state);
  if (running !== void 0 && stepRun(state, running).status === "IN_PROGRESS") {
    return refuse(state, `Cannot skip ${stepId} while an attempt${running === stepId ? "" : ` of its remediation step ${running}`} is running; /cancel it first or wait.`);
  }
  const skipped = {
    ...state,
    status: "IN_PROGRESS",
    blockers: clearBlockers(state, stepId),
    ...state.gate ? { gate: null } : {},
    stepRuns: { ...state.stepRuns, [stepId]: { ...run, status: "SKIPPED" } }
  };
  const moved = advance(skipped, now);
  return { state: moved.state, changed: true, reply: `Skipped ${stepId}.`, notices: moved.notices };
}
function resume(state) {
  if (state.status === "BLOCKED") return unblock(state, void 0, "resume");
  if (state.status === "CANCELLED" || state.cancelRequested) {
    const stepId = currentStepId(state);
    const stepRuns = { ...state.stepRuns };
    const run = stepId !== void 0 ? stepRuns[stepId] : void 0;
    if (stepId !== void 0 && run && run.status !== "DONE" && run.status !== "SKIPPED" && run.status !== "IN_PROGRESS") {
      stepRuns[stepId] = { ...run, status: "PENDING", tries: 0, firstStartedAt: null };
    }
    const status = state.stepQueue.length === state.currentStep ? "DONE" : "IN_PROGRESS";
    return { state: { ...state, status, cancelRequested: null, stepRuns }, changed: true, reply: "Resumed.", notices: [] };
  }
  return refuse(state, `Nothing to resume: the plan is ${state.status}.`);
}
function statusLine(state) {
  const stepId = currentStepId(state);
  const run = stepId !== void 0 ? stepRun(state, stepId) : void 0;
  const where = stepId !== void 0 && state.status !== "DONE" ? `; current step ${stepId} (${run?.status ?? "PENDING"}, ${countOf(run?.tries ?? 0, "try", "tries")})` : "";
  const wait = state.status === "IN_PROGRESS" && state.notBefore ? `; next step not before ${state.notBefore}` : "";
  const gate = state.status === "AWAITING_APPROVAL" && state.gate ? `; paused at the gate of ${state.gate.stepId}: /approve to run it` : "";
  const blockers = state.status === "BLOCKED" && state.blockers?.length ? `; blocked: ${state.blockers[state.blockers.length - 1]}` : "";
  return `Plan is ${state.status}: ${stepProgress(state, "present")}${where}${wait}${gate}${blockers}.`;
}

// src/core/tick/approval-check.ts
function statePlanHash(state) {
  return planHash({ ...state.plan, stepQueue: state.stepQueue });
}
function checkApproval(state, ctx) {
  if (state.status === "DONE" || state.status === "CANCELLED") return { kind: "ok" };
  const approval = state.approval;
  if (approval) {
    if (ctx.trusted && approval.planHash === state.planHash) return { kind: "ok" };
    const now = ctx.hashNow();
    if (approval.planHash === now && state.planHash === now) return { kind: "ok" };
    return { kind: "pause", approvedHash: approval.planHash, planHash: now, changes: diffFromDigests(approval.stepDigests, state.plan) };
  }
  if (state.status !== "IN_PROGRESS") {
    if (state.planHash === void 0 || ctx.trusted) return { kind: "ok" };
    const now = ctx.hashNow();
    return now === state.planHash ? { kind: "ok" } : { kind: "rehash", before: state.planHash, planHash: now };
  }
  if (!ctx.requireApproval) return { kind: "ok" };
  const stepId = currentStepId(state);
  if (stepId === void 0) return { kind: "ok" };
  return {
    kind: "block",
    stepId,
    reason: `the plan is marked IN_PROGRESS but has no approval (plan ${state.planHash ?? "without a hash"}), so nothing runs. Reply /resume to put it back to awaiting approval, have it proposed again (edit the issue), review it and /approve it; or /cancel it`
  };
}
function applyApprovalCheck(state, check) {
  switch (check.kind) {
    case "pause":
      return {
        state: { ...state, status: "AWAITING_APPROVAL", planHash: check.planHash, approval: null, notBefore: null },
        notices: [{ kind: "plan-changed", approvedHash: check.approvedHash, planHash: check.planHash, changes: check.changes }]
      };
    case "rehash":
      return { state: { ...state, planHash: check.planHash }, notices: [] };
    case "block":
      return block(state, check.stepId, check.reason);
  }
}
function planChangedLines(check) {
  const lines = [`The plan no longer matches its approval (approved ${check.approvedHash}, now ${check.planHash}): paused until it is approved again.`];
  if (!check.changes) return [...lines, "The approval kept no per-step record of this plan, so the steps that changed cannot be named."];
  const changed = check.changes.filter((c) => c.change !== "unchanged");
  if (!changed.length) return [...lines, "No step changed: the title, the run order, the plan-level tool policy or the prompt preamble did."];
  return [...lines, ...changed.map((c) => `  ${c.change.padEnd(8)} ${c.stepId}`)];
}

// src/core/tick/decide.ts
function decide(state, ctx) {
  if (state.status !== "IN_PROGRESS") return { kind: "idle", reason: `plan is ${state.status}` };
  const current = currentStepId(state);
  if (current === void 0) return { kind: "complete" };
  const chain = detourChain(state, current);
  const stepId = chain[chain.length - 1];
  const detourFor = chain.length > 1 ? chain[chain.length - 2] : void 0;
  const run = stepRun(state, stepId);
  if (run.status === "IN_PROGRESS") {
    const attempt = lastAttempt(run);
    const reason = staleReason(attempt, ctx);
    return reason ? { kind: "recover", stepId, attempt, reason } : { kind: "busy", stepId, attempt };
  }
  if (state.cancelRequested) return { kind: "cancel" };
  if (!detourFor && (run.status === "DONE" || run.status === "SKIPPED")) return { kind: "advance", stepId };
  const def = stepDef(state, stepId);
  const block2 = (reason) => ({ kind: "block", stepId: current, reason: detourFor ? `remediation step ${stepId}: ${reason}` : reason });
  const deadline = state.plan.deadline ? Date.parse(state.plan.deadline) : NaN;
  if (!Number.isNaN(deadline) && ctx.now.getTime() >= deadline) {
    return { kind: "block", stepId: current, reason: `plan deadline ${state.plan.deadline} passed` };
  }
  const max = maxAttemptsFor(def, ctx.limits);
  if (run.status === "FAILED" || detourFor) {
    const route = validationRoute(def, run);
    if (route === ROUTE_FAIL) return block2(`${run.error ?? "validation failed"} (onValidationFail: fail)`);
    if (run.tries >= max) return block2(`max retries (${max}) exceeded`);
    if (stepTimeLeftMs(def, run, ctx.now) <= 0) {
      return block2(`timed out: ran ${minutesSince(run.firstStartedAt, ctx.now)} min of its ${def.timeoutMinutes} min (timeoutMinutes)`);
    }
    const failedAttempt = lastAttempt(run)?.n;
    if (route !== null && route !== ROUTE_RETRY && failedAttempt !== void 0 && run.remediation?.forAttempt !== failedAttempt) {
      return { kind: "remediate", stepId, via: route, forAttempt: failedAttempt };
    }
  }
  if (!detourFor && gateClosed(state, stepId, def)) return { kind: "gate", stepId };
  if (state.notBefore && Date.parse(state.notBefore) > ctx.now.getTime()) return { kind: "wait", until: state.notBefore };
  const retry = run.status === "FAILED";
  const n = nextAttemptNumber(run);
  const lastError = retry ? run.error ?? "unknown error" : null;
  if (detourFor) return { kind: "run", stepId, n, prompt: remediationPrompt(state, stepId, detourFor, n - 1, lastError), retry, detourFor };
  return { kind: "run", stepId, n, prompt: stepPrompt(state, stepId, n - 1, lastError), retry };
}
function staleReason(attempt, ctx) {
  if (!attempt) return "interrupted: no owner recorded for the step in progress";
  if (ctx.ownerLiveness === "dead") return "interrupted: the tick running this attempt is gone";
  const lease = attempt.leaseExpiresAt ? Date.parse(attempt.leaseExpiresAt) : NaN;
  if (Number.isNaN(lease) || lease <= ctx.now.getTime()) {
    return `interrupted: lease expired at ${attempt.leaseExpiresAt ?? "(none)"} without a result`;
  }
  return null;
}
function minutesSince(iso2, now) {
  if (!iso2) return 0;
  return Math.round((now.getTime() - Date.parse(iso2)) / 6e4);
}

// src/core/tick/retry-backoff.ts
var MAX_RETRY_WAIT_MS = 4 * 60 * 6e4;
function retryDelayMs(failures, baseSeconds, random) {
  if (baseSeconds <= 0 || failures < 1) return 0;
  const raw = baseSeconds * 1e3 * 4 ** Math.min(failures - 1, 12);
  const jitter = 0.8 + 0.4 * Math.min(Math.max(random, 0), 1);
  return Math.round(Math.min(raw, MAX_RETRY_WAIT_MS) * jitter);
}

// src/core/tick/judge-attempt.ts
var ERROR_TAIL = 1500;
async function judgeAttempt(result, ctx) {
  const base = { exitCode: result.exitCode, stdout: result.stdout, durationMs: result.durationMs, outputs: [] };
  if (result.spawnError) return { ...base, outcome: "failed", error: `could not start the agent: ${result.spawnError}` };
  if (result.cancelled) return { ...base, outcome: "cancelled", error: `stopped by a cancel request: ${stoppedText(result.stoppedBy)}`, ...result.stoppedBy ? { stoppedBy: result.stoppedBy } : {} };
  if (result.timedOut) {
    return { ...base, outcome: "timed_out", timeoutMinutes: ctx.timeoutMs / 6e4, error: `timed out after ${formatMinutes(ctx.timeoutMs)} (process group terminated)${detail(result, ctx.logFile)}` };
  }
  if (result.exitCode !== 0) {
    const how = result.exitCode === null ? `was killed by ${result.signal ?? "a signal"}` : `exited with code ${result.exitCode}`;
    return { ...base, outcome: "failed", error: `agent ${how}${detail(result, ctx.logFile)}` };
  }
  const missing = await ctx.missingOutputs(ctx.requiredOutputs);
  if (missing.length) return { ...base, outcome: "failed", error: `Missing required outputs: ${missing.join(", ")}` };
  const read = ctx.readPayload ? await ctx.readPayload() : { ok: true, payload: void 0 };
  if (!read.ok) return { ...base, outcome: "failed", error: read.error };
  const payload = read.payload !== void 0 ? { payload: read.payload } : {};
  const results = ctx.checkRules ? await ctx.checkRules(read.payload) : [];
  const failure = validationFailure(results);
  if (failure) return { ...base, outcome: "failed", error: failure, failedRules: results.filter((r) => !r.ok).map((r) => r.rule) };
  return { ...base, ...payload, outcome: "succeeded", error: null, outputs: ctx.requiredOutputs };
}
function detail(result, logFile) {
  const text = (result.stderr.trim() || result.stdout.trim()).slice(-ERROR_TAIL);
  const where = ` (full log: ${logFile})`;
  return text ? `: ${text}${where}` : where;
}
function formatMinutes(ms) {
  return ms >= 6e4 ? `${Math.round(ms / 6e4)} min` : `${Math.round(ms / 1e3)} s`;
}

// src/step-contract.ts
function attemptPaths(logDir, stepId, n) {
  const base = `${logDir}/${stepId}/attempt-${n}`;
  return {
    logFile: `${base}.log`,
    payloadFile: `${base}.payload.json`,
    inputFile: `${base}.input.json`,
    stopFile: `${base}.stop`,
    policyFile: `${base}.policy.json`,
    commandLog: `${base}.commands.jsonl`,
    claudeSettings: `${base}.claude-settings.json`,
    checkLog: (index) => `${base}.check-${index + 1}.log`
  };
}
async function prepareAttempt(files, state, def, paths, guard) {
  await files.remove(paths.payloadFile);
  await files.remove(paths.stopFile);
  await files.remove(paths.commandLog);
  if (guard) {
    await files.write(paths.policyFile, guard.policyText);
    if (guard.claudeSettingsText !== void 0) await files.write(paths.claudeSettings, guard.claudeSettingsText);
  }
  if (def.inheritPayload !== true) return {};
  await files.write(paths.inputFile, `${JSON.stringify(inheritedPayloads(state), null, 2)}
`);
  return { SEQUENCER_INPUT_FILE: paths.inputFile };
}
function contractChecks(deps, state, def, paths, env) {
  const maxBytes = deps.payloadMaxBytes;
  const rules = def.validate ?? [];
  return {
    readPayload: async () => interpretPayload(await deps.files.read(paths.payloadFile, maxBytes), { maxBytes, expected: def.expectPayload === true }),
    ...rules.length ? {
      checkRules: (payload) => evaluateRules(rules, { verifier: deps.verifier, payload, payloadOf: (id) => state.stepRuns[id]?.payload, env, logFileFor: paths.checkLog })
    } : {}
  };
}

// src/engine.ts
var COMMAND_LOG_MAX_BYTES = 32 * 1024 * 1024;
async function tick(deps, cfg) {
  const acquired = await deps.store.acquire();
  if (!acquired.ok) {
    deps.log.info(`Another tick holds ${deps.store.description} (${acquired.holder}); nothing to do.`);
    return { outcome: "busy", attempts: 0, writes: 0, detail: acquired.holder };
  }
  try {
    return await new Tick(deps, cfg).run();
  } finally {
    await deps.store.release();
  }
}
var Tick = class {
  constructor(deps, cfg) {
    this.deps = deps;
    this.cfg = cfg;
  }
  deps;
  cfg;
  state;
  attempts = 0;
  writes = 0;
  configProblem;
  /** What the inbox asked to remember (an ETag), saved with the next write; a read alone never writes. */
  inboxMemo;
  /** What answering people without permission has cost this tick. */
  refusals = { answered: /* @__PURE__ */ new Set(), reactions: 0 };
  /** The loaded state is what this build wrote and no approval is required: its plan needs no hashing. */
  trusted = false;
  /** Whether this tick has synced the work branch with the base branch (once, before its first attempt). */
  baseSynced = false;
  /** The hash of the plan last checked; transitions keep the plan object, so it is hashed once per tick. */
  hashed;
  async run() {
    const loaded = await this.deps.store.load();
    if (loaded.kind === "missing") {
      this.deps.log.info(`No state at ${this.deps.store.description}; nothing to do.`);
      return { outcome: "missing", attempts: 0, writes: 0 };
    }
    this.state = loaded.state;
    this.trusted = loaded.verbatim === true && !this.cfg.requireApproval;
    try {
      await this.checkApproval();
      await this.applyInbox();
      if (this.cfg.commandsOnly) return this.result(idleOutcome(this.state));
      if (this.state.status === "IN_PROGRESS") {
        await this.revalidateDoneSteps();
        this.showResume();
      }
      return await this.loop();
    } catch (err) {
      if (err instanceof ConflictError) {
        this.deps.log.warn(`Giving up this tick: ${err.message}`);
        return this.result("conflict", err.message);
      }
      throw err;
    }
  }
  result(outcome, detail2) {
    return { outcome, state: this.state, attempts: this.attempts, writes: this.writes, ...detail2 ? { detail: detail2 } : {}, ...this.configProblem ? { configProblem: this.configProblem } : {} };
  }
  now() {
    return this.deps.clock.now();
  }
  /** One durable write, then the notices it produced. */
  async commit({ state, notices }, meta) {
    const inbox = this.inboxMemo ? { inbox: { ...state.inbox, ...this.inboxMemo } } : {};
    this.state = await this.deps.store.write({ ...state, ...inbox, lastHeartbeatIso: this.now().toISOString() }, meta);
    this.inboxMemo = void 0;
    this.writes++;
    for (const notice of notices) {
      if (notice.kind === "timed-out") this.deps.log.warn(`Plan ${this.state.planId ?? "plan"}: ${timedOutText(notice.stepId, notice.minutes)}.`);
      try {
        await this.deps.notifier.notify(notice, this.state);
      } catch (err) {
        this.deps.log.warn(`Could not deliver the ${notice.kind} notice: ${describeError(err)}`);
      }
    }
  }
  async applyInbox() {
    const inbox = this.deps.inbox;
    if (!inbox) return;
    const { items, memo } = await inbox.read(this.state.inbox ?? {});
    if (memo) this.inboxMemo = { ...this.inboxMemo, ...memo };
    if (!items.length) return;
    let state = this.state;
    let changed = false;
    const notices = [];
    const replies = [];
    for (const item of items) {
      if (item.refusal) {
        replies.push([item, item.refusal, true]);
        this.deps.log.warn(`Command /${item.command.kind} from ${item.command.by} refused: ${item.refusal}`);
        continue;
      }
      const outcome = applyCommand(state, item.command, this.now());
      state = outcome.state;
      changed ||= outcome.changed;
      notices.push(...outcome.notices);
      replies.push([item, outcome.reply, outcome.refused === true]);
      this.deps.log.info(`Command /${item.command.kind} from ${item.command.by}: ${outcome.reply}`);
    }
    if (changed) {
      const checked = this.approvalTransition(state);
      if (checked) {
        state = checked.state;
        notices.push(...checked.notices);
      }
    }
    const cursors = {};
    for (const item of items) {
      const key = item.cursorKey ?? inbox.cursorKey;
      cursors[key] = Math.max(cursors[key] ?? 0, item.cursor);
    }
    if (changed) {
      state = { ...state, inbox: { ...state.inbox, ...cursors } };
      await this.commit({ state, notices }, { kind: "update", message: `commands: ${items.map((i) => `/${i.command.kind}`).join(" ")}` });
    } else {
      for (const [key, last] of Object.entries(cursors)) {
        const seen = Number(this.inboxMemo?.[key] ?? 0);
        this.inboxMemo = { ...this.inboxMemo, [key]: Math.max(seen, last) };
      }
    }
    for (const [key, last] of Object.entries(cursors)) await inbox.acknowledge(last, key);
    const { answers, budget } = refusalAnswers(items, this.refusals);
    this.refusals = budget;
    for (const [i, [item, text, refused]] of replies.entries()) {
      const answer2 = answers[i] === "reply" || !inbox.react ? inbox.reply?.(item, text, refused) : answers[i] === "react" ? inbox.react(item) : void 0;
      await answer2?.catch((err) => this.deps.log.warn(`Could not reply: ${describeError(err)}`));
    }
  }
  /** Resume re-validation: a finished step whose outputs vanished is run again before moving on. */
  async revalidateDoneSteps() {
    const byStep = await this.missingDoneOutputs(this.state.currentStep);
    if (!byStep.size) return;
    await this.commit(reopenSteps(this.state, byStep), { kind: "update", message: `reopen ${[...byStep.keys()].join(", ")}: outputs missing` });
  }
  /** Required outputs of the DONE steps among the first `upTo` of the queue that are gone now. */
  async missingDoneOutputs(upTo) {
    const wanted = [];
    for (const id of this.state.stepQueue.slice(0, upTo)) {
      const outputs = this.state.plan.steps[id]?.requiredOutputs;
      if (outputs?.length && this.state.stepRuns[id]?.status === "DONE") wanted.push([id, outputs]);
    }
    if (!wanted.length) return /* @__PURE__ */ new Map();
    const missing = new Set(await this.deps.workspace.missingOutputs(wanted.flatMap(([, o]) => o)));
    if (!missing.size) return /* @__PURE__ */ new Map();
    const byStep = new Map(wanted.map(([id, o]) => [id, o.filter((p) => missing.has(p))]).filter(([, m]) => m.length));
    for (const [id, m] of byStep) this.deps.log.warn(`${id} was done but its outputs are missing (${m.join(", ")}); running it again.`);
    return byStep;
  }
  showResume() {
    if (this.state.currentStep === 0) return;
    for (const line of resumeLines(this.state)) this.deps.log.info(line);
  }
  /** Before commands and before every attempt: only an approved plan runs (DESIGN §9). */
  async checkApproval() {
    const checked = this.approvalTransition(this.state);
    if (checked) await this.commit(checked, { kind: "update", message: `approval check: plan ${checked.state.planHash ?? ""} ${checked.state.status}` });
  }
  approvalTransition(state) {
    const check = checkApproval(state, { hashNow: () => this.planHashOf(state), trusted: this.trusted, requireApproval: this.cfg.requireApproval === true });
    switch (check.kind) {
      case "ok":
        return null;
      case "pause":
        for (const line of planChangedLines(check)) this.deps.log.warn(line);
        break;
      case "rehash":
        this.deps.log.warn(`The plan changed while awaiting approval (${check.before} \u2192 ${check.planHash}); an approval must be of the plan as it is now.`);
        break;
      case "block":
        this.deps.log.error(`${check.stepId} blocked: ${check.reason}`);
        break;
    }
    return applyApprovalCheck(state, check);
  }
  planHashOf(state) {
    const h = this.hashed;
    if (h && h.plan === state.plan && h.queue === state.stepQueue) return h.hash;
    const hash = statePlanHash(state);
    this.hashed = { plan: state.plan, queue: state.stepQueue, hash };
    return hash;
  }
  async loop() {
    for (; ; ) {
      if (this.attempts > 0) await this.applyInbox();
      await this.checkApproval();
      const d = await this.decide();
      switch (d.kind) {
        case "idle":
          return this.result(idleOutcome(this.state), d.reason);
        case "busy":
          this.deps.log.info(`${d.stepId} attempt ${d.attempt?.n ?? "?"} is running in another tick (${ownerText(d.attempt?.owner)}); nothing to do.`);
          return this.result("busy");
        case "wait":
          this.deps.log.info(`Step delay: the next step starts after ${d.until}.`);
          return this.result("waiting", d.until);
        case "complete":
          await this.commit(complete(this.state), { kind: "update", message: "plan done" });
          break;
        case "advance":
          await this.commit(advance(this.state, this.now()), { kind: "update", message: `${d.stepId} finished; advance` });
          break;
        case "cancel":
          await this.commit(cancel(this.state), { kind: "update", message: "plan cancelled" });
          break;
        case "gate":
          this.deps.log.info(`${d.stepId} is gated: the plan waits for an approval before it runs.`);
          await this.commit(pauseAtGate(this.state, d.stepId, stepDef(this.state, d.stepId), this.now()), { kind: "update", message: `paused at the gate of ${d.stepId}` });
          break;
        case "block":
          this.deps.log.error(`${d.stepId} blocked: ${d.reason}`);
          await this.commit(block(this.state, d.stepId, d.reason), { kind: "update", message: `${d.stepId} blocked: ${d.reason}` });
          break;
        case "recover":
          await this.recover(d);
          break;
        case "remediate":
          this.deps.log.warn(`${d.stepId} attempt ${d.forAttempt} failed validation; running remediation step ${d.via}, then ${d.stepId} again.`);
          await this.commit(beginRemediation(this.state, d.stepId, d.via, d.forAttempt), {
            kind: "update",
            message: `${d.stepId} attempt ${d.forAttempt} failed validation; remediate with ${d.via}`
          });
          break;
        case "run": {
          const stop = await this.runAttempt(d);
          if (stop) return stop;
          break;
        }
      }
    }
  }
  /**
   * Before the tick's first attempt (past its preflight and time budget checks), the base
   * branch's later changes are merged into the work branch. False when a conflict blocked the
   * plan instead (the loop then sees it blocked).
   */
  async syncBase(d) {
    const sync = this.deps.baseSync;
    const pre = decideBaseSync(this.state, d, { mode: sync ? "merge" : "off", synced: this.baseSynced });
    if (pre.kind === "skip" || !sync) return true;
    this.baseSynced = true;
    const result = await sync.sync();
    const outcome = baseSyncOutcome(this.state, d, result);
    if (outcome.kind === "proceed") {
      if (outcome.warn) this.deps.log.warn(outcome.note);
      else this.deps.log.info(outcome.note);
      return true;
    }
    if (result.kind !== "conflict") return true;
    this.deps.log.error(`${outcome.stepId} blocked: ${outcome.reason}`);
    await this.commit(blockOnBaseConflict(this.state, outcome.stepId, result), { kind: "update", message: `${outcome.stepId} blocked: ${result.base} does not merge` });
    return false;
  }
  async decide() {
    const stepId = activeStepId(this.state);
    const inFlight = stepId !== void 0 && this.state.status === "IN_PROGRESS" ? lastAttempt(stepRun(this.state, stepId)) : void 0;
    const ownerLiveness = inFlight?.owner && stepRun(this.state, stepId).status === "IN_PROGRESS" ? await this.liveness(inFlight.owner) : void 0;
    return decide(this.state, { now: this.now(), limits: this.cfg.limits, ...ownerLiveness ? { ownerLiveness } : {} });
  }
  /**
   * An attempt this very runner started is not running: its ticks run one after another, and
   * the one that started it has ended (its write was refused as stale, or it failed). Asking the
   * probe would say "alive" (it is us) and leave the attempt to its lease, an hour away.
   */
  liveness(owner) {
    return sameOwner(owner, this.cfg.owner) ? Promise.resolve("dead") : this.deps.owners.liveness(owner);
  }
  async recover(d) {
    if (d.attempt?.logFile) await this.deps.agent.reap(path.resolve(path.dirname(this.cfg.logDir), d.attempt.logFile));
    this.deps.log.warn(`${d.stepId} attempt ${d.attempt?.n ?? "?"} ${d.reason}`);
    if (await this.acceptInterrupted(d)) return;
    await this.commit(recoverAttempt(this.state, d.stepId, d.reason, this.now()), {
      kind: "update",
      message: `${d.stepId} attempt ${d.attempt?.n ?? "?"} interrupted`
    });
  }
  /**
   * Crash acceptance: the dead attempt's work is still in this workspace, so its step's contract
   * is checked before spending another agent run. True when the step was recorded DONE.
   */
  async acceptInterrupted(d) {
    const def = stepDef(this.state, d.stepId);
    const n = d.attempt?.n;
    if (n === void 0 || !mayAcceptInterrupted(d.attempt, this.cfg.owner, def)) return false;
    if (currentStepId(this.state) !== d.stepId) return false;
    const paths = attemptPaths(this.cfg.logDir, d.stepId, n);
    const env = { ...this.cfg.agentEnv, ...def.env, ...this.attemptEnv({ kind: "run", stepId: d.stepId, n, prompt: "", retry: false }, paths) };
    const contract = { verifier: this.deps.verifier, files: this.deps.attemptFiles, payloadMaxBytes: this.cfg.payloadMaxBytes ?? DEFAULT_PAYLOAD_MAX_BYTES };
    const exited = { exitCode: 0, signal: null, timedOut: false, cancelled: false, stdout: "", stderr: "", outputBytes: 0, durationMs: 0 };
    const judged = await judgeAttempt(exited, {
      requiredOutputs: def.requiredOutputs ?? [],
      missingOutputs: (outputs) => this.deps.workspace.missingOutputs(outputs),
      timeoutMs: 0,
      logFile: paths.logFile,
      ...contractChecks(contract, this.state, def, paths, env)
    });
    if (judged.outcome !== "succeeded") {
      this.deps.log.info(`${d.stepId}: the interrupted attempt's work does not meet the step's contract (${judged.error ?? "failed"}); it runs again.`);
      return false;
    }
    this.deps.log.warn(`${d.stepId}: the interrupted attempt ${n} left work that meets the step's contract; recorded as recovered, no new agent run.`);
    const last = this.state.currentStep === this.state.stepQueue.length - 1;
    const reopen = last ? await this.missingDoneOutputs(this.state.currentStep) : /* @__PURE__ */ new Map();
    const recovered = { ...judged, outcome: "recovered", exitCode: null, error: null };
    await this.commit(finishAttempt(this.state, d.stepId, recovered, this.now(), reopen.size ? { reopen } : {}), {
      kind: "completion",
      message: `${d.stepId} attempt ${n} recovered`
    });
    return true;
  }
  /** Runs one attempt; returns a result when the tick must stop instead of continuing. */
  async runAttempt(d) {
    const def = stepDef(this.state, d.stepId);
    const command = def.agent ?? this.cfg.agentCommand;
    const source = def.agent ? `plan.steps.${d.stepId}.agent` : this.cfg.agentSource ?? "STEP_AGENT_CMD";
    const argv = command ? parseAgentCommand(command, source) : [];
    const program = argv[0] !== void 0 ? await this.deps.agent.resolve(argv[0]) : null;
    const problems = !command ? [noAgentCommandText(d.stepId, this.cfg.agentSurface ?? "cli")] : program ? await this.deps.workspace.preflight(def.requiredOutputs ?? []) : [`${source}: "${argv[0]}" not found on PATH (command: ${JSON.stringify(command)})`];
    if (problems.length) {
      const reason = `preflight failed: ${problems.join("; ")}`;
      if (this.cfg.preflight !== "block") throw new ConfigError(problems.join("\n"));
      this.deps.log.error(`${d.stepId} ${reason}`);
      this.configProblem = `${d.stepId} ${reason}`;
      const blocked = d.detourFor ? currentStepId(this.state) ?? d.stepId : d.stepId;
      await this.commit(block(this.state, blocked, reason), { kind: "update", message: `${blocked} blocked: preflight failed` });
      return null;
    }
    const now = this.now();
    const timeoutMs = Math.max(1e3, Math.min(attemptTimeoutMsFor(def, this.cfg.limits), stepTimeLeftMs(def, stepRun(this.state, d.stepId), now)));
    if (this.cfg.deadline && now.getTime() + timeoutMs > this.cfg.deadline.getTime()) {
      this.deps.log.info(`Time budget: not enough left for ${d.stepId} (attempt timeout ${Math.round(timeoutMs / 6e4)} min); a later run continues.`);
      return this.result("budget");
    }
    if (!await this.syncBase(d)) return null;
    const paths = attemptPaths(this.cfg.logDir, d.stepId, d.n);
    const { logFile } = paths;
    const shownLog = path.relative(path.dirname(this.cfg.logDir), logFile);
    await this.commit(startAttempt(this.state, { stepId: d.stepId, n: d.n, owner: this.cfg.owner, now, leaseMs: timeoutMs + this.cfg.leaseMarginMs, logFile: shownLog }), {
      kind: "checkpoint",
      message: `${d.stepId} attempt ${d.n} started`
    });
    this.attempts++;
    const policy = effectivePolicy(this.state.plan, d.stepId);
    const guard = {
      policyText: policyFileText(attemptId(this.state, d.stepId, d.n), policy),
      ...this.cfg.cliCommand ? { claudeSettingsText: claudeSettingsText(this.cfg.cliCommand) } : {}
    };
    const env = { ...this.cfg.agentEnv, ...def.env, ...this.attemptEnv(d, paths), ...await prepareAttempt(this.deps.attemptFiles, this.state, def, paths, guard) };
    const prompt = policy.via === "exec" ? withExecForwarder(d.prompt, this.forwarder()) : d.prompt;
    const agentArgs = expandAgentVariables(argv.slice(1), env);
    const position = `(${this.state.currentStep + 1}/${this.state.stepQueue.length})`;
    const role = d.detourFor ? ` (remediation for ${d.detourFor})` : "";
    const maxAttempts = maxAttemptsFor(def, this.cfg.limits);
    const judged = await this.deps.log.group(`${position} ${d.stepId} ${def.title}: attempt ${d.n}${d.retry ? " (retry)" : ""}${role}`, async () => {
      this.deps.log.info(attemptHeader(argv, prompt, timeoutMs, d.n, maxAttempts));
      const result = await this.execute([program, ...agentArgs, prompt], timeoutMs, paths, env);
      const contract = { verifier: this.deps.verifier, files: this.deps.attemptFiles, payloadMaxBytes: this.cfg.payloadMaxBytes ?? DEFAULT_PAYLOAD_MAX_BYTES };
      const verdict = withoutPrefix(await judgeAttempt(result, {
        requiredOutputs: def.requiredOutputs ?? [],
        missingOutputs: (outputs) => this.deps.workspace.missingOutputs(outputs),
        timeoutMs,
        logFile: shownLog,
        ...contractChecks(contract, this.state, def, paths, env)
      }), `${path.dirname(this.cfg.logDir)}${path.sep}`);
      const toolCalls = await this.toolCalls(paths);
      if (toolCalls) {
        verdict.toolCalls = toolCalls;
        this.deps.log.info(`${d.stepId} attempt ${d.n}: ${countOf(toolCalls.calls, "tool call")}, ${toolCalls.denied} denied (${path.relative(path.dirname(this.cfg.logDir), paths.commandLog)}).`);
      }
      if (verdict.outcome === "succeeded") this.deps.log.info(`${position} ${d.stepId} done (attempt ${d.n} of ${maxAttempts}, ${formatMs(result.durationMs)}).`);
      else this.deps.log.error(`${position} ${d.stepId} attempt ${d.n} ${verdict.outcome}: ${verdict.error}`);
      return verdict;
    });
    const retryAt = this.retryAt(d, def, judged);
    const last = !d.detourFor && judged.outcome === "succeeded" && this.state.currentStep === this.state.stepQueue.length - 1;
    const reopen = last ? await this.missingDoneOutputs(this.state.currentStep) : /* @__PURE__ */ new Map();
    await this.commit(finishAttempt(this.state, d.stepId, judged, this.now(), { ...d.detourFor ? { detourFor: d.detourFor } : {}, ...reopen.size ? { reopen } : {}, ...retryAt ? { retryAt } : {} }), {
      kind: judged.outcome === "succeeded" ? "completion" : "update",
      message: `${d.stepId} attempt ${d.n} ${judged.outcome}`
    });
    return null;
  }
  /**
   * When a failed attempt will be retried, the instant the retry may start (retry backoff), or
   * undefined for at once. A detour through a remediation step starts at once: it is the fix.
   */
  retryAt(d, def, judged) {
    if (judged.outcome === "succeeded" || judged.outcome === "cancelled") return void 0;
    const tries = stepRun(this.state, d.stepId).tries;
    if (tries >= maxAttemptsFor(def, this.cfg.limits)) return void 0;
    const route = def.onValidationFail;
    if (judged.failedRules?.length && route !== void 0 && route !== "retry" && route !== "fail") return void 0;
    const waitMs = retryDelayMs(tries, retryBackoffSecondsFor(def, this.cfg.limits), (this.cfg.random ?? Math.random)());
    if (waitMs <= 0) return void 0;
    const at = new Date(this.now().getTime() + waitMs).toISOString();
    this.deps.log.info(`${d.stepId} will be retried after ${at} (retry backoff, ${Math.round(waitMs / 1e3)} s).`);
    return at;
  }
  /** The forwarder command as the agent types it: this CLI's own path when known. */
  forwarder() {
    return this.cfg.cliCommand ? commandLine([...this.cfg.cliCommand, "exec"]) : "agent-step-sequencer exec";
  }
  /** Calls and denied calls in the attempt's command log; undefined when the agent logged none (no hook, no forwarder). */
  async toolCalls(paths) {
    const read = await this.deps.attemptFiles.read(paths.commandLog, COMMAND_LOG_MAX_BYTES);
    if (read.kind === "text") return summarizeCommandLog(read.text);
    if (read.kind !== "missing") this.deps.log.warn(`The command log ${paths.commandLog} was not counted: ${read.kind === "too-large" ? `${read.bytes} bytes, more than ${COMMAND_LOG_MAX_BYTES}` : read.reason}.`);
    return void 0;
  }
  /** The SEQUENCER_ variables of an attempt; check commands of validation rules get them too. */
  attemptEnv(d, { payloadFile, stopFile, policyFile, commandLog, claudeSettings }) {
    return {
      SEQUENCER_POLICY_FILE: policyFile,
      SEQUENCER_COMMAND_LOG: commandLog,
      ...this.cfg.cliCommand ? { SEQUENCER_CLAUDE_SETTINGS: claudeSettings, SEQUENCER_EXEC: this.forwarder() } : {},
      SEQUENCER_PLAN_ID: this.state.planId ?? "plan",
      SEQUENCER_STEP_ID: d.stepId,
      SEQUENCER_ATTEMPT: String(d.n),
      SEQUENCER_ATTEMPT_ID: attemptId(this.state, d.stepId, d.n),
      SEQUENCER_WORKSPACE: this.deps.workspace.root,
      SEQUENCER_PAYLOAD_FILE: payloadFile,
      SEQUENCER_STOP_FILE: stopFile,
      SEQUENCER_STEP_INDEX: String(this.state.currentStep + 1),
      SEQUENCER_STEP_TOTAL: String(this.state.stepQueue.length),
      SEQUENCER_REQUIRED_OUTPUTS: JSON.stringify(stepDef(this.state, d.stepId).requiredOutputs ?? [])
    };
  }
  async execute(argv, timeoutMs, { logFile, stopFile }, env) {
    const brake = new AbortController();
    const stopPolling = this.pollForCancel(brake);
    const echo = this.cfg.echoAgentOutput ? lineEcho((line) => this.deps.log.info(`  \u2502 ${line}`), this.cfg.echoCap) : null;
    try {
      return await this.deps.agent.run({
        argv,
        cwd: this.deps.workspace.root,
        env,
        timeoutMs,
        graceMs: this.cfg.graceMs,
        logFile,
        signal: brake.signal,
        stop: { file: stopFile, message: STOP_MESSAGE, graceMs: this.cfg.stopGraceMs ?? 0 },
        ...echo ? { onOutput: (chunk) => echo.push(chunk) } : {}
      });
    } finally {
      stopPolling();
      echo?.end();
    }
  }
  /** Soft brake: while the agent runs, a /cancel in the inbox aborts it (stop file, stop grace, SIGTERM, grace, SIGKILL). */
  pollForCancel(brake) {
    const inbox = this.deps.inbox;
    if (!inbox || !this.cfg.inboxPollMs) return () => {
    };
    const memo = { ...this.state.inbox, ...this.inboxMemo };
    let busy = false;
    const timer = setInterval(() => {
      if (busy) return;
      busy = true;
      inbox.read(memo).then(({ items }) => {
        if (items.some((i) => i.command.kind === "cancel" && !i.refusal)) {
          this.deps.log.warn(`Cancel requested: asking the agent to stop (${Math.round((this.cfg.stopGraceMs ?? 0) / 1e3)} s to exit on its own).`);
          brake.abort();
        }
      }).catch((err) => this.deps.log.debug(`Inbox poll failed: ${describeError(err)}`)).finally(() => {
        busy = false;
      });
    }, this.cfg.inboxPollMs);
    timer.unref();
    return () => clearInterval(timer);
  }
};
function attemptHeader(argv, prompt, timeoutMs, n, of) {
  const shown = [...argv, shortPrompt(prompt)].map((a) => /^[\w@%+=:,./-]+$/.test(a) ? a : JSON.stringify(a)).join(" ");
  return `Runs: ${shown} (timeout ${formatMs(timeoutMs)}, attempt ${n} of ${of})`;
}
function shortPrompt(prompt) {
  const firstLine = prompt.split("\n", 1)[0] ?? "";
  return firstLine.length <= 60 && firstLine.length === prompt.length ? prompt : `${firstLine.slice(0, 60)}\u2026 (prompt, ${prompt.length} characters)`;
}
function withoutPrefix(value, prefix) {
  if (prefix.length <= 1) return value;
  const escaped = JSON.stringify(prefix).slice(1, -1);
  return JSON.parse(JSON.stringify(value).split(escaped).join(""));
}
function formatMs(ms) {
  if (ms < 1e3) return `${Math.round(ms)} ms`;
  if (ms < 12e4) return `${Math.round(ms / 1e3)} s`;
  return `${Math.round(ms / 6e4)} min`;
}
function idleOutcome(state) {
  switch (state.status) {
    case "DONE":
      return "done";
    case "BLOCKED":
      return "blocked";
    case "CANCELLED":
      return "cancelled";
    case "AWAITING_APPROVAL":
      return "awaiting-approval";
    default:
      return "idle";
  }
}
function ownerText(owner) {
  if (!owner) return "owner unknown";
  return owner.kind === "local" ? `pid ${owner.pid} on ${owner.host}` : `workflow run ${owner.runId} attempt ${owner.runAttempt}`;
}

export {
  gateOf,
  promptPreamble,
  ROUTE_RETRY,
  ROUTE_FAIL,
  activeStepId,
  remediationTargets,
  ACTIONS_ECHO_CAP,
  tick
};
