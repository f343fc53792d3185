import { describe, expect, it } from 'vitest';
import { needleScanner, replaceMatches, type Match } from '../../src/core/trust/needle-scan.js';
import { seededRandom } from '../fakes/seeded-random.js';

/** Every occurrence of every needle, found the slow, obvious way, merged where they overlap. */
function naive(text: string, needles: readonly string[]): Match[] {
  const all: Match[] = [];
  for (const needle of needles) {
    if (!needle) continue;
    for (let i = text.indexOf(needle); i !== -1; i = text.indexOf(needle, i + 1)) all.push({ start: i, end: i + needle.length });
  }
  all.sort((x, y) => x.start - y.start);
  const out: Match[] = [];
  for (const m of all) {
    const last = out[out.length - 1];
    if (last && m.start < last.end) last.end = Math.max(last.end, m.end);
    else out.push({ ...m });
  }
  return out;
}

describe('needleScanner', () => {
  it('finds nothing without needles, and ignores empty ones', () => {
    expect(needleScanner([])('abc')).toEqual([]);
    expect(needleScanner([''])('abc')).toEqual([]);
  });

  it.each([
    [
      'one needle, twice',
      ['secret-value'],
      'a secret-value b secret-value',
      [
        [2, 14],
        [17, 29],
      ],
    ],
    [
      'touching occurrences stay apart',
      ['abcdefgh'],
      'abcdefghabcdefgh',
      [
        [0, 8],
        [8, 16],
      ],
    ],
    [
      'a needle inside a longer one',
      ['a-long-secret', 'long-sec'],
      'x a-long-secret y long-sec',
      [
        [2, 15],
        [18, 26],
      ],
    ],
    ['overlapping needles merge into one stretch', ['abcdefgh', 'fghijklm'], '..abcdefghijklm..', [[2, 15]]],
    ['a shorter needle starting earlier does not cut the longer one short', ['1234abcd', 'abcdefghijklmnop'], '1234abcdefghijklmnop!', [[0, 20]]],
    [
      'needles shorter than the window',
      ['ab', 'xyz'],
      'xxyzab',
      [
        [1, 4],
        [4, 6],
      ],
    ],
    ['a needle at the very end', ['end-of-text'], 'the end-of-text', [[4, 15]]],
    ['non-ASCII text', ['pässwört'], 'ö pässwört ö', [[2, 10]]],
  ])('%s', (_what, needles, text, expected) => {
    const found = needleScanner(needles)(text).map((m) => [m.start, m.end]);
    expect(found).toEqual(expected);
    expect(found).toEqual(naive(text, needles).map((m) => [m.start, m.end]));
  });

  it('agrees with searching needle by needle on random texts full of near misses', () => {
    for (let seed = 1; seed <= 300; seed++) {
      const random = seededRandom(seed);
      // A tiny alphabet so needles overlap, share heads and nearly match all the time.
      const word = (min: number, max: number) => Array.from({ length: min + Math.floor(random() * (max - min + 1)) }, () => 'abc'[Math.floor(random() * 3)]).join('');
      const needles = Array.from({ length: 1 + Math.floor(random() * 6) }, () => word(1 + Math.floor(random() * 3), 20));
      const text = Array.from({ length: 8 }, () => (random() < 0.5 ? needles[Math.floor(random() * needles.length)] : word(0, 12))).join('');
      expect(needleScanner(needles)(text), `seed ${seed}: ${JSON.stringify({ needles, text })}`).toEqual(naive(text, needles));
    }
  });
});

describe('replaceMatches', () => {
  it('replaces each stretch, and returns the text itself when there is none', () => {
    expect(replaceMatches('a secret b', [{ start: 2, end: 8 }], '***')).toBe('a *** b');
    const text = 'nothing';
    expect(replaceMatches(text, [], '***')).toBe(text);
  });
});
