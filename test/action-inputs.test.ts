// The `secrets` input: more values to scrub, one per line, never shown back in an error.
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../src/core/errors.js';
import { parseInputs } from '../src/action/inputs.js';

const get = (inputs: Record<string, string>) => (name: string) => inputs[name] ?? '';

describe('input secrets', () => {
  it('reads one value per line, trimmed, skipping blank lines', () => {
    const inputs = parseInputs(get({ 'github-token': 'tok-123456789', secrets: '  postgres://u:pw@db/x  \n\n  another-secret-value\r\n' }));
    expect(inputs.secrets).toEqual(['postgres://u:pw@db/x', 'another-secret-value']);
    expect(parseInputs(get({ 'github-token': 'tok-123456789' })).secrets).toEqual([]);
  });

  it('refuses a value too short to scrub, naming the line but never the value', () => {
    const run = () => parseInputs(get({ 'github-token': 'tok-123456789', secrets: 'long-enough-value\nhunter2' }));
    expect(run).toThrow(ConfigError);
    expect(run).toThrow("Invalid input 'secrets': line 2 is 7 characters long. Expected one secret value per line, each at least 8 characters");
    try {
      run();
    } catch (err) {
      expect(String(err)).not.toContain('hunter2');
    }
  });
});

describe('input sync-base', () => {
  it('defaults to merge and takes off', () => {
    expect(parseInputs(get({ 'github-token': 'tok-123456789' })).syncBase).toBe('merge');
    expect(parseInputs(get({ 'github-token': 'tok-123456789', 'sync-base': ' off ' })).syncBase).toBe('off');
  });

  it('refuses any other value, naming the input, the value and what is expected', () => {
    const run = () => parseInputs(get({ 'github-token': 'tok-123456789', 'sync-base': 'rebase' }));
    expect(run).toThrow(ConfigError);
    expect(run).toThrow(`Invalid input 'sync-base': "rebase". Expected "merge" or "off".`);
  });
});
