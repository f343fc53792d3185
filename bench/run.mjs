// Benchmark: prints figures next to their targets and writes them to bench/results.json.
// Not a test: nothing here asserts; a missed target is reported, not thrown.
//   node bench/run.mjs [--quick] [--build] [--only=file,scale,git,action,isolation,start] [--node=PATH] [--against=DIR]   (npm run bench)
// --quick: fewer repetitions (a smoke run); --build: rebuild dist/ first (it is built anyway
// when dist/cli.js is missing, and a dist/ older than src/ is reported).
// Every figure is whole-process wall time of the bundled CLI (dist/cli.js) in temp dirs, or of
// the bundled Action (dist/index.js) in the end-to-end harness (local bare remote, fake GitHub
// API), the median of several runs, after one unmeasured warm-up run.
import { existsSync, readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { copyFile, mkdir, mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { halfDoneState, makeGitPair, makePlan, stateText, writePlanFile } from './fixtures.mjs';
import { median, round, sample, timeChild, timeOk, timeSequentialSpawns } from './measure.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const cli = path.join(root, 'dist', 'cli.js');
const quick = process.argv.includes('--quick');
const reps = quick ? { perStep: 3, scale: 3, scaleFull: 2, git: 2, cold: 5, idle: 3 } : { perStep: 7, scale: 15, scaleFull: 5, git: 5, cold: 10, idle: 9 };
// --node=PATH: take the CLI figures with another Node binary (e.g. Node 24, the Action's runtime).
const nodeArg = process.argv.find((a) => a.startsWith('--node='));
const node = nodeArg ? path.resolve(nodeArg.slice('--node='.length)) : process.execPath;
// The agent: the smallest real program, so what remains is the sequencer's own cost.
const AGENT = 'true';

const figures = [];
const errors = [];
const warnings = [];
const scratch = await mkdtemp(path.join(os.tmpdir(), 'sequencer-bench-'));
let dirCount = 0;
const freshDir = async (name) => {
  const dir = path.join(scratch, `${name}-${++dirCount}`);
  await mkdir(dir, { recursive: true });
  return dir;
};

function figure(name, value, unit, target, detail) {
  // target: { op: '<=', limit } or null (informational).
  const met = target ? value <= target.limit : null;
  figures.push({ name, value: round(value, 2), unit, target: target ? `${target.op} ${target.limit} ${target.unit ?? unit}` : null, met, ...(detail ? { detail } : {}) });
}

// --against=DIR: the cold starts are also taken paired with the bundle of another checkout (DIR
// holds its package.json and built dist/, e.g. a worktree of the last release): runs of the two
// alternate, so load on the machine hits both alike, and the figure is the median difference.
const againstArg = process.argv.find((a) => a.startsWith('--against='));
const against = againstArg ? path.resolve(againstArg.slice('--against='.length)) : null;

// --only a,b runs just the sections whose key is listed (file, scale, git, action, isolation, start).
const onlyArg = process.argv.find((a) => a.startsWith('--only='));
const only = onlyArg ? new Set(onlyArg.slice('--only='.length).split(',')) : null;

/** CPU time counters of the whole machine (Linux /proc/stat), or null where there are none. */
function cpuTimes() {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0].trim().split(/\s+/).slice(1).map(Number);
    return { total: fields.reduce((a, b) => a + b, 0), steal: fields[7] ?? 0 };
  } catch {
    return null;
  }
}

/**
 * The share of CPU time the hypervisor gave to other machines while `fn` ran. On a shared
 * virtual machine this is what makes figures jump from one run to the next.
 */
const stealBySection = {};

async function section(key, name, fn) {
  if (only && !only.has(key)) return;
  process.stderr.write(`… ${name}\n`);
  const before = cpuTimes();
  try {
    await fn();
  } catch (err) {
    errors.push({ section: name, error: err instanceof Error ? err.message : String(err) });
    process.stderr.write(`! ${name} failed: ${err instanceof Error ? err.message : String(err)}\n`);
  }
  const after = cpuTimes();
  if (before && after && after.total > before.total) stealBySection[name] = round((100 * (after.steal - before.steal)) / (after.total - before.total), 1);
}

async function ensureBuilt() {
  if (existsSync(cli) && !process.argv.includes('--build')) {
    const newest = await newestFile(path.join(root, 'src'));
    if (newest && newest.mtimeMs > (await stat(cli)).mtimeMs) {
      warnings.push(`dist/cli.js is older than ${path.relative(root, newest.file)}: these figures are for the last build (run npm run build, or pass --build)`);
    }
    return;
  }
  process.stderr.write('building dist/ (node scripts/build.mjs)\n');
  await timeOk([node, path.join(root, 'scripts', 'build.mjs')], { cwd: root });
}

async function newestFile(dir) {
  let best = null;
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    const found = entry.isDirectory() ? await newestFile(file) : { file, mtimeMs: (await stat(file)).mtimeMs };
    if (found && (!best || found.mtimeMs > best.mtimeMs)) best = found;
  }
  return best;
}

const readJson = async (file) => JSON.parse(await readFile(file, 'utf8'));

/**
 * The environments the CLI figures are taken in: this machine's, and, when it sets variables
 * that slow every Node start (NODE_EXTRA_CA_CERTS loads a CA file, NODE_OPTIONS may preload
 * code), the same without them, as on most developer machines and GitHub-hosted runners. A
 * slower start makes a ratio look better, so both are shown.
 */
const STARTUP_VARIABLES = ['NODE_EXTRA_CA_CERTS', 'NODE_OPTIONS'].filter((k) => process.env[k]);
const ENV_VARIANTS = [
  { label: 'this machine', env: process.env },
  ...(STARTUP_VARIABLES.length ? [{ label: `without ${STARTUP_VARIABLES.join(', ')}`, env: Object.fromEntries(Object.entries(process.env).filter(([k]) => !STARTUP_VARIABLES.includes(k))) }] : []),
];

// ---- baselines ---------------------------------------------------------------------------

let coldStart = [];
async function nodeStartMs() {
  if (!coldStart.length) coldStart = await sample(reps.cold, async () => (await timeOk([node, cli, '--help'])).ms);
  return median(coldStart);
}

/** Median time to spawn the agent n times one by one, plus one CLI process start. */
async function baselineMs(n, samples) {
  const spawns = median(await sample(samples, () => timeSequentialSpawns(AGENT, n)));
  return { spawns, start: await nodeStartMs(), total: spawns + (await nodeStartMs()) };
}

// ---- figure 1: per-step overhead, file store ---------------------------------------------

async function perStepFileStore({ label, env: baseEnv }) {
  const N = 100;
  const template = await freshDir('file-template');
  const planFile = await writePlanFile(template, makePlan(N));
  const templateWs = path.join(template, 'W');
  await mkdir(templateWs);
  await timeOk([node, cli, 'init', '--plan', planFile, '--approve', '--workspace', templateWs, '--plan-id', 'p', '--quiet']);
  const templateState = path.join(templateWs, '.sequencer', 'p', 'state.json');

  // Each heartbeat is followed at once by its own baseline (N spawns of the agent and one CLI
  // start), so load that comes and goes on the machine hits both sides of each difference alike.
  const samples = await sample(reps.perStep, async () => {
    const ws = await freshDir('file-run');
    const state = path.join(ws, '.sequencer', 'p', 'state.json');
    await mkdir(path.dirname(state), { recursive: true });
    await copyFile(templateState, state);
    const r = await timeOk([node, cli, 'check', state], { env: { ...baseEnv, STEP_AGENT_CMD: AGENT } });
    const after = await readJson(state);
    if (after.status !== 'DONE' || after.currentStep !== N) throw new Error(`check left the plan ${after.status} at step ${after.currentStep}/${N}; expected DONE in one heartbeat`);
    const spawns = await timeSequentialSpawns(AGENT, N);
    const start = (await timeOk([node, cli, '--help'], { env: baseEnv })).ms;
    return { heartbeat: r.ms, spawns, start };
  });
  const overheads = samples.map((x) => (x.heartbeat - x.spawns - x.start) / N);
  const heartbeat = median(samples.map((x) => x.heartbeat));
  const base = { spawns: median(samples.map((x) => x.spawns)), start: median(samples.map((x) => x.start)) };
  const detail = {
    heartbeatMs: round(heartbeat),
    baselineSpawnsMs: round(base.spawns),
    baselineStartMs: round(base.start),
    overheadsMsPerStep: overheads.map((o) => round(o, 2)),
    samplesMs: samples.map((x) => round(x.heartbeat)),
  };
  figure(`per-step overhead, file store (${N} steps, 1 heartbeat; median of paired samples) (${label})`, median(overheads), 'ms/step', { op: '<=', limit: 10 }, detail);
  figure(`  heartbeat running ${N} steps`, heartbeat, 'ms', null);
  figure(`  baseline: ${N}× spawn ${AGENT} + 1 CLI start`, base.spawns + base.start, 'ms', null);
}

// ---- figure 2: heartbeat cost on a small vs a huge plan -----------------------------------

/** A step delay just long enough that the measured heartbeat runs one step, then waits. */
const DELAY_MINUTES = 0.005;

/**
 * A workspace whose plan folder is reset before each heartbeat to what the previous heartbeat
 * left there: the state it wrote and, for a large one, the digest note beside it (src/adapters/fs/state-digest.ts),
 * which is how every heartbeat but the first finds a plan. With `cold`, the state is the
 * fixture's text alone, as a state written by another tool or by hand is found (validated in full).
 */
async function scaleCase(N, records, { cold = false, baseEnv = process.env } = {}) {
  const dir = await freshDir(`scale-${N}-${records}${cold ? '-cold' : ''}`);
  const ws = path.join(dir, 'W');
  const state = path.join(ws, '.sequencer', 'p', 'state.json');
  const note = `${state}.digest`;
  const prepared = path.join(dir, 'prepared-state.json');
  const preparedNote = `${prepared}.digest`;
  const done = N / 2;
  const env = { ...baseEnv, STEP_AGENT_CMD: AGENT };
  // The fixture stops one step short; a real heartbeat runs that step and writes what the next one finds.
  const fixture = halfDoneState(makePlan(N), { planId: 'p', done: done - 1, stepDelayMinutes: DELAY_MINUTES, workspace: ws, records });
  await mkdir(path.dirname(state), { recursive: true });
  await writeFile(state, stateText(fixture));
  if (cold) {
    await copyFile(state, prepared);
  } else {
    await timeOk([node, cli, 'check', state], { env });
    await copyFile(state, prepared);
    // Only large states get a note (small ones validate faster than a note is written).
    if (existsSync(note)) await copyFile(note, preparedNote);
  }
  const notBefore = Date.parse((await readJson(prepared)).notBefore ?? '') || 0;
  const size = (await stat(prepared)).size;
  const heartbeat = async () => {
    await rm(path.join(ws, '.sequencer'), { recursive: true, force: true });
    await mkdir(path.dirname(state), { recursive: true });
    await copyFile(prepared, state);
    if (existsSync(preparedNote)) await copyFile(preparedNote, note);
    if (Date.now() <= notBefore) await new Promise((resolve) => setTimeout(resolve, notBefore - Date.now() + 5));
    const r = await timeOk([node, cli, 'check', state], { env });
    const after = await readJson(state);
    const ranIndex = cold ? done - 1 : done;
    const ran = after.stepQueue[ranIndex];
    if (after.currentStep !== ranIndex + 1 || after.stepRuns[ran]?.status !== 'DONE' || !after.notBefore) {
      throw new Error(
        `${N}-step heartbeat: expected exactly step ${ranIndex + 1} to run and a step delay to start, got currentStep ${after.currentStep}, ${ran} ${after.stepRuns[ran]?.status}, notBefore ${after.notBefore}`,
      );
    }
    return r.ms;
  };
  return { N, size, heartbeat, samples: [] };
}

/** Interleaved, so load from other processes on the machine hits both sizes alike. */
async function interleaved(cases, reps) {
  for (const c of cases) await c.heartbeat();
  for (let i = 0; i < reps; i++) for (const c of cases) c.samples.push(await c.heartbeat());
}

async function heartbeatScaling({ label, env: baseEnv }) {
  // Finished steps carry only the seed fields here (status, tries, lastRunIso), as the brief
  // for this figure describes; the 'full' case below adds real attempt records.
  const small = await scaleCase(10, 'minimal', { baseEnv });
  const large = await scaleCase(10_000, 'minimal', { baseEnv });
  await interleaved([small, large], reps.scale);
  for (const c of [small, large]) {
    figure(`heartbeat, ${c.N}-step plan (1 step runs; state ${round(c.size / 1024, 0)} KiB) (${label})`, median(c.samples), 'ms', null, { samplesMs: c.samples.map((s) => round(s)) });
  }
  // Each pair ran back to back, so a pair's ratio is little affected by load that comes and goes.
  const pairRatios = large.samples.map((l, i) => l / small.samples[i]);
  figure(`heartbeat ratio 10,000-step / 10-step (median of back-to-back pairs) (${label})`, median(pairRatios), '×', { op: '<=', limit: 1.5 }, { ratios: pairRatios.map((r) => round(r, 2)) });
  figure('  ratio of the medians', median(large.samples) / median(small.samples), '×', null);

  // The first heartbeat after another tool (or a person) wrote the state validates all of it.
  const smallCold = await scaleCase(10, 'minimal', { cold: true, baseEnv });
  const largeCold = await scaleCase(10_000, 'minimal', { cold: true, baseEnv });
  await interleaved([smallCold, largeCold], reps.scaleFull);
  figure('  first heartbeat after a state written by another tool, 10 steps', median(smallCold.samples), 'ms', null, { samplesMs: smallCold.samples.map((s) => round(s)) });
  figure('  same, 10,000 steps (the state validated in full)', median(largeCold.samples), 'ms', null, { samplesMs: largeCold.samples.map((s) => round(s)) });
  const coldRatios = largeCold.samples.map((l, i) => l / smallCold.samples[i]);
  figure('  ratio for that first heartbeat (median of pairs)', median(coldRatios), '×', null, { ratios: coldRatios.map((r) => round(r, 2)) });

  const full = await scaleCase(10_000, 'full', { baseEnv });
  const samples = await sample(reps.scaleFull, full.heartbeat);
  figure(`  10,000 steps with full attempt records (state ${round(full.size / 1024, 0)} KiB)`, median(samples), 'ms', null, { samplesMs: samples.map((s) => round(s)) });
  figure('  ratio with full attempt records / 10-step', median(samples) / median(small.samples), '×', null);
}

// ---- figure 3: per-step overhead, git store ----------------------------------------------

async function perStepGitStore() {
  const N = 20;
  const samples = await sample(
    reps.git,
    async () => {
      const dir = await freshDir('git');
      const { remote, clone } = await makeGitPair(dir);
      const planFile = await writePlanFile(dir, makePlan(N));
      const r = await timeOk([node, cli, 'run', '--plan', planFile, '--store', 'git', '--workspace', clone, '--plan-id', 'p', '--agent', AGENT, '--quiet']);
      const log = await timeChild(['git', 'rev-list', '--count', 'sequencer/p'], { cwd: remote });
      const commits = Number(log.stdout.trim());
      // Every step needs at least its checkpoint and its completion on the remote.
      if (!(commits >= 2 * N)) throw new Error(`git store: expected at least ${2 * N} commits on sequencer/p in the remote, found ${log.stdout.trim() || log.stderr.trim()}`);
      return { ms: r.ms, commits };
    },
    { warmup: 1 },
  );
  const run = median(samples.map((s) => s.ms));
  const base = await baselineMs(N, reps.git + 2);
  const commits = samples[0].commits;
  figure(
    `per-step overhead, git store (${N} steps, ${round(commits / N, 1)} pushed commits/step)`,
    (run - base.total) / N,
    'ms/step',
    { op: '<=', limit: 150 },
    {
      runMs: round(run),
      baselineSpawnsMs: round(base.spawns),
      baselineStartMs: round(base.start),
      commitsOnRemote: commits,
      samplesMs: samples.map((s) => round(s.ms)),
    },
  );
  figure(`  run of ${N} steps with --store git`, run, 'ms', null);
}

// ---- figure 5: the isolated layout: three jobs per step against one job --------------------

/**
 * The sequencer's own cost of isolation, per step: two more Action starts (prepare and apply run
 * beside the agent's job), an artifact upload and a download. A runner's start-up and checkout
 * per job are GitHub's and not measured here; the figures say what the harness's jobs take.
 */
async function isolationCost() {
  const action = await loadActionFigures();
  const steps = 3;
  const f = await action.isolationFigures(steps, quick ? 1 : 3);
  const singlePerStep = median(f.singleRunMs) / steps;
  const prepare = median(f.prepareMs);
  const agent = median(f.agentMs);
  const apply = median(f.applyMs);
  figure(`single job: one run of ${steps} steps, per step (one Action start shared)`, singlePerStep, 'ms/step', null, { runsMs: f.singleRunMs.map((x) => round(x)) });
  figure('isolated: prepare job (checkpoint, hand-off)', prepare, 'ms', null, { samplesMs: f.prepareMs.map((x) => round(x)) });
  figure('isolated: agent job (run, pack, upload)', agent, 'ms', null, { samplesMs: f.agentMs.map((x) => round(x)) });
  figure('isolated: apply job (download, confine, record, dispatch)', apply, 'ms', null, { samplesMs: f.applyMs.map((x) => round(x)) });
  figure('isolated: three jobs per step', prepare + agent + apply, 'ms/step', null);
  figure("  extra per step against one job (the sequencer's own time)", prepare + agent + apply - singlePerStep, 'ms/step', null);
  figure('  artifact uploads per step', f.uploads / f.prepareMs.length, 'count', { op: '<=', limit: 1 });
  figure('  artifact downloads per step', f.downloads / f.prepareMs.length, 'count', { op: '<=', limit: 1 });
  figure('  result artifact size', median(f.artifactBytes), 'bytes', null);
}

// ---- figure 4: the Action: idle heartbeats over many plans, API requests per step ---------

/**
 * The Action figures drive dist/index.js through the end-to-end harness, which is TypeScript:
 * esbuild bundles bench/action-figures.ts next to node_modules (so its packages resolve), with
 * import.meta.url pinned to test/e2e so the harness finds the repository root.
 */
async function loadActionFigures() {
  const { build } = await import('esbuild');
  const outfile = path.join(root, 'node_modules', '.cache', 'sequencer-bench', 'action-figures.mjs');
  await build({
    entryPoints: [path.join(root, 'bench', 'action-figures.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    outfile,
    logLevel: 'warning',
    define: { 'import.meta.url': JSON.stringify(pathToFileURL(path.join(root, 'test', 'e2e', 'bench-entry.ts')).href) },
  });
  return import(pathToFileURL(outfile).href);
}

async function actionIdleAndRequests() {
  const action = await loadActionFigures();
  const againstAction = against ? path.join(against, 'dist', 'index.js') : undefined;
  if (againstAction && !existsSync(againstAction)) throw new Error(`--against=${against}: expected a checkout with a built dist/ (npm run build there)`);
  const idle = await action.idleTickFigures(reps.idle, againstAction);
  const samples = (xs) => ({ samplesMs: xs.map((x) => round(x)) });
  for (const v of idle.variants) {
    const one = median(v.oneFinished);
    const hundred = median(v.hundredFinished);
    const bare = median(v.nodeBare);
    const where = `(${v.env})`;
    figure(`idle scheduled tick, 1 finished plan + 1 waiting ${where}`, one, 'ms', null, samples(v.oneFinished));
    figure(`idle scheduled tick, 100 finished plans + 1 waiting ${where}`, hundred, 'ms', null, samples(v.hundredFinished));
    figure(`  node -e 0, measured alongside ${where}`, bare, 'ms', null, samples(v.nodeBare));
    figure(`  same, the waiting plan without its wait marker (fetched and ticked) ${where}`, median(v.hundredWaitUnmarked), 'ms', null, samples(v.hundredWaitUnmarked));
    figure(`command: list, 100 finished plans + 1 waiting ${where}`, median(v.hundredList), 'ms', null, samples(v.hundredList));
    if (v.hundredAgainstDiffs.length) {
      figure(
        `  idle tick (100 finished), this dist/ − ${path.basename(against)}'s (median of ${v.hundredAgainstDiffs.length} pairs) ${where}`,
        median(v.hundredAgainstDiffs),
        'ms',
        { op: '<=', limit: 0.5 },
        { diffsMs: v.hundredAgainstDiffs.map((d) => round(d)) },
      );
    }
    figure(`idle tick ratio, 100 / 1 finished plans ${where}`, hundred / one, '×', { op: '<=', limit: 1.2 });
    figure(`idle tick (100 finished) / node -e 0 ${where}`, hundred / bare, '×', { op: '<=', limit: 3 });
  }
  figure('counted API requests per idle tick (most seen)', idle.maxCountedRequests, 'requests', { op: '<=', limit: 1 });
  figure('commits or ref moves by idle ticks', idle.anyRefMoved ? 1 : 0, 'count', { op: '<=', limit: 0 });
  // The example workflow's idle heartbeat: checkout and `list`, no agent set-up, no tick.
  figure(
    `steps of an idle heartbeat in docs/examples/sequencer.yml (list output ${idle.idleListOutput})`,
    idle.idleWorkflowSteps.length,
    'steps',
    { op: '<=', limit: 2 },
    { steps: idle.idleWorkflowSteps },
  );

  const req = await action.requestsPerStep(10);
  figure(`API requests per completed step (${req.steps}-step plan from an issue approval)`, req.perStep, 'requests/step', { op: '<=', limit: 3 }, { countedRequests: req.countedRequests });
  figure('  comment polls without an ETag while steps ran', req.unconditionalPolls, 'count', { op: '<=', limit: 0 });
}

// ---- figure 5: bundle sizes and cold start -----------------------------------------------

async function bundleAndStart() {
  const files = ['index.js', 'cli.js'];
  const chunkDir = path.join(root, 'dist', 'chunks');
  if (existsSync(chunkDir)) for (const f of (await readdir(chunkDir)).sort()) if (f.endsWith('.js')) files.push(`chunks/${f}`);
  let total = 0;
  for (const f of files) {
    const size = (await stat(path.join(root, 'dist', f))).size;
    total += size;
    figure(`size dist/${f}`, size / 1024, 'KiB', null);
  }
  figure('size dist/ total', total / 1024, 'KiB', null);
  const bare = median(await sample(reps.cold, async () => (await timeOk([node, '-e', '0'])).ms));
  figure(`cold start: node dist/cli.js --help (median of ${reps.cold})`, await nodeStartMs(), 'ms', null, { samplesMs: coldStart.map((s) => round(s)) });
  figure('  bare node -e 0, for reference', bare, 'ms', null);
  // The Action's bundle without inputs: it loads its static module graph and stops at the first
  // input check, so this is the cost of starting it (its lazy chunks stay unloaded).
  const action = path.join(root, 'dist', 'index.js');
  // The same environment as the figures above, minus any INPUT_* so it stops at the input check.
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('INPUT_')));
  const actionStarts = await sample(reps.cold, async () => (await timeChild([node, action], { env })).ms);
  figure(`cold start: node dist/index.js to its first input check (median of ${reps.cold})`, median(actionStarts), 'ms', null, { samplesMs: actionStarts.map((s) => round(s)) });
  if (against) {
    const other = (entry) => path.join(against, 'dist', entry);
    if (!existsSync(other('index.js')) || !existsSync(path.join(against, 'package.json')))
      throw new Error(`--against=${against}: expected a checkout with package.json and a built dist/ (npm run build there)`);
    const pairs = reps.cold * 4;
    const paired = async (argv) => {
      const diffs = [];
      for (let i = 0; i < pairs + 2; i++) {
        // Alternate which runs first; the first two pairs warm the page cache.
        let mine, theirs;
        if (i % 2) {
          theirs = await timeChild(argv(true), { env });
          mine = await timeChild(argv(false), { env });
        } else {
          mine = await timeChild(argv(false), { env });
          theirs = await timeChild(argv(true), { env });
        }
        if (i >= 2) diffs.push(mine.ms - theirs.ms);
      }
      return diffs;
    };
    const actionDiffs = await paired((theirs) => [node, theirs ? other('index.js') : action]);
    figure(
      `  cold start of the Action, this dist/ − ${path.basename(against)}'s (median of ${pairs} pairs)`,
      median(actionDiffs),
      'ms',
      { op: '<=', limit: 0.5 },
      { diffsMs: actionDiffs.map((d) => round(d)) },
    );
    const cliDiffs = await paired((theirs) => [node, theirs ? other('cli.js') : cli, '--help']);
    figure(
      `  cold start of the CLI (--help), this dist/ − ${path.basename(against)}'s (median of ${pairs} pairs)`,
      median(cliDiffs),
      'ms',
      { op: '<=', limit: 0.5 },
      { diffsMs: cliDiffs.map((d) => round(d)) },
    );
  }
}

// ---- report ------------------------------------------------------------------------------

function printTable(machine) {
  const rows = figures.map((f) => [f.name, `${f.value} ${f.unit}`, f.target ?? '', f.met === null ? '' : f.met ? 'met' : 'NOT MET']);
  const head = ['figure', 'value', 'target', 'result'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells) =>
    cells
      .map((c, i) => (i === 1 ? c.padStart(widths[i]) : c.padEnd(widths[i])))
      .join('  ')
      .trimEnd();
  console.log(`\nAgent Step Sequencer benchmark${quick ? ' (--quick)' : ''}`);
  console.log(`machine: ${machine.cpu} × ${machine.cpus}, ${machine.platform}, node ${machine.node}, git ${machine.git}`);
  console.log(`load average (1 min): ${machine.loadBefore} before, ${machine.loadAfter} after`);
  const steal = Object.entries(stealBySection);
  if (steal.length) console.log(`CPU time taken by other virtual machines (steal): ${steal.map(([name, pct]) => `${pct}% in ${name}`).join('; ')}`);
  console.log('');
  console.log(line(head));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of rows) console.log(line(r));
  for (const w of warnings) console.log(`\nwarning: ${w}`);
  for (const e of errors) console.log(`\nerror in "${e.section}": ${e.error}`);
}

try {
  await ensureBuilt();
  const gitVersion = await timeChild(['git', '--version']).then(
    (r) => r.stdout.trim().replace(/^git version /, ''),
    () => 'not found',
  );
  const nodeVersion = node === process.execPath ? process.version : (await timeOk([node, '--version'])).stdout.trim();
  const machine = {
    cpu: os.cpus()[0]?.model ?? 'unknown',
    cpus: os.cpus().length,
    platform: `${os.platform()} ${os.release()}`,
    node: nodeVersion,
    git: gitVersion,
    loadBefore: round(os.loadavg()[0], 2),
  };
  const started = Date.now();
  for (const variant of ENV_VARIANTS) await section('file', `per-step overhead, file store (${variant.label})`, () => perStepFileStore(variant));
  for (const variant of ENV_VARIANTS) await section('scale', `heartbeat on 10 vs 10,000 steps (${variant.label})`, () => heartbeatScaling(variant));
  await section('git', 'per-step overhead, git store', perStepGitStore);
  await section('action', 'Action: idle heartbeats and API requests per step', actionIdleAndRequests);
  await section('isolation', 'Action: the isolated layout (three jobs per step) against one job', isolationCost);
  await section('start', 'bundle sizes and cold start', bundleAndStart);
  // Other work on the machine inflates every figure; the load average says how much to trust them.
  machine.loadAfter = round(os.loadavg()[0], 2);
  machine.stealPercentBySection = stealBySection;
  printTable(machine);
  const out = path.join(root, 'bench', 'results.json');
  await writeFile(out, `${JSON.stringify({ at: new Date().toISOString(), quick, machine, seconds: round((Date.now() - started) / 1000), figures, warnings, errors }, null, 2)}\n`);
  console.log(`\nwrote ${path.relative(process.cwd(), out) || out} (${round((Date.now() - started) / 1000)} s)`);
} finally {
  await rm(scratch, { recursive: true, force: true });
}
