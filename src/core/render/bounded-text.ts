// Agent output can be gigabytes; the state document and comments must stay small. We keep the
// start (what the agent set out to do) and the end (how it failed) and say how much was left
// out and where the full log is.

import type { Scrubber } from '../trust/secrets.js';

export const DEFAULT_HEAD_CHARS = 4000;
export const DEFAULT_TAIL_CHARS = 4000;

export interface HeadTailOptions {
  head?: number;
  tail?: number;
  /** Named in the omission marker so a reader knows where the rest is. */
  logFile?: string;
  /**
   * Known secrets, scrubbed before the head and tail are cut: a cut through a secret (or one of
   * its encoded forms) would leave a piece of it that no later scrub recognises. The buffer keeps
   * the longest secret's length more at each end, scrubs, then cuts.
   */
  scrubber?: Scrubber;
}

export class HeadTailBuffer {
  private readonly headMax: number;
  private readonly tailMax: number;
  private readonly logFile: string | undefined;
  private readonly scrubber: Scrubber | undefined;
  /** What each end keeps beyond its size, so a secret across a cut is whole when scrubbed. */
  private readonly margin: number;
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
    this.scrubber = options.scrubber?.needles.length ? options.scrubber : undefined;
    this.margin = this.scrubber ? Math.max(...this.scrubber.needles.map((n) => n.length)) : 0;
  }

  append(chunk: string): void {
    if (!chunk) return;
    this.chars += chunk.length;
    this.bytes += utf8Length(chunk);
    let rest = chunk;
    const headKeep = this.headMax + this.margin;
    const tailKeep = this.tailMax + this.margin;
    if (!this.dropped && this.tail === '' && this.head.length < headKeep) {
      let take = headKeep - this.head.length;
      // Never split a surrogate pair between head and the rest.
      if (take < rest.length && isHighSurrogate(rest.charCodeAt(take - 1))) take--;
      this.head += rest.slice(0, take);
      rest = rest.slice(take);
    }
    if (!rest) return;
    let tail = this.tail + rest;
    if (tail.length > tailKeep) {
      let cut = tail.length - tailKeep;
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
    const scrub = (text: string) => (this.scrubber ? this.scrubber.scrub(text) : text);
    // Not dropped: head and tail are one stretch of text, scrubbed whole (no cut inside a secret).
    const whole = this.dropped ? null : this.head + this.tail;
    if (whole !== null && whole.length <= this.headMax + this.tailMax) return scrub(whole);
    // Each end is scrubbed with its margin, then cut to size: a secret that starts before the
    // head's cut, or ends after the tail's start, lies whole within the margin.
    const head = whole ?? this.head;
    const tail = whole ?? this.tail;
    const rawHead = cutAt(head, this.headMax);
    const rawTail = tailOf(tail, this.tailMax);
    const omitted = this.bytes - utf8Length(rawHead) - utf8Length(rawTail);
    const where = this.logFile ? `; full log: ${this.logFile}` : '';
    return `${cutAt(scrub(head), this.headMax)}\n…[${omitted} bytes omitted${where}]…\n${tailOf(scrub(tail), this.tailMax)}`;
  }
}

/** `text` when it has at most `max` characters, else its head and tail around an omission marker. */
export function boundText(text: string, max = DEFAULT_HEAD_CHARS + DEFAULT_TAIL_CHARS, logFile?: string): string {
  if (text.length <= max) return text;
  const buffer = new HeadTailBuffer({ head: Math.ceil(max / 2), tail: Math.floor(max / 2), ...(logFile ? { logFile } : {}) });
  buffer.append(text);
  return buffer.toString();
}

/** The last `n` characters, not splitting a surrogate pair. */
function tailOf(text: string, n: number): string {
  if (text.length <= n) return text;
  if (n <= 0) return '';
  const from = text.length - n;
  return isLowSurrogate(text.charCodeAt(from)) ? text.slice(from + 1) : text.slice(from);
}

/** The first `n` characters, not splitting a surrogate pair. */
function cutAt(text: string, n: number): string {
  if (text.length <= n) return text;
  return isHighSurrogate(text.charCodeAt(n - 1)) ? text.slice(0, n - 1) : text.slice(0, n);
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
