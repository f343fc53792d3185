import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);
import {
  ConfigError,
  describeError
} from "./chunk-TEYULPYE.js";

// src/core/tick/status-cadence.ts
var DEFAULT_STATUS_INTERVAL_SECONDS = 30;
var ALWAYS = /* @__PURE__ */ new Set(["blocked", "done", "gate", "cancelled", "timed-out", "end-of-tick"]);
var PROGRESS = /* @__PURE__ */ new Set(["step-done", "step-failed", "interrupted"]);
function shouldWriteStatus(trigger, cadence, nowMs) {
  if (ALWAYS.has(trigger)) return true;
  if (!PROGRESS.has(trigger)) return false;
  if (cadence.intervalMs <= 0 || cadence.lastWriteMs === null) return true;
  return nowMs - cadence.lastWriteMs >= cadence.intervalMs;
}

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
    inboxPollSeconds: pollSeconds(env.SEQUENCER_INBOX_POLL_SECONDS),
    stopGraceSeconds: stopGraceSeconds(env.SEQUENCER_STOP_GRACE_SECONDS),
    statusIntervalSeconds: statusIntervalSeconds(env.SEQUENCER_STATUS_INTERVAL_SECONDS)
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
function stopGraceSeconds(raw) {
  if (raw === void 0 || raw.trim() === "") return 60;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < 0 || n > 3600) {
    throw new ConfigError(`SEQUENCER_STOP_GRACE_SECONDS is "${raw}"; expected a number of seconds from 0 to 3600 (default 60).`);
  }
  return n;
}
function statusIntervalSeconds(raw) {
  if (raw === void 0 || raw.trim() === "") return DEFAULT_STATUS_INTERVAL_SECONDS;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < 0 || n > 3600) {
    throw new ConfigError(`SEQUENCER_STATUS_INTERVAL_SECONDS is "${raw}"; expected a number of seconds from 0 to 3600 (default ${DEFAULT_STATUS_INTERVAL_SECONDS}; 0 edits the status comment after every step).`);
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

export {
  shouldWriteStatus,
  readRunContext,
  agentEnvironment
};
