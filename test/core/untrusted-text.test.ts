import { describe, expect, it } from 'vitest';
import { capText, fence, inline, neutralizeMentions, neutralizeReferences } from '../../src/core/render/untrusted-text.js';

describe('untrusted text', () => {
  it('neutralizes user and team mentions but not e-mail addresses', () => {
    const out = neutralizeMentions('ping @octocat and @org/team, mail a@b.c');
    expect(out).not.toMatch(/(^|\s)@[a-z]/);
    expect(out).toContain('a@b.c');
  });

  it('fences with a fence longer than any backtick run inside, so content cannot close it', () => {
    const evil = 'before\n````\n# injected heading\n[x](javascript:alert(1))';
    const out = fence(evil);
    const opening = out.split('\n', 1)[0]!;
    expect(opening).toBe('`````text');
    expect(out.endsWith('\n`````')).toBe(true);
    // The only lines that are exactly a fence of that length are the first and the last.
    expect(out.split('\n').filter((l) => l.startsWith('`````'))).toHaveLength(2);
  });

  it('caps size keeping head and tail', () => {
    const text = `HEAD${'x'.repeat(10_000)}TAIL`;
    const out = capText(text, 1000);
    expect(out.length).toBeLessThan(1100);
    expect(out.startsWith('HEAD')).toBe(true);
    expect(out.endsWith('TAIL')).toBe(true);
    expect(out).toMatch(/characters omitted/);
  });

  it('keeps table cells on one line and escapes markup', () => {
    expect(inline('a | b\n<img src=x>')).toBe('a \\| b \\<img src=x\\>');
    // Runs of spaces stay: a path is found again in inline text by its asInline form (runner-paths.ts).
    expect(inline('/tmp/a  b\n\n c')).toBe('/tmp/a  b  c');
  });

  it('breaks issue references as well as mentions in inline text, not in fenced text', () => {
    const refs = neutralizeReferences('see #12, owner/repo#3, GH-4 and gh-5; not #x or issue#');
    expect(refs).not.toMatch(/#\d|GH-\d/i);
    expect(refs.replace(/\u200d/g, '')).toBe('see #12, owner/repo#3, GH-4 and gh-5; not #x or issue#');
    expect(fence('error #12')).toContain('error #12');
  });

  it('escapes what would start an entity, an autolink or a block at the start of a line', () => {
    expect(inline('&lt;b&gt;')).toBe('\\&lt;b\\&gt;');
    expect(inline('see https://evil.example/x and www.evil.example')).toBe('see https\\://evil\\.example/x and www\\.evil\\.example');
    expect(inline('mailto:me@x.org')).toBe('mailto\\:me\\@\u200dx\\.org');
    expect(inline('- item')).toBe('\\- item');
    expect(inline('12. item')).toBe('12\\. item');
    // Ordinary sentences keep their punctuation as is.
    expect(inline('Done: 3 steps (of 4), ok.')).toBe('Done: 3 steps (of 4), ok.');
  });
});
