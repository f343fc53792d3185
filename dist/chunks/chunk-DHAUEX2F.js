import {
  workspaceGit
} from "./chunk-FU35SMV7.js";
import {
  environmentVariable,
  parseNumber
} from "./chunk-BWBUHT3Z.js";
import {
  withoutRunnerFiles
} from "./chunk-4L5DIE5B.js";
import {
  ConfigError,
  describeError
} from "./chunk-WET6GGPQ.js";

// src/core/tick/status-cadence.ts
var ALWAYS = /* @__PURE__ */ new Set(["blocked", "done", "gate", "cancelled", "timed-out", "end-of-tick"]), PROGRESS = /* @__PURE__ */ new Set(["step-done", "step-failed", "interrupted"]);
function shouldWriteStatus(trigger, cadence, nowMs) {
  return ALWAYS.has(trigger) ? !0 : PROGRESS.has(trigger) ? cadence.intervalMs <= 0 || cadence.lastWriteMs === null ? !0 : nowMs - cadence.lastWriteMs >= cadence.intervalMs : !1;
}

// src/action/context.ts
import { readFile } from "node:fs/promises";
async function readRunContext(env) {
  let repository = env.GITHUB_REPOSITORY ?? "", [owner, repo] = repository.split("/");
  if (!owner || !repo) throw new ConfigError(`GITHUB_REPOSITORY is "${repository}"; expected owner/repo (is this running inside GitHub Actions?)`);
  let eventPath = env.GITHUB_EVENT_PATH, payload = {};
  if (eventPath)
    try {
      payload = JSON.parse(await readFile(eventPath, "utf8"));
    } catch (err) {
      throw new ConfigError(`GITHUB_EVENT_PATH "${eventPath}" cannot be read as JSON: ${describeError(err)}`);
    }
  let workspace = env.GITHUB_WORKSPACE ?? process.cwd();
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
    git: workspaceGit(workspace, "action"),
    runnerTemp: env.RUNNER_TEMP ?? workspace,
    apiPacing: env.SEQUENCER_API_PACING === "off" ? "off" : "github",
    inboxPollSeconds: pollSeconds(env.SEQUENCER_INBOX_POLL_SECONDS),
    stopGraceSeconds: stopGraceSeconds(env.SEQUENCER_STOP_GRACE_SECONDS),
    killGraceSeconds: seconds(env.SEQUENCER_KILL_GRACE_SECONDS, "SEQUENCER_KILL_GRACE_SECONDS", 0, 10),
    statusIntervalSeconds: statusIntervalSeconds(env.SEQUENCER_STATUS_INTERVAL_SECONDS)
  };
}
function pollSeconds(raw) {
  return seconds(raw, "SEQUENCER_INBOX_POLL_SECONDS", 1, 60);
}
function stopGraceSeconds(raw) {
  return seconds(raw, "SEQUENCER_STOP_GRACE_SECONDS", 0, 60);
}
function statusIntervalSeconds(raw) {
  return seconds(raw, "SEQUENCER_STATUS_INTERVAL_SECONDS", 0, 30, "; 0 edits the status comment after every step");
}
function seconds(raw, name, min, fallback, note = "") {
  return parseNumber(raw, environmentVariable(name), { min, max: 3600, fallback, fractions: !0, expected: `a number of seconds from ${min} to 3600 (default ${fallback}${note})` });
}
var RUNNER_SECRETS = /^(INPUT_.*|GITHUB_TOKEN|ACTIONS_.*)$/;
function agentEnvironment(env, token, withheld = []) {
  let out = {}, secrets = withheld.filter((s) => s.length > 0);
  for (let [k, v] of Object.entries(withoutRunnerFiles(env))) !RUNNER_SECRETS.test(k) && !secrets.some((s) => v?.includes(s)) && (out[k] = v);
  return token && (out.GITHUB_TOKEN = token, out.GH_TOKEN = token), out;
}

export {
  shouldWriteStatus,
  readRunContext,
  agentEnvironment
};
