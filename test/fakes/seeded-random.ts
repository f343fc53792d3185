// A seeded PRNG for tests that inject faults or kills at random moments: a failing run prints
// its seed, and the same seed replays the same schedule.

/** mulberry32: tiny, fast, and good enough to spread faults; same seed, same sequence. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
