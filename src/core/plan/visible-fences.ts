// Which fenced blocks of an issue body GitHub shows. A plan is what the maintainer reads, so a
// fence that GitHub hides (inside an HTML comment, an element whose content it drops or marks
// hidden) or does not render as code at all (inside a raw HTML block) is not a plan. Errs on the
// side of "hidden": a visible block taken for hidden only costs the author a clear message.
// Every scan is linear in the body's length: issue text is untrusted.
import { readFence, type FencedBlock } from './plan-from-issue.js';

export interface IssueFence extends FencedBlock {
  /** Why GitHub does not show this block as code (`an HTML comment`, `<svg>`, …), or null. */
  hiddenBy: string | null;
}

/** Elements whose content GitHub's sanitizer drops, or that browsers do not display. */
const HIDING_ELEMENTS = new Set([
  'audio',
  'canvas',
  'datalist',
  'dialog',
  'embed',
  'frame',
  'frameset',
  'head',
  'iframe',
  'map',
  'math',
  'noembed',
  'noframes',
  'noscript',
  'object',
  'plaintext',
  'script',
  'select',
  'style',
  'svg',
  'template',
  'textarea',
  'title',
  'video',
  'xmp',
]);
const VOID_ELEMENTS = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'param', 'source', 'track', 'wbr']);
/** An attribute that can hide an element where a sanitizer lets it through. */
const HIDING_ATTRIBUTE = /(?:^|\s)(?:hidden|style)(?:\s|=|\/|$)/i;

// CommonMark's HTML block starts (spec 4.6), after up to three spaces of indent.
const BLOCK_TAGS =
  'address|article|aside|base|basefont|blockquote|body|caption|center|col|colgroup|dd|details|dialog|dir|div|dl|dt|fieldset|figcaption|figure|footer|form|frame|frameset|h[1-6]|head|header|hr|html|iframe|legend|li|link|main|menu|menuitem|nav|noframes|ol|optgroup|option|p|param|search|section|summary|table|tbody|td|tfoot|th|thead|title|tr|track|ul';
const RAW = 'raw HTML (GitHub shows it as text, not as a code block)';
const RAW_UNTIL_BLANK = 'raw HTML (GitHub shows it as text, not as a code block; leave a blank line after the HTML tag)';
const HTML_BLOCKS: Array<{ start: RegExp; end: RegExp | 'blank'; interruptsParagraph: boolean; hides: string }> = [
  { start: /^<(?:script|pre|style|textarea)(?:[\s>]|$)/i, end: /<\/(?:script|pre|style|textarea)>/i, interruptsParagraph: true, hides: RAW },
  { start: /^<!--/, end: /-->/, interruptsParagraph: true, hides: 'an HTML comment' },
  { start: /^<\?/, end: /\?>/, interruptsParagraph: true, hides: RAW },
  { start: /^<![A-Za-z]/, end: />/, interruptsParagraph: true, hides: RAW },
  { start: /^<!\[CDATA\[/, end: /\]\]>/, interruptsParagraph: true, hides: RAW },
  { start: new RegExp(`^</?(?:${BLOCK_TAGS})(?:[\\s>]|/>|$)`, 'i'), end: 'blank', interruptsParagraph: true, hides: RAW_UNTIL_BLANK },
  // A whole tag alone on its line. Looser than the spec (any attributes): a line taken for an
  // HTML block hides the fences right after it, which is the safe side.
  { start: /^<\/?[A-Za-z][A-Za-z0-9-]*(?:[\s/][^<>]*)?>\s*$/, end: 'blank', interruptsParagraph: false, hides: RAW_UNTIL_BLANK },
];

export function issueFences(body: string): IssueFence[] {
  const lines = body.replace(/\r\n?/g, '\n').split('\n');
  const html = new HtmlTracker();
  const out: IssueFence[] = [];
  let paragraph = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    if (line.trim() === '') {
      paragraph = false;
      continue;
    }
    const indent = indentWidth(line);
    // An indented code block (it cannot interrupt a paragraph): literal text, no tags.
    if (indent >= 4 && !paragraph) continue;
    const fence = readFence(lines, i);
    if (fence) {
      out.push({ ...fence.block, hiddenBy: html.hiddenBy() });
      i = fence.end;
      paragraph = false;
      continue;
    }
    const text = line.trimStart();
    const kind = HTML_BLOCKS.find((k) => k.start.test(text) && (k.interruptsParagraph || !paragraph));
    if (kind) {
      // Everything up to the block's end is raw HTML: a fence in it is text, not code.
      let j = i;
      if (kind.end === 'blank') while (j + 1 < lines.length && (lines[j + 1] ?? '').trim() !== '') j++;
      else while (!kind.end.test(lines[j] ?? '') && j + 1 < lines.length) j++;
      const raw = lines.slice(i, j + 1);
      for (let k = 0; k < raw.length; k++) {
        const inner = readFence(raw, k);
        if (!inner) continue;
        out.push({ ...inner.block, line: inner.block.line + i, hiddenBy: html.hiddenBy() ?? kind.hides });
        k = inner.end;
      }
      for (const l of raw) html.scan(l);
      i = j;
      paragraph = false;
      continue;
    }
    html.scan(withoutCodeSpans(text));
    paragraph = true;
  }
  return out;
}

function indentWidth(line: string): number {
  let width = 0;
  for (const ch of line) {
    if (ch === ' ') width++;
    else if (ch === '\t') width += 4 - (width % 4);
    else break;
  }
  return width;
}

/**
 * Open HTML elements and comments across the body, from complete tags only. A close tag closes
 * the nearest open element of its name; elements never closed stay open, as in a browser.
 */
class HtmlTracker {
  private readonly open: Array<{ name: string; hides: boolean }> = [];
  private inComment = false;

  hiddenBy(): string | null {
    if (this.inComment) return 'an HTML comment';
    const hiding = this.open.find((e) => e.hides);
    return hiding ? `an HTML <${hiding.name}> element` : null;
  }

  scan(text: string): void {
    let i = 0;
    while (i < text.length) {
      if (this.inComment) {
        const end = text.indexOf('-->', i);
        if (end < 0) return;
        this.inComment = false;
        i = end + 3;
        continue;
      }
      const lt = text.indexOf('<', i);
      if (lt < 0) return;
      if (text.startsWith('<!--', lt)) {
        // `<!-->` and `<!--->` are whole (empty) comments.
        const empty = /^<!---?>/.exec(text.slice(lt, lt + 6));
        if (empty) i = lt + empty[0].length;
        else {
          this.inComment = true;
          i = lt + 4;
        }
        continue;
      }
      const gt = text.indexOf('>', lt + 1);
      if (gt < 0) return;
      const nextLt = text.indexOf('<', lt + 1);
      // Not a complete tag before the next `<`; each `<` is looked at once, so this stays linear.
      if (nextLt >= 0 && nextLt < gt) {
        i = nextLt;
        continue;
      }
      this.tag(text.slice(lt + 1, gt));
      i = gt + 1;
    }
  }

  private tag(inside: string): void {
    const m = /^(\/?)([A-Za-z][A-Za-z0-9-]*)/.exec(inside);
    if (!m) return;
    const closing = m[1] === '/';
    const name = (m[2] ?? '').toLowerCase();
    if (closing) {
      for (let k = this.open.length - 1; k >= 0; k--) {
        if (this.open[k]?.name === name) {
          this.open.length = k;
          return;
        }
      }
      return;
    }
    if (VOID_ELEMENTS.has(name) || inside.endsWith('/')) return;
    const attributes = inside.slice(m[0].length);
    this.open.push({ name, hides: HIDING_ELEMENTS.has(name) || HIDING_ATTRIBUTE.test(attributes) });
  }
}

/** The line with its inline code spans blanked: `<!--` in backticks is text, not a comment. */
function withoutCodeSpans(line: string): string {
  const runs: Array<{ start: number; length: number }> = [];
  for (let i = 0; i < line.length;) {
    if (line[i] !== '`') {
      i++;
      continue;
    }
    let j = i;
    while (line[j] === '`') j++;
    runs.push({ start: i, length: j - i });
    i = j;
  }
  if (runs.length < 2) return line;
  // The next run of each length, found from the end so the pairing stays linear.
  const next = new Array<number>(runs.length).fill(-1);
  const seen = new Map<number, number>();
  for (let r = runs.length - 1; r >= 0; r--) {
    const length = runs[r]!.length;
    next[r] = seen.get(length) ?? -1;
    seen.set(length, r);
  }
  let out = '';
  let from = 0;
  for (let r = 0; r < runs.length; r++) {
    const partner = next[r]!;
    if (partner < 0) continue;
    const open = runs[r]!;
    const close = runs[partner]!;
    out += line.slice(from, open.start) + ' '.repeat(close.start + close.length - open.start);
    from = close.start + close.length;
    r = partner;
  }
  return out + line.slice(from);
}
