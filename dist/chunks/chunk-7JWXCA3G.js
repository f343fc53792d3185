import {
  runFooter
} from "./chunk-6MTQECTV.js";
import {
  Octokit,
  legacyRestEndpointMethods,
  paginateRest,
  requestLog,
  require_light,
  retry
} from "./chunk-YZVZVWYV.js";
import {
  fence,
  inline
} from "./chunk-NEPVVNT5.js";
import {
  ConfigError,
  exactDuration,
  showValue
} from "./chunk-UZTB5BNK.js";
import {
  __toESM
} from "./chunk-27FUKKN2.js";

// node_modules/@octokit/rest/dist-src/version.js
var VERSION = "22.0.1";

// node_modules/@octokit/rest/dist-src/index.js
var Octokit2 = Octokit.plugin(requestLog, legacyRestEndpointMethods, paginateRest).defaults(
  {
    userAgent: `octokit-rest.js/${VERSION}`
  }
);

// node_modules/@octokit/plugin-throttling/dist-bundle/index.js
var import_light = __toESM(require_light(), 1), VERSION2 = "0.0.0-development", noop = () => Promise.resolve();
function wrapRequest(state, request, options) {
  return state.retryLimiter.schedule(doRequest, state, request, options);
}
async function doRequest(state, request, options) {
  let { pathname } = new URL(options.url, "http://github.test"), isAuth = isAuthRequest(options.method, pathname), isWrite = !isAuth && options.method !== "GET" && options.method !== "HEAD", isSearch = options.method === "GET" && pathname.startsWith("/search/"), isGraphQL = pathname.startsWith("/graphql"), jobOptions = ~~request.retryCount > 0 ? { priority: 0, weight: 0 } : {};
  state.clustering && (jobOptions.expiration = 1e3 * 60), (isWrite || isGraphQL) && await state.write.key(state.id).schedule(jobOptions, noop), isWrite && state.triggersNotification(pathname) && await state.notifications.key(state.id).schedule(jobOptions, noop), isSearch && await state.search.key(state.id).schedule(jobOptions, noop);
  let req = (isAuth ? state.auth : state.global).key(state.id).schedule(jobOptions, request, options);
  if (isGraphQL) {
    let res = await req;
    if (res.data.errors != null && res.data.errors.some((error) => error.type === "RATE_LIMITED"))
      throw Object.assign(new Error("GraphQL Rate Limit Exceeded"), {
        response: res,
        data: res.data
      });
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
  let regex2 = `^(?:${paths.map(
    (path) => path.split("/").map((c) => c.startsWith("{") ? "(?:.+?)" : c).join("/")
  ).map((r) => `(?:${r})`).join("|")})[^/]*$`;
  return new RegExp(regex2, "i");
}
var regex = routeMatcher(triggers_notification_paths_default), triggersNotification = regex.test.bind(regex), groups = {}, createGroups = function(Bottleneck2, common) {
  groups.global = new Bottleneck2.Group({
    id: "octokit-global",
    maxConcurrent: 10,
    ...common
  }), groups.auth = new Bottleneck2.Group({
    id: "octokit-auth",
    maxConcurrent: 1,
    ...common
  }), groups.search = new Bottleneck2.Group({
    id: "octokit-search",
    maxConcurrent: 1,
    minTime: 2e3,
    ...common
  }), groups.write = new Bottleneck2.Group({
    id: "octokit-write",
    maxConcurrent: 1,
    minTime: 1e3,
    ...common
  }), groups.notifications = new Bottleneck2.Group({
    id: "octokit-notifications",
    maxConcurrent: 1,
    minTime: 3e3,
    ...common
  });
};
function throttling(octokit, octokitOptions) {
  let {
    enabled = !0,
    Bottleneck: Bottleneck2 = import_light.default,
    id = "no-id",
    timeout = 1e3 * 60 * 2,
    // Redis TTL: 2 minutes
    connection
  } = octokitOptions.throttle || {};
  if (!enabled)
    return {};
  let common = { timeout };
  typeof connection < "u" && (common.connection = connection);
  let state = Object.assign(
    {
      clustering: connection != null,
      triggersNotification,
      fallbackSecondaryRateRetryAfter: 60,
      retryAfterBaseValue: 1e3,
      id
    },
    octokitOptions.throttle
  );
  if (typeof state.onSecondaryRateLimit != "function" || typeof state.onRateLimit != "function")
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
  let initialized = !1, initializeBottleneck = () => {
    if (initialized)
      return;
    initialized = !0, groups.global == null && createGroups(Bottleneck2, common), state.global = state.global ?? groups.global, state.auth = state.auth ?? groups.auth, state.search = state.search ?? groups.search, state.write = state.write ?? groups.write, state.notifications = state.notifications ?? groups.notifications, state.retryLimiter = state.retryLimiter ?? new Bottleneck2();
    let events = {}, emitter = new Bottleneck2.Events(events);
    events.on("secondary-limit", state.onSecondaryRateLimit), events.on("rate-limit", state.onRateLimit), events.on(
      "error",
      (e) => octokit.log.warn("Error in throttling-plugin limit handler", e)
    ), state.retryLimiter.on("failed", async function(error, info) {
      let [state2, request, options] = info.args, { pathname } = new URL(options.url, "http://github.test");
      if (!(pathname.startsWith("/graphql") && error.status !== 401 || error.status === 403 || error.status === 429))
        return;
      let retryCount = ~~request.retryCount;
      request.retryCount = retryCount, options.request.retryCount = retryCount;
      let { wantRetry, retryAfter = 0 } = await (async function() {
        if (/\bsecondary rate\b/i.test(error.message)) {
          let retryAfter2 = Number(error.response.headers["retry-after"]) || state2.fallbackSecondaryRateRetryAfter;
          return { wantRetry: await emitter.trigger(
            "secondary-limit",
            retryAfter2,
            options,
            octokit,
            retryCount
          ), retryAfter: retryAfter2 };
        }
        if (error.response.headers != null && error.response.headers["x-ratelimit-remaining"] === "0" || (error.response.data?.errors ?? []).some(
          (error2) => error2.type === "RATE_LIMITED"
        )) {
          let rateLimitReset = new Date(
            ~~error.response.headers["x-ratelimit-reset"] * 1e3
          ).getTime(), retryAfter2 = Math.max(
            // Add one second so we retry _after_ the reset time
            // https://docs.github.com/en/rest/overview/resources-in-the-rest-api?apiVersion=2022-11-28#exceeding-the-rate-limit
            Math.ceil((rateLimitReset - Date.now()) / 1e3) + 1,
            0
          );
          return { wantRetry: await emitter.trigger(
            "rate-limit",
            retryAfter2,
            options,
            octokit,
            retryCount
          ), retryAfter: retryAfter2 };
        }
        return {};
      })();
      if (wantRetry)
        return request.retryCount++, retryAfter * state2.retryAfterBaseValue;
    });
  };
  return octokit.hook.wrap("request", (request, options) => (initializeBottleneck(), wrapRequest(state, request, options))), {};
}
throttling.VERSION = VERSION2;
throttling.triggersNotification = triggersNotification;

// src/adapters/github/github-client.ts
var import_light2 = __toESM(require_light(), 1);

// src/core/render/comment-markers.ts
import { createHash } from "node:crypto";
var MARKER_PREFIX = "<!-- agent-step-sequencer:", LEADING_MARKER = /^<!-- agent-step-sequencer:[^\n]*? -->/;
function replyMarker(commentId) {
  return `${MARKER_PREFIX}reply:${commentId} -->`;
}
function problemComment(planId, problem, links = {}) {
  let key = createHash("sha256").update(problem).digest("hex").slice(0, 16);
  return [
    `${MARKER_PREFIX}problem:${planId}:${key} -->`,
    "### \u26A0\uFE0F No plan to propose",
    "",
    fence(problem, 3e3),
    "",
    'Add a fenced ```json or ```yaml block with `"steps"` to the issue, or fix the one there.',
    ...footer(links)
  ].join(`
`);
}
function leadingMarker(body) {
  return LEADING_MARKER.exec(body ?? "")?.[0] ?? null;
}
function replyComment(commentId, login, commandText, text, links = {}, alsoAnswers = []) {
  let firstLine = commandText.trimStart().split(/\r?\n/, 1)[0] ?? "";
  return [replyMarker(commentId), ...alsoAnswers.map(replyMarker), `> ${inline(firstLine, 200)}`, "", `@${login.replace(/[^A-Za-z0-9[\]_-]/g, "")}: ${inline(text, 2e3)}`, ...footer(links)].join(
    `
`
  );
}
var REPLY_MARKER_LINE = /^<!-- agent-step-sequencer:reply:(\d+) -->$/;
function answeredCommands(body) {
  let ids = [];
  for (let line of body.split(`
`)) {
    let m = REPLY_MARKER_LINE.exec(line);
    if (!m) break;
    ids.push(Number(m[1]));
  }
  return ids;
}
function footer(links) {
  let line = runFooter(links);
  return line.length ? ["", ...line] : [];
}
function withoutFooter(body) {
  return body.replace(/\n\n<sub>\[workflow run\]\([^\n]*<\/sub>$/, "");
}
function isOwnComment(authorLogin, ourLogin) {
  return ourLogin !== void 0 && ourLogin !== "" && authorLogin.toLowerCase() === ourLogin.toLowerCase();
}
function runProblemComment(planId, heading, problem, hint, links = {}) {
  let key = createHash("sha256").update(`${heading}
${problem}`).digest("hex").slice(0, 16);
  return [`${MARKER_PREFIX}problem:${planId}:${key} -->`, `### \u26A0\uFE0F ${heading}`, "", fence(problem, 3e3), "", hint, ...footer(links)].join(`
`);
}

// src/core/github/retry-policy.ts
var DO_NOT_RETRY = [400, 401, 403, 404, 409, 410, 422, 429, 451], DEFAULT_RETRIES = 3, RATE_LIMIT_MAX_RETRIES = 2, RATE_LIMIT_MAX_WAIT_SECONDS = 60;
function retrySettings(retries = DEFAULT_RETRIES, retryBaseMs = 1e3) {
  if (!Number.isInteger(retries) || retries < 0 || retries > 10)
    throw new ConfigError(`Invalid retries ${showValue(retries)}. Expected a whole number from 0 to 10.`);
  if (!Number.isFinite(retryBaseMs) || retryBaseMs < 0)
    throw new ConfigError(`Invalid retryBaseMs ${showValue(retryBaseMs)}. Expected a number of milliseconds >= 0.`);
  return { retries, doNotRetry: [...DO_NOT_RETRY], retryAfterBaseValue: retryBaseMs };
}
function shouldRetryRateLimit(retryAfterSeconds, retryCount, callerRepeats = !1) {
  return callerRepeats || !Number.isFinite(retryAfterSeconds) || retryAfterSeconds < 0 ? !1 : retryCount < RATE_LIMIT_MAX_RETRIES && retryAfterSeconds <= RATE_LIMIT_MAX_WAIT_SECONDS;
}
function rateLimitWaitSeconds(refusal, nowMs) {
  let { status, message, headers } = refusal, spent = String(headers["x-ratelimit-remaining"] ?? "") === "0";
  if (status !== 429 && !(status === 403 && (/secondary rate limit/i.test(message) || spent))) return null;
  let after = Number(headers["retry-after"]);
  if (headers["retry-after"] !== void 0 && Number.isFinite(after) && after >= 0) return after;
  let reset = Number(headers["x-ratelimit-reset"]);
  return spent && headers["x-ratelimit-reset"] !== void 0 && Number.isFinite(reset) ? Math.max(0, Math.ceil(reset - nowMs / 1e3)) : 60;
}
function rateLimitMessage(kind, request, retryAfterSeconds, retryCount, retrying, callerRepeats = !1) {
  let head = `${kind === "primary" ? "Rate limit" : "Secondary rate limit"} hit by ${request.method} ${request.url}`;
  if (retrying) return `${head}; retrying in ${retryAfterSeconds} s (retry ${retryCount + 1} of ${RATE_LIMIT_MAX_RETRIES}).`;
  if (callerRepeats) return `${head}; not repeated blindly: the write may have landed, so it is looked for before it is sent again.`;
  let why = retryCount >= RATE_LIMIT_MAX_RETRIES ? `already retried ${retryCount} times` : `retry-after ${retryAfterSeconds} s exceeds ${RATE_LIMIT_MAX_WAIT_SECONDS} s`;
  return `${head}; giving up (${why}).`;
}
function statusOf(err) {
  if (typeof err != "object" || err === null || !("status" in err)) return;
  let status = err.status;
  return typeof status == "number" ? status : void 0;
}
function refusalOf(err) {
  let e = typeof err == "object" && err !== null ? err : {}, headers = typeof e.response?.headers == "object" && e.response.headers !== null ? e.response.headers : {};
  return { status: statusOf(err), message: typeof e.message == "string" ? e.message : "", headers };
}
function isStatus(err, code) {
  return statusOf(err) === code;
}

// src/adapters/github/node-http-fetch.ts
import http from "node:http";
import https from "node:https";
var MinimalHeaders = class {
  map = /* @__PURE__ */ new Map();
  constructor(raw) {
    for (let [k, v] of Object.entries(raw)) v !== void 0 && this.map.set(k.toLowerCase(), Array.isArray(v) ? v.join(", ") : v);
  }
  get(name) {
    return this.map.get(name.toLowerCase()) ?? null;
  }
  has(name) {
    return this.map.has(name.toLowerCase());
  }
  [Symbol.iterator]() {
    return this.map.entries();
  }
}, MAX_REDIRECTS = 5, agents = { "http:": new http.Agent({ keepAlive: !0 }), "https:": new https.Agent({ keepAlive: !0 }) }, DEFAULT_HTTP_TIMEOUT_MS = 6e4;
function createNodeHttpFetch(options = {}) {
  let timeoutMs = options.timeoutMs ?? DEFAULT_HTTP_TIMEOUT_MS;
  if (!Number.isFinite(timeoutMs) || timeoutMs <= 0) throw new RangeError(`Invalid timeoutMs ${String(timeoutMs)}: expected a number of milliseconds above 0.`);
  return (input, init) => fetchWithTimeout(input, init ?? {}, timeoutMs);
}
var nodeHttpFetch = createNodeHttpFetch();
async function fetchWithTimeout(input, init, timeoutMs) {
  let body = init.body;
  if (!(body == null || typeof body == "string" || body instanceof Uint8Array || body instanceof ArrayBuffer)) return await globalThis.fetch(input, init);
  let bytes = body == null ? void 0 : Buffer.from(body), url = new URL(String(input)), method = (init.method ?? "GET").toUpperCase(), payload = bytes;
  for (let hop = 0; ; hop++) {
    let exchange = await send(url, method, init.headers ?? {}, payload, init.signal ?? void 0, timeoutMs), res = exchange.res, location = res.headers.location;
    if (init.redirect !== "manual" && location && [301, 302, 303, 307, 308].includes(res.statusCode ?? 0)) {
      if (exchange.done(), res.resume(), init.redirect === "error" || hop >= MAX_REDIRECTS) throw new TypeError("fetch failed", { cause: new Error(`redirect to ${location} not followed`) });
      url = new URL(location, url), (res.statusCode === 303 || (res.statusCode === 301 || res.statusCode === 302) && method === "POST") && (method = "GET", payload = void 0);
      continue;
    }
    return respond(url, exchange, init.signal ?? void 0);
  }
}
function send(url, method, headers, body, signal, timeoutMs) {
  let transport = url.protocol === "https:" ? https : url.protocol === "http:" ? http : null;
  return transport ? new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortError());
    let answered, req = transport.request(
      url,
      {
        method,
        headers: { ...headers, ...body ? { "content-length": String(body.length) } : {} },
        agent: agents[url.protocol],
        ...signal ? { signal } : {}
      },
      (res) => {
        answered = res, resolve({ res, done: () => clearTimeout(timer) });
      }
    ), timer = setTimeout(() => {
      let err = timeoutError(method, url, timeoutMs);
      answered ? answered.destroy(err) : req.destroy(err);
    }, timeoutMs);
    timer.unref(), req.once("error", (err) => {
      clearTimeout(timer), reject(signal?.aborted ? abortError() : new TypeError("fetch failed", { cause: err }));
    }), req.end(body);
  }) : Promise.reject(new TypeError("fetch failed", { cause: new Error(`unsupported protocol ${url.protocol}`) }));
}
function respond(url, exchange, signal) {
  let { res } = exchange, buffered = new Promise((resolve, reject) => {
    let chunks = [];
    res.on("data", (c) => chunks.push(c)), res.once("end", () => {
      exchange.done(), resolve(Buffer.concat(chunks));
    }), res.once("close", () => exchange.done()), res.once("error", (err) => {
      exchange.done(), reject(signal?.aborted ? abortError() : new TypeError("fetch failed", { cause: err }));
    });
  });
  buffered.catch(() => {
  });
  let bytes = () => buffered, status = res.statusCode ?? 0;
  return {
    status,
    statusText: res.statusMessage ?? "",
    url: url.toString(),
    ok: status >= 200 && status < 300,
    headers: new MinimalHeaders(res.headers),
    body: null,
    text: async () => (await bytes()).toString("utf8"),
    json: async () => JSON.parse((await bytes()).toString("utf8")),
    arrayBuffer: async () => {
      let b = await bytes();
      return b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength);
    }
  };
}
function timeoutError(method, url, timeoutMs) {
  let err = new Error(`${method} ${url.origin}${url.pathname} got no complete answer within ${exactDuration(timeoutMs)}; the request was given up`);
  return err.name = "TimeoutError", err;
}
function abortError() {
  let err = new Error("This operation was aborted");
  return err.name = "AbortError", err;
}

// src/core/github/permission-hint.ts
var SCOPES = [
  [/\/repos\/[^/]+\/[^/]+\/issues\b/, "issues"],
  [/\/repos\/[^/]+\/[^/]+\/pulls\b/, "pull-requests"],
  [/\/repos\/[^/]+\/[^/]+\/actions\b/, "actions"],
  [/\/repos\/[^/]+\/[^/]+\/(contents|git|branches|merges|commits)\b/, "contents"]
];
function permissionFor(method, url) {
  let path = url.replace(/^https?:\/\/[^/]+/, "").split("?")[0] ?? "";
  for (let [pattern, scope] of SCOPES)
    if (pattern.test(path)) return `${scope}: ${method.toUpperCase() === "GET" ? "read" : "write"}`;
  return null;
}
function isMissingPermission(status, message) {
  return status === 403 && /resource not accessible by (integration|personal access token)/i.test(message);
}
function permissionHint(method, url) {
  let needed = permissionFor(method, url);
  return needed ? `The workflow's token lacks the permission \`${needed}\`: add it under \`permissions:\` in the workflow job (see the README's permissions), or pass a token that has it as \`github-token\`.` : "The workflow's token lacks a permission for this request: check the job's `permissions:` (contents, issues and actions need write; pull-requests too with open-pull-request).";
}

// src/adapters/github/github-client.ts
var SequencerOctokit = Octokit2.plugin(retry, throttling), DEFAULT_BASE_URL = "https://api.github.com";
function createGitHubClient(options) {
  let { token, log } = options;
  if (typeof token != "string" || token.trim() === "")
    throw new ConfigError("Invalid token: it is empty. Expected a GitHub token (the github-token input or GITHUB_TOKEN).");
  let baseUrl = normalizeBaseUrl(options.baseUrl ?? DEFAULT_BASE_URL), retrySet = retrySettings(options.retries, options.retryBaseMs), onLimit = (kind) => (retryAfter, request, _octokit, retryCount) => {
    let callerRepeats = request.request?.retries === 0, retrying = shouldRetryRateLimit(retryAfter, retryCount, callerRepeats), message = rateLimitMessage(kind, request, retryAfter, retryCount, retrying, callerRepeats);
    return log ? log.warn(message) : console.warn(message), retrying;
  }, octokit = new SequencerOctokit({
    auth: token,
    baseUrl,
    userAgent: options.userAgent ?? "agent-step-sequencer",
    // node:http instead of the global fetch: see node-http-fetch.ts (it keeps idle ticks fast).
    request: { fetch: options.requestTimeoutMs === void 0 ? nodeHttpFetch : createNodeHttpFetch({ timeoutMs: options.requestTimeoutMs }) },
    ...log ? { log: octokitLog(log) } : {},
    retry: retrySet,
    throttle: {
      onRateLimit: onLimit("primary"),
      onSecondaryRateLimit: onLimit("secondary"),
      ...options.pacing === "off" ? unpacedGroups() : {}
    }
  }), { scrub } = options;
  return scrub && octokit.hook.before("request", (request) => scrubParameters(request, scrub)), octokit.hook.error("request", (error, request) => {
    let status = error.status ?? 0;
    throw error instanceof Error && isMissingPermission(status, error.message) && (error.message = `${error.message} (${request.method} ${request.url}). ${permissionHint(request.method, request.url)}`), error;
  }), octokit;
}
var ROUTE_FIELDS = /* @__PURE__ */ new Set(["method", "url", "baseUrl", "headers", "request", "mediaType"]);
function scrubParameters(request, scrub) {
  if (!(request.method === "GET" || request.method === "HEAD"))
    for (let [name, value] of Object.entries(request)) {
      if (typeof value != "string" || ROUTE_FIELDS.has(name)) continue;
      let marker = name === "body" ? leadingMarker(value) : null;
      request[name] = marker ? marker + scrub(value.slice(marker.length)) : scrub(value);
    }
}
function normalizeBaseUrl(value) {
  let url;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(`Invalid baseUrl ${showValue(value)}. Expected an http(s) URL such as ${DEFAULT_BASE_URL}.`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:")
    throw new ConfigError(`Invalid baseUrl ${showValue(value)}. Expected an http(s) URL such as ${DEFAULT_BASE_URL}.`);
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
  let group = () => new import_light2.default.Group({ maxConcurrent: null, minTime: 0 });
  return { write: group(), search: group(), notifications: group() };
}
async function getIfModified(call, etag) {
  try {
    let response = await call(etag ? { "if-none-match": etag } : {});
    return { modified: !0, data: response.data, etag: response.headers.etag };
  } catch (err) {
    if (etag && isStatus(err, 304)) return { modified: !1, etag };
    throw err;
  }
}

export {
  replyMarker,
  problemComment,
  leadingMarker,
  replyComment,
  answeredCommands,
  footer,
  withoutFooter,
  isOwnComment,
  runProblemComment,
  shouldRetryRateLimit,
  rateLimitWaitSeconds,
  statusOf,
  refusalOf,
  isStatus,
  createGitHubClient,
  getIfModified
};
