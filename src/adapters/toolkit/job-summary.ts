// The job summary on the run page. Outside Actions (no GITHUB_STEP_SUMMARY) there is nowhere to
// write it, which is normal, not an error.
import * as core from '@actions/core';
import { describeError } from '../../core/errors.js';

/** GitHub rejects step summaries over 1 MiB. */
export const MAX_SUMMARY_BYTES = 1024 * 1024;

/** Appends `markdown` to the step summary; true when written. Never throws. */
export async function writeJobSummary(markdown: string, log?: (message: string) => void): Promise<boolean> {
  if (!process.env.GITHUB_STEP_SUMMARY) return false;
  try {
    // One byte is kept for the newline addRaw appends.
    await core.summary.addRaw(capBytes(markdown, MAX_SUMMARY_BYTES - 1), true).write();
    return true;
  } catch (err) {
    // Whatever failed, do not leave half a summary queued for the next write.
    core.summary.emptyBuffer();
    log?.(`Could not write the job summary: ${describeError(err)}`);
    return false;
  }
}

function capBytes(text: string, max: number): string {
  if (Buffer.byteLength(text) <= max) return text;
  const note = '\n\n… (truncated: GitHub limits a job summary to 1 MiB)\n';
  let out = text.slice(0, max - note.length);
  // Code points, not UTF-16 halves, and under the byte limit.
  while (Buffer.byteLength(out) > max - note.length) out = out.slice(0, Math.floor(out.length * 0.95));
  return out.replace(/[\ud800-\udbff]$/, '') + note;
}
