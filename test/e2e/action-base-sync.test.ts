// The work branch follows the base branch (sync-base, default merge), through the bundled Action:
// a fix merged to main after the proposal reaches the plan's next step; a base branch that does not
// merge blocks the plan with a notice naming the files and loses nothing; `sync-base: off` is a
// way on and leaves the branch alone.
import { execFile } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ActionHarness, runReport, type ActionRun } from './action-harness.js';
import { readAgentCalls, removeTempDirs } from './helpers.js';

afterAll(removeTempDirs);

function expectOk(run: ActionRun): void {
  expect(run.code, runReport(run)).toBe(0);
}

describe('sync-base (local node)', () => {
  let h: ActionHarness;
  beforeAll(async () => {
    h = await ActionHarness.create();
    h.fake.setPermission('alice', 'write');
  });
  afterAll(async () => h?.close());

  /** git as a person at their own machine (the harness's isolated config). */
  const gitAt = (cwd: string, args: string[]) =>
    new Promise<string>((resolve, reject) =>
      execFile('git', ['-c', 'user.name=A Person', '-c', 'user.email=person@example.com', ...args], { cwd, env: h.gitEnv }, (err, stdout, stderr) =>
        err ? reject(new Error(`git ${args.join(' ')}: ${stderr}`)) : resolve(stdout.trim()),
      ),
    );
  const isAncestor = async (commit: string, branch: string) => (await h.originGit(['merge-base', '--is-ancestor', commit, `refs/heads/${branch}`], true)).code === 0;

  it('a fix merged to main after the proposal reaches the work branch before the next step, in a merge commit of its own', async () => {
    const issue = 41;
    const planId = `issue-${issue}`;
    const branch = `sequencer/${planId}`;
    const plan = {
      title: 'Uses a later fix',
      steps: {
        use: {
          title: 'Use the fix',
          instruction: 'Write out/used.md',
          requiredOutputs: ['out/used.md'],
          // Passes only when the step runs with main's later commit in its workspace.
          validate: [{ file_contains: { path: 'fix.txt', pattern: 'fixed' } }],
        },
        finish: { title: 'Finish', instruction: 'Write out/fin.md', requiredOutputs: ['out/fin.md'] },
      },
    };
    expectOk(await h.openIssue(issue, plan));
    expect(await h.remoteState(planId)).toMatchObject({ status: 'AWAITING_APPROVAL' });
    const fix = await h.commitToMain({ 'fix.txt': 'fixed\n' }, 'fix on main');
    expect(await isAncestor(fix, branch)).toBe(false);

    // The second step fails its one attempt, so a later run has an attempt to start.
    const run = await h.say(issue, 'alice', '/approve').deliver({ inputs: { 'max-attempts': '1' }, env: { AGENT_FAIL_CALLS: '1', AGENT_FAIL_STEPS: 'finish' } });
    expect(run.code, runReport(run)).toBe(1);
    expect(run.outputs.status, runReport(run)).toBe('BLOCKED');
    expect((await h.remoteState(planId))?.stepRuns.use?.status).toBe('DONE');
    expect(await isAncestor(fix, branch)).toBe(true);
    expect(run.stdout).toMatch(/Merged main into the work branch/);
    const subjects = (await h.remoteLog(branch)).map((c) => c.subject);
    const merge = subjects.indexOf(`sequencer(${planId}): merge main into ${branch}`);
    const started = subjects.indexOf(`sequencer(${planId}): use attempt 1 started`);
    expect(merge, subjects.join('\n')).toBeGreaterThanOrEqual(0);
    expect(merge).toBeLessThan(started);

    // Nothing new on main: the next run starts an attempt without a merge commit or a push of its own.
    const retried = await h.say(issue, 'alice', '/retry').deliver();
    expectOk(retried);
    expect(retried.outputs.status, runReport(retried)).toBe('DONE');
    expect(retried.stdout).toMatch(/The work branch is up to date with main/);
    const all = (await h.remoteLog(branch)).map((c) => c.subject);
    expect(all.filter((s) => s.includes('merge main into'))).toHaveLength(1);
    expect(await readAgentCalls(h.agentLog).then((calls) => calls.filter((c) => c.planId === planId).map((c) => c.step))).toEqual(['use', 'finish', 'finish']);
  });

  it('a base branch that conflicts blocks the plan with a notice naming the files; nothing is lost; sync-base: off is a way on', async () => {
    const issue = 42;
    const planId = `issue-${issue}`;
    const branch = `sequencer/${planId}`;
    const plan = { title: 'Writes', steps: { write: { title: 'Write', instruction: 'Write out/w.md', requiredOutputs: ['out/w.md'] } } };
    expectOk(await h.openIssue(issue, plan));

    // A person adds a draft on the work branch; main gets a different file at the same path.
    const person = path.join(h.root, 'person-42');
    await gitAt(h.root, ['clone', '-q', h.origin, person]);
    await gitAt(person, ['checkout', '-q', '-b', branch, `origin/${branch}`]);
    await mkdir(path.join(person, 'notes'), { recursive: true });
    await writeFile(path.join(person, 'notes', '_draft_.md'), 'mine\n');
    await gitAt(person, ['add', '-A']);
    await gitAt(person, ['commit', '-q', '-m', 'my draft']);
    await gitAt(person, ['push', '-q', 'origin', `HEAD:refs/heads/${branch}`]);
    const mine = await gitAt(person, ['rev-parse', 'HEAD']);
    const theirs = await h.commitToMain({ 'notes/_draft_.md': 'from main\n' }, 'a draft on main');

    const run = await h.say(issue, 'alice', '/approve').deliver();
    expect(run.code, runReport(run)).toBe(1);
    expect(run.outputs.status, runReport(run)).toBe('BLOCKED');
    const notices = h.botComments(issue, 'blocked').map((c) => c.body);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatch(/the base branch does not merge/);
    expect(notices[0]).toContain('- notes/\\_draft\\_\\.md');
    expect(notices[0]).toContain('`sync-base: off`');
    expect(await readAgentCalls(h.agentLog).then((calls) => calls.filter((c) => c.planId === planId))).toEqual([]);
    // The work branch has the person's commit, not main's, and only state commits on top of it.
    expect(await isAncestor(mine, branch)).toBe(true);
    expect(await isAncestor(theirs, branch)).toBe(false);
    expect(await h.remoteFile(`refs/heads/${branch}`, 'notes/_draft_.md')).toBe('mine\n');
    const after = await h.originGit(['log', '--format=', '--name-only', `${mine}..refs/heads/${branch}`]);
    expect(new Set(after.stdout.split('\n').filter(Boolean))).toEqual(new Set([`.sequencer/${planId}/state.json`]));
    // The run's checkout was left clean: no merge in progress, no changed or stray files.
    expect(await gitAt(run.workspace, ['status', '--porcelain', '--untracked-files=all'])).toBe('');
    expect((await h.remoteState(planId))?.blockers).toEqual([`write: the base branch main does not merge cleanly into the work branch (conflicts in notes/_draft_.md)`]);

    // The way on: sync-base off, then /resume. The branch is left as it is.
    const resumed = await h.say(issue, 'alice', '/resume').deliver({ inputs: { 'sync-base': 'off' } });
    expectOk(resumed);
    expect(resumed.outputs.status, runReport(resumed)).toBe('DONE');
    // The step never ran before the conflict: its first attempt is no retry, and nothing failed.
    expect(resumed.stdout).toMatch(/::group::.*write .*: attempt 1\n/);
    expect(resumed.stdout).not.toContain('(retry)');
    expect((await h.remoteState(planId))?.stepRuns.write?.attempts?.map((a) => [a.n, a.outcome])).toEqual([[1, 'succeeded']]);
    expect(await isAncestor(theirs, branch)).toBe(false);
    expect(await h.remoteFile(`refs/heads/${branch}`, 'notes/_draft_.md')).toBe('mine\n');
    expect((await h.remoteLog(branch)).map((c) => c.subject).filter((s) => s.includes('merge main into'))).toEqual([]);
  });
});
