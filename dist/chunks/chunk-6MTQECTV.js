import {
  addToTotals,
  attemptTokens,
  attemptsCell,
  attemptsText,
  budgetAmount,
  budgetName,
  budgetRaiseAdvice,
  changedFilesList,
  costCell,
  emptyTotals,
  formatUsd,
  groupDigits,
  hasUsage,
  planTotals,
  runnerTime,
  skippedNames,
  stepProgress,
  stepTotals,
  tokensCell,
  totalLine,
  usageLine
} from "./chunk-J73L5JYA.js";
import {
  commandLogRecord
} from "./chunk-7JTDDRLV.js";
import {
  fence,
  inline
} from "./chunk-NEPVVNT5.js";
import {
  terminalLine
} from "./chunk-A35T5UHC.js";
import {
  attemptsMade,
  currentStepId,
  lastAttempt,
  roundOf,
  stepRun,
  stepsDone,
  stepsSkipped
} from "./chunk-IU6TIPQF.js";
import {
  stoppedText
} from "./chunk-RK2TRGWS.js";
import {
  countOf
} from "./chunk-UVXCAWLY.js";

// src/core/render/render.ts
function stepRows(state, from = 0, to = state.stepQueue.length) {
  let total = state.stepQueue.length;
  return state.stepQueue.slice(from, to).map((id, offset) => {
    let i = from + offset, run = state.stepRuns[id], def = state.plan.steps[id];
    return {
      index: i + 1,
      total,
      id,
      title: def?.title ?? id,
      // A step whose agent a cancel stopped did not fail: it was cancelled.
      status: run?.status === "FAILED" && run.attempts?.at(-1)?.outcome === "cancelled" ? "CANCELLED" : run?.status ?? "PENDING",
      attempts: attemptsCell(run),
      attemptsText: attemptsText(run),
      tried: run !== void 0 && attemptsMade(run) > 0,
      durationMs: runDurationMs(run),
      outputs: def?.requiredOutputs ?? []
    };
  });
}
function runDurationMs(run) {
  let attempts = run?.attempts;
  if (!attempts?.length) return null;
  let start = Date.parse(attempts[0]?.startedAt ?? ""), end = Date.parse(attempts[attempts.length - 1]?.endedAt ?? "");
  return Number.isNaN(start) || Number.isNaN(end) ? null : Math.max(0, end - start);
}
function formatDuration(ms) {
  if (ms === null) return "-";
  if (ms < 1e3) return `${ms}ms`;
  let s = Math.round(ms / 1e3);
  if (s < 60) return `${s}s`;
  let m = Math.floor(s / 60);
  return m < 60 ? `${m}m${String(s % 60).padStart(2, "0")}s` : `${Math.floor(m / 60)}h${String(m % 60).padStart(2, "0")}m`;
}
function statusTable(state) {
  let usage = hasUsage(state), header = ["#", "step", "title", "status", "attempts", "duration", ...usage ? ["tokens", "cost"] : [], "outputs"], rows = stepRows(state).map((r) => {
    let t = usage ? stepTotals(state, r.id) : null;
    return [`${r.index}/${r.total}`, r.id, r.title, r.status, r.attempts, formatDuration(r.durationMs), ...t ? [tokensCell(t), costCell(t)] : [], outputsText(r) || "-"].map(terminalLine);
  }), widths = header.map((h, c) => Math.min(40, Math.max(h.length, ...rows.map((row) => (row[c] ?? "").length)))), fmt = (cells) => cells.map((cell, c) => clip(cell, widths[c] ?? 0).padEnd(widths[c] ?? 0)).join("  ").trimEnd(), title = state.plan.title ? `${terminalLine(state.plan.title)} ` : "", skipped = stepsSkipped(state), progress = `${stepsDone(state) - skipped}/${state.stepQueue.length} steps done${skipped ? `, ${skipped} skipped` : ""}`, head = `${title}[${state.planId ?? "plan"}] ${state.status} (${progress}, revision ${state.revision ?? 0})`, extra = (state.blockers ?? []).map((b) => `blocked: ${b}`);
  state.notBefore && state.status === "IN_PROGRESS" && extra.push(`next step not before ${state.notBefore}`);
  let stop = state.cancelRequested;
  stop && extra.push(`${state.status === "CANCELLED" ? "cancelled" : "cancel requested"} by @${terminalLine(stop.by)}${stop.reason ? `: "${terminalLine(stop.reason)}"` : ""}`);
  let used = usageLine(state);
  return used && extra.push(`usage: ${used}`), [head, fmt(header), ...rows.map(fmt), ...extra].join(`
`);
}
function outputsText(r) {
  return r.outputs.length ? r.status === "SKIPPED" ? `not made: ${r.outputs.join(", ")}` : r.outputs.join(", ") : "";
}
function clip(text, width) {
  return text.length <= width ? text : `${text.slice(0, Math.max(0, width - 1))}\u2026`;
}
function resumeLines(state, max = 20, tagged = !0) {
  let shown = [], i = state.currentStep - 1;
  for (; i >= 0 && shown.length < max; i--) {
    let status = state.stepRuns[state.stepQueue[i] ?? ""]?.status;
    (status === "DONE" || status === "SKIPPED") && shown.push(i);
  }
  let lines = shown.reverse().map((index) => {
    let r = stepRows(state, index, index + 1)[0], recovered = state.stepRuns[r.id]?.attempts?.at(-1)?.outcome === "recovered", what = r.status === "SKIPPED" ? "skipped" : `done in ${r.attemptsText}${recovered ? " (recovered: an interrupted attempt's work met the contract)" : ""}`, outputs = r.outputs.length && r.status !== "SKIPPED" ? `, outputs: ${r.outputs.join(", ")}` : "";
    return `(${r.index}/${r.total})${tagged ? " [Resume]" : ""} ${r.id} ${r.title}: ${what}${outputs}`;
  });
  return i >= 0 && lines.unshift(`(steps 1-${i + 1} not shown)`), lines;
}
function finalSummary(state, link2 = (p) => p) {
  let rows = stepRows(state), outputs = state.artifacts ?? [], skipped = rows.filter((r) => r.status === "SKIPPED"), title = state.plan.title ?? state.planId ?? "Plan", lines = [
    skipped.length ? `${title}: ${rows.filter((r) => r.status === "DONE").length} of ${countOf(rows.length, "step")} done, ${skipped.length} skipped (${skippedNames(state)}).` : `${title}: ${rows.length === 1 ? "its 1 step" : `all ${rows.length} steps`} finished (${rows.filter((r) => r.status === "DONE").length} done, 0 skipped).`,
    ...rows.map(
      (r) => `  (${r.index}/${r.total}) ${r.id} ${r.title}: ${r.status.toLowerCase()}${r.tried ? ` in ${r.attemptsText}` : ""}${r.status === "SKIPPED" && r.outputs.length ? ` (${outputsText(r)})` : ""}`
    ),
    outputs.length ? "Outputs:" : "No outputs were declared.",
    ...outputs.map((o) => `  - ${link2(o)}`)
  ], changed = changedFilesList(state);
  changed && lines.push(`Other files the plan created or changed (${changed.total}):`, ...changed.shown.map((f) => `  - ${link2(f)}`), ...changed.rest > 0 ? [`  - \u2026 and ${changed.rest} more`] : []);
  let totals = toolCallTotals(state);
  totals.size && lines.push("Tool calls:", ...[...totals].map(([id, t]) => `  ${id}: ${t.calls}${t.denied ? ` (${t.denied} denied)` : ""}`));
  let total = planTotals(state), used = totalLine({ ...total, wallMs: 0 });
  used && lines.push(`Usage: ${used}.`), total.wallMs > 0 && lines.push(`Runner time: ${runnerTime(total.wallMs)} in attempts (the agents and the steps' checks).`);
  let logs = keptCommandLogs(state).filter((l) => l.logFile);
  return logs.length && lines.push("Command logs:", ...logs.map((l) => `  ${l.stepId}: ${l.logFile.replace(/\.log$/, ".commands.jsonl")}`)), lines.join(`
`);
}
function blockerReport(state, stepId, reason) {
  let run = state.stepRuns[stepId], all = run?.attempts ?? [], attempts = sameAttempts(all).map(({ first: a, last, count }) => {
    let which = count > 1 ? `${a.n}-${last.n}` : String(a.n), round = typeof a.round == "number" && a.round > 1 ? ` (round ${a.round})` : "", exit = a.exitCode !== void 0 && a.exitCode !== null ? ` (exit ${a.exitCode})` : "", tools = a.toolCalls ? `, ${countOf(a.toolCalls.calls, "tool call")}${a.toolCalls.denied ? ` (${a.toolCalls.denied} denied)` : ""}` : "", used = usageText(all.slice(all.indexOf(a), all.indexOf(last) + 1));
    return `  attempt ${which}${round}: ${a.outcome ?? "unknown"}${exit}${tools}${used}${a.error ? ` - ${firstLine(a.error)}` : ""}${count > 1 ? ` (${count} times)` : ""}`;
  });
  return [
    `Blocked at ${stepId} (${state.plan.steps[stepId]?.title ?? stepId}): ${reason}`,
    // A step blocked before it ran (a spent budget) has no error: the first line says why.
    ...run?.error ? [`Last error: ${run.error}`] : [],
    ...attempts.length ? [`Attempts (${attemptsText(run)}):`, ...attempts] : [],
    ...state.budgetBlock && state.status === "BLOCKED" ? [`To raise it: ${budgetRaiseAdvice(state.budgetBlock, "approve")}`] : [],
    // A new round would block again at once while the budget is spent.
    state.budgetBlock && state.status === "BLOCKED" ? "Or: skip (move on without it), or cancel." : "To continue: retry (a new round of attempts), skip (move on without it), or cancel."
  ].join(`
`);
}
function usageText(group) {
  let t = group.reduce(addToTotals, emptyTotals());
  if (t.attempts === 0) return "";
  let cost = costCell(t);
  return `, ${groupDigits(t.tokens)}${t.partial ? "+" : ""} tokens${cost === "-" ? "" : `, ${cost}`}${group.length > 1 ? " in all" : ""}`;
}
function firstLine(text) {
  let line = text.split(`
`, 1)[0] ?? "";
  return line.length > 200 ? `${line.slice(0, 197)}...` : line;
}
function keptCommandLogs(state) {
  let out = [];
  for (let id of state.stepQueue) {
    let a = [...state.stepRuns[id]?.attempts ?? []].reverse().find((x) => x.toolCalls && x.toolCalls.calls > 0);
    a && out.push({ stepId: id, n: a.n, ...typeof a.logFile == "string" ? { logFile: a.logFile } : {} });
  }
  return out;
}
function toolCallTotals(state) {
  let totals = /* @__PURE__ */ new Map();
  for (let id of state.stepQueue)
    for (let a of state.stepRuns[id]?.attempts ?? []) {
      let t = a.toolCalls;
      if (!t || typeof t.calls != "number" || typeof t.denied != "number") continue;
      let sum = totals.get(id) ?? { calls: 0, denied: 0 };
      totals.set(id, { calls: sum.calls + t.calls, denied: sum.denied + t.denied });
    }
  return totals;
}
function sameError(a, b) {
  let norm = (e) => (e ?? "").replace(/attempt-\d+/g, "attempt-#");
  return norm(a) === norm(b);
}
function sameAttempts(attempts) {
  let groups = [];
  for (let a of attempts) {
    let g = groups.at(-1), same = g && g.last.outcome === a.outcome && g.last.exitCode === a.exitCode && sameError(g.last.error, a.error) && (g.last.round ?? 1) === (a.round ?? 1) && !a.toolCalls && !g.last.toolCalls, duration = typeof a.durationMs == "number" ? a.durationMs : null;
    same ? (g.last = a, g.count += 1, g.duration = g.duration !== null && duration !== null ? g.duration + duration : null) : groups.push({ first: a, last: a, count: 1, duration });
  }
  return groups;
}

// src/core/render/comment-frame.ts
var MAX_COMMENT_CHARS = 65536, LISTED_OUTPUTS = 100, LISTED_OUTPUTS_MAX = LISTED_OUTPUTS;
function marker(planId, kind, episode) {
  return `<!-- agent-step-sequencer:${kind}:${planId}${episode ? `:${episode}` : ""} -->`;
}
function runFooter(links) {
  let r = links.run;
  if (!r) return [];
  let parts = [link("workflow run", r.runUrl)];
  return r.logsUrl && parts.push(link("attempt logs", r.logsUrl)), r.branchUrl && r.branch && parts.push(`work branch ${link(`\`${r.branch.replace(/`/g, "")}\``, r.branchUrl)}`), [`<sub>${parts.join(" \xB7 ")}</sub>`];
}
function link(text, url) {
  return `[${text}](${url.replace(/[()]/g, (c) => c === "(" ? "%28" : "%29").replace(/[\s<>\\]/g, encodeURIComponent)})`;
}
function outputText(path, links, linked) {
  return links.file && linked ? link(inline(path), links.file(path)) : inline(path);
}
var COMMENT_BUDGET = MAX_COMMENT_CHARS - 1e3, SHAPES = [
  { fileLinks: !0, tableOutputs: !0, listed: LISTED_OUTPUTS_MAX, finishedChars: 24e3 },
  { fileLinks: !1, tableOutputs: !0, listed: LISTED_OUTPUTS_MAX, finishedChars: 24e3 },
  { fileLinks: !1, tableOutputs: !0, listed: 10, finishedChars: 8e3 },
  { fileLinks: !1, tableOutputs: !1, listed: 10, finishedChars: 2e3 },
  { fileLinks: !1, tableOutputs: !1, listed: 0, finishedChars: 0 }
];
function fittedNotice(links, render) {
  let body = "";
  for (let shape of SHAPES) {
    let { file: _file, ...bare } = links;
    if (body = render(shape.fileLinks ? links : bare, shape), body.length <= COMMENT_BUDGET) return body;
  }
  return body;
}
function outputList(outputs, links, max) {
  let shown = outputs.slice(0, Math.min(max, LISTED_OUTPUTS)), rest = outputs.length - shown.length, where = links.run?.branchUrl ? link("work branch", links.run.branchUrl) : "see the work branch";
  return [...shown.map((o) => `- ${outputText(o, links, !0)}`), ...rest > 0 ? [`- \u2026 and ${countOf(rest, shown.length ? "more output" : "output")}: ${where}`] : []];
}

// src/core/tick/notices.ts
function timedOutText(stepId, minutes) {
  let limit = minutes >= 1 ? `${Math.round(minutes * 10) / 10} min` : `${Math.round(minutes * 60)} s`;
  return `step ${stepId} ran over its ${limit}`;
}

// src/core/render/step-table.ts
var STATUS_ICON = {
  PENDING: "\u23F3",
  IN_PROGRESS: "\u{1F504}",
  DONE: "\u2705",
  FAILED: "\u274C",
  SKIPPED: "\u23ED\uFE0F",
  CANCELLED: "\u{1F6D1}"
}, CELL_OUTPUTS = 3;
function outputsCell(row, links) {
  if (!row.outputs.length) return "";
  if (row.status === "SKIPPED")
    return `not made: ${row.outputs.slice(0, CELL_OUTPUTS).map((o) => outputText(o, links, !1)).join(", ")}${row.outputs.length > CELL_OUTPUTS ? ` +${row.outputs.length - CELL_OUTPUTS} more` : ""}`;
  let shown = row.outputs.slice(0, CELL_OUTPUTS).map((o) => outputText(o, links, row.status === "DONE")), rest = row.outputs.length - shown.length;
  return [...shown, ...rest > 0 ? [`+${rest} more`] : []].join(", ");
}
var FULL_TABLE_STEPS = 30, TABLE_WINDOW = 10;
function tableWindow(state) {
  let total = state.stepQueue.length;
  if (total <= FULL_TABLE_STEPS) return { from: 0, to: total };
  let current = Math.min(Math.max(0, state.currentStep), total);
  return { from: Math.max(0, current - TABLE_WINDOW), to: Math.min(total, current + TABLE_WINDOW) };
}
function shownOutputs(state, listed = !1) {
  let { from, to } = tableWindow(state), paths = /* @__PURE__ */ new Set();
  for (let r of stepRows(state, from, to)) if (r.status === "DONE") for (let o of r.outputs.slice(0, CELL_OUTPUTS)) paths.add(o);
  if (listed) for (let o of (state.artifacts ?? []).slice(0, LISTED_OUTPUTS)) paths.add(o);
  return [...paths];
}
function stepTable(state, links = {}, withOutputs = !0) {
  let { from, to } = tableWindow(state), total = state.stepQueue.length, usage = hasUsage(state), usageCells = (r) => {
    if (!usage) return "";
    let t = stepTotals(state, r.id);
    return ` ${tokensCell(t)} | ${costCell(t)} |`;
  }, row = (r) => `| ${r.index}/${r.total} | \`${r.id}\` | ${inline(r.title)} | ${STATUS_ICON[r.status] ?? ""} ${r.status} | ${r.attempts} | ${formatDuration(r.durationMs)} |${usageCells(r)}${withOutputs ? ` ${outputsCell(r, links)} |` : ""}`, head = `| # | step | title | status | attempts | duration |${usage ? " tokens | cost |" : ""}`, rule = `|---|---|---|---|---|---|${usage ? "---|---|" : ""}`, header = withOutputs ? [`${head} outputs |`, `${rule}---|`] : [head, rule], rows = stepRows(state, from, to).map(row), after = total - to;
  return [
    ...from ? [`${countOf(from, "earlier step")} not shown (${summarize(stepRows(state, 0, from))}).`, ""] : [],
    ...header,
    ...rows,
    ...after ? ["", `${countOf(after, "later step")} not shown.`] : []
  ].join(`
`);
}
function summarize(rows) {
  let by = /* @__PURE__ */ new Map();
  for (let r of rows) by.set(r.status, (by.get(r.status) ?? 0) + 1);
  return [...by].map(([status, n]) => `${n} ${status}`).join(", ");
}

// src/core/render/mentions.ts
function recentCommandLines(state) {
  let recent = state.recentCommands ?? [];
  return recent.length ? ["**Commands**", ...recent.map((c) => `- \`${c.command.replace(/[^a-z/]/g, "")}\` by ${inline(`@${c.by}`, 60)} (${inline(c.at, 30)}): ${inline(c.outcome, 400)}`), ""] : [];
}
function approverMention(state) {
  let by = state.approval?.by;
  return by && /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})$/.test(by) ? `@${by}` : void 0;
}

// src/core/render/blocker-markdown.ts
function blockerNotice(state, stepId, reason, links = {}) {
  let id = state.planId ?? "plan", run = state.stepRuns[stepId], all = run?.attempts ?? [], tools = all.some((a) => a.toolCalls), usage = all.some((a) => a.usage), usageCells = (a) => usage ? ` ${a.usage ? attemptTokens(a.usage) : "-"} | ${a.usage?.costUsd !== void 0 ? formatUsd(a.usage.costUsd) : "-"} |` : "", rounds = all.some((a) => typeof a.round == "number" && a.round > 1), rows = (usage ? all.map((a) => ({ first: a, last: a, count: 1, duration: typeof a.durationMs == "number" ? a.durationMs : null })) : sameAttempts(all)).map(({ first, last, count, duration }) => {
    let which = count > 1 ? `${first.n}\u2013${last.n}` : String(first.n), error = first.error ? `${inline(first.error, 160)}${count > 1 ? ` (${count}\xD7)` : ""}` : "";
    return `| ${which} |${rounds ? ` ${typeof first.round == "number" ? first.round : 1} |` : ""} ${first.outcome ?? "-"} | ${first.exitCode ?? "-"} | ${duration !== null ? formatDuration(duration) : "-"} |${tools ? ` ${count > 1 ? "-" : toolCallsText(first.toolCalls)} |` : ""}${usageCells(first)} ${error} |`;
  }), raise = budgetRaiseLines(state), used = usageLine(state), round = run ? roundOf(run) : 1, episode = `${stepId}-${run?.attempts?.length ?? run?.tries ?? 0}${round > 1 ? `-r${round}` : ""}`;
  return [
    marker(id, "blocked", episode),
    `### \u26D4 Blocked at \`${stepId}\`: ${inline(state.plan.steps[stepId]?.title ?? stepId)}`,
    "",
    ...approverMention(state) ? [`${approverMention(state)}: the plan you approved needs you.`, ""] : [],
    `**Why:** ${inline(reason, 300)}`,
    "",
    ...rows.length ? [
      `**Attempts:** ${attemptsText(run)}`,
      "",
      `| attempt |${rounds ? " round |" : ""} outcome | exit | duration |${tools ? " tool calls |" : ""}${usage ? " tokens | cost |" : ""} error |`,
      `|---|${rounds ? "---|" : ""}---|---|---|${tools ? "---|" : ""}${usage ? "---|---|" : ""}---|`,
      ...rows,
      ""
    ] : [],
    ...used ? [`**Plan usage so far:** ${used}.`, ""] : [],
    // A step blocked before it ran (a spent budget) has no error: **Why:** says why.
    ...run?.error ? ["**Last error:**", fence(run.error, 3e3), ""] : [],
    ...outputTail(run),
    ...logsLine(state, stepId, links),
    "To continue, reply with one of:",
    ...raise,
    `- \`/retry\`: run \`${stepId}\` again, with a new round of attempts`,
    `- \`/skip\`: mark \`${stepId}\` skipped and go on`,
    "- `/cancel`: stop the plan",
    ...links.run ? ["", ...runFooter(links)] : []
  ].join(`
`);
}
function logsLine(state, stepId, links) {
  let r = links.run, last = lastAttempt(stepRun(state, stepId));
  if (!r?.logsUrl || !last) return [];
  let position = `${state.stepQueue.indexOf(stepId) + 1}/${state.stepQueue.length}`;
  return [
    `**Logs:** the full output of attempt ${last.n} is \`${stepId}/attempt-${last.n}.log\` in ${link("the attempt logs", r.logsUrl)} of ${link("this workflow run", r.runUrl)}, and in the run's log under \`(${position}) ${stepId} \u2026: attempt ${last.n}\`.`,
    ""
  ];
}
var OUTPUT_TAIL_LINES = 40, OUTPUT_TAIL_CHARS = 4e3;
function outputTail(run) {
  let streams = [streamTail("stdout", run?.stdout), streamTail("stderr", run?.stderr)], shown = streams.filter((s) => s.tail);
  if (!shown.length) return [];
  let n = lastAttempt(run)?.n, extent = streams.map((s) => `${s.name}: ${s.extent}`).join("; ");
  return [
    "<details><summary>End of the output" + (n !== void 0 ? ` of attempt ${n}` : "") + ` (${extent})</summary>`,
    "",
    ...shown.flatMap((s) => [`${s.name}:`, fence(s.tail, OUTPUT_TAIL_CHARS + 10), ""]),
    "</details>",
    ""
  ];
}
var OMITTED = /\n…\[\d+ bytes omitted[^\n]*\]…\n/;
function streamTail(name, kept) {
  if (typeof kept != "string") return { name, tail: "", extent: "not kept" };
  let text = kept.replace(/\s+$/, "");
  if (!text) return { name, tail: "", extent: "empty" };
  let lines = text.split(`
`), tail = lines.slice(-OUTPUT_TAIL_LINES).join(`
`), extent = lines.length > OUTPUT_TAIL_LINES ? `last ${OUTPUT_TAIL_LINES} lines` : OMITTED.test(text) ? "its start and end" : "all of it";
  return tail.length > OUTPUT_TAIL_CHARS && (tail = `\u2026${tail.slice(-OUTPUT_TAIL_CHARS)}`, extent = `last ${OUTPUT_TAIL_CHARS} characters`), { name, tail, extent };
}
function toolCallsText(calls) {
  return calls ? calls.denied ? `${calls.calls} (${calls.denied} denied)` : String(calls.calls) : "-";
}
function budgetRaiseLines(state) {
  let b = state.budgetBlock;
  return !b || state.status !== "BLOCKED" ? [] : [`- \`/approve budget=${b.kind === "costUsd" ? `$${Math.max(1, Math.ceil(b.spent * 2))}` : String(Math.max(1e3, Math.ceil(b.spent * 2 / 1e3) * 1e3))}\`: raise ${budgetName(b)} (${budgetAmount(b.kind, b.spent)} used of ${budgetAmount(b.kind, b.limit)}) to the amount given, above what was used, and go on`];
}

// src/core/render/final-summary-markdown.ts
function finalSummaryComment(state, links = {}, pullRequest, commands = !1) {
  let id = state.planId ?? "plan", outputs = state.artifacts ?? [];
  return fittedNotice(
    links,
    (l, shape) => [
      marker(id, "summary"),
      `### \u2705 ${doneWords(state)}: ${inline(state.plan.title ?? id)} (${doneCount(state)})`,
      "",
      ...skippedLines(state),
      stepTable(state, l, shape.tableOutputs),
      "",
      ...usageLines(state),
      outputs.length ? `**Outputs** (${outputs.length})` : "No outputs were declared.",
      ...outputList(outputs, l, shape.listed),
      ...changedLines(state, shape.listed),
      ...toolCallLines(state),
      ...commandLogLines(state, l),
      ...commands && state.recentCommands?.length ? ["", ...recentCommandLines(state).slice(0, -1)] : [],
      ...pullRequest ? ["", pullRequest] : [],
      ...l.run ? ["", ...runFooter(l)] : []
    ].join(`
`)
  );
}
function pullRequestBody(state, issueNumber, summary, links = {}) {
  let id = state.planId ?? "plan", hash = state.planHash ? ` (plan \`${state.planHash.replace(/^sha256:/, "").slice(0, 12)}\`)` : "", record = links.run?.branchUrl && links.run.branch ? `; its record (state and every attempt) stays on the work branch ${link(`\`${links.run.branch.replace(/`/g, "")}\``, links.run.branchUrl)}` : "";
  return [`Closes #${issueNumber}.`, "", `Plan \`${id.replace(/`/g, "")}\`${hash}, proposed and approved on #${issueNumber}${record}.`, "", summary].join(`
`);
}
function doneComment(state, statusUrl, pullRequest, links = {}) {
  let id = state.planId ?? "plan", who = approverMention(state), where = statusUrl ? link("the status comment", statusUrl) : "the status comment";
  return [
    marker(id, "summary"),
    `### \u2705 ${doneWords(state)}: ${inline(state.plan.title ?? id)}`,
    "",
    `${who ? `${who}: ` : ""}${stepProgress(state, "past")}. Every step and output is in ${where}.`,
    ...pullRequest ? ["", pullRequest] : [],
    ...links.run ? ["", ...runFooter(links)] : []
  ].join(`
`);
}
function doneWords(state) {
  let skipped = stepsSkipped(state);
  return skipped ? `Done, ${countOf(skipped, "step")} skipped` : "Done";
}
function doneCount(state) {
  let skipped = stepsSkipped(state), total = state.stepQueue.length;
  return skipped ? `${stepsDone(state) - skipped}/${total} done` : `${stepsDone(state)}/${total}`;
}
function skippedLines(state) {
  let skipped = stepsSkipped(state);
  if (!skipped) return [];
  let one = skipped === 1, outputs = state.stepQueue.some((id) => state.stepRuns[id]?.status === "SKIPPED" && state.plan.steps[id]?.requiredOutputs?.length);
  return [`**Skipped:** ${skippedNames(state)}: ${one ? "it was" : "they were"} not done${outputs ? `, and ${one ? "its" : "their"} outputs were not made` : ""}.`, ""];
}
function commandLogLines(state, links) {
  let logs = keptCommandLogs(state);
  if (!logs.length) return [];
  let shown = logs.slice(0, LISTED_OUTPUTS).map(({ stepId, n }) => {
    let rel = commandLogRecord(stepId, n);
    return `- \`${stepId}\`: ${links.record ? link(`attempt ${n}`, links.record(rel)) : `attempt ${n} (\`${rel}\` beside the state)`}`;
  });
  return ["", "**Command logs** (each step's last attempt that made tool calls)", ...shown, ...logs.length > shown.length ? [`- \u2026 and ${countOf(logs.length - shown.length, "more step")}`] : []];
}
function changedLines(state, max) {
  let changed = changedFilesList(state, max);
  return changed ? ["", `**Other files the plan created or changed** (${changed.total})`, ...changed.shown.map((f) => `- ${inline(f)}`), ...changed.rest > 0 ? [`- \u2026 and ${changed.rest} more`] : []] : [];
}
function toolCallLines(state) {
  let rows = [];
  for (let [stepId, total] of toolCallTotals(state)) rows.push(`- \`${stepId}\`: ${toolCallsText(total)}`);
  if (!rows.length) return [];
  let shown = rows.slice(0, LISTED_OUTPUTS);
  return [
    "",
    "**Tool calls** (all attempts; the command logs are in the attempt logs)",
    ...shown,
    ...rows.length > shown.length ? [`- \u2026 and ${countOf(rows.length - shown.length, "more step")}`] : []
  ];
}
function usageLines(state) {
  let total = planTotals(state), lines = [], used = totalLine({ ...total, wallMs: 0 });
  return used && lines.push(`**Usage:** ${used}.`), total.wallMs > 0 && lines.push(`**Runner time:** ${runnerTime(total.wallMs)} in attempts (the agents and the steps' checks; each job's set-up, commits and notices come on top).`), lines.length ? [...lines, ""] : [];
}

// src/core/render/status-markdown.ts
function statusComment(state, links = {}, pullRequest) {
  return state.status === "DONE" ? withStatusMarker(state, finalSummaryComment(state, links, pullRequest, !0)) : fittedNotice(links, (l, shape) => statusBody(state, l, shape.tableOutputs, shape.finishedChars));
}
function finishedBlock(state, maxChars) {
  if (maxChars <= 0) return [];
  let lines = resumeLines(state, state.stepQueue.length, !1);
  if (!lines.length) return [];
  let kept = [], size = 0;
  for (let i = lines.length - 1; i >= 0; i--) {
    let line = lines[i];
    if (size + line.length + 1 > maxChars) break;
    kept.unshift(line), size += line.length + 1;
  }
  let cut = lines.length - kept.length, text = [...cut ? [`(${countOf(cut, "earlier finished step")} not shown: \`status\` in the CLI or the job summary lists them)`] : [], ...kept].join(`
`);
  return ["<details><summary>Finished steps (" + lines.length + ")</summary>", "", fence(text, maxChars + 200), "", "</details>", ""];
}
function withStatusMarker(state, body) {
  return body.replace(/^<!--[^\n]*-->/, marker(state.planId ?? "plan", "status"));
}
function statusBody(state, links, withOutputs, finishedChars = 0) {
  let id = state.planId ?? "plan", head = `### ${inline(state.plan.title ?? id)}: ${state.status} (${stepsDone(state)}/${state.stepQueue.length})`, extra = [];
  if (state.status === "IN_PROGRESS" && state.notBefore && extra.push(`Next step not before ${state.notBefore}.`), state.status === "BLOCKED") for (let b of state.blockers ?? []) extra.push(`Blocked: ${inline(b, 300)}`);
  let overran = timedOutLine(state);
  overran && extra.push(overran);
  let lost = interruptedLine(state);
  lost && extra.push(lost);
  let used = usageLine(state);
  return used && extra.push(`**Usage:** ${used}.`), [
    marker(id, "status"),
    head,
    "",
    stepTable(state, links, withOutputs),
    "",
    ...finishedBlock(state, finishedChars),
    ...extra,
    ...recentCommandLines(state),
    `<sub>revision ${state.revision ?? 0} \xB7 last heartbeat ${state.lastHeartbeatIso ?? "-"}</sub>`,
    ...runFooter(links)
  ].join(`
`);
}
function interruptedLine(state) {
  let stepId = currentStepId(state);
  if (stepId === void 0 || state.status === "DONE" || state.status === "CANCELLED") return;
  let run = state.stepRuns[stepId], last = run ? lastAttempt(run) : void 0;
  if (!(!run || run.status === "DONE" || last?.outcome !== "interrupted"))
    return `\u26A0\uFE0F Attempt ${last.n} of \`${stepId}\`: ${inline(last.error ?? "interrupted", 400)}.`;
}
function timedOutLine(state) {
  let stepId = currentStepId(state);
  if (stepId === void 0 || state.status === "DONE" || state.status === "CANCELLED") return;
  let run = state.stepRuns[stepId], last = run ? lastAttempt(run) : void 0;
  if (!(!run || run.status === "DONE" || last?.outcome !== "timed_out" || typeof last.timeoutMinutes != "number"))
    return `\u23F1\uFE0F Attempt ${last.n}: ${inline(timedOutText(stepId, last.timeoutMinutes))}.`;
}

// src/core/render/job-summary-markdown.ts
function mermaidQueue(state) {
  let rows = stepRows(state), nodeId = (i) => `s${i}`, label = (r) => `${r.id}: ${r.title}`.replace(/["[\]{}()<>|#;`&\\\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, " ").slice(0, 60), lines = ["```mermaid", "flowchart LR"];
  rows.forEach((r, i) => lines.push(`  ${nodeId(i)}["${label(r)}"]:::${r.status.toLowerCase()}`));
  for (let i = 1; i < rows.length; i++) lines.push(`  ${nodeId(i - 1)} --> ${nodeId(i)}`);
  return lines.push(
    "  classDef done fill:#d4f7d4,stroke:#2da44e",
    "  classDef skipped fill:#eeeeee,stroke:#999999",
    "  classDef failed fill:#ffd7d5,stroke:#cf222e",
    "  classDef cancelled fill:#eeeeee,stroke:#cf222e",
    "  classDef in_progress fill:#fff2c2,stroke:#bf8700",
    "  classDef pending fill:#ffffff,stroke:#8c959f",
    "```"
  ), lines.join(`
`);
}
function jobSummary(state, links = {}, issue) {
  let big = state.stepQueue.length > 200, resumed = resumeLines(state, 20, !1), outputs = state.artifacts ?? [];
  return [
    ...issueLine(state.planId ?? "plan", issue),
    statusComment(state, links).replace(/^<!--.*-->\n/, ""),
    "",
    ...outputs.length ? [`**Outputs** (${outputs.length})`, "", ...outputs.map((o) => `- ${outputText(o, links, !0)}`), ""] : [],
    big ? "" : mermaidQueue(state),
    ...resumed.length ? ["", "<details><summary>Finished steps</summary>", "", fence(resumed.join(`
`), 2e4), "", "</details>"] : []
  ].join(`
`);
}
function issueLine(planId, issue) {
  return issue ? [`Plan \`${planId.replace(/`/g, "")}\` of ${link(`issue #${issue.number}`, issue.url)}.`, ""] : [];
}

// src/core/render/cancelled-markdown.ts
function cancelledNotice(state, runningStep, links = {}) {
  let id = state.planId ?? "plan", episode = (state.cancelRequested?.at ?? String(state.revision ?? 0)).replace(/[^0-9A-Za-z]/g, ""), by = state.cancelRequested?.by ? ` by ${inline(`@${state.cancelRequested.by}`, 60)}` : "", reason = state.cancelRequested?.reason ? ` (${inline(state.cancelRequested.reason, 200)})` : "";
  return fittedNotice(
    links,
    (l, shape) => [
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
    ].join(`
`)
  );
}

export {
  marker,
  runFooter,
  fittedNotice,
  outputList,
  statusTable,
  resumeLines,
  finalSummary,
  blockerReport,
  shownOutputs,
  stepTable,
  timedOutText,
  blockerNotice,
  finalSummaryComment,
  pullRequestBody,
  doneComment,
  statusComment,
  cancelledNotice,
  jobSummary,
  issueLine
};
