// Retries back off: a brief rate limit or outage must not burn every attempt of a step within
// seconds. The wait grows 4-fold per failure (30 s, 2 min, 8 min from a 30 s base) with ±20 %
// jitter, so plans that failed together do not all come back at the same instant. The instant
// goes into the state (`notBefore`), so it holds across runs like a step delay.

/** No retry waits longer than this, however many failures came before. */
export const MAX_RETRY_WAIT_MS = 4 * 60 * 60_000;

/**
 * How long to wait before the retry that follows failure number `failures` (1 for the first).
 * `random` is a number in [0, 1) (Math.random in production, fixed in tests).
 */
export function retryDelayMs(failures: number, baseSeconds: number, random: number): number {
  if (baseSeconds <= 0 || failures < 1) return 0;
  const raw = baseSeconds * 1000 * 4 ** Math.min(failures - 1, 12);
  const jitter = 0.8 + 0.4 * Math.min(Math.max(random, 0), 1);
  return Math.round(Math.min(raw, MAX_RETRY_WAIT_MS) * jitter);
}
