// Files the sequencer writes in folders the agent can write to: the attempt's log, its pid file,
// stop file, tool policy, Claude settings and input file, a check command's log. An earlier
// attempt (or the agent itself, before a stop file is written) may have put a symlink, a hard
// link or a folder at such a name; writing through it would overwrite a file elsewhere with the
// sequencer's rights, which is all an agent run as another user would need. So each file is
// created new: whatever stands at the name is removed first (a link, not what it points at), and
// the file is opened with O_CREAT | O_EXCL | O_NOFOLLOW, which never opens an existing file or
// follows a link. A folder that was swapped for a link is replaced by a real one the same way.
import { closeSync, constants, lstatSync, mkdirSync, openSync, rmSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';

const CREATE_NEW = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0);
/** A process racing us can put a new link at the name between the removal and the open. */
const TRIES = 3;

/** Creates `file` (and its folder) as a new, empty file of ours and returns its descriptor, open for writing. */
export function openFreshFile(file: string, mode = 0o644): number {
  realFolder(path.dirname(file));
  for (let tries = 1; ; tries++) {
    removeEntry(file);
    try {
      return openSync(file, CREATE_NEW, mode);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST' || tries >= TRIES) {
        throw new Error(`Cannot create ${file} as a new file: ${(err as Error).message}${tries >= TRIES ? ' (something keeps putting a file or link at that name)' : ''}`);
      }
    }
  }
}

/** Writes `text` into `file`, created new as openFreshFile does. */
export function writeFreshFile(file: string, text: string | Uint8Array, mode = 0o644): void {
  const fd = openFreshFile(file, mode);
  try {
    const bytes = typeof text === 'string' ? Buffer.from(text) : text;
    for (let offset = 0; offset < bytes.length;) offset += writeSync(fd, bytes, offset, bytes.length - offset);
  } finally {
    closeSync(fd);
  }
}

/** `dir` as a real folder: created when missing; a link or file the agent put there is replaced. */
export function realFolder(dir: string): void {
  let st;
  try {
    st = lstatSync(dir);
  } catch {
    st = null;
  }
  // A link (to a folder elsewhere, or to nothing) or a file: removed, never followed.
  if (st && !st.isDirectory()) removeEntry(dir);
  mkdirSync(dir, { recursive: true });
}

function removeEntry(name: string): void {
  try {
    unlinkSync(name);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return;
    // A folder: removed with what is in it (rm never follows the links inside).
    if (code === 'EISDIR' || code === 'EPERM') rmSync(name, { recursive: true, force: true });
    else throw err;
  }
}
