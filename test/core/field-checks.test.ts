import { describe, expect, it } from 'vitest';
import { isNonEmptyString, isRealDate, timestampProblem } from '../../src/core/plan/field-checks.js';

describe('isRealDate', () => {
  it.each([
    ['2024-02-29T00:00:00Z', true],
    ['2000-02-29', true],
    ['2023-02-29T10:00:00Z', false],
    ['1900-02-29', false],
    ['2025-04-30', true],
    ['2025-04-31', false],
    ['2025-12-31T23:59:59Z', true],
    ['2025-01-00', false],
    ['2025-13-01', false],
    ['2025-00-10', false],
  ])('%s → %s', (text, real) => {
    expect(isRealDate(text)).toBe(real);
  });
});

describe('timestampProblem', () => {
  it('accepts real instants and names the value it refuses', () => {
    expect(timestampProblem('2024-02-29T12:00:00.123Z', true)).toBeNull();
    expect(timestampProblem('2024-02-29 12:00', false)).toBeNull();
    expect(timestampProblem('2023-02-29T12:00:00Z', true)).toContain('got "2023-02-29T12:00:00Z"');
    expect(timestampProblem(20240229, false)).toContain('got 20240229');
  });
});

describe('isNonEmptyString', () => {
  it.each([
    ['x', true],
    ['  a  ', true],
    ['', false],
    [' \t\n', false],
    [3, false],
    [null, false],
  ])('%j → %s', (value, expected) => {
    expect(isNonEmptyString(value)).toBe(expected);
  });
});
