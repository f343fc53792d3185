import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/core/errors.js';
import {
  DO_NOT_RETRY,
  RATE_LIMIT_MAX_RETRIES,
  isStatus,
  rateLimitMessage,
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
});

describe('rateLimitMessage', () => {
  const req = { method: 'POST', url: '/repos/o/r/issues/1/comments' };

  it('says when it will retry and which retry this is', () => {
    expect(rateLimitMessage('secondary', req, 5, 0, true)).toBe(
      'Secondary rate limit hit by POST /repos/o/r/issues/1/comments; retrying in 5 s (retry 1 of 2).',
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
