import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);
import {
  terminalLine
} from "./chunk-SY3ESOGT.js";
import {
  finishRemediation
} from "./chunk-FV7F3W4G.js";
import {
  groupSpentText,
  rerunGroup,
  routeFor,
  takeRoute
} from "./chunk-4EQYPVNI.js";
import {
  countOfTotal
} from "./chunk-3RW55J7L.js";
import {
  attemptId,
  currentStepId,
  lastAttempt,
  stepRun,
  stepsDone,
  stepsSkipped
} from "./chunk-K6PSMX6F.js";

// src/core/render/changed-files.ts
var CHANGED_FILES_PER_ATTEMPT = 100;
var MAX_LISTED_CHANGED = 100;
function planChangedFiles(state) {
  const outputs = new Set(state.artifacts ?? []);
  const seen = /* @__PURE__ */ new Set();
  const files = [];
  let more = 0;
  for (const id of state.stepQueue) {
    const run = state.stepRuns[id];
    if (run?.status !== "DONE") continue;
    for (const a of run.attempts ?? []) {
      if (a.outcome !== "succeeded" && a.outcome !== "recovered") continue;
      for (const f of Array.isArray(a.changedFiles) ? a.changedFiles : []) {
        if (typeof f !== "string" || outputs.has(f) || seen.has(f)) continue;
        seen.add(f);
        files.push(f);
      }
      if (typeof a.changedFilesMore === "number" && a.changedFilesMore > 0) more += a.changedFilesMore;
    }
  }
  return { files, more };
}
function changedFilesList(state, max = MAX_LISTED_CHANGED) {
  const { files, more } = planChangedFiles(state);
  if (!files.length && !more) return null;
  const shown = files.slice(0, max);
  return { total: files.length + more, shown, rest: files.length + more - shown.length };
}

// src/core/agent-stream/types.ts
function totalTokens(u) {
  return u.inputTokens + u.outputTokens + u.cacheReadTokens + u.cacheWriteTokens;
}
function emptyUsage() {
  return { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0, isError: false };
}

// src/core/agent-stream/render-event.ts
var DEFAULT_LINE_CHARS = 240;
var WORD_JOINER = "\u2060";
var INVISIBLE_LAYOUT = /[\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
function inertLine(text, max = DEFAULT_LINE_CHARS) {
  const one = terminalLine(text).replace(INVISIBLE_LAYOUT, " ").replace(/\s+/g, " ").trim();
  const capped = one.length > max ? `${cut(one, Math.max(1, max - 1))}\u2026` : one;
  return capped.replace(/:(?=:)/g, `:${WORD_JOINER}`).replace(/#(?=#\[)/g, `#${WORD_JOINER}`);
}
function cut(text, n) {
  const code = text.charCodeAt(n - 1);
  return text.slice(0, code >= 55296 && code <= 56319 ? n - 1 : n);
}
function relative(text, workspace) {
  const root = workspace?.replace(/\/+$/, "");
  if (!root) return text;
  const escaped = root.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return text.replace(new RegExp(`${escaped}/`, "g"), "").replace(new RegExp(`${escaped}(?![\\w.-])`, "g"), ".");
}
function renderEvent(event, options = {}) {
  const max = options.maxChars ?? DEFAULT_LINE_CHARS;
  const rel = (text) => relative(text, options.workspace);
  switch (event.kind) {
    case "start": {
      const parts = [event.sessionId ? `session ${event.sessionId}` : "", event.model ? `model ${event.model}` : ""].filter(Boolean);
      return parts.length > 0 ? inertLine(`Agent started: ${parts.join(", ")}`, max) : null;
    }
    case "text":
      return event.text.trim() ? inertLine(`\xBB ${event.text}`, max) : null;
    case "tool": {
      const subject = rel(event.subject);
      return inertLine(subject ? `${event.tool}: ${subject}` : event.tool, max);
    }
    case "tool-error":
      return inertLine(`\u2717 ${event.tool ? `${event.tool}: ` : ""}${rel(event.message) || "failed"}`, max);
    case "notice":
      return inertLine(`! ${rel(event.message)}`, max);
    case "result": {
      const figures = usageText(event.usage);
      if (event.ok) return inertLine(`\u2713 Done${figures ? `: ${figures}` : ""}`, max);
      return inertLine(`\u2717 Failed: ${rel(event.text ?? "the agent reported an error")}${figures ? `; ${figures}` : ""}`, max);
    }
  }
}
function groupDigits(n) {
  return String(Math.round(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}
function formatUsd(usd) {
  return usd >= 1 ? `$${usd.toFixed(2)}` : `$${usd.toFixed(4)}`;
}
function usageText(u) {
  const parts = [];
  if (u.turns !== void 0) parts.push(`${u.turns} ${u.turns === 1 ? "turn" : "turns"}`);
  if (totalTokens(u) > 0) {
    const kinds = [`${groupDigits(u.inputTokens)} in`, `${groupDigits(u.outputTokens)} out`];
    if (u.cacheReadTokens > 0) kinds.push(`${groupDigits(u.cacheReadTokens)} cache read`);
    if (u.cacheWriteTokens > 0) kinds.push(`${groupDigits(u.cacheWriteTokens)} cache write`);
    parts.push(`${kinds.join(", ")} tokens`);
  }
  if (u.costUsd !== void 0) parts.push(formatUsd(u.costUsd));
  if (u.apiMs !== void 0 && u.apiMs > 0) parts.push(`API ${u.apiMs < 1e3 ? `${Math.round(u.apiMs)} ms` : `${(u.apiMs / 1e3).toFixed(1)} s`}`);
  return parts.join("; ");
}

// src/core/render/step-progress.ts
function stepProgress(state, tense = "past") {
  const finished = stepsDone(state);
  const skipped = stepsSkipped(state);
  const total = state.stepQueue.length;
  if (!skipped) return countOfTotal(finished, total, "step", "done", tense);
  return `${countOfTotal(finished, total, "step", "finished", tense)} (${finished - skipped} done, ${skipped} skipped)`;
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
        ...r.declared ? { declared: r.declared } : {},
        ...r.missingOutputs?.length ? { missingOutputs: r.missingOutputs } : {},
        ...r.changedFiles?.length ? { changedFiles: r.changedFiles } : {},
        ...r.changedFilesMore ? { changedFilesMore: r.changedFilesMore } : {},
        ...r.usage ? { usage: r.usage } : {},
        ...r.wallMs !== void 0 ? { wallMs: r.wallMs } : {},
        ...r.refused?.length ? { refused: r.refused, ...r.refusedTotal ? { refusedTotal: r.refusedTotal } : {} } : {}
      })
    };
  });
  const n = lastAttempt(stepRun(next, stepId))?.n ?? stepRun(next, stepId).tries;
  const refusedNotice = r.refused?.length ? [{ kind: "changes-refused", stepId, attempt: n, refused: r.refused, total: r.refusedTotal ?? r.refused.length }] : [];
  if (!succeeded) {
    if (opts.retryAt) next = { ...next, notBefore: opts.retryAt };
    const failed = { kind: "step-failed", stepId, error: r.error ?? r.outcome, willRetry: r.outcome !== "cancelled" && r.outcome !== "over_budget" };
    const timedOut = r.outcome === "timed_out" && r.timeoutMinutes !== void 0 ? [{ kind: "timed-out", stepId, minutes: r.timeoutMinutes }] : [];
    if (r.outcome !== "cancelled" && opts.detourFor === void 0) {
      const route2 = routeFor(next, stepId, { succeeded: false, ...r.failedRules ? { failedRules: r.failedRules } : {} });
      if (route2) return { state: takeRoute({ ...next, notBefore: null }, stepId, route2.index, route2.route).state, notices: [...refusedNotice, ...timedOut, failed] };
      if (state.plan.steps[stepId]?.retry === "group") {
        const again = rerunGroup({ ...next, notBefore: null }, stepId, r.error ?? r.outcome);
        if (again) return { state: again.state, notices: [...refusedNotice, ...timedOut, failed] };
        const spent = groupSpentText(next, stepId);
        if (spent) {
          const blocked = block(next, stepId, spent);
          return { state: blocked.state, notices: [...refusedNotice, ...timedOut, { ...failed, willRetry: false }, ...blocked.notices] };
        }
      }
    }
    return { state: next, notices: [...refusedNotice, ...timedOut, failed] };
  }
  const known = new Set(next.artifacts ?? []);
  next = { ...next, artifacts: [...next.artifacts ?? [], ...r.outputs.filter((o) => !known.has(o))] };
  if (opts.detourFor !== void 0) return { state: finishRemediation(next, opts.detourFor, stepId), notices: [...refusedNotice, { kind: "step-done", stepId }] };
  const route = routeFor(next, stepId, { succeeded: true, payload: r.payload });
  if (route) return { state: takeRoute(next, stepId, route.index, route.route).state, notices: [...refusedNotice, { kind: "step-done", stepId }] };
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
  const { budgetBlock: _earlier, ...rest } = state;
  return {
    state: { ...rest, status: "BLOCKED", blockers: blockers.includes(line) ? blockers : [...blockers, line] },
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

// src/core/tick/budget.ts
function emptySpent() {
  return { costUsd: 0, tokens: 0, attempts: 0, uncosted: 0 };
}
function addAttempt(sum, a) {
  const u = a.usage;
  if (!u) return sum;
  return {
    costUsd: sum.costUsd + (u.costUsd ?? 0),
    tokens: sum.tokens + totalTokens(u),
    attempts: sum.attempts + 1,
    uncosted: sum.uncosted + (u.costUsd === void 0 ? 1 : 0)
  };
}
function stepSpent(state, stepId) {
  return (state.stepRuns[stepId]?.attempts ?? []).reduce(addAttempt, emptySpent());
}
function planSpent(state) {
  let sum = emptySpent();
  for (const run of Object.values(state.stepRuns)) for (const a of run.attempts ?? []) sum = addAttempt(sum, a);
  return sum;
}
function raised(state, scope, stepId, kind) {
  const raises = state.budgetRaises ?? [];
  for (let i = raises.length - 1; i >= 0; i--) {
    const r = raises[i];
    if (r.scope === scope && r.kind === kind && (scope === "plan" || r.stepId === stepId)) return r.limit;
  }
  return void 0;
}
function withRaises(state, scope, stepId, base) {
  const out = {};
  for (const kind of ["costUsd", "tokens"]) {
    const limit = raised(state, scope, stepId, kind) ?? base?.[kind];
    if (limit !== void 0) out[kind] = limit;
  }
  return out;
}
function planBudget(state, limits) {
  return withRaises(state, "plan", void 0, state.plan.budget ?? limits.budget);
}
function stepBudget(state, stepId) {
  return withRaises(state, "step", stepId, state.plan.steps[stepId]?.budget);
}
function spentBudget(state, stepId, limits) {
  const scopes = [
    ["step", stepBudget(state, stepId), stepSpent(state, stepId)],
    ["plan", planBudget(state, limits), planSpent(state)]
  ];
  for (const [scope, budget, spent] of scopes) {
    if (budget.tokens !== void 0 && spent.tokens >= budget.tokens) return { scope, stepId, kind: "tokens", limit: budget.tokens, spent: spent.tokens };
    if (budget.costUsd !== void 0 && spent.costUsd >= budget.costUsd) return { scope, stepId, kind: "costUsd", limit: budget.costUsd, spent: spent.costUsd };
  }
  return null;
}
function tokenAllowance(state, stepId, limits) {
  const found = [];
  const step = stepBudget(state, stepId).tokens;
  if (step !== void 0) found.push({ left: Math.max(0, step - stepSpent(state, stepId).tokens), scope: "step", stepId, limit: step });
  const plan = planBudget(state, limits).tokens;
  if (plan !== void 0) found.push({ left: Math.max(0, plan - planSpent(state).tokens), scope: "plan", stepId, limit: plan });
  return found.reduce((least, a) => least === void 0 || a.left < least.left ? a : least, void 0);
}
function budgetAmount(kind, amount) {
  return kind === "costUsd" ? formatUsd(amount) : `${groupDigits(amount)} tokens`;
}
function budgetName(x) {
  const what = x.kind === "costUsd" ? "cost" : "token";
  return x.scope === "plan" ? `the plan's ${what} budget` : `the ${what} budget of step ${x.stepId}`;
}
function budgetSpentText(x) {
  return `${budgetName(x)} is spent: ${budgetAmount(x.kind, x.spent)} used of ${budgetAmount(x.kind, x.limit)}; a writer raises it with /approve budget=${x.kind === "costUsd" ? "$<dollars>" : "<tokens>"}`;
}
function blockOnBudget(state, blockedStepId, x) {
  const blocked = block(state, blockedStepId, budgetSpentText(x));
  const record = { stepId: x.stepId, scope: x.scope, kind: x.kind, limit: x.limit, spent: x.spent };
  return { state: { ...blocked.state, budgetBlock: record }, notices: blocked.notices };
}
function budgetText(b) {
  if (!b) return null;
  const parts = [b.costUsd !== void 0 ? budgetAmount("costUsd", b.costUsd) : "", b.tokens !== void 0 ? budgetAmount("tokens", b.tokens) : ""].filter(Boolean);
  return parts.length ? parts.join(" \xB7 ") : null;
}

export {
  CHANGED_FILES_PER_ATTEMPT,
  changedFilesList,
  totalTokens,
  emptyUsage,
  renderEvent,
  groupDigits,
  formatUsd,
  usageText,
  stepProgress,
  startAttempt,
  finishAttempt,
  advance,
  complete,
  mayAcceptInterrupted,
  recoverAttempt,
  block,
  cancel,
  reopenSteps,
  stepSpent,
  planSpent,
  spentBudget,
  tokenAllowance,
  budgetAmount,
  budgetName,
  budgetSpentText,
  blockOnBudget,
  budgetText
};
