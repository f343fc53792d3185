// The npm package as a stranger gets it: `npm pack` of this repository, installed into an empty
// folder outside it with no registry (a closed port, offline, an empty cache), then run with npx.
// It must install with no dependencies (dist/ holds everything), hold only what it needs, stay
// within its size budget, and run --version, demo and validate; every chunk of the bundle must
// load with nothing else installed. Its own lane (`npm run test:package`, run by .ci/run): it
// packs and installs, which costs more than a unit test.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdir, readdir, readFile, realpath, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, makeTempDir, removeTempDirs } from '../e2e/helpers.js';

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

interface PackResult {
  filename: string;
  size: number;
  unpackedSize: number;
  files: Array<{ path: string; size: number }>;
}

const MANIFEST = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { name: string; version: string };
/** dist/ when this budget was set (6.5 MB): it may shrink, not grow, without a decision to let it. */
const DIST_BUDGET_BYTES = 6_500_000;
const TARBALL_BUDGET_BYTES = 1_500_000;

let root: string;
let app: string;
let env: NodeJS.ProcessEnv;
let packed: PackResult;

/** Runs a program to its end; output is kept for the assertion messages. */
function run(cmd: string, args: string[], cwd: string, timeoutMs = 120_000, runEnv: NodeJS.ProcessEnv = env): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd, env: runEnv, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
    child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('error', reject);
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

const shown = (r: Run) => `exit ${r.code}\n--- stdout\n${r.stdout}\n--- stderr\n${r.stderr}`;

/**
 * The test's environment without anything that leads back to this repository (npm's variables
 * when run through `npm run`, node_modules/.bin on PATH, NODE_PATH) and with npm pointed at no
 * registry: a closed port, offline, and a fresh cache and user config.
 */
async function strangerEnv(dir: string): Promise<NodeJS.ProcessEnv> {
  const repoPaths = [REPO_ROOT, await realpath(path.join(REPO_ROOT, 'node_modules')).catch(() => REPO_ROOT)].map((p) => p.replace(/\/$/, ''));
  const clean: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (v === undefined || /^npm_/i.test(k) || ['INIT_CWD', 'NODE_PATH', 'NODE_OPTIONS'].includes(k) || k.startsWith('SEQUENCER_') || k.startsWith('VITEST')) continue;
    clean[k] = v;
  }
  clean.PATH = [path.dirname(process.execPath), ...(process.env.PATH ?? '').split(path.delimiter).filter((p) => p && !repoPaths.some((r) => p.startsWith(r)))].join(path.delimiter);
  await writeFile(path.join(dir, 'npmrc'), '');
  return {
    ...clean,
    npm_config_userconfig: path.join(dir, 'npmrc'),
    npm_config_cache: path.join(dir, 'npm-cache'),
    npm_config_registry: 'http://127.0.0.1:9/',
    npm_config_offline: 'true',
    npm_config_audit: 'false',
    npm_config_fund: 'false',
    npm_config_update_notifier: 'false',
  };
}

beforeAll(async () => {
  root = await makeTempDir('sequencer-package-');
  env = await strangerEnv(root);
  const out = path.join(root, 'tarball');
  await mkdir(out);
  const pack = await run('npm', ['pack', '--json', '--pack-destination', out], REPO_ROOT);
  expect(pack.code, shown(pack)).toBe(0);
  packed = (JSON.parse(pack.stdout) as PackResult[])[0]!;

  app = path.join(root, 'app');
  await mkdir(app);
  await writeFile(path.join(app, 'package.json'), '{ "name": "a-project", "private": true }\n');
  const install = await run('npm', ['install', path.join(out, packed.filename)], app);
  expect(install.code, shown(install)).toBe(0);
}, 180_000);

afterAll(removeTempDirs);

describe('the npm package', () => {
  it('holds the bundle, the plan schema, action.yml and the documents, nothing else, within its size budget', () => {
    const files = packed.files.map((f) => f.path).sort();
    const unexpected = files.filter(
      (f) => !/^(dist\/(cli|index|rule-check-worker)\.js|dist\/licenses\.txt|dist\/chunks\/[\w.-]+\.js|schema\/[\w.-]+\.json|action\.yml|package\.json|README\.md|LICENSE|CHANGELOG\.md)$/.test(f),
    );
    expect(unexpected).toEqual([]);
    for (const needed of [
      'dist/cli.js',
      'dist/index.js',
      'dist/rule-check-worker.js',
      'dist/licenses.txt',
      'schema/plan.schema.json',
      'action.yml',
      'LICENSE',
      'README.md',
      'CHANGELOG.md',
      'package.json',
    ]) {
      expect(files, needed).toContain(needed);
    }
    const dist = packed.files.filter((f) => f.path.startsWith('dist/')).reduce((sum, f) => sum + f.size, 0);
    expect(dist, `dist/ is ${dist} bytes`).toBeLessThanOrEqual(DIST_BUDGET_BYTES);
    expect(packed.size, `the tarball is ${packed.size} bytes`).toBeLessThanOrEqual(TARBALL_BUDGET_BYTES);
  });

  it('installs with no dependencies: the bundle is all it needs', async () => {
    const installed = JSON.parse(await readFile(path.join(app, 'node_modules', MANIFEST.name, 'package.json'), 'utf8')) as Record<string, unknown>;
    expect(installed.dependencies ?? {}).toEqual({});
    expect(installed.optionalDependencies ?? {}).toEqual({});
    expect(installed.peerDependencies ?? {}).toEqual({});
    expect((await readdir(path.join(app, 'node_modules'))).filter((n) => !n.startsWith('.'))).toEqual([MANIFEST.name]);
  });

  it('every chunk of the bundle loads with nothing else installed', async () => {
    const dist = path.join(app, 'node_modules', MANIFEST.name, 'dist');
    const chunks = (await readdir(path.join(dist, 'chunks'))).filter((f) => f.endsWith('.js'));
    expect(chunks.length).toBeGreaterThan(10);
    const script = `for (const f of ${JSON.stringify(chunks)}) await import(${JSON.stringify(`${dist}/chunks/`)} + f); console.log('loaded', ${chunks.length});`;
    const r = await run(process.execPath, ['--input-type=module', '-e', script], app);
    expect(r.code, shown(r)).toBe(0);
    expect(r.stdout.trim()).toBe(`loaded ${chunks.length}`);
  });

  it('npx agent-step-sequencer --version names the version; with the release stamp, the commit too', async () => {
    const plain = await run('npx', ['agent-step-sequencer', '--version'], app);
    expect(plain.code, shown(plain)).toBe(0);
    expect(plain.stdout.trim()).toMatch(
      new RegExp(`^agent-step-sequencer ${MANIFEST.version.replace(/\./g, '\\.')} \\(not a release: built from a checkout, no commit recorded; build-[0-9a-f]{16}\\)$`),
    );

    // What the release workflow does before `npm publish`.
    const sha = '0123456789abcdef0123456789abcdef01234567';
    const stamp = await run(
      process.execPath,
      [path.join(REPO_ROOT, 'scripts', 'release.mjs'), 'stamp', `v${MANIFEST.version}`, sha, '--dist', path.join(app, 'node_modules', MANIFEST.name, 'dist')],
      app,
    );
    expect(stamp.code, shown(stamp)).toBe(0);
    const stamped = await run('npx', ['agent-step-sequencer', '--version'], app);
    expect(stamped.stdout.trim()).toMatch(
      new RegExp(`^agent-step-sequencer ${MANIFEST.version.replace(/\./g, '\\.')} \\(commit ${sha}, tag v${MANIFEST.version.replace(/\./g, '\\.')}; build-[0-9a-f]{16}\\)$`),
    );
  });

  it('npx agent-step-sequencer demo runs the demo plan through a kill -9 to its final summary', async () => {
    const r = await run('npx', ['agent-step-sequencer', 'demo'], app);
    expect(r.code, shown(r)).toBe(0);
    expect(r.stdout).toContain('[Resume]');
    expect(r.stdout).toMatch(/State file: \S+state\.json/);
    // The hint to go on says npx, as the demo was started: the bin is on no PATH of the person's shell.
    const statePath = /State file: (\S+)/.exec(r.stdout)?.[1] ?? '';
    expect(r.stdout).toContain(`Try: npx agent-step-sequencer status --state ${statePath}\n`);
  });

  it('installed globally, agent-step-sequencer demo names the bin alone in its hint, and the hint runs', async () => {
    const prefix = path.join(root, 'global');
    const install = await run('npm', ['install', '--global', '--prefix', prefix, path.join(root, 'tarball', packed.filename)], app);
    expect(install.code, shown(install)).toBe(0);
    const onPath = { ...env, PATH: [path.join(prefix, 'bin'), env.PATH].join(path.delimiter) };
    const r = await run('agent-step-sequencer', ['demo'], app, 120_000, onPath);
    expect(r.code, shown(r)).toBe(0);
    const hint = /^Try: (agent-step-sequencer status --state (\S+))$/m.exec(r.stdout);
    expect(hint, shown(r)).not.toBeNull();
    const status = await run('agent-step-sequencer', ['status', '--state', hint![2]!], app, 120_000, onPath);
    expect(status.code, shown(status)).toBe(0);
    expect(status.stdout).toMatch(/\[demo\] DONE/);
  });

  it('npx agent-step-sequencer validate accepts a good YAML plan and names each problem of a bad one', async () => {
    await writeFile(path.join(app, 'plan.yml'), 'title: Ship it\nsteps:\n  write:\n    title: Write\n    instruction: Write notes.md\n    requiredOutputs: [notes.md]\n');
    const good = await run('npx', ['agent-step-sequencer', 'validate', 'plan.yml'], app);
    expect(good.code, shown(good)).toBe(0);
    expect(good.stdout).toContain('valid plan with 1 step');

    await writeFile(path.join(app, 'bad.yml'), 'steps:\n  write:\n    title: 3\n    maxAttempts: 0\n');
    const bad = await run('npx', ['agent-step-sequencer', 'validate', 'bad.yml'], app);
    expect(bad.code, shown(bad)).toBe(2);
    expect(bad.stderr).toContain('plan.steps.write.title:');
    expect(bad.stderr).toContain('plan.steps.write.instruction:');
  });
});
