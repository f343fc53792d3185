import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);
import {
  CacheStore,
  ConfigError,
  ExecAgentRunner,
  FsAttemptFiles,
  FsVerifier,
  FsWorkspace,
  GitStore,
  LocalOwnerProbe,
  PlanError,
  SequencerError,
  auditFindings,
  currentStepId,
  describeAction,
  describeError,
  effectiveQueue,
  extractPlan,
  findingsMarkdown,
  formatDuration,
  formatFinding,
  git,
  isActiveRef,
  isIdleStatus,
  listPlanRefs,
  loadPlanText,
  maintenancePlan,
  markPlanIdle,
  newState,
  parseCommandText,
  planFromIssueBody,
  planFromRequest,
  planMatrix,
  prunePlanRef,
  readPlanFacts,
  replan,
  resumeLines,
  showValue,
  stepRows,
  stepsDone,
  tick,
  trackingTip
} from "./chunks/chunk-TV4XSYQF.js";
import {
  Octokit,
  legacyRestEndpointMethods,
  paginateRest,
  requestLog,
  require_light,
  retry
} from "./chunks/chunk-NMPHUD5Z.js";
import {
  debug,
  error,
  getInput,
  group,
  info,
  notice,
  setFailed,
  setOutput,
  setSecret,
  summary,
  warning
} from "./chunks/chunk-GEX65OPK.js";
import {
  __toESM
} from "./chunks/chunk-PANJYNO7.js";

// node_modules/@octokit/rest/dist-src/version.js
var VERSION = "22.0.1";

// node_modules/@octokit/rest/dist-src/index.js
var Octokit2 = Octokit.plugin(requestLog, legacyRestEndpointMethods, paginateRest).defaults(
  {
    userAgent: `octokit-rest.js/${VERSION}`
  }
);

// node_modules/@octokit/plugin-throttling/dist-bundle/index.js
var import_light = __toESM(require_light(), 1);
var VERSION2 = "0.0.0-development";
var noop = () => Promise.resolve();
function wrapRequest(state, request, options) {
  return state.retryLimiter.schedule(doRequest, state, request, options);
}
async function doRequest(state, request, options) {
  const { pathname } = new URL(options.url, "http://github.test");
  const isAuth = isAuthRequest(options.method, pathname);
  const isWrite = !isAuth && options.method !== "GET" && options.method !== "HEAD";
  const isSearch = options.method === "GET" && pathname.startsWith("/search/");
  const isGraphQL = pathname.startsWith("/graphql");
  const retryCount = ~~request.retryCount;
  const jobOptions = retryCount > 0 ? { priority: 0, weight: 0 } : {};
  if (state.clustering) {
    jobOptions.expiration = 1e3 * 60;
  }
  if (isWrite || isGraphQL) {
    await state.write.key(state.id).schedule(jobOptions, noop);
  }
  if (isWrite && state.triggersNotification(pathname)) {
    await state.notifications.key(state.id).schedule(jobOptions, noop);
  }
  if (isSearch) {
    await state.search.key(state.id).schedule(jobOptions, noop);
  }
  const req = (isAuth ? state.auth : state.global).key(state.id).schedule(jobOptions, request, options);
  if (isGraphQL) {
    const res = await req;
    if (res.data.errors != null && res.data.errors.some((error2) => error2.type === "RATE_LIMITED")) {
      const error2 = Object.assign(new Error("GraphQL Rate Limit Exceeded"), {
        response: res,
        data: res.data
      });
      throw error2;
    }
  }
  return req;
}
function isAuthRequest(method, pathname) {
  return method === "PATCH" && // https://docs.github.com/en/rest/apps/apps?apiVersion=2022-11-28#create-a-scoped-access-token
  /^\/applications\/[^/]+\/token\/scoped$/.test(pathname) || method === "POST" && // https://docs.github.com/en/rest/apps/oauth-applications?apiVersion=2022-11-28#reset-a-token
  (/^\/applications\/[^/]+\/token$/.test(pathname) || // https://docs.github.com/en/rest/apps/apps?apiVersion=2022-11-28#create-an-installation-access-token-for-an-app
  /^\/app\/installations\/[^/]+\/access_tokens$/.test(pathname) || // https://docs.github.com/en/apps/oauth-apps/building-oauth-apps/authorizing-oauth-apps
  pathname === "/login/oauth/access_token");
}
var triggers_notification_paths_default = [
  "/orgs/{org}/invitations",
  "/orgs/{org}/invitations/{invitation_id}",
  "/orgs/{org}/teams/{team_slug}/discussions",
  "/orgs/{org}/teams/{team_slug}/discussions/{discussion_number}/comments",
  "/repos/{owner}/{repo}/collaborators/{username}",
  "/repos/{owner}/{repo}/commits/{commit_sha}/comments",
  "/repos/{owner}/{repo}/issues",
  "/repos/{owner}/{repo}/issues/{issue_number}/comments",
  "/repos/{owner}/{repo}/issues/{issue_number}/sub_issue",
  "/repos/{owner}/{repo}/issues/{issue_number}/sub_issues/priority",
  "/repos/{owner}/{repo}/pulls",
  "/repos/{owner}/{repo}/pulls/{pull_number}/comments",
  "/repos/{owner}/{repo}/pulls/{pull_number}/comments/{comment_id}/replies",
  "/repos/{owner}/{repo}/pulls/{pull_number}/merge",
  "/repos/{owner}/{repo}/pulls/{pull_number}/requested_reviewers",
  "/repos/{owner}/{repo}/pulls/{pull_number}/reviews",
  "/repos/{owner}/{repo}/releases",
  "/teams/{team_id}/discussions",
  "/teams/{team_id}/discussions/{discussion_number}/comments"
];
function routeMatcher(paths) {
  const regexes = paths.map(
    (path3) => path3.split("/").map((c) => c.startsWith("{") ? "(?:.+?)" : c).join("/")
  );
  const regex2 = `^(?:${regexes.map((r) => `(?:${r})`).join("|")})[^/]*$`;
  return new RegExp(regex2, "i");
}
var regex = routeMatcher(triggers_notification_paths_default);
var triggersNotification = regex.test.bind(regex);
var groups = {};
var createGroups = function(Bottleneck2, common) {
  groups.global = new Bottleneck2.Group({
    id: "octokit-global",
    maxConcurrent: 10,
    ...common
  });
  groups.auth = new Bottleneck2.Group({
    id: "octokit-auth",
    maxConcurrent: 1,
    ...common
  });
  groups.search = new Bottleneck2.Group({
    id: "octokit-search",
    maxConcurrent: 1,
    minTime: 2e3,
    ...common
  });
  groups.write = new Bottleneck2.Group({
    id: "octokit-write",
    maxConcurrent: 1,
    minTime: 1e3,
    ...common
  });
  groups.notifications = new Bottleneck2.Group({
    id: "octokit-notifications",
    maxConcurrent: 1,
    minTime: 3e3,
    ...common
  });
};
function throttling(octokit, octokitOptions) {
  const {
    enabled = true,
    Bottleneck: Bottleneck2 = import_light.default,
    id = "no-id",
    timeout = 1e3 * 60 * 2,
    // Redis TTL: 2 minutes
    connection
  } = octokitOptions.throttle || {};
  if (!enabled) {
    return {};
  }
  const common = { timeout };
  if (typeof connection !== "undefined") {
    common.connection = connection;
  }
  const state = Object.assign(
    {
      clustering: connection != null,
      triggersNotification,
      fallbackSecondaryRateRetryAfter: 60,
      retryAfterBaseValue: 1e3,
      id
    },
    octokitOptions.throttle
  );
  if (typeof state.onSecondaryRateLimit !== "function" || typeof state.onRateLimit !== "function") {
    throw new Error(`octokit/plugin-throttling error:
        You must pass the onSecondaryRateLimit and onRateLimit error handlers.
        See https://octokit.github.io/rest.js/#throttling

        const octokit = new Octokit({
          throttle: {
            onSecondaryRateLimit: (retryAfter, options) => {/* ... */},
            onRateLimit: (retryAfter, options) => {/* ... */}
          }
        })
    `);
  }
  let initialized = false;
  const initializeBottleneck = () => {
    if (initialized) {
      return;
    }
    initialized = true;
    if (groups.global == null) {
      createGroups(Bottleneck2, common);
    }
    state.global = state.global ?? groups.global;
    state.auth = state.auth ?? groups.auth;
    state.search = state.search ?? groups.search;
    state.write = state.write ?? groups.write;
    state.notifications = state.notifications ?? groups.notifications;
    state.retryLimiter = state.retryLimiter ?? new Bottleneck2();
    const events = {};
    const emitter = new Bottleneck2.Events(events);
    events.on("secondary-limit", state.onSecondaryRateLimit);
    events.on("rate-limit", state.onRateLimit);
    events.on(
      "error",
      (e) => octokit.log.warn("Error in throttling-plugin limit handler", e)
    );
    state.retryLimiter.on("failed", async function(error2, info2) {
      const [state2, request, options] = info2.args;
      const { pathname } = new URL(options.url, "http://github.test");
      const shouldRetryGraphQL = pathname.startsWith("/graphql") && error2.status !== 401;
      if (!(shouldRetryGraphQL || error2.status === 403 || error2.status === 429)) {
        return;
      }
      const retryCount = ~~request.retryCount;
      request.retryCount = retryCount;
      options.request.retryCount = retryCount;
      const { wantRetry, retryAfter = 0 } = await (async function() {
        if (/\bsecondary rate\b/i.test(error2.message)) {
          const retryAfter2 = Number(error2.response.headers["retry-after"]) || state2.fallbackSecondaryRateRetryAfter;
          const wantRetry2 = await emitter.trigger(
            "secondary-limit",
            retryAfter2,
            options,
            octokit,
            retryCount
          );
          return { wantRetry: wantRetry2, retryAfter: retryAfter2 };
        }
        if (error2.response.headers != null && error2.response.headers["x-ratelimit-remaining"] === "0" || (error2.response.data?.errors ?? []).some(
          (error22) => error22.type === "RATE_LIMITED"
        )) {
          const rateLimitReset = new Date(
            ~~error2.response.headers["x-ratelimit-reset"] * 1e3
          ).getTime();
          const retryAfter2 = Math.max(
            // Add one second so we retry _after_ the reset time
            // https://docs.github.com/en/rest/overview/resources-in-the-rest-api?apiVersion=2022-11-28#exceeding-the-rate-limit
            Math.ceil((rateLimitReset - Date.now()) / 1e3) + 1,
            0
          );
          const wantRetry2 = await emitter.trigger(
            "rate-limit",
            retryAfter2,
            options,
            octokit,
            retryCount
          );
          return { wantRetry: wantRetry2, retryAfter: retryAfter2 };
        }
        return {};
      })();
      if (wantRetry) {
        request.retryCount++;
        return retryAfter * state2.retryAfterBaseValue;
      }
    });
  };
  octokit.hook.wrap("request", (request, options) => {
    initializeBottleneck();
    return wrapRequest(state, request, options);
  });
  return {};
}
throttling.VERSION = VERSION2;
throttling.triggersNotification = triggersNotification;

// src/adapters/github-client.ts
var import_light2 = __toESM(require_light(), 1);

// src/core/retry-policy.ts
var DO_NOT_RETRY = [400, 401, 403, 404, 409, 410, 422, 429, 451];
var DEFAULT_RETRIES = 3;
var RATE_LIMIT_MAX_RETRIES = 2;
var RATE_LIMIT_MAX_WAIT_SECONDS = 60;
function retrySettings(retries = DEFAULT_RETRIES, retryBaseMs = 1e3) {
  if (!Number.isInteger(retries) || retries < 0 || retries > 10) {
    throw new ConfigError(`Invalid retries ${showValue(retries)}. Expected a whole number from 0 to 10.`);
  }
  if (!Number.isFinite(retryBaseMs) || retryBaseMs < 0) {
    throw new ConfigError(`Invalid retryBaseMs ${showValue(retryBaseMs)}. Expected a number of milliseconds >= 0.`);
  }
  return { retries, doNotRetry: [...DO_NOT_RETRY], retryAfterBaseValue: retryBaseMs };
}
function shouldRetryRateLimit(retryAfterSeconds, retryCount) {
  if (!Number.isFinite(retryAfterSeconds) || retryAfterSeconds < 0) return false;
  return retryCount < RATE_LIMIT_MAX_RETRIES && retryAfterSeconds <= RATE_LIMIT_MAX_WAIT_SECONDS;
}
function rateLimitMessage(kind, request, retryAfterSeconds, retryCount, retrying) {
  const what = kind === "primary" ? "Rate limit" : "Secondary rate limit";
  const head = `${what} hit by ${request.method} ${request.url}`;
  if (retrying) return `${head}; retrying in ${retryAfterSeconds} s (retry ${retryCount + 1} of ${RATE_LIMIT_MAX_RETRIES}).`;
  const why = retryCount >= RATE_LIMIT_MAX_RETRIES ? `already retried ${retryCount} times` : `retry-after ${retryAfterSeconds} s exceeds ${RATE_LIMIT_MAX_WAIT_SECONDS} s`;
  return `${head}; giving up (${why}).`;
}
function statusOf(err) {
  if (typeof err !== "object" || err === null || !("status" in err)) return void 0;
  const status = err.status;
  return typeof status === "number" ? status : void 0;
}
function isStatus(err, code) {
  return statusOf(err) === code;
}

// src/adapters/github-client.ts
var SequencerOctokit = Octokit2.plugin(retry, throttling);
var DEFAULT_BASE_URL = "https://api.github.com";
function createGitHubClient(options) {
  const { token, log } = options;
  if (typeof token !== "string" || token.trim() === "") {
    throw new ConfigError("Invalid token: it is empty. Expected a GitHub token (the github-token input or GITHUB_TOKEN).");
  }
  const baseUrl = normalizeBaseUrl(options.baseUrl ?? DEFAULT_BASE_URL);
  const retrySet = retrySettings(options.retries, options.retryBaseMs);
  const onLimit = (kind) => (retryAfter, request, _octokit, retryCount) => {
    const retrying = shouldRetryRateLimit(retryAfter, retryCount);
    const message = rateLimitMessage(kind, request, retryAfter, retryCount, retrying);
    if (log) log.warn(message);
    else console.warn(message);
    return retrying;
  };
  return new SequencerOctokit({
    auth: token,
    baseUrl,
    userAgent: options.userAgent ?? "agent-step-sequencer",
    ...log ? { log: octokitLog(log) } : {},
    retry: retrySet,
    throttle: {
      onRateLimit: onLimit("primary"),
      onSecondaryRateLimit: onLimit("secondary"),
      ...options.pacing === "off" ? unpacedGroups() : {}
    }
  });
}
function normalizeBaseUrl(value) {
  let url;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(`Invalid baseUrl ${showValue(value)}. Expected an http(s) URL such as ${DEFAULT_BASE_URL}.`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw new ConfigError(`Invalid baseUrl ${showValue(value)}. Expected an http(s) URL such as ${DEFAULT_BASE_URL}.`);
  }
  return value.replace(/\/+$/, "");
}
function octokitLog(log) {
  return {
    debug: (message) => log.debug(message),
    info: (message) => log.debug(message),
    warn: (message) => log.warn(message),
    error: (message) => log.debug(message)
  };
}
function unpacedGroups() {
  const group2 = () => new import_light2.default.Group({ maxConcurrent: null, minTime: 0 });
  return { write: group2(), search: group2(), notifications: group2() };
}
async function getIfModified(call, etag) {
  try {
    const response = await call(etag ? { "if-none-match": etag } : {});
    return { modified: true, data: response.data, etag: response.headers.etag };
  } catch (err) {
    if (etag && isStatus(err, 304)) return { modified: false, etag };
    throw err;
  }
}

// src/core/workflow-ref.ts
var PATTERN = /^([^/\s]+\/[^/\s]+)\/(\.github\/workflows\/([^/@\s]+\.ya?ml))@(\S+)$/;
function parseWorkflowRef(value) {
  const m = PATTERN.exec((value ?? "").trim());
  if (!m) return null;
  return { repository: m[1], path: m[2], file: m[3], ref: m[4] };
}
function workflowFileFromRef(value) {
  return parseWorkflowRef(value)?.file ?? null;
}

// src/adapters/workflow-dispatch.ts
async function dispatchWorkflow(spec) {
  const { client, owner, repo, workflow, ref } = spec;
  try {
    await client.rest.actions.createWorkflowDispatch({ owner, repo, workflow_id: workflow, ref, inputs: spec.inputs ?? {} });
  } catch (err) {
    const hint = HINTS[statusOf(err) ?? 0];
    if (!hint) throw err;
    throw new ConfigError(`Could not dispatch workflow ${showValue(String(workflow))} on ref ${showValue(ref)} in ${owner}/${repo}: ${describeError(err)}`, hint);
  }
}
var HINTS = {
  403: "The token needs the actions: write permission to dispatch workflows (or a rate limit was hit; try again later).",
  404: "Expected a workflow file name or id that exists on that ref.",
  422: "Expected an enabled workflow with a workflow_dispatch trigger that declares every input sent."
};

// src/adapters/static-inbox.ts
var StaticInbox = class {
  constructor(cursor, commands, onReply = () => {
  }) {
    this.cursor = cursor;
    this.commands = commands;
    this.onReply = onReply;
  }
  cursor;
  commands;
  onReply;
  cursorKey = "lastDispatchRun";
  async read(memo) {
    const after = Number(memo[this.cursorKey] ?? 0);
    if (this.cursor <= after) return { items: [] };
    return { items: this.commands.map((command) => ({ cursor: this.cursor, command })) };
  }
  async acknowledge() {
  }
  async reply(_item, text) {
    this.onReply(text);
  }
};

// src/adapters/toolkit-log.ts
var ToolkitLog = class {
  info(message) {
    info(message);
  }
  warn(message) {
    warning(message);
  }
  error(message) {
    error(message);
  }
  debug(message) {
    debug(message);
  }
  group(title, fn) {
    return group(title, fn);
  }
};

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
var RUNNER_SECRETS = /^(INPUT_.*|GITHUB_TOKEN|ACTIONS_RUNTIME_TOKEN|ACTIONS_ID_TOKEN_REQUEST_TOKEN|ACTIONS_ID_TOKEN_REQUEST_URL|ACTIONS_RESULTS_URL|ACTIONS_CACHE_URL|ACTIONS_RUNTIME_URL)$/;
function agentEnvironment(env, token) {
  const out = {};
  for (const [k, v] of Object.entries(env)) if (!RUNNER_SECRETS.test(k)) out[k] = v;
  if (token) {
    out.GITHUB_TOKEN = token;
    out.GH_TOKEN = token;
  }
  return out;
}

// src/core/authorize.ts
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

// src/action/inputs.ts
var DISPATCH_COMMANDS = ["tick", "start", "resume", "cancel", "retry", "skip", "status", "list", "audit", "maintenance"];
var ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;
function parseInputs(get) {
  const text = (name) => get(name).trim();
  const optional = (name) => text(name) || void 0;
  const token = text("github-token");
  if (!token) throw new ConfigError("Input 'github-token' is empty; expected a token (the default is the job's GITHUB_TOKEN).");
  const command = checkCommand(text("command") || "tick");
  const stateStore = text("state-store") || "git";
  if (stateStore !== "git" && stateStore !== "cache") throw invalid("state-store", stateStore, '"git" or "cache"');
  const planId = optional("plan-id");
  if (planId) checkPlanId(planId);
  const step = optional("step");
  if (step) checkStep(step);
  const stateBranch = optional("state-branch");
  if (stateBranch && !/^[A-Za-z0-9._/-]+$/.test(stateBranch)) throw invalid("state-branch", stateBranch, "a branch name");
  const planFile = optional("plan");
  if (planFile) checkPlanFile(planFile);
  const pruneMode = text("prune-mode") || "archive";
  if (pruneMode !== "archive" && pruneMode !== "delete") throw invalid("prune-mode", pruneMode, '"archive" or "delete"');
  return {
    token,
    command,
    ...optional("agent-command") ? { agentCommand: text("agent-command") } : {},
    ...planFile ? { planFile } : {},
    ...planId ? { planId } : {},
    ...step ? { step } : {},
    stateStore,
    ...stateBranch ? { stateBranch } : {},
    maxAttempts: int(get, "max-attempts", 3, 1, 100),
    stepDelayMinutes: int(get, "step-delay-minutes", 0, 0, 1440),
    attemptTimeoutMinutes: int(get, "attempt-timeout-minutes", 60, 1, 360),
    timeBudgetMinutes: int(get, "time-budget-minutes", 300, 1, 4320),
    approvers: parseApprovers(get("approvers")),
    triggerLabel: text("trigger-label") || "sequencer",
    ...optional("continue-workflow") ? { continueWorkflow: text("continue-workflow") } : {},
    openPullRequest: bool(get, "open-pull-request"),
    passTokenToAgent: bool(get, "pass-token-to-agent"),
    staleDays: int(get, "stale-days", 14, 1, 3650),
    pruneDays: int(get, "prune-days", 7, 0, 3650),
    pruneMode,
    apply: bool(get, "apply")
  };
}
function invalid(name, value, expected, source = "input") {
  return new ConfigError(`Invalid ${source} '${name}': "${value}". Expected ${expected}.`);
}
function checkCommand(value, source) {
  if (!DISPATCH_COMMANDS.includes(value)) throw invalid("command", value, `one of ${DISPATCH_COMMANDS.join(", ")}`, source);
  return value;
}
function checkPlanId(value, source) {
  if (!ID.test(value)) throw invalid("plan-id", value, 'letters, digits, ".", "_" or "-" (up to 100, starting with a letter or digit)', source);
  return value;
}
function checkStep(value, source) {
  if (!ID.test(value)) throw invalid("step", value, "a step id", source);
  return value;
}
function checkPlanFile(value, source) {
  if (value.startsWith("/") || value.split(/[\\/]/).includes("..")) throw invalid("plan", value, "a path inside the repository, e.g. plans/research.yml", source);
  return value;
}
function int(get, name, fallback, min, max) {
  const raw = get(name).trim();
  if (raw === "") return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) throw invalid(name, raw, `a whole number from ${min} to ${max}`);
  return n;
}
function bool(get, name) {
  const raw = get(name).trim().toLowerCase();
  if (raw === "" || raw === "false") return false;
  if (raw === "true") return true;
  throw invalid(name, raw, '"true" or "false"');
}

// src/action/events.ts
function issuePlanId(issueNumber) {
  return `issue-${issueNumber}`;
}
function routeEvent(eventName, payload, inputs) {
  switch (eventName) {
    case "schedule":
      return scheduleRoute(inputs);
    case "workflow_dispatch":
    case "repository_dispatch":
      return dispatchRoute(payload, inputs);
    case "issues":
      return issueRoute(payload, inputs);
    case "issue_comment":
      return commentRoute(payload);
    default:
      return { kind: "ignore", reason: `event "${eventName}" is not handled (use schedule, workflow_dispatch, issues or issue_comment)` };
  }
}
function dispatchRoute(payload, inputs) {
  const given = (name) => {
    const v = payload.inputs?.[name];
    return typeof v === "string" && v.trim() ? v.trim() : void 0;
  };
  const source = "workflow_dispatch input";
  const fromPayload = (name, check) => {
    const v = given(name);
    return v === void 0 ? void 0 : check(v, source);
  };
  const command = fromPayload("command", checkCommand) ?? inputs.command;
  const planId = fromPayload("plan-id", checkPlanId) ?? inputs.planId;
  const planFile = fromPayload("plan", checkPlanFile) ?? inputs.planFile;
  const step = fromPayload("step", checkStep) ?? inputs.step;
  return {
    kind: "dispatch",
    command,
    actor: payload.sender?.login ?? "workflow_dispatch",
    ...planId ? { planId } : {},
    ...planFile ? { planFile } : {},
    ...step ? { step } : {}
  };
}
function scheduleRoute(inputs) {
  if (inputs.command === "tick" && !inputs.planId) return { kind: "tick-active" };
  return {
    kind: "dispatch",
    command: inputs.command,
    actor: "schedule",
    ...inputs.planId ? { planId: inputs.planId } : {},
    ...inputs.planFile ? { planFile: inputs.planFile } : {},
    ...inputs.step ? { step: inputs.step } : {}
  };
}
function labelName(label) {
  return typeof label === "string" ? label : label.name ?? "";
}
function issueRoute(payload, inputs) {
  const issue = payload.issue;
  if (!issue?.number) return { kind: "ignore", reason: "issues event without an issue" };
  if (issue.pull_request) return { kind: "ignore", reason: "pull requests do not carry plans" };
  const labelled = (issue.labels ?? []).some((l) => labelName(l) === inputs.triggerLabel);
  const action = payload.action ?? "";
  const relevant = action === "labeled" && payload.label?.name === inputs.triggerLabel || (action === "opened" || action === "edited" || action === "reopened") && labelled;
  if (!relevant) return { kind: "ignore", reason: `issue #${issue.number} ${action} without the "${inputs.triggerLabel}" label` };
  return { kind: "propose", issueNumber: issue.number, title: issue.title ?? "", body: issue.body ?? "", actor: payload.sender?.login ?? "" };
}
function commentRoute(payload) {
  const issue = payload.issue;
  const comment = payload.comment;
  if (!issue?.number || !comment?.id) return { kind: "ignore", reason: "issue_comment event without an issue or comment" };
  if (payload.action !== "created") return { kind: "ignore", reason: `comment ${payload.action ?? "changed"}: only new comments are commands` };
  if (issue.pull_request) return { kind: "ignore", reason: "comment on a pull request" };
  if (comment.user?.type === "Bot") return { kind: "ignore", reason: "comment by a bot" };
  if (!/^\s*\/[a-z]/i.test(comment.body ?? "")) return { kind: "ignore", reason: "comment is not a command" };
  return { kind: "comment", issueNumber: issue.number, commentId: comment.id };
}

// src/action/outputs.ts
function emptyOutputs(status = "MISSING") {
  return { "plan-id": "", status, "current-step": "", "steps-done": "0", "steps-total": "0", "blocked-step": "", "state-branch": "", "state-revision": "", plans: "[]", report: "[]" };
}
function outputsFor(state, branch) {
  const blocked = state.status === "BLOCKED" ? currentStepId(state) ?? "" : "";
  return {
    "plan-id": state.planId ?? "",
    status: state.status,
    "current-step": state.status === "DONE" ? "" : currentStepId(state) ?? "",
    "steps-done": String(stepsDone(state)),
    "steps-total": String(state.stepQueue.length),
    "blocked-step": blocked,
    "state-branch": branch,
    "state-revision": String(state.revision ?? 0),
    plans: "[]",
    report: "[]"
  };
}
function setOutputs(outputs) {
  for (const [name, value] of Object.entries(outputs)) setOutput(name, value);
}

// src/action/plan-tick.ts
import { setTimeout as sleep2 } from "node:timers/promises";

// src/adapters/actions-owner.ts
var RUNNING = /* @__PURE__ */ new Set(["queued", "in_progress", "waiting", "pending", "requested"]);
var ActionsOwnerProbe = class {
  constructor(o) {
    this.o = o;
  }
  o;
  async liveness(owner) {
    if (owner.kind !== "actions") return "unknown";
    const { current } = this.o;
    if (owner.runId === current.runId) {
      if (owner.runAttempt === current.runAttempt) return "alive";
      if (owner.runAttempt < current.runAttempt) return "dead";
    }
    const runId = Number(owner.runId);
    if (!Number.isSafeInteger(runId) || runId <= 0) return "unknown";
    const { owner: repoOwner, repo } = this.repoOf(owner);
    try {
      const { data } = await this.o.client.rest.actions.getWorkflowRun({ owner: repoOwner, repo, run_id: runId });
      if (data.status === "completed") return "dead";
      if (data.status && RUNNING.has(data.status)) return "alive";
      return "unknown";
    } catch (err) {
      if (isStatus(err, 404)) return "dead";
      this.o.log?.(`Could not look up workflow run ${owner.runId}: ${describeError(err)}`);
      return "unknown";
    }
  }
  repoOf(owner) {
    const m = /^([^/\s]+)\/([^/\s]+)$/.exec(owner.repository ?? "");
    return m ? { owner: m[1], repo: m[2] } : { owner: this.o.owner, repo: this.o.repo };
  }
};

// src/adapters/artifacts.ts
import { mkdir, mkdtemp, readFile as readFile2, readdir, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

// src/core/artifact-names.ts
var FORBIDDEN_NAME_CHARS = /[":<>|*?\r\n\\/]/g;
var MAX_ARTIFACT_NAME = 100;
var MIN_SECRET_LENGTH = 3;
function sanitizeArtifactName(name) {
  const cleaned = name.replace(FORBIDDEN_NAME_CHARS, "-").replace(/[\u0000-\u001f\u007f]/g, "").trim();
  const capped = Array.from(cleaned).slice(0, MAX_ARTIFACT_NAME).join("").trim();
  return capped === "" ? "sequencer-logs" : capped;
}
function secretNeedles(secrets) {
  const needles = /* @__PURE__ */ new Set();
  for (const secret of secrets) {
    if (typeof secret !== "string") continue;
    for (const candidate of [secret, ...secret.split(/\r?\n/).map((l) => l.trim())]) {
      if (candidate.trim().length >= MIN_SECRET_LENGTH) needles.add(candidate);
    }
  }
  return [...needles].sort((a, b) => b.length - a.length);
}
function scrubSecrets(text, secrets) {
  let out = text;
  for (const needle of secretNeedles(secrets)) out = out.split(needle).join("***");
  return out;
}

// src/adapters/artifacts.ts
async function uploadAttemptLogs(o) {
  const name = sanitizeArtifactName(o.name);
  if (!process.env.ACTIONS_RUNTIME_TOKEN || !process.env.ACTIONS_RESULTS_URL) {
    o.log(`Attempt logs not uploaded as artifact "${name}": the artifact service is not available here (ACTIONS_RUNTIME_TOKEN or ACTIONS_RESULTS_URL is unset).`);
    return null;
  }
  let staging = null;
  try {
    staging = await stageScrubbedLogs(o.dir, o.secrets);
    if (!staging) return null;
    const { DefaultArtifactClient } = await import("./chunks/artifact-7SLB6L7Y.js");
    const result = await new DefaultArtifactClient().uploadArtifact(name, staging.files, staging.root, o.retentionDays ? { retentionDays: o.retentionDays } : {});
    return { name, id: result.id, size: result.size, files: staging.files.length };
  } catch (err) {
    o.log(`Attempt logs not uploaded as artifact "${name}": ${describeError(err)}`);
    return null;
  } finally {
    if (staging) await rm(staging.root, { recursive: true, force: true }).catch(() => {
    });
  }
}
async function stageScrubbedLogs(dir, secrets) {
  const files = await regularFiles(dir);
  if (files.length === 0) return null;
  const root = await mkdtemp(path.join(os.tmpdir(), "sequencer-logs-"));
  try {
    const copies = [];
    for (const rel of files) {
      const target = path.join(root, rel);
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, scrubBytes(await readFile2(path.join(dir, rel)), secrets));
      copies.push(target);
    }
    return { root, files: copies };
  } catch (err) {
    await rm(root, { recursive: true, force: true }).catch(() => {
    });
    throw err;
  }
}
function scrubBytes(data, secrets) {
  const needles = secrets.map((s) => Buffer.from(s, "utf8").toString("latin1"));
  return Buffer.from(scrubSecrets(data.toString("latin1"), needles), "latin1");
}
async function regularFiles(dir) {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true }).catch((err) => {
    if (err.code === "ENOENT") return [];
    throw err;
  });
  return entries.filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name))).sort();
}

// src/adapters/git-links.ts
async function outputLinks(workspace, blobBase, paths) {
  const shas = /* @__PURE__ */ new Map();
  for (const p of paths) {
    const res = await git(["log", "-1", "--format=%H", "--", p], { cwd: workspace, allowFail: true });
    const sha = res.stdout.trim();
    if (res.code === 0 && sha) shas.set(p, sha);
  }
  const encode = (p) => p.split("/").map(encodeURIComponent).join("/");
  return { file: (p) => `${blobBase}/${shas.get(p) ?? "HEAD"}/${encode(p)}` };
}

// src/core/comment-markers.ts
import { createHash } from "node:crypto";

// src/core/untrusted-text.ts
var ZERO_WIDTH_JOINER = "\u200D";
function neutralizeMentions(text) {
  return text.replace(/(^|[^A-Za-z0-9`])@(?=[A-Za-z0-9])/g, `$1@${ZERO_WIDTH_JOINER}`);
}
function capText(text, max) {
  if (text.length <= max) return text;
  const head = Math.floor(max * 0.4);
  const tail = max - head;
  return `${text.slice(0, head)}
\u2026 [${text.length - max} characters omitted] \u2026
${text.slice(text.length - tail)}`;
}
function fence(text, max = 4e3, info2 = "text") {
  const body = neutralizeMentions(capText(text.replace(/\r\n?/g, "\n"), max));
  const longestRun = Math.max(2, ...Array.from(body.matchAll(/`+/g), (m) => m[0].length));
  const ticks = "`".repeat(longestRun + 1);
  return `${ticks}${info2}
${body}
${ticks}`;
}
function inline(text, max = 200) {
  const one = text.replace(/[\r\n]+/g, " ").trim();
  const capped = one.length > max ? `${one.slice(0, max - 1)}\u2026` : one;
  return neutralizeMentions(capped.replace(/([\\`*_[\]<>|#~])/g, "\\$1"));
}

// src/core/comment-markers.ts
var MARKER_PREFIX = "<!-- agent-step-sequencer:";
var LEADING_MARKER = /^<!-- agent-step-sequencer:[^\n]*? -->/;
function replyMarker(commentId) {
  return `${MARKER_PREFIX}reply:${commentId} -->`;
}
function problemComment(planId, problem) {
  const key = createHash("sha256").update(problem).digest("hex").slice(0, 16);
  return [
    `${MARKER_PREFIX}problem:${planId}:${key} -->`,
    "### \u26A0\uFE0F No plan to propose",
    "",
    fence(problem, 3e3),
    "",
    'Add a fenced ```json or ```yaml block with `"steps"` to the issue, or fix the one there.'
  ].join("\n");
}
function leadingMarker(body) {
  return LEADING_MARKER.exec(body ?? "")?.[0] ?? null;
}
function replyComment(commentId, login, commandText, text) {
  const firstLine = commandText.trimStart().split(/\r?\n/, 1)[0] ?? "";
  return [replyMarker(commentId), `> ${inline(firstLine, 200)}`, "", `@${login.replace(/[^A-Za-z0-9[\]_-]/g, "")}: ${neutralizeMentions(text)}`].join("\n");
}
function isOwnComment(author, botLogin) {
  if (botLogin) return author.login.toLowerCase() === botLogin.toLowerCase();
  return author.type === "Bot" || ["OWNER", "MEMBER", "COLLABORATOR"].includes(author.association ?? "");
}

// src/core/render-markdown.ts
function marker(planId, kind, episode) {
  return `<!-- agent-step-sequencer:${kind}:${planId}${episode ? `:${episode}` : ""} -->`;
}
var STATUS_ICON = {
  PENDING: "\u23F3",
  IN_PROGRESS: "\u{1F504}",
  DONE: "\u2705",
  FAILED: "\u274C",
  SKIPPED: "\u23ED\uFE0F"
};
function outputsCell(row, links) {
  if (!row.outputs.length) return "";
  return row.outputs.map((o) => links.file && row.status === "DONE" ? `[${inline(o)}](${links.file(o)})` : `\`${o.replace(/`/g, "")}\``).join(", ");
}
function stepTable(state, links = {}) {
  const rows = stepRows(state).map(
    (r) => `| ${r.index}/${r.total} | \`${r.id}\` | ${inline(r.title)} | ${STATUS_ICON[r.status] ?? ""} ${r.status} | ${r.tries} | ${formatDuration(r.durationMs)} | ${outputsCell(r, links)} |`
  );
  return ["| # | step | title | status | tries | duration | outputs |", "|---|---|---|---|---|---|---|", ...rows].join("\n");
}
function proposalComment(state, changes = []) {
  const id = state.planId ?? "plan";
  const changed = changes.filter((c) => c.change !== "unchanged");
  const kept = Object.entries(state.stepRuns).filter(([, r]) => r.status === "DONE" || r.status === "SKIPPED").map(([sid]) => `\`${sid}\``);
  return [
    marker(id, "proposal", state.planHash),
    `### Proposed plan: ${inline(state.plan.title ?? id)} (${state.stepQueue.length} steps)`,
    "",
    ...changed.length ? [
      "The plan changed since it was approved, so it is paused until it is approved again:",
      ...changed.map((c) => `- \`${c.stepId}\` ${c.change}`),
      kept.length ? `Finished steps kept (same id and instruction): ${kept.join(", ")}.` : "No finished step is kept.",
      ""
    ] : [],
    stepTable(state),
    "",
    `Plan hash: \`${state.planHash ?? ""}\``,
    "",
    "Reply **`/approve`** to start, or **`/approve delay=2`** to wait 2 minutes between steps (recommended for rate-limited APIs).",
    "Only people with write access (or listed approvers) can approve. Edit the plan and the proposal is posted again."
  ].join("\n");
}
function statusComment(state, links = {}) {
  const id = state.planId ?? "plan";
  const head = `### ${inline(state.plan.title ?? id)}: ${state.status} (${stepsDone(state)}/${state.stepQueue.length})`;
  const extra = [];
  if (state.status === "IN_PROGRESS" && state.notBefore) extra.push(`Next step not before ${state.notBefore}.`);
  for (const b of state.blockers ?? []) extra.push(`Blocked: ${inline(b, 300)}`);
  return [marker(id, "status"), head, "", stepTable(state, links), "", ...extra, `<sub>revision ${state.revision ?? 0} \xB7 last heartbeat ${state.lastHeartbeatIso ?? "-"}</sub>`].join("\n");
}
function blockerNotice(state, stepId, reason) {
  const id = state.planId ?? "plan";
  const run2 = state.stepRuns[stepId];
  const attempts = (run2?.attempts ?? []).map(
    (a) => `| ${a.n} | ${a.outcome ?? "-"} | ${a.exitCode ?? "-"} | ${a.durationMs !== void 0 ? formatDuration(a.durationMs) : "-"} | ${inline(a.error ?? "", 160)} |`
  );
  const episode = `${stepId}-${run2?.attempts?.length ?? run2?.tries ?? 0}`;
  return [
    marker(id, "blocked", episode),
    `### \u26D4 Blocked at \`${stepId}\`: ${inline(state.plan.steps[stepId]?.title ?? stepId)}`,
    "",
    `**Why:** ${inline(reason, 300)}`,
    "",
    ...attempts.length ? ["| attempt | outcome | exit | duration | error |", "|---|---|---|---|---|", ...attempts, ""] : [],
    "**Last error:**",
    fence(run2?.error ?? "none recorded", 3e3),
    "",
    "To continue, reply with one of:",
    `- \`/retry\`: run \`${stepId}\` again with a fresh set of attempts`,
    `- \`/skip\`: mark \`${stepId}\` skipped and go on`,
    "- `/cancel`: stop the plan"
  ].join("\n");
}
function finalSummaryComment(state, links = {}) {
  const id = state.planId ?? "plan";
  const outputs = state.artifacts ?? [];
  return [
    marker(id, "summary"),
    `### \u2705 Done: ${inline(state.plan.title ?? id)}`,
    "",
    stepTable(state, links),
    "",
    outputs.length ? "**Outputs**" : "No outputs were declared.",
    ...outputs.map((o) => `- ${links.file ? `[${inline(o)}](${links.file(o)})` : `\`${o}\``}`)
  ].join("\n");
}
function cancelledNotice(state, runningStep, links = {}) {
  const id = state.planId ?? "plan";
  const episode = (state.cancelRequested?.at ?? String(state.revision ?? 0)).replace(/[^0-9A-Za-z]/g, "");
  const by = state.cancelRequested?.by ? ` by @${inline(state.cancelRequested.by, 60)}` : "";
  const reason = state.cancelRequested?.reason ? ` (${inline(state.cancelRequested.reason, 200)})` : "";
  return [
    marker(id, "cancelled", episode),
    `### \u{1F6D1} Cancelled${by}${reason}`,
    "",
    runningStep ? `\`${runningStep}\` was running; its agent was stopped (SIGTERM, then SIGKILL after the grace period).` : "No step was running.",
    `${stepsDone(state)} of ${state.stepQueue.length} steps were done:`,
    "",
    stepTable(state, links),
    "",
    "Reply `/resume` to continue from the current step."
  ].join("\n");
}
function mermaidQueue(state) {
  const rows = stepRows(state);
  const nodeId = (i) => `s${i}`;
  const label = (r) => `${r.id}: ${r.title}`.replace(/["[\]{}()<>|#;`]/g, " ").slice(0, 60);
  const lines = ["```mermaid", "flowchart LR"];
  rows.forEach((r, i) => lines.push(`  ${nodeId(i)}["${label(r)}"]:::${r.status.toLowerCase()}`));
  for (let i = 1; i < rows.length; i++) lines.push(`  ${nodeId(i - 1)} --> ${nodeId(i)}`);
  lines.push(
    "  classDef done fill:#d4f7d4,stroke:#2da44e",
    "  classDef skipped fill:#eeeeee,stroke:#999999",
    "  classDef failed fill:#ffd7d5,stroke:#cf222e",
    "  classDef in_progress fill:#fff2c2,stroke:#bf8700",
    "  classDef pending fill:#ffffff,stroke:#8c959f",
    "```"
  );
  return lines.join("\n");
}
function jobSummary(state, links = {}) {
  const big = state.stepQueue.length > 200;
  const resumed = resumeLines(state);
  return [
    statusComment(state, links).replace(/^<!--.*-->\n/, ""),
    "",
    big ? "" : mermaidQueue(state),
    ...resumed.length ? ["", "<details><summary>Finished steps</summary>", "", fence(resumed.join("\n"), 2e4), "", "</details>"] : []
  ].join("\n");
}

// src/adapters/issue-comments.ts
function toIssueComment(c) {
  return {
    id: c.id,
    body: c.body ?? "",
    login: c.user?.login ?? "ghost",
    userType: c.user?.type ?? "User",
    association: c.author_association ?? "NONE",
    createdAt: c.created_at,
    updatedAt: c.updated_at,
    htmlUrl: c.html_url
  };
}
var SINCE_MARGIN_MS = 6e4;
function sinceQuery(ms) {
  return new Date(ms - SINCE_MARGIN_MS).toISOString().replace(/\.\d{3}Z$/, "Z");
}
async function listIssueComments(where, since) {
  const { client, owner, repo, issueNumber } = where;
  const comments = [];
  let serverTime;
  const params = { owner, repo, issue_number: issueNumber, per_page: 100, ...since ? { since } : {} };
  for await (const response of client.paginate.iterator(client.rest.issues.listComments, params)) {
    if (serverTime === void 0) {
      const t = Date.parse(response.headers.date ?? "");
      serverTime = Number.isNaN(t) ? void 0 : t;
    }
    comments.push(...response.data.map(toIssueComment));
  }
  comments.sort((a, b) => a.id - b.id);
  return { comments, serverTime };
}
var MarkerIndex = class {
  constructor(where, botLogin, floor) {
    this.where = where;
    this.botLogin = botLogin;
    this.floor = floor;
  }
  where;
  botLogin;
  floor;
  found = /* @__PURE__ */ new Map();
  scannedAt;
  scanned = false;
  /** With `fresh`, lists again even when the index has looked before (after a failed write). */
  async find(marker2, fresh = false) {
    if (!this.scanned || fresh) await this.refresh();
    return this.found.get(marker2);
  }
  remember(marker2, comment) {
    this.found.set(marker2, comment);
  }
  forget(marker2) {
    this.found.delete(marker2);
  }
  async refresh() {
    const since = this.scannedAt !== void 0 ? sinceQuery(this.scannedAt) : this.floor;
    const { comments, serverTime } = await listIssueComments(this.where, since);
    for (const c of comments) {
      const marker2 = leadingMarker(c.body);
      if (!marker2 || !isOwnComment({ login: c.login, type: c.userType, association: c.association }, this.botLogin)) continue;
      const known = this.found.get(marker2);
      if (!known || c.id <= known.id) this.found.set(marker2, c);
    }
    this.scanned = true;
    this.scannedAt = serverTime;
  }
};
async function createCommentOnce(o) {
  const { client, owner, repo, issueNumber } = o.where;
  const attempts = o.attempts ?? 5;
  for (let attempt = 1; ; attempt++) {
    const existing = await o.find(attempt > 1);
    if (existing) return { comment: existing, created: false };
    try {
      const response = await client.rest.issues.createComment({ owner, repo, issue_number: issueNumber, body: o.body, request: { retries: 0 } });
      return { comment: toIssueComment(response.data), created: true };
    } catch (err) {
      if (attempt >= attempts || !isTransient(err)) throw err;
      o.log?.(`Posting a comment on #${issueNumber} failed (${describeError(err)}); checking whether it landed before attempt ${attempt + 1} of ${attempts}.`);
      await sleep((o.retryBaseMs ?? 1e3) * attempt * attempt);
    }
  }
}
function isTransient(err) {
  const status = statusOf(err);
  return status === void 0 || status >= 500;
}
function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

// src/adapters/pull-request.ts
async function ensurePullRequest(spec) {
  const { client, owner, repo, head, base } = spec;
  const label = head.includes(":") ? head : `${owner}:${head}`;
  const open = async () => (await client.rest.pulls.list({ owner, repo, head: label, base, state: "open", per_page: 1 })).data[0];
  const existing = await open();
  if (existing) return { kind: "exists", number: existing.number, url: existing.html_url };
  try {
    const { data } = await client.rest.pulls.create({ owner, repo, head, base, title: spec.title, ...spec.body ? { body: spec.body } : {} });
    return { kind: "created", number: data.number, url: data.html_url };
  } catch (err) {
    if (!isStatus(err, 422)) throw err;
    const raced = await open();
    if (raced) return { kind: "exists", number: raced.number, url: raced.html_url };
    const reason = `GitHub refused to open a pull request from ${label} into ${base}: ${describeError(err)}`;
    spec.log?.(reason);
    return { kind: "not-opened", reason };
  }
}

// src/adapters/github-notifier.ts
var GitHubNotifier = class {
  constructor(o) {
    this.o = o;
    this.where = { client: o.client, owner: o.owner, repo: o.repo, issueNumber: o.issueNumber };
    this.index = new MarkerIndex(this.where, o.botLogin);
  }
  o;
  where;
  index;
  status;
  /** What the `done` notice did about the pull request, for the Action's outputs. */
  pullRequest;
  async notify(notice2, state) {
    const s = this.named(state);
    switch (notice2.kind) {
      case "blocked":
        await this.postOnce(blockerNotice(s, notice2.stepId, notice2.reason));
        return;
      case "done":
        await this.postOnce(finalSummaryComment(s, await this.links(s)));
        if (this.o.openPullRequest) await this.openPullRequest(s);
        return;
      case "cancelled":
        await this.postOnce(cancelledNotice(s, notice2.runningStep, await this.links(s)));
        return;
      default:
        return;
    }
  }
  /**
   * Creates or edits the plan's one status comment; the caller keeps `commentId` in the state.
   * `links` saves building them again when the caller has them already.
   */
  async publishStatus(state, links) {
    const s = this.named(state);
    const body = statusComment(s, links ?? await this.links(s));
    const marker2 = leadingMarker(body);
    const known = this.status?.id ?? state.issue?.statusCommentId ?? void 0;
    let stale = false;
    if (known !== void 0) {
      if (this.status?.id === known && this.status.body === body) return { commentId: known, changed: false };
      try {
        await this.edit(known, body);
        return { commentId: known, changed: true };
      } catch (err) {
        if (!isStatus(err, 404)) throw err;
        this.o.log?.(`Status comment ${known} is gone; posting a new one.`);
        this.index.forget(marker2);
        stale = true;
      }
    }
    const { comment, created } = await this.createOnce(body, marker2, stale);
    if (!created && comment.body !== body) await this.edit(comment.id, body);
    this.status = { id: comment.id, body };
    return { commentId: comment.id, changed: created || comment.body !== body };
  }
  /**
   * Tells the issue why no plan could be proposed (no plan block, a broken one), once per
   * distinct problem so relabeling or re-editing with the same mistake does not repeat it.
   */
  async postProblem(problem) {
    const comment = await this.postOnce(problemComment(this.o.planId, problem));
    return { commentId: comment.id };
  }
  /** Posts the proposal for this plan hash once; returns the comment for `state.proposal`. */
  async proposePlan(state, changes = []) {
    const comment = await this.postOnce(proposalComment(this.named(state), changes));
    return { commentId: comment.id, at: comment.createdAt };
  }
  async postOnce(body) {
    return (await this.createOnce(body, leadingMarker(body), false)).comment;
  }
  async createOnce(body, marker2, fresh) {
    const result = await createCommentOnce({
      where: this.where,
      body,
      find: (retrying) => this.index.find(marker2, fresh || retrying),
      ...this.o.retryBaseMs !== void 0 ? { retryBaseMs: this.o.retryBaseMs } : {},
      ...this.o.log ? { log: this.o.log } : {}
    });
    this.index.remember(marker2, result.comment);
    return result;
  }
  async edit(id, body) {
    const { client, owner, repo } = this.o;
    const { data } = await client.rest.issues.updateComment({ owner, repo, comment_id: id, body });
    this.status = { id, body };
    const marker2 = leadingMarker(body);
    if (marker2) this.index.remember(marker2, toIssueComment(data));
  }
  async openPullRequest(state) {
    const pr = this.o.openPullRequest;
    this.pullRequest = await ensurePullRequest({
      client: this.o.client,
      owner: this.o.owner,
      repo: this.o.repo,
      head: pr.head,
      base: pr.base,
      title: pr.title,
      body: pr.body ?? `Outputs of plan \`${state.planId}\`, requested in #${this.o.issueNumber}.`,
      ...this.o.log ? { log: this.o.log } : {}
    });
  }
  async links(state) {
    if (!this.o.links) return {};
    try {
      return await this.o.links(outputPaths(state));
    } catch (err) {
      this.o.log?.(`Could not build links to outputs; listing them without links: ${describeError(err)}`);
      return {};
    }
  }
  named(state) {
    return state.planId ? state : { ...state, planId: this.o.planId };
  }
};
function outputPaths(state) {
  const paths = new Set(state.artifacts ?? []);
  for (const step of Object.values(state.plan.steps)) for (const p of step.requiredOutputs ?? []) paths.add(p);
  return [...paths];
}

// src/adapters/issue-inbox.ts
var PER_PAGE = 100;
var IssueInbox = class {
  constructor(o) {
    this.o = o;
    this.where = { client: o.client, owner: o.owner, repo: o.repo, issueNumber: o.issueNumber };
  }
  o;
  cursorKey = "lastCommentId";
  where;
  /** Command comments handed out by read(), for reply() to quote and to bound its search. */
  commands = /* @__PURE__ */ new Map();
  /** Our replies, listed from the oldest command still to answer. */
  replies;
  async read(memo) {
    const prev = readMemo(memo);
    const listing = await this.list(prev);
    if (!listing) return { items: [] };
    const items = [];
    const permissions = /* @__PURE__ */ new Map();
    let lastCommentId = prev.lastCommentId;
    let stoppedEarly = false;
    for (const c of listing.comments) {
      if (c.id <= prev.lastCommentId) continue;
      const item = await this.toItem(c, permissions).catch((err) => {
        this.o.log?.(`Could not check @${c.login}'s permission for comment ${c.id}; trying again next tick: ${describeError(err)}`);
        return "stop";
      });
      if (item === "stop") {
        stoppedEarly = true;
        break;
      }
      if (item) {
        items.push(item);
        this.commands.set(c.id, c);
      }
      lastCommentId = c.id;
    }
    const newest = listing.comments.reduce((acc, c) => acc === void 0 || Date.parse(c.createdAt) > Date.parse(acc) ? c.createdAt : acc, void 0);
    const oldestItem = items[0] ? this.commands.get(items[0].cursor)?.createdAt : void 0;
    this.replies = oldestItem ? { index: new MarkerIndex(this.where, this.o.botLogin, oldestItem), floor: oldestItem } : void 0;
    return {
      items,
      memo: {
        lastCommentId,
        commentsSince: (stoppedEarly ? prev.since : newest ?? prev.since) ?? null,
        // A full first page can stay unchanged while later pages grow: its ETag proves nothing.
        commentsEtag: stoppedEarly || !listing.single ? null : listing.etag ?? null
      }
    };
  }
  /** The cursor lives in the state; nothing to do on GitHub's side. */
  async acknowledge(_cursor) {
  }
  async reply(item, text) {
    const command = this.commands.get(item.cursor) ?? await this.fetchComment(item.cursor);
    const marker2 = replyMarker(command.id);
    if (!this.replies || Date.parse(this.replies.floor) > Date.parse(command.createdAt)) {
      this.replies = { index: new MarkerIndex(this.where, this.o.botLogin, command.createdAt), floor: command.createdAt };
    }
    const { index } = this.replies;
    const { comment } = await createCommentOnce({
      where: this.where,
      body: replyComment(command.id, command.login, command.body, text),
      find: (fresh) => index.find(marker2, fresh),
      ...this.o.retryBaseMs !== void 0 ? { retryBaseMs: this.o.retryBaseMs } : {},
      ...this.o.log ? { log: this.o.log } : {}
    });
    index.remember(marker2, comment);
    if (this.o.reactions === false) return;
    const { client, owner, repo } = this.o;
    await client.rest.reactions.createForIssueComment({ owner, repo, comment_id: command.id, content: item.refusal ? "confused" : "+1" }).catch((err) => this.o.log?.(`Could not react to comment ${command.id}: ${describeError(err)}`));
  }
  /** Comments after the memo's `since`: null when unchanged since the memo's ETag (a free 304). */
  async list(prev) {
    const { client, owner, repo, issueNumber } = this.o;
    const params = { owner, repo, issue_number: issueNumber, per_page: PER_PAGE, ...prev.since ? { since: sinceQuery(Date.parse(prev.since)) } : {} };
    const first = await getIfModified(async (headers) => {
      const res = await client.rest.issues.listComments({ ...params, headers });
      return { data: { comments: res.data.map(toIssueComment), next: hasNext(res.headers.link) }, headers: res.headers };
    }, prev.etag);
    if (!first.modified) return null;
    const comments = [...first.data.comments];
    let next = first.data.next;
    for (let page = 2; next; page++) {
      const res = await client.rest.issues.listComments({ ...params, page });
      comments.push(...res.data.map(toIssueComment));
      next = hasNext(res.headers.link);
    }
    comments.sort((a, b) => a.id - b.id);
    return { comments, etag: first.etag, single: !first.data.next && first.data.comments.length < PER_PAGE };
  }
  /** An item for a command comment, null for anything that is not one for us. */
  async toItem(c, permissions) {
    const bot = this.o.botLogin;
    if (c.userType === "Bot" || bot && c.login.toLowerCase() === bot.toLowerCase()) return null;
    const parsed = parseCommandText(c.body, c.login);
    if (!parsed) return null;
    if (Date.parse(c.updatedAt) > Date.parse(c.createdAt)) return null;
    let gate = gateComment(
      { action: "created", issueNumber: this.o.issueNumber, login: c.login, userType: c.userType, association: c.association },
      this.o.policy
    );
    if (gate.kind === "check-permission") {
      gate = permissions.get(c.login) ?? await this.permission(c.login);
      permissions.set(c.login, gate);
    }
    if (gate.kind === "ignore") return null;
    const fallback = { kind: "status", by: c.login };
    if (gate.kind === "deny") return { cursor: c.id, command: parsed.ok ? parsed.command : fallback, refusal: gate.reason };
    if (!parsed.ok) return { cursor: c.id, command: fallback, refusal: parsed.error };
    const command = parsed.command.kind === "approve" ? { ...parsed.command, commentId: c.id, at: c.createdAt } : parsed.command;
    return { cursor: c.id, command };
  }
  async permission(login) {
    const { client, owner, repo } = this.o;
    try {
      const { data } = await client.rest.repos.getCollaboratorPermissionLevel({ owner, repo, username: login });
      return decidePermission(login, data.permission, data.role_name);
    } catch (err) {
      if (isStatus(err, 404)) return decidePermission(login, void 0);
      throw err;
    }
  }
  async fetchComment(id) {
    const { client, owner, repo } = this.o;
    const { data } = await client.rest.issues.getComment({ owner, repo, comment_id: id });
    const comment = toIssueComment(data);
    this.commands.set(id, comment);
    return comment;
  }
};
function readMemo(memo) {
  const id = memo.lastCommentId;
  const since = memo.commentsSince;
  return {
    lastCommentId: typeof id === "number" && Number.isSafeInteger(id) && id > 0 ? id : 0,
    etag: typeof memo.commentsEtag === "string" && memo.commentsEtag !== "" ? memo.commentsEtag : void 0,
    since: typeof since === "string" && !Number.isNaN(Date.parse(since)) ? since : void 0
  };
}
function hasNext(link) {
  return /rel="next"/.test(link ?? "");
}

// src/adapters/job-summary.ts
var MAX_SUMMARY_BYTES = 1024 * 1024;
async function writeJobSummary(markdown, log) {
  if (!process.env.GITHUB_STEP_SUMMARY) return false;
  try {
    await summary.addRaw(capBytes(markdown, MAX_SUMMARY_BYTES - 1), true).write();
    return true;
  } catch (err) {
    summary.emptyBuffer();
    log?.(`Could not write the job summary: ${describeError(err)}`);
    return false;
  }
}
function capBytes(text, max) {
  if (Buffer.byteLength(text) <= max) return text;
  const note = "\n\n\u2026 (truncated: GitHub limits a job summary to 1 MiB)\n";
  let out = text.slice(0, max - note.length);
  while (Buffer.byteLength(out) > max - note.length) out = out.slice(0, Math.floor(out.length * 0.95));
  return out.replace(/[\ud800-\udbff]$/, "") + note;
}

// src/action/plan-tick.ts
function issueNumberOf(planId) {
  const m = /^issue-(\d+)$/.exec(planId);
  return m ? Number(m[1]) : null;
}
function planBranch(inputs, planId) {
  return inputs.stateBranch ? inputs.stateBranch.replace("<plan-id>", planId) : `sequencer/${planId}`;
}
function createPlanStore(ctx, inputs, planId, log) {
  const statePath = `.sequencer/${planId}/state.json`;
  if (inputs.stateStore === "cache") return new CacheStore({ workspace: ctx.workspace, planId, log });
  return new GitStore({
    workspace: ctx.workspace,
    planId,
    branch: planBranch(inputs, planId),
    statePath,
    // New work branches start from the commit this workflow checked out, not from another plan.
    ...ctx.sha ? { base: ctx.sha } : {},
    exclude: [`/${statePath}.logs/`, `/${statePath}.inbox/`, `/${statePath}.lock`]
  });
}
function createNotifier(ctx, inputs, client, planId, log, links) {
  const issueNumber = issueNumberOf(planId);
  if (issueNumber === null) return null;
  return new GitHubNotifier({
    client,
    owner: ctx.owner,
    repo: ctx.repo,
    issueNumber,
    planId,
    links,
    log: (m) => log.warn(m),
    ...inputs.openPullRequest ? { openPullRequest: { head: planBranch(inputs, planId), base: defaultBranch(ctx), title: `Agent Step Sequencer: ${planId}` } } : {}
  });
}
function defaultBranch(ctx) {
  const repo = ctx.payload.repository;
  return repo?.default_branch ?? (ctx.ref.startsWith("refs/heads/") ? ctx.ref.slice("refs/heads/".length) : "main");
}
var CombinedOwnerProbe = class {
  constructor(actions, local) {
    this.actions = actions;
    this.local = local;
  }
  actions;
  local;
  liveness(owner) {
    return owner.kind === "local" ? this.local.liveness(owner) : this.actions.liveness(owner);
  }
};
var ProgressNotifier = class {
  constructor(inner, log) {
    this.inner = inner;
    this.log = log;
  }
  inner;
  log;
  async notify(notice2, state) {
    await this.inner.notify(notice2, state);
    if (notice2.kind === "step-done" || notice2.kind === "step-failed" || notice2.kind === "interrupted") {
      await this.inner.publishStatus(state).catch((err) => this.log.warn(`Could not update the status comment: ${describeError(err)}`));
    }
  }
};
var LogNotifier = class {
  constructor(log) {
    this.log = log;
  }
  log;
  async notify(notice2, state) {
    if (notice2.kind === "blocked" || notice2.kind === "done" || notice2.kind === "cancelled") this.log.info(`Plan ${state.planId}: ${state.status}`);
  }
};
async function tickPlan(ctx, inputs, client, log, opts) {
  const { planId } = opts;
  const store = createPlanStore(ctx, inputs, planId, log);
  const branch = planBranch(inputs, planId);
  const statePath = `${ctx.workspace}/.sequencer/${planId}/state.json`;
  const logDir = `${statePath}.logs`;
  const blobBase = `${ctx.serverUrl}/${ctx.owner}/${ctx.repo}/blob`;
  const notifier = createNotifier(ctx, inputs, client, planId, log, (paths) => outputLinks(ctx.workspace, blobBase, paths));
  const issueNumber = issueNumberOf(planId);
  const issueInbox = issueNumber === null ? void 0 : new IssueInbox({
    client,
    owner: ctx.owner,
    repo: ctx.repo,
    issueNumber,
    policy: { planIssue: issueNumber, approvers: inputs.approvers },
    log: (m) => log.warn(m)
    // No bot login: the token may be GITHUB_TOKEN (github-actions[bot]), an app's token
    // (<app>[bot]) or a person's; the inbox then counts bots and writers as "us".
  });
  const agentEnv = agentEnvironment(process.env, inputs.passTokenToAgent ? inputs.token : null);
  const workspace = await FsWorkspace.open(ctx.workspace);
  const deps = {
    clock: { now: () => /* @__PURE__ */ new Date() },
    store,
    agent: new ExecAgentRunner({ cwd: ctx.workspace, env: agentEnv }),
    workspace,
    // Check commands of validation rules get the agent's environment: never the token unless asked.
    verifier: new FsVerifier({ root: workspace.root, env: agentEnv }),
    attemptFiles: new FsAttemptFiles(),
    owners: new CombinedOwnerProbe(
      new ActionsOwnerProbe({ client, owner: ctx.owner, repo: ctx.repo, current: { runId: ctx.runId, runAttempt: ctx.runAttempt }, log: (m) => log.warn(m) }),
      new LocalOwnerProbe()
    ),
    notifier: notifier ? new ProgressNotifier(notifier, log) : new LogNotifier(log),
    log,
    ...opts.inbox ?? issueInbox ? { inbox: opts.inbox ?? issueInbox } : {}
  };
  const cfg = {
    ...inputs.agentCommand ? { agentCommand: inputs.agentCommand } : {},
    agentSource: "input 'agent-command'",
    limits: { maxAttempts: inputs.maxAttempts, attemptTimeoutMinutes: inputs.attemptTimeoutMinutes },
    owner: { kind: "actions", runId: ctx.runId, runAttempt: ctx.runAttempt, repository: `${ctx.owner}/${ctx.repo}` },
    logDir,
    leaseMarginMs: 10 * 6e4,
    graceMs: 1e4,
    deadline: opts.deadline,
    inboxPollMs: ctx.inboxPollSeconds * 1e3,
    // On GitHub a person must see it: the plan blocks with a notice instead of failing the job.
    preflight: "block"
  };
  let result;
  let attempts = 0;
  for (; ; ) {
    result = await tick(deps, cfg);
    attempts += result.attempts;
    if (result.outcome !== "waiting" || !result.detail) break;
    const wait = Date.parse(result.detail) - Date.now();
    if (wait > 10 * 6e4 || Date.now() + wait >= opts.deadline.getTime()) break;
    log.info(`Waiting ${Math.ceil(wait / 1e3)} s for the step delay.`);
    await sleep2(Math.max(0, wait) + 250);
  }
  if (result.state) {
    const outputs = result.state.artifacts ?? [];
    const fileLinks = await outputLinks(ctx.workspace, blobBase, outputs);
    if (notifier && result.writes > 0) await notifier.publishStatus(result.state, fileLinks).catch((err) => log.warn(`Could not update the status comment: ${String(err)}`));
    await writeJobSummary(jobSummary(result.state, fileLinks)).catch((err) => log.warn(`Could not write the job summary: ${String(err)}`));
  }
  if (attempts > 0) {
    await uploadAttemptLogs({ dir: logDir, name: `sequencer-${planId}-run-${ctx.runId}-${ctx.runAttempt}`, secrets: [inputs.token], log: (m) => log.warn(m) });
  }
  return { result, branch };
}

// src/action/propose.ts
import { readFile as readFile3 } from "node:fs/promises";
import path2 from "node:path";
async function readPlanInput(workspace, file) {
  const full = path2.resolve(workspace, file);
  let text;
  try {
    text = await readFile3(full, "utf8");
  } catch (err) {
    throw new ConfigError(`Input 'plan': cannot read "${file}" in the repository (${describeError(err)}).`);
  }
  return loadPlanText(text, file);
}
async function planForIssue(ctx, inputs, body) {
  const fromBody = planFromIssueBody(body);
  if (fromBody.found && "error" in fromBody) return { problem: fromBody.error };
  if (fromBody.found && "doc" in fromBody) {
    try {
      return extractPlan(fromBody.doc, "the plan block in the issue");
    } catch (err) {
      return { problem: err instanceof PlanError ? err.message : describeError(err) };
    }
  }
  if (inputs.planFile) return readPlanInput(ctx.workspace, inputs.planFile);
  return planFromIssueRequest(ctx, inputs, body);
}
async function planFromIssueRequest(ctx, inputs, body) {
  const request = body.trim();
  if (!request) return { problem: 'No plan found: the issue is empty. Describe the work, or add a fenced ```json or ```yaml block with "steps".' };
  try {
    const drafted = await planFromRequest({
      request,
      ...inputs.agentCommand ? { agentCommand: inputs.agentCommand } : {},
      agentSource: "input 'agent-command'",
      runner: new ExecAgentRunner({ cwd: ctx.workspace, env: agentEnvironment(process.env, inputs.passTokenToAgent ? inputs.token : null) }),
      workspace: ctx.workspace,
      logDir: path2.join(ctx.runnerTemp, "sequencer-planning"),
      timeoutMs: inputs.attemptTimeoutMinutes * 6e4
    });
    return { plan: drafted.plan };
  } catch (err) {
    if (err instanceof PlanError || err instanceof ConfigError) return { problem: `Could not draft a plan from this issue: ${err.message}` };
    throw err;
  }
}
async function proposeFromIssue(ctx, inputs, client, log, issue) {
  const planId = issuePlanId(issue.issueNumber);
  const store = createPlanStore(ctx, inputs, planId, log);
  const notifier = createNotifier(ctx, inputs, client, planId, log, (paths) => outputLinks(ctx.workspace, `${ctx.serverUrl}/${ctx.owner}/${ctx.repo}/blob`, paths));
  const found = await planForIssue(ctx, inputs, issue.body);
  if ("problem" in found) {
    log.warn(found.problem);
    await notifier?.postProblem(found.problem);
    return { state: null, branch: planBranch(inputs, planId), problem: found.problem };
  }
  if (!found.plan.title && issue.title) found.plan.title = issue.title;
  await store.acquire();
  const loaded = await store.load();
  const now = /* @__PURE__ */ new Date();
  let next;
  let changes = [];
  if (loaded.kind === "missing") {
    next = {
      ...newState(found.plan, { planId, now, stepDelayMinutes: found.stepDelayMinutes ?? inputs.stepDelayMinutes, ...found.stepQueue ? { stepQueue: found.stepQueue } : {} }),
      issue: { number: issue.issueNumber, statusCommentId: null },
      proposal: { at: now.toISOString() }
    };
  } else {
    const queue = effectiveQueue(found.plan, found.stepQueue);
    const candidate = replan(loaded.state, found.plan, queue, now);
    if (candidate.state.planHash === loaded.state.planHash) {
      log.info(`Plan ${planId} is unchanged (${loaded.state.planHash}); nothing to propose.`);
      if (loaded.state.status === "AWAITING_APPROVAL") await notifier?.proposePlan(loaded.state);
      return { state: loaded.state, branch: planBranch(inputs, planId) };
    }
    next = candidate.state;
    changes = candidate.changes;
    log.info(`Plan ${planId} changed: ${candidate.changes.filter((c) => c.change !== "unchanged").map((c) => `${c.stepId} ${c.change}`).join(", ")}`);
  }
  const written = await store.write(next, { kind: "update", message: `plan proposed (${next.planHash})` });
  await notifier?.proposePlan(written, changes);
  return { state: written, branch: planBranch(inputs, planId) };
}

// src/adapters/github-fleet.ts
async function listPlanCaches({ client, owner, repo }, prefix = "sequencer/") {
  const byPlan = /* @__PURE__ */ new Map();
  const entries = await client.paginate(client.rest.actions.getActionsCacheList, { owner, repo, key: prefix, per_page: 100 });
  for (const e of entries) {
    const key = e.key ?? "";
    if (!key.startsWith(prefix) || e.id === void 0) continue;
    const planId = key.slice(prefix.length).split("/")[0] ?? "";
    if (!planId) continue;
    const list = byPlan.get(planId) ?? [];
    list.push({ id: e.id, key, ...e.size_in_bytes !== void 0 ? { sizeBytes: e.size_in_bytes } : {}, ...e.last_accessed_at ? { lastAccessedAt: e.last_accessed_at } : {} });
    byPlan.set(planId, list);
  }
  return byPlan;
}
async function deleteCacheEntry({ client, owner, repo }, id) {
  try {
    await client.rest.actions.deleteActionsCacheById({ owner, repo, cache_id: id });
  } catch (err) {
    if (!isStatus(err, 404)) throw err;
  }
}
async function listWorkflowStates({ client, owner, repo }) {
  const workflows = await client.paginate(client.rest.actions.listRepoWorkflows, { owner, repo, per_page: 100 });
  return workflows.map((w) => ({ name: w.name, path: w.path, state: w.state }));
}

// src/action/fleet.ts
var REMOTE = "origin";
var statePathOf = (planId) => `.sequencer/${planId}/state.json`;
async function tickActivePlans(ctx, inputs, client, log, deadline) {
  const refs = await listPlanRefs(ctx.workspace, REMOTE);
  const active = refs.filter(isActiveRef);
  log.info(`${refs.length} plan(s) on ${REMOTE}, ${active.length} active${active.length ? `: ${active.map((r) => r.planId).join(", ")}` : ""}.`);
  const results = [];
  for (const ref of active) {
    if (Date.now() >= deadline.getTime()) break;
    const result = await tickPlan(ctx, inputs, client, log, { planId: ref.planId, deadline });
    results.push(result);
    const state = result.result.state;
    if (inputs.stateStore === "git" && result.result.writes === 0 && state && isIdleStatus(state.status)) {
      const tip = await trackingTip(ctx.workspace, REMOTE, ref.branch);
      if (tip && await markPlanIdle(ctx.workspace, REMOTE, { planId: ref.planId, sha: tip, idleSha: ref.idleSha })) log.info(`${ref.planId} is ${state.status}: recorded as idle.`);
    }
  }
  return results;
}
async function listPlans(ctx, log) {
  const refs = await listPlanRefs(ctx.workspace, REMOTE);
  const active = refs.filter(isActiveRef).map((r) => r.planId);
  for (const r of refs) log.info(`${isActiveRef(r) ? "active" : "idle  "}  ${r.planId}  (${r.branch} ${r.sha.slice(0, 12)})`);
  log.info(`${active.length} active of ${refs.length} plan(s).`);
  return { ...emptyOutputs("OK"), plans: planMatrix(active) };
}
async function gatherFacts(ctx, client, log) {
  const refs = await listPlanRefs(ctx.workspace, REMOTE);
  const plans = await readPlanFacts(ctx.workspace, REMOTE, refs, statePathOf);
  const repo = { client, owner: ctx.owner, repo: ctx.repo };
  const caches = await listPlanCaches(repo).catch((err) => {
    log.warn(`Could not list cache entries (needs actions: read): ${describeError(err)}`);
    return /* @__PURE__ */ new Map();
  });
  for (const p of plans) {
    const entries = caches.get(p.planId);
    if (entries?.length) p.caches = entries;
  }
  const workflows = await listWorkflowStates(repo).catch((err) => {
    log.warn(`Could not read the workflows' states (needs actions: read): ${describeError(err)}`);
    return void 0;
  });
  return { facts: { plans, ...workflows ? { workflows } : {} }, refs };
}
async function auditPlans(ctx, inputs, client, log) {
  const { facts } = await gatherFacts(ctx, client, log);
  const findings = auditFindings(facts, { now: /* @__PURE__ */ new Date(), staleDays: inputs.staleDays });
  for (const f of findings) {
    const text = formatFinding(f);
    if (f.severity === "error") error(text, { title: `sequencer audit: ${f.code}` });
    else if (f.severity === "warning") warning(text, { title: `sequencer audit: ${f.code}` });
    else notice(text, { title: `sequencer audit: ${f.code}` });
  }
  log.info(`Audit: ${facts.plans.length} plan(s), ${findings.length} finding(s).`);
  await writeJobSummary(findingsMarkdown(findings, facts.plans.length), (m) => log.warn(m));
  return { ...emptyOutputs("OK"), report: JSON.stringify(findings) };
}
async function maintainPlans(ctx, inputs, client, log) {
  const { facts, refs } = await gatherFacts(ctx, client, log);
  const actions = maintenancePlan(facts, { now: /* @__PURE__ */ new Date(), pruneDays: inputs.pruneDays, mode: inputs.pruneMode });
  log.info(`Maintenance${inputs.apply ? "" : " (dry run: set apply to true to carry it out)"}: ${actions.length} action(s) for ${facts.plans.length} plan(s).`);
  const outcomes = [];
  for (const a of actions) {
    if (!inputs.apply) {
      log.info(describeAction(a, false));
      outcomes.push({ ...a, result: "planned" });
      continue;
    }
    const outcome = await carryOut(a, ctx, inputs, client, log, refs).catch((err) => ({ ...a, result: "failed", detail: describeError(err) }));
    if (outcome.result === "done") log.info(describeAction(a, true));
    else if (outcome.result === "skipped") log.info(`${a.planId}: left alone: ${outcome.detail}`);
    else log.warn(`${a.planId}: ${a.kind} failed: ${outcome.detail}`);
    outcomes.push(outcome);
  }
  return { ...emptyOutputs("OK"), report: JSON.stringify(outcomes) };
}
async function carryOut(a, ctx, inputs, client, log, refs) {
  const ref = refs.find((r) => r.planId === a.planId);
  switch (a.kind) {
    case "finalize-cancel": {
      const r = await tickPlan(ctx, inputs, client, log, { planId: a.planId, deadline: /* @__PURE__ */ new Date(), inbox: new StaticInbox(0, []) });
      const status = r.result.state?.status;
      return status === "CANCELLED" ? { ...a, result: "done" } : { ...a, result: "skipped", detail: `the tick ended ${r.result.outcome} with the plan ${status ?? "missing"}` };
    }
    case "prune": {
      if (!ref) return { ...a, result: "skipped", detail: "its branch is gone" };
      if (await prunePlanRef(ctx.workspace, REMOTE, ref, a.mode) === "moved") return { ...a, result: "skipped", detail: "it was written to since it was listed" };
      const repo = { client, owner: ctx.owner, repo: ctx.repo };
      for (const id of a.cacheIds) await deleteCacheEntry(repo, id);
      return { ...a, result: "done" };
    }
    case "mark-idle":
      return await markPlanIdle(ctx.workspace, REMOTE, { planId: a.planId, sha: a.sha, idleSha: a.idleSha }) ? { ...a, result: "done" } : { ...a, result: "skipped", detail: "its marker moved since it was listed" };
  }
}

// src/action/main.ts
async function run() {
  let outputs = emptyOutputs();
  try {
    const inputs = parseInputs((name) => getInput(name));
    setSecret(inputs.token);
    const ctx = await readRunContext(process.env);
    const route = routeEvent(ctx.eventName, ctx.payload, inputs);
    const log = new ToolkitLog();
    if (route.kind === "ignore") {
      log.info(`Nothing to do: ${route.reason}.`);
      setOutputs({ ...outputs, status: "IGNORED" });
      return 0;
    }
    const client = createGitHubClient({ token: inputs.token, baseUrl: ctx.apiUrl, log, pacing: ctx.apiPacing });
    outputs = await handle(route, ctx, inputs, client, log);
    setOutputs(outputs);
    return 0;
  } catch (err) {
    setOutputs({ ...outputs, status: "ERROR" });
    setFailed(err instanceof SequencerError ? `${err.message}${err.hint ? `
${err.hint}` : ""}` : describeError(err));
    return 1;
  }
}
async function handle(route, ctx, inputs, client, log) {
  const deadline = new Date(Date.now() + inputs.timeBudgetMinutes * 6e4);
  switch (route.kind) {
    case "propose": {
      const proposed = await proposeFromIssue(ctx, inputs, client, log, route);
      return proposed.state ? outputsFor(proposed.state, proposed.branch) : emptyOutputs("MISSING");
    }
    case "comment":
      return finish(ctx, inputs, client, log, [await tickPlan(ctx, inputs, client, log, { planId: issuePlanId(route.issueNumber), deadline })]);
    case "tick-active":
      return tickAll(ctx, inputs, client, log, deadline);
    case "dispatch":
      return dispatch(route, ctx, inputs, client, log, deadline);
  }
}
async function dispatch(route, ctx, inputs, client, log, deadline) {
  const { command } = route;
  if (command === "list") return listPlans(ctx, log);
  if (command === "audit") return auditPlans(ctx, inputs, client, log);
  if (command === "maintenance") return maintainPlans(ctx, inputs, client, log);
  if (command === "tick" && !route.planId) return tickAll(ctx, inputs, client, log, deadline);
  if (command === "start") {
    if (!route.planFile) throw new ConfigError("Input 'plan': required with command 'start', e.g. plans/research.yml");
    const planId = route.planId ?? route.planFile.split("/").pop().replace(/\.(json|ya?ml)$/i, "");
    await startPlan(ctx, inputs, log, planId, route.planFile, route.actor);
    return finish(ctx, inputs, client, log, [await tickPlan(ctx, inputs, client, log, { planId, deadline })]);
  }
  if (!route.planId) throw new ConfigError(`Input 'plan-id': required with command '${command}'.`);
  const commands = command === "tick" ? [] : [steeringCommand(command, route.actor, route.step)];
  const inbox = new StaticInbox(Number(ctx.runId) * 100 + ctx.runAttempt, commands, (text) => log.info(text));
  return finish(ctx, inputs, client, log, [await tickPlan(ctx, inputs, client, log, { planId: route.planId, deadline, inbox })]);
}
function steeringCommand(command, by, step) {
  switch (command) {
    case "cancel":
      return { kind: "cancel", by };
    case "retry":
    case "skip":
      return step ? { kind: command, by, step } : { kind: command, by };
    case "status":
      return { kind: "status", by };
    default:
      return { kind: "resume", by };
  }
}
async function startPlan(ctx, inputs, log, planId, planFile, actor) {
  const extracted = await readPlanInput(ctx.workspace, planFile);
  const store = createPlanStore(ctx, inputs, planId, log);
  await store.acquire();
  const loaded = await store.load();
  if (loaded.kind === "loaded") return;
  const state = newState(extracted.plan, {
    planId,
    now: /* @__PURE__ */ new Date(),
    stepDelayMinutes: extracted.stepDelayMinutes ?? inputs.stepDelayMinutes,
    approved: { by: actor },
    ...extracted.stepQueue ? { stepQueue: extracted.stepQueue } : {}
  });
  await store.write(state, { kind: "update", message: `plan started by ${actor}` });
}
async function tickAll(ctx, inputs, client, log, deadline) {
  const results = await tickActivePlans(ctx, inputs, client, log, deadline);
  if (!results.length) log.info("No plans to tick.");
  return finish(ctx, inputs, client, log, results);
}
async function finish(ctx, inputs, client, log, results) {
  for (const r of results) {
    if (r.result.outcome !== "budget" || !r.result.state?.planId) continue;
    const workflow = inputs.continueWorkflow ?? workflowFileFromRef(ctx.workflowRef);
    if (!workflow) {
      log.warn("Time budget spent with work left, and the workflow file is unknown: the next scheduled run continues.");
      continue;
    }
    try {
      await dispatchWorkflow({ client, owner: ctx.owner, repo: ctx.repo, workflow, ref: ctx.ref || "main", inputs: { command: "tick", "plan-id": r.result.state.planId } });
      log.info(`Time budget spent: dispatched ${workflow} to continue ${r.result.state.planId}.`);
    } catch (err) {
      log.warn(`Could not dispatch ${workflow} to continue (${describeError(err)}); the next scheduled run continues.`);
    }
  }
  const last = results[results.length - 1];
  const outputs = last?.result.state ? outputsFor(last.result.state, last.branch) : emptyOutputs();
  const active = results.filter((r) => r.result.state && ["IN_PROGRESS", "AWAITING_APPROVAL", "BLOCKED"].includes(r.result.state.status));
  return { ...outputs, plans: JSON.stringify(active.map((r) => r.result.state.planId)) };
}

// src/action/index.ts
run().then(
  (code) => process.exit(code),
  // run() handles its own errors; this is the last resort for a bug in the handler itself.
  (err) => {
    process.stderr.write(`::error::${String(err)}
`);
    process.exit(1);
  }
);
