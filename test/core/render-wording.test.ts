import { describe, expect, it } from 'vitest';
import { cancelledNotice, statusComment } from '../../src/core/render/render-markdown.js';
import { statusTable } from '../../src/core/render/render.js';
import { countOf, countOfTotal } from '../../src/core/render/plural.js';
import { state } from '../fakes/states.js';

/** A plan of four steps cancelled while `b` ran, after a blocked episode on `b` was retried. */
const cancelled = state(['a', 'b', 'c', 'd'], {
  status: 'CANCELLED',
  currentStep: 1,
  blockers: ['b: agent exited with code 1'],
  cancelRequested: { by: 'writer', at: '2026-01-01T00:02:00Z' },
  stepRuns: {
    a: { status: 'DONE', tries: 1 },
    b: { status: 'FAILED', tries: 1, attempts: [{ n: 1, runId: 'p/b/1', startedAt: '2026-01-01T00:00:00Z', endedAt: '2026-01-01T00:01:00Z', outcome: 'cancelled' }] },
  },
} as never);

describe('wording a person reads', () => {
  it('a step stopped by a cancel is CANCELLED, not FAILED, in comments and in the terminal', () => {
    expect(statusComment(cancelled)).toMatch(/\| `b` \| Title b \| 🛑 CANCELLED \|/);
    expect(statusComment(cancelled)).not.toContain('FAILED');
    expect(statusTable(cancelled)).toMatch(/2\/4\s+b\s+Title b\s+CANCELLED/);
  });

  it('a cancelled plan shows no stale "Blocked:" line', () => {
    expect(statusComment(cancelled)).not.toContain('Blocked:');
    expect(statusComment({ ...cancelled, status: 'BLOCKED' })).toContain('Blocked: b: agent exited with code 1');
  });

  it('counts agree with their numbers', () => {
    expect(cancelledNotice(cancelled, 'b')).toContain('1 of 4 steps was done:');
    expect(cancelledNotice({ ...cancelled, stepRuns: {} }, null)).toContain('0 of 4 steps were done:');
    expect(countOf(1, 'step')).toBe('1 step');
    expect(countOf(2, 'step')).toBe('2 steps');
    expect(countOfTotal(1, 1, 'step', 'done')).toBe('1 of 1 step was done');
  });
});
