import { describe, expect, it } from 'vitest';
import { CLI_OPTIONS, USAGE } from '../../src/cli/options.js';

describe('the CLI usage text', () => {
  it('names every option the parser accepts', () => {
    const missing = Object.keys(CLI_OPTIONS).filter((name) => !new RegExp(`--${name}(?![\\w-])`).test(USAGE));
    expect(missing).toEqual([]);
  });

  it('names no option the parser would refuse', () => {
    const named = [...USAGE.matchAll(/--([a-z][\w-]*)/g)].map((m) => m[1] ?? "");
    expect(named.filter((name) => !(name in CLI_OPTIONS))).toEqual([]);
  });
});
