// The attempt's log and the copy of the agent's stdout, written chunk by chunk as the output
// arrives. Both lie where the agent can write, so each is created new (fresh-file.ts).
import { closeSync, writeSync } from 'node:fs';
import { openFreshFile } from '../fs/fresh-file.js';

/**
 * The attempt's log: every chunk is written as it arrives, up to `maxBytes` when given; a write
 * error stops logging only.
 */
export class LogFile {
  private fd: number | null;
  private left: number;

  constructor(file: string, maxBytes = Infinity) {
    this.fd = openFreshFile(file);
    this.left = maxBytes;
  }

  write(chunk: string | Uint8Array): void {
    if (this.fd === null) return;
    const whole = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    const bytes = whole.length > this.left ? whole.subarray(0, this.left) : whole;
    this.left -= bytes.length;
    try {
      for (let offset = 0; offset < bytes.length;) offset += writeSync(this.fd, bytes, offset, bytes.length - offset);
    } catch {
      // A full disk must not kill the agent's run; the head and tail in the state still show it.
      this.close();
    }
    if (this.left === 0) this.close();
  }

  close(): void {
    if (this.fd === null) return;
    const fd = this.fd;
    this.fd = null;
    try {
      closeSync(fd);
    } catch {
      // Nothing more can be lost: every chunk was written synchronously.
    }
  }
}

/**
 * The copy of stdout, or null when it cannot be created: the agent runs without it, and a later
 * read-back takes the log instead, as for an attempt of a build that kept no copy.
 */
export function openedCopy(file: string, maxBytes: number): LogFile | null {
  try {
    return new LogFile(file, maxBytes);
  } catch {
    return null;
  }
}
