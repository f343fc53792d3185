// The fault campaigns (kill -9 at random moments, racing ticks, GitHub failing requests) are the
// suite's most expensive tests. `npm test` runs each of them at a representative strength, so a
// change gets its answer in about two minutes; `npm run test:faults` runs them at full strength
// (SEQUENCER_FAULTS=full, and only the tests tagged FAULT_CAMPAIGN). The test code is the same
// in both: only the numbers differ.

const MODES = ['quick', 'full'] as const;
type Mode = (typeof MODES)[number];

function mode(): Mode {
  const raw = process.env.SEQUENCER_FAULTS;
  if (raw === undefined || raw === '') return 'quick';
  if ((MODES as readonly string[]).includes(raw)) return raw as Mode;
  throw new Error(`SEQUENCER_FAULTS is ${JSON.stringify(raw)}; expected one of ${MODES.join(', ')} (or unset for quick)`);
}

/** True under `npm run test:faults`. */
export const FULL_FAULTS = mode() === 'full';

/** Test options that mark a fault campaign (the tag is declared in vitest.config.ts). */
export const FAULT_CAMPAIGN = { tags: ['fault-campaign'] };

/** The representative value in `npm test`, the full one under `npm run test:faults`. */
export function strength<T>(quick: T, full: T): T {
  return FULL_FAULTS ? full : quick;
}
