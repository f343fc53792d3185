// The CLI runs the Action's heartbeat code path against any git remote: `check --store git`
// keeps the plan index (wait and idle markers) as the Action does, and `check --all` ticks every
// active plan of the remote from one listing, so a cron host or another CI system can drive a fleet.
import { existsSync } from 'node:fs';
import { readFile, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE_MERGE_MARKER } from '../../src/adapters/git/interrupted-merge.js';
import { freshClone, g, git, isolateGitConfig, makeRemote } from './git-remote.js';
import { makeTempDir, output, readAgentCalls, removeTempDirs, runCli, writeAgent } from './helpers.js';

let restore: () => void;
let dir: string;
beforeAll(async () => {
  dir = await makeTempDir('cli-git-heartbeat-');
  restore = await isolateGitConfig(dir);
});
afterAll(async () => {
  restore();
  await removeTempDirs();
});

describe('check --store git', () => {
  it('records a wait marker for a plan left on its step delay, and check --all ticks only the active plans', async () => {
    const remote = await makeRemote(path.join(dir, 'r'));
    const ws = await freshClone(remote, path.join(dir, 'ws'));
    const agent = await writeAgent(dir);
    const calls = path.join(dir, 'calls.jsonl');
    const planFile = path.join(dir, 'plan.json');
    await writeFile(
      planFile,
      JSON.stringify({ steps: { one: { title: 'One', instruction: 'Write one.md', requiredOutputs: ['one.md'] }, two: { title: 'Two', instruction: 'Write two.md', requiredOutputs: ['two.md'] } } }),
    );
    const env = { AGENT_LOG: calls, AGENT_WRITE_OUTPUTS: '1', AGENT_LOG_CALLS: '1' };
    const cli = (...args: string[]) => runCli([...args, '--store', 'git', '--workspace', ws, '--agent', agent], { env });

    expect((await cli('init', '--plan', planFile, '--approve', '--delay', '30', '--plan-id', 'slow')).code).toBe(0);
    const first = await cli('check', '--plan-id', 'slow');
    expect(first.code, output(first)).toBe(0);
    expect((await readAgentCalls(calls)).map((c) => `${c.planId}/${c.step}`)).toEqual(['slow/one']);
    // Waiting 30 minutes for step two: the index says so, and the plan is not active.
    expect(await g(remote, 'for-each-ref', '--format=%(refname)', 'refs/sequencer/wait/')).toMatch(/^refs\/sequencer\/wait\/slow\/\d+$/m);
    const list = await cli('list', '--json');
    expect(JSON.parse(list.stdout), output(list)).toEqual([]);

    expect((await cli('init', '--plan', planFile, '--approve', '--plan-id', 'quick')).code).toBe(0);
    const all = await cli('check', '--all');
    expect(all.code, output(all)).toBe(0);
    expect(all.stdout).toMatch(/1 active plan: quick\./);
    // The waiting plan was not ticked; the active one ran to the end and is now indexed idle.
    expect((await readAgentCalls(calls)).map((c) => `${c.planId}/${c.step}`)).toEqual(['slow/one', 'quick/one', 'quick/two']);
    expect(await g(remote, 'rev-parse', 'refs/sequencer/idle/quick')).toBe(await g(remote, 'rev-parse', 'refs/heads/sequencer/quick'));
    expect(JSON.parse((await cli('list', '--json')).stdout)).toEqual([]);
    // Each attempt's command log is kept with it on the work branch, and the final summary names it.
    expect(JSON.parse(await g(remote, 'show', 'sequencer/quick:.sequencer/quick/commands/two/attempt-1.jsonl'))).toMatchObject({ command: 'echo two', decision: 'allow' });
    expect(all.stdout).toContain('Command logs:\n  one: state.json.logs/one/attempt-1.commands.jsonl\n  two: state.json.logs/two/attempt-1.commands.jsonl');
  });

  it('merges the remote HEAD branch into the work branch before the first attempt; --sync-base off leaves it alone; other values are refused', async () => {
    const remote = await makeRemote(path.join(dir, 'sync'));
    const ws = await freshClone(remote, path.join(dir, 'sync-ws'));
    const person = await freshClone(remote, path.join(dir, 'sync-person'));
    const agent = await writeAgent(dir, 'sync-agent.pl');
    const calls = path.join(dir, 'sync-calls.jsonl');
    const planFile = path.join(dir, 'sync-plan.json');
    const uses = { title: 'Use', instruction: 'Write used.md', requiredOutputs: ['used.md'], validate: [{ file_contains: { path: 'fix.txt', pattern: 'fixed' } }] };
    await writeFile(planFile, JSON.stringify({ steps: { use: uses } }));
    const env = { AGENT_LOG: calls, AGENT_WRITE_OUTPUTS: '1' };
    const cli = (...args: string[]) => runCli([...args, '--store', 'git', '--workspace', ws, '--agent', agent], { env });

    const refused = await cli('check', '--plan-id', 'synced', '--sync-base', 'rebase');
    expect(refused.code, output(refused)).toBe(2);
    expect(refused.stderr).toMatch(/--sync-base: expected "merge" or "off", got "rebase"/);

    expect((await cli('init', '--plan', planFile, '--approve', '--plan-id', 'synced')).code).toBe(0);
    expect((await cli('init', '--plan', planFile, '--approve', '--plan-id', 'apart')).code).toBe(0);
    // A fix lands on main after the plans were made.
    await writeFile(path.join(person, 'fix.txt'), 'fixed\n');
    await g(person, 'add', 'fix.txt');
    await g(person, 'commit', '-q', '-m', 'fix');
    await g(person, 'push', '-q', 'origin', 'main');
    const fix = await g(person, 'rev-parse', 'HEAD');

    const apart = await cli('check', '--plan-id', 'apart', '--sync-base', 'off', '--max-attempts', '1');
    // Without the fix the step fails and the plan blocks: check says so in its exit code.
    expect(apart.code, output(apart)).toBe(1);
    expect((await git(['merge-base', '--is-ancestor', fix, 'refs/heads/sequencer/apart'], { cwd: remote, allowFail: true })).code).toBe(1);

    // A link an agent left at the merge marker's name, to a file that does not exist yet: the
    // marker is created new, never written through the link.
    const elsewhere = path.join(dir, 'sync-elsewhere');
    await symlink(elsewhere, path.join(ws, '.git', BASE_MERGE_MARKER));
    const synced = await cli('check', '--plan-id', 'synced');
    expect(synced.code, output(synced)).toBe(0);
    expect(existsSync(elsewhere), 'a file created through the planted link').toBe(false);
    expect(synced.stdout).toMatch(/Merged main into the work branch/);
    expect(existsSync(path.join(ws, '.git', BASE_MERGE_MARKER)), 'a finished merge leaves no marker').toBe(false);
    expect((await git(['merge-base', '--is-ancestor', fix, 'refs/heads/sequencer/synced'], { cwd: remote, allowFail: true })).code).toBe(0);
    expect(JSON.parse(await g(remote, 'show', 'refs/heads/sequencer/synced:.sequencer/synced/state.json')).status).toBe('DONE');
  });

  it('a merge marker the agent planted, with no merge in progress, costs the next tick only a check: nothing is aborted, lost or run again', async () => {
    const remote = await makeRemote(path.join(dir, 'planted'));
    const ws = await freshClone(remote, path.join(dir, 'planted-ws'));
    const planFile = path.join(dir, 'planted-plan.json');
    await writeFile(
      planFile,
      JSON.stringify({ steps: { one: { title: 'One', instruction: 'Write one.md', requiredOutputs: ['one.md'] }, two: { title: 'Two', instruction: 'Write two.md', requiredOutputs: ['two.md'] } } }),
    );
    // Step one's agent writes into the git directory, as any agent may; step two fails once so
    // that a second tick (the one that finds the marker) runs it.
    const agent = path.join(dir, 'planting-agent.sh');
    const failedOnce = path.join(dir, 'planted-two-failed');
    await writeFile(
      agent,
      [
        '#!/bin/sh',
        'set -e',
        'echo "$SEQUENCER_STEP_ID" >> "$PLANTED_CALLS"',
        'case "$SEQUENCER_STEP_ID" in',
        `  one) echo one > one.md; echo planted > .git/${BASE_MERGE_MARKER} ;;`,
        `  two) if [ ! -e "${failedOnce}" ]; then : > "${failedOnce}"; exit 1; fi; echo two > two.md ;;`,
        'esac',
        '',
      ].join('\n'),
      { mode: 0o755 },
    );
    const calls = path.join(dir, 'planted-calls.txt');
    const cli = (...args: string[]) => runCli([...args, '--store', 'git', '--workspace', ws, '--agent', agent, '--plan-id', 'p', '--sync-base', 'off'], { env: { PLANTED_CALLS: calls } });
    expect((await cli('init', '--plan', planFile, '--approve')).code).toBe(0);

    const first = await cli('check', '--max-attempts', '1');
    expect(JSON.parse(await g(remote, 'show', 'refs/heads/sequencer/p:.sequencer/p/state.json')).status, output(first)).toBe('BLOCKED');
    const marker = path.join(ws, '.git', BASE_MERGE_MARKER);
    expect(existsSync(marker), 'the agent planted it').toBe(true);
    const blockedTip = await g(remote, 'rev-parse', 'refs/heads/sequencer/p');

    expect((await cli('retry')).code).toBe(0);
    const second = await cli('check');
    expect(second.code, output(second)).toBe(0);
    expect(existsSync(marker)).toBe(false);
    expect((await readFile(calls, 'utf8')).split('\n').filter(Boolean)).toEqual(['one', 'two', 'two']);
    const state = JSON.parse(await g(remote, 'show', 'refs/heads/sequencer/p:.sequencer/p/state.json'));
    expect(state.status).toBe('DONE');
    expect(state.stepRuns.one).toMatchObject({ status: 'DONE', tries: 1 });
    // Everything the first tick pushed is still there, and no merge commit came of the marker.
    expect((await git(['merge-base', '--is-ancestor', blockedTip, 'refs/heads/sequencer/p'], { cwd: remote, allowFail: true })).code).toBe(0);
    expect(await g(remote, 'rev-list', '--merges', 'refs/heads/sequencer/p')).toBe('');
    expect(await g(remote, 'show', 'refs/heads/sequencer/p:one.md')).toBe('one');
    expect(await g(remote, 'show', 'refs/heads/sequencer/p:two.md')).toBe('two');
  });

  it("a base merge left half done by a killed tick is aborted by the next tick, which merges afresh: main's files are never committed as a step's work", async () => {
    const remote = await makeRemote(path.join(dir, 'killed'));
    const ws = await freshClone(remote, path.join(dir, 'killed-ws'));
    const person = await freshClone(remote, path.join(dir, 'killed-person'));
    const agent = await writeAgent(dir, 'killed-agent.pl');
    const planFile = path.join(dir, 'killed-plan.json');
    await writeFile(planFile, JSON.stringify({ steps: { one: { title: 'One', instruction: 'Write one.md', requiredOutputs: ['one.md'] } } }));
    const env = { AGENT_LOG: path.join(dir, 'killed-calls.jsonl'), AGENT_WRITE_OUTPUTS: '1' };
    const cli = (...args: string[]) => runCli([...args, '--store', 'git', '--workspace', ws, '--agent', agent, '--plan-id', 'p'], { env });
    expect((await cli('init', '--plan', planFile, '--approve')).code).toBe(0);
    await writeFile(path.join(person, 'from-main.txt'), 'main\n');
    await g(person, 'add', 'from-main.txt');
    await g(person, 'commit', '-q', '-m', 'main moves on');
    await g(person, 'push', '-q', 'origin', 'main');

    // What a tick killed inside its base merge leaves: main merged into the index, not committed,
    // and the marker the merge writes first.
    await g(ws, 'fetch', '-q', 'origin');
    await g(ws, 'checkout', '-q', '-B', 'sequencer/p', 'origin/sequencer/p');
    const before = await g(ws, 'rev-parse', 'HEAD');
    await g(ws, '-c', 'user.name=Killed Tick', '-c', 'user.email=tick@example.com', 'merge', '-q', '--no-ff', '--no-commit', 'origin/main');
    const marker = path.join(ws, '.git', BASE_MERGE_MARKER);
    await writeFile(marker, `${before}\n`);

    const next = await cli('check');
    expect(next.code, output(next)).toBe(0);
    expect(next.stdout).toMatch(/Merged main into the work branch/);
    expect(existsSync(marker)).toBe(false);
    const commits = (await g(remote, 'log', '--format=%x01%s%x02%P', '--name-only', `${before}..refs/heads/sequencer/p`))
      .split('\x01')
      .filter(Boolean)
      .map((c) => {
        const [head = '', files = ''] = c.split('\n\n');
        const [subject = '', parents = ''] = head.split('\x02');
        return { subject, parents: parents.split(' ').filter(Boolean).length, files: files.split('\n').filter(Boolean) };
      });
    const merge = commits.filter((c) => c.subject === 'sequencer(p): merge main into sequencer/p');
    expect(merge, JSON.stringify(commits)).toEqual([{ subject: 'sequencer(p): merge main into sequencer/p', parents: 2, files: expect.anything() }]);
    // The sequencer's other commits hold the state and the step's output, nothing of main's.
    const own = commits.filter((c) => c.parents === 1 && c.subject.startsWith('sequencer(p): '));
    expect(own.map((c) => c.subject)).toEqual(['sequencer(p): one attempt 1 succeeded', 'sequencer(p): one attempt 1 started']);
    for (const c of own) expect(c.files, c.subject).not.toContain('from-main.txt');
    expect(JSON.parse(await g(remote, 'show', 'refs/heads/sequencer/p:.sequencer/p/state.json')).status).toBe('DONE');
  });
});
