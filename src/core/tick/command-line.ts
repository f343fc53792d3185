// Which line of a comment is its command: the first line that starts with "/" and a word at
// column 0 and that GitHub shows as a plain paragraph line. Anything GitHub renders as code, a
// quote, a list item, a table cell, a heading, inside raw HTML or hidden is not a command, so
// quoting or pasting someone's "/approve" never approves.
//
// This is not a Markdown parser. It follows the block structure only as far as it can be sure,
// and wherever it cannot be sure it says "not a command": a missed command costs the writer a
// second comment, a false one can run a plan nobody approved. The rules it relies on:
// - A line at column 0 ends every container (block quote, list item, footnote) unless it is a
//   lazy continuation of a paragraph inside one; lazy lines never follow a blank line. So after
//   a container line nothing counts until a blank line.
// - Only fenced code and HTML blocks opened outside any container can hold a column-0 line, and
//   they run across blank lines: those are tracked. An opener that may sit inside a list item
//   (indented while a list may be open) makes the rest undecidable: nothing after it counts.
// - Raw HTML outlives the Markdown block it was written in (`<details>` hides every later
//   paragraph until `</details>`, an open attribute quote swallows text): after any raw HTML
//   other than complete void tags (`<img …>`, `<br>`), closing tags and closed comments, no
//   later line counts.
// - Inside a paragraph, a line is plain only if nothing before it on the paragraph's earlier
//   lines can still be open: code spans, links, emphasis, inline HTML, math, escapes.

/** A command word at column 0: `/approve`, `/cancel reason`; not a path such as `/usr/bin`. */
const COMMAND_LINE = /^\/[A-Za-z]+(?:[ \t]|$)/;
/** CommonMark's blank line: spaces and tabs only (a no-break space is text). */
const BLANK = /^[ \t]*$/;
const FENCE = /^ {0,3}(`{3,}|~{3,})(.*)$/;
const COMMENT_OPEN = /^ {0,3}<!--/;
const HTML_LINE = /^ {0,3}<[A-Za-z/?!]/;
const QUOTE = /^ {0,3}>/;
/** List items and footnote definitions: containers that go on across blank lines. */
const LIST_ITEM = /^ {0,3}(?:[-+*]|\d{1,9}[.)])(?:[ \t]|$)|^ {0,3}\[\^/;
const THEMATIC_BREAK = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
const ATX_HEADING = /^ {0,3}#{1,6}(?:[ \t]|$)/;
const SETEXT_UNDERLINE = /^ {0,3}(?:=+|-+)[ \t]*$/;
const TABLE_DELIMITER = /^[ \t]*\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-*:?[ \t]*)*$/;
const INDENTED = /^[ \t]/;
const INDENTED_CODE = /^(?: {4}| {0,3}\t)/;

/** What is open at the top level after a line, for the next line. */
type Block =
  /** Nothing that a column-0 line could continue: it starts a new block. */
  | { kind: 'none' }
  /** A top-level paragraph; a column-0 line continues it. */
  | { kind: 'paragraph'; lines: string[] }
  /** A container, table, heading-to-be or risky paragraph: nothing counts until a blank line. */
  | { kind: 'opaque' }
  /** An HTML block of the kind that ends at a blank line; its lines are raw HTML. */
  | { kind: 'html' };

/**
 * The index of the comment's command line (see the top of this file), or null when the comment
 * holds none that GitHub shows as plain text.
 */
export function commandLineIndex(text: string): number | null {
  const lines = text.split(/\r\n|\n|\r/);
  let fence: { char: string; length: number } | null = null;
  let inComment = false;
  let block: Block = { kind: 'none' };
  // Whether a list item or footnote may still be open, taking indented lines after a blank one.
  let listMayBeOpen = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (fence) {
      const close = FENCE.exec(line);
      if (close && close[1]![0] === fence.char && close[1]!.length >= fence.length && BLANK.test(close[2]!)) {
        fence = null;
        block = { kind: 'none' };
      }
      continue;
    }
    if (inComment) {
      const end = line.indexOf('-->');
      // A browser also ends a comment at "--!>", earlier than CommonMark: what follows is raw HTML.
      if (line.slice(0, end < 0 ? line.length : end).includes('--!>')) return null;
      if (end < 0) continue;
      if (!inertHtml(line.slice(end + 3))) return null;
      inComment = false;
      block = { kind: 'none' };
      continue;
    }
    if (BLANK.test(line)) {
      block = { kind: 'none' };
      continue;
    }
    const column0 = !INDENTED.test(line);
    if (column0 && block.kind === 'none') listMayBeOpen = false;
    if (COMMAND_LINE.test(line) && (block.kind === 'none' || (block.kind === 'paragraph' && inlineClosed(block.lines)))) {
      if (!becomesHeadingOrTable(lines, i)) return i;
      block = { kind: 'opaque' };
      continue;
    }
    const fenceOpen = opensFence(line);
    // A line of raw HTML that does not start an HTML block is part of a paragraph, which a fence
    // interrupts: whether this fence is code or raw HTML cannot be told without the HTML rules.
    if (block.kind === 'html' && fenceOpen) return null;
    const commentOpen = block.kind !== 'html' && COMMENT_OPEN.test(line);
    if ((fenceOpen || commentOpen) && !column0 && listMayBeOpen) return null;
    if (fenceOpen) {
      fence = fenceOpen;
      if (column0) listMayBeOpen = false;
      continue;
    }
    if (commentOpen) {
      if (column0) listMayBeOpen = false;
      const start = line.indexOf('<!--');
      const end = line.indexOf('-->', start + 2);
      if (end < 0) {
        if (line.includes('--!>', start)) return null;
        inComment = true;
        continue;
      }
      if (!inertHtml(line.slice(start))) return null;
      block = { kind: 'none' };
      continue;
    }
    if (line.includes('$$') || !inertHtml(line)) return null;
    if (LIST_ITEM.test(line)) listMayBeOpen = true;
    block = nextBlock(block, line, column0, listMayBeOpen);
  }
  return null;
}

/** The comment's command line (see commandLineIndex), or null. */
export function commandLine(text: string): string | null {
  const index = commandLineIndex(text);
  return index === null ? null : text.split(/\r\n|\n|\r/)[index]!;
}

/** How a line that is none of fence, comment or command leaves the top level. */
function nextBlock(block: Block, line: string, column0: boolean, listMayBeOpen: boolean): Block {
  // Raw HTML, whether a block of its own, in a list item or in a paragraph: until a blank line.
  if (block.kind === 'html' || HTML_LINE.test(line)) return { kind: 'html' };
  // After a blank line, an indented line belongs to a list item that may still be open.
  if (block.kind === 'none' && !column0 && listMayBeOpen) return { kind: 'opaque' };
  if (QUOTE.test(line) || (LIST_ITEM.test(line) && !THEMATIC_BREAK.test(line))) return { kind: 'opaque' };
  if (THEMATIC_BREAK.test(line) || ATX_HEADING.test(line)) return { kind: 'none' };
  if (block.kind === 'paragraph' && SETEXT_UNDERLINE.test(line)) return { kind: 'none' };
  if (line.includes('|') && TABLE_DELIMITER.test(line)) return { kind: 'opaque' };
  if (block.kind === 'opaque') return block;
  if (block.kind === 'paragraph') return { kind: 'paragraph', lines: [...block.lines, line] };
  // Indented code cannot take a column-0 line; it ends like a closed block.
  if (INDENTED_CODE.test(line)) return { kind: 'none' };
  return { kind: 'paragraph', lines: [line] };
}

/** The fence a line opens, if it is a fence opener (a backtick fence's info holds no backtick). */
function opensFence(line: string): { char: string; length: number } | null {
  const open = FENCE.exec(line);
  if (!open || (open[1]![0] === '`' && open[2]!.includes('`'))) return null;
  return { char: open[1]![0]!, length: open[1]!.length };
}

/**
 * Whether a command line at `index` would be turned into a heading (a setext underline) or a
 * table header by a later line of its paragraph.
 */
function becomesHeadingOrTable(lines: string[], index: number): boolean {
  for (let j = index + 1; j < lines.length && !BLANK.test(lines[j]!); j++) {
    const line = lines[j]!;
    if (SETEXT_UNDERLINE.test(line) || (line.includes('|') && TABLE_DELIMITER.test(line))) return true;
  }
  return false;
}

const VOID_TAG = /<(?:area|base|br|col|embed|hr|img|input|link|meta|param|source|track|wbr)(?:[ \t]+[A-Za-z_:][\w.:-]*(?:[ \t]*=[ \t]*(?:[^ \t"'=<>`]+|'[^']*'|"[^"]*"))?)*[ \t]*\/?>/iy;
const CLOSING_TAG = /<\/[A-Za-z][A-Za-z0-9-]*[ \t]*>/y;

/**
 * Whether the raw HTML in `text` (one line) can leave nothing open for later lines: complete
 * void tags, closing tags and comments closed on the line. Anything else that could be a tag,
 * a declaration or a processing instruction is taken as one.
 */
function inertHtml(text: string): boolean {
  const tagStart = /<[A-Za-z/?!]/g;
  for (let match = tagStart.exec(text); match; match = tagStart.exec(text)) {
    const at = match.index;
    if (text.startsWith('<!--', at)) {
      const end = text.indexOf('-->', at + 2);
      if (end < 0 || text.slice(at, end).includes('--!>')) return false;
      tagStart.lastIndex = end + 3;
      continue;
    }
    const tag = [VOID_TAG, CLOSING_TAG].find((pattern) => {
      pattern.lastIndex = at;
      return pattern.test(text);
    });
    if (!tag) return false;
    tagStart.lastIndex = tag.lastIndex;
  }
  return true;
}

/**
 * Whether nothing on a paragraph's lines so far can still be open on the next line: every code
 * span closed; no inline HTML, autolink, escape or math; no emphasis; brackets and parentheses
 * (link text, destination, title) closed; not a link reference or footnote definition.
 */
function inlineClosed(paragraph: string[]): boolean {
  const text = paragraph.join('\n');
  if (/^ {0,3}\[/.test(text) || /<[A-Za-z/?!]|\\|\$/.test(text)) return false;
  const outsideCode = withoutCodeSpans(text);
  if (outsideCode === null || /[*~]/.test(outsideCode)) return false;
  // "snake_case": an underscore between letters or digits neither opens nor closes emphasis.
  if (/(?<![A-Za-z0-9])_|_(?![A-Za-z0-9])/.test(outsideCode)) return false;
  return closes(outsideCode, '[', ']') && closes(outsideCode, '(', ')');
}

/** The text with its code spans blanked out, or null when a backtick run is still unmatched. */
function withoutCodeSpans(text: string): string | null {
  const runs = [...text.matchAll(/`+/g)];
  let out = '';
  let from = 0;
  for (let r = 0; r < runs.length; r++) {
    const open = runs[r]!;
    const closeAt = runs.findIndex((run, k) => k > r && run[0].length === open[0].length);
    if (closeAt < 0) return null;
    const close = runs[closeAt]!;
    out += text.slice(from, open.index);
    from = close.index + close[0].length;
    r = closeAt;
  }
  return out + text.slice(from);
}

/** Whether every `open` is matched by a later `close`. */
function closes(text: string, open: string, close: string): boolean {
  let depth = 0;
  for (const char of text) {
    if (char === open) depth++;
    else if (char === close && depth > 0) depth--;
  }
  return depth === 0;
}

/** `/draft` as the first line of a comment, at column 0. */
const DRAFT = /^\/draft(?:[ \t]*(?:\r?\n|$))/;

/** A comment that is a `/draft` command: one the inbox would count, with `/draft` as its first line. */
export function isDraftCommand(body: string): boolean {
  return commandLine(body) !== null && DRAFT.test(body);
}
