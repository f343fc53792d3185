// The isolated layout end to end through dist/index.js (docs/security.md): three jobs per run,
// the agent job holding only a read token, apply recording the step from the agent job's
// artifact and dispatching the next run.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeArtifactService, type FakeArtifactService } from '../fakes/artifact-server.js';
import { ActionHarness, workflowDispatchPayload } from './action-harness.js';
import { removeTempDirs } from './helpers.js';
import { isolatedReport, isolatedRun, tickDispatch, type IsolatedRun } from './isolated-run.js';

afterAll(removeTempDirs);

const plan = (name: string, steps = 3) => ({
  title: `Plan ${name}`,
  steps: Object.fromEntries(
    Array.from({ length: steps }, (_, i) => [`${name}-${i + 1}`, { title: `${name} step ${i + 1}`, instruction: `Write out/${name}-${i + 1}.md`, requiredOutputs: [`out/${name}-${i + 1}.md`] }]),
  ),
});

describe('the isolated layout', () => {
  let h: ActionHarness;
  let artifacts: FakeArtifactService;
  const readToken = `ghs_read_${randomBytes(12).toString('hex')}`;
  beforeAll(async () => {
    h = await ActionHarness.create({ token: `ghs_write_${randomBytes(12).toString('hex')}`, readToken });
    artifacts = await startFakeArtifactService();
    h.fake.data.artifactSource = artifacts;
    h.fake.setPermission(h.actor, 'write');
    await h.commitToMain({ 'plans/trio.json': JSON.stringify(plan('trio'), null, 2) });
    await h.requireWriteToken();
  });
  afterAll(async () => {
    await artifacts?.close();
    await h?.close();
  });

  it('runs a three-step plan to DONE, one attempt per run, each run dispatching the next', { timeout: 120_000 }, async () => {
    const runs: IsolatedRun[] = [];
    let event: { eventName: string; payload: unknown } = { eventName: 'workflow_dispatch', payload: workflowDispatchPayload({ command: 'start', plan: 'plans/trio.json' }) };
    for (let i = 0; i < 5; i++) {
      const dispatched = h.fake.dispatches.length;
      const run = await isolatedRun(h, event, { artifacts, readToken });
      runs.push(run);
      for (const job of [run.prepare, run.agent, run.apply]) if (job) expect(job.code, isolatedReport(run)).toBe(0);
      if (run.apply?.outputs.status === 'DONE') break;
      expect(h.fake.dispatches.length, isolatedReport(run)).toBe(dispatched + 1);
      event = tickDispatch('trio');
    }
    expect(runs.map((r) => r.apply?.outputs.status)).toEqual(['IN_PROGRESS', 'IN_PROGRESS', 'DONE']);
    if (process.env.DUMP) console.log(isolatedReport(runs[0]!));
    const state = (await h.remoteState('trio'))!;
    for (const [i, run] of runs.entries()) {
      expect(state.stepRuns[`trio-${i + 1}`]?.attempts).toEqual([expect.objectContaining({ n: 1, outcome: 'succeeded', owner: expect.objectContaining({ kind: 'actions', runId: String(run.runId) }) })]);
    }
    const log = await h.remoteLog('sequencer/trio');
    const completions = log.filter((c) => c.subject.endsWith(' succeeded'));
    expect(completions.map((c) => c.subject.replace(/^.*\): /, ''))).toEqual(['trio-1 attempt 1 succeeded', 'trio-2 attempt 1 succeeded', 'trio-3 attempt 1 succeeded']);
    expect(completions.map((c) => c.files.filter((f) => f.startsWith('out/')))).toEqual([['out/trio-1.md'], ['out/trio-2.md'], ['out/trio-3.md']]);
  });
});
