import { describe, expect, it } from 'vitest';
import { boundText, HeadTailBuffer, utf8Length } from '../../src/core/render/bounded-text.js';
import { createScrubber, secretNeedles } from '../../src/core/trust/secrets.js';

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

describe('HeadTailBuffer with known secrets', () => {
  const secret = 'pa55 w0rd/<&>Qx9';
  const scrubber = createScrubber([secret]);
  const forms = secretNeedles([secret]);

  // Every form of the secret, placed so each cut (head's end, tail's start) falls inside it.
  it.each(forms.map((form) => [form]))('leaves no piece of %j when a cut falls inside it', (form) => {
    for (const offset of [1, Math.floor(form.length / 2), form.length - 1]) {
      const buffer = new HeadTailBuffer({ head: 100, tail: 100, scrubber });
      const filler = (n: number, c: string) => c.repeat(n);
      // Head cut at 100: the form starts `offset` characters before it; the tail's start likewise.
      const text = `${filler(100 - offset, 'a')}${form}${filler(500, 'b')}${form}${filler(100 - form.length + offset, 'c')}`;
      for (let i = 0; i < text.length; i += 7) buffer.append(text.slice(i, i + 7));
      const out = buffer.toString();
      expect(out).toContain('bytes omitted');
      // No run of 4 or more characters of the form survives (the filler letters are not in it).
      for (let k = 0; k + 4 <= form.length; k++) {
        const piece = form.slice(k, k + 4);
        if (/^[abc]+$/.test(piece)) continue;
        expect(out.includes(piece), `${JSON.stringify(piece)} of ${JSON.stringify(form)} at offset ${offset}: ${out}`).toBe(false);
      }
    }
  });

  it('keeps the same sizes and the text unchanged when nothing secret is in it', () => {
    const plain = new HeadTailBuffer({ head: 10, tail: 10 });
    const guarded = new HeadTailBuffer({ head: 10, tail: 10, scrubber });
    const text = 'x'.repeat(15) + 'y'.repeat(30) + 'z'.repeat(15);
    plain.append(text);
    guarded.append(text);
    expect(guarded.toString()).toBe(plain.toString());
    const short = new HeadTailBuffer({ head: 20, tail: 20, scrubber });
    short.append(`ok ${secret} ok`);
    expect(short.toString()).toBe('ok *** ok');
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
