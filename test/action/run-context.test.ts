import { describe, expect, it } from 'vitest';
import { readRunContext } from '../../src/action/context.js';

describe('readRunContext: the stop grace', () => {
  const base = { GITHUB_REPOSITORY: 'o/r' };
  it('is 60 s by default, SEQUENCER_STOP_GRACE_SECONDS sets it, and a bad value names the variable', async () => {
    expect((await readRunContext(base)).stopGraceSeconds).toBe(60);
    expect((await readRunContext({ ...base, SEQUENCER_STOP_GRACE_SECONDS: '0' })).stopGraceSeconds).toBe(0);
    await expect(readRunContext({ ...base, SEQUENCER_STOP_GRACE_SECONDS: 'soon' })).rejects.toThrow(
      'SEQUENCER_STOP_GRACE_SECONDS is "soon"; expected a number of seconds from 0 to 3600 (default 60).',
    );
  });
});
