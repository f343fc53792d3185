import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);
import {
  ConfigError,
  describeError
} from "./chunk-TEYULPYE.js";

// src/action/context.ts
import { readFile } from "node:fs/promises";
async function readRunContext(env) {
  const repository = env.GITHUB_REPOSITORY ?? "";
  const [owner, repo] = repository.split("/");
  if (!owner || !repo) throw new ConfigError(`GITHUB_REPOSITORY is "${repository}"; expected owner/repo (is this running inside GitHub Actions?)`);
  const eventPath = env.GITHUB_EVENT_PATH;
  let payload = {};
  if (eventPath) {
    try {
      payload = JSON.parse(await readFile(eventPath, "utf8"));
    } catch (err) {
      throw new ConfigError(`GITHUB_EVENT_PATH "${eventPath}" cannot be read as JSON: ${describeError(err)}`);
    }
  }
  const workspace = env.GITHUB_WORKSPACE ?? process.cwd();
  return {
    owner,
    repo,
    eventName: env.GITHUB_EVENT_NAME ?? "",
    payload,
    runId: env.GITHUB_RUN_ID ?? "0",
    runAttempt: Number(env.GITHUB_RUN_ATTEMPT ?? "1") || 1,
    workflowRef: env.GITHUB_WORKFLOW_REF ?? "",
    ref: env.GITHUB_REF ?? "",
    sha: env.GITHUB_SHA ?? "",
    actor: env.GITHUB_ACTOR ?? "",
    serverUrl: env.GITHUB_SERVER_URL ?? "https://github.com",
    apiUrl: env.GITHUB_API_URL ?? "https://api.github.com",
    workspace,
    runnerTemp: env.RUNNER_TEMP ?? workspace,
    apiPacing: env.SEQUENCER_API_PACING === "off" ? "off" : "github",
    inboxPollSeconds: pollSeconds(env.SEQUENCER_INBOX_POLL_SECONDS)
  };
}
function pollSeconds(raw) {
  if (raw === void 0 || raw.trim() === "") return 60;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < 1 || n > 3600) {
    throw new ConfigError(`SEQUENCER_INBOX_POLL_SECONDS is "${raw}"; expected a number of seconds from 1 to 3600 (default 60).`);
  }
  return n;
}
var RUNNER_SECRETS = /^(INPUT_.*|GITHUB_TOKEN|ACTIONS_.*)$/;
function agentEnvironment(env, token, withheld = []) {
  const out = {};
  const secrets = withheld.filter((s) => s.length > 0);
  for (const [k, v] of Object.entries(env)) if (!RUNNER_SECRETS.test(k) && !secrets.some((s) => v?.includes(s))) out[k] = v;
  if (token) {
    out.GITHUB_TOKEN = token;
    out.GH_TOKEN = token;
  }
  return out;
}

// src/core/trust/authorize.ts
var MAY_HAVE_WRITE = /* @__PURE__ */ new Set(["OWNER", "MEMBER", "COLLABORATOR"]);
var WRITE_PERMISSIONS = /* @__PURE__ */ new Set(["admin", "maintain", "write"]);
function gateComment(c, policy) {
  if (c.action !== "created") return { kind: "ignore", reason: `comment ${c.action}: only new comments are commands` };
  if (c.issueNumber !== policy.planIssue) return { kind: "ignore", reason: `comment on #${c.issueNumber}, not on the plan's issue #${policy.planIssue}` };
  if (c.userType === "Bot" || /\[bot\]$/i.test(c.login)) return { kind: "ignore", reason: `${c.login} is a bot` };
  if (policy.approvers.length) {
    const listed = policy.approvers.some((a) => a.toLowerCase() === c.login.toLowerCase());
    return listed ? { kind: "allow", reason: `${c.login} is a listed approver` } : { kind: "deny", reason: "only the logins in the approvers list may command this plan" };
  }
  if (!MAY_HAVE_WRITE.has(c.association)) return { kind: "deny", reason: `commands need write access to this repository (your association: ${c.association})` };
  return { kind: "check-permission" };
}
function decidePermission(login, permission, roleName) {
  if (permission && WRITE_PERMISSIONS.has(permission) || roleName && WRITE_PERMISSIONS.has(roleName)) {
    return { kind: "allow", reason: `@${login} has ${roleName ?? permission} permission` };
  }
  return { kind: "deny", reason: `commands need write, maintain or admin permission; ${login} has ${permission ?? "no"} permission` };
}
function parseApprovers(raw) {
  return raw.split(/[\s,]+/).map((s) => s.replace(/^@/, "").trim()).filter(Boolean);
}

export {
  readRunContext,
  agentEnvironment,
  gateComment,
  decidePermission,
  parseApprovers
};
