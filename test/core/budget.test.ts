import { describe, expect, it } from 'vitest';
import { parseCommandText } from '../../src/core/tick/commands.js';
import { applyCommand } from '../../src/core/tick/apply-command.js';
import { planBudget, recordDefaultBudget, spentBudget, tokenAllowance } from '../../src/core/tick/budget.js';
import { planTotals, stepTotals } from '../../src/core/render/usage-report.js';
import { judgeRaise, type HeldComment } from '../../src/core/trust/approval-evidence.js';
import { newState } from '../../src/core/plan/new-state.js';
import type { Attempt, BudgetRaise, State } from '../../src/core/state/types.js';
import { plan, T0 } from '../fakes/states.js';

const used = (n: number, tokens: number, costUsd?: number): Attempt => ({
  n,
  runId: `p/a/${n}`,
  startedAt: T0.toISOString(),
  outcome: 'failed',
  usage: { inputTokens: tokens, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0, ...(costUsd !== undefined ? { costUsd } : {}), isError: false, source: 'stream', complete: true },
});

function spentState(extra: Partial<State['plan']> = {}, stepBudget?: { costUsd?: number; tokens?: number }): State {
  const s = newState({ ...plan(['a', 'b'], stepBudget ? { budget: stepBudget } : {}), ...extra }, { planId: 'p', now: T0, approved: { by: 'tester' } });
  return {
    ...s,
    stepRuns: {
      a: { status: 'FAILED', tries: 2, attempts: [used(1, 1500, 1.25), used(2, 700)] },
      b: { status: 'PENDING', tries: 0, attempts: [{ n: 1, runId: 'p/b/1', startedAt: T0.toISOString() }] },
    },
  };
}

describe('what a plan and its steps have spent', () => {
  it('sums every attempt with a usage record; an attempt without cost is counted as uncosted', () => {
    const s = spentState();
    expect(stepTotals(s, 'a')).toMatchObject({ costUsd: 1.25, tokens: 2200, attempts: 2, uncosted: 1 });
    expect(stepTotals(s, 'b')).toMatchObject({ costUsd: 0, tokens: 0, attempts: 0, uncosted: 0 });
    expect(planTotals(s)).toMatchObject({ costUsd: 1.25, tokens: 2200, attempts: 2, uncosted: 1 });
  });

  it('finds the spent budget: the step’s own first, then the plan’s (its own, else the workflow default)', () => {
    expect(spentBudget(spentState({}, { tokens: 2200 }), 'a', {})).toEqual({ scope: 'step', stepId: 'a', kind: 'tokens', limit: 2200, spent: 2200 });
    expect(spentBudget(spentState({ budget: { costUsd: 1 } }), 'a', {})).toEqual({ scope: 'plan', stepId: 'a', kind: 'costUsd', limit: 1, spent: 1.25 });
    expect(spentBudget(spentState(), 'a', { budget: { tokens: 2000 } })).toMatchObject({ scope: 'plan', kind: 'tokens', limit: 2000 });
    expect(spentBudget(spentState({ budget: { tokens: 5000 } }), 'a', { budget: { tokens: 2000 } })).toBeNull();
    expect(spentBudget(spentState({}, { tokens: 2201 }), 'a', {})).toBeNull();
    expect(spentBudget(spentState(), 'a', {})).toBeNull();
  });

  it('gives an attempt what is left of the tighter token budget, and names it', () => {
    expect(tokenAllowance(spentState({ budget: { tokens: 10_000 } }, { tokens: 3000 }), 'a', {})).toEqual({ left: 800, scope: 'step', stepId: 'a', limit: 3000 });
    expect(tokenAllowance(spentState({ budget: { tokens: 2500 } }, { tokens: 3000 }), 'a', {})).toEqual({ left: 300, scope: 'plan', stepId: 'a', limit: 2500 });
    expect(tokenAllowance(spentState({ budget: { costUsd: 3 } }), 'a', {})).toBeUndefined();
  });

  it('counts the last raise of a budget instead of its limit', () => {
    const s: State = {
      ...spentState({ budget: { costUsd: 1 } }),
      budgetRaises: [
        { scope: 'plan', kind: 'costUsd', limit: 2, by: 'x', at: T0.toISOString() },
        { scope: 'plan', kind: 'costUsd', limit: 3, by: 'x', at: T0.toISOString() },
      ],
    };
    expect(planBudget(s, {})).toEqual({ costUsd: 3 });
    expect(spentBudget(s, 'a', {})).toBeNull();
  });
});

describe('a budget given on the command line sticks to the plan', () => {
  const flag = (kind: 'costUsd' | 'tokens') => (kind === 'costUsd' ? '--budget-usd' : '--budget-tokens');

  it('is recorded the first time, holds without the flag, and a later different value is ignored with a warning', () => {
    const first = recordDefaultBudget(spentState(), { costUsd: 1 }, flag);
    expect(first).toMatchObject({ changed: true, ignored: [] });
    expect(first.state.defaultBudget).toEqual({ costUsd: 1 });
    // A later run without the flag: the recorded budget still blocks.
    expect(spentBudget(first.state, 'a', {})).toEqual({ scope: 'plan', stepId: 'a', kind: 'costUsd', limit: 1, spent: 1.25 });
    const again = recordDefaultBudget(first.state, { costUsd: 5, tokens: 9000 }, flag);
    expect(again.changed).toBe(true);
    expect(again.state.defaultBudget).toEqual({ costUsd: 1, tokens: 9000 });
    expect(again.ignored).toEqual([
      "--budget-usd 5 is ignored: the plan's cost budget is $1.00, set by an earlier run and kept for every run; once it is spent, raise it with approve --budget-usd N.",
    ]);
    expect(recordDefaultBudget(again.state, { costUsd: 1 }, flag)).toMatchObject({ changed: false, ignored: [] });
  });

  it('does not replace the plan’s own budget, and says so', () => {
    const own = recordDefaultBudget(spentState({ budget: { tokens: 5000 } }), { costUsd: 1 }, flag);
    expect(own).toMatchObject({ changed: false, ignored: ['--budget-usd 1 is ignored: the plan sets its own budget (5,000 tokens).'] });
    expect(own.state.defaultBudget).toBeUndefined();
  });

  it('can only tighten the workflow’s default, and a raise still replaces it', () => {
    const s: State = { ...spentState(), defaultBudget: { costUsd: 50, tokens: 1000 } };
    expect(planBudget(s, { budget: { costUsd: 2 } })).toEqual({ costUsd: 2, tokens: 1000 });
    const raised: State = { ...s, budgetRaises: [{ scope: 'plan', kind: 'tokens', limit: 4000, by: 'x', at: T0.toISOString() }] };
    expect(planBudget(raised, {})).toEqual({ costUsd: 50, tokens: 4000 });
  });
});

describe('/approve budget=…', () => {
  it.each([
    ['/approve budget=$20', [{ kind: 'costUsd', amount: 20 }]],
    ['/approve budget=12.5usd', [{ kind: 'costUsd', amount: 12.5 }]],
    ['/approve budget=5000000tokens', [{ kind: 'tokens', amount: 5_000_000 }]],
    ['/approve budget=5M', [{ kind: 'tokens', amount: 5_000_000 }]],
    [
      '/approve budget=500k budget=$3',
      [
        { kind: 'tokens', amount: 500_000 },
        { kind: 'costUsd', amount: 3 },
      ],
    ],
    ['/approve budget=20', [{ amount: 20 }]],
  ])('%s', (text, budgets) => {
    expect(parseCommandText(text, 'octocat')).toEqual({ ok: true, command: { kind: 'approve', by: 'octocat', budgets } });
  });

  it.each([
    ['/approve budget=$5k', 'dollars or tokens, not both'],
    ['/approve budget=1.5tokens', 'a whole number of tokens'],
    ['/approve budget=0', 'more than 0'],
    ['/approve budget=$1 budget=$2', 'a second time'],
    ['/approve budget=$10 delay=2', 'got "delay=2"'],
    ['/approve budget=lots', 'got "budget=lots"'],
  ])('refuses %s', (text, message) => {
    const parsed = parseCommandText(text, 'octocat');
    expect(parsed?.ok).toBe(false);
    expect(parsed && !parsed.ok ? parsed.error : '').toContain(message);
  });

  const blocked = (): State => ({
    ...spentState({ budget: { tokens: 2000 } }),
    status: 'BLOCKED',
    blockers: ['a: the plan’s token budget is spent'],
    budgetBlock: { stepId: 'a', scope: 'plan', kind: 'tokens', limit: 2000, spent: 2200 },
  });

  it('raises the budget that blocked the plan, records who and which comment, and keeps the approval and hash', () => {
    const before = blocked();
    const out = applyCommand(before, { kind: 'approve', by: 'octocat', budgets: [{ amount: 3000 }], commentId: 77 }, T0);
    expect(out).toMatchObject({ changed: true, reply: "Budget raised by @octocat: the plan's token budget is now 3,000 tokens (2,200 tokens spent). Continuing." });
    expect(out.state).toMatchObject({ status: 'IN_PROGRESS', blockers: [], planHash: before.planHash, approval: before.approval });
    expect(out.state.budgetBlock).toBeUndefined();
    expect(out.state.budgetRaises).toEqual([{ scope: 'plan', kind: 'tokens', limit: 3000, by: 'octocat', at: T0.toISOString(), commentId: 77 }]);
  });

  it.each([
    [[{ kind: 'costUsd' as const, amount: 50 }], "The plan is blocked because the plan's token budget is spent (2,200 tokens of 2,000 tokens); raise that one: /approve budget=<tokens>."],
    [[{ amount: 2200 }], "the plan's token budget must be raised above what was spent (2,200 tokens), got 2,200 tokens."],
    [[{ amount: 2500.5 }], "the plan's token budget counts whole tokens, got 2500.5."],
  ])('refuses a raise that would not unblock the plan (%#)', (budgets, reply) => {
    expect(applyCommand(blocked(), { kind: 'approve', by: 'octocat', budgets, commentId: 78 }, T0)).toMatchObject({ changed: false, refused: true, reply });
  });

  it('answers a raise of the other kind from the CLI with the CLI’s command, a comment with the issue’s', () => {
    expect(applyCommand(blocked(), { kind: 'approve', by: 'me', budgets: [{ kind: 'costUsd', amount: 50 }] }, T0).reply).toBe(
      "The plan is blocked because the plan's token budget is spent (2,200 tokens of 2,000 tokens); raise that one: approve --budget-tokens N.",
    );
  });

  it.each([
    ['retry', { kind: 'retry', by: 'me' }],
    ['skip', { kind: 'skip', by: 'me' }],
    ['resume', { kind: 'resume', by: 'me' }],
    ['restart', { kind: 'restart', by: 'me' }],
  ] as const)('%s lifts the block, and the record of the spent budget goes with it', (_verb, cmd) => {
    const out = applyCommand(blocked(), cmd, T0);
    expect(out.changed).toBe(true);
    expect(out.state.status).not.toBe('BLOCKED');
    expect(out.state).not.toHaveProperty('budgetBlock');
  });

  it('keeps the record while the plan stays blocked (a refused command)', () => {
    const out = applyCommand(blocked(), { kind: 'retry', by: 'me', step: 'nosuchstep' }, T0);
    expect(out.refused).toBe(true);
    expect(out.state.budgetBlock).toEqual(blocked().budgetBlock);
  });

  it('refuses a raise while nothing is blocked by a budget', () => {
    expect(applyCommand(spentState(), { kind: 'approve', by: 'octocat', budgets: [{ amount: 10 }] }, T0)).toMatchObject({
      refused: true,
      reply: 'Nothing to raise: the plan is IN_PROGRESS, not blocked by a spent budget.',
    });
  });
});

describe('judgeRaise: a raise counts only as a writer’s comment that still says it', () => {
  const raise: BudgetRaise = { scope: 'plan', kind: 'costUsd', limit: 20, by: 'octocat', at: T0.toISOString(), commentId: 9 };
  const comment = (over: Partial<HeldComment> = {}): HeldComment => ({
    id: 9,
    login: 'octocat',
    body: '/approve budget=$20',
    createdAt: T0.toISOString(),
    updatedAt: T0.toISOString(),
    issueNumber: 4,
    ...over,
  });
  const evidence = { ourLogin: 'github-actions[bot]', issueNumber: 4, raiserRefusal: null };

  it('stands for the comment as written, also for a bare number of the raised kind', () => {
    expect(judgeRaise(raise, { ...evidence, comment: comment() })).toEqual({ ok: true });
    expect(judgeRaise(raise, { ...evidence, comment: comment({ body: '/approve budget=20' }) })).toEqual({ ok: true });
  });

  it.each([
    [{ ...raise, commentId: undefined }, {}, 'names no comment GitHub can confirm'],
    [raise, { raiserRefusal: 'octocat has read access only' }, 'may not raise this plan'],
    [raise, { comment: null }, 'no longer exists'],
    [raise, { comment: comment({ issueNumber: 5 }) }, "is not on the plan's issue"],
    [raise, { comment: comment({ login: 'mallory' }) }, 'was written by mallory'],
    [raise, { comment: comment({ body: '/approve budget=$200' }) }, 'does not say /approve budget=… with this limit'],
    [{ ...raise, by: 'github-actions[bot]' }, { comment: comment({ login: 'github-actions[bot]' }) }, 'is one of ours'],
  ])('refuses %#', (r, over, reason) => {
    const verdict = judgeRaise(r as BudgetRaise, { ...evidence, ...over });
    expect(verdict.ok).toBe(false);
    expect(verdict.ok ? '' : verdict.reason).toContain(reason);
  });
});
