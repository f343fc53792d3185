import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);
import {
  budgetAmount,
  budgetName,
  changedFilesList,
  formatUsd,
  groupDigits,
  stepProgress,
  totalTokens
} from "./chunk-HBPE4V7O.js";
import {
  commandLogRecord
} from "./chunk-Q3RHMHRP.js";
import {
  fence,
  inline
} from "./chunk-IAW7XI6Z.js";
import {
  terminalLine
} from "./chunk-SY3ESOGT.js";
import {
  stoppedText
} from "./chunk-ZIC6WJ5X.js";
import {
  countOf
} from "./chunk-3RW55J7L.js";
import {
  currentStepId,
  lastAttempt,
  stepRun,
  stepsDone,
  stepsSkipped
} from "./chunk-K6PSMX6F.js";

// src/core/render/usage-report.ts
function emptyTotals() {
  return { attempts: 0, inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0, tokens: 0, costUsd: 0, uncosted: 0, partial: 0, turns: 0, apiMs: 0, wallMs: 0 };
}
function addToTotals(t, a) {
  const wallMs = t.wallMs + (typeof a.wallMs === "number" ? a.wallMs : 0);
  const u = a.usage;
  if (!u) return { ...t, wallMs };
  return {
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
  };
}
function stepsThatCount(state) {
  const queued = new Set(state.stepQueue);
  return [...state.stepQueue, ...Object.keys(state.stepRuns).filter((id) => !queued.has(id) && (state.stepRuns[id]?.attempts?.length ?? 0) > 0)];
}
function stepTotals(state, stepId) {
  return (state.stepRuns[stepId]?.attempts ?? []).reduce(addToTotals, emptyTotals());
}
function usageReport(state) {
  let total = emptyTotals();
  const steps = stepsThatCount(state).map((stepId) => {
    const attempts = state.stepRuns[stepId]?.attempts ?? [];
    const t = attempts.reduce(addToTotals, emptyTotals());
    total = sum(total, t);
    return {
      stepId,
      title: state.plan.steps[stepId]?.title ?? stepId,
      total: t,
      attempts: attempts.map((a) => ({ stepId, n: a.n, outcome: a.outcome ?? (a.endedAt ? "unknown" : "running"), ...typeof a.wallMs === "number" ? { wallMs: a.wallMs } : {}, ...a.usage ? { usage: a.usage } : {} }))
    };
  });
  return { planId: state.planId ?? "plan", total, steps };
}
function sum(a, b) {
  const out = emptyTotals();
  for (const k of Object.keys(out)) out[k] = a[k] + b[k];
  return out;
}
function planTotals(state) {
  let t = emptyTotals();
  for (const run of Object.values(state.stepRuns)) for (const a of run.attempts ?? []) if (a.usage || typeof a.wallMs === "number") t = addToTotals(t, a);
  return t;
}
function usageLine(state) {
  const t = planTotals(state);
  return t.attempts > 0 ? totalLine(t) : null;
}
function hasUsage(state) {
  for (const run of Object.values(state.stepRuns)) for (const a of run.attempts ?? []) if (a.usage) return true;
  return false;
}
function compactTokens(n) {
  if (n < 1e3) return String(Math.round(n));
  if (n < 1e6) return `${(n / 1e3).toFixed(n < 1e4 ? 2 : 1).replace(/\.?0+$/, "")}k`;
  return `${(n / 1e6).toFixed(2).replace(/\.?0+$/, "")}M`;
}
function costCell(t) {
  if (t.attempts === 0 || t.uncosted === t.attempts) return "-";
  return `${formatUsd(t.costUsd)}${t.uncosted ? "+" : ""}`;
}
function tokensCell(t) {
  return t.attempts === 0 ? "-" : compactTokens(t.tokens);
}
function runnerTime(ms) {
  const s = Math.round(ms / 1e3);
  if (s < 60) return `${s} s`;
  const m = Math.round(ms / 6e4);
  if (m < 60) return `${m} min`;
  return `${Math.floor(m / 60)} h ${String(m % 60).padStart(2, "0")} min`;
}
function totalLine(t) {
  const parts = [];
  if (t.attempts > 0) {
    const cost = t.uncosted === t.attempts ? "no cost reported" : `${formatUsd(t.costUsd)}${t.uncosted ? ` (${countOf(t.uncosted, "attempt")} reported no cost)` : ""}`;
    parts.push(`${groupDigits(t.tokens)} tokens, ${cost}, over ${countOf(t.attempts, "attempt")}${t.partial ? ` (${t.partial} stopped before reporting totals: at least this much)` : ""}`);
  }
  if (t.wallMs > 0) parts.push(`${runnerTime(t.wallMs)} of runner time in attempts`);
  return parts.length ? parts.join("; ") : null;
}
function usageTable(state) {
  const r = usageReport(state);
  const header = ["step", "attempt", "outcome", "model", "input", "output", "cache read", "cache write", "tokens", "cost", "turns", "API", "wall"];
  const ms = (v) => v === void 0 || v === 0 ? "-" : v < 1e3 ? `${v} ms` : runnerTime(v);
  const rows = [];
  for (const step of r.steps) {
    for (const a of step.attempts) {
      const u = a.usage;
      rows.push([
        step.stepId,
        String(a.n),
        a.outcome,
        u?.model ?? "-",
        u ? groupDigits(u.inputTokens) : "-",
        u ? groupDigits(u.outputTokens) : "-",
        u ? groupDigits(u.cacheReadTokens) : "-",
        u ? groupDigits(u.cacheWriteTokens) : "-",
        u ? `${groupDigits(totalTokens(u))}${u.complete ? "" : "+"}` : "-",
        u?.costUsd !== void 0 ? formatUsd(u.costUsd) : "-",
        u?.turns !== void 0 ? String(u.turns) : "-",
        ms(u?.apiMs),
        ms(a.wallMs)
      ]);
    }
    if (step.attempts.length > 1) rows.push([step.stepId, "all", "", "", "", "", "", "", tokensCell(step.total), costCell(step.total), "", ms(step.total.apiMs), ms(step.total.wallMs)]);
  }
  const widths = header.map((h, c) => Math.max(h.length, ...rows.map((row) => (row[c] ?? "").length)));
  const fmt = (cells) => cells.map((cell, c) => cell.padEnd(widths[c] ?? 0)).join("  ").trimEnd();
  const total = totalLine(r.total);
  return [
    `Usage of ${state.plan.title ? `${state.plan.title} ` : ""}[${r.planId}]: ${total ?? "no attempt has reported usage yet"}`,
    ...rows.length ? [fmt(header), ...rows.map(fmt)] : [],
    '(a "+" after tokens: the agent ended before its totals, so at least this many; after a cost: some attempts reported none)'
  ].join("\n");
}

// src/core/render/render.ts
function stepRows(state, from = 0, to = state.stepQueue.length) {
  const total = state.stepQueue.length;
  return state.stepQueue.slice(from, to).map((id, offset) => {
    const i = from + offset;
    const run = state.stepRuns[id];
    const def = state.plan.steps[id];
    return {
      index: i + 1,
      total,
      id,
      title: def?.title ?? id,
      // A step whose agent a cancel stopped did not fail: it was cancelled.
      status: run?.status === "FAILED" && run.attempts?.at(-1)?.outcome === "cancelled" ? "CANCELLED" : run?.status ?? "PENDING",
      tries: run?.tries ?? 0,
      durationMs: runDurationMs(run),
      outputs: def?.requiredOutputs ?? []
    };
  });
}
function runDurationMs(run) {
  const attempts = run?.attempts;
  if (!attempts?.length) return null;
  const start = Date.parse(attempts[0]?.startedAt ?? "");
  const end = Date.parse(attempts[attempts.length - 1]?.endedAt ?? "");
  return Number.isNaN(start) || Number.isNaN(end) ? null : Math.max(0, end - start);
}
function formatDuration(ms) {
  if (ms === null) return "-";
  if (ms < 1e3) return `${ms}ms`;
  const s = Math.round(ms / 1e3);
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m${String(s % 60).padStart(2, "0")}s`;
  return `${Math.floor(m / 60)}h${String(m % 60).padStart(2, "0")}m`;
}
function statusTable(state) {
  const usage = hasUsage(state);
  const header = ["#", "step", "title", "status", "tries", "duration", ...usage ? ["tokens", "cost"] : [], "outputs"];
  const rows = stepRows(state).map((r) => {
    const t = usage ? stepTotals(state, r.id) : null;
    return [
      `${r.index}/${r.total}`,
      r.id,
      r.title,
      r.status,
      String(r.tries),
      formatDuration(r.durationMs),
      ...t ? [tokensCell(t), costCell(t)] : [],
      r.outputs.join(", ") || "-"
    ].map(terminalLine);
  });
  const widths = header.map((h, c) => Math.min(40, Math.max(h.length, ...rows.map((row) => (row[c] ?? "").length))));
  const fmt = (cells) => cells.map((cell, c) => clip(cell, widths[c] ?? 0).padEnd(widths[c] ?? 0)).join("  ").trimEnd();
  const title = state.plan.title ? `${terminalLine(state.plan.title)} ` : "";
  const finished = stepsDone(state);
  const skipped = stepsSkipped(state);
  const progress = skipped ? `${finished}/${state.stepQueue.length} steps finished: ${finished - skipped} done, ${skipped} skipped` : `${finished}/${state.stepQueue.length} steps done`;
  const head = `${title}[${state.planId ?? "plan"}] ${state.status} (${progress}, revision ${state.revision ?? 0})`;
  const extra = (state.blockers ?? []).map((b) => `blocked: ${b}`);
  if (state.notBefore && state.status === "IN_PROGRESS") extra.push(`next step not before ${state.notBefore}`);
  const used = usageLine(state);
  if (used) extra.push(`usage: ${used}`);
  return [head, fmt(header), ...rows.map(fmt), ...extra].join("\n");
}
function clip(text, width) {
  return text.length <= width ? text : `${text.slice(0, Math.max(0, width - 1))}\u2026`;
}
function resumeLines(state, max = 20) {
  const shown = [];
  let i = state.currentStep - 1;
  for (; i >= 0 && shown.length < max; i--) {
    const status = state.stepRuns[state.stepQueue[i] ?? ""]?.status;
    if (status === "DONE" || status === "SKIPPED") shown.push(i);
  }
  const lines = shown.reverse().map((index) => {
    const r = stepRows(state, index, index + 1)[0];
    const recovered = state.stepRuns[r.id]?.attempts?.at(-1)?.outcome === "recovered";
    const what = r.status === "SKIPPED" ? "skipped" : `done in ${countOf(r.tries, "try", "tries")}${recovered ? " (recovered: an interrupted attempt's work met the contract)" : ""}`;
    const outputs = r.outputs.length ? `, outputs: ${r.outputs.join(", ")}` : "";
    return `(${r.index}/${r.total}) [Resume] ${r.id} ${r.title}: ${what}${outputs}`;
  });
  if (i >= 0) lines.unshift(`(steps 1-${i + 1} not shown)`);
  return lines;
}
function finalSummary(state, link2 = (p) => p) {
  const rows = stepRows(state);
  const outputs = state.artifacts ?? [];
  const lines = [
    `${state.plan.title ?? state.planId ?? "Plan"}: ${rows.length === 1 ? "its 1 step" : `all ${rows.length} steps`} finished (${rows.filter((r) => r.status === "DONE").length} done, ${rows.filter((r) => r.status === "SKIPPED").length} skipped).`,
    ...rows.map((r) => `  (${r.index}/${r.total}) ${r.id} ${r.title}: ${r.status.toLowerCase()}${r.tries ? ` in ${countOf(r.tries, "try", "tries")}` : ""}`),
    outputs.length ? "Outputs:" : "No outputs were declared.",
    ...outputs.map((o) => `  - ${link2(o)}`)
  ];
  const changed = changedFilesList(state);
  if (changed) lines.push(`Other files the plan created or changed (${changed.total}):`, ...changed.shown.map((f) => `  - ${link2(f)}`), ...changed.rest > 0 ? [`  - \u2026 and ${changed.rest} more`] : []);
  const totals = toolCallTotals(state);
  if (totals.size) lines.push("Tool calls:", ...[...totals].map(([id, t]) => `  ${id}: ${t.calls}${t.denied ? ` (${t.denied} denied)` : ""}`));
  const total = planTotals(state);
  const used = totalLine({ ...total, wallMs: 0 });
  if (used) lines.push(`Usage: ${used}.`);
  if (total.wallMs > 0) lines.push(`Runner time: ${runnerTime(total.wallMs)} in attempts (the agents and the steps' checks).`);
  const logs = keptCommandLogs(state).filter((l) => l.logFile);
  if (logs.length) lines.push("Command logs:", ...logs.map((l) => `  ${l.stepId}: ${l.logFile.replace(/\.log$/, ".commands.jsonl")}`));
  return lines.join("\n");
}
function blockerReport(state, stepId, reason) {
  const run = state.stepRuns[stepId];
  const attempts = (run?.attempts ?? []).map(
    (a) => `  attempt ${a.n}: ${a.outcome ?? "unknown"}${a.exitCode !== void 0 && a.exitCode !== null ? ` (exit ${a.exitCode})` : ""}${a.toolCalls ? `, ${a.toolCalls.calls} tool calls${a.toolCalls.denied ? ` (${a.toolCalls.denied} denied)` : ""}` : ""}${a.usage ? `, ${groupDigits(totalTokens(a.usage))} tokens${a.usage.costUsd !== void 0 ? `, ${formatUsd(a.usage.costUsd)}` : ""}` : ""}${a.error ? ` - ${firstLine(a.error)}` : ""}`
  );
  return [
    `Blocked at ${stepId} (${state.plan.steps[stepId]?.title ?? stepId}): ${reason}`,
    `Last error: ${run?.error ?? "none recorded"}`,
    ...attempts.length ? ["Attempts:", ...attempts] : [],
    ...state.budgetBlock && state.status === "BLOCKED" ? ["To raise the spent budget: approve --budget-usd N or --budget-tokens N (above what was used)."] : [],
    "To continue: retry (fresh attempts), skip (move on without it), or cancel."
  ].join("\n");
}
function firstLine(text) {
  const line = text.split("\n", 1)[0] ?? "";
  return line.length > 200 ? `${line.slice(0, 197)}...` : line;
}
function keptCommandLogs(state) {
  const out = [];
  for (const id of state.stepQueue) {
    const a = [...state.stepRuns[id]?.attempts ?? []].reverse().find((x) => x.toolCalls && x.toolCalls.calls > 0);
    if (a) out.push({ stepId: id, n: a.n, ...typeof a.logFile === "string" ? { logFile: a.logFile } : {} });
  }
  return out;
}
function toolCallTotals(state) {
  const totals = /* @__PURE__ */ new Map();
  for (const id of state.stepQueue) {
    for (const a of state.stepRuns[id]?.attempts ?? []) {
      const t = a.toolCalls;
      if (!t || typeof t.calls !== "number" || typeof t.denied !== "number") continue;
      const sum2 = totals.get(id) ?? { calls: 0, denied: 0 };
      totals.set(id, { calls: sum2.calls + t.calls, denied: sum2.denied + t.denied });
    }
  }
  return totals;
}

// src/core/tick/notices.ts
function timedOutText(stepId, minutes) {
  const limit = minutes >= 1 ? `${Math.round(minutes * 10) / 10} min` : `${Math.round(minutes * 60)} s`;
  return `step ${stepId} ran over its ${limit}`;
}

// src/core/render/render-markdown.ts
var MAX_COMMENT_CHARS = 65536;
var LISTED_OUTPUTS = 100;
var LISTED_OUTPUTS_MAX = LISTED_OUTPUTS;
function marker(planId, kind, episode) {
  return `<!-- agent-step-sequencer:${kind}:${planId}${episode ? `:${episode}` : ""} -->`;
}
var STATUS_ICON = {
  PENDING: "\u23F3",
  IN_PROGRESS: "\u{1F504}",
  DONE: "\u2705",
  FAILED: "\u274C",
  SKIPPED: "\u23ED\uFE0F",
  CANCELLED: "\u{1F6D1}"
};
function runFooter(links) {
  const r = links.run;
  if (!r) return [];
  return [`<sub>${link("workflow run", r.runUrl)} \xB7 ${link("attempt logs", r.logsUrl)} \xB7 work branch ${link(`\`${r.branch.replace(/`/g, "")}\``, r.branchUrl)}</sub>`];
}
function link(text, url) {
  return `[${text}](${url.replace(/[()]/g, (c) => c === "(" ? "%28" : "%29").replace(/[\s<>\\]/g, encodeURIComponent)})`;
}
function outputText(path, links, linked) {
  return links.file && linked ? link(inline(path), links.file(path)) : inline(path);
}
var CELL_OUTPUTS = 3;
function outputsCell(row, links) {
  if (!row.outputs.length) return "";
  const shown = row.outputs.slice(0, CELL_OUTPUTS).map((o) => outputText(o, links, row.status === "DONE"));
  const rest = row.outputs.length - shown.length;
  return [...shown, ...rest > 0 ? [`+${rest} more`] : []].join(", ");
}
var FULL_TABLE_STEPS = 30;
var TABLE_WINDOW = 10;
function tableWindow(state) {
  const total = state.stepQueue.length;
  if (total <= FULL_TABLE_STEPS) return { from: 0, to: total };
  const current = Math.min(Math.max(0, state.currentStep), total);
  return { from: Math.max(0, current - TABLE_WINDOW), to: Math.min(total, current + TABLE_WINDOW) };
}
function shownOutputs(state, listed = false) {
  const { from, to } = tableWindow(state);
  const paths = /* @__PURE__ */ new Set();
  for (const r of stepRows(state, from, to)) if (r.status === "DONE") for (const o of r.outputs.slice(0, CELL_OUTPUTS)) paths.add(o);
  if (listed) for (const o of (state.artifacts ?? []).slice(0, LISTED_OUTPUTS)) paths.add(o);
  return [...paths];
}
function stepTable(state, links = {}, withOutputs = true) {
  const { from, to } = tableWindow(state);
  const total = state.stepQueue.length;
  const usage = hasUsage(state);
  const usageCells = (r) => {
    if (!usage) return "";
    const t = stepTotals(state, r.id);
    return ` ${tokensCell(t)} | ${costCell(t)} |`;
  };
  const row = (r) => `| ${r.index}/${r.total} | \`${r.id}\` | ${inline(r.title)} | ${STATUS_ICON[r.status] ?? ""} ${r.status} | ${r.tries} | ${formatDuration(r.durationMs)} |${usageCells(r)}${withOutputs ? ` ${outputsCell(r, links)} |` : ""}`;
  const head = `| # | step | title | status | tries | duration |${usage ? " tokens | cost |" : ""}`;
  const rule = `|---|---|---|---|---|---|${usage ? "---|---|" : ""}`;
  const header = withOutputs ? [`${head} outputs |`, `${rule}---|`] : [head, rule];
  const rows = stepRows(state, from, to).map(row);
  const after = total - to;
  return [
    ...from ? [`${countOf(from, "earlier step")} not shown (${summarize(stepRows(state, 0, from))}).`, ""] : [],
    ...header,
    ...rows,
    ...after ? ["", `${countOf(after, "later step")} not shown.`] : []
  ].join("\n");
}
var COMMENT_BUDGET = MAX_COMMENT_CHARS - 1e3;
var SHAPES = [
  { fileLinks: true, tableOutputs: true, listed: LISTED_OUTPUTS_MAX, finishedChars: 24e3 },
  { fileLinks: false, tableOutputs: true, listed: LISTED_OUTPUTS_MAX, finishedChars: 24e3 },
  { fileLinks: false, tableOutputs: true, listed: 10, finishedChars: 8e3 },
  { fileLinks: false, tableOutputs: false, listed: 10, finishedChars: 2e3 },
  { fileLinks: false, tableOutputs: false, listed: 0, finishedChars: 0 }
];
function fittedNotice(links, render) {
  let body = "";
  for (const shape of SHAPES) {
    const { file: _file, ...bare } = links;
    body = render(shape.fileLinks ? links : bare, shape);
    if (body.length <= COMMENT_BUDGET) return body;
  }
  return body;
}
function outputList(outputs, links, max) {
  const shown = outputs.slice(0, Math.min(max, LISTED_OUTPUTS));
  const rest = outputs.length - shown.length;
  const where = links.run ? link("work branch", links.run.branchUrl) : "see the work branch";
  return [...shown.map((o) => `- ${outputText(o, links, true)}`), ...rest > 0 ? [`- \u2026 and ${countOf(rest, shown.length ? "more output" : "output")}: ${where}`] : []];
}
function summarize(rows) {
  const by = /* @__PURE__ */ new Map();
  for (const r of rows) by.set(r.status, (by.get(r.status) ?? 0) + 1);
  return [...by].map(([status, n]) => `${n} ${status}`).join(", ");
}
function statusComment(state, links = {}) {
  return fittedNotice(links, (l, shape) => statusBody(state, l, shape.tableOutputs, shape.finishedChars));
}
function finishedBlock(state, maxChars) {
  if (maxChars <= 0) return [];
  const lines = resumeLines(state, state.stepQueue.length).map((l) => l.replace(" [Resume] ", " "));
  if (!lines.length) return [];
  const kept = [];
  let size = 0;
  for (let i = lines.length - 1; i >= 0; i--) {
    const line = lines[i];
    if (size + line.length + 1 > maxChars) break;
    kept.unshift(line);
    size += line.length + 1;
  }
  const cut = lines.length - kept.length;
  const text = [...cut ? [`(${countOf(cut, "earlier finished step")} not shown: \`status\` in the CLI or the job summary lists them)`] : [], ...kept].join("\n");
  return ["<details><summary>Finished steps (" + lines.length + ")</summary>", "", fence(text, maxChars + 200), "", "</details>", ""];
}
function statusBody(state, links, withOutputs, finishedChars = 0) {
  const id = state.planId ?? "plan";
  const head = `### ${inline(state.plan.title ?? id)}: ${state.status} (${stepsDone(state)}/${state.stepQueue.length})`;
  const extra = [];
  if (state.status === "IN_PROGRESS" && state.notBefore) extra.push(`Next step not before ${state.notBefore}.`);
  if (state.status === "BLOCKED") for (const b of state.blockers ?? []) extra.push(`Blocked: ${inline(b, 300)}`);
  const overran = timedOutLine(state);
  if (overran) extra.push(overran);
  const used = usageLine(state);
  if (used) extra.push(`**Usage:** ${used}.`);
  return [marker(id, "status"), head, "", stepTable(state, links, withOutputs), "", ...finishedBlock(state, finishedChars), ...extra, `<sub>revision ${state.revision ?? 0} \xB7 last heartbeat ${state.lastHeartbeatIso ?? "-"}</sub>`, ...runFooter(links)].join("\n");
}
function timedOutLine(state) {
  const stepId = currentStepId(state);
  if (stepId === void 0 || state.status === "DONE" || state.status === "CANCELLED") return void 0;
  const run = state.stepRuns[stepId];
  const last = run ? lastAttempt(run) : void 0;
  if (!run || run.status === "DONE" || last?.outcome !== "timed_out" || typeof last.timeoutMinutes !== "number") return void 0;
  return `\u23F1\uFE0F Attempt ${last.n}: ${inline(timedOutText(stepId, last.timeoutMinutes))}.`;
}
function blockerNotice(state, stepId, reason, links = {}) {
  const id = state.planId ?? "plan";
  const run = state.stepRuns[stepId];
  const tools = (run?.attempts ?? []).some((a) => a.toolCalls);
  const usage = (run?.attempts ?? []).some((a) => a.usage);
  const usageCells = (a) => usage ? ` ${a.usage ? groupDigits(totalTokens(a.usage)) : "-"} | ${a.usage?.costUsd !== void 0 ? formatUsd(a.usage.costUsd) : "-"} |` : "";
  const attempts = (run?.attempts ?? []).map(
    (a) => `| ${a.n} | ${a.outcome ?? "-"} | ${a.exitCode ?? "-"} | ${a.durationMs !== void 0 ? formatDuration(a.durationMs) : "-"} |${tools ? ` ${toolCallsText(a.toolCalls)} |` : ""}${usageCells(a)} ${inline(a.error ?? "", 160)} |`
  );
  const raise = budgetRaiseLines(state);
  const used = usageLine(state);
  const episode = `${stepId}-${run?.attempts?.length ?? run?.tries ?? 0}`;
  return [
    marker(id, "blocked", episode),
    `### \u26D4 Blocked at \`${stepId}\`: ${inline(state.plan.steps[stepId]?.title ?? stepId)}`,
    "",
    `**Why:** ${inline(reason, 300)}`,
    "",
    ...attempts.length ? [`| attempt | outcome | exit | duration |${tools ? " tool calls |" : ""}${usage ? " tokens | cost |" : ""} error |`, `|---|---|---|---|${tools ? "---|" : ""}${usage ? "---|---|" : ""}---|`, ...attempts, ""] : [],
    ...used ? [`**Plan usage so far:** ${used}.`, ""] : [],
    "**Last error:**",
    fence(run?.error ?? "none recorded", 3e3),
    "",
    "To continue, reply with one of:",
    ...raise,
    `- \`/retry\`: run \`${stepId}\` again with a fresh set of attempts`,
    `- \`/skip\`: mark \`${stepId}\` skipped and go on`,
    "- `/cancel`: stop the plan",
    ...links.run ? ["", ...runFooter(links)] : []
  ].join("\n");
}
function finalSummaryComment(state, links = {}) {
  const id = state.planId ?? "plan";
  const outputs = state.artifacts ?? [];
  return fittedNotice(
    links,
    (l, shape) => [
      marker(id, "summary"),
      `### \u2705 Done: ${inline(state.plan.title ?? id)}`,
      "",
      stepTable(state, l, shape.tableOutputs),
      "",
      ...usageLines(state),
      outputs.length ? `**Outputs** (${outputs.length})` : "No outputs were declared.",
      ...outputList(outputs, l, shape.listed),
      ...changedLines(state, shape.listed),
      ...toolCallLines(state),
      ...commandLogLines(state, l),
      ...l.run ? ["", ...runFooter(l)] : []
    ].join("\n")
  );
}
function cancelledNotice(state, runningStep, links = {}) {
  const id = state.planId ?? "plan";
  const episode = (state.cancelRequested?.at ?? String(state.revision ?? 0)).replace(/[^0-9A-Za-z]/g, "");
  const by = state.cancelRequested?.by ? ` by ${inline(`@${state.cancelRequested.by}`, 60)}` : "";
  const reason = state.cancelRequested?.reason ? ` (${inline(state.cancelRequested.reason, 200)})` : "";
  return fittedNotice(links, (l, shape) => [
    marker(id, "cancelled", episode),
    `### \u{1F6D1} Cancelled${by}${reason}`,
    "",
    runningStep ? `\`${runningStep}\` was running; ${stoppedText(lastAttempt(stepRun(state, runningStep))?.stoppedBy)}.` : "No step was running.",
    `${stepProgress(state)}:`,
    "",
    stepTable(state, l, shape.tableOutputs),
    "",
    "Reply `/resume` to continue from the current step.",
    ...l.run ? ["", ...runFooter(l)] : []
  ].join("\n"));
}
function mermaidQueue(state) {
  const rows = stepRows(state);
  const nodeId = (i) => `s${i}`;
  const label = (r) => `${r.id}: ${r.title}`.replace(/["[\]{}()<>|#;`&\\\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, " ").slice(0, 60);
  const lines = ["```mermaid", "flowchart LR"];
  rows.forEach((r, i) => lines.push(`  ${nodeId(i)}["${label(r)}"]:::${r.status.toLowerCase()}`));
  for (let i = 1; i < rows.length; i++) lines.push(`  ${nodeId(i - 1)} --> ${nodeId(i)}`);
  lines.push(
    "  classDef done fill:#d4f7d4,stroke:#2da44e",
    "  classDef skipped fill:#eeeeee,stroke:#999999",
    "  classDef failed fill:#ffd7d5,stroke:#cf222e",
    "  classDef cancelled fill:#eeeeee,stroke:#cf222e",
    "  classDef in_progress fill:#fff2c2,stroke:#bf8700",
    "  classDef pending fill:#ffffff,stroke:#8c959f",
    "```"
  );
  return lines.join("\n");
}
function jobSummary(state, links = {}) {
  const big = state.stepQueue.length > 200;
  const resumed = resumeLines(state);
  const outputs = state.artifacts ?? [];
  return [
    statusComment(state, links).replace(/^<!--.*-->\n/, ""),
    "",
    ...outputs.length ? [`**Outputs** (${outputs.length})`, "", ...outputs.map((o) => `- ${outputText(o, links, true)}`), ""] : [],
    big ? "" : mermaidQueue(state),
    ...resumed.length ? ["", "<details><summary>Finished steps</summary>", "", fence(resumed.join("\n"), 2e4), "", "</details>"] : []
  ].join("\n");
}
function commandLogLines(state, links) {
  const logs = keptCommandLogs(state);
  if (!logs.length) return [];
  const shown = logs.slice(0, LISTED_OUTPUTS).map(({ stepId, n }) => {
    const rel = commandLogRecord(stepId, n);
    return `- \`${stepId}\`: ${links.record ? link(`attempt ${n}`, links.record(rel)) : `attempt ${n} (\`${rel}\` beside the state)`}`;
  });
  return ["", "**Command logs** (each step's last attempt that made tool calls)", ...shown, ...logs.length > shown.length ? [`- \u2026 and ${countOf(logs.length - shown.length, "more step")}`] : []];
}
function changedLines(state, max) {
  const changed = changedFilesList(state, max);
  if (!changed) return [];
  return ["", `**Other files the plan created or changed** (${changed.total})`, ...changed.shown.map((f) => `- ${inline(f)}`), ...changed.rest > 0 ? [`- \u2026 and ${changed.rest} more`] : []];
}
function toolCallsText(calls) {
  if (!calls) return "-";
  return calls.denied ? `${calls.calls} (${calls.denied} denied)` : String(calls.calls);
}
function toolCallLines(state) {
  const rows = [];
  for (const [stepId, total] of toolCallTotals(state)) rows.push(`- \`${stepId}\`: ${toolCallsText(total)}`);
  if (!rows.length) return [];
  const shown = rows.slice(0, LISTED_OUTPUTS);
  return ["", "**Tool calls** (all attempts; the command logs are in the attempt logs)", ...shown, ...rows.length > shown.length ? [`- \u2026 and ${countOf(rows.length - shown.length, "more step")}`] : []];
}
function usageLines(state) {
  const total = planTotals(state);
  const lines = [];
  const used = totalLine({ ...total, wallMs: 0 });
  if (used) lines.push(`**Usage:** ${used}.`);
  if (total.wallMs > 0) lines.push(`**Runner time:** ${runnerTime(total.wallMs)} in attempts (the agents and the steps' checks; each job's set-up, commits and notices come on top).`);
  return lines.length ? [...lines, ""] : [];
}
function budgetRaiseLines(state) {
  const b = state.budgetBlock;
  if (!b || state.status !== "BLOCKED") return [];
  const example = b.kind === "costUsd" ? `$${Math.max(1, Math.ceil(b.spent * 2))}` : String(Math.max(1e3, Math.ceil(b.spent * 2 / 1e3) * 1e3));
  return [`- \`/approve budget=${example}\`: raise ${budgetName(b)} (${budgetAmount(b.kind, b.spent)} used of ${budgetAmount(b.kind, b.limit)}) to the amount given, above what was used, and go on`];
}

export {
  usageReport,
  usageTable,
  statusTable,
  resumeLines,
  finalSummary,
  blockerReport,
  timedOutText,
  marker,
  runFooter,
  shownOutputs,
  stepTable,
  fittedNotice,
  outputList,
  statusComment,
  blockerNotice,
  finalSummaryComment,
  cancelledNotice,
  jobSummary
};
