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

describe('readRunContext: the SIGTERM to SIGKILL grace', () => {
  const base = { GITHUB_REPOSITORY: 'o/r' };
  it('is 10 s by default, SEQUENCER_KILL_GRACE_SECONDS sets it, and a bad value names the variable', async () => {
    expect((await readRunContext(base)).killGraceSeconds).toBe(10);
    expect((await readRunContext({ ...base, SEQUENCER_KILL_GRACE_SECONDS: '2.5' })).killGraceSeconds).toBe(2.5);
    await expect(readRunContext({ ...base, SEQUENCER_KILL_GRACE_SECONDS: '-1' })).rejects.toThrow('SEQUENCER_KILL_GRACE_SECONDS is "-1"; expected a number of seconds from 0 to 3600 (default 10).');
  });
});

describe('readRunContext: the status comment interval', () => {
  const base = { GITHUB_REPOSITORY: 'o/r' };
  it('is 30 s by default, SEQUENCER_STATUS_INTERVAL_SECONDS sets it (0: every step), and a bad value names the variable', async () => {
    expect((await readRunContext(base)).statusIntervalSeconds).toBe(30);
    expect((await readRunContext({ ...base, SEQUENCER_STATUS_INTERVAL_SECONDS: '0' })).statusIntervalSeconds).toBe(0);
    expect((await readRunContext({ ...base, SEQUENCER_STATUS_INTERVAL_SECONDS: '120' })).statusIntervalSeconds).toBe(120);
    await expect(readRunContext({ ...base, SEQUENCER_STATUS_INTERVAL_SECONDS: '-1' })).rejects.toThrow(
      'SEQUENCER_STATUS_INTERVAL_SECONDS is "-1"; expected a number of seconds from 0 to 3600 (default 30; 0 edits the status comment after every step).',
    );
  });
});
