// A 1,000-step plan through the bundled Action, to its end: every comment the run posts is
// accepted by GitHub (the fake refuses bodies over 65,536 characters, as GitHub does) and fits,
// the final summary is posted, and the pull request's body (the final summary) fits too. Running
// all 1,000 steps takes minutes (an agent and two pushes each), so the plan starts with most of
// its steps done, as a long-running plan is on its last heartbeats: the last 5 run in `npm
// test`, the last 25 under `npm run test:faults` (a second or two each) (test/helpers/fault-campaigns.ts). The status
// comment is edited at most once per 30 s while they run, not after each step. What a comment
// holds does not grow with the steps run: it shows the last steps and the outputs of all 1,000,
// so five steps (more than the status comment would need edits for, one by one) prove the same.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newState } from '../../src/core/plan/new-state.js';
import type { State } from '../../src/core/state/types.js';
import { FAULT_CAMPAIGN, strength } from '../helpers/fault-campaigns.js';
import { ActionHarness, runReport } from './action-harness.js';
import { approvedOnIssue, seedPlans } from './fleet-seed.js';
import { removeTempDirs } from './helpers.js';

afterAll(removeTempDirs);

const STEPS = 1000;
/** Steps left to run. */
const LEFT = strength(5, 25);
const MAX_BODY = 65_536;
const output = (i: number) => `reports/part-${String(i).padStart(4, '0')}/findings-of-step-${i}.md`;

/** The plan approved and run up to its last `LEFT` steps, each finished step's output on the branch. */
function seeded(planId: string): { state: State; files: Record<string, string> } {
  const steps = Object.fromEntries(
    Array.from({ length: STEPS }, (_, k) => [
      `step-${k + 1}`,
      { title: `Step number ${k + 1} of the big plan, with a title of some length`, instruction: `Do part ${k + 1}`, requiredOutputs: [output(k + 1)] },
    ]),
  );
  const at = new Date(Date.now() - 3_600_000);
  const base = newState({ title: 'A plan of a thousand steps', steps }, { planId, now: at, approved: { by: 'octocat' } });
  const done = STEPS - LEFT;
  const stepRuns = { ...base.stepRuns };
  const files: Record<string, string> = {};
  for (let i = 1; i <= done; i++) {
    const started = new Date(at.getTime() + i * 1000).toISOString();
    stepRuns[`step-${i}`] = { status: 'DONE', tries: 1, attempts: [{ n: 1, startedAt: started, endedAt: started, outcome: 'succeeded', exitCode: 0 }] } as State['stepRuns'][string];
    files[output(i)] = `findings ${i}\n`;
  }
  const state: State = { ...base, revision: 2 * done + 1, currentStep: done, stepRuns, artifacts: Array.from({ length: done }, (_, k) => output(k + 1)), lastHeartbeatIso: at.toISOString() };
  return { state, files };
}

describe('a 1,000-step plan on its last heartbeat', FAULT_CAMPAIGN, () => {
  let h: ActionHarness;
  beforeAll(async () => {
    h = await ActionHarness.create();
  });
  afterAll(async () => h?.close());

  it(`runs its last ${LEFT} steps; every comment and the pull request body are accepted and fit, the summary is posted`, { timeout: strength(120_000, 150_000) }, async () => {
    const issue = 100;
    const planId = `issue-${issue}`;
    h.fake.addIssue({ number: issue, title: 'A plan of a thousand steps', labels: ['sequencer'] });
    const { state: seededState, files } = seeded(planId);
    const state = approvedOnIssue(h.fake, issue, seededState);
    await seedPlans(h.origin, h.mainSha, [{ planId, state, marker: false, files }], h.gitEnv);

    const run = await h.tick({ inputs: { 'open-pull-request': 'true' }, timeoutMs: strength(110_000, 140_000) });
    expect(run.code, runReport(run)).toBe(0);
    expect(run.outputs.status, runReport(run)).toBe('DONE');
    const final = await h.remoteState(planId);
    expect(final?.status).toBe('DONE');
    expect(final?.artifacts).toHaveLength(STEPS);

    // GitHub accepted every body it was sent, and the largest fits with room to spare.
    const sent = h.fake.data.bodies;
    expect(sent.filter((b) => !b.accepted)).toEqual([]);
    expect(Math.max(...sent.map((b) => b.length))).toBeLessThan(MAX_BODY);

    const [done, ...more] = h.botComments(issue, 'summary');
    expect(more).toEqual([]);
    expect(done?.body, runReport(run)).toContain('### ✅ Done: A plan of a thousand steps');
    // The outputs are in the status comment, which took the final summary's form.
    const [summary] = h.botComments(issue, 'status');
    expect(summary!.body).toContain(`**Outputs** (${STEPS})`);
    expect(summary!.body).toContain(`- … and ${STEPS - 100} more outputs: [work branch](https://github.com/octo-org/octo-repo/tree/sequencer/${planId})`);
    expect(summary!.body).toContain(`${STEPS - 10} earlier steps not shown (${STEPS - 10} DONE).`);
    expect(summary!.body).toMatch(/\[workflow run\]\(https:\/\/github\.com\/octo-org\/octo-repo\/actions\/runs\/\d+\)/);

    // The pull request carries the summary as its body, and it fits too.
    expect(h.fake.data.pulls, runReport(run)).toHaveLength(1);
    const pr = h.fake.data.pulls[0]!;
    expect(pr.title).toBe('A plan of a thousand steps');
    expect(pr.body!.length).toBeLessThan(MAX_BODY);
    expect(done!.body).toContain(`Pull request: #${pr.number} (${pr.html_url})`);
    expect(summary!.body).toContain(`Pull request: #${pr.number} (${pr.html_url})`);
    expect(pr.body).toContain(`**Outputs** (${STEPS})`);

    // Quick steps do not edit the status comment one by one: at most once per 30 s, and at the end.
    const status = summary;
    expect(status?.body).toContain(`### ✅ Done: A plan of a thousand steps (${STEPS}/${STEPS})`);
    const writes = h.fake.requests.filter((r) => r.path.endsWith(`/issues/comments/${status!.id}`) && r.method === 'PATCH').length + 1;
    expect(writes, runReport(run)).toBeLessThanOrEqual(Math.ceil(run.durationMs / 30_000) + 2);
    expect(writes).toBeLessThan(LEFT);

    // The job summary lists every output, and nothing names where the runner kept its files.
    expect(run.summary).toContain(`**Outputs** (${STEPS})`);
    expect(run.summary).toContain(output(1).replace(/\./g, '\\.'));
    expect(run.summary).toContain(output(STEPS).replace(/\./g, '\\.'));
    for (const text of [run.summary, ...h.botComments(issue).map((c) => c.body), pr.body!]) {
      expect(text).not.toContain(run.runnerTemp);
      expect(text).not.toContain(run.workspace);
    }
  });
});
