// The shared setting checks: one rule per kind of value, worded the way each surface names it.
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/core/errors.js';
import { actionInput, checkOneOf, checkPlanId, cliOption, environmentVariable, isBranchName, isRemoteName, parseNumber } from '../../src/wiring/checks.js';

describe('field wording', () => {
  it('names the setting, the value and what was expected, as each surface writes it', () => {
    expect(actionInput('max-attempts').invalid('abc', 'a whole number from 1 to 100').message).toBe(`Invalid input 'max-attempts': "abc". Expected a whole number from 1 to 100.`);
    expect(actionInput('plan-id', 'workflow_dispatch input').invalid('x y', 'an id').message).toBe(`Invalid workflow_dispatch input 'plan-id': "x y". Expected an id.`);
    expect(cliOption('--grace').invalid('-1', 'a whole number from 0 to 600').message).toBe('--grace: expected a whole number from 0 to 600, got "-1"');
    expect(environmentVariable('SEQUENCER_X').invalid('soon', 'a number of seconds').message).toBe('SEQUENCER_X is "soon"; expected a number of seconds.');
  });
});

describe('parseNumber', () => {
  const field = cliOption('--n');
  it('gives the fallback for nothing or blanks, the number when it is in range', () => {
    expect(parseNumber(undefined, field, { min: 1, max: 5, fallback: 3 })).toBe(3);
    expect(parseNumber('  ', field, { min: 1, max: 5, fallback: 3 })).toBe(3);
    expect(parseNumber('5', field, { min: 1, max: 5, fallback: 3 })).toBe(5);
    expect(parseNumber('0.5', field, { min: 0, max: 5, fallback: 3, fractions: true })).toBe(0.5);
  });

  it.each([['0'], ['6'], ['2.5'], ['abc'], ['1e400']])('refuses %s for a whole number from 1 to 5', (raw) => {
    expect(() => parseNumber(raw, field, { min: 1, max: 5, fallback: 3 })).toThrow(new ConfigError(`--n: expected a whole number from 1 to 5, got "${raw}"`));
  });
});

describe('names', () => {
  it.each([
    ['main', true],
    ['sequencer/issue-7', true],
    ['release/v1.2', true],
    ['', false],
    ['-f', false],
    ['/x', false],
    ['x/', false],
    ['a..b', false],
    ['a//b', false],
    ['x.lock', false],
    ['x.', false],
    ['a/.hidden', false],
    ['a b', false],
    ['a<b', false],
  ])('isBranchName(%j) is %s', (name, ok) => {
    expect(isBranchName(name)).toBe(ok);
  });

  it('takes remote names, never URLs or options', () => {
    expect(['origin', 'up-stream.2'].map(isRemoteName)).toEqual([true, true]);
    expect(['-u', 'https://x', 'a/b', ''].map(isRemoteName)).toEqual([false, false, false, false]);
  });

  it('plan ids and words from a list', () => {
    expect(checkPlanId('issue-7', cliOption('--plan-id'))).toBe('issue-7');
    expect(() => checkPlanId('.x', cliOption('--plan-id'))).toThrow('--plan-id: expected letters, digits, ".", "_" or "-" (up to 100, starting with a letter or digit), got ".x"');
    expect(() => checkOneOf('zip', ['file', 'git', 'cache'] as const, cliOption('--store'))).toThrow('--store: expected "file", "git" or "cache", got "zip"');
  });
});
