// `list`, `audit` and `maintenance` of the bundled CLI: over the workspace's state files (file
// store) and over a remote's plan branches (--store git).
import { mkdir, readdir, readFile, truncate, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { git } from './git-remote.js';
import type { Finding } from '../../src/core/fleet/audit.js';
import { MAX_STATE_BYTES } from '../../src/core/fleet/plan-facts.js';
import type { State } from '../../src/core/state/types.js';
import { daysAgo, seedPlans, seedState } from './fleet-seed.js';
import { makeTempDir, output, readState, removeTempDirs, runCli, writeJson, type CliResult } from './helpers.js';
import { withoutServerGc } from '../helpers/bare-remote.js';

afterAll(removeTempDirs);

async function writePlan(ws: string, planId: string, state: State | string, at?: Date): Promise<string> {
  const file = path.join(ws, '.sequencer', planId, 'state.json');
  await mkdir(path.dirname(file), { recursive: true });
  if (typeof state === 'string') await writeFile(file, state);
  else await writeJson(file, state);
  if (at) await utimes(file, at, at);
  return file;
}

describe('file store', () => {
  it('lists, audits and maintains the plans of a workspace; apply never touches an active plan', async () => {
    const ws = await makeTempDir('fleet-ws-');
    const running = await writePlan(ws, 'running', seedState('running', 'IN_PROGRESS', daysAgo(40)));
    await writePlan(ws, 'done-old', seedState('done-old', 'DONE', daysAgo(10)));
    await writePlan(ws, 'done-young', seedState('done-young', 'DONE', daysAgo(2)));
    await writePlan(ws, 'blocked-old', seedState('blocked-old', 'BLOCKED', daysAgo(20)));
    await writePlan(ws, 'broken', '{"status": ', daysAgo(3));
    await writePlan(ws, 'asking', seedState('asking', 'AWAITING_APPROVAL', daysAgo(1)));
    await mkdir(path.join(ws, '.sequencer', 'asking', 'state.json.inbox'));
    await writeJson(path.join(ws, '.sequencer', 'asking', 'state.json.inbox', '1000-approve.json'), { kind: 'approve', by: 'me' });
    await writePlan(
      ws,
      'cancelling',
      seedState('cancelling', 'IN_PROGRESS', daysAgo(2), {
        cancelRequested: { by: 'me', at: daysAgo(1).toISOString() },
        stepRuns: {
          s1: { status: 'IN_PROGRESS', tries: 1, attempts: [{ n: 1, runId: 'cancelling/s1/1', startedAt: daysAgo(2).toISOString(), leaseExpiresAt: daysAgo(1).toISOString() }] },
          s2: { status: 'PENDING', tries: 0 },
        },
      }),
    );
    await writePlan(ws, 'pausing', seedState('pausing', 'IN_PROGRESS', daysAgo(0), { notBefore: new Date(Date.now() + 3_600_000).toISOString() }));
    // A drafted plan without state is not a plan yet.
    await mkdir(path.join(ws, '.sequencer', 'draft'), { recursive: true });
    await writeJson(path.join(ws, '.sequencer', 'draft', 'plan.json'), { steps: {} });
    const runningBefore = await readFile(running, 'utf8');
    const cli = (...args: string[]) => runCli([...args, '--workspace', ws]);

    const table = await cli('list');
    expect(table.code, output(table)).toBe(0);
    expect(table.stdout).toMatch(/^running\tIN_PROGRESS\t0\/2\t.*\tactive$/m);
    expect(table.stdout).toMatch(/^done-old\tDONE\t2\/2\t.*\tidle$/m);
    expect(table.stdout).toMatch(/^broken\tINVALID\t/m);
    expect(table.stdout).not.toMatch(/^draft/m);
    expect(table.stdout).toMatch(/^pausing\tIN_PROGRESS\t0\/2\t.*\twaiting$/m);
    const matrix = await cli('list', '--json');
    expect(JSON.parse(matrix.stdout)).toEqual(['asking', 'cancelling', 'running']);

    const audit = await cli('audit', '--json', '--stale-days', '10');
    expect(audit.code, output(audit)).toBe(0);
    expect((JSON.parse(audit.stdout) as Finding[]).map((f) => [f.planId, f.code])).toEqual([
      ['broken', 'invalid-state'],
      ['blocked-old', 'stale-blocked'],
      ['cancelling', 'cancel-stuck'],
      ['cancelling', 'lease-expired'],
    ]);
    const text = await cli('audit');
    expect(text.stdout).toMatch(/^ERROR invalid-state: broken: the state at .*state\.json fails validation/m);
    expect(text.stdout).toMatch(/^ {2}hint: /m);
    expect(text.stdout).toMatch(/8 plans, 4 findings\./);

    const dry = await cli('maintenance');
    expect(dry.code, output(dry)).toBe(0);
    expect(dry.stdout).toMatch(/cancelling: would finish the requested cancellation/);
    expect(dry.stdout).toMatch(/done-old: would archive .*done-old.*state\.json \(DONE, last change 10 days ago\)/);
    expect(dry.stdout).toMatch(/2 actions \(dry run: --apply carries them out\)\./);
    // The file store has no branches, hence no pull requests to warn about.
    expect(dry.stdout).not.toMatch(/pull requests/);
    expect((await readdir(path.join(ws, '.sequencer'))).sort()).toEqual(['asking', 'blocked-old', 'broken', 'cancelling', 'done-old', 'done-young', 'draft', 'pausing', 'running']);

    const applied = await cli('maintenance', '--apply', '--json');
    expect(applied.code, output(applied)).toBe(0);
    expect((JSON.parse(applied.stdout) as Array<{ kind: string; planId: string; result: string }>).map((a) => `${a.kind} ${a.planId} ${a.result}`)).toEqual([
      'finalize-cancel cancelling done',
      'prune done-old done',
    ]);
    const archived = await readdir(path.join(ws, '.sequencer', '.archive'));
    expect(archived).toHaveLength(1);
    expect(archived[0]).toMatch(/^done-old-\d{4}-/);
    expect((await readState(path.join(ws, '.sequencer', '.archive', archived[0]!, 'state.json'))).status).toBe('DONE');
    expect(await readFile(running, 'utf8'), 'the running plan is byte for byte untouched').toBe(runningBefore);
    const cancelled = await readState(path.join(ws, '.sequencer', 'cancelling', 'state.json'));
    expect(cancelled.status).toBe('CANCELLED');
    expect(cancelled.stepRuns.s1?.attempts?.map((a) => a.outcome)).toEqual(['interrupted']);

    const deleted = await cli('maintenance', '--apply', '--delete', '--prune-days', '1');
    expect(deleted.stdout).toMatch(/done-young: deleted /);
    // Just cancelled: its last change is today, younger than a day.
    expect(deleted.stdout).not.toMatch(/cancelling/);
    expect((await readdir(path.join(ws, '.sequencer'))).sort()).toEqual(['.archive', 'asking', 'blocked-old', 'broken', 'cancelling', 'draft', 'pausing', 'running']);
    expect(await readdir(path.join(ws, '.sequencer', '.archive'))).toHaveLength(1);
  });

  it('a state over 64 MiB is one finding, never read; the other plans are still audited and maintained', async () => {
    const ws = await makeTempDir('fleet-ws-');
    const huge = await writePlan(ws, 'huge', seedState('huge', 'IN_PROGRESS', daysAgo(1)));
    // Extended with a hole: 64 MiB + 1 on paper, nothing written to disk.
    await truncate(huge, MAX_STATE_BYTES + 1);
    await writePlan(ws, 'old', seedState('old', 'DONE', daysAgo(9)), daysAgo(9));
    await writePlan(ws, 'waiting', seedState('waiting', 'BLOCKED', daysAgo(30)), daysAgo(30));
    await expectHugeStateReported((...args) => runCli([...args, '--workspace', ws]), huge, MAX_STATE_BYTES + 1);
    expect((await readdir(path.join(ws, '.sequencer'))).sort()).toEqual(['.archive', 'huge', 'waiting']);
  });

  it('refuses --archive with --delete, and the cache store', async () => {
    const ws = await makeTempDir('fleet-ws-');
    const both = await runCli(['maintenance', '--archive', '--delete', '--workspace', ws]);
    expect(both.code).toBe(2);
    expect(both.stderr).toMatch(/--archive and --delete: give one of them/);
    const cache = await runCli(['list', '--store', 'cache', '--workspace', ws]);
    expect(cache.code).toBe(2);
    expect(cache.stderr).toMatch(/--store cache: list works on the file store/);
  });
});

const g = async (cwd: string, ...args: string[]) => (await git(args, { cwd })).stdout.trim();

/** A bare remote with one commit on main, and a workspace whose origin it is. */
async function remoteWithMain(): Promise<{ remote: string; ws: string; mainSha: string }> {
  const dir = await makeTempDir('fleet-git-');
  const remote = path.join(dir, 'remote.git');
  const ws = path.join(dir, 'ws');
  await g(dir, 'init', '-q', '--bare', '-b', 'main', remote);
  await withoutServerGc(remote);
  await mkdir(ws);
  await g(ws, 'init', '-q', '-b', 'main');
  await writeFile(path.join(ws, 'README.md'), 'x\n');
  await g(ws, 'add', '-A');
  await g(ws, '-c', 'user.name=a', '-c', 'user.email=a@b', 'commit', '-q', '-m', 'seed');
  await g(ws, 'remote', 'add', 'origin', remote);
  await g(ws, 'push', '-q', 'origin', 'main');
  return { remote, ws, mainSha: await g(ws, 'rev-parse', 'HEAD') };
}

describe('git store', () => {
  it('lists from one ls-remote, audits and prunes the remote plans', async () => {
    const { remote, ws, mainSha } = await remoteWithMain();
    await seedPlans(remote, mainSha, [
      { planId: 'old', state: seedState('old', 'DONE', daysAgo(9)), marker: true, at: daysAgo(9) },
      { planId: 'live', state: seedState('live', 'IN_PROGRESS', daysAgo(9)), marker: false, at: daysAgo(9) },
      { planId: 'waiting', state: seedState('waiting', 'BLOCKED', daysAgo(30)), marker: true, at: daysAgo(30) },
    ]);
    const cli = (...args: string[]) => runCli([...args, '--store', 'git', '--workspace', ws]);

    const list = await cli('list', '--json');
    expect(list.code, output(list)).toBe(0);
    expect(JSON.parse(list.stdout)).toEqual(['live']);
    const table = await cli('list');
    expect(table.stdout).toMatch(/^old\tidle\tsequencer\/old\t[0-9a-f]{12}$/m);

    const audit = await cli('audit', '--json');
    expect((JSON.parse(audit.stdout) as Finding[]).map((f) => [f.planId, f.code])).toEqual([['waiting', 'stale-blocked']]);

    const liveTip = await g(remote, 'rev-parse', 'refs/heads/sequencer/live');
    const applied = await cli('maintenance', '--apply');
    expect(applied.code, output(applied)).toBe(0);
    expect(applied.stdout).toMatch(/^old: archived branch sequencer\/old \(DONE, last change 9 days ago\)$/m);
    // Only the Action can ask GitHub about pull requests; the CLI says what it cannot see.
    expect(applied.stdout).toMatch(/^Note: the CLI cannot see pull requests; .*The Action's maintenance keeps such plans\.$/m);
    const refs = await g(remote, 'for-each-ref', '--format=%(refname)');
    expect(refs).not.toMatch(/refs\/heads\/sequencer\/old$/m);
    expect(refs).toMatch(/^refs\/sequencer\/archive\/old\/[0-9a-f]{12}$/m);
    expect(await g(remote, 'rev-parse', 'refs/heads/sequencer/live')).toBe(liveTip);
  });

  it('a state over 64 MiB is one finding; the other plans are still audited and maintained', async () => {
    const { remote, ws, mainSha } = await remoteWithMain();
    // Made cheaply: whitespace, compressed fast, and the workspace borrows the remote's objects
    // (an alternate), so the fetch copies nothing. Git still reports the blob's full size.
    await writeFile(path.join(ws, '.git', 'objects', 'info', 'alternates'), `${path.join(remote, 'objects')}\n`);
    const huge = `${JSON.stringify(seedState('huge', 'IN_PROGRESS', daysAgo(1)))}${' '.repeat(MAX_STATE_BYTES)}`;
    const fastCompression = { ...process.env, GIT_CONFIG_COUNT: '1', GIT_CONFIG_KEY_0: 'core.compression', GIT_CONFIG_VALUE_0: '1' };
    await seedPlans(
      remote,
      mainSha,
      [
        { planId: 'huge', state: huge, marker: false, at: daysAgo(1) },
        { planId: 'old', state: seedState('old', 'DONE', daysAgo(9)), marker: true, at: daysAgo(9) },
        { planId: 'waiting', state: seedState('waiting', 'BLOCKED', daysAgo(30)), marker: true, at: daysAgo(30) },
      ],
      fastCompression,
    );
    const cli = (...args: string[]) => runCli([...args, '--store', 'git', '--workspace', ws]);
    await expectHugeStateReported(cli, 'branch sequencer/huge', Buffer.byteLength(huge));
    expect(await g(remote, 'for-each-ref', '--format=%(refname)', 'refs/heads/sequencer/')).toBe('refs/heads/sequencer/huge\nrefs/heads/sequencer/waiting');
  });
});

/** audit reports the huge plan by its size beside the others; maintenance prunes the old plan and leaves the huge one. */
async function expectHugeStateReported(cli: (...args: string[]) => Promise<CliResult>, location: string, bytes: number): Promise<void> {
  const audit = await cli('audit', '--json');
  expect(audit.code, output(audit)).toBe(0);
  const findings = JSON.parse(audit.stdout) as Finding[];
  expect(findings.map((f) => [f.planId, f.code])).toEqual([
    ['huge', 'state-too-large'],
    ['waiting', 'stale-blocked'],
  ]);
  expect(findings[0]!.message).toBe(`huge: the state at ${location} is 64 MiB (${bytes} bytes), more than the 64 MiB audit and maintenance read, so it was not checked.`);
  const applied = await cli('maintenance', '--apply', '--json');
  expect(applied.code, output(applied)).toBe(0);
  expect((JSON.parse(applied.stdout) as Array<{ kind: string; planId: string; result: string }>).map((a) => `${a.kind} ${a.planId} ${a.result}`)).toEqual(['prune old done']);
}
