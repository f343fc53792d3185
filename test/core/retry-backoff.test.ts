import { describe, expect, it } from 'vitest';
import { MAX_RETRY_WAIT_MS, retryDelayMs } from '../../src/core/tick/retry-backoff.js';

describe('retryDelayMs', () => {
  it('waits 30 s, 2 min, 8 min from a 30 s base, before jitter', () => {
    // random 0.5 is the middle of the ±20 % jitter band: no jitter.
    expect([1, 2, 3].map((n) => retryDelayMs(n, 30, 0.5))).toEqual([30_000, 120_000, 480_000]);
  });

  it('jitters within ±20 %', () => {
    expect(retryDelayMs(1, 30, 0)).toBe(24_000);
    expect(retryDelayMs(1, 30, 0.999999)).toBeCloseTo(36_000, -1);
  });

  it('is capped, and 0 or no failure means at once', () => {
    expect(retryDelayMs(40, 3600, 0.5)).toBe(MAX_RETRY_WAIT_MS);
    expect(retryDelayMs(1, 0, 0.5)).toBe(0);
    expect(retryDelayMs(0, 30, 0.5)).toBe(0);
  });
});
