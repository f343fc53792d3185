// The isolated layout under kill -9 (DESIGN §9.1): runs of three jobs (prepare, agent, apply)
// through dist/index.js, one job of each run killed at a random moment, the workflow's conditions
// deciding which later jobs of that run still start (a dead prepare hands nothing on, a dead
// agent job leaves apply to record what it can, a dead apply leaves its result to the next run).
// After every run the work branch must tell the truth: a valid state, finished steps a prefix of
// the queue with their outputs at the tip, no finished step lost, none recorded twice. Then
// runs without kills finish each plan, and every step is recorded done exactly once.
//
// Kill moments come from a seeded generator: ISOLATION_FAULTS_SEED=<printed seed> replays the
// schedule (process timing still varies). `npm test` kills each phase once on one plan;
// `npm run test:faults` makes at least 36 kills, 12 in each phase (test/helpers/fault-campaigns.ts).
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { State } from '../../src/core/state/types.js';
import { parseState } from '../../src/core/state/validate-state.js';
import { startFakeArtifactService, type FakeArtifactService } from '../fakes/artifact-server.js';
import { seededRandom } from '../fakes/seeded-random.js';
import { FAULT_CAMPAIGN, strength } from '../helpers/fault-campaigns.js';
import { ActionHarness, workflowDispatchPayload } from './action-harness.js';
import { removeTempDirs } from './helpers.js';
import { isolatedReport, isolatedRun, tickDispatch, type IsolatedRun, type JobName } from './isolated-run.js';

afterAll(removeTempDirs);

const seed = Number(process.env.ISOLATION_FAULTS_SEED ?? Date.now() % 2 ** 31);
const rnd = seededRandom(seed);
const PHASES: JobName[] = ['prepare', 'agent', 'apply'];
/** Kills per phase over the campaign. */
const KILLS_PER_PHASE = strength(1, 12);
/** A job of this layout takes 300-600 ms here; kills are spread over that, a few land after it ended. */
const KILL_WINDOW_MS = [20, 650] as const;
const STEPS = ['s1', 's2', 's3'];

const plan = { title: 'Killed jobs', steps: Object.fromEntries(STEPS.map((id) => [id, { title: `Step ${id}`, instruction: `Write out/${id}.md`, requiredOutputs: [`out/${id}.md`] }])) };

describe('the isolated layout with jobs killed at random moments', FAULT_CAMPAIGN, () => {
  let h: ActionHarness;
  let artifacts: FakeArtifactService;
  const readToken = `ghs_read_${randomBytes(12).toString('hex')}`;
  beforeAll(async () => {
    h = await ActionHarness.create({ token: `ghs_write_${randomBytes(12).toString('hex')}`, readToken });
    artifacts = await startFakeArtifactService();
    h.fake.data.artifactSource = artifacts;
    h.fake.setPermission(h.actor, 'write');
    await h.commitToMain({ 'plans/killed.json': JSON.stringify(plan, null, 2) });
    await h.requireWriteToken();
    console.log(`isolation-faults: seed ${seed} (replay with ISOLATION_FAULTS_SEED=${seed})`);
  });
  afterAll(async () => {
    await artifacts?.close();
    await h?.close();
  });

  it(`kills each phase ${KILLS_PER_PHASE} time(s): no finished step is lost, none is recorded twice`, { timeout: strength(90_000, 400_000) }, async () => {
    // The kill schedule: every phase the same number of times, in random order.
    const pending = PHASES.flatMap((job) => Array<JobName>(KILLS_PER_PHASE).fill(job)).sort(() => rnd() - 0.5);
    const landed: Record<JobName, number> = { prepare: 0, agent: 0, apply: 0 };
    const inputs = { 'max-attempts': '100', 'retry-backoff-seconds': '0' };
    let plans = 0;
    let runs = 0;
    while (pending.length) {
      const planId = `killed-${++plans}`;
      const start = { eventName: 'workflow_dispatch', payload: workflowDispatchPayload({ command: 'start', plan: 'plans/killed.json', 'plan-id': planId }) };
      let event: { eventName: string; payload: unknown } = start;
      let done: string[] = [];
      // Kills until the plan is done or the schedule is spent; then runs without kills finish it.
      for (let cycle = 0; ; cycle++) {
        expect(cycle, `${planId}: not DONE after ${cycle} runs`).toBeLessThan(60);
        const job = pending[0];
        const afterMs = Math.floor(KILL_WINDOW_MS[0] + rnd() * (KILL_WINDOW_MS[1] - KILL_WINDOW_MS[0]));
        const run = await isolatedRun(h, event, { artifacts, readToken, inputs, ...(job ? { kill: { job, afterMs } } : {}) });
        runs++;
        const killed = job ? jobOf(run, job) : null;
        if (job && killed?.signal === 'SIGKILL') {
          landed[job]++;
          pending.shift();
        } else {
          for (const r of [run.prepare, run.agent, run.apply]) if (r) expect(r.code, isolatedReport(run)).toBe(0);
        }
        done = await checkTruth(planId, done, `${planId} run ${cycle + 1}${job ? ` (${job} killed after ${afterMs} ms: ${killed?.signal ?? 'ended first'})` : ''}`, run);
        if (done.length === STEPS.length && !pending.length) break;
        const state = await h.remoteState(planId);
        if (state?.status === 'DONE') break;
        // A start killed before it wrote the plan is dispatched again, as the person would.
        event = state ? tickDispatch(planId) : start;
      }
      // Runs without kills finish the plan.
      for (let cycle = 0; (await h.remoteState(planId))?.status !== 'DONE'; cycle++) {
        expect(cycle, `${planId}: not DONE after the kills`).toBeLessThan(10);
        const run = await isolatedRun(h, tickDispatch(planId), { artifacts, readToken, inputs });
        runs++;
        for (const r of [run.prepare, run.agent, run.apply]) if (r) expect(r.code, isolatedReport(run)).toBe(0);
        done = await checkTruth(planId, done, `${planId} finishing run ${cycle + 1}`, run);
      }
      const completions = (await h.remoteLog(`sequencer/${planId}`)).filter((c) => / attempt \d+ (succeeded|recovered)$/.test(c.subject));
      expect(
        completions.map((c) => c.subject.replace(/^.*\): (\S+) .*$/, '$1')),
        `${planId}: one completion per step, in order`,
      ).toEqual(STEPS);
    }
    console.log(
      `isolation-faults: ${landed.prepare + landed.agent + landed.apply} kills (prepare ${landed.prepare}, agent ${landed.agent}, apply ${landed.apply}) over ${runs} runs of ${plans} plan(s)`,
    );
    for (const job of PHASES) expect(landed[job]).toBe(KILLS_PER_PHASE);
  });

  function jobOf(run: IsolatedRun, job: JobName) {
    return job === 'prepare' ? run.prepare : job === 'agent' ? run.agent : run.apply;
  }

  /**
   * What must hold after any run: the state parses and validates, finished steps are a prefix of
   * the queue, each with exactly one successful attempt and its output at the tip; none of the
   * steps finished before is missing now. Returns the finished steps.
   */
  async function checkTruth(planId: string, before: string[], when: string, run: IsolatedRun): Promise<string[]> {
    // One commit is read for the state, the outputs and the history: a killed job's git push can
    // still land after the job died (its receive-pack outlives it), and must not land between reads.
    const tip = await h.remoteTip(`sequencer/${planId}`);
    const text = tip === null ? null : await h.remoteFile(tip, `.sequencer/${planId}/state.json`);
    if (tip === null || text === null) {
      expect(before, `${when}: the state vanished`).toEqual([]);
      return [];
    }
    let state: State;
    try {
      state = parseState(JSON.parse(text), { owned: true });
    } catch (err) {
      throw new Error(`${when}: the state does not parse: ${String(err)}\n${isolatedReport(run)}`);
    }
    const done = state.stepQueue.filter((id) => state.stepRuns[id]?.status === 'DONE');
    expect(state.stepQueue.slice(0, done.length), `${when}: finished steps are a prefix`).toEqual(done);
    for (const id of before) expect(done, `${when}: ${id} was done and is no more`).toContain(id);
    for (const id of done) {
      const succeeded = (state.stepRuns[id]?.attempts ?? []).filter((a) => a.outcome === 'succeeded' || a.outcome === 'recovered');
      expect(succeeded, `${when}: ${id} recorded done once`).toHaveLength(1);
      expect(await h.remoteFile(tip, `out/${id}.md`), `${when}: the output of ${id}`).not.toBeNull();
    }
    const completions = (await h.remoteLog(`sequencer/${planId}`, tip)).filter((c) => / attempt \d+ (succeeded|recovered)$/.test(c.subject)).map((c) => c.subject.replace(/^.*\): (\S+) .*$/, '$1'));
    expect(completions, `${when}: no step completed twice on the branch`).toEqual(done);
    return done;
  }
});
