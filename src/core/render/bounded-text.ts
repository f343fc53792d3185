// Agent output can be gigabytes; the state document and comments must stay small. We keep the
// start (what the agent set out to do) and the end (how it failed) and say how much was left
// out and where the full log is.

export const DEFAULT_HEAD_CHARS = 4000;
export const DEFAULT_TAIL_CHARS = 4000;

export interface HeadTailOptions {
  head?: number;
  tail?: number;
  /** Named in the omission marker so a reader knows where the rest is. */
  logFile?: string;
}

export class HeadTailBuffer {
  private readonly headMax: number;
  private readonly tailMax: number;
  private readonly logFile: string | undefined;
  private head = '';
  private tail = '';
  private chars = 0;
  private bytes = 0;
  /** Whether anything was dropped between head and tail. */
  private dropped = false;

  constructor(options: HeadTailOptions = {}) {
    this.headMax = Math.max(0, Math.floor(options.head ?? DEFAULT_HEAD_CHARS));
    this.tailMax = Math.max(0, Math.floor(options.tail ?? DEFAULT_TAIL_CHARS));
    this.logFile = options.logFile;
  }

  append(chunk: string): void {
    if (!chunk) return;
    this.chars += chunk.length;
    this.bytes += utf8Length(chunk);
    let rest = chunk;
    if (!this.dropped && this.tail === '' && this.head.length < this.headMax) {
      let take = this.headMax - this.head.length;
      // Never split a surrogate pair between head and the rest.
      if (take < rest.length && isHighSurrogate(rest.charCodeAt(take - 1))) take--;
      this.head += rest.slice(0, take);
      rest = rest.slice(take);
    }
    if (!rest) return;
    let tail = this.tail + rest;
    if (tail.length > this.tailMax) {
      let cut = tail.length - this.tailMax;
      if (isLowSurrogate(tail.charCodeAt(cut))) cut++;
      tail = tail.slice(cut);
      this.dropped = true;
    }
    this.tail = tail;
  }

  /** Characters appended so far. */
  get totalChars(): number {
    return this.chars;
  }

  /** UTF-8 bytes appended so far. */
  get totalBytes(): number {
    return this.bytes;
  }

  get truncated(): boolean {
    return this.dropped;
  }

  toString(): string {
    if (!this.dropped) return this.head + this.tail;
    const omitted = this.bytes - utf8Length(this.head) - utf8Length(this.tail);
    const where = this.logFile ? `; full log: ${this.logFile}` : '';
    return `${this.head}\n…[${omitted} bytes omitted${where}]…\n${this.tail}`;
  }
}

/** `text` when it has at most `max` characters, else its head and tail around an omission marker. */
export function boundText(text: string, max = DEFAULT_HEAD_CHARS + DEFAULT_TAIL_CHARS, logFile?: string): string {
  if (text.length <= max) return text;
  const buffer = new HeadTailBuffer({ head: Math.ceil(max / 2), tail: Math.floor(max / 2), ...(logFile ? { logFile } : {}) });
  buffer.append(text);
  return buffer.toString();
}

/** Byte length of `text` in UTF-8, without allocating an encoded copy. */
export function utf8Length(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (isHighSurrogate(c) && isLowSurrogate(text.charCodeAt(i + 1))) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}

function isHighSurrogate(c: number): boolean {
  return c >= 0xd800 && c <= 0xdbff;
}

function isLowSurrogate(c: number): boolean {
  return c >= 0xdc00 && c <= 0xdfff;
}
