import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);
import {
  commandLine
} from "./chunk-KPYQ6AV6.js";

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

export {
  HOOK_AGENTS,
  parseHookPayload,
  toolSubject,
  hookAnswer,
  claudeSettingsText
};
