// How the proposal is laid out so that it is never cut: untrusted text fenced in full, in pieces
// that each fit a comment, and the blocks packed into numbered parts of one comment each.
import { fence } from './untrusted-text.js';

/** Content per part, leaving room for the part's heading and the closing lines. */
const PART_CONTENT_CHARS = 58_000;
/**
 * Untrusted text is fenced in pieces of at most this many characters: a fence grows by twice the
 * longest backtick run inside it, and mentions grow by a third, so a piece always fits a part.
 */
const PIECE_CHARS = 18_000;

/** Instructions longer than this (or with more lines) are collapsed. */
export const SHORT_INSTRUCTION_CHARS = 400;
export const SHORT_INSTRUCTION_LINES = 6;

/**
 * A label and the text fenced in full: in pieces when it is long (each labelled), collapsed in
 * `<details>` when asked. The fence is longer than any backtick run inside, so nothing escapes it.
 */
export function labelledFence(label: string, text: string, info: string, collapsed = false): string[] {
  const pieces = splitText(text, PIECE_CHARS);
  return pieces.map((piece, i) => {
    const name = pieces.length > 1 ? `${label} (piece ${i + 1} of ${pieces.length})` : label;
    const body = fullFence(piece, info);
    return collapsed ? `<details><summary>${name}</summary>\n\n${body}\n\n</details>` : `${name}\n\n${body}`;
  });
}

export function fullFence(text: string, info = 'text'): string {
  return fence(text, Math.max(1, text.length), info);
}

/** Splits at line ends where it can, never inside a surrogate pair. */
export function splitText(text: string, max: number): string[] {
  const out: string[] = [];
  let rest = text.replace(/\r\n?/g, '\n');
  while (rest.length > max) {
    let cut = rest.lastIndexOf('\n', max);
    if (cut < max / 2) cut = max;
    else cut += 1;
    const code = rest.charCodeAt(cut - 1);
    if (code >= 0xd800 && code <= 0xdbff) cut -= 1;
    out.push(rest.slice(0, cut));
    rest = rest.slice(cut);
  }
  out.push(rest);
  return out;
}

/** Lines grouped into blocks that each fit a part. */
export function linesToBlocks(lines: string[]): string[] {
  const blocks: string[] = [];
  let current: string[] = [];
  let size = 0;
  for (const line of lines) {
    if (size + line.length + 1 > PIECE_CHARS && current.length) {
      blocks.push(current.join('\n'));
      current = [];
      size = 0;
    }
    current.push(line);
    size += line.length + 1;
  }
  if (current.length) blocks.push(current.join('\n'));
  return blocks;
}

/** `label a, b, c.` over as many blocks as it takes. */
export function listBlocks(label: string, items: string[], end = ''): string[] {
  const lines = linesToBlocks(items.map((item, i) => `${item}${i < items.length - 1 ? ',' : end}`));
  return lines.map((l, i) => `${i === 0 ? label : '(continued) '}${l.replace(/\n/g, ' ')}`);
}

/** Blocks into parts of at most PART_CONTENT_CHARS, in order. */
export function pack(blocks: string[]): string[][] {
  const parts: string[][] = [];
  let current: string[] = [];
  let size = 0;
  for (const block of blocks) {
    if (current.length && size + block.length + 2 > PART_CONTENT_CHARS) {
      parts.push(current);
      current = [];
      size = 0;
    }
    current.push(block);
    size += block.length + 2;
  }
  if (current.length) parts.push(current);
  return parts;
}
