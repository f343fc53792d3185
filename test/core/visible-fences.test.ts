// The fence scanner against a real CommonMark parser (markdown-it, with raw HTML on as GitHub
// has it): a block the scanner calls visible must be a code block there too, and a block inside
// an HTML comment or raw HTML block must not be. Elements GitHub drops (svg, template, hidden)
// are beyond CommonMark, so there the scanner may only be stricter.
import MarkdownIt from 'markdown-it';
import { describe, expect, it } from 'vitest';
import { issueFences } from '../../src/core/plan/visible-fences.js';

const md = new MarkdownIt({ html: true });
const code = '```json\n{"steps": {}}\n```';

/** 1-based lines where markdown-it renders a fenced code block at the top level. */
function renderedFenceLines(body: string): number[] {
  return md
    .parse(body, {})
    .filter((t) => t.type === 'fence' && t.level === 0)
    .map((t) => (t.map?.[0] ?? -1) + 1);
}

const BODIES = [
  `Intro\n\n${code}`,
  `<!--\n${code}\n-->\n\n${code}`,
  `Text <!-- inline\n${code}\n-->`,
  `<!-- a -->\n${code}`,
  `<!-->\n${code}`,
  `<div>\n${code}\n</div>\n\n${code}`,
  `<div>\n\n${code}\n\n</div>`,
  `<details><summary>Plan</summary>\n\n${code}\n\n</details>`,
  `<span>\n${code}\n</span>`,
  `Paragraph\n<span>\n${code}`,
  `<?php\n${code}\n?>\n${code}`,
  `<!DOCTYPE html>\n${code}`,
  `<script>\n${code}\n</script>\n\n${code}`,
  `    <!--\n\n${code}`,
  `\`<!--\` in code\n\n${code}`,
  `<![CDATA[\n${code}\n]]>\n${code}`,
  `<pre>\n${code}\n</pre>\n\n${code}`,
  `- item <!--\n  ${code.replace(/\n/g, '\n  ')}\n  -->`,
];

describe('issueFences agrees with CommonMark on what is a code block', () => {
  it.each(BODIES.map((b) => [JSON.stringify(b).slice(0, 60), b]))('%s', (_name, body) => {
    const rendered = renderedFenceLines(body);
    const visible = issueFences(body)
      .filter((f) => f.hiddenBy === null)
      .map((f) => f.line);
    for (const line of visible) expect(rendered, `line ${line} is not a code block for markdown-it`).toContain(line);
  });

  it('finds every top-level code block markdown-it renders outside raw HTML', () => {
    for (const body of BODIES.filter((b) => !/<(svg|template)|hidden|<!--|<!-->/.test(b))) {
      const seen = issueFences(body).map((f) => f.line);
      for (const line of renderedFenceLines(body)) expect(seen, body).toContain(line);
    }
  });
});

describe('issueFences is linear in the body', () => {
  it.each([
    ['many unfinished tags', '<a'.repeat(50_000)],
    ['many backtick runs', '`a``b'.repeat(20_000)],
    ['an unclosed comment and a long line', `<!--${'x'.repeat(100_000)}`],
    ['a long tag-looking line', `<a ${'b '.repeat(50_000)}`],
  ])('%s', (_name, hostile) => {
    const started = performance.now();
    issueFences(`${hostile}\n\n${code}\n`);
    expect(performance.now() - started).toBeLessThan(500);
  });
});
