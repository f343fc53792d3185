
// src/core/guard/command-log.ts
function isCommandTool(tool) {
  return /^(bash|exec|run_shell_command|shell|local_shell|exec_command)$/i.test(tool);
}
function callLine(o) {
  let subject = clip(o.call.subject, 2e3), line = {
    time: o.now.toISOString(),
    via: o.via,
    tool: clip(o.call.tool, 200),
    ...subject ? isCommandTool(o.call.tool) ? { command: subject } : { target: subject } : {},
    decision: o.decision,
    ...o.reason ? { reason: clip(o.reason, 600) } : {},
    ...o.id ? { id: clip(o.id, 200) } : {}
  };
  return `${JSON.stringify(line)}
`;
}
function resultLine(o) {
  let line = {
    time: o.now.toISOString(),
    via: o.via,
    tool: clip(o.tool, 200),
    result: !0,
    ...o.id ? { id: clip(o.id, 200) } : {},
    ...o.exitCode !== void 0 ? { exitCode: o.exitCode } : {},
    ...o.durationMs !== void 0 ? { durationMs: Math.max(0, Math.round(o.durationMs)) } : {}
  };
  return `${JSON.stringify(line)}
`;
}
function summarizeCommandLog(text) {
  let calls = 0, denied = 0;
  for (let line of text.split(`
`)) {
    if (!line.includes('"decision"')) continue;
    let record;
    try {
      record = JSON.parse(line);
    } catch {
      continue;
    }
    if (typeof record != "object" || record === null) continue;
    let decision = record.decision;
    decision !== "allow" && decision !== "deny" || (calls++, decision === "deny" && denied++);
  }
  return { calls, denied };
}
function callTime(text, id) {
  let needle = `"id":${JSON.stringify(id)}`, at = null;
  for (let line of text.split(`
`))
    if (!(!line.includes(needle) || !line.includes('"decision"')))
      try {
        let t = Date.parse(JSON.parse(line).time ?? "");
        Number.isNaN(t) || (at = new Date(t));
      } catch {
      }
  return at;
}
function policyFileText(attemptId, policy) {
  return `${JSON.stringify({ version: 1, attemptId, policy }, null, 2)}
`;
}
function parsePolicyFile(text) {
  let doc;
  try {
    doc = JSON.parse(text);
  } catch (err) {
    return { ok: !1, problem: `not JSON (${err.message})` };
  }
  let p = doc?.policy;
  if (typeof p != "object" || p === null) return { ok: !1, problem: 'no "policy" object' };
  let strings = (v) => Array.isArray(v) && v.every((x) => typeof x == "string");
  return p.maxCalls === null || typeof p.maxCalls == "number" && Number.isInteger(p.maxCalls) && p.maxCalls >= 0 ? !strings(p.allow) || !strings(p.block) ? { ok: !1, problem: "policy.allow and policy.block must be arrays of strings" } : { ok: !0, policy: { maxCalls: p.maxCalls, allow: p.allow, block: p.block, via: p.via === "exec" ? "exec" : "hook", onExceed: p.onExceed === "deny" ? "deny" : "fail" } } : { ok: !1, problem: `policy.maxCalls must be null or an integer >= 0, got ${JSON.stringify(p.maxCalls)}` };
}
var KEPT_COMMAND_LOG_BYTES = 256 * 1024;
function commandLogRecord(stepId, n) {
  return `commands/${stepId}/attempt-${n}.jsonl`;
}
function boundedCommandLog(text, maxBytes = KEPT_COMMAND_LOG_BYTES) {
  if (Buffer.byteLength(text) <= maxBytes) return text;
  let lines = text.split(`
`).filter((l) => l !== ""), budget = Math.floor((maxBytes - 200) / 2), head = [], used = 0;
  for (let line of lines) {
    let size = Buffer.byteLength(line) + 1;
    if (used + size > budget) break;
    head.push(line), used += size;
  }
  let tail = [];
  used = 0;
  for (let i = lines.length - 1; i >= head.length; i--) {
    let size = Buffer.byteLength(lines[i]) + 1;
    if (used + size > budget) break;
    tail.unshift(lines[i]), used += size;
  }
  let omitted = lines.length - head.length - tail.length;
  return `${[...head, JSON.stringify({ truncated: !0, omittedLines: omitted }), ...tail].join(`
`)}
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
