import { describe, expect, it } from 'vitest';
import { boundText, HeadTailBuffer, utf8Length } from '../../src/core/render/bounded-text.js';

describe('HeadTailBuffer', () => {
  it('returns everything unchanged while it fits', () => {
    const b = new HeadTailBuffer({ head: 5, tail: 5, logFile: 'step.log' });
    for (const chunk of ['ab', 'cde', 'fgh', 'ij']) b.append(chunk);
    expect(b.toString()).toBe('abcdefghij');
    expect(b.truncated).toBe(false);
    expect(b.totalChars).toBe(10);
  });

  it('keeps the first and last characters across chunk boundaries and names the log', () => {
    const b = new HeadTailBuffer({ head: 4, tail: 3, logFile: 'logs/step-1.log' });
    const text = 'abcdefghijklmnopqrstuvwxyz';
    for (let i = 0; i < text.length; i += 3) b.append(text.slice(i, i + 3));
    expect(b.truncated).toBe(true);
    expect(b.totalChars).toBe(26);
    expect(b.toString()).toBe('abcd\n…[19 bytes omitted; full log: logs/step-1.log]…\nxyz');
  });

  it('handles one huge chunk and counts omitted UTF-8 bytes', () => {
    const b = new HeadTailBuffer({ head: 2, tail: 2 });
    b.append('éé' + 'ü'.repeat(10) + 'ok');
    expect(b.totalBytes).toBe(2 * 2 + 10 * 2 + 2);
    expect(b.toString()).toBe('éé\n…[20 bytes omitted]…\nok');
  });

  it('does not split surrogate pairs at the cut points', () => {
    const b = new HeadTailBuffer({ head: 3, tail: 3 });
    b.append('a😀b' + 'x'.repeat(20) + 'c😀');
    const s = b.toString();
    expect(s.startsWith('a😀')).toBe(true);
    expect(s.endsWith('c😀')).toBe(true);
    expect(s).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
  });

  it('uses 4000 + 4000 characters by default', () => {
    const b = new HeadTailBuffer();
    b.append('h'.repeat(4000) + 'm'.repeat(100) + 't'.repeat(4000));
    expect(b.toString()).toBe(`${'h'.repeat(4000)}\n…[100 bytes omitted]…\n${'t'.repeat(4000)}`);
  });
});

describe('boundText', () => {
  it('leaves short text alone', () => {
    expect(boundText('hello', 10)).toBe('hello');
  });

  it('keeps half of max from each end', () => {
    expect(boundText('0123456789abcdef', 6, 'x.log')).toBe('012\n…[10 bytes omitted; full log: x.log]…\ndef');
  });
});

describe('utf8Length', () => {
  it.each([
    ['', 0],
    ['abc', 3],
    ['é', 2],
    ['€', 3],
    ['😀', 4],
  ])('%s → %d', (text, n) => {
    expect(utf8Length(text)).toBe(n);
    expect(utf8Length(text)).toBe(Buffer.byteLength(text));
  });
});
