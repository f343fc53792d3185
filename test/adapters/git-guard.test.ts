// The CLI's git store against a workspace an agent wrote to after the tick began: what it planted
// in the repository's config and hooks runs nowhere and redirects nothing, while the person's own
// global config still counts. Real git, a local bare remote, a marker file per planted program.
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GitStore } from '../../src/adapters/git/git-store.js';
import { GitRunner } from '../../src/adapters/git/git.js';
import { git } from '../e2e/git-remote.js';
import { formatConfig, parseConfigList, type ConfigEntry } from '../../src/core/trust/git-policy.js';
import type { State } from '../../src/core/state/types.js';

let root: string;
let globalConfig: string;
const saved: Record<string, string | undefined> = {};

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'git-guard-test-'));
  globalConfig = path.join(root, 'global.gitconfig');
  await writeFile(globalConfig, '');
  for (const [k, v] of Object.entries({ GIT_CONFIG_GLOBAL: globalConfig, GIT_CONFIG_NOSYSTEM: '1' })) {
    saved[k] = process.env[k];
    process.env[k] = v;
  }
});

afterAll(async () => {
  for (const [k, v] of Object.entries(saved)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  await rm(root, { recursive: true, force: true });
});

const g = async (cwd: string, ...args: string[]) => (await git(['-c', 'user.name=a', '-c', 'user.email=a@b', ...args], { cwd })).stdout.trim();

function newState(planId: string): State {
  return {
    version: 1,
    planId,
    revision: 0,
    status: 'IN_PROGRESS',
    plan: { title: 'Plan', steps: { s1: { title: 'One', instruction: 'Do one' } } },
    stepQueue: ['s1'],
    currentStep: 0,
    stepRuns: { s1: { status: 'PENDING', tries: 0 } },
  };
}

describe('the git store in a workspace the agent wrote to (CLI)', () => {
  it('runs no planted hook, fsmonitor, filter or remote program, pushes where the tick started, and keeps the global config', async () => {
    const remote = path.join(root, 'remote.git');
    const decoy = path.join(root, 'decoy.git');
    const ws = path.join(root, 'ws');
    const markers = path.join(root, 'ran');
    const mark = path.join(root, 'mark.sh');
    await writeFile(mark, `#!/bin/sh\necho "$*" >> '${markers}'\ncat\n`);
    await chmod(mark, 0o755);
    await g(root, 'init', '-q', '--bare', '-b', 'main', remote);
    await g(root, 'init', '-q', '--bare', decoy);
    await g(root, 'init', '-q', '-b', 'main', ws);
    await writeFile(path.join(ws, 'README.md'), '# project\n');
    await g(ws, 'add', '-A');
    await g(ws, 'commit', '-q', '-m', 'seed');
    // The person reaches the remote through a rewrite in their global config.
    await writeFile(globalConfig, `[url "${remote}"]\n\tinsteadOf = mine:project\n`);
    await g(ws, 'remote', 'add', 'origin', 'mine:project');
    await g(ws, 'push', '-q', 'origin', 'main');
    const configBefore = await readFile(path.join(ws, '.git', 'config'), 'utf8');

    const store = new GitStore({ git: new GitRunner({ cwd: ws }), planId: 'p' });
    await store.open();
    await store.load();
    const s1 = await store.write(newState('p'), { kind: 'checkpoint', message: 'one' });

    // The agent's turn.
    const hook = path.join(ws, '.git', 'hooks', 'post-commit');
    await writeFile(hook, `#!/bin/sh\nexec ${mark} hook\n`);
    await chmod(hook, 0o755);
    await mkdir(path.join(root, 'hooks2'), { recursive: true });
    await writeFile(path.join(root, 'included'), `[core]\n\thooksPath = ${path.join(root, 'hooks2')}\n`);
    await writeFile(
      path.join(ws, '.git', 'config'),
      `${configBefore}[core]\n\tfsmonitor = ${mark} fsmonitor\n[filter "evil"]\n\tclean = ${mark} clean\n[remote "origin"]\n\tpushurl = ${decoy}\n\treceivepack = ${mark} receivepack\n[url "${decoy}"]\n\tinsteadOf = mine:project\n[include]\n\tpath = ${path.join(root, 'included')}\n`,
    );
    await writeFile(path.join(ws, '.git', 'commondir'), decoy);
    await writeFile(path.join(ws, '.gitattributes'), '* filter=evil\n');
    await writeFile(path.join(ws, 'out.md'), 'agent output\n');

    await store.write(s1, { kind: 'completion', message: 'two' });
    expect(await readFile(markers, 'utf8').catch(() => '')).toBe('');
    expect(await readFile(path.join(ws, '.git', 'config'), 'utf8')).toBe(configBefore);
    expect(await g(root, '--git-dir', remote, 'show', 'sequencer/p:out.md')).toBe('agent output');
    expect(await g(root, '--git-dir', decoy, 'for-each-ref')).toBe('');
  });

  it('writes config text git reads back entry for entry', async () => {
    const entries: ConfigEntry[] = [
      { key: 'core.bare', value: 'false' },
      { key: 'remote.we "ird\\.url', value: ' C:\\x "y"\tz ; # not a comment' },
      { key: 'remote.we "ird\\.fetch', value: '+refs/heads/*:refs/remotes/weird/*' },
      { key: 'core.ignorecase', value: null },
    ];
    const file = path.join(root, 'formatted.gitconfig');
    await writeFile(file, formatConfig(entries));
    const read = parseConfigList((await git(['config', '--file', file, '--null', '--list'], { cwd: root })).stdout);
    expect(read).toEqual([entries[0], entries[3], entries[1], entries[2]]);
  });
});
