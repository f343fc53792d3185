import { describe, expect, it } from 'vitest';
import { shouldWriteStatus, type StatusTrigger } from '../../src/core/tick/status-cadence.js';

const every30s = (lastWriteMs: number | null) => ({ intervalMs: 30_000, lastWriteMs });

describe('status comment edits during a tick', () => {
  it.each<[string, StatusTrigger, number | null, number, boolean]>([
    ['the first step done of a run', 'step-done', null, 1_000, true],
    ['a step done 5 s after the last edit', 'step-done', 0, 5_000, false],
    ['a failed attempt 29.9 s after the last edit', 'step-failed', 0, 29_900, false],
    ['a step done 30 s after the last edit', 'step-done', 0, 30_000, true],
    ['an interrupted attempt a minute later', 'interrupted', 0, 60_000, true],
    ['blocked 1 s after an edit', 'blocked', 0, 1_000, true],
    ['done 1 s after an edit', 'done', 0, 1_000, true],
    ['a gate 1 s after an edit', 'gate', 0, 1_000, true],
    ['a cancel 1 s after an edit', 'cancelled', 0, 1_000, true],
    ['the end of the tick 1 s after an edit', 'end-of-tick', 0, 1_000, true],
    ['an attempt that ran over its time 1 s after an edit', 'timed-out', 0, 1_000, true],
    ['a plan change (its own comment says so)', 'plan-changed', null, 1_000, false],
  ])('%s: %s', (_name, trigger, last, now, expected) => {
    expect(shouldWriteStatus(trigger, every30s(last), now)).toBe(expected);
  });

  it('an interval of 0 edits after every step', () => {
    for (const now of [1, 2, 3]) expect(shouldWriteStatus('step-done', { intervalMs: 0, lastWriteMs: now - 1 }, now)).toBe(true);
  });

  it('1,000 quick steps (a second each) make 34 progress edits at 30 s, not 1,000', () => {
    let lastWriteMs: number | null = null;
    let writes = 0;
    for (let i = 1; i <= 1000; i++) {
      const now = i * 1000;
      if (shouldWriteStatus('step-done', { intervalMs: 30_000, lastWriteMs }, now)) {
        writes++;
        lastWriteMs = now;
      }
    }
    expect(writes).toBe(34);
  });
});
