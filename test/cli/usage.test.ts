import { describe, expect, it } from 'vitest';
import { CLI_OPTIONS, USAGE } from '../../src/cli/options.js';
import { COMMANDS, OPTION_HELP, commandUsage } from '../../src/cli/usage.js';
import { choosePlan } from '../../src/cli/plan-choice.js';

describe('the CLI usage text', () => {
  it('names every option the parser accepts', () => {
    const missing = Object.keys(CLI_OPTIONS).filter((name) => !new RegExp(`--${name}(?![\\w-])`).test(USAGE));
    expect(missing).toEqual([]);
  });

  it('names no option the parser would refuse', () => {
    const named = [...USAGE.matchAll(/--([a-z][\w-]*)/g)].map((m) => m[1] ?? '');
    expect(named.filter((name) => !(name in CLI_OPTIONS))).toEqual([]);
  });

  it('gives each command only options the parser accepts, each described', () => {
    for (const [name, c] of Object.entries(COMMANDS)) {
      expect(
        c.options.filter((o) => !(o in CLI_OPTIONS) || !(o in OPTION_HELP)),
        name,
      ).toEqual([]);
      expect(commandUsage(name), name).toContain(`Usage: agent-step-sequencer ${c.usage}`);
    }
    expect(commandUsage('nope')).toBeUndefined();
  });
});

describe('choosing the plan a command means', () => {
  it.each([
    [undefined, [], { kind: 'none' }],
    [undefined, ['slow'], { kind: 'use', planId: 'slow' }],
    [undefined, ['fast', 'slow'], { kind: 'several', planIds: ['fast', 'slow'] }],
    ['slow', ['fast', 'slow'], { kind: 'use', planId: 'slow' }],
    ['slwo', ['fast', 'slow'], { kind: 'unknown', planId: 'slwo', planIds: ['fast', 'slow'], near: 'slow' }],
    ['nightly', ['fast'], { kind: 'unknown', planId: 'nightly', planIds: ['fast'] }],
    ['plan', [], { kind: 'unknown', planId: 'plan', planIds: [] }],
  ] as const)('asked %s among %j', (asked, existing, expected) => {
    expect(choosePlan(asked, existing)).toEqual(expected);
  });
});
