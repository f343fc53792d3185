// See the work, end to end through the bundled Action: each attempt's log group in the Actions log
// shows what runs, the agent's output as it arrives (capped, and never read as a workflow
// command) and the verdict; the comments link to the run that wrote them and name no runner path.
import { chmod, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Plan } from '../../src/core/state/types.js';
import { ActionHarness, runReport, type ActionRun } from './action-harness.js';
import { seedApprovedIssuePlan } from './fleet-seed.js';
import { makeTempDir, removeTempDirs } from './helpers.js';

afterAll(removeTempDirs);

function expectOk(run: ActionRun): void {
  expect(run.code, runReport(run)).toBe(0);
}

/** Writes its outputs, then prints `LINES` numbered lines and two that look like workflow commands. */
const CHATTY_AGENT = `#!/usr/bin/env node
import fs from 'node:fs';
import path from 'node:path';
for (const out of JSON.parse(process.env.SEQUENCER_REQUIRED_OUTPUTS ?? '[]')) {
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, 'done\\n');
}
process.stdout.write('agent says hello\\n::warning::from the agent\\n');
process.stderr.write('::add-mask::agent-mask\\n');
const lines = Number(process.env.LINES ?? '0');
let text = '';
for (let i = 1; i <= lines; i++) text += 'line ' + i + '\\n';
process.stdout.write(text);
process.stdout.write('last words without a newline');
`;

/** The lines of the log group whose title contains `title`, as the runner prints them. */
function groupLines(stdout: string, title: string): string[] {
  const lines = stdout.split('\n');
  const start = lines.findIndex((l) => l.startsWith('::group::') && l.includes(title));
  if (start < 0) return [];
  const end = lines.indexOf('::endgroup::', start);
  return lines.slice(start + 1, end < 0 ? undefined : end);
}

/** Lines the runner would act on outside a stop-commands pause. */
function activeCommands(stdout: string): string[] {
  const active: string[] = [];
  let pausedBy: string | null = null;
  for (const line of stdout.split('\n')) {
    const t = line.trimStart();
    if (pausedBy) {
      if (t === `::${pausedBy}::`) pausedBy = null;
      continue;
    }
    const stop = /^::stop-commands::(.+)$/.exec(t);
    if (stop) pausedBy = stop[1]!;
    else if (t.startsWith('::') || t.includes('##[')) active.push(t);
  }
  return active;
}

describe('the attempt log group (local node)', () => {
  let h: ActionHarness;
  let agent: string;
  beforeAll(async () => {
    h = await ActionHarness.create();
    h.fake.setPermission('writer', 'write');
    const dir = await makeTempDir('sequencer-chatty-');
    agent = path.join(dir, 'chatty.mjs');
    await writeFile(agent, CHATTY_AGENT);
    await chmod(agent, 0o755);
  });
  afterAll(async () => h?.close());

  /** An approved issue plan on the remote, for tests about what an attempt shows (fleet-seed.ts). */
  const approvedIssuePlan = (issue: number, plan: Plan) => seedApprovedIssuePlan(h, issue, plan, 'writer');

  it("holds what runs, the agent's lines (none a workflow command), a truncation line past the cap, and the verdict", async () => {
    const issue = 91;
    const plan = { title: 'Chatty plan', steps: { 'step-1': { title: 'Talk a lot', instruction: 'Say many things', requiredOutputs: ['said.md'] } } };
    const planId = await approvedIssuePlan(issue, plan);
    const run = await h.dispatch({ command: 'tick', 'plan-id': planId }, { inputs: { 'agent-command': agent }, env: { LINES: '2500' } });
    expectOk(run);
    expect(run.outputs.status, runReport(run)).toBe('DONE');

    const group = groupLines(run.stdout, 'step-1 Talk a lot: attempt 1');
    expect(group.length, runReport(run)).toBeGreaterThan(0);
    expect(group[0]).toMatch(/^Runs: \S*chatty\.mjs ".*… \(prompt, \d+ characters\)" \(timeout \d+ min; attempt 1 of 3\)$/);
    expect(group).toContain('  │ agent says hello');
    expect(group).toContain('  │ line 1');
    // The cap (2,000 lines) holds the rest back and says where everything is.
    expect(group).not.toContain('  │ line 2500');
    const note = group.find((l) => l.includes('output truncated'));
    expect(note).toMatch(new RegExp(`full log in the artifact sequencer-issue-${issue}-run-${run.runId}-${run.runAttempt}$`));
    expect(group.at(-1)).toMatch(/step-1 done \(attempt 1 of \d+, .+\)\.$/);
    // The agent's command-like lines are shown, but only inside a stop-commands pause.
    expect(group.some((l) => l.includes('::warning::from the agent'))).toBe(true);
    expect(activeCommands(run.stdout).filter((l) => l.includes('from the agent') || l.includes('agent-mask'))).toEqual([]);
  });

  it('an invalid plan is refused as an "Invalid plan block in the issue"', async () => {
    expectOk(await h.openIssue(94, { title: 'Broken', steps: {} }));
    const said = h
      .botComments(94)
      .map((c) => c.body)
      .join('\n');
    expect(said).toContain('Invalid plan block in the issue');
    expect(said).not.toContain('Invalid the plan block');
  });

  it('a heartbeat with no plan to tick reports IDLE', async () => {
    const run = await h.tick();
    expectOk(run);
    expect(run.outputs.status, runReport(run)).toBe('IDLE');
  });

  it('an agent error naming runner folders reaches comments, annotations and the job summary without them', async () => {
    const issue = 95;
    const dir = await makeTempDir('sequencer-pathy-');
    const pathy = path.join(dir, 'pathy.mjs');
    await writeFile(
      pathy,
      `#!/usr/bin/env node\nprocess.stderr.write('could not write ' + process.cwd() + '/report.md, scratch kept in ' + process.env.RUNNER_TEMP + '/scratch\\n');\nprocess.exit(1);\n`,
    );
    await chmod(pathy, 0o755);
    const plan = { title: 'Pathy plan', steps: { 'step-1': { title: 'Fails with paths', instruction: 'Fail', requiredOutputs: ['report.md'] } } };
    const planId = await approvedIssuePlan(issue, plan);
    const run = await h.dispatch({ command: 'tick', 'plan-id': planId }, { inputs: { 'max-attempts': '1', 'agent-command': pathy } });
    expect(run.code, runReport(run)).toBe(1);
    expect(run.outputs.status, runReport(run)).toBe('BLOCKED');
    // The Actions log keeps the full paths; what is published after the run does not.
    expect(run.stdout).toContain(`could not write ${run.workspace}/report.md`);
    const [blocked] = h.botComments(issue, 'blocked');
    expect(blocked?.body).toContain('could not write report.md, scratch kept in $RUNNER_TEMP/scratch');
    const annotations = run.stdout.split('\n').filter((l) => /^::(warning|error)[ :]/.test(l));
    expect(annotations.length, runReport(run)).toBeGreaterThan(0);
    for (const text of [...annotations, run.summary, ...h.botComments(issue).map((c) => c.body)]) {
      expect(text).not.toContain(run.workspace);
      expect(text).not.toContain(run.runnerTemp);
      // Not even the part the two share, as left where a table cell cuts an error short.
      expect(text, text).not.toContain(h.root);
    }
  });

  // One plan blocked at its first step serves two checks: the links and paths of its comments,
  // and the size of every comment (proposal, status, blocker notice) a plan of 1,000 steps posts
  // through the bundle. Running 1,000 steps takes minutes (two commits each); the final summary
  // of a finished 1,000-step plan is checked in test/core/comment-size.test.ts.
  describe('a 1,000-step plan blocked at its first step', () => {
    const issue = 92;
    let run: ActionRun;
    beforeAll(async () => {
      const steps = Object.fromEntries(
        Array.from({ length: 1000 }, (_, i) => [
          `step-${i + 1}`,
          { title: `Step number ${i + 1} of the big plan`, instruction: `Do part ${i + 1}`, ...(i === 0 ? { requiredOutputs: ['never.md'] } : {}) },
        ]),
      );
      const inputs = { 'max-attempts': '1' };
      expectOk(await h.openIssue(issue, { title: 'Big plan', steps }, { inputs }));
      run = await h.say(issue, 'writer', '/approve').deliver({ inputs, env: { AGENT_FAIL_CALLS: '9' } });
      expect(run.code, runReport(run)).toBe(1);
      expect(run.outputs.status, runReport(run)).toBe('BLOCKED');
    });

    it('every comment links to the run that wrote it and names no runner path', async () => {
      const runUrl = `https://github.com/${h.owner}/${h.repo}/actions/runs/${run.runId}`;
      const comments = [...h.botComments(92), ...h.botComments(91)].filter((c) => !/:(proposal|reply):/.test(c.body.slice(0, 80)));
      expect(comments.map((c) => /agent-step-sequencer:(\w+)/.exec(c.body)?.[1]).sort()).toEqual(['blocked', 'status', 'status', 'summary']);
      for (const c of comments) {
        expect(c.body).toMatch(/\[workflow run\]\(https:\/\/github\.com\/octo-org\/octo-repo\/actions\/runs\/\d+\)/);
        expect(c.body).toMatch(/\[attempt logs\]\(https:\/\/github\.com\/octo-org\/octo-repo\/actions\/runs\/\d+#artifacts\)/);
        expect(c.body).toMatch(/\/tree\/sequencer\/issue-9[12]\)/);
        expect(c.body, c.body).not.toContain(h.root);
        expect(c.body).not.toContain(run.runnerTemp);
      }
      expect(h.botComments(92, 'blocked')[0]!.body).toContain(runUrl);
      // The state names the attempt log relative to its own folder, not where the runner kept it.
      const state = await h.remoteState(`issue-${issue}`);
      expect(state?.stepRuns['step-1']?.attempts?.[0]?.logFile).toBe('state.json.logs/step-1/attempt-1.log');
    });

    it('every comment is posted and fits in 65,536 characters', () => {
      const comments = h.botComments(issue);
      expect(h.botComments(issue, 'proposal').length).toBeGreaterThan(0);
      expect(h.botComments(issue, 'blocked')).toHaveLength(1);
      expect(h.botComments(issue, 'status')).toHaveLength(1);
      for (const c of comments) expect(c.body.length).toBeLessThan(65_536);
      expect(h.botComments(issue, 'status')[0]!.body).toContain('990 later steps not shown.');
    });
  });
});
