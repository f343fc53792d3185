// Rule patterns are RE2: JavaScript's flags map onto RE2's, what RE2 cannot express is refused
// with what to write instead, and matching takes time linear in the text.
import { describe, expect, it } from 'vitest';
import { compilePattern } from '../../src/core/plan/rule-pattern.js';

function matches(pattern: string, flags: string, text: string): boolean {
  const c = compilePattern(pattern, flags);
  if (!c.ok) throw new Error(`${pattern} /${flags}: ${c.problem}`);
  return c.pattern.test(text);
}

describe('flags', () => {
  it.each<[string, string, string, boolean]>([
    ['^## sources', '', '# R\n## Sources', false],
    ['^## sources', 'i', '## Sources', true],
    ['^## Sources$', '', '# R\n## Sources\nx', false],
    ['^## Sources$', 'm', '# R\n## Sources\nx', true],
    ['a.b', '', 'a\nb', false],
    ['a.b', 's', 'a\nb', true],
    ['^.$', 'u', '😀', true],
    // RE2 always matches code points, so u changes nothing.
    ['^.$', '', '😀', true],
    ['b', 'g', 'abc', true],
    ['b', 'd', 'abc', true],
    // Sticky: only at the start of the text, even with m.
    ['b', 'y', 'abc', false],
    ['a|b', 'y', 'ba', true],
    ['^b', 'my', 'a\nb', false],
    ['\\d+', 'gimsuy', '42 apples', true],
  ])('/%s/%s on %j → %s', (pattern, flags, text, expected) => {
    expect(matches(pattern, flags, text)).toBe(expected);
  });

  it.each<[string, RegExp]>([
    ['v', /^v \(Unicode sets\) has no RE2 equivalent; use u/],
    ['uv', /^v \(Unicode sets\)/],
    ['q', /^"q" is not a flag$/],
    ['ii', /^the i flag is given twice$/],
  ])('refuses flags %j', (flags, problem) => {
    const c = compilePattern('x', flags);
    expect(c.ok).toBe(false);
    expect(c).toMatchObject({ field: 'flags', problem: expect.stringMatching(problem) as unknown as string });
  });
});

describe('what RE2 cannot express is refused, saying what to write instead', () => {
  it.each<[string, string]>([
    ['(a)\\1', 'backreferences (\\1) are not supported: RE2 matches in linear time'],
    ['(?<q>a)\\k<q>', 'backreferences (\\k) are not supported'],
    ['foo(?=bar)', 'lookahead ((?=) is not supported by RE2; match the following text as part of the pattern (e.g. foo(?=bar) as foobar)'],
    ['foo(?!bar)', 'lookahead ((?!) is not supported'],
    ['(?<=\\$)\\d+', 'lookbehind ((?<=) is not supported by RE2; match the preceding text as part of the pattern (e.g. (?<=\\$)\\d+ as \\$\\d+)'],
    ['(?<!x)y', 'lookbehind ((?<!) is not supported'],
    ['caf\\u00e9', 'RE2 has no \\u escape: write a code point as \\x{00E9}'],
    ['[^]', 'RE2 has no [^] (any character): use [\\s\\S]'],
    ['a{1001}', 'RE2 allows at most 1000 repetitions'],
    ['(unclosed', 'RE2 cannot parse it: missing closing )'],
  ])('%s', (pattern, problem) => {
    const c = compilePattern(pattern);
    expect(c.ok).toBe(false);
    expect(c).toMatchObject({ field: 'pattern' });
    expect(c.ok ? '' : c.problem).toContain(problem);
  });

  it('accepts what the two syntaxes share, and RE2 spellings', () => {
    expect(matches('(?<year>\\d{4})-\\d{2}', '', 'on 2024-05')).toBe(true);
    expect(matches('\\x{E9}', '', 'café')).toBe(true);
    expect(matches('\\p{Greek}+', '', 'αβγ')).toBe(true);
    expect(matches('(?i)sources', '', 'SOURCES')).toBe(true);
  });
});

describe('linear time', () => {
  it('^(a+)+$ against 100,000 a\'s and a "!" ends at once (a backtracking engine never would)', () => {
    const text = `${'a'.repeat(100_000)}!`;
    const started = Date.now();
    expect(matches('^(a+)+$', '', text)).toBe(false);
    expect(matches('(x+x+)+y', 'i', 'x'.repeat(100_000))).toBe(false);
    expect(matches('^(\\w+\\s?)*$', 'm', `${'word '.repeat(20_000)}!`)).toBe(false);
    // Loose on purpose: on a loaded machine this takes tens of milliseconds, never seconds.
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
