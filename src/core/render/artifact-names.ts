// Attempt logs and results leave the runner as artifacts under a name the artifact service
// accepts, instead of an upload failing at the end of a run. (Their secrets are scrubbed by
// core/trust/secrets.ts.)
import { createHash } from 'node:crypto';

/** Characters the artifact service rejects in a name (NTFS limits), per @actions/artifact. */
const FORBIDDEN_NAME_CHARS = /[":<>|*?\r\n\\/]/g;
export const MAX_ARTIFACT_NAME = 100;

/** `issue-42/step-2/1: "x"` → `issue-42-step-2-1- -x-`, trimmed to 100 characters. */
export function sanitizeArtifactName(name: string): string {
  const cleaned = name
    .replace(FORBIDDEN_NAME_CHARS, '-')
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim();
  const capped = Array.from(cleaned).slice(0, MAX_ARTIFACT_NAME).join('').trim();
  return capped === '' ? 'sequencer-logs' : capped;
}

/**
 * The result artifact of an attempt (the isolated layout): `sequencer-result-issue-42-step-2-3`;
 * an id too long for the service's 100 characters is cut and ends in a digest of the whole, so
 * two attempts never share a name.
 */
export function resultArtifactName(attemptId: string): string {
  const plain = sanitizeArtifactName(`sequencer-result-${attemptId.replace(/\//g, '-')}`);
  if (plain.length < MAX_ARTIFACT_NAME) return plain;
  const digest = createHash('sha256').update(attemptId).digest('hex').slice(0, 16);
  return `${plain.slice(0, MAX_ARTIFACT_NAME - 17).trimEnd()}-${digest}`;
}
