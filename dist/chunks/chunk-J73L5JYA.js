import {
  terminalLine
} from "./chunk-A35T5UHC.js";
import {
  BUDGET_KINDS
} from "./chunk-QT4UXPX2.js";
import {
  attemptId,
  attemptsMade,
  currentStepId,
  groupSpentText,
  lastAttempt,
  rerunGroup,
  roundOf,
  routeFor,
  stepRun,
  stepsDone,
  stepsSkipped,
  takeRoute,
  withNewRound
} from "./chunk-IU6TIPQF.js";
import {
  countOf,
  countOfTotal
} from "./chunk-UVXCAWLY.js";

// src/core/agent-stream/types.ts
function totalTokens(u) {
  return u.inputTokens + u.outputTokens + u.cacheReadTokens + u.cacheWriteTokens;
}
function emptyUsage() {
  return { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0, isError: !1 };
}

// src/core/agent-stream/render-event.ts
var DEFAULT_LINE_CHARS = 240, WORD_JOINER = "\u2060", INVISIBLE_LAYOUT = /[\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
function inertLine(text, max = DEFAULT_LINE_CHARS) {
  let one = terminalLine(text).replace(INVISIBLE_LAYOUT, " ").replace(/\s+/g, " ").trim();
  return (one.length > max ? `${cut(one, Math.max(1, max - 1))}\u2026` : one).replace(/:(?=:)/g, `:${WORD_JOINER}`).replace(/#(?=#\[)/g, `#${WORD_JOINER}`);
}
function cut(text, n) {
  let code = text.charCodeAt(n - 1);
  return text.slice(0, code >= 55296 && code <= 56319 ? n - 1 : n);
}
function relative(text, workspace) {
  let root = workspace?.replace(/\/+$/, "");
  if (!root) return text;
  let escaped = root.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return text.replace(new RegExp(`${escaped}/`, "g"), "").replace(new RegExp(`${escaped}(?![\\w.-])`, "g"), ".");
}
function renderEvent(event, options = {}) {
  let max = options.maxChars ?? DEFAULT_LINE_CHARS, rel = (text) => relative(text, options.workspace);
  switch (event.kind) {
    case "start": {
      let parts = [event.sessionId ? `session ${event.sessionId}` : "", event.model ? `model ${event.model}` : ""].filter(Boolean);
      return parts.length > 0 ? inertLine(`Agent started: ${parts.join(", ")}`, max) : null;
    }
    case "text":
      return event.text.trim() ? inertLine(`\xBB ${event.text}`, max) : null;
    case "tool": {
      let subject = rel(event.subject);
      return inertLine(subject ? `${event.tool}: ${subject}` : event.tool, max);
    }
    case "tool-error":
      return inertLine(`\u2717 ${event.tool ? `${event.tool}: ` : ""}${rel(event.message) || "failed"}`, max);
    case "notice":
      return inertLine(`! ${rel(event.message)}`, max);
    case "result": {
      let figures = usageText(event.usage);
      return event.ok ? inertLine(`\u2713 Done${figures ? `: ${figures}` : ""}`, max) : inertLine(`\u2717 Failed: ${rel(event.text ?? "the agent reported an error")}${figures ? `; ${figures}` : ""}`, max);
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
  let parts = [];
  if (u.turns !== void 0 && parts.push(`${u.turns} ${u.turns === 1 ? "turn" : "turns"}`), totalTokens(u) > 0) {
    let kinds = [`${groupDigits(u.inputTokens)} in`, `${groupDigits(u.outputTokens)} out`];
    u.cacheReadTokens > 0 && kinds.push(`${groupDigits(u.cacheReadTokens)} cache read`), u.cacheWriteTokens > 0 && kinds.push(`${groupDigits(u.cacheWriteTokens)} cache write`), parts.push(`${kinds.join(", ")} tokens`);
  }
  return u.costUsd !== void 0 && parts.push(formatUsd(u.costUsd)), u.apiMs !== void 0 && u.apiMs > 0 && parts.push(`API ${u.apiMs < 1e3 ? `${Math.round(u.apiMs)} ms` : `${(u.apiMs / 1e3).toFixed(1)} s`}`), parts.join("; ");
}

// src/core/render/usage-report.ts
function emptyTotals() {
  return { attempts: 0, inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0, tokens: 0, costUsd: 0, uncosted: 0, partial: 0, turns: 0, apiMs: 0, wallMs: 0 };
}
function addToTotals(t, a) {
  let wallMs = t.wallMs + (typeof a.wallMs == "number" ? a.wallMs : 0), u = a.usage;
  return u ? {
    attempts: t.attempts + 1,
    inputTokens: t.inputTokens + u.inputTokens,
    outputTokens: t.outputTokens + u.outputTokens,
    cacheReadTokens: t.cacheReadTokens + u.cacheReadTokens,
    cacheWriteTokens: t.cacheWriteTokens + u.cacheWriteTokens,
    tokens: t.tokens + totalTokens(u),
    costUsd: t.costUsd + (u.costUsd ?? 0),
    uncosted: t.uncosted + (u.costUsd === void 0 ? 1 : 0),
    partial: t.partial + (u.complete ? 0 : 1),
    turns: t.turns + (u.turns ?? 0),
    apiMs: t.apiMs + (u.apiMs ?? 0),
    wallMs
  } : { ...t, wallMs };
}
function stepsThatCount(state) {
  let queued = new Set(state.stepQueue);
  return [...state.stepQueue, ...Object.keys(state.stepRuns).filter((id) => !queued.has(id) && (state.stepRuns[id]?.attempts?.length ?? 0) > 0)];
}
function stepTotals(state, stepId) {
  return (state.stepRuns[stepId]?.attempts ?? []).reduce(addToTotals, emptyTotals());
}
function usageReport(state) {
  let total = emptyTotals(), steps = stepsThatCount(state).map((stepId) => {
    let attempts = state.stepRuns[stepId]?.attempts ?? [], t = attempts.reduce(addToTotals, emptyTotals());
    return total = sum(total, t), {
      stepId,
      title: state.plan.steps[stepId]?.title ?? stepId,
      total: t,
      attempts: attempts.map((a) => ({
        stepId,
        n: a.n,
        outcome: a.outcome ?? (a.endedAt ? "unknown" : "running"),
        ...typeof a.wallMs == "number" ? { wallMs: a.wallMs } : {},
        ...a.usage ? { usage: a.usage } : {}
      }))
    };
  });
  return { planId: state.planId ?? "plan", total, steps };
}
function sum(a, b) {
  let out = emptyTotals();
  for (let k of Object.keys(out)) out[k] = a[k] + b[k];
  return out;
}
function planTotals(state) {
  let t = emptyTotals();
  for (let run of Object.values(state.stepRuns)) for (let a of run.attempts ?? []) (a.usage || typeof a.wallMs == "number") && (t = addToTotals(t, a));
  return t;
}
function usageLine(state) {
  let t = planTotals(state);
  return t.attempts > 0 ? totalLine(t) : null;
}
function hasUsage(state) {
  for (let run of Object.values(state.stepRuns)) for (let a of run.attempts ?? []) if (a.usage) return !0;
  return !1;
}
function compactTokens(n) {
  return n < 1e3 ? String(Math.round(n)) : n < 1e6 ? `${(n / 1e3).toFixed(n < 1e4 ? 2 : 1).replace(/\.?0+$/, "")}k` : `${(n / 1e6).toFixed(2).replace(/\.?0+$/, "")}M`;
}
function costCell(t) {
  return t.attempts === 0 || t.uncosted === t.attempts ? "-" : `${formatUsd(t.costUsd)}${t.uncosted ? "+" : ""}`;
}
function tokensCell(t) {
  return t.attempts === 0 ? "-" : `${compactTokens(t.tokens)}${t.partial ? "+" : ""}`;
}
function attemptTokens(u) {
  return `${groupDigits(totalTokens(u))}${u.complete ? "" : "+"}`;
}
function runnerTime(ms) {
  let s = Math.round(ms / 1e3);
  if (s < 60) return `${s} s`;
  let m = Math.round(ms / 6e4);
  return m < 60 ? `${m} min` : `${Math.floor(m / 60)} h ${String(m % 60).padStart(2, "0")} min`;
}
function totalLine(t) {
  let parts = [];
  if (t.attempts > 0) {
    let cost = t.uncosted === t.attempts ? "no cost reported" : `${formatUsd(t.costUsd)}${t.uncosted ? ` (${countOf(t.uncosted, "attempt")} reported no cost)` : ""}`;
    parts.push(`${groupDigits(t.tokens)} tokens, ${cost}, over ${countOf(t.attempts, "attempt")}${t.partial ? ` (${t.partial} stopped before reporting totals: at least this much)` : ""}`);
  }
  return t.wallMs > 0 && parts.push(`${runnerTime(t.wallMs)} of runner time in attempts`), parts.length ? parts.join("; ") : null;
}
function usageTable(state) {
  let r = usageReport(state), header = ["step", "attempt", "outcome", "model", "input", "output", "cache read", "cache write", "tokens", "cost", "turns", "API", "wall"], ms = (v) => v === void 0 || v === 0 ? "-" : v < 1e3 ? `${v} ms` : runnerTime(v), rows = [];
  for (let step of r.steps) {
    for (let a of step.attempts) {
      let u = a.usage;
      rows.push([
        step.stepId,
        String(a.n),
        a.outcome,
        u?.model ?? "-",
        u ? groupDigits(u.inputTokens) : "-",
        u ? groupDigits(u.outputTokens) : "-",
        u ? groupDigits(u.cacheReadTokens) : "-",
        u ? groupDigits(u.cacheWriteTokens) : "-",
        u ? attemptTokens(u) : "-",
        u?.costUsd !== void 0 ? formatUsd(u.costUsd) : "-",
        u?.turns !== void 0 ? String(u.turns) : "-",
        ms(u?.apiMs),
        ms(a.wallMs)
      ]);
    }
    step.attempts.length > 1 && rows.push([step.stepId, "all", "", "", "", "", "", "", tokensCell(step.total), costCell(step.total), "", ms(step.total.apiMs), ms(step.total.wallMs)]);
  }
  let widths = header.map((h, c) => Math.max(h.length, ...rows.map((row) => (row[c] ?? "").length))), fmt = (cells) => cells.map((cell, c) => cell.padEnd(widths[c] ?? 0)).join("  ").trimEnd(), total = totalLine(r.total), marked = (column) => rows.some((row) => row[column]?.endsWith("+")), legend = [
    ...marked(header.indexOf("tokens")) ? ['a "+" after tokens: the agent ended before its totals, so at least this many'] : [],
    ...marked(header.indexOf("cost")) ? ['a "+" after a cost: some attempts reported none'] : []
  ];
  return [
    `Usage of ${state.plan.title ? `${state.plan.title} ` : ""}[${r.planId}]: ${total ?? "no attempt has reported usage yet"}`,
    ...rows.length ? [fmt(header), ...rows.map(fmt)] : [],
    ...legend.length ? [`(${legend.join("; ")})`] : []
  ].join(`
`);
}

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

// src/core/render/changed-files.ts
function planChangedFiles(state) {
  let outputs = new Set(state.artifacts ?? []), seen = /* @__PURE__ */ new Set(), files = [], more = 0;
  for (let id of state.stepQueue) {
    let run = state.stepRuns[id];
    if (run?.status === "DONE") {
      for (let a of run.attempts ?? [])
        if (!(a.outcome !== "succeeded" && a.outcome !== "recovered")) {
          for (let f of Array.isArray(a.changedFiles) ? a.changedFiles : [])
            typeof f != "string" || outputs.has(f) || seen.has(f) || (seen.add(f), files.push(f));
          typeof a.changedFilesMore == "number" && a.changedFilesMore > 0 && (more += a.changedFilesMore);
        }
    }
  }
  return { files, more };
}
function changedFilesList(state, max = 100) {
  let { files, more } = planChangedFiles(state);
  if (!files.length && !more) return null;
  let shown = files.slice(0, max);
  return { total: files.length + more, shown, rest: files.length + more - shown.length };
}

// src/core/render/attempt-words.ts
function attemptOfRound(n, tries, max, round) {
  return round > 1 ? `attempt ${n}, ${tries} of ${max} in round ${round}` : `attempt ${n} of ${max}`;
}
function attemptsText(run) {
  if (!run) return countOf(0, "attempt");
  let round = roundOf(run), rounds = run.tries > 0 ? round : round - 1;
  return `${countOf(attemptsMade(run), "attempt")}${rounds > 1 ? ` in ${rounds} rounds` : ""}`;
}
function attemptsCell(run) {
  if (!run) return "0";
  let made = attemptsMade(run), round = roundOf(run);
  return round > 1 && run.tries === 0 && run.status !== "DONE" && run.status !== "SKIPPED" ? `${made}, round ${round} next` : round > 1 ? `${made} (${round} rounds)` : String(made);
}

// src/core/tick/apply.ts
var iso = (d) => d.toISOString();
function withRun(state, stepId, patch) {
  return { ...state, stepRuns: { ...state.stepRuns, [stepId]: patch(stepRun(state, stepId)) } };
}
function patchLastAttempt(run, patch) {
  let attempts = [...run.attempts ?? []], last = attempts[attempts.length - 1];
  return last && (attempts[attempts.length - 1] = { ...last, ...patch }), attempts;
}
function startAttempt(state, a) {
  let attempt = {
    n: a.n,
    runId: attemptId(state, a.stepId, a.n),
    owner: a.owner,
    startedAt: iso(a.now),
    leaseExpiresAt: iso(new Date(a.now.getTime() + a.leaseMs)),
    ...a.logFile ? { logFile: a.logFile } : {},
    ...roundOf(stepRun(state, a.stepId)) > 1 ? { round: roundOf(stepRun(state, a.stepId)) } : {}
  };
  return { state: { ...withRun(state, a.stepId, (run) => ({
    ...run,
    status: "IN_PROGRESS",
    tries: run.tries + 1,
    lastRunIso: iso(a.now),
    firstStartedAt: run.firstStartedAt ?? iso(a.now),
    attempts: [...run.attempts ?? [], attempt]
  })), notBefore: null }, notices: [] };
}
function finishAttempt(state, stepId, r, now, opts = {}) {
  let succeeded = r.outcome === "succeeded" || r.outcome === "recovered", next = withRun(state, stepId, (run) => {
    let { payload: earlier, stderr: _earlierStderr, ...rest } = run, payload = succeeded ? r.payload : earlier;
    return {
      ...rest,
      status: succeeded ? "DONE" : "FAILED",
      stdout: r.stdout,
      ...r.stderr !== void 0 ? { stderr: r.stderr } : {},
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
  }), n = lastAttempt(stepRun(next, stepId))?.n ?? stepRun(next, stepId).tries, refusedNotice = r.refused?.length ? [{ kind: "changes-refused", stepId, attempt: n, refused: r.refused, total: r.refusedTotal ?? r.refused.length }] : [];
  if (!succeeded) {
    opts.retryAt && (next = { ...next, notBefore: opts.retryAt });
    let failed = { kind: "step-failed", stepId, error: r.error ?? r.outcome, willRetry: r.outcome !== "cancelled" && r.outcome !== "over_budget" }, timedOut = r.outcome === "timed_out" && r.timeoutMinutes !== void 0 ? [{ kind: "timed-out", stepId, minutes: r.timeoutMinutes }] : [];
    if (r.outcome !== "cancelled" && opts.detourFor === void 0) {
      let route2 = routeFor(next, stepId, { succeeded: !1, ...r.failedRules ? { failedRules: r.failedRules } : {} });
      if (route2) return { state: takeRoute({ ...next, notBefore: null }, stepId, route2.index, route2.route).state, notices: [...refusedNotice, ...timedOut, failed] };
      if (state.plan.steps[stepId]?.retry === "group") {
        let again = rerunGroup({ ...next, notBefore: null }, stepId, r.error ?? r.outcome);
        if (again) return { state: again.state, notices: [...refusedNotice, ...timedOut, failed] };
        let spent = groupSpentText(next, stepId);
        if (spent) {
          let blocked = block(next, stepId, spent);
          return { state: blocked.state, notices: [...refusedNotice, ...timedOut, { ...failed, willRetry: !1 }, ...blocked.notices] };
        }
      }
    }
    return { state: next, notices: [...refusedNotice, ...timedOut, failed] };
  }
  let known = new Set(next.artifacts ?? []);
  if (next = { ...next, artifacts: [...next.artifacts ?? [], ...r.outputs.filter((o) => !known.has(o))] }, opts.detourFor !== void 0) return { state: finishRemediation(next, opts.detourFor, stepId), notices: [...refusedNotice, { kind: "step-done", stepId }] };
  let route = routeFor(next, stepId, { succeeded: !0, payload: r.payload });
  if (route) return { state: takeRoute(next, stepId, route.index, route.route).state, notices: [...refusedNotice, { kind: "step-done", stepId }] };
  if (opts.reopen?.size) {
    let reopened = reopenSteps(next, opts.reopen);
    return { state: reopened.state, notices: [...refusedNotice, { kind: "step-done", stepId }, ...reopened.notices] };
  }
  let advanced = advance(next, now);
  return { state: advanced.state, notices: [...refusedNotice, { kind: "step-done", stepId }, ...advanced.notices] };
}
function advance(state, now) {
  let currentStep = state.currentStep + 1;
  if (currentStep >= state.stepQueue.length)
    return { state: { ...state, currentStep: state.stepQueue.length, status: "DONE", notBefore: null }, notices: [{ kind: "done" }] };
  let delay = state.stepDelayMinutes ?? 0, notBefore = delay > 0 ? iso(new Date(now.getTime() + delay * 6e4)) : null;
  return { state: { ...state, currentStep, notBefore }, notices: [] };
}
function complete(state) {
  return { state: { ...state, currentStep: state.stepQueue.length, status: "DONE", notBefore: null }, notices: [{ kind: "done" }] };
}
function mayAcceptInterrupted(attempt, self, def) {
  let owner = attempt?.owner;
  return !owner || owner.kind !== "local" || self.kind !== "local" || owner.host !== self.host ? !1 : (def.requiredOutputs?.length ?? 0) > 0 || (def.validate?.length ?? 0) > 0 || def.expectPayload === !0;
}
function recoverAttempt(state, stepId, reason, now, usage) {
  let next = withRun(state, stepId, (run) => ({
    ...run,
    status: "FAILED",
    error: reason,
    attempts: patchLastAttempt(run, { endedAt: iso(now), outcome: "interrupted", error: reason, exitCode: null, ...usage ? { usage } : {} })
  })), n = stepRun(next, stepId).attempts?.at(-1)?.n ?? stepRun(next, stepId).tries;
  return { state: next, notices: [{ kind: "interrupted", stepId, attempt: n, reason }] };
}
function block(state, stepId, reason) {
  let line = `${stepId}: ${reason}`, blockers = state.blockers ?? [], { budgetBlock: _earlier, ...rest } = state;
  return {
    state: { ...rest, status: "BLOCKED", blockers: blockers.includes(line) ? blockers : [...blockers, line] },
    notices: [{ kind: "blocked", stepId, reason }]
  };
}
function cancel(state) {
  let stepId = currentStepId(state), run = stepId !== void 0 ? stepRun(state, stepId) : void 0, stopped = stepId !== void 0 && run && run.status === "FAILED" && run.tries > 0 && lastAttempt(run)?.outcome === "cancelled" ? stepId : null;
  return {
    state: { ...state, status: "CANCELLED", notBefore: null, ...state.gate ? { gate: null } : {} },
    notices: [{ kind: "cancelled", runningStep: stopped }]
  };
}
function reopenSteps(state, missingByStep) {
  if (missingByStep.size === 0) return { state, notices: [] };
  let next = state, notices = [], earliest = state.currentStep;
  for (let [stepId, missing] of missingByStep)
    next = withRun(next, stepId, (run) => ({ ...withNewRound(run), status: "PENDING", error: `reopened: required outputs missing: ${missing.join(", ")}` })), earliest = Math.min(earliest, state.stepQueue.indexOf(stepId)), notices.push({ kind: "reopened", stepId, missing });
  let artifactsGone = new Set([...missingByStep.values()].flat());
  return {
    state: { ...next, currentStep: earliest, status: "IN_PROGRESS", artifacts: (next.artifacts ?? []).filter((a) => !artifactsGone.has(a)) },
    notices
  };
}

// src/core/tick/budget.ts
function raised(state, scope, stepId, kind) {
  let raises = state.budgetRaises ?? [];
  for (let i = raises.length - 1; i >= 0; i--) {
    let r = raises[i];
    if (r.scope === scope && r.kind === kind && (scope === "plan" || r.stepId === stepId)) return r.limit;
  }
}
function withRaises(state, scope, stepId, base) {
  let out = {};
  for (let kind of ["costUsd", "tokens"]) {
    let limit = raised(state, scope, stepId, kind) ?? base?.[kind];
    limit !== void 0 && (out[kind] = limit);
  }
  return out;
}
function defaultOf(state, limits) {
  let recorded = state.defaultBudget ?? void 0;
  if (!recorded || !limits.budget) return recorded ?? limits.budget;
  let out = {};
  for (let kind of BUDGET_KINDS) {
    let limit = [recorded[kind], limits.budget[kind]].filter((x) => x !== void 0);
    limit.length && (out[kind] = Math.min(...limit));
  }
  return out;
}
function planBudget(state, limits) {
  return withRaises(state, "plan", void 0, state.plan.budget ?? defaultOf(state, limits));
}
function recordDefaultBudget(state, given, flag) {
  let ignored = [];
  if (state.plan.budget) {
    let own = budgetText(state.plan.budget) ?? "";
    for (let kind of BUDGET_KINDS) given[kind] !== void 0 && ignored.push(`${flag(kind)} ${given[kind]} is ignored: the plan sets its own budget (${own}).`);
    return { state, changed: !1, ignored };
  }
  let recorded = { ...state.defaultBudget ?? {} }, changed = !1;
  for (let kind of BUDGET_KINDS) {
    let value = given[kind];
    if (value === void 0) continue;
    let before = recorded[kind];
    if (before === void 0)
      recorded[kind] = value, changed = !0;
    else if (before !== value) {
      let now = planBudget(state, {})[kind] ?? before;
      ignored.push(
        `${flag(kind)} ${value} is ignored: ${budgetName({ scope: "plan", stepId: "", kind })} is ${budgetAmount(kind, now)}, set by an earlier run and kept for every run; once it is spent, raise it with approve ${flag(kind)} N.`
      );
    }
  }
  return changed ? { state: { ...state, defaultBudget: recorded }, changed, ignored } : { state, changed, ignored };
}
function stepBudget(state, stepId) {
  return withRaises(state, "step", stepId, state.plan.steps[stepId]?.budget);
}
function spentBudget(state, stepId, limits) {
  let scopes = [
    ["step", stepBudget(state, stepId)],
    ["plan", planBudget(state, limits)]
  ];
  for (let [scope, budget] of scopes) {
    if (budget.tokens === void 0 && budget.costUsd === void 0) continue;
    let spent = scope === "step" ? stepTotals(state, stepId) : planTotals(state);
    if (budget.tokens !== void 0 && spent.tokens >= budget.tokens) return { scope, stepId, kind: "tokens", limit: budget.tokens, spent: spent.tokens };
    if (budget.costUsd !== void 0 && spent.costUsd >= budget.costUsd) return { scope, stepId, kind: "costUsd", limit: budget.costUsd, spent: spent.costUsd };
  }
  return null;
}
function tokenAllowance(state, stepId, limits) {
  let found = [], step = stepBudget(state, stepId).tokens;
  step !== void 0 && found.push({ left: Math.max(0, step - stepTotals(state, stepId).tokens), scope: "step", stepId, limit: step });
  let plan = planBudget(state, limits).tokens;
  return plan !== void 0 && found.push({ left: Math.max(0, plan - planTotals(state).tokens), scope: "plan", stepId, limit: plan }), found.reduce((least, a) => least === void 0 || a.left < least.left ? a : least, void 0);
}
function budgetAmount(kind, amount) {
  return kind === "costUsd" ? formatUsd(amount) : `${groupDigits(amount)} tokens`;
}
function budgetName(x) {
  let what = x.kind === "costUsd" ? "cost" : "token";
  return x.scope === "plan" ? `the plan's ${what} budget` : `the ${what} budget of step ${x.stepId}`;
}
function budgetSpentText(x) {
  return `${budgetName(x)} is spent: ${budgetAmount(x.kind, x.spent)} used of ${budgetAmount(x.kind, x.limit)}`;
}
function budgetFlag(kind) {
  return kind === "costUsd" ? "--budget-usd" : "--budget-tokens";
}
function budgetRaiseAdvice(b, command) {
  return `\`${command} ${budgetFlag(b.kind)} N\` raises ${budgetName(b)} (${budgetAmount(b.kind, b.spent)} used of ${budgetAmount(b.kind, b.limit)}) to N, above what was used, and goes on.`;
}
function blockOnBudget(state, blockedStepId, x) {
  let blocked = block(state, blockedStepId, budgetSpentText(x)), record = { stepId: x.stepId, scope: x.scope, kind: x.kind, limit: x.limit, spent: x.spent };
  return { state: { ...blocked.state, budgetBlock: record }, notices: blocked.notices };
}
function budgetText(b) {
  if (!b) return null;
  let parts = [b.costUsd !== void 0 ? budgetAmount("costUsd", b.costUsd) : "", b.tokens !== void 0 ? budgetAmount("tokens", b.tokens) : ""].filter(Boolean);
  return parts.length ? parts.join(" \xB7 ") : null;
}

// src/core/render/step-progress.ts
var NAMED_SKIPPED = 3;
function stepProgress(state, tense = "past") {
  let skipped = stepsSkipped(state), line = countOfTotal(stepsDone(state) - skipped, state.stepQueue.length, "step", "done", tense);
  return skipped ? `${line}, ${skipped} skipped (${skippedNames(state)})` : line;
}
function skippedNames(state) {
  let ids = state.stepQueue.filter((id) => state.stepRuns[id]?.status === "SKIPPED"), named = ids.slice(0, NAMED_SKIPPED).join(", ");
  return ids.length > NAMED_SKIPPED ? `${named} and ${ids.length - NAMED_SKIPPED} more` : named;
}

export {
  changedFilesList,
  attemptOfRound,
  attemptsText,
  attemptsCell,
  totalTokens,
  emptyUsage,
  renderEvent,
  groupDigits,
  formatUsd,
  usageText,
  emptyTotals,
  addToTotals,
  stepTotals,
  usageReport,
  planTotals,
  usageLine,
  hasUsage,
  costCell,
  tokensCell,
  attemptTokens,
  runnerTime,
  totalLine,
  usageTable,
  promptPreamble,
  stepPrompt,
  withExecForwarder,
  routeOf,
  validationRoute,
  detourChain,
  activeStepId,
  remediationTargets,
  beginRemediation,
  remediationPrompt,
  startAttempt,
  finishAttempt,
  advance,
  complete,
  mayAcceptInterrupted,
  recoverAttempt,
  block,
  cancel,
  reopenSteps,
  recordDefaultBudget,
  spentBudget,
  tokenAllowance,
  budgetAmount,
  budgetName,
  budgetSpentText,
  budgetFlag,
  budgetRaiseAdvice,
  blockOnBudget,
  budgetText,
  stepProgress,
  skippedNames
};
