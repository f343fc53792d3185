import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);

// src/core/trust/authorize.ts
var NEVER_WRITE = /* @__PURE__ */ new Set(["MANNEQUIN"]);
var WRITE_PERMISSIONS = /* @__PURE__ */ new Set(["admin", "maintain", "write"]);
function gateComment(c, policy) {
  if (c.action !== "created") return { kind: "ignore", reason: `comment ${c.action}: only new comments are commands` };
  if (c.issueNumber !== policy.planIssue) return { kind: "ignore", reason: `comment on #${c.issueNumber}, not on the plan's issue #${policy.planIssue}` };
  if (c.userType === "Bot" || /\[bot\]$/i.test(c.login)) return { kind: "ignore", reason: `${c.login} is a bot` };
  if (policy.approvers.length && !policy.approvers.some((a) => a.toLowerCase() === c.login.toLowerCase())) {
    return { kind: "deny", reason: "only the logins in the approvers list may command this plan" };
  }
  if (NEVER_WRITE.has(c.association)) return { kind: "deny", reason: `commands need write access to this repository (your association: ${c.association})` };
  return { kind: "check-permission" };
}
function decidePermission(login, permission, roleName) {
  if (permission && WRITE_PERMISSIONS.has(permission) || roleName && WRITE_PERMISSIONS.has(roleName)) {
    return { kind: "allow", reason: `@${login} has ${roleName ?? permission} permission` };
  }
  const has = permission && permission !== "none" ? permission : "no";
  return { kind: "deny", reason: `commands need write, maintain or admin permission; ${login} has ${has} permission` };
}
var MAX_REFUSAL_REACTIONS = 20;
function refusalAnswers(items, budget) {
  const answered = new Set(budget.answered);
  let reactions = budget.reactions;
  const answers = items.map((item) => {
    if (!item.unauthorized) return "reply";
    const who = item.command.by.toLowerCase();
    if (!answered.has(who)) {
      answered.add(who);
      return "reply";
    }
    if (reactions >= MAX_REFUSAL_REACTIONS) return "none";
    reactions++;
    return "react";
  });
  return { answers, budget: { answered, reactions } };
}
function parseApprovers(raw) {
  return raw.split(/[\s,]+/).map((s) => s.replace(/^@/, "").trim()).filter(Boolean);
}

export {
  gateComment,
  decidePermission,
  refusalAnswers,
  parseApprovers
};
