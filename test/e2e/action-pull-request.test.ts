// `open-pull-request: true` through the bundled Action: the finished plan's pull request is titled
// after the plan, carries the final summary as its body, holds the outputs only (the state folder
// stays on the work branch), is linked from the final summary, and keeps its plan from maintenance.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ActionHarness, runReport, type ActionRun } from './action-harness.js';
import { removeTempDirs } from './helpers.js';

afterAll(removeTempDirs);

function expectOk(run: ActionRun): void {
  expect(run.code, runReport(run)).toBe(0);
}

const PLAN = {
  title: 'Widget report',
  steps: {
    'step-1': { title: 'Notes', instruction: 'Write notes/sources.md', requiredOutputs: ['notes/sources.md'] },
    'step-2': { title: 'Report', instruction: 'Write report/final.md', requiredOutputs: ['report/final.md'] },
  },
};

describe('open-pull-request', () => {
  let h: ActionHarness;
  beforeAll(async () => {
    h = await ActionHarness.create();
  });
  afterAll(async () => h?.close());

  const issue = 31;
  const planId = `issue-${issue}`;
  const inputs = { 'open-pull-request': 'true' };
  const maintenance = (over: Record<string, string> = {}) => h.dispatch({ command: 'maintenance' }, { inputs: { apply: 'true', 'prune-days': '0', ...over } });
  const report = (run: ActionRun) => (JSON.parse(run.outputs.report!) as Array<{ kind: string; planId: string; result: string }>).map((a) => `${a.kind} ${a.planId} ${a.result}`);

  it('opens one pull request with the plan title, the summary as body and the outputs only in its diff, one commit per step on the base, no merge', async () => {
    expectOk(await h.openIssue(issue, PLAN, { inputs }));
    // A fix lands on main after the proposal: the approving run merges it into the work branch first.
    await h.commitToMain({ 'docs/fix.md': 'a fix on main\n' }, 'a fix lands on main');
    h.fake.setPermission('alice', 'write');
    const done = await h.say(issue, 'alice', '/approve').deliver({ inputs });
    expectOk(done);
    expect(done.outputs.status).toBe('DONE');

    expect(h.fake.data.pulls).toHaveLength(1);
    const pr = h.fake.data.pulls[0]!;
    expect(pr).toMatchObject({ state: 'open', title: 'Widget report', head: { ref: `sequencer-pr/${planId}` } });

    const [summary] = h.botComments(issue, 'summary');
    expect(summary, runReport(done)).toBeDefined();
    const line = `Pull request: #${pr.number} (${pr.html_url})`;
    expect(summary!.body).toContain(line);
    // The status comment, in its final form, is the pull request's body with the pull request
    // line added before its footer.
    const [status] = h.botComments(issue, 'status');
    expect(status!.body).toMatch(new RegExp(`\\n\\n${line.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}\\n\\n<sub>\\[workflow run\\]`));
    expect(pr.body).toContain('### ✅ Done: Widget report (2/2)');
    // It closes the issue when merged and says where the plan is.
    expect(pr.body!.split('\n')[0]).toBe(`Closes #${issue}.`);
    expect(pr.body).toMatch(
      new RegExp(
        `Plan \`${planId}\` \\(plan \`[0-9a-f]{12}\`\\), proposed and approved on #${issue}; its record \\(state and every attempt\\) stays on the work branch \\[\`sequencer/${planId}\`\\]\\(https://github\\.com/[^)]+\\)\\.`,
      ),
    );

    // Its history: one commit per finished step, on the main it last merged, no merge commit, no
    // checkpoint or failed attempt; the work branch keeps all of those.
    const history = (await h.originGit(['log', '--reverse', '--format=%P %s', `${h.mainSha}..${pr.head.ref}`])).stdout.trim().split('\n');
    expect(history.map((l) => l.split(' ').slice(1).join(' '))).toEqual(['Notes', 'Report']);
    expect(history[0]!.split(' ')[0]).toBe(h.mainSha);
    expect((await h.originGit(['rev-list', '--merges', `refs/heads/sequencer/${planId}`])).stdout.trim()).not.toBe('');
    expect((await h.originGit(['show', '-s', '--format=%B', `${pr.head.ref}~1`])).stdout.trim()).toBe(`Notes\n\nStep step-1 of plan ${planId}, attempt 1.`);
    expect(pr.body).toContain('**Outputs** (2)');
    expect(pr.body).not.toContain('Pull request:');

    // The base as the checkout saw it (the fake's payloads name `master`, the bare remote `main`).
    const diff = await h.originGit(['diff', '--name-only', `${h.mainSha}...${pr.head.ref}`]);
    expect(diff.stdout.trim().split('\n').sort()).toEqual(['notes/sources.md', 'report/final.md']);
    // The work branch keeps the state; only the pull request branch leaves it out.
    expect(await h.remoteState(planId)).toMatchObject({ status: 'DONE' });
    expect(await h.remoteFile(pr.head.ref, `.sequencer/${planId}/state.json`)).toBeNull();
  });

  it('maintenance keeps the plan while its pull request is open and prunes it once closed', async () => {
    const kept = await maintenance();
    expectOk(kept);
    expect(report(kept)).toEqual([`keep ${planId} done`]);
    expect(kept.stdout).toContain(`${planId}: kept branch sequencer/${planId}: pull request #${h.fake.data.pulls[0]!.number} is open`);
    expect(Object.keys(await h.remoteBranches())).toContain(`sequencer/${planId}`);

    h.fake.data.pulls[0]!.state = 'closed';
    const pruned = await maintenance();
    expectOk(pruned);
    expect(report(pruned)).toEqual([`prune ${planId} done`]);
    expect(Object.keys(await h.remoteBranches())).not.toContain(`sequencer/${planId}`);
  });
});
