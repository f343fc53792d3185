import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);
import {
  claudeSettingsText,
  policyFileText,
  summarizeCommandLog
} from "./chunk-N7TRRDBM.js";
import {
  hashPrefix,
  namesPlanHash
} from "./chunk-6JGKCVEQ.js";
import {
  lineEcho
} from "./chunk-LXZ66HMH.js";
import {
  stepDigests
} from "./chunk-SG5WBORI.js";
import {
  refusalAnswers
} from "./chunk-C5V4ED6R.js";
import {
  activeStepId,
  attemptTimeoutMs,
  blockedStepId,
  finishRemediation,
  fitsTimeBudget,
  remediationTargets,
  retryAt,
  withExecForwarder
} from "./chunk-MVO7J5GZ.js";
import {
  DEFAULT_PAYLOAD_MAX_BYTES,
  evaluateRules,
  inheritedPayloads,
  interpretPayload,
  validationFailure
} from "./chunk-52STWBM3.js";
import {
  expandAgentVariables,
  noAgentCommandText,
  parseAgentCommand
} from "./chunk-5FTGGAVO.js";
import {
  commandLine,
  effectivePolicy
} from "./chunk-M4FO77QO.js";
import {
  stepProgress
} from "./chunk-INVZ7JWH.js";
import {
  attemptId,
  currentStepId,
  lastAttempt,
  maxAttemptsFor,
  stepDef,
  stepRun
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
  describeError
} from "./chunk-TEYULPYE.js";

// src/engine/step-contract.ts
import path from "node:path";
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
function shownPath(logDir, file) {
  return path.relative(path.dirname(logDir), file);
}
async function prepareAttempt(files, state, def, paths, guard) {
  await files.remove(paths.payloadFile);
  await files.remove(paths.stopFile);
  await files.remove(paths.commandLog);
  if (guard) {
    await files.write(paths.policyFile, guard.policyText);
    if (guard.claudeSettingsText !== void 0) await files.write(paths.claudeSettings, guard.claudeSettingsText);
  }
  if (def.inheritPayload === true) await files.write(paths.inputFile, `${JSON.stringify(inheritedPayloads(state), null, 2)}
`);
}
function forwarder(cliCommand) {
  return cliCommand ? commandLine([...cliCommand, "exec"]) : "agent-step-sequencer exec";
}
function attemptEnv(state, { stepId, n }, paths, site) {
  const def = stepDef(state, stepId);
  return {
    ...site.agentEnv,
    ...def.env,
    SEQUENCER_POLICY_FILE: paths.policyFile,
    SEQUENCER_COMMAND_LOG: paths.commandLog,
    ...site.cliCommand ? { SEQUENCER_CLAUDE_SETTINGS: paths.claudeSettings, SEQUENCER_EXEC: forwarder(site.cliCommand) } : {},
    SEQUENCER_PLAN_ID: state.planId ?? "plan",
    SEQUENCER_STEP_ID: stepId,
    SEQUENCER_ATTEMPT: String(n),
    SEQUENCER_ATTEMPT_ID: attemptId(state, stepId, n),
    SEQUENCER_WORKSPACE: site.workspaceRoot,
    SEQUENCER_PAYLOAD_FILE: paths.payloadFile,
    SEQUENCER_STOP_FILE: paths.stopFile,
    SEQUENCER_STEP_INDEX: String(state.currentStep + 1),
    SEQUENCER_STEP_TOTAL: String(state.stepQueue.length),
    SEQUENCER_REQUIRED_OUTPUTS: JSON.stringify(def.requiredOutputs ?? []),
    ...def.inheritPayload === true ? { SEQUENCER_INPUT_FILE: paths.inputFile } : {}
  };
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

// src/engine/attempt-judge.ts
import path2 from "node:path";

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

// src/engine/attempt-judge.ts
var COMMAND_LOG_MAX_BYTES = 32 * 1024 * 1024;
async function judge(engine, state, subject, result) {
  const { deps, cfg } = engine;
  const def = stepDef(state, subject.stepId);
  const paths = attemptPaths(cfg.logDir, subject.stepId, subject.n);
  const env = attemptEnv(state, subject, paths, attemptSite(engine));
  const contract = { verifier: deps.verifier, files: deps.attemptFiles, payloadMaxBytes: cfg.payloadMaxBytes ?? DEFAULT_PAYLOAD_MAX_BYTES };
  const verdict = withoutPrefix(
    await judgeAttempt(result, {
      requiredOutputs: def.requiredOutputs ?? [],
      missingOutputs: (outputs) => deps.workspace.missingOutputs(outputs),
      timeoutMs: subject.timeoutMs,
      logFile: shownPath(cfg.logDir, paths.logFile),
      ...contractChecks(contract, state, def, paths, env)
    }),
    `${path2.dirname(cfg.logDir)}${path2.sep}`
  );
  const toolCalls = await countToolCalls(engine, paths);
  if (toolCalls) {
    verdict.toolCalls = toolCalls;
    deps.log.info(`${subject.stepId} attempt ${subject.n}: ${countOf(toolCalls.calls, "tool call")}, ${toolCalls.denied} denied (${shownPath(cfg.logDir, paths.commandLog)}).`);
  }
  return verdict;
}
function attemptSite({ deps, cfg }) {
  return { workspaceRoot: deps.workspace.root, ...cfg.cliCommand ? { cliCommand: cfg.cliCommand } : {}, ...cfg.agentEnv ? { agentEnv: cfg.agentEnv } : {} };
}
async function countToolCalls({ deps }, paths) {
  const read = await deps.attemptFiles.read(paths.commandLog, COMMAND_LOG_MAX_BYTES);
  if (read.kind === "text") return summarizeCommandLog(read.text);
  if (read.kind !== "missing") deps.log.warn(`The command log ${paths.commandLog} was not counted: ${read.kind === "too-large" ? `${read.bytes} bytes, more than ${COMMAND_LOG_MAX_BYTES}` : read.reason}.`);
  return void 0;
}
function withoutPrefix(value, prefix) {
  if (prefix.length <= 1) return value;
  const escaped = JSON.stringify(prefix).slice(1, -1);
  return JSON.parse(JSON.stringify(value).split(escaped).join(""));
}

// src/engine/attempt-run.ts
async function runAgent(engine, state, start, watch) {
  const { deps, cfg } = engine;
  const def = stepDef(state, start.stepId);
  const paths = attemptPaths(cfg.logDir, start.stepId, start.n);
  const policy = effectivePolicy(state.plan, start.stepId);
  const guard = {
    policyText: policyFileText(attemptId(state, start.stepId, start.n), policy),
    ...cfg.cliCommand ? { claudeSettingsText: claudeSettingsText(cfg.cliCommand) } : {}
  };
  await prepareAttempt(deps.attemptFiles, state, def, paths, guard);
  const env = attemptEnv(state, start, paths, attemptSite(engine));
  const prompt = policy.via === "exec" ? withExecForwarder(start.prompt, forwarder(cfg.cliCommand)) : start.prompt;
  const agentArgs = expandAgentVariables(start.argv.slice(1), env);
  const position = `(${state.currentStep + 1}/${state.stepQueue.length})`;
  const role = start.detourFor ? ` (remediation for ${start.detourFor})` : "";
  const maxAttempts = maxAttemptsFor(def, cfg.limits);
  return deps.log.group(`${position} ${start.stepId} ${def.title}: attempt ${start.n}${start.retry ? " (retry)" : ""}${role}`, async () => {
    deps.log.info(attemptHeader(start.argv, prompt, start.timeoutMs, start.n, maxAttempts));
    const result = await launch(engine, [start.program, ...agentArgs, prompt], start.timeoutMs, paths, env, watch);
    const verdict = await judge(engine, state, start, result);
    if (verdict.outcome === "succeeded") deps.log.info(`${position} ${start.stepId} done (attempt ${start.n} of ${maxAttempts}, ${formatMs(result.durationMs)}).`);
    else deps.log.error(`${position} ${start.stepId} attempt ${start.n} ${verdict.outcome}: ${verdict.error}`);
    return verdict;
  });
}
async function launch({ deps, cfg }, argv, timeoutMs, { logFile, stopFile }, env, watch) {
  const brake = new AbortController();
  const stopWatching = watch(brake);
  const echo = cfg.echoAgentOutput ? lineEcho((line) => deps.log.info(`  \u2502 ${line}`), cfg.echoCap) : null;
  try {
    return await deps.agent.run({
      argv,
      cwd: deps.workspace.root,
      env,
      timeoutMs,
      graceMs: cfg.graceMs,
      logFile,
      signal: brake.signal,
      stop: { file: stopFile, message: STOP_MESSAGE, graceMs: cfg.stopGraceMs ?? 0 },
      ...echo ? { onOutput: (chunk) => echo.push(chunk) } : {}
    });
  } finally {
    stopWatching();
    echo?.end();
  }
}
function attemptHeader(argv, prompt, timeoutMs, n, of) {
  const shown = [...argv, shortPrompt(prompt)].map((a) => /^[\w@%+=:,./-]+$/.test(a) ? a : JSON.stringify(a)).join(" ");
  return `Runs: ${shown} (timeout ${formatMs(timeoutMs)}, attempt ${n} of ${of})`;
}
function shortPrompt(prompt) {
  const firstLine = prompt.split("\n", 1)[0] ?? "";
  return firstLine.length <= 60 && firstLine.length === prompt.length ? prompt : `${firstLine.slice(0, 60)}\u2026 (prompt, ${prompt.length} characters)`;
}
function formatMs(ms) {
  if (ms < 1e3) return `${Math.round(ms)} ms`;
  if (ms < 12e4) return `${Math.round(ms / 1e3)} s`;
  return `${Math.round(ms / 6e4)} min`;
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
        ...r.toolCalls ? { toolCalls: r.toolCalls } : {},
        ...r.refused?.length ? { refused: r.refused, ...r.refusedTotal ? { refusedTotal: r.refusedTotal } : {} } : {}
      })
    };
  });
  const n = lastAttempt(stepRun(next, stepId))?.n ?? stepRun(next, stepId).tries;
  const refusedNotice = r.refused?.length ? [{ kind: "changes-refused", stepId, attempt: n, refused: r.refused, total: r.refusedTotal ?? r.refused.length }] : [];
  if (!succeeded) {
    if (opts.retryAt) next = { ...next, notBefore: opts.retryAt };
    const failed = { kind: "step-failed", stepId, error: r.error ?? r.outcome, willRetry: r.outcome !== "cancelled" };
    const timedOut = r.outcome === "timed_out" && r.timeoutMinutes !== void 0 ? [{ kind: "timed-out", stepId, minutes: r.timeoutMinutes }] : [];
    return { state: next, notices: [...refusedNotice, ...timedOut, failed] };
  }
  const known = new Set(next.artifacts ?? []);
  next = { ...next, artifacts: [...next.artifacts ?? [], ...r.outputs.filter((o) => !known.has(o))] };
  if (opts.detourFor !== void 0) return { state: finishRemediation(next, opts.detourFor, stepId), notices: [...refusedNotice, { kind: "step-done", stepId }] };
  if (opts.reopen?.size) {
    const reopened = reopenSteps(next, opts.reopen);
    return { state: reopened.state, notices: [...refusedNotice, { kind: "step-done", stepId }, ...reopened.notices] };
  }
  const advanced = advance(next, now);
  return { state: advanced.state, notices: [...refusedNotice, { kind: "step-done", stepId }, ...advanced.notices] };
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

// src/engine/done-outputs.ts
async function missingDoneOutputs(state, upTo, { workspace, log }) {
  const wanted = [];
  for (const id of state.stepQueue.slice(0, upTo)) {
    const outputs = state.plan.steps[id]?.requiredOutputs;
    if (outputs?.length && state.stepRuns[id]?.status === "DONE") wanted.push([id, outputs]);
  }
  if (!wanted.length) return /* @__PURE__ */ new Map();
  const missing = new Set(await workspace.missingOutputs(wanted.flatMap(([, o]) => o)));
  if (!missing.size) return /* @__PURE__ */ new Map();
  const byStep = new Map(wanted.map(([id, o]) => [id, o.filter((p) => missing.has(p))]).filter(([, m]) => m.length));
  for (const [id, m] of byStep) log.warn(`${id} was done but its outputs are missing (${m.join(", ")}); running it again.`);
  return byStep;
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
  const refuse3 = (reply) => ({ state, changed: false, reply, notices: [], refused: true });
  if (state.status !== "AWAITING_APPROVAL") return refuse3(`Nothing to approve: the plan is ${state.status}.`);
  const pausedAt = Math.floor(Date.parse(gate.at) / 1e3) * 1e3;
  if (cmd.at && !Number.isNaN(pausedAt) && Date.parse(cmd.at) < pausedAt) {
    return refuse3(`This approval was written before the plan paused at the gate of ${gate.stepId} (${gate.at}). Review what ran and approve again.`);
  }
  const planHash = state.planHash ?? "";
  if (cmd.planHash !== void 0 && !namesPlanHash(cmd.planHash, gate.planHash) || gate.planHash !== planHash) {
    return refuse3(`This approval is for plan ${cmd.planHash ?? planHash}, but the gate of ${gate.stepId} was reached under plan ${gate.planHash}. Review the plan and approve again.`);
  }
  const run = stepRun(state, gate.stepId);
  const next = {
    ...state,
    status: "IN_PROGRESS",
    gate: null,
    stepRuns: { ...state.stepRuns, [gate.stepId]: { ...run, gatePassed: { by: cmd.by, at: now.toISOString(), planHash } } }
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
    const superseded = proposal.supersededAt;
    if (cmd.planHash === void 0 && typeof superseded === "string" && !(secondOf(cmd.previousCommentAt) > secondOf(superseded))) {
      return refuse(
        state,
        `This issue has had more than one proposal, and the earlier ones were replaced after your last comment here (${superseded}), so a bare /approve could mean one of them. Review the proposal of plan ${current} and reply "/approve ${hashPrefix(current ?? "")}" to approve it.`
      );
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
function secondOf(iso2) {
  return Math.floor(Date.parse(iso2 ?? "") / 1e3);
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

// src/engine/inbox-session.ts
var InboxSession = class {
  constructor(deps, ledger, gate) {
    this.deps = deps;
    this.ledger = ledger;
    this.gate = gate;
  }
  deps;
  ledger;
  gate;
  /** What answering people without permission has cost this tick. */
  refusals = { answered: /* @__PURE__ */ new Set(), reactions: 0 };
  /** Reads the inbox and applies what it holds; a batch that changes the state is one write. */
  async apply() {
    const { inbox, log } = this.deps;
    if (!inbox) return;
    const { items, memo } = await inbox.read(this.ledger.state.inbox ?? {});
    if (memo) this.ledger.remember(memo);
    if (!items.length) return;
    let state = this.ledger.state;
    let changed = false;
    const notices = [];
    const replies = [];
    for (const item of items) {
      if (item.refusal) {
        replies.push([item, item.refusal, true]);
        log.warn(`Command /${item.command.kind} from ${item.command.by} refused: ${item.refusal}`);
        continue;
      }
      const outcome = await this.gate.confirm(state, applyCommand(state, item.command, this.deps.clock.now()));
      state = outcome.state;
      changed ||= outcome.changed;
      notices.push(...outcome.notices);
      replies.push([item, outcome.reply, outcome.refused === true]);
      log.info(`Command /${item.command.kind} from ${item.command.by}: ${outcome.reply}`);
    }
    if (changed) {
      const checked = this.gate.transition(state);
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
      await this.ledger.commit({ state, notices }, { kind: "update", message: `commands: ${items.map((i) => `/${i.command.kind}`).join(" ")}` });
    } else {
      for (const [key, last] of Object.entries(cursors)) {
        const seen = Number(this.ledger.remembered?.[key] ?? 0);
        this.ledger.remember({ [key]: Math.max(seen, last) });
      }
    }
    for (const [key, last] of Object.entries(cursors)) await inbox.acknowledge(last, key);
    const { answers, budget } = refusalAnswers(items, this.refusals);
    this.refusals = budget;
    for (const [i, [item, text, refused]] of replies.entries()) {
      const answer2 = answers[i] === "reply" || !inbox.react ? inbox.reply?.(item, text, refused) : answers[i] === "react" ? inbox.react(item) : void 0;
      await answer2?.catch((err) => log.warn(`Could not reply: ${describeError(err)}`));
    }
  }
};
function inboxCursor(ledger) {
  return { ...ledger.state.inbox, ...ledger.remembered };
}
function pollForCancel({ inbox, cursor, pollMs, stopGraceMs, log }) {
  return (brake) => {
    if (!inbox || !pollMs) return () => {
    };
    const memo = { ...cursor };
    let busy = false;
    const timer = setInterval(() => {
      if (busy) return;
      busy = true;
      inbox.read(memo).then(({ items }) => {
        if (items.some((i) => i.command.kind === "cancel" && !i.refusal)) {
          log.warn(`Cancel requested: asking the agent to stop (${Math.round(stopGraceMs / 1e3)} s to exit on its own).`);
          brake.abort();
        }
      }).catch((err) => log.debug(`Inbox poll failed: ${describeError(err)}`)).finally(() => {
        busy = false;
      });
    }, pollMs);
    timer.unref();
    return () => clearInterval(timer);
  };
}

// src/engine/attempt.ts
async function runAttempt(engine, ledger, baseSync, d, report) {
  const prepared = await prepare(engine, ledger, baseSync, d, report);
  if (prepared.kind === "budget") return "budget";
  if (prepared.kind === "not-started") return "next";
  if (engine.cfg.handOff) return { handOff: prepared.start };
  const { deps, cfg } = engine;
  const watch = pollForCancel({ inbox: deps.inbox, cursor: inboxCursor(ledger), pollMs: cfg.inboxPollMs, stopGraceMs: cfg.stopGraceMs ?? 0, log: deps.log });
  const verdict = await runAgent(engine, ledger.state, prepared.start, watch);
  await finish(engine, ledger, prepared.start, verdict);
  return "next";
}
async function prepare(engine, ledger, baseSync, d, report) {
  const { deps, cfg } = engine;
  const def = stepDef(ledger.state, d.stepId);
  const pre = await preflight(engine, def, d.stepId);
  if (!pre.ok) {
    await refuse2(engine, ledger, d, pre.problems, report);
    return { kind: "not-started" };
  }
  const now = deps.clock.now();
  const timeoutMs = attemptTimeoutMs(def, stepRun(ledger.state, d.stepId), cfg.limits, now);
  if (!fitsTimeBudget(now, timeoutMs, cfg.deadline)) {
    deps.log.info(`Time budget: not enough left for ${d.stepId} (attempt timeout ${Math.round(timeoutMs / 6e4)} min); a later run continues.`);
    return { kind: "budget" };
  }
  if (!await baseSync.beforeAttempt(ledger, d)) return { kind: "not-started" };
  const start = { stepId: d.stepId, n: d.n, prompt: d.prompt, retry: d.retry, ...d.detourFor ? { detourFor: d.detourFor } : {}, argv: pre.argv, program: pre.program, timeoutMs };
  await checkpoint(engine, ledger, start, now);
  return { kind: "started", start };
}
async function preflight({ deps, cfg }, def, stepId) {
  const command = def.agent ?? cfg.agentCommand;
  const source = def.agent ? `plan.steps.${stepId}.agent` : cfg.agentSource ?? "STEP_AGENT_CMD";
  const argv = command ? parseAgentCommand(command, source) : [];
  const program = argv[0] !== void 0 ? await deps.agent.resolve(argv[0]) : null;
  const problems = !command ? [noAgentCommandText(stepId, cfg.agentSurface ?? "cli")] : program ? await deps.workspace.preflight(def.requiredOutputs ?? []) : [`${source}: "${argv[0]}" not found on PATH (command: ${JSON.stringify(command)})`];
  return problems.length || !program ? { ok: false, problems } : { ok: true, argv, program };
}
async function refuse2({ deps, cfg }, ledger, d, problems, report) {
  const reason = `preflight failed: ${problems.join("; ")}`;
  if (cfg.preflight !== "block") throw new ConfigError(problems.join("\n"));
  deps.log.error(`${d.stepId} ${reason}`);
  report(`${d.stepId} ${reason}`);
  const blocked = blockedStepId(ledger.state, d);
  await ledger.commit(block(ledger.state, blocked, reason), { kind: "update", message: `${blocked} blocked: preflight failed` });
}
async function checkpoint({ cfg }, ledger, start, now) {
  const logFile = shownPath(cfg.logDir, attemptPaths(cfg.logDir, start.stepId, start.n).logFile);
  await ledger.commit(startAttempt(ledger.state, { stepId: start.stepId, n: start.n, owner: cfg.owner, now, leaseMs: start.timeoutMs + cfg.leaseMarginMs, logFile }), {
    kind: "checkpoint",
    message: `${start.stepId} attempt ${start.n} started`
  });
}
async function finish({ deps, cfg }, ledger, attempt, verdict) {
  const state = ledger.state;
  const done = verdict.outcome === "succeeded" || verdict.outcome === "recovered";
  const retry = retryAt(verdict, { def: stepDef(state, attempt.stepId), run: stepRun(state, attempt.stepId), limits: cfg.limits, now: deps.clock.now(), random: cfg.random ?? Math.random });
  if (retry) deps.log.info(`${attempt.stepId} will be retried after ${retry.at} (retry backoff, ${Math.round(retry.waitMs / 1e3)} s).`);
  const last = !attempt.detourFor && done && state.currentStep === state.stepQueue.length - 1;
  const reopen = last ? await missingDoneOutputs(state, state.currentStep, deps) : /* @__PURE__ */ new Map();
  await ledger.commit(finishAttempt(state, attempt.stepId, verdict, deps.clock.now(), { ...attempt.detourFor ? { detourFor: attempt.detourFor } : {}, ...reopen.size ? { reopen } : {}, ...retry ? { retryAt: retry.at } : {} }), {
    kind: done ? "completion" : "update",
    message: `${attempt.stepId} attempt ${attempt.n} ${verdict.outcome}`
  });
}

export {
  gateOf,
  gateClosed,
  pauseAtGate,
  advance,
  complete,
  mayAcceptInterrupted,
  recoverAttempt,
  block,
  cancel,
  reopenSteps,
  attemptPaths,
  judge,
  runAgent,
  missingDoneOutputs,
  InboxSession,
  runAttempt,
  preflight,
  finish
};
