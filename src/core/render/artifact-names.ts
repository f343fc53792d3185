// Attempt logs leave the runner as artifacts, so two things are settled before upload: secret
// values never reach the archive (the runner masks its own log, not files we upload), and the
// name is one the artifact service accepts instead of an upload failing at the end of a run.

/** Characters the artifact service rejects in a name (NTFS limits), per @actions/artifact. */
const FORBIDDEN_NAME_CHARS = /[":<>|*?\r\n\\/]/g;
export const MAX_ARTIFACT_NAME = 100;
/** Shorter values are not worth hiding and would shred the log (a secret `1` or `ab`). */
export const MIN_SECRET_LENGTH = 3;

/** `issue-42/step-2/1: "x"` → `issue-42-step-2-1- -x-`, trimmed to 100 characters. */
export function sanitizeArtifactName(name: string): string {
  const cleaned = name.replace(FORBIDDEN_NAME_CHARS, '-').replace(/[\u0000-\u001f\u007f]/g, '').trim();
  const capped = Array.from(cleaned).slice(0, MAX_ARTIFACT_NAME).join('').trim();
  return capped === '' ? 'sequencer-logs' : capped;
}

/**
 * The values to hide: each secret, and each line of a multi-line secret (a key file leaks line
 * by line in logs), longest first so a long value is replaced before any part of it.
 */
export function secretNeedles(secrets: readonly string[]): string[] {
  const needles = new Set<string>();
  for (const secret of secrets) {
    if (typeof secret !== 'string') continue;
    for (const candidate of [secret, ...secret.split(/\r?\n/).map((l) => l.trim())]) {
      if (candidate.trim().length >= MIN_SECRET_LENGTH) needles.add(candidate);
    }
  }
  return [...needles].sort((a, b) => b.length - a.length);
}

/** Replaces every occurrence of every secret value with `***`. */
export function scrubSecrets(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const needle of secretNeedles(secrets)) out = out.split(needle).join('***');
  return out;
}
