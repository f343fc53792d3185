// Usage and budgets through the bundled Action (dist/index.js, see action-harness.ts), with the
// sample agent reporting its tokens and cost in $SEQUENCER_USAGE_FILE (the agent lane does the
// same with the real Claude Code binary): the proposal shows the budget, the status comment and
// job summary the tokens and cost, a spent budget blocks the plan with a notice saying what was
// spent and how to raise it, a raise by someone without write access changes nothing, and a
// writer's `/approve budget=…` (read back on GitHub) lets the plan finish.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ActionHarness, runReport, type ActionRun } from './action-harness.js';
import { removeTempDirs } from './helpers.js';

afterAll(removeTempDirs);

const PLAN = {
  title: 'Spend carefully',
  budget: { costUsd: 0.5 },
  steps: {
    first: { title: 'First', instruction: 'Write out/first.md', requiredOutputs: ['out/first.md'] },
    second: { title: 'Second', instruction: 'Write out/second.md', requiredOutputs: ['out/second.md'] },
  },
};
const env = { AGENT_USAGE: JSON.stringify({ model: 'sample-model', inputTokens: 12_000, outputTokens: 800, costUsd: 0.75 }) };

describe('budgets through the Action', () => {
  let h: ActionHarness;
  beforeAll(async () => {
    h = await ActionHarness.create();
    h.fake.setPermission('alice', 'write');
  });
  afterAll(async () => h?.close());

  it('blocks at a spent plan budget, refuses a raise without write access, and finishes after a writer raises it', { timeout: 60_000 }, async () => {
    const issue = 31;
    const planId = `issue-${issue}`;
    const ok = (run: ActionRun) => expect(run.code, runReport(run)).toBe(0);
    ok(await h.openIssue(issue, PLAN, { env }));
    expect(h.botComments(issue, 'proposal')[0]?.body).toContain("- Budget of the plan: $0.5000, over all its attempts and runs (the plan's own `budget`)");

    // The first step spends $0.75 of the $0.50: the second cannot start.
    const approved = await h.say(issue, 'alice', '/approve').deliver({ env });
    // It blocked the plan: the run is red (fail-on-blocked).
    expect(approved.code, runReport(approved)).toBe(1);
    expect(approved.outputs.status).toBe('BLOCKED');
    const state = (await h.remoteState(planId))!;
    expect(state.stepRuns.first?.attempts?.[0]?.usage).toEqual({
      model: 'sample-model',
      inputTokens: 12_000,
      outputTokens: 800,
      cacheReadTokens: 0,
      cacheWriteTokens: 0,
      costUsd: 0.75,
      isError: false,
      source: 'file',
      complete: true,
    });
    expect(state.stepRuns.second?.attempts ?? []).toEqual([]);
    const notice = h.botComments(issue, 'blocked')[0]!.body;
    // The reason is escaped as all blocker text is (no math, no markup): it reads as written.
    expect(notice).toContain("**Why:** the plan's cost budget is spent: \\$0\\.7500 used of \\$0\\.5000\n");
    expect(notice).toContain("- `/approve budget=$2`: raise the plan's cost budget ($0.7500 used of $0.5000) to the amount given, above what was used, and go on");
    const status = h.botComments(issue, 'status')[0]!.body;
    expect(status).toContain('| 1/2 | `first` | First | ✅ DONE | 1 |');
    expect(status).toMatch(/\| 12\.8k \| \$0\.7500 \|/);
    expect(status).toContain('**Usage:** 12,800 tokens, $0.7500, over 1 attempt;');
    expect(approved.summary).toContain('| tokens | cost |');

    // Someone without write access cannot raise it.
    const stranger = await h.say(issue, 'mallory', '/approve budget=$100', 'NONE').deliver({ env });
    ok(stranger);
    const after = (await h.remoteState(planId))!;
    expect(after.status).toBe('BLOCKED');
    expect(after.budgetRaises).toBeUndefined();

    const raised = await h.say(issue, 'alice', '/approve budget=$2').deliver({ env });
    ok(raised);
    expect(raised.outputs.status).toBe('DONE');
    const done = (await h.remoteState(planId))!;
    expect(done.budgetRaises).toEqual([{ scope: 'plan', kind: 'costUsd', limit: 2, by: 'alice', at: expect.any(String), commentId: expect.any(Number) }]);
    expect(done.planHash).toBe(state.planHash);
    // The status comment took the final summary's form.
    const summary = h.botComments(issue, 'status')[0]!.body;
    expect(summary).toContain('**Usage:** 25,600 tokens, $1.50, over 2 attempts.');
    expect(summary).toMatch(/\*\*Runner time:\*\* \d+ s in attempts/);
  });
});
