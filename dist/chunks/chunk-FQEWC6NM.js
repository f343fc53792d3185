import {
  commandLine
} from "./chunk-PY777ZN4.js";

// src/core/guard/hook-protocols.ts
var HOOK_AGENTS = ["claude", "codex", "gemini"], PRE = { claude: "PreToolUse", codex: "PreToolUse", gemini: "BeforeTool" }, POST = { claude: "PostToolUse", codex: "PostToolUse", gemini: "AfterTool" }, SUBJECT_FIELDS = ["command", "file_path", "absolute_path", "notebook_path", "url", "query", "pattern", "path", "dir_path", "description", "prompt"];
function parseHookPayload(agent, text) {
  let doc;
  try {
    doc = JSON.parse(text);
  } catch (err) {
    throw new Error(`the hook input is not JSON (${err.message})`);
  }
  if (typeof doc != "object" || doc === null || Array.isArray(doc)) throw new Error("the hook input is not a JSON object");
  let d = doc, event = typeof d.hook_event_name == "string" ? d.hook_event_name : "", tool = typeof d.tool_name == "string" && d.tool_name !== "" ? d.tool_name : void 0, id = typeof d.tool_use_id == "string" && d.tool_use_id !== "" ? d.tool_use_id : void 0;
  if (event === PRE[agent]) {
    if (!tool) throw new Error(`a ${event} input without "tool_name"`);
    return { kind: "pre", call: { tool, subject: toolSubject(d.tool_input) }, ...id ? { id } : {} };
  }
  if (event === POST[agent]) {
    if (!tool) throw new Error(`a ${event} input without "tool_name"`);
    let exitCode = exitCodeOf(d.tool_response);
    return { kind: "post", tool, ...id ? { id } : {}, ...exitCode !== void 0 ? { exitCode } : {} };
  }
  return { kind: "other", name: event || "(none)" };
}
function toolSubject(input) {
  if (typeof input != "object" || input === null) return "";
  let fields = input;
  for (let name of SUBJECT_FIELDS) {
    let v = fields[name];
    if (typeof v == "string" && v !== "") return v;
    if (Array.isArray(v) && v.length > 0 && v.every((w) => typeof w == "string")) return commandLine(v);
  }
  return "";
}
function exitCodeOf(response) {
  if (typeof response != "object" || response === null) return;
  let r = response;
  for (let name of ["exit_code", "exitCode", "returncode", "code"]) {
    let v = r[name];
    if (typeof v == "number" && Number.isInteger(v)) return v;
  }
  if (r.interrupted === !0) return null;
}
function hookAnswer(agent, decision, reason) {
  return agent === "gemini" ? decision === "deny" ? JSON.stringify({ decision: "deny", reason: reason ?? "denied" }) : "{}" : decision === "allow" ? "" : JSON.stringify({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: reason ?? "denied" } });
}
function claudeSettingsText(cli) {
  let wire = [{ matcher: "*", hooks: [{ type: "command", command: commandLine([...cli, "hook", "claude"]) }] }];
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
