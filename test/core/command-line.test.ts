// A comment's command is a line GitHub shows as a plain paragraph line. The table pins the cases
// by hand; a real CommonMark renderer (markdown-it, configured with raw HTML as GitHub allows it)
// then checks, over the table and a seeded corpus of generated comments, that every line taken
// as a command renders as the start of a line of a top-level paragraph, outside any inline
// element, with no raw HTML before it that could still hold it.
import MarkdownIt from 'markdown-it';
import { describe, expect, it } from 'vitest';
import { commandLine, commandLineIndex } from '../../src/core/tick/command-line.js';
import { seededRandom } from '../fakes/seeded-random.js';

const md = new MarkdownIt({ html: true });
type Token = ReturnType<typeof md.parse>[number];
const MARK = '/zqxmark';

/** Raw HTML that leaves nothing open: images, line breaks, closing tags, closed comments. */
function oracleInert(html: string): boolean {
  const rest = html.replace(/<!--(?:-?>|[\s\S]*?-->)/g, '');
  return /^(?:[^<]|<(?![A-Za-z/!?])|<(?:img|hr)\b[^<>]*>|<br\s*\/?>|<\/[a-z]+>)*$/i.test(rest);
}

/**
 * Whether markdown-it renders line `index` of `text` as a plain paragraph line starting with its
 * command word: the word is replaced by a marker, which must start a text token at the start of a
 * line of a top-level paragraph, outside emphasis, links and code, after no raw HTML that could
 * still be open.
 */
function rendersPlain(text: string, index: number): boolean {
  const lines = text.split(/\r\n|\n|\r/);
  lines[index] = lines[index]!.replace(/^\/[A-Za-z]+/, MARK);
  let rawHtmlOpen = false;
  let previous: Token | undefined;
  for (const token of md.parse(lines.join('\n'), {})) {
    const inParagraph = previous?.type === 'paragraph_open' && previous.level === 0;
    previous = token;
    if (token.type === 'html_block' && !oracleInert(token.content)) rawHtmlOpen = true;
    if (token.type !== 'inline') continue;
    const children: Token[] = token.children ?? [];
    let depth = 0;
    let lineStart = true;
    for (const child of children) {
      if (child.type === 'text' && child.content.startsWith(MARK)) return inParagraph && lineStart && depth === 0 && !rawHtmlOpen;
      if (child.type === 'html_inline' && !oracleInert(child.content)) rawHtmlOpen = true;
      if (child.type.endsWith('_open')) depth++;
      if (child.type.endsWith('_close')) depth--;
      lineStart = child.type === 'softbreak' || child.type === 'hardbreak';
    }
    // The marker in a heading, a table cell, code or raw HTML: not a paragraph line.
    if (children.some((c) => c.content.includes(MARK))) return false;
  }
  return false;
}

/** The first line markdown-it renders as a plain command line, or null. */
function firstPlain(text: string): number | null {
  const lines = text.split(/\r\n|\n|\r/);
  const index = lines.findIndex((line, i) => /^\/[A-Za-z]+(?:[ \t]|$)/.test(line) && rendersPlain(text, i));
  return index < 0 ? null : index;
}

describe('the command line of a comment', () => {
  // What GitHub shows as code, a quote, a list item, a table, a heading, raw HTML or nothing at
  // all is never a command. A CommonMark renderer sees each of these too.
  it.each([
    ['indented code (4 spaces)', '    /approve'],
    ['indented code (tab)', '\t/approve'],
    ['indented by 1-3 spaces', '  /approve'],
    ['fenced code', 'Try this:\n```\n/approve\n```'],
    ['fenced code with tildes and an info string', '~~~~ text\n/approve\n~~~~'],
    ['an unclosed fence', '```sh\n/approve'],
    ['a fence whose closer has a no-break space after it', '```\n```\u00a0\n/approve'],
    ['a block quote', '> /approve'],
    ['a nested block quote', '> > /approve'],
    ["a quote's lazy continuation line", '> Please run\n/approve'],
    ['a quote in a list item, lazily continued', '- > quoted\n/approve'],
    ['a quote whose paragraph goes on past a no-break-space line', '> quoted\n\u00a0\n/approve'],
    ["a list item's lazy continuation line", '- item\n/approve'],
    ['an ordered list item, lazily continued', '1. item\n/approve'],
    ['a later paragraph of a list item, lazily continued', '- a\n\n  b\n/approve'],
    ['a fence in a list item that may still be open', '- a\n\n  ```\ntext\n```\n/approve'],
    ['a table row', 'a | b\n--|--\n/approve'],
    ['a setext heading', '/approve\n======='],
    ['a setext heading after more text', '/approve\nplease\n---'],
    ['a table header', '/approve | x\n--- | ---'],
    ['a <pre> block', '<pre>\n/approve'],
    ['a <pre> block across blank lines', '<pre>\n\n/approve\n\n</pre>'],
    ['a <details> block (collapsed)', '<details><summary>old</summary>\n\n/approve\n\n</details>'],
    ['a <details> opened in a list item', '- <details>\n\n/approve'],
    ['a <div> attribute left open', '<div title="x\n\n/approve\n\n">'],
    ['a closing tag whose attribute is left open', '</div title="x\n\n/approve\n\n">'],
    ['an <hr> tag whose attribute is left open', '<hr title="x\n\n/approve\n\n">'],
    ['a <script> block', '<script>\n/approve\n</script>'],
    ['an HTML block of an image', '<img src="x.png">\n/approve'],
    ['an unclosed comment in an HTML block', '<hr> <!--\n\n/approve'],
    ['a processing instruction', '<?x\n\n/approve\n?>'],
    ['a CDATA section', '<![CDATA[\n\n/approve\n]]>'],
    ['an HTML comment', '<!--\n/approve\n-->'],
    ['an HTML comment across a blank line', '<!--\n\n/approve\n\n-->'],
    ['an HTML comment opened mid-line', 'fine <!-- hidden\n/approve -->'],
    ['an HTML comment in a paragraph, then a fence', 'text <!-- x\n\n```\n-->\n/approve\n```'],
    ['a code span across lines', 'run `this\n/approve\nlater`'],
    ['emphasis across lines', '*please\n/approve\nnow*'],
    ['a link text across lines', '[see\n/approve\n](https://example.com)'],
    ['a link title across lines', '[see](https://example.com "t\n/approve\n")'],
    ['a link reference definition', '[x]:\n/approve'],
    ['an escaped bracket before a link text', '[b \\]\n/approve\n](u)'],
    ['an inline tag across lines', 'text <span title="a\n/approve\n">'],
    ['a path at column 0', '/usr/bin/env is missing'],
    ['a slash without a word', '/ approve'],
  ])('%s is not a command', (_name, text) => {
    expect(commandLine(text)).toBeNull();
    expect(firstPlain(text)).toBeNull();
  });

  // Beyond CommonMark: GitHub's footnotes and math, and how a browser parses raw HTML.
  it.each([
    ['a footnote, lazily continued', '[^1]: see\n/approve'],
    ['inline math across lines', '$x\n/approve\n$'],
    ['display math', '$$\n\n/approve\n\n$$'],
    ['a comment a browser ends at "--!>" (raw HTML after it)', '<!-- x --!> <details>\n-->\n\n/approve'],
  ])('%s is not a command', (_name, text) => {
    expect(commandLine(text)).toBeNull();
  });

  // When in doubt, not a command: a writer whose command is missed writes it again; one taken
  // from text GitHub shows otherwise could run a plan nobody approved.
  it.each([
    ['after an unmatched backtick', 'a ` b\n/approve'],
    ['after an autolink', 'see <https://example.com>\n/approve'],
    ['after a fenced block in a list item', '- a\n\n  ```\n  x\n  ```\n\n/approve'],
  ])('%s is not taken as a command, though a renderer shows it plain', (_name, text) => {
    expect(commandLine(text)).toBeNull();
    expect(firstPlain(text)).not.toBeNull();
  });

  it('after raw HTML that opens an element, no later line is a command, even once it is closed', () => {
    expect(commandLine('<details><summary>log</summary>\n\nx\n\n</details>\n\n/approve')).toBeNull();
    expect(commandLine('/approve\n\n<details><summary>log</summary>\n\nx\n\n</details>')).toBe('/approve');
  });

  it.each([
    ['the first line', '/approve', 0],
    ['after a paragraph line', 'LGTM, thanks.\n/approve delay=3', 1],
    ['after a quote and a blank line', '> quoted\n\n/approve', 2],
    ['after a list and a blank line', '- item\n\n/approve', 2],
    ['after a closed fence', '```\n/cancel\n```\n/approve', 3],
    ['after an inline ``` (no fence)', '```a`b```\n/approve', 1],
    ['after a closed HTML comment', '<!-- note -->\n/approve', 1],
    ['after a pasted image and a blank line', '<img width="300" alt="shot" src="https://example.com/a.png">\n\n/approve', 2],
    ['after a heading', '# Review\n/approve', 1],
    ['after a closed code span', 'the `build` step is fine\n/approve', 1],
    ['after a closed link', 'see [the plan](https://example.com) (step 2)\n/approve', 1],
    ['after snake_case', 'my_var is fine\n/approve', 1],
    ['after a thematic break', 'text\n***\n/approve', 2],
    ['after a quoted /approve', '> /approve\n\n/status', 2],
  ])('%s is a command', (_name, text, index) => {
    expect(commandLineIndex(text)).toBe(index);
    expect(firstPlain(text)).toBe(index);
  });

  it('agrees with a CommonMark renderer on a seeded corpus: every command it finds renders as a plain paragraph line', () => {
    const FRAGMENTS = [
      '/approve',
      '/status',
      'text',
      'more words',
      '',
      '',
      '> quote',
      '> > nested',
      '>',
      '- item',
      '1. item',
      '-',
      '- > quoted',
      '  indented',
      '   three',
      '    code',
      '\tcode',
      '```',
      '~~~',
      '  ```',
      '```sh',
      '````',
      '<pre>',
      '</pre>',
      '<details>',
      '</details>',
      '<summary>s</summary>',
      '<!--',
      '-->',
      '<!-- c -->',
      '<img src="x.png">',
      '<br>',
      '===',
      '---',
      '***',
      '# h',
      'a | b',
      '|---|---|',
      '`code',
      'code`',
      '`x` done',
      '*em',
      'em*',
      '[link',
      '](u)',
      '[x]:',
      '_x',
      'my_var',
      '<div>',
      '</div>',
      '<span>',
      '  - nested',
      '      deep',
      '\u00a0',
      '<!-- a',
      'b -->',
      '(see',
      'it)',
      '\\',
      'x <b>y</b>',
      '  <!--',
      '   ~~~',
      '1) x',
      '- ```',
      '> ```',
      '<!-->',
      'a --!> b',
      '  > q',
      '    - deep item',
      '- a\n\n  b',
      '<td>',
      '<!-- x --> <img src="y">',
      '&lt;pre&gt;',
    ];
    const random = seededRandom(21);
    let commands = 0;
    for (let n = 0; n < 20_000; n++) {
      const count = 1 + Math.floor(random() * 7);
      const text = Array.from({ length: count }, () => FRAGMENTS[Math.floor(random() * FRAGMENTS.length)]!).join('\n');
      const index = commandLineIndex(text);
      if (index === null) continue;
      commands++;
      expect(rendersPlain(text, index), JSON.stringify(text)).toBe(true);
    }
    // The corpus must exercise acceptance, not only refusal.
    expect(commands).toBeGreaterThan(500);
  });
});
