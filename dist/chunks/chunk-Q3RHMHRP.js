import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);

// src/core/guard/command-log.ts
var MAX_SUBJECT_CHARS = 2e3;
var MAX_REASON_CHARS = 600;
function isCommandTool(tool) {
  return /^(bash|exec|run_shell_command|shell|local_shell|exec_command)$/i.test(tool);
}
function callLine(o) {
  const subject = clip(o.call.subject, MAX_SUBJECT_CHARS);
  const line = {
    time: o.now.toISOString(),
    via: o.via,
    tool: clip(o.call.tool, 200),
    ...subject ? isCommandTool(o.call.tool) ? { command: subject } : { target: subject } : {},
    decision: o.decision,
    ...o.reason ? { reason: clip(o.reason, MAX_REASON_CHARS) } : {},
    ...o.id ? { id: clip(o.id, 200) } : {}
  };
  return `${JSON.stringify(line)}
`;
}
function resultLine(o) {
  const line = {
    time: o.now.toISOString(),
    via: o.via,
    tool: clip(o.tool, 200),
    result: true,
    ...o.id ? { id: clip(o.id, 200) } : {},
    ...o.exitCode !== void 0 ? { exitCode: o.exitCode } : {},
    ...o.durationMs !== void 0 ? { durationMs: Math.max(0, Math.round(o.durationMs)) } : {}
  };
  return `${JSON.stringify(line)}
`;
}
function summarizeCommandLog(text) {
  let calls = 0;
  let denied = 0;
  for (const line of text.split("\n")) {
    if (!line.includes('"decision"')) continue;
    let record;
    try {
      record = JSON.parse(line);
    } catch {
      continue;
    }
    if (typeof record !== "object" || record === null) continue;
    const decision = record.decision;
    if (decision !== "allow" && decision !== "deny") continue;
    calls++;
    if (decision === "deny") denied++;
  }
  return { calls, denied };
}
function callTime(text, id) {
  const needle = `"id":${JSON.stringify(id)}`;
  let at = null;
  for (const line of text.split("\n")) {
    if (!line.includes(needle) || !line.includes('"decision"')) continue;
    try {
      const t = Date.parse(JSON.parse(line).time ?? "");
      if (!Number.isNaN(t)) at = new Date(t);
    } catch {
    }
  }
  return at;
}
function policyFileText(attemptId, policy) {
  const file = { version: 1, attemptId, policy };
  return `${JSON.stringify(file, null, 2)}
`;
}
function parsePolicyFile(text) {
  let doc;
  try {
    doc = JSON.parse(text);
  } catch (err) {
    return { ok: false, problem: `not JSON (${err.message})` };
  }
  const p = doc?.policy;
  if (typeof p !== "object" || p === null) return { ok: false, problem: 'no "policy" object' };
  const strings = (v) => Array.isArray(v) && v.every((x) => typeof x === "string");
  if (!(p.maxCalls === null || typeof p.maxCalls === "number" && Number.isInteger(p.maxCalls) && p.maxCalls >= 0)) return { ok: false, problem: `policy.maxCalls must be null or an integer >= 0, got ${JSON.stringify(p.maxCalls)}` };
  if (!strings(p.allow) || !strings(p.block)) return { ok: false, problem: "policy.allow and policy.block must be arrays of strings" };
  return { ok: true, policy: { maxCalls: p.maxCalls, allow: p.allow, block: p.block, via: p.via === "exec" ? "exec" : "hook", onExceed: p.onExceed === "deny" ? "deny" : "fail" } };
}
var KEPT_COMMAND_LOG_BYTES = 256 * 1024;
function commandLogRecord(stepId, n) {
  return `commands/${stepId}/attempt-${n}.jsonl`;
}
function boundedCommandLog(text, maxBytes = KEPT_COMMAND_LOG_BYTES) {
  if (Buffer.byteLength(text) <= maxBytes) return text;
  const lines = text.split("\n").filter((l) => l !== "");
  const budget = Math.floor((maxBytes - 200) / 2);
  const head = [];
  let used = 0;
  for (const line of lines) {
    const size = Buffer.byteLength(line) + 1;
    if (used + size > budget) break;
    head.push(line);
    used += size;
  }
  const tail = [];
  used = 0;
  for (let i = lines.length - 1; i >= head.length; i--) {
    const size = Buffer.byteLength(lines[i]) + 1;
    if (used + size > budget) break;
    tail.unshift(lines[i]);
    used += size;
  }
  const omitted = lines.length - head.length - tail.length;
  return `${[...head, JSON.stringify({ truncated: true, omittedLines: omitted }), ...tail].join("\n")}
`;
}
function clip(text, max) {
  return text.length > max ? `${text.slice(0, max)}\u2026` : text;
}

export {
  callLine,
  resultLine,
  summarizeCommandLog,
  callTime,
  policyFileText,
  parsePolicyFile,
  commandLogRecord,
  boundedCommandLog
};
