// Agent output, plan text, comments and the issue are untrusted: before they reach a comment or a
// job summary they are size-capped and made inert. GitHub renders Markdown with raw HTML and
// autolinks (`https://…`, `www.…`, e-mail addresses), and afterwards turns `@login`, `@org/team`,
// `#123`, `owner/repo#1` and `GH-1` in the rendered text into live mentions and cross-references.
// So inline text has every character that can start markup backslash-escaped (shown literally,
// and breaking autolinks apart), and mentions and references broken by an invisible joiner; longer
// text is fenced with a fence longer than any backtick run inside, so it cannot close it.

const ZERO_WIDTH_JOINER = '\u200d';

/** `@user` and `@org/team` become inert: the zero-width joiner breaks GitHub's mention parser. */
export function neutralizeMentions(text: string): string {
  return text.replace(/(^|[^A-Za-z0-9`])@(?=[A-Za-z0-9])/g, `$1@${ZERO_WIDTH_JOINER}`);
}

/** Mentions, and `#12`, `owner/repo#12` and `GH-12` references, made inert the same way. */
export function neutralizeReferences(text: string): string {
  return neutralizeMentions(text)
    .replace(/#(?=\d)/g, `#${ZERO_WIDTH_JOINER}`)
    .replace(/\b(GH-)(?=\d)/gi, `$1${ZERO_WIDTH_JOINER}`);
}

export function capText(text: string, max: number): string {
  if (text.length <= max) return text;
  const head = Math.floor(max * 0.4);
  const tail = max - head;
  return `${text.slice(0, head)}\n… [${text.length - max} characters omitted] …\n${text.slice(text.length - tail)}`;
}

/** A fenced block that no content can break out of (GitHub links nothing inside code). */
export function fence(text: string, max = 4000, info = 'text'): string {
  const body = neutralizeMentions(capText(text.replace(/\r\n?/g, '\n'), max));
  const longestRun = Math.max(2, ...Array.from(body.matchAll(/`+/g), (m) => m[0].length));
  const ticks = '`'.repeat(longestRun + 1);
  return `${ticks}${info}\n${body}\n${ticks}`;
}

/**
 * ASCII punctuation that can begin markup inline: emphasis, code, links and images, raw HTML and
 * entities, table cells, headings, e-mail autolinks and math. CommonMark shows a backslash-escaped
 * punctuation character as itself.
 */
const INLINE_MARKUP = /[\\`*_~[\]!<>&|#@$]/g;
/** What an autolink needs: `scheme://`, `mailto:` / `xmpp:`, and a dot inside a host name. */
const AUTOLINK_PARTS = /:(?=\/\/)|(?<=\b(?:mailto|xmpp))\:|\.(?=[A-Za-z0-9])/gi;
/** Control characters and line breaks (Unicode's too): inline text stays on one line. */
const LINE_BREAKS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;

/**
 * `text` on one line: control characters and line breaks become a space (with `squeezeSpaces`, so
 * does every run of spaces), the ends are trimmed, and it is cut to `max` characters with `…`.
 * Still raw text, for the state and prompts; `inline` makes it safe for Markdown.
 */
export function oneLine(text: string, max: number, o: { squeezeSpaces?: boolean } = {}): string {
  const flat = text.replace(LINE_BREAKS, ' ');
  const one = (o.squeezeSpaces ? flat.replace(/ {2,}/g, ' ') : flat).trim();
  return one.length > max ? `${one.slice(0, max - 1)}…` : one;
}

/**
 * Inline text for a table cell, a heading or a sentence: one line, no markup, nothing live. Runs
 * of spaces stay: runner-paths.ts finds a path in what this wrote by the path's `asInline` form.
 */
export function inline(text: string, max = 200): string {
  const capped = oneLine(text, max);
  // At the start of a line these would begin a list item or a setext heading underline.
  const escaped = escapeMarkup(capped)
    .replace(/^[-+=]/, '\\$&')
    .replace(/^(\d+)([.)])/, '$1\\$2');
  return neutralizeReferences(escaped);
}

/** How `inline` writes `text` when it is not at the start: to find what it wrote (runner-paths.ts). */
export function asInline(text: string): string {
  return neutralizeReferences(escapeMarkup(text));
}

function escapeMarkup(text: string): string {
  return text.replace(INLINE_MARKUP, '\\$&').replace(AUTOLINK_PARTS, '\\$&');
}
