import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);
import {
  commandLine
} from "./chunk-C7YZD35N.js";

// src/core/guard/hook-protocols.ts
var HOOK_AGENTS = ["claude", "codex", "gemini"];
var PRE = { claude: "PreToolUse", codex: "PreToolUse", gemini: "BeforeTool" };
var POST = { claude: "PostToolUse", codex: "PostToolUse", gemini: "AfterTool" };
var SUBJECT_FIELDS = ["command", "file_path", "absolute_path", "notebook_path", "url", "query", "pattern", "path", "dir_path", "description", "prompt"];
function parseHookPayload(agent, text) {
  let doc;
  try {
    doc = JSON.parse(text);
  } catch (err) {
    throw new Error(`the hook input is not JSON (${err.message})`);
  }
  if (typeof doc !== "object" || doc === null || Array.isArray(doc)) throw new Error("the hook input is not a JSON object");
  const d = doc;
  const event = typeof d.hook_event_name === "string" ? d.hook_event_name : "";
  const tool = typeof d.tool_name === "string" && d.tool_name !== "" ? d.tool_name : void 0;
  const id = typeof d.tool_use_id === "string" && d.tool_use_id !== "" ? d.tool_use_id : void 0;
  if (event === PRE[agent]) {
    if (!tool) throw new Error(`a ${event} input without "tool_name"`);
    return { kind: "pre", call: { tool, subject: toolSubject(d.tool_input) }, ...id ? { id } : {} };
  }
  if (event === POST[agent]) {
    if (!tool) throw new Error(`a ${event} input without "tool_name"`);
    const exitCode = exitCodeOf(d.tool_response);
    return { kind: "post", tool, ...id ? { id } : {}, ...exitCode !== void 0 ? { exitCode } : {} };
  }
  return { kind: "other", name: event || "(none)" };
}
function toolSubject(input) {
  if (typeof input !== "object" || input === null) return "";
  const fields = input;
  for (const name of SUBJECT_FIELDS) {
    const v = fields[name];
    if (typeof v === "string" && v !== "") return v;
    if (Array.isArray(v) && v.length > 0 && v.every((w) => typeof w === "string")) return commandLine(v);
  }
  return "";
}
function exitCodeOf(response) {
  if (typeof response !== "object" || response === null) return void 0;
  const r = response;
  for (const name of ["exit_code", "exitCode", "returncode", "code"]) {
    const v = r[name];
    if (typeof v === "number" && Number.isInteger(v)) return v;
  }
  if (r.interrupted === true) return null;
  return void 0;
}
function hookAnswer(agent, decision, reason) {
  if (agent === "gemini") return decision === "deny" ? JSON.stringify({ decision: "deny", reason: reason ?? "denied" }) : "{}";
  if (decision === "allow") return "";
  return JSON.stringify({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: reason ?? "denied" } });
}
function claudeSettingsText(cli) {
  const command = commandLine([...cli, "hook", "claude"]);
  const wire = [{ matcher: "*", hooks: [{ type: "command", command }] }];
  return `${JSON.stringify({ hooks: { PreToolUse: wire, PostToolUse: wire } }, null, 2)}
`;
}

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
  return { ok: true, policy: { maxCalls: p.maxCalls, allow: p.allow, block: p.block, via: p.via === "exec" ? "exec" : "hook" } };
}
function clip(text, max) {
  return text.length > max ? `${text.slice(0, max)}\u2026` : text;
}

export {
  HOOK_AGENTS,
  parseHookPayload,
  toolSubject,
  hookAnswer,
  claudeSettingsText,
  callLine,
  resultLine,
  summarizeCommandLog,
  callTime,
  policyFileText,
  parsePolicyFile
};
