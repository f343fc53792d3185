// $SEQUENCER_USAGE_FILE: what an agent whose stream we cannot read reports of an attempt. A good
// file gives the same usage record a parsed stream does; a bad one gives an error per field
// naming the field, the value and what was expected, and a file past the size cap is refused
// before it is parsed.
import { describe, expect, it } from 'vitest';
import { parseUsageFile, USAGE_FILE_MAX_BYTES } from '../../src/core/agent-stream/usage-file.js';

describe('parseUsageFile', () => {
  it('reads every field', () => {
    const text = JSON.stringify({
      model: 'my-model',
      inputTokens: 1200,
      outputTokens: 300,
      cacheReadTokens: 50,
      cacheWriteTokens: 7,
      costUsd: 0.012,
      turns: 3,
      apiMs: 4200,
      sessionId: 'abc-1',
      isError: false,
    });
    expect(parseUsageFile(text)).toEqual({
      ok: true,
      usage: { model: 'my-model', inputTokens: 1200, outputTokens: 300, cacheReadTokens: 50, cacheWriteTokens: 7, costUsd: 0.012, turns: 3, apiMs: 4200, sessionId: 'abc-1', isError: false },
    });
  });

  it("absent figures are 0 and absent facts are absent; x- fields are the agent's own", () => {
    expect(parseUsageFile('{"costUsd": 0.5, "x-run": 7}')).toEqual({ ok: true, usage: { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0, costUsd: 0.5, isError: false } });
    expect(parseUsageFile('{"outputTokens": 0, "isError": true}')).toMatchObject({ ok: true, usage: { isError: true } });
  });

  it.each([
    ['{"inputTokens": -1}', '$SEQUENCER_USAGE_FILE.inputTokens: must be a whole number of tokens from 0 to 1000000000000, got -1'],
    ['{"outputTokens": 1.5}', '$SEQUENCER_USAGE_FILE.outputTokens: must be a whole number of tokens from 0 to 1000000000000, got 1.5'],
    ['{"cacheReadTokens": "12"}', '$SEQUENCER_USAGE_FILE.cacheReadTokens: must be a whole number of tokens from 0 to 1000000000000, got "12"'],
    ['{"cacheWriteTokens": 1e13}', '$SEQUENCER_USAGE_FILE.cacheWriteTokens: must be a whole number of tokens from 0 to 1000000000000, got 10000000000000'],
    ['{"costUsd": -0.01}', '$SEQUENCER_USAGE_FILE.costUsd: must be a number of US dollars from 0 to 1000000, got -0.01'],
    ['{"costUsd": "0.5"}', '$SEQUENCER_USAGE_FILE.costUsd: must be a number of US dollars from 0 to 1000000, got "0.5"'],
    ['{"turns": 2.5, "inputTokens": 1}', '$SEQUENCER_USAGE_FILE.turns: must be a whole number >= 0, got 2.5'],
    ['{"apiMs": -3, "inputTokens": 1}', '$SEQUENCER_USAGE_FILE.apiMs: must be a whole number >= 0 (milliseconds), got -3'],
    ['{"model": "a\\nb", "inputTokens": 1}', '$SEQUENCER_USAGE_FILE.model: must be a single line of 1 to 200 characters, got "a\\nb"'],
    // A bidi override would reverse the row a table or the terminal shows it in.
    ['{"model": "ledom\\u202e", "inputTokens": 1}', '$SEQUENCER_USAGE_FILE.model: must be a single line of 1 to 200 characters'],
    ['{"sessionId": 42, "inputTokens": 1}', '$SEQUENCER_USAGE_FILE.sessionId: must be a single line of 1 to 200 characters, got 42'],
    ['{"isError": "no", "inputTokens": 1}', '$SEQUENCER_USAGE_FILE.isError: must be true or false, got "no"'],
    ['{"inputTokns": 5, "outputTokens": 1}', '$SEQUENCER_USAGE_FILE.inputTokns: unknown field; did you mean inputTokens?'],
    ['{"model": "m"}', '$SEQUENCER_USAGE_FILE: has no figure; expected at least one of inputTokens, outputTokens, cacheReadTokens, cacheWriteTokens, costUsd, turns, apiMs'],
    ['[1]', '$SEQUENCER_USAGE_FILE: must be a JSON object, got [1]'],
    ['tokens: 5', '$SEQUENCER_USAGE_FILE: is not JSON ('],
  ])('%s', (text, message) => {
    const got = parseUsageFile(text);
    expect(got.ok).toBe(false);
    const lines = got.ok ? [] : got.issues.map((i) => `${i.path}: ${i.message}`);
    expect(
      lines.some((l) => l.startsWith(message)),
      lines.join('\n'),
    ).toBe(true);
  });

  it('every problem is reported at once', () => {
    const got = parseUsageFile('{"inputTokens": -1, "outputTokens": "x", "colour": 1}');
    expect(got.ok ? [] : got.issues.map((i) => i.path)).toEqual(['$SEQUENCER_USAGE_FILE.colour', '$SEQUENCER_USAGE_FILE.inputTokens', '$SEQUENCER_USAGE_FILE.outputTokens']);
  });

  it('a file past the cap is refused by its size, before parsing', () => {
    const big = JSON.stringify({ inputTokens: 1, model: 'm', 'x-pad': 'é'.repeat(USAGE_FILE_MAX_BYTES / 2) });
    // UTF-8 bytes, not characters: 8 K characters of é are 16 K bytes.
    expect(big.length).toBeLessThan(USAGE_FILE_MAX_BYTES);
    expect(parseUsageFile(big)).toEqual({
      ok: false,
      issues: [{ path: '$SEQUENCER_USAGE_FILE', message: `is ${Buffer.byteLength(big)} bytes; expected a JSON object of at most ${USAGE_FILE_MAX_BYTES} bytes` }],
    });
    // The caller that read only the first bytes of a huge file says how big it is.
    expect(parseUsageFile('{', 10 * 1024 * 1024)).toMatchObject({ ok: false, issues: [{ message: expect.stringContaining('is 10485760 bytes') }] });
  });
});
