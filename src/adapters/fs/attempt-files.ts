// The payload and input files beside each attempt's log. The payload file is written by the
// agent, so it is opened without following symlinks: a link to a secret elsewhere must not be
// copied into the state document, which is committed. The files we write there (tool policy,
// Claude settings, input) are created new, never written through a link an earlier attempt
// planted at their names (fresh-file.ts).
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { StringDecoder } from 'node:string_decoder';
import type { AttemptFiles, FileRead, PiecesRead } from '../../ports.js';
import { writeFreshFile } from './fresh-file.js';

/** How much of a file readPieces holds at once. */
const PIECE_BYTES = 64 * 1024;

export class FsAttemptFiles implements AttemptFiles {
  // Synchronous: read once per attempt and almost always missing; a thread-pool round trip
  // would cost more than the call.
  async read(file: string, maxBytes: number): Promise<FileRead> {
    const opened = openRegular(file, '; write the JSON into the file itself');
    if (opened.kind !== 'open') return opened;
    const { fd } = opened;
    try {
      const size = fstatSync(fd).size;
      if (size > maxBytes) return { kind: 'too-large', bytes: size };
      // Read one byte past the cap: the file may still be growing (a leftover process writing).
      const buffer = Buffer.alloc(maxBytes + 1);
      let bytesRead = 0;
      while (bytesRead < buffer.length) {
        const n = readSync(fd, buffer, bytesRead, buffer.length - bytesRead, bytesRead);
        if (n === 0) break;
        bytesRead += n;
      }
      if (bytesRead > maxBytes) return { kind: 'too-large', bytes: Math.max(bytesRead, fstatSync(fd).size) };
      return { kind: 'text', text: buffer.subarray(0, bytesRead).toString('utf8') };
    } finally {
      closeSync(fd);
    }
  }

  async readPieces(file: string, maxBytes: number, onText: (text: string) => void): Promise<PiecesRead> {
    const opened = openRegular(file);
    if (opened.kind !== 'open') return opened;
    const { fd } = opened;
    try {
      const buffer = Buffer.alloc(Math.min(PIECE_BYTES, maxBytes + 1));
      // A piece may end inside a character: the decoder holds its first bytes for the next one.
      const decoder = new StringDecoder('utf8');
      let bytes = 0;
      for (;;) {
        const n = readSync(fd, buffer, 0, Math.min(buffer.length, maxBytes - bytes), bytes);
        if (n === 0) break;
        bytes += n;
        const text = decoder.write(buffer.subarray(0, n));
        if (text) onText(text);
      }
      const rest = decoder.end();
      if (rest) onText(rest);
      // One byte more says whether the file goes on past the cap (it may still be growing).
      const truncated = readSync(fd, Buffer.alloc(1), 0, 1, bytes) > 0;
      return { kind: 'read', bytes, truncated };
    } finally {
      closeSync(fd);
    }
  }

  async write(file: string, text: string): Promise<void> {
    writeFreshFile(file, text);
  }

  async remove(file: string): Promise<void> {
    await rm(file, { force: true });
  }
}

/** The file opened for reading when it is a regular file and not a symbolic link; else why not (`linkHint` ends the reason for a link). */
function openRegular(file: string, linkHint = ''): { kind: 'open'; fd: number } | Extract<FileRead, { kind: 'missing' } | { kind: 'unreadable' }> {
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0));
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return { kind: 'missing' };
    if (code === 'ELOOP') return { kind: 'unreadable', reason: `it is a symbolic link${linkHint}` };
    return { kind: 'unreadable', reason: (err as Error).message };
  }
  try {
    if (!fstatSync(fd).isFile()) {
      closeSync(fd);
      return { kind: 'unreadable', reason: 'it is not a regular file' };
    }
  } catch (err) {
    closeSync(fd);
    return { kind: 'unreadable', reason: (err as Error).message };
  }
  return { kind: 'open', fd };
}
