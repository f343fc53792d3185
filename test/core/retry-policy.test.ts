import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/core/errors.js';
import {
  DO_NOT_RETRY,
  RATE_LIMIT_MAX_RETRIES,
  isStatus,
  rateLimitMessage,
  rateLimitWaitSeconds,
  refusalOf,
  retrySettings,
  shouldRetryRateLimit,
  statusOf,
} from '../../src/core/github/retry-policy.js';

describe('retrySettings', () => {
  it('defaults to 3 retries at a 1 s backoff unit', () => {
    expect(retrySettings()).toEqual({ retries: 3, doNotRetry: [...DO_NOT_RETRY], retryAfterBaseValue: 1000 });
  });

  it('never retries concurrency, validation, auth or rate-limit statuses blindly', () => {
    const { doNotRetry } = retrySettings(5);
    for (const status of [400, 401, 403, 404, 409, 410, 422, 429, 451]) expect(doNotRetry).toContain(status);
    for (const status of [500, 502, 503, 504]) expect(doNotRetry).not.toContain(status);
  });

  it('returns a copy so a caller cannot change the shared list', () => {
    retrySettings().doNotRetry.push(500);
    expect(DO_NOT_RETRY).not.toContain(500);
  });

  it.each([-1, 1.5, 11, Number.NaN])('rejects retries=%s naming the field', (bad) => {
    expect(() => retrySettings(bad)).toThrow(ConfigError);
    expect(() => retrySettings(bad)).toThrow(/Invalid retries .* Expected a whole number from 0 to 10/);
  });

  it('rejects a negative backoff unit', () => {
    expect(() => retrySettings(3, -5)).toThrow(/Invalid retryBaseMs -5/);
  });
});

describe('shouldRetryRateLimit', () => {
  it.each([
    // retryAfterSeconds, retryCount, expected
    [1, 0, true],
    [60, 0, true],
    [60, 1, true],
    [0, 0, true],
    [61, 0, false],
    [3600, 0, false],
    [1, RATE_LIMIT_MAX_RETRIES, false],
    [1, 5, false],
    [-1, 0, false],
    [Number.NaN, 0, false],
    [Number.POSITIVE_INFINITY, 0, false],
  ])('retryAfter=%s s after %s retries → %s', (after, count, expected) => {
    expect(shouldRetryRateLimit(after, count)).toBe(expected);
  });

  it('never repeats a write whose caller repeats it (request.retries: 0) after looking whether it landed', () => {
    expect(shouldRetryRateLimit(1, 0, true)).toBe(false);
    expect(shouldRetryRateLimit(1, 0, false)).toBe(true);
  });
});

describe('rateLimitWaitSeconds', () => {
  const NOW = Date.parse('2026-12-02T12:00:00Z');
  const secondary = 'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.';

  it.each([
    ['a secondary limit with retry-after', { status: 403, message: secondary, headers: { 'retry-after': '7' } }, 7],
    ['a secondary limit that names no time (GitHub: wait a minute)', { status: 403, message: secondary, headers: {} }, 60],
    ['a 429 with retry-after', { status: 429, message: 'Too Many Requests', headers: { 'retry-after': 2 } }, 2],
    ['a spent quota: until its reset', { status: 403, message: 'API rate limit exceeded', headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(NOW / 1000 + 90) } }, 90],
    ['a spent quota whose reset has passed', { status: 403, message: 'API rate limit exceeded', headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(NOW / 1000 - 5) } }, 0],
  ])('%s', (_name, refusal, seconds) => {
    expect(rateLimitWaitSeconds(refusal, NOW)).toBe(seconds);
  });

  it.each([
    ['a missing permission', { status: 403, message: 'Resource not accessible by integration', headers: { 'x-ratelimit-remaining': '4000' } }],
    ['a server error', { status: 502, message: 'Bad Gateway', headers: { 'retry-after': '1' } }],
    ['a network failure (no status)', { status: undefined, message: 'socket hang up', headers: {} }],
  ])('is null for %s', (_name, refusal) => {
    expect(rateLimitWaitSeconds(refusal, NOW)).toBeNull();
  });

  it("reads an Octokit error's status, message and response headers, and copes with anything else", () => {
    const err = Object.assign(new Error(secondary), { status: 403, response: { headers: { 'retry-after': '3' } } });
    expect(refusalOf(err)).toEqual({ status: 403, message: secondary, headers: { 'retry-after': '3' } });
    expect(rateLimitWaitSeconds(refusalOf(err), NOW)).toBe(3);
    for (const odd of [null, 'boom', 42, { response: null }, { response: { headers: 'x' } }]) {
      expect(refusalOf(odd)).toEqual({ status: undefined, message: '', headers: {} });
    }
  });
});

describe('rateLimitMessage', () => {
  const req = { method: 'POST', url: '/repos/o/r/issues/1/comments' };

  it('says when it will retry and which retry this is', () => {
    expect(rateLimitMessage('secondary', req, 5, 0, true)).toBe('Secondary rate limit hit by POST /repos/o/r/issues/1/comments; retrying in 5 s (retry 1 of 2).');
  });

  it('says that a write its caller repeats is not repeated blindly', () => {
    expect(rateLimitMessage('secondary', req, 1, 0, false, true)).toBe(
      'Secondary rate limit hit by POST /repos/o/r/issues/1/comments; not repeated blindly: the write may have landed, so it is looked for before it is sent again.',
    );
  });

  it('says why it gives up', () => {
    expect(rateLimitMessage('primary', req, 3600, 0, false)).toMatch(/^Rate limit hit .*giving up \(retry-after 3600 s exceeds 60 s\)\.$/);
    expect(rateLimitMessage('primary', req, 1, 2, false)).toMatch(/giving up \(already retried 2 times\)/);
  });
});

describe('isStatus / statusOf', () => {
  it('reads a numeric status only', () => {
    expect(isStatus({ status: 304 }, 304)).toBe(true);
    expect(isStatus({ status: 409 }, 422)).toBe(false);
    expect(isStatus({ status: '409' }, 409)).toBe(false);
    expect(statusOf(null)).toBeUndefined();
    expect(statusOf('HttpError: 409')).toBeUndefined();
  });

  it('does not look at the message text', () => {
    const err = Object.assign(new Error('409 Conflict'), { status: 500 });
    expect(isStatus(err, 409)).toBe(false);
    expect(isStatus(err, 500)).toBe(true);
  });
});
