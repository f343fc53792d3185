// An agent's stream arrives in chunks that end anywhere, may hold lines that are not JSON (the
// agent's stderr, a warning, a line cut by a kill) and may hold a line of any length (a tool
// result with a whole file in it). This splits it into JSON objects with bounded memory: a line
// longer than the cap is dropped whole (counted, never half-parsed), as is any line that is not
// a JSON object.

/** Longest line kept for parsing; longer ones are skipped. Claude Code's events stay far below. */
export const DEFAULT_MAX_LINE_CHARS = 1024 * 1024;

export interface JsonLineStats {
  /** Lines parsed into an object. */
  objects: number;
  /** Non-empty lines that were not a JSON object (or were cut short). */
  skipped: number;
  /** Lines dropped for being longer than the cap. */
  tooLong: number;
}

export class JsonLines {
  private pending = '';
  /** Inside a line that passed the cap: drop everything up to its end. */
  private dropping = false;
  readonly stats: JsonLineStats = { objects: 0, skipped: 0, tooLong: 0 };

  constructor(private readonly maxLineChars = DEFAULT_MAX_LINE_CHARS) {}

  /** The objects of every line this chunk completes. */
  push(chunk: string): Array<Record<string, unknown>> {
    const out: Array<Record<string, unknown>> = [];
    let start = 0;
    for (;;) {
      const nl = chunk.indexOf('\n', start);
      if (nl < 0) break;
      this.take(chunk.slice(start, nl), true, out);
      start = nl + 1;
    }
    this.take(chunk.slice(start), false, out);
    return out;
  }

  /** The object of the last line when it had no line break (a stream cut short yields nothing). */
  end(): Array<Record<string, unknown>> {
    const out: Array<Record<string, unknown>> = [];
    const line = this.pending;
    this.pending = '';
    if (this.dropping) {
      this.dropping = false;
      return out;
    }
    this.parse(line, out);
    return out;
  }

  private take(piece: string, complete: boolean, out: Array<Record<string, unknown>>): void {
    if (this.dropping) {
      if (complete) this.dropping = false;
      return;
    }
    if (this.pending.length + piece.length > this.maxLineChars) {
      this.pending = '';
      this.stats.tooLong++;
      this.dropping = !complete;
      return;
    }
    if (!complete) {
      this.pending += piece;
      return;
    }
    const line = this.pending + piece;
    this.pending = '';
    this.parse(line, out);
  }

  private parse(line: string, out: Array<Record<string, unknown>>): void {
    const text = line.endsWith('\r') ? line.slice(0, -1) : line;
    if (text.trim() === '') return;
    // Only objects are events; a quick look saves a parse of every stderr line.
    if (!text.trimStart().startsWith('{')) {
      this.stats.skipped++;
      return;
    }
    try {
      const value: unknown = JSON.parse(text);
      if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
        this.stats.objects++;
        out.push(value as Record<string, unknown>);
        return;
      }
    } catch {
      // Counted below: a cut line or text that only looks like JSON.
    }
    this.stats.skipped++;
  }
}
