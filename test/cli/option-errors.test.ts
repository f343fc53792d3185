// A flag the CLI cannot read is refused in its own words: the option as given, the command it
// was given to, the option meant when it is a near miss, and where the command's options are
// listed; not Node's parser text followed by the whole usage.
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/core/errors.js';
import { parseCli } from '../../src/cli/options.js';

function refusal(argv: string[]): ConfigError {
  try {
    parseCli(argv, {}, '/tmp');
  } catch (err) {
    if (err instanceof ConfigError) return err;
    throw err;
  }
  throw new Error(`${argv.join(' ')} was accepted`);
}

describe('options the parser refuses', () => {
  it.each<[string[], string, string]>([
    [['status', '--bogus'], 'unknown option --bogus for status', '`agent-step-sequencer status --help` lists its options.'],
    [['--plan-id', 'p', 'retry', '--nte', 'x'], 'unknown option --nte for retry; did you mean --note?', '`agent-step-sequencer retry --help` lists its options.'],
    [['-x'], 'unknown option -x', '`agent-step-sequencer --help` lists the commands and their options.'],
    [['init', '--plan'], '--plan for init: expected a value, as in --plan FILE', '`agent-step-sequencer init --help` lists its options.'],
    [['status', '--json=yes'], '--json for status takes no value', '`agent-step-sequencer status --help` lists its options.'],
    [
      ['status', '--plan-id', '--json'],
      '--plan-id for status: expected a value, got an option; to give a value that starts with "-", write --plan-id=VALUE',
      '`agent-step-sequencer status --help` lists its options.',
    ],
  ])('%j', (argv, message, hint) => {
    const err = refusal(argv);
    expect(err.message).toBe(message);
    expect(err.hint).toBe(hint);
    expect(err.message).not.toContain('Usage:');
  });
});
