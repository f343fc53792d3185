import { describe, expect, it } from 'vitest';
import { findJsonSyntaxError } from '../../src/core/plan/json-error-position.js';

const parses = (text: string) => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

// Valid and invalid texts around every construct the scanner handles.
const samples = [
  '{}',
  '[]',
  '""',
  '0',
  '-0',
  '1.5e+10',
  'true',
  'null',
  ' {"a": [1, {"b": null}], "c": "\\u00e9\\n"} ',
  '',
  ' ',
  '{',
  '}',
  '[1,]',
  '{"a":1,}',
  '{"a" 1}',
  "{'a': 1}",
  '[01]',
  '[1.]',
  '[.5]',
  '[-]',
  '[1e]',
  '"\\x"',
  '"\\u12"',
  '"a\nb"',
  '[1] [2]',
  'tru',
  'nul',
  '{"a":}',
  '{,}',
  '[,1]',
  'NaN',
  '+1',
  '"unterminated',
  '{"a":1 "b":2}',
  '[1 2]',
  '\t[\r\n1\n]\n',
];

describe('findJsonSyntaxError', () => {
  it.each(samples)('agrees with JSON.parse on %j', (text) => {
    expect(findJsonSyntaxError(text) === null).toBe(parses(text));
  });

  it('points at the first offending character, counting lines and columns from 1', () => {
    expect(findJsonSyntaxError('{\n  "a": 1,\n  "b": 2,\n}')).toEqual({ line: 4, column: 1, reason: 'unexpected "}"' });
    expect(findJsonSyntaxError('[1,\n 2')).toEqual({ line: 2, column: 3, reason: 'unexpected end of input' });
    expect(findJsonSyntaxError('{"a": "x\\q"}')).toEqual({ line: 1, column: 10, reason: 'unexpected "q"' });
  });

  it('gives up quietly on nesting too deep to scan', () => {
    const deep = '['.repeat(200_000);
    expect(() => findJsonSyntaxError(deep)).not.toThrow();
  });
});
