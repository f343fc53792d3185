import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);
import {
  STOP_MESSAGE
} from "./chunk-ZIC6WJ5X.js";
import {
  countOf
} from "./chunk-3RW55J7L.js";
import {
  RE2JS,
  compilePattern
} from "./chunk-6BBDAKON.js";

// src/core/guard/tool-policy.ts
var TOOLS_VIAS = ["hook", "exec"];
var ON_EXCEED = ["fail", "deny"];
function effectivePolicy(plan, stepId) {
  const base = plan.tools ?? {};
  const own = plan.steps[stepId]?.tools ?? {};
  const pick = (k) => own[k] !== void 0 ? own[k] : base[k];
  return {
    maxCalls: pick("maxCalls") ?? null,
    allow: [...pick("allow") ?? []],
    block: [...pick("block") ?? []],
    via: pick("via") ?? "hook",
    onExceed: pick("onExceed") ?? "fail"
  };
}
function toolBudgetProblem(policy, calls) {
  if (policy.maxCalls === null || policy.onExceed !== "fail" || !calls || calls.calls <= policy.maxCalls) return null;
  return `made ${calls.calls} tool calls, more than the ${policy.maxCalls} the step allows (tools.maxCalls; tools.onExceed: fail)`;
}
function decideCall(call, policy, callsBefore, stopRequested) {
  if (stopRequested) return { decision: "deny", reason: typeof stopRequested === "string" ? stopRequested : STOP_MESSAGE };
  if (policy.maxCalls !== null && callsBefore >= policy.maxCalls) {
    const spent = `Tool call budget spent: this step allows at most ${countOf(policy.maxCalls, "tool call")} per attempt and ${callsBefore} ${callsBefore === 1 ? "was" : "were"} made.`;
    return {
      decision: "deny",
      reason: policy.onExceed === "deny" ? `${spent} Make no more calls: finish the step with what you have, or exit with a non-zero status if it cannot be finished.` : `${spent} This attempt has failed (tools.onExceed: fail): make no more calls and exit.`
    };
  }
  const shown = showCall(call);
  const blocked = policy.block.find((p) => matchesCall(p, call));
  if (blocked !== void 0) return { decision: "deny", reason: `Blocked by the step's tool policy: ${shown} matches the block pattern ${JSON.stringify(blocked)}. Do the work another way, or exit with a non-zero status if it needs this.` };
  if (policy.allow.length > 0 && !policy.allow.some((p) => matchesCall(p, call))) {
    return {
      decision: "deny",
      reason: `Not allowed by the step's tool policy: ${shown} matches none of the allow patterns (${policy.allow.map((p) => JSON.stringify(p)).join(", ")}). Use an allowed tool or command, or exit with a non-zero status if the step needs this.`
    };
  }
  return { decision: "allow" };
}
function showCall(call) {
  const subject = call.subject.length > 200 ? `${call.subject.slice(0, 200)}\u2026` : call.subject;
  return subject ? `${call.tool}(${subject})` : call.tool;
}
function matchesCall(pattern, call) {
  const matcher = compileToolPattern(pattern);
  if (!matcher.ok) return false;
  return matcher.matches(call.tool) || matcher.matches(`${call.tool}(${call.subject})`) || call.subject !== "" && matcher.matches(call.subject);
}
var REGEX_FORM = /^\/([\s\S]*)\/([a-z]*)$/;
var cache = /* @__PURE__ */ new Map();
function compileToolPattern(pattern) {
  const known = cache.get(pattern);
  if (known) return known;
  const compiled = compileUncached(pattern);
  if (cache.size >= 1e3) cache.clear();
  cache.set(pattern, compiled);
  return compiled;
}
function compileUncached(pattern) {
  const regex = REGEX_FORM.exec(pattern);
  if (regex && pattern.length >= 2) {
    const [, body = "", flags = ""] = regex;
    if (flags !== "" && flags !== "i") return { ok: false, problem: `a /regex/ pattern takes no flag but i, got ${JSON.stringify(flags)}` };
    const checked = compilePattern(`\\A(?:${body})\\z`, flags);
    if (!checked.ok) return { ok: false, problem: checked.problem };
    return { ok: true, matches: (text) => checked.pattern.test(text) };
  }
  let source = "";
  let literal = "";
  const flush = () => {
    if (literal) source += RE2JS.quote(literal);
    literal = "";
  };
  for (const ch of pattern) {
    if (ch === "*" || ch === "?") {
      flush();
      source += ch === "*" ? ".*" : ".";
    } else literal += ch;
  }
  flush();
  const re = RE2JS.compile(source, RE2JS.DOTALL);
  return { ok: true, matches: (text) => re.matches(text) };
}
function toolPatternProblem(pattern) {
  const compiled = compileToolPattern(pattern);
  return compiled.ok ? null : compiled.problem;
}
function commandLine(argv) {
  return argv.map((a) => /^[\w@%+=:,./-]+$/.test(a) ? a : `'${a.replace(/'/g, `'\\''`)}'`).join(" ");
}

export {
  TOOLS_VIAS,
  ON_EXCEED,
  effectivePolicy,
  toolBudgetProblem,
  decideCall,
  toolPatternProblem,
  commandLine
};
