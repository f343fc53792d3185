// Benchmark figures of the bundled Action (dist/index.js), run exactly as the end-to-end tests
// run it (test/e2e/action-harness.ts): a local bare remote, the fake GitHub API on 127.0.0.1.
// bench/run.mjs bundles this file with esbuild (plain Node cannot load the TypeScript harness)
// and prints the figures; nothing here asserts a target.
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ActionHarness, schedulePayload, type ActionRun } from '../test/e2e/action-harness.js';
import { REPO_ROOT } from '../test/e2e/helpers.js';
import { daysAgo, seedPlans, seedState } from '../test/e2e/fleet-seed.js';
import { jobSteps, runningSteps } from '../test/e2e/workflow-expressions.js';

const TWO_STEPS = {
  title: 'Two steps',
  steps: {
    first: { title: 'First', instruction: 'Write out/first.md', requiredOutputs: ['out/first.md'] },
    second: { title: 'Second', instruction: 'Write out/second.md', requiredOutputs: ['out/second.md'] },
  },
};

function check(run: ActionRun, what: string): void {
  if (run.code !== 0) throw new Error(`${what}: the Action exited ${run.code ?? run.signal}\n${run.stdout.slice(-2000)}\n${run.stderr.slice(-2000)}`);
}

async function refs(h: ActionHarness): Promise<string> {
  return (await h.originGit(['for-each-ref', '--format=%(refname) %(objectname)'])).stdout;
}

/** A harness with `finished` DONE plans (idle-indexed) and one issue plan waiting 30 minutes on its step delay. */
async function idleFleet(finished: number): Promise<ActionHarness> {
  const h = await ActionHarness.create();
  check(await h.openIssue(11, TWO_STEPS), 'proposal');
  h.fake.setPermission('alice', 'write');
  const approved = await h.say(11, 'alice', '/approve delay=30').deliver();
  check(approved, 'approval');
  if (approved.outputs.status !== 'IN_PROGRESS' || approved.outputs['steps-done'] !== '1') throw new Error(`the plan should wait after step 1, got ${JSON.stringify(approved.outputs)}`);
  await seedPlans(
    h.origin,
    h.mainSha,
    Array.from({ length: finished }, (_, i) => {
      const planId = `done-${i + 1}`;
      return { planId, state: seedState(planId, 'DONE', daysAgo(1)), marker: true, at: daysAgo(1) };
    }),
  );
  return h;
}

// Both processes are timed the same way: from spawn to the child's exit, so neither figure
// includes the harness reading the run's output files afterwards.
function timeNodeBare(env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, ['-e', '0'], { stdio: ['ignore', 'pipe', 'pipe'], env });
    child.once('error', reject);
    child.once('exit', () => resolve(performance.now() - started));
  });
}

/** A scheduled tick of the bundled Action: the run and its spawn-to-exit time. */
async function timedTick(h: ActionHarness, env: Record<string, string | undefined>, inputs: Record<string, string> = {}, bundle?: string): Promise<{ run: ActionRun; ms: number }> {
  const started = await h.start({ eventName: 'schedule', payload: schedulePayload(), env, inputs, ...(bundle ? { bundle } : {}) });
  // start() resolves right after spawning; no event can have been handled in between.
  const t0 = performance.now();
  const exited = new Promise<number>((resolve) => started.child.once('exit', () => resolve(performance.now())));
  const run = await started.result;
  return { run, ms: (await exited) - t0 };
}

export interface IdleTickSamples {
  /** What differs from this machine's environment (both processes get the same). */
  env: string;
  /** Whole-process ms of each scheduled tick. */
  oneFinished: number[];
  hundredFinished: number[];
  /** The same, with the waiting plan's wait marker removed first, so the tick has to look at it. */
  hundredWaitUnmarked: number[];
  /** `command: list` over 100 finished plans + 1 waiting: the first step of an example heartbeat. */
  hundredList: number[];
  nodeBare: number[];
  /** With another checkout's bundle to compare: this bundle's idle tick (100 finished) minus that one's, per back-to-back pair. */
  hundredAgainstDiffs: number[];
}

export interface IdleTickFigures {
  variants: IdleTickSamples[];
  /** Counted API requests per idle tick (max over all ticks). */
  maxCountedRequests: number;
  /** Whether any idle tick moved a ref on the remote (a commit or a marker). */
  anyRefMoved: boolean;
  /** What `list` output when every plan was idle (the example's `if:` compares it with `[]`). */
  idleListOutput: string;
  /** Steps docs/examples/sequencer.yml runs on a schedule when `list` found nothing, by name. */
  idleWorkflowSteps: string[];
}

/**
 * Variables that change what Node does at start-up (NODE_EXTRA_CA_CERTS alone loads a CA file,
 * about 70 ms here). Where this machine sets them, the figures are also taken without them, as on
 * a GitHub-hosted runner; both processes of a comparison always run with the same environment.
 */
const STARTUP_VARIABLES = ['NODE_EXTRA_CA_CERTS', 'NODE_OPTIONS'];

/**
 * Idle scheduled ticks, 1 vs 100 finished plans (+1 waiting), interleaved with `node -e 0`; with
 * `against` (another checkout's dist/index.js), also paired with that bundle's idle tick.
 */
export async function idleTickFigures(reps: number, against?: string): Promise<IdleTickFigures> {
  const small = await idleFleet(1);
  const large = await idleFleet(100);
  const present = STARTUP_VARIABLES.filter((k) => process.env[k] !== undefined);
  const series = (env: string): IdleTickSamples => ({ env, oneFinished: [], hundredFinished: [], hundredWaitUnmarked: [], hundredList: [], nodeBare: [], hundredAgainstDiffs: [] });
  const variants: Array<{ samples: IdleTickSamples; env: Record<string, string | undefined> }> = [{ samples: series('this machine'), env: {} }];
  if (present.length) variants.push({ samples: series(`without ${present.join(', ')}`), env: Object.fromEntries(present.map((k) => [k, undefined])) });
  const out: IdleTickFigures = { variants: variants.map((v) => v.samples), maxCountedRequests: 0, anyRefMoved: false, idleListOutput: '', idleWorkflowSteps: [] };
  try {
    const dropWaitMarkers = async (h: ActionHarness) => {
      for (const line of (await refs(h)).split('\n')) {
        const ref = line.split(' ')[0];
        if (ref?.startsWith('refs/sequencer/wait/')) await h.originGit(['update-ref', '-d', ref]);
      }
    };
    const tick = async (h: ActionHarness, env: Record<string, string | undefined>, into: number[] | null, unmarked = false, inputs: Record<string, string> = {}) => {
      if (unmarked) await dropWaitMarkers(h);
      const before = await refs(h);
      const counted = h.fake.countedRequests();
      const { run, ms } = await timedTick(h, env, inputs);
      check(run, 'idle tick');
      if (inputs.command === 'list') out.idleListOutput = run.outputs.plans ?? '';
      out.maxCountedRequests = Math.max(out.maxCountedRequests, h.fake.countedRequests() - counted);
      // Recording the missing wait marker is the one ref an unmarked tick may add.
      if (!unmarked && (await refs(h)) !== before) out.anyRefMoved = true;
      into?.push(ms);
    };
    const bareEnv = (env: Record<string, string | undefined>) => {
      const merged: NodeJS.ProcessEnv = { ...process.env };
      for (const [k, v] of Object.entries(env)) if (v === undefined) delete merged[k];
      return merged;
    };
    // Warm-up (page cache, the fake's first connections), unmeasured.
    await tick(small, {}, null);
    await tick(large, {}, null);
    await timeNodeBare(process.env);
    // Interleaved, so load from other processes on the machine hits every series alike.
    for (let i = 0; i < reps; i++) {
      for (const { samples, env } of variants) {
        await tick(small, env, samples.oneFinished);
        await tick(large, env, samples.hundredFinished);
        await tick(large, env, samples.hundredWaitUnmarked, true);
        await tick(large, env, samples.hundredList, false, { command: 'list' });
        samples.nodeBare.push(await timeNodeBare(bareEnv(env)));
        if (against) {
          // Back to back, the order alternating, so load on the machine hits both bundles alike.
          const theirs = async () => {
            const { run, ms } = await timedTick(large, env, {}, against);
            check(run, `idle tick of ${against}`);
            return ms;
          };
          const mine = async () => {
            const { run, ms } = await timedTick(large, env);
            check(run, 'idle tick');
            return ms;
          };
          for (let pair = 0; pair < 4; pair++) {
            let m: number, t: number;
            if (pair % 2) {
              m = await mine();
              t = await theirs();
            } else {
              t = await theirs();
              m = await mine();
            }
            samples.hundredAgainstDiffs.push(m - t);
          }
        }
      }
    }
  } finally {
    await small.close();
    await large.close();
  }
  // The waiting plan is not due, so `list` finds nothing: the example's idle path.
  const workflow = await readFile(path.join(REPO_ROOT, 'docs', 'examples', 'sequencer.yml'), 'utf8');
  out.idleWorkflowSteps = runningSteps(jobSteps(workflow, 'tick'), 'schedule', out.idleListOutput).map((s) => s.uses ?? s.run ?? '?');
  return out;
}

export interface RequestFigures {
  steps: number;
  countedRequests: number;
  perStep: number;
  /** Comment listings while steps ran that did not send an ETag. */
  unconditionalPolls: number;
}

/** API requests the fake server counted for a 10-step plan run from its issue approval. */
export async function requestsPerStep(steps = 10): Promise<RequestFigures> {
  const h = await ActionHarness.create();
  try {
    const plan = {
      title: `${steps} steps`,
      steps: Object.fromEntries(Array.from({ length: steps }, (_, i) => [`s${i + 1}`, { title: `Step ${i + 1}`, instruction: `Write out/s${i + 1}.md`, requiredOutputs: [`out/s${i + 1}.md`] }])),
    };
    check(await h.openIssue(5, plan), 'proposal');
    h.fake.setPermission('alice', 'write');
    const first = h.fake.requests.length;
    const counted = h.fake.countedRequests();
    const run = await h.say(5, 'alice', '/approve').deliver();
    check(run, 'approval');
    if (run.outputs.status !== 'DONE') throw new Error(`expected the plan DONE in the approving run, got ${run.outputs.status}`);
    const made = h.fake.requests.slice(first);
    const running = made.slice(
      Math.max(
        0,
        made.findIndex((r) => r.method === 'PATCH'),
      ),
    );
    const total = h.fake.countedRequests() - counted;
    return {
      steps,
      countedRequests: total,
      perStep: total / steps,
      unconditionalPolls: running.filter((r) => r.method === 'GET' && r.path.endsWith('/issues/5/comments') && !r.conditional).length,
    };
  } finally {
    await h.close();
  }
}

export interface IsolationFigures {
  steps: number;
  /** Whole-process ms of the one single-job run that ran every step (dispatch start). */
  singleRunMs: number[];
  /** Per isolated run (one step each): the three jobs' whole-process ms. */
  prepareMs: number[];
  agentMs: number[];
  applyMs: number[];
  /** Of the agent job: the artifact upload, from its log's own timestamps (ms). */
  uploads: number;
  downloads: number;
  /** Bytes of each step's result artifact. */
  artifactBytes: number[];
}

/**
 * The same plan (`steps` steps, the sample agent) run by one single-job run and by isolated runs
 * of three jobs each (one step per run, chained by the continuation dispatch), as the end-to-end
 * tests run them: what the three jobs cost per step in Action starts, checkouts and artifact
 * transfers, against one job.
 */
export async function isolationFigures(steps: number, reps: number): Promise<IsolationFigures> {
  const { startFakeArtifactService } = await import('../test/fakes/artifact-server.js');
  const { isolatedRun, tickDispatch } = await import('../test/e2e/isolated-run.js');
  const { workflowDispatchPayload } = await import('../test/e2e/action-harness.js');
  const plan = {
    title: 'Measured',
    steps: Object.fromEntries(Array.from({ length: steps }, (_, i) => [`s${i + 1}`, { title: `Step ${i + 1}`, instruction: `Write out/s${i + 1}.md`, requiredOutputs: [`out/s${i + 1}.md`] }])),
  };
  const readToken = 'ghs_read_bench_0123456789';
  const h = await ActionHarness.create({ readToken });
  const artifacts = await startFakeArtifactService();
  h.fake.data.artifactSource = artifacts;
  h.fake.setPermission(h.actor, 'write');
  await h.commitToMain({ 'plans/measured.json': JSON.stringify(plan) });
  const out: IsolationFigures = { steps, singleRunMs: [], prepareMs: [], agentMs: [], applyMs: [], uploads: 0, downloads: 0, artifactBytes: [] };
  const start = (planId: string) => workflowDispatchPayload({ command: 'start', plan: 'plans/measured.json', 'plan-id': planId });
  try {
    for (let rep = 0; rep <= reps; rep++) {
      // rep 0 is the unmeasured warm-up of both layouts.
      const single = await h.run({ eventName: 'workflow_dispatch', payload: start(`single-${rep}`) });
      check(single, 'single-job run');
      if (single.outputs.status !== 'DONE') throw new Error(`the single-job run should finish the plan, got ${single.outputs.status}`);
      if (rep > 0) out.singleRunMs.push(single.durationMs);
      const planId = `isolated-${rep}`;
      let event = { eventName: 'workflow_dispatch', payload: start(planId) } as { eventName: string; payload: unknown };
      for (let i = 0; i < steps; i++) {
        const uploadedBefore = artifacts.artifacts.length;
        const run = await isolatedRun(h, event, { artifacts, readToken });
        for (const job of [run.prepare, run.agent, run.apply]) if (job) check(job, 'isolated job');
        if (rep > 0) {
          out.prepareMs.push(run.prepare.durationMs);
          out.agentMs.push(run.agent?.durationMs ?? 0);
          out.applyMs.push(run.apply?.durationMs ?? 0);
          out.uploads += artifacts.artifacts.length - uploadedBefore;
          out.downloads += run.apply?.stdout.includes('Artifact download completed successfully.') ? 1 : 0;
          out.artifactBytes.push(...artifacts.artifacts.slice(uploadedBefore).map((a) => a.zip.length));
        }
        event = tickDispatch(planId);
      }
      const done = await h.remoteState(planId);
      if (done?.status !== 'DONE') throw new Error(`the isolated runs should finish the plan, got ${done?.status}`);
    }
  } finally {
    await artifacts.close();
    await h.close();
  }
  return out;
}
