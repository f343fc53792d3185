import { describe, expect, it } from 'vitest';
import { jsonErrorLocation } from '../../src/core/json-location.js';

describe('jsonErrorLocation', () => {
  it.each([
    ['{"a": }', 6, 1, 7],
    ['{\n  "status": "X",\n  "plan": }\n', 29, 3, 11],
    ['{"a": 1,}', 8, 1, 9],
    ['[1, 2', 5, 1, 6],
    ['', 0, 1, 1],
    ['{"a": tru}', 9, 1, 10],
    ['{"a": "x\ny"}', 8, 1, 9],
    ['{"a": 01}', 7, 1, 8],
    ['{"a": 1} x', 9, 1, 10],
    ["{'a': 1}", 1, 1, 2],
    ['{"a": "\\x"}', 8, 1, 9],
  ])('%j fails at offset %i (line %i, column %i)', (text, offset, line, column) => {
    expect(jsonErrorLocation(text)).toEqual({ offset, line, column });
  });

  it('accepts everything JSON.parse accepts and rejects everything it rejects', () => {
    const pieces = ['{', '}', '[', ']', '"a"', ':', ',', '1', '-0.5e+3', 'true', 'null', ' ', '\n', '"\\u00e9"', 'x', '.', '01'];
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    let valid = 0;
    const disagreements: string[] = [];
    for (let n = 0; n < 20_000; n++) {
      const length = 1 + Math.floor(random() * 8);
      const text = Array.from({ length }, () => pieces[Math.floor(random() * pieces.length)]).join('');
      let parses = true;
      try {
        JSON.parse(text);
      } catch {
        parses = false;
      }
      if (parses) valid++;
      if ((jsonErrorLocation(text) === null) !== parses) disagreements.push(text);
    }
    expect(disagreements).toEqual([]);
    expect(valid).toBeGreaterThan(100); // the generator does produce valid documents too
  });
});
