// Where usage is shown: the status comment and final summary (a tokens and a cost column, the
// plan's total, the runner time), the blocker notice (per attempt, and how to raise a spent
// budget), the terminal table and reports. A state without usage renders exactly as before.
import { describe, expect, it } from 'vitest';
import { blockerNotice, finalSummaryComment, jobSummary, statusComment, stepTable } from '../../src/core/render/render-markdown.js';
import { blockerReport, finalSummary, statusTable } from '../../src/core/render/render.js';
import { compactTokens, costCell, totalLine, usageReport, usageTable } from '../../src/core/render/usage-report.js';
import type { Attempt, AttemptUsage, State } from '../../src/core/state/types.js';
import { state } from '../fakes/states.js';

const usage = (tokens: number, costUsd?: number, complete = true): AttemptUsage => ({
  model: 'claude-sonnet-4-5',
  inputTokens: tokens - 100,
  outputTokens: 100,
  cacheReadTokens: 0,
  cacheWriteTokens: 0,
  ...(costUsd !== undefined ? { costUsd } : {}),
  isError: false,
  source: 'stream',
  complete,
});

const attempt = (n: number, outcome: Attempt['outcome'], u?: AttemptUsage, wallMs?: number): Attempt => ({
  n,
  runId: `p/x/${n}`,
  startedAt: '2026-01-01T00:00:00.000Z',
  endedAt: '2026-01-01T00:10:00.000Z',
  outcome,
  exitCode: outcome === 'succeeded' ? 0 : 1,
  error: outcome === 'succeeded' ? null : 'agent exited with code 1',
  ...(u ? { usage: u } : {}),
  ...(wallMs !== undefined ? { wallMs } : {}),
});

function used(): State {
  const s = state(['a', 'b', 'c']);
  return {
    ...s,
    currentStep: 2,
    stepRuns: {
      a: { status: 'DONE', tries: 2, attempts: [attempt(1, 'failed', usage(12_000, 0.05), 60_000), attempt(2, 'succeeded', usage(30_000, 0.1), 120_000)] },
      b: { status: 'DONE', tries: 1, attempts: [attempt(1, 'succeeded', usage(2_500_000), 600_000)] },
    },
  };
}

describe('the usage report', () => {
  it('sums per step and per plan, marking costs some attempts did not report', () => {
    const r = usageReport(used());
    expect(r.steps.map((s) => [s.stepId, s.total.tokens, s.total.costUsd, s.total.attempts, s.total.uncosted])).toEqual([
      ['a', 42_000, 0.15000000000000002, 2, 0],
      ['b', 2_500_000, 0, 1, 1],
      ['c', 0, 0, 0, 0],
    ]);
    expect(r.total).toMatchObject({ tokens: 2_542_000, attempts: 3, uncosted: 1, wallMs: 780_000 });
    expect(costCell(r.steps[0]!.total)).toBe('$0.1500');
    expect(costCell(r.steps[1]!.total)).toBe('-');
    expect(costCell(r.total)).toBe('$0.1500+');
    expect(totalLine(r.total)).toBe('2,542,000 tokens, $0.1500 (1 attempt reported no cost), over 3 attempts; 13 min of runner time in attempts');
  });

  it.each([
    [850, '850'],
    [1234, '1.23k'],
    [12_345, '12.3k'],
    [1_000_000, '1M'],
    [4_560_000, '4.56M'],
  ])('%d tokens read %s', (n, text) => {
    expect(compactTokens(n)).toBe(text);
  });
});

describe('comments and summaries', () => {
  it('leave a state without usage as it was: no usage columns, no usage line', () => {
    const s = state(['a']);
    expect(stepTable(s)).toContain('| # | step | title | status | attempts | duration | outputs |');
    expect(statusComment(s)).not.toContain('Usage');
    expect(statusTable(s).split('\n')[1]).toBe('#    step  title    status   attempts  duration  outputs');
  });

  it('an agent that reports no usage: no usage columns or line, but the final summary still gives the runner time', () => {
    const s: State = { ...state(['a']), status: 'DONE', currentStep: 1, stepRuns: { a: { status: 'DONE', tries: 1, attempts: [attempt(1, 'succeeded', undefined, 150_000)] } } };
    expect(statusComment(s)).not.toContain('Usage');
    expect(statusComment(s)).not.toContain('| tokens |');
    expect(statusTable(s)).not.toContain('usage:');
    expect(finalSummaryComment(s)).not.toContain('**Usage:**');
    expect(finalSummaryComment(s)).toContain('**Runner time:** 3 min in attempts');
  });

  it('the status comment and the job summary get a tokens and a cost column and the plan total', () => {
    const body = statusComment(used());
    expect(body).toContain('| # | step | title | status | attempts | duration | tokens | cost | outputs |');
    expect(body).toContain('| 1/3 | `a` | Title a | ✅ DONE | 2 | 10m00s | 42k | $0.1500 |');
    expect(body).toContain('| 2/3 | `b` | Title b | ✅ DONE | 1 | 10m00s | 2.5M | - |');
    expect(body).toContain('**Usage:** 2,542,000 tokens, $0.1500 (1 attempt reported no cost), over 3 attempts; 13 min of runner time in attempts.');
    expect(jobSummary(used())).toContain('| tokens | cost |');
  });

  it('the final summary states the total and the runner minutes', () => {
    const s: State = {
      ...used(),
      status: 'DONE',
      currentStep: 3,
      stepRuns: { ...used().stepRuns, c: { status: 'DONE', tries: 1, attempts: [attempt(1, 'succeeded', usage(1000, 0.01), 1_800_000)] } },
    };
    const body = finalSummaryComment(s);
    expect(body).toContain('**Usage:** 2,543,000 tokens, $0.1600 (1 attempt reported no cost), over 4 attempts.');
    expect(body).toContain("**Runner time:** 43 min in attempts (the agents and the steps' checks; each job's set-up, commits and notices come on top).");
    const console = finalSummary(s);
    expect(console).toContain('Usage: 2,543,000 tokens, $0.1600 (1 attempt reported no cost), over 4 attempts.');
    expect(console).toContain("Runner time: 43 min in attempts (the agents and the steps' checks).");
  });

  it('the blocker notice shows each attempt’s tokens and cost, and how to raise a spent budget', () => {
    const s: State = {
      ...used(),
      status: 'BLOCKED',
      currentStep: 2,
      stepRuns: { ...used().stepRuns, c: { status: 'FAILED', tries: 1, error: 'stopped: over budget', attempts: [attempt(1, 'over_budget', usage(900_000, 2.4, false))] } },
      budgetBlock: { stepId: 'c', scope: 'plan', kind: 'costUsd', limit: 2.5, spent: 2.55 },
    };
    const body = blockerNotice(s, 'c', "the plan's cost budget is spent: $2.55 used of $2.50");
    expect(body).toContain('| attempt | outcome | exit | duration | tokens | cost | error |');
    expect(body).toContain('| 1 | over_budget | 1 | - | 900,000+ | $2.40 |');
    expect(body).toContain("- `/approve budget=$6`: raise the plan's cost budget ($2.55 used of $2.50) to the amount given, above what was used, and go on");
    expect(body).toContain(
      '**Plan usage so far:** 3,442,000 tokens, $2.55 (1 attempt reported no cost), over 4 attempts (1 stopped before reporting totals: at least this much); 13 min of runner time in attempts.',
    );
    expect(blockerReport(s, 'c', 'spent')).toContain('attempt 1: over_budget (exit 1), 900,000+ tokens, $2.40 - agent exited with code 1');
    const report = blockerReport(s, 'c', 'spent');
    expect(report).toContain("To raise it: `approve --budget-usd N` raises the plan's cost budget ($2.55 used of $2.50) to N, above what was used, and goes on.");
    // A new round would block again at once while the budget is spent: retry is not offered.
    expect(report).toContain('Or: skip (move on without it), or cancel.');
    expect(report).not.toContain('retry');
  });

  it('a plan blocked by a spent budget before any attempt of its step gives the reason, and no empty "last error"', () => {
    const reason = "the plan's cost budget is spent: $2.55 used of $2.50";
    const s: State = { ...used(), status: 'BLOCKED', currentStep: 2, budgetBlock: { stepId: 'c', scope: 'plan', kind: 'costUsd', limit: 2.5, spent: 2.55 } };
    const report = blockerReport(s, 'c', reason);
    expect(report.split('\n')[0]).toBe(`Blocked at c (Title c): ${reason}`);
    expect(report).not.toContain('Last error');
    expect(report).not.toContain('none recorded');
    expect(report).toContain("To raise it: `approve --budget-usd N` raises the plan's cost budget ($2.55 used of $2.50) to N, above what was used, and goes on.");
    const body = blockerNotice(s, 'c', reason);
    expect(body).toContain("**Why:** the plan's cost budget is spent: ");
    expect(body).not.toContain('Last error');
    expect(body).not.toContain('none recorded');
    // An error recorded is still shown.
    const failed: State = { ...s, stepRuns: { ...s.stepRuns, c: { status: 'FAILED', tries: 1, error: 'agent exited with code 1' } } };
    expect(blockerReport(failed, 'c', reason)).toContain('\nLast error: agent exited with code 1\n');
    expect(blockerNotice(failed, 'c', reason)).toContain('**Last error:**');
  });

  it('the terminal table gets the columns and the total too', () => {
    const text = statusTable(used());
    expect(text.split('\n')[1]).toMatch(/^#\s+step\s+title\s+status\s+attempts\s+duration\s+tokens\s+cost\s+outputs$/);
    expect(text).toMatch(/1\/3\s+a\s+Title a\s+DONE\s+2\s+10m00s\s+42k\s+\$0\.1500/);
    expect(text).toContain('usage: 2,542,000 tokens, $0.1500 (1 attempt reported no cost), over 3 attempts; 13 min of runner time in attempts');
  });

  it('a total that holds an interrupted attempt is a lower bound too: "+" in every cell that counts it, and the legend only then', () => {
    const interrupted: State = {
      ...used(),
      currentStep: 0,
      stepRuns: { a: { status: 'DONE', tries: 2, attempts: [attempt(1, 'interrupted', usage(5_001, 0.05, false)), attempt(2, 'succeeded', usage(6_100, 0.1))] } },
    };
    const table = statusTable(interrupted);
    expect(table).toMatch(/1\/3\s+a\s+Title a\s+DONE\s+2\s+10m00s\s+11\.1k\+\s+\$0\.1500\s/);
    expect(stepTable(interrupted)).toContain('| 11.1k+ | $0.1500 |');
    const report = usageTable(interrupted);
    expect(report).toMatch(/^a\s+1\s+interrupted\s.*\s5,001\+\s/m);
    expect(report).toMatch(/^a\s+all\s+11\.1k\+\s+\$0\.1500\s/m);
    expect(report).toContain('(a "+" after tokens: the agent ended before its totals, so at least this many)');
    expect(report).not.toContain('after a cost');

    // Nothing partial, nothing uncosted: no "+" anywhere, and no legend for it.
    const whole: State = { ...interrupted, stepRuns: { a: used().stepRuns.a! } };
    expect(usageTable(whole)).not.toContain('+');
    // A cost some attempt did not report: its own note alone.
    const uncosted = usageTable({ ...interrupted, stepRuns: { a: { status: 'DONE', tries: 2, attempts: [attempt(1, 'failed', usage(12_000)), attempt(2, 'succeeded', usage(30_000, 0.1))] } } });
    expect(uncosted).toMatch(/^a\s+all\s+42k\s+\$0\.1000\+\s/m);
    expect(uncosted).toContain('(a "+" after a cost: some attempts reported none)');
    expect(uncosted).not.toContain('after tokens');
  });

  it('the blocker report counts one tool call as one, and a row of like attempts keeps their tokens and cost, summed', () => {
    const s: State = {
      ...used(),
      status: 'BLOCKED',
      currentStep: 2,
      stepRuns: {
        ...used().stepRuns,
        c: {
          status: 'FAILED',
          tries: 4,
          error: 'agent exited with code 1',
          attempts: [
            { ...attempt(1, 'failed', usage(5_000, 0.05)), toolCalls: { calls: 1, denied: 1 } },
            attempt(2, 'failed', usage(6_000, 0.05)),
            attempt(3, 'failed', usage(7_000, 0.1, false)),
            attempt(4, 'failed', usage(8_000)),
          ],
        },
      },
    };
    const report = blockerReport(s, 'c', 'max attempts');
    expect(report).toContain('  attempt 1: failed (exit 1), 1 tool call (1 denied), 5,000 tokens, $0.0500 - agent exited with code 1\n');
    expect(report).toContain('  attempt 2-4: failed (exit 1), 21,000+ tokens, $0.1500+ in all - agent exited with code 1 (3 times)\n');
  });
});
