// outputTolerance (README, "The plan format"), the original checkpoint pipeline's "missing rate <= 20 %":
// a step may be done with a few of its required outputs missing (with a warning), off by default.

/** How many of `total` required outputs may be missing under `tolerance` (a fraction below 1). */
export function allowedMissing(tolerance: number | undefined, total: number): number {
  if (!tolerance || tolerance <= 0 || total <= 0) return 0;
  // The small epsilon keeps 0.3 × 10 at 3 despite binary fractions.
  return Math.min(total - 1, Math.floor(tolerance * total + 1e-9));
}

/** `Missing required outputs: …`, and with a tolerance how many were allowed. */
export function missingOutputsText(missing: string[], total: number, tolerance: number | undefined): string {
  const allowance = tolerance ? ` (${missing.length} of ${total}; outputTolerance ${tolerance} allows ${allowedMissing(tolerance, total)})` : '';
  return `Missing required outputs: ${missing.join(', ')}${allowance}`;
}
