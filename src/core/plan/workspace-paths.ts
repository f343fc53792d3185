// Workspace-relative paths come from plans that anyone who can open an issue may write, so they
// are checked before we look at the disk: nothing may point outside the workspace. The same check
// serves plan validation (early, with a field name) and the workspace adapter (at use).
import { posix } from 'node:path';
import { showValue } from '../errors.js';

const EXPECTED = 'expected a path relative to the workspace, e.g. "out/report.md"';
/**
 * Paths are shown in comments, the job summary and the Actions log, one line each: a line break
 * there could start a table row or a workflow command, an escape sequence could rewrite a
 * terminal, and a bidi control could make the shown path differ from the real one.
 */
export const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

/** Why `p` is not a safe workspace-relative path, or null when it is one. */
export function checkRelativePath(p: string): string | null {
  if (typeof p !== 'string') return `${showValue(p)} is not a string; ${EXPECTED}`;
  if (p.trim() === '') return `${showValue(p)} is empty; ${EXPECTED}`;
  if (p.includes('\0')) return `${showValue(p)} contains a NUL character; ${EXPECTED}`;
  const control = CONTROL.exec(p);
  if (control) return `${showValue(p)} contains a line break or control character U+${control[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}; ${EXPECTED}`;
  // Backslashes count as separators so a plan written on Windows cannot slip `..\` past us.
  const slashed = p.replace(/\\/g, '/');
  if (slashed.startsWith('/') || /^[A-Za-z]:/.test(p)) return `${showValue(p)} is absolute; ${EXPECTED}`;
  const normal = posix.normalize(slashed);
  if (normal === '..' || normal.startsWith('../')) return `${showValue(p)} leads outside the workspace (".."); ${EXPECTED}`;
  // The git store commits nothing of the agent's there (states live there), so such an output
  // could never be recorded with its step.
  if (normal === '.sequencer' || normal.startsWith('.sequencer/')) return `${showValue(p)} is in the state folder .sequencer/, where only the sequencer writes; ${EXPECTED}`;
  return null;
}
