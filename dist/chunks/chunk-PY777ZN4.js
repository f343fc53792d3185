import {
  STOP_MESSAGE
} from "./chunk-RK2TRGWS.js";
import {
  countOf
} from "./chunk-UVXCAWLY.js";
import {
  RE2JS,
  compilePattern
} from "./chunk-JRKLLSI7.js";

// src/core/guard/tool-policy.ts
var TOOLS_VIAS = ["hook", "exec"], ON_EXCEED = ["fail", "deny"];
function effectivePolicy(plan, stepId) {
  let base = plan.tools ?? {}, own = plan.steps[stepId]?.tools ?? {}, pick = (k) => own[k] !== void 0 ? own[k] : base[k];
  return {
    maxCalls: pick("maxCalls") ?? null,
    allow: [...pick("allow") ?? []],
    block: [...pick("block") ?? []],
    via: pick("via") ?? "hook",
    onExceed: pick("onExceed") ?? "fail"
  };
}
function toolBudgetProblem(policy, calls) {
  return policy.maxCalls === null || policy.onExceed !== "fail" || !calls || calls.calls <= policy.maxCalls ? null : `made ${countOf(calls.calls, "tool call")}, more than the ${policy.maxCalls} the step allows (tools.maxCalls; tools.onExceed: fail)`;
}
function decideCall(call, policy, callsBefore, stopRequested) {
  if (stopRequested) return { decision: "deny", reason: typeof stopRequested == "string" ? stopRequested : STOP_MESSAGE };
  if (policy.maxCalls !== null && callsBefore >= policy.maxCalls) {
    let spent = `Tool call budget spent: this step allows at most ${countOf(policy.maxCalls, "tool call")} per attempt and ${callsBefore} ${callsBefore === 1 ? "was" : "were"} made.`;
    return {
      decision: "deny",
      reason: policy.onExceed === "deny" ? `${spent} Make no more calls: finish the step with what you have, or exit with a non-zero status if it cannot be finished.` : `${spent} This attempt has failed (tools.onExceed: fail): make no more calls and exit.`
    };
  }
  let shown = showCall(call), blocked = policy.block.find((p) => matchesCall(p, call));
  return blocked !== void 0 ? {
    decision: "deny",
    reason: `Blocked by the step's tool policy: ${shown} matches the block pattern ${JSON.stringify(blocked)}. Do the work another way, or exit with a non-zero status if it needs this.`
  } : policy.allow.length > 0 && !policy.allow.some((p) => matchesCall(p, call)) ? {
    decision: "deny",
    reason: `Not allowed by the step's tool policy: ${shown} matches none of the allow patterns (${policy.allow.map((p) => JSON.stringify(p)).join(", ")}). Use an allowed tool or command, or exit with a non-zero status if the step needs this.`
  } : { decision: "allow" };
}
function showCall(call) {
  let subject = call.subject.length > 200 ? `${call.subject.slice(0, 200)}\u2026` : call.subject;
  return subject ? `${call.tool}(${subject})` : call.tool;
}
function matchesCall(pattern, call) {
  let matcher = compileToolPattern(pattern);
  return matcher.ok ? matcher.matches(call.tool) || matcher.matches(`${call.tool}(${call.subject})`) || call.subject !== "" && matcher.matches(call.subject) : !1;
}
var REGEX_FORM = /^\/([\s\S]*)\/([a-z]*)$/, cache = /* @__PURE__ */ new Map();
function compileToolPattern(pattern) {
  let known = cache.get(pattern);
  if (known) return known;
  let compiled = compileUncached(pattern);
  return cache.size >= 1e3 && cache.clear(), cache.set(pattern, compiled), compiled;
}
function compileUncached(pattern) {
  let regex = REGEX_FORM.exec(pattern);
  if (regex && pattern.length >= 2) {
    let [, body = "", flags = ""] = regex;
    if (flags !== "" && flags !== "i") return { ok: !1, problem: `a /regex/ pattern takes no flag but i, got ${JSON.stringify(flags)}` };
    let checked = compilePattern(`\\A(?:${body})\\z`, flags);
    return checked.ok ? { ok: !0, matches: (text) => checked.pattern.test(text) } : { ok: !1, problem: checked.problem };
  }
  let source = "", literal = "", flush = () => {
    literal && (source += RE2JS.quote(literal)), literal = "";
  };
  for (let ch of pattern)
    ch === "*" || ch === "?" ? (flush(), source += ch === "*" ? ".*" : ".") : literal += ch;
  flush();
  let re = RE2JS.compile(source, RE2JS.DOTALL);
  return { ok: !0, matches: (text) => re.matches(text) };
}
function toolPatternProblem(pattern) {
  let compiled = compileToolPattern(pattern);
  return compiled.ok ? null : compiled.problem;
}
function commandLine(argv) {
  return argv.map((a) => /^[\w@%+=:,./-]+$/.test(a) ? a : `'${a.replace(/'/g, "'\\''")}'`).join(" ");
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
