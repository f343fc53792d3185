// When a GitHub API call is worth repeating. Kept pure so the decisions are tested directly
// (as actions/github-script does) instead of through timing-dependent HTTP tests.
import { ConfigError, showValue } from '../errors.js';

/**
 * Statuses the retry plugin must pass straight through.
 * - 409 and 422 are concurrency and validation signals: repeating the same request cannot fix
 *   them and may hide a lost race, so the caller decides.
 * - 403 and 429 are left to the throttling plugin, which reads the rate-limit headers and the
 *   secondary-limit message; a plain 403 (no permission) then fails at once.
 */
export const DO_NOT_RETRY: readonly number[] = [400, 401, 403, 404, 409, 410, 422, 429, 451];

export const DEFAULT_RETRIES = 3;
/** Retries of one request after a primary or secondary rate limit. */
export const RATE_LIMIT_MAX_RETRIES = 2;
/** Longer waits are not worth holding a runner for; the next tick will try again. */
export const RATE_LIMIT_MAX_WAIT_SECONDS = 60;

export interface RetrySettings {
  retries: number;
  doNotRetry: number[];
  /** Milliseconds per unit of the retry plugin's quadratic backoff (1 s, 4 s, 9 s at 1000). */
  retryAfterBaseValue: number;
}

/** Options for @octokit/plugin-retry. Throws ConfigError naming the bad field. */
export function retrySettings(retries: number = DEFAULT_RETRIES, retryBaseMs = 1000): RetrySettings {
  if (!Number.isInteger(retries) || retries < 0 || retries > 10) {
    throw new ConfigError(`Invalid retries ${showValue(retries)}. Expected a whole number from 0 to 10.`);
  }
  if (!Number.isFinite(retryBaseMs) || retryBaseMs < 0) {
    throw new ConfigError(`Invalid retryBaseMs ${showValue(retryBaseMs)}. Expected a number of milliseconds >= 0.`);
  }
  return { retries, doNotRetry: [...DO_NOT_RETRY], retryAfterBaseValue: retryBaseMs };
}

/**
 * Whether to wait `retryAfterSeconds` and repeat a rate-limited request that has been retried
 * `retryCount` times already (0 on the first failure). Never when `callerRepeats`: the request
 * asked for no automatic retries (`request.retries: 0`) because it is a write that may have
 * landed although GitHub refused it, which its caller looks for before sending it again.
 */
export function shouldRetryRateLimit(retryAfterSeconds: number, retryCount: number, callerRepeats = false): boolean {
  if (callerRepeats || !Number.isFinite(retryAfterSeconds) || retryAfterSeconds < 0) return false;
  return retryCount < RATE_LIMIT_MAX_RETRIES && retryAfterSeconds <= RATE_LIMIT_MAX_WAIT_SECONDS;
}

/** What GitHub's error carries that says whether, and how long, it rate-limited a request. */
export interface RefusalFacts {
  status: number | undefined;
  message: string;
  headers: Readonly<Record<string, string | number | undefined>>;
}

/**
 * Seconds to wait before sending again a request GitHub refused for a rate limit (429, or 403
 * for a secondary limit or a spent quota), or null when it was not a rate limit. GitHub asks for
 * a minute's wait when it names no time.
 */
export function rateLimitWaitSeconds(refusal: RefusalFacts, nowMs: number): number | null {
  const { status, message, headers } = refusal;
  const spent = String(headers['x-ratelimit-remaining'] ?? '') === '0';
  if (status !== 429 && !(status === 403 && (/secondary rate limit/i.test(message) || spent))) return null;
  const after = Number(headers['retry-after']);
  if (headers['retry-after'] !== undefined && Number.isFinite(after) && after >= 0) return after;
  const reset = Number(headers['x-ratelimit-reset']);
  if (spent && headers['x-ratelimit-reset'] !== undefined && Number.isFinite(reset)) return Math.max(0, Math.ceil(reset - nowMs / 1000));
  return 60;
}

export type RateLimitKind = 'primary' | 'secondary';

/** The warning logged when a request hits a rate limit, saying what happens next. */
export function rateLimitMessage(kind: RateLimitKind, request: { method: string; url: string }, retryAfterSeconds: number, retryCount: number, retrying: boolean, callerRepeats = false): string {
  const what = kind === 'primary' ? 'Rate limit' : 'Secondary rate limit';
  const head = `${what} hit by ${request.method} ${request.url}`;
  if (retrying) return `${head}; retrying in ${retryAfterSeconds} s (retry ${retryCount + 1} of ${RATE_LIMIT_MAX_RETRIES}).`;
  if (callerRepeats) return `${head}; not repeated blindly: the write may have landed, so it is looked for before it is sent again.`;
  const why = retryCount >= RATE_LIMIT_MAX_RETRIES ? `already retried ${retryCount} times` : `retry-after ${retryAfterSeconds} s exceeds ${RATE_LIMIT_MAX_WAIT_SECONDS} s`;
  return `${head}; giving up (${why}).`;
}

/** The HTTP status carried by an Octokit RequestError (or anything with a numeric `status`). */
export function statusOf(err: unknown): number | undefined {
  if (typeof err !== 'object' || err === null || !('status' in err)) return undefined;
  const status = err.status;
  return typeof status === 'number' ? status : undefined;
}

/** What a failed request's error (an Octokit RequestError) says about a rate limit. */
export function refusalOf(err: unknown): RefusalFacts {
  const e = (typeof err === 'object' && err !== null ? err : {}) as { message?: unknown; response?: { headers?: unknown } };
  const headers = typeof e.response?.headers === 'object' && e.response.headers !== null ? (e.response.headers as RefusalFacts['headers']) : {};
  return { status: statusOf(err), message: typeof e.message === 'string' ? e.message : '', headers };
}

/** Compares the status code only: GitHub's error texts change, its status codes do not. */
export function isStatus(err: unknown, code: number): boolean {
  return statusOf(err) === code;
}
