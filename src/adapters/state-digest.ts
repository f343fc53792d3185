// A note beside a state file of the exact bytes this build last wrote there (`state.json.digest`:
// the build id and a SHA-256). Those bytes were serialized from a state that was validated and
// normalized when it was loaded and changed since only by the core's transitions, so loading
// them again needs no second validation, which on a 10,000-step plan costs more than the rest
// of a heartbeat's parsing. Bytes that differ in any way (an edit by hand, another tool, another
// build, a torn or missing note) are validated in full. The note is a shortcut, never a source
// of truth: losing it, or a stale one, costs one full validation and nothing else.
import { createHash } from 'node:crypto';
import { closeSync, constants, openSync, readFileSync, writeSync } from 'node:fs';
import { BUILD_ID } from '../build-id.js';

export function digestPathFor(statePath: string): string {
  return `${statePath}.digest`;
}

/** The note's whole content for these bytes, under this build. */
export function digestNote(bytes: Uint8Array): string {
  return `${BUILD_ID} sha256:${createHash('sha256').update(bytes).digest('hex')}\n`;
}

/** Whether the note at `notePath` is exactly `note`. */
export function noteMatches(notePath: string, note: string): boolean {
  try {
    return readFileSync(notePath, 'utf8') === note;
  } catch {
    return false;
  }
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
