// The payload and input files beside each attempt's log. The payload file is written by the
// agent, so it is opened without following symlinks: a link to a secret elsewhere must not be
// copied into the state document, which is committed. The files we write there (tool policy,
// Claude settings, input) are created new, never written through a link an earlier attempt
// planted at their names (fresh-file.ts).
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { AttemptFiles, FileRead } from '../../ports.js';
import { writeFreshFile } from './fresh-file.js';

export class FsAttemptFiles implements AttemptFiles {
  // Synchronous: read once per attempt and almost always missing; a thread-pool round trip
  // would cost more than the call.
  async read(file: string, maxBytes: number): Promise<FileRead> {
    let fd: number;
    try {
      fd = openSync(file, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0));
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR') return { kind: 'missing' };
      if (code === 'ELOOP') return { kind: 'unreadable', reason: 'it is a symbolic link; write the JSON into the file itself' };
      return { kind: 'unreadable', reason: (err as Error).message };
    }
    try {
      const st = fstatSync(fd);
      if (!st.isFile()) return { kind: 'unreadable', reason: 'it is not a regular file' };
      if (st.size > maxBytes) return { kind: 'too-large', bytes: st.size };
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

  async write(file: string, text: string): Promise<void> {
    writeFreshFile(file, text);
  }

  async remove(file: string): Promise<void> {
    await rm(file, { force: true });
  }
}
