// Replace a file so that readers (and a machine that loses power) see either the old bytes or
// the new ones, never a mix: write a temp file in the same directory, fsync it, rename it over
// the target.
//
// The calls are synchronous on purpose. A tick does one thing at a time, and the checkpoint and
// result writes sit between two agent runs: seven thread-pool round trips per write cost more
// than the calls themselves, while blocking the event loop for one write delays nothing.
import { randomBytes } from 'node:crypto';
import { type BigIntStats, closeSync, constants, copyFileSync, fchmodSync, fstatSync, fsyncSync, openSync, renameSync, statSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';

export interface AtomicWriteOptions {
  /** File mode for a new file; an existing file keeps its own mode. Default 0o644 (before umask). */
  mode?: number;
  /**
   * `mode` even over an existing file's own: for files whose every byte and bit we dictate (a
   * git config put back as it was kept), where a mode someone else set must not carry over.
   */
  exactMode?: boolean;
}

/** Atomically replaces `filePath` with `text`. */
export async function writeFileAtomic(filePath: string, text: string | Uint8Array, options: AtomicWriteOptions = {}): Promise<void> {
  writeFileAtomicSync(filePath, text, options);
}

/** writeFileAtomic for callers that must not yield (a git guard restoring files before each command). */
export function writeFileAtomicSync(filePath: string, text: string | Uint8Array, options: AtomicWriteOptions = {}): BigIntStats {
  return writeAtomic(filePath, text, options);
}

/**
 * Like writeFileAtomic, and returns the written file's stats (taken from the temp file before
 * the rename, which keeps inode, size and mtime), so callers can later tell whether the file
 * was replaced behind their back without racing a second stat.
 */
export async function writeFileAtomicStat(filePath: string, text: string | Uint8Array, options: AtomicWriteOptions = {}): Promise<BigIntStats> {
  return writeAtomic(filePath, text, options);
}

/**
 * Replaces `target` with a copy of `source` (its bytes and mode), the same way: readers see the
 * old file or the whole copy. The copy is created exclusively, so nothing planted at the
 * temporary name is written through.
 */
export function copyFileAtomic(source: string, target: string): void {
  const tempPath = tempPathFor(target);
  try {
    copyFileSync(source, tempPath, constants.COPYFILE_EXCL);
    renameSync(tempPath, target);
  } catch (err) {
    removeQuietly(tempPath);
    throw err;
  }
}

function writeAtomic(filePath: string, text: string | Uint8Array, options: AtomicWriteOptions): BigIntStats {
  const tempPath = tempPathFor(filePath);
  const mode = (options.exactMode ? undefined : existingMode(filePath)) ?? options.mode ?? 0o644;
  const bytes = typeof text === 'string' ? Buffer.from(text) : text;
  let written: BigIntStats;
  const fd = openSync(tempPath, 'wx', mode);
  try {
    try {
      for (let offset = 0; offset < bytes.length;) offset += writeSync(fd, bytes, offset, bytes.length - offset);
      // open()'s mode is filtered by the umask; an existing file's mode must carry over exactly.
      fchmodSync(fd, mode);
      fsyncSync(fd);
      written = fstatSync(fd, { bigint: true });
    } finally {
      closeSync(fd);
    }
    renameSync(tempPath, filePath);
  } catch (err) {
    removeQuietly(tempPath);
    throw err;
  }
  // The directory is not fsynced: after a power loss the rename may be undone, leaving the
  // previous complete version, and every write is one the tick can repeat (a lost checkpoint
  // re-runs the step, a lost completion is recovered as an interrupted attempt). The file's own
  // fsync above is what matters: it keeps a torn or empty file from ever replacing a good one.
  return written;
}

/** Random per process (drawn on the first write, not at start-up), then counted. */
let tempPrefix: string | null = null;
let tempCount = 0;

/** `.<name>.<pid>.<hex>.tmp` beside the target: same file system, so rename() is atomic. */
export function tempPathFor(filePath: string): string {
  const name = path.basename(filePath);
  // The random part keeps a reused pid from meeting a temp file a crashed process left behind.
  tempPrefix ??= randomBytes(6).toString('hex');
  return path.join(path.dirname(filePath), `.${name}.${process.pid}.${tempPrefix}${(tempCount++).toString(16)}.tmp`);
}

/** Whether `fileName` is a temp file tempPathFor() made for a target called `targetName`. */
export function isTempFileFor(fileName: string, targetName: string): boolean {
  const prefix = `.${targetName}.`;
  if (!fileName.startsWith(prefix) || !fileName.endsWith('.tmp')) return false;
  return /^\d+\.[0-9a-f]+$/.test(fileName.slice(prefix.length, -'.tmp'.length));
}

function removeQuietly(tempPath: string): void {
  try {
    unlinkSync(tempPath);
  } catch {
    // Never created, or already gone.
  }
}

function existingMode(filePath: string): number | null {
  try {
    return statSync(filePath).mode & 0o7777;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}
