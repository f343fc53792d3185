// The README's install from a clone, run as written: `git clone` (of this repository, for the
// address the README names), `cd`, `npm pack`, `npm install -g` of the tarball into a global
// folder of the test's own, offline, then the command it installed. The package lane: it packs
// and installs, which costs more than `npm test` should pay on every run.
import { spawn } from 'node:child_process';
import { mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { commandsOf, readmeBlocks } from '../helpers/readme.js';
import { REPO_ROOT, makeTempDir, removeTempDirs } from '../e2e/helpers.js';

afterAll(removeTempDirs);

function sh(script: string, cwd: string, env: NodeJS.ProcessEnv): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('sh', ['-c', script], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => (out += c));
    child.stderr.setEncoding('utf8').on('data', (c: string) => (out += c));
    const timer = setTimeout(() => child.kill('SIGKILL'), 150_000);
    child.once('error', reject);
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, out });
    });
  });
}

describe("the README's install from a clone", () => {
  it('installs the agent-step-sequencer command, which prints its version', async () => {
    const block = readmeBlocks().find((b) => b.info === 'sh' && b.content.includes('npm pack'));
    expect(block?.section).toBe('Quick start on your machine');
    const commands = commandsOf(block!);
    expect(commands[0]).toBe('git clone https://github.com/OWNER/agent-step-sequencer');

    const root = await makeTempDir('readme-install-');
    const global = path.join(root, 'global');
    await mkdir(global);
    await writeFile(path.join(root, 'npmrc'), '');
    // A stranger's machine: no registry (offline, a closed port), an empty cache, npm's global
    // folder the test's own; nothing on PATH leads back to this repository.
    const env: NodeJS.ProcessEnv = {};
    for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !/^npm_/i.test(k) && !['INIT_CWD', 'NODE_PATH', 'NODE_OPTIONS'].includes(k) && !k.startsWith('VITEST')) env[k] = v;
    Object.assign(env, {
      PATH: [path.join(global, 'bin'), path.dirname(process.execPath), ...(process.env.PATH ?? '').split(path.delimiter).filter((p) => p && !p.startsWith(REPO_ROOT))].join(path.delimiter),
      npm_config_prefix: global,
      npm_config_userconfig: path.join(root, 'npmrc'),
      npm_config_cache: path.join(root, 'npm-cache'),
      npm_config_registry: 'http://127.0.0.1:9/',
      npm_config_offline: 'true',
      npm_config_audit: 'false',
      npm_config_fund: 'false',
      npm_config_update_notifier: 'false',
    });
    // The address the README names is this repository here (by a name that ends as the real
    // address does, so the clone's folder is the one the next command enters); everything else runs as written.
    await mkdir(path.join(root, 'origin'));
    await symlink(REPO_ROOT, path.join(root, 'origin', 'agent-step-sequencer'));
    const script = ['set -e', ...commands.map((c) => c.replace('https://github.com/OWNER/agent-step-sequencer', path.join(root, 'origin', 'agent-step-sequencer')))].join('\n');
    const r = await sh(script, root, env);
    expect(r.code, r.out).toBe(0);
    const { version } = JSON.parse(await readFile(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string };
    expect(r.out).toMatch(new RegExp(`^agent-step-sequencer ${version.replace(/\./g, '\\.')} `, 'm'));
    // The tarball `npm pack` left in the clone is no change to it.
    const status = await sh('git status --porcelain', path.join(root, 'agent-step-sequencer'), env);
    expect(status.code, status.out).toBe(0);
    expect(status.out).toBe('');
  });
});
