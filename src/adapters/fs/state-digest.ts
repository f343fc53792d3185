// A note beside a state file of the exact bytes this build last wrote there (`state.json.digest`:
// the build id, a SHA-256, and where the plan's and queue's text lie). Those bytes were
// serialized from a state that was validated and normalized when it was loaded and changed
// since only by the core's transitions, so loading them again needs no second validation, and
// the plan's text can be written again without serializing the plan anew; on a 10,000-step plan
// each costs more than the rest of a heartbeat's own work. Bytes that differ in any way (an edit
// by hand, another tool, another build) or a torn or missing note mean a full validation. The
// note is a shortcut, never a source of truth: losing it, or a stale one, costs one validation.
import { createHash } from 'node:crypto';
import { closeSync, constants, openSync, readFileSync, writeSync } from 'node:fs';
import { BUILD_ID } from '../../build-id.js';
import { REUSED_FIELDS, isReusedField, type TextSpans } from '../../core/state/state-json.js';

export function digestPathFor(statePath: string): string {
  return `${statePath}.digest`;
}

/** What the note starts with for these bytes under this build. */
export function digestOf(bytes: Uint8Array): string {
  return `${BUILD_ID} sha256:${createHash('sha256').update(bytes).digest('hex')}`;
}

/** The note's whole content: the digest, then the spans, on one line. */
export function digestNote(digest: string, spans: TextSpans = {}): string {
  const parts = REUSED_FIELDS.flatMap((field) => (spans[field] ? [`${field}=${spans[field][0]}-${spans[field][1]}`] : []));
  return `${[digest, ...parts].join(' ')}\n`;
}

/** The spans the note records when it names exactly `digest`; null when it does not (or is torn). */
export function readNote(notePath: string, digest: string): TextSpans | null {
  let note: string;
  try {
    note = readFileSync(notePath, 'utf8');
  } catch {
    return null;
  }
  // A complete note ends its one line; a torn one cannot, so it is never taken for a match.
  if (!note.endsWith('\n') || !(note.startsWith(`${digest} `) || note === `${digest}\n`)) return null;
  const spans: TextSpans = {};
  for (const [, field = '', start, end] of note.slice(digest.length).matchAll(/ ([A-Za-z]+)=(\d{1,15})-(\d{1,15})/g)) {
    if (isReusedField(field)) spans[field] = [Number(start), Number(end)];
  }
  return spans;
}

/** Records `note`. Best effort: a note that is not written only costs the next load a validation. */
export function writeNote(notePath: string, note: string): void {
  let fd: number;
  try {
    // O_NOFOLLOW: the plan's folder may lie in the agent's workspace, where a planted link must
    // not redirect our write to some other file.
    fd = openSync(notePath, constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC | (constants.O_NOFOLLOW ?? 0), 0o644);
  } catch {
    return;
  }
  try {
    writeSync(fd, note);
  } catch {
    // A partial note cannot match any digest; the next load validates in full.
  } finally {
    closeSync(fd);
  }
}
