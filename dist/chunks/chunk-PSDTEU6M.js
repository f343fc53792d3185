
// src/core/trust/authorize.ts
var NEVER_WRITE = /* @__PURE__ */ new Set(["MANNEQUIN"]), WRITE_PERMISSIONS = /* @__PURE__ */ new Set(["admin", "maintain", "write"]);
function gateComment(c, policy) {
  return c.action !== "created" ? { kind: "ignore", reason: `comment ${c.action}: only new comments are commands` } : c.issueNumber !== policy.planIssue ? { kind: "ignore", reason: `comment on #${c.issueNumber}, not on the plan's issue #${policy.planIssue}` } : gateActor(c, policy.approvers);
}
function gateActor(a, approvers) {
  return a.login ? isBot(a) ? { kind: "ignore", reason: `${a.login} is a bot` } : approvers.length && !approvers.some((l) => l.toLowerCase() === a.login.toLowerCase()) ? { kind: "deny", reason: "only the logins in the approvers list may command this plan" } : NEVER_WRITE.has(a.association) ? { kind: "deny", reason: `commands need write access to this repository (your association: ${a.association})` } : { kind: "check-permission" } : { kind: "deny", reason: "the event names no sender" };
}
function isBot(a) {
  return a.userType === "Bot" || /\[bot\]$/i.test(a.login);
}
function gateRefusal(login, gate) {
  return gate.kind === "allow" ? null : gate.kind === "check-permission" ? `the permission of ${login} is unknown` : gate.reason;
}
function decidePermission(login, permission, roleName) {
  return permission && WRITE_PERMISSIONS.has(permission) || roleName && WRITE_PERMISSIONS.has(roleName) ? { kind: "allow", reason: `@${login} has ${roleName ?? permission} permission` } : { kind: "deny", reason: `commands need write, maintain or admin permission; ${login} has ${permission && permission !== "none" ? permission : "no"} permission` };
}
var MAX_REFUSAL_REACTIONS = 20;
function refusalAnswers(items, budget) {
  let answered = new Set(budget.answered), reactions = budget.reactions;
  return { answers: items.map((item) => {
    if (!item.unauthorized) return "reply";
    let who = item.command.by.toLowerCase();
    return answered.has(who) ? reactions >= MAX_REFUSAL_REACTIONS ? "none" : (reactions++, "react") : (answered.add(who), "reply");
  }), budget: { answered, reactions } };
}
function parseApprovers(raw) {
  return raw.split(/[\s,]+/).map((s) => s.replace(/^@/, "").trim()).filter(Boolean);
}

export {
  gateComment,
  gateActor,
  isBot,
  gateRefusal,
  decidePermission,
  refusalAnswers,
  parseApprovers
};
