// The one Octokit the Action uses: REST methods plus the retry and throttling plugins, with the
// retry decisions taken from the pure policy in core/github/retry-policy.ts.
import { Octokit } from '@octokit/rest';
import { retry } from '@octokit/plugin-retry';
import { throttling } from '@octokit/plugin-throttling';
import Bottleneck from 'bottleneck/light.js';
import { ConfigError, showValue } from '../../core/errors.js';
import { leadingMarker } from '../../core/render/comment-markers.js';
import type { Log } from '../../ports.js';
import { isStatus, rateLimitMessage, retrySettings, shouldRetryRateLimit, type RateLimitKind } from '../../core/github/retry-policy.js';
import { createNodeHttpFetch, nodeHttpFetch } from './node-http-fetch.js';
import { isMissingPermission, permissionHint } from '../../core/github/permission-hint.js';

export { isStatus, statusOf } from '../../core/github/retry-policy.js';

const SequencerOctokit = Octokit.plugin(retry, throttling);
export type GitHubClient = InstanceType<typeof SequencerOctokit>;

export interface GitHubClientOptions {
  token: string;
  /** REST API root, e.g. `https://api.github.com` or `${GITHUB_API_URL}` on GHES. */
  baseUrl?: string;
  userAgent?: string;
  log?: Log;
  /** Retries of a request that failed with a retryable status (5xx, network). Default 3. */
  retries?: number;
  /** Unit of the quadratic backoff between those retries (1 s, 4 s, 9 s at 1000). Tests shrink it. */
  retryBaseMs?: number;
  /**
   * `github` (default) spaces writes 1 s apart and content-creating writes 3 s apart, as GitHub
   * asks to avoid secondary rate limits. `off` is for tests against a local fake server.
   */
  pacing?: 'github' | 'off';
  /**
   * Applied to the text of every write (comment bodies, titles): the one place where whatever we
   * post to GitHub passes, so no comment, reply or pull request can carry a known secret.
   */
  scrub?: (text: string) => string;
  /** Longest one request may take before it fails as a network error (and is retried); default 60 s. */
  requestTimeoutMs?: number;
}

const DEFAULT_BASE_URL = 'https://api.github.com';

export function createGitHubClient(options: GitHubClientOptions): GitHubClient {
  const { token, log } = options;
  if (typeof token !== 'string' || token.trim() === '') {
    // Never echo the value: a malformed secret is still a secret.
    throw new ConfigError('Invalid token: it is empty. Expected a GitHub token (the github-token input or GITHUB_TOKEN).');
  }
  const baseUrl = normalizeBaseUrl(options.baseUrl ?? DEFAULT_BASE_URL);
  const retrySet = retrySettings(options.retries, options.retryBaseMs);

  const onLimit = (kind: RateLimitKind) => (retryAfter: number, request: { method: string; url: string; request?: object }, _octokit: unknown, retryCount: number) => {
    // `retries: 0` turns off the retry plugin for a write its caller repeats itself (after
    // looking whether it landed); the throttling plugin must not repeat it either.
    const callerRepeats = (request.request as { retries?: unknown } | undefined)?.retries === 0;
    const retrying = shouldRetryRateLimit(retryAfter, retryCount, callerRepeats);
    const message = rateLimitMessage(kind, request, retryAfter, retryCount, retrying, callerRepeats);
    if (log) log.warn(message);
    else console.warn(message);
    return retrying;
  };

  const octokit = new SequencerOctokit({
    auth: token,
    baseUrl,
    userAgent: options.userAgent ?? 'agent-step-sequencer',
    // node:http instead of the global fetch: see node-http-fetch.ts (it keeps idle ticks fast).
    request: { fetch: options.requestTimeoutMs === undefined ? nodeHttpFetch : createNodeHttpFetch({ timeoutMs: options.requestTimeoutMs }) },
    ...(log ? { log: octokitLog(log) } : {}),
    retry: retrySet,
    throttle: {
      onRateLimit: onLimit('primary'),
      onSecondaryRateLimit: onLimit('secondary'),
      ...(options.pacing === 'off' ? unpacedGroups() : {}),
    },
  });
  const { scrub } = options;
  if (scrub) octokit.hook.before('request', (request) => scrubParameters(request as Record<string, unknown>, scrub));
  // A missing job permission is a configuration error: say which permission to add.
  octokit.hook.error('request', (error, request) => {
    const status = (error as { status?: number }).status ?? 0;
    if (error instanceof Error && isMissingPermission(status, error.message)) {
      error.message = `${error.message} (${request.method} ${request.url}). ${permissionHint(request.method, request.url)}`;
    }
    throw error;
  });
  return octokit;
}

/** Request options that are the route itself, not text we send. */
const ROUTE_FIELDS = new Set(['method', 'url', 'baseUrl', 'headers', 'request', 'mediaType']);

function scrubParameters(request: Record<string, unknown>, scrub: (text: string) => string): void {
  if (request.method === 'GET' || request.method === 'HEAD') return;
  for (const [name, value] of Object.entries(request)) {
    if (typeof value !== 'string' || ROUTE_FIELDS.has(name)) continue;
    // A comment's hidden marker is how later runs find it: a secret that happens to equal part
    // of it (a plan id, `sequencer`) must not make every run post the comment again.
    const marker = name === 'body' ? leadingMarker(value) : null;
    request[name] = marker ? marker + scrub(value.slice(marker.length)) : scrub(value);
  }
}

function normalizeBaseUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(`Invalid baseUrl ${showValue(value)}. Expected an http(s) URL such as ${DEFAULT_BASE_URL}.`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new ConfigError(`Invalid baseUrl ${showValue(value)}. Expected an http(s) URL such as ${DEFAULT_BASE_URL}.`);
  }
  // Octokit joins baseUrl and route by concatenation, so a trailing slash would double up.
  return value.replace(/\/+$/, '');
}

// Octokit's request log says `info` for every request and `error` for every non-2xx answer,
// including the 304s of free polls and the 404s we expect. On a runner `error` becomes a red
// annotation on the run page, so both go to debug: callers report real failures themselves.
function octokitLog(log: Log) {
  return {
    debug: (message: string) => log.debug(message),
    info: (message: string) => log.debug(message),
    warn: (message: string) => log.warn(message),
    error: (message: string) => log.debug(message),
  };
}

// The throttling plugin's default groups are module-global and paced; per-client unpaced groups
// keep rate-limit handling intact while letting tests issue writes back to back.
function unpacedGroups() {
  const group = () => new Bottleneck.Group({ maxConcurrent: null, minTime: 0 });
  return { write: group(), search: group(), notifications: group() };
}

export type ConditionalResult<T> = { modified: false; etag: string } | { modified: true; data: T; etag: string | undefined };

/**
 * A GET with `If-None-Match`. Octokit throws a RequestError with status 304 when nothing
 * changed (conditional 304s cost no rate limit, so polling this way is free); this turns that
 * into a value so the caller keeps its previous data and ETag.
 */
export async function getIfModified<T>(
  call: (headers: Record<string, string>) => Promise<{ data: T; headers: { etag?: string | undefined } }>,
  etag: string | undefined,
): Promise<ConditionalResult<T>> {
  try {
    const response = await call(etag ? { 'if-none-match': etag } : {});
    return { modified: true, data: response.data, etag: response.headers.etag };
  } catch (err) {
    if (etag && isStatus(err, 304)) return { modified: false, etag };
    throw err;
  }
}
