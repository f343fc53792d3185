// The isolated layout end to end through dist/index.js (docs/security.md): three jobs per run,
// the agent job holding only a read token, apply recording the step from the agent job's
// artifact and dispatching the next run.
import { createHash, randomBytes } from 'node:crypto';
import { chmod, copyFile, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resultArtifactName } from '../../src/core/render/artifact-names.js';
import { startFakeArtifactService, unzip, zipOf, type FakeArtifactService } from '../fakes/artifact-server.js';
import { ActionHarness, schedulePayload, workflowDispatchPayload } from './action-harness.js';
import { seedApprovedIssuePlan } from './fleet-seed.js';
import { removeTempDirs } from './helpers.js';
import { exampleJobTokens, isolatedReport, isolatedRun, runJob, tickDispatch, type IsolatedRun } from './isolated-run.js';
import { node24Binary } from './node24.js';

const HOSTILE_AGENT = fileURLToPath(new URL('../fixtures/agents/hostile-agent.mjs', import.meta.url));
const digest = (value: string) => createHash('sha256').update(value).digest('hex').slice(0, 16);
const startPlan = (planFile: string, planId?: string) => ({
  eventName: 'workflow_dispatch',
  payload: workflowDispatchPayload({ command: 'start', plan: planFile, ...(planId ? { 'plan-id': planId } : {}) }),
});
const okJobs = (run: IsolatedRun) => {
  for (const job of [run.prepare, run.agent, run.apply]) if (job) expect(job.code, isolatedReport(run)).toBe(0);
};

afterAll(removeTempDirs);

const plan = (name: string, steps = 3) => ({
  title: `Plan ${name}`,
  steps: Object.fromEntries(
    Array.from({ length: steps }, (_, i) => [`${name}-${i + 1}`, { title: `${name} step ${i + 1}`, instruction: `Write out/${name}-${i + 1}.md`, requiredOutputs: [`out/${name}-${i + 1}.md`] }]),
  ),
});

const COUNT = 'SELECT count(*) FROM items';
const SUM = 'SELECT sum(n) FROM items';
/** The first step writes data/app.db; the second only checks it (its agent job never runs here: its result is forged). */
const ledger = {
  title: 'Plan ledger',
  steps: {
    'ledger-1': { title: 'Store three items', instruction: 'Write three rows into data/app.db.', validate: [{ db_query: { path: 'data/app.db', query: COUNT, expect: 3 } }] },
    'ledger-2': { title: 'Check their sum', instruction: 'Check the rows of data/app.db.', validate: [{ db_query: { path: 'data/app.db', query: SUM, expect: 3 } }] },
  },
};
/** Writes data/app.db with the rows 0, 1 and 2 through node:sqlite (run by Node 24). */
const DB_AGENT = `import fs from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
const file = path.join(process.env.SEQUENCER_WORKSPACE, 'data', 'app.db');
fs.mkdirSync(path.dirname(file), { recursive: true });
const db = new DatabaseSync(file);
db.exec('CREATE TABLE items (n INTEGER)');
for (const n of [0, 1, 2]) db.exec('INSERT INTO items VALUES (' + n + ')');
db.close();
`;

describe('the isolated layout', () => {
  let h: ActionHarness;
  let artifacts: FakeArtifactService;
  const readToken = `ghs_read_${randomBytes(12).toString('hex')}`;
  const writeToken = `ghs_write_${randomBytes(12).toString('hex')}`;
  beforeAll(async () => {
    h = await ActionHarness.create({ token: writeToken, readToken });
    artifacts = await startFakeArtifactService();
    h.fake.data.artifactSource = artifacts;
    h.fake.setPermission(h.actor, 'write');
    await h.commitToMain({
      'plans/trio.json': JSON.stringify(plan('trio'), null, 2),
      'plans/hostile.json': JSON.stringify(plan('hostile', 1), null, 2),
      'plans/late.json': JSON.stringify(plan('late', 1), null, 2),
      'plans/ledger.json': JSON.stringify(ledger, null, 2),
    });
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
      // The agent reports its usage in $SEQUENCER_USAGE_FILE: it crosses to apply with the result.
      const run = await isolatedRun(h, event, { artifacts, readToken, agentEnv: { AGENT_USAGE: JSON.stringify({ model: 'm-1', inputTokens: 1000 * (i + 1), outputTokens: 10, costUsd: 0.5 }) } });
      runs.push(run);
      for (const job of [run.prepare, run.agent, run.apply]) if (job) expect(job.code, isolatedReport(run)).toBe(0);
      if (run.apply?.outputs.status === 'DONE') break;
      expect(h.fake.dispatches.length, isolatedReport(run)).toBe(dispatched + 1);
      event = tickDispatch('trio');
    }
    expect(runs.map((r) => r.apply?.outputs.status)).toEqual(['IN_PROGRESS', 'IN_PROGRESS', 'DONE']);
    const state = (await h.remoteState('trio'))!;
    for (const [i, run] of runs.entries()) {
      expect(state.stepRuns[`trio-${i + 1}`]?.attempts).toEqual([
        expect.objectContaining({
          n: 1,
          outcome: 'succeeded',
          owner: expect.objectContaining({ kind: 'actions', runId: String(run.runId) }),
          usage: { model: 'm-1', inputTokens: 1000 * (i + 1), outputTokens: 10, cacheReadTokens: 0, cacheWriteTokens: 0, costUsd: 0.5, isError: false, source: 'file', complete: true },
          wallMs: expect.any(Number),
        }),
      ]);
    }
    const log = await h.remoteLog('sequencer/trio');
    const completions = log.filter((c) => c.subject.endsWith(' succeeded'));
    expect(completions.map((c) => c.subject.replace(/^.*\): /, ''))).toEqual(['trio-1 attempt 1 succeeded', 'trio-2 attempt 1 succeeded', 'trio-3 attempt 1 succeeded']);
    expect(completions.map((c) => c.files.filter((f) => f.startsWith('out/')))).toEqual([['out/trio-1.md'], ['out/trio-2.md'], ['out/trio-3.md']]);
    // What isolation adds per step: one artifact upload and one download.
    const uploaded = artifacts.artifacts.filter((a) => a.name.startsWith('sequencer-result-trio-'));
    expect(uploaded.map((a) => a.name)).toEqual(['sequencer-result-trio-trio-1-1', 'sequencer-result-trio-trio-2-1', 'sequencer-result-trio-trio-3-1']);
    expect(artifacts.downloads.filter((id) => uploaded.some((a) => a.id === id))).toEqual(uploaded.map((a) => a.id));
  });

  it(
    'gives the agent job no credential that writes: every push, comment and dispatch a hostile agent tries fails, and apply commits its step but nothing no step may change',
    { timeout: 120_000 },
    async () => {
      h.fake.addIssue({ number: 5, title: 'Hostile step', body: 'A plan' });
      const agent = path.join(h.root, 'hostile-agent.mjs');
      await copyFile(HOSTILE_AGENT, agent);
      await chmod(agent, 0o755);
      const report = path.join(h.root, 'hostile-report.json');
      const before = await h.remoteBranches();
      const dispatches = h.fake.dispatches.length;
      const run = await isolatedRun(h, startPlan('plans/hostile.json', 'issue-5'), {
        artifacts,
        readToken,
        inputs: { 'agent-command': `${process.execPath} ${agent}` },
        agentEnv: { HOSTILE_REPORT: report },
        persistCredentials: true,
      });
      okJobs(run);
      expect(run.apply?.outputs.status, isolatedReport(run)).toBe('DONE');

      // It looked everywhere it could and found the job's read token (and the runtime token), never the write token.
      const found = JSON.parse(await readFile(report, 'utf8')) as { sources: Record<string, number>; credentials: string[]; tries: Array<{ credential: string | number; what: string; ok: boolean }> };
      expect(found.sources.procs, 'processes of the job whose environment it read').toBeGreaterThan(0);
      // The credential actions/checkout persisted (under RUNNER_TEMP and in .git/config) was gone before the agent started.
      expect(found.sources.gitConfig).toBe(1);
      expect(found.credentials).toContain(digest(readToken));
      expect(found.credentials).not.toContain(digest(writeToken));
      // Every try with every credential failed: GitHub answered 401 or 403, the remote refused the pushes.
      expect(found.tries.length).toBeGreaterThanOrEqual(2 + 4 * found.credentials.length);
      expect(found.tries.filter((t) => t.ok)).toEqual([]);
      const refusedWrites = h.fake.requests.filter((r) => r.method === 'POST' && (r.path.endsWith('/issues/5/comments') || r.path.endsWith('/dispatches')) && r.status >= 400);
      expect(refusedWrites.map((r) => r.status)).toContain(403);
      expect(h.fake.comments.filter((c) => c.body === 'owned')).toEqual([]);
      expect(h.fake.dispatches.length).toBe(dispatches);
      expect((await h.remoteBranches()).main).toBe(before.main);

      // apply recorded the step from the artifact, with what it left out and why, and said so on the issue.
      const state = (await h.remoteState('issue-5'))!;
      const attempt = state.stepRuns['hostile-1']?.attempts?.[0];
      expect(attempt).toMatchObject({ outcome: 'succeeded', owner: { runId: String(run.runId) } });
      expect(attempt?.refused).toEqual(
        expect.arrayContaining([
          { path: '.github/workflows/x.yml', reason: expect.stringMatching(/^under .github\/: workflows/) },
          { path: '.sequencer/other/state.json', reason: expect.stringMatching(/^under .sequencer\/: the sequencer's state/) },
          { path: 'passwd', reason: 'a symbolic link to "/etc/passwd", outside the repository' },
          { path: 'big.bin', reason: '200 MiB, more than the 100 MiB a file may have' },
        ]),
      );
      expect(attempt?.refused).toHaveLength(4);
      const tip = 'refs/heads/sequencer/issue-5';
      expect(await h.remoteFile(tip, 'out/hostile-1.md')).toContain('done by issue-5/hostile-1/1');
      for (const file of ['.github/workflows/x.yml', '.sequencer/other/state.json', 'passwd', 'big.bin']) expect(await h.remoteFile(tip, file), file).toBeNull();
      const notice = h.botComments(5).filter((c) => c.body.includes('agent-step-sequencer:confined:issue-5:hostile-1-1'));
      expect(notice).toHaveLength(1);
      for (const file of ['.github/workflows/x.yml', '.sequencer/other/state.json', 'passwd', 'big.bin'])
        expect(notice[0]!.body.replace(/\\/g, ''), 'the notice shows the path as inert text').toContain(file);

      // The same apply again (a re-run of the job) records nothing twice.
      const commits = (await h.remoteLog('sequencer/issue-5')).length;
      const comments = h.botComments(5).length;
      const again = await runJob(
        h,
        run.runId,
        'apply',
        startPlan('plans/hostile.json', 'issue-5'),
        { artifacts, readToken },
        { attempt: run.prepare.outputs.attempt!, 'agent-result': 'success' },
        {},
        'apply-again',
      );
      expect(again.code, again.stdout).toBe(0);
      expect(again.stdout).toContain('Nothing to record: attempt 1 of hostile-1 is recorded already (succeeded)');
      expect((await h.remoteLog('sequencer/issue-5')).length).toBe(commits);
      expect(h.botComments(5).length).toBe(comments);
      expect((await h.remoteState('issue-5'))?.revision).toBe(state.revision);
    },
  );

  it(
    "runs every job on a token with that job's permissions in docs/examples/isolated.yml and none is refused: a heartbeat's prepare hands on one plan, answers its command and dispatches a run for the other; apply records the step, posts and dispatches the next",
    { timeout: 60_000 },
    async () => {
      const tokens = await exampleJobTokens(h, 'isolated.yml');
      const first = await seedApprovedIssuePlan(h, 21, plan('first', 2), h.actor);
      const other = await seedApprovedIssuePlan(h, 22, plan('other', 2), h.actor);
      const status = h.fake.addComment(21, { login: h.actor, body: '/status', association: 'COLLABORATOR' });
      const before = h.fake.requests.length;
      const dispatches = h.fake.dispatches.length;
      const run = await isolatedRun(h, { eventName: 'schedule', payload: schedulePayload() }, { artifacts, readToken, tokens });
      okJobs(run);
      expect(run.prepare.outputs['plan-id'], isolatedReport(run)).toBe(first);
      expect(run.apply?.outputs.status, isolatedReport(run)).toBe('IN_PROGRESS');
      // Deferral (prepare) and continuation (apply) each dispatched a run.
      expect(
        h.fake.dispatches.slice(dispatches).map((d) => d.inputs['plan-id']),
        isolatedReport(run),
      ).toEqual([other, first]);
      // The command was answered and reacted to, the status posted, the result downloaded.
      expect(h.fake.data.reactions.get(status.id)?.map((r) => r.content)).toEqual(['+1']);
      expect(h.botComments(21, 'reply')).toHaveLength(1);
      expect(h.botComments(21, 'status')).toHaveLength(1);
      expect((await h.remoteState(first))?.stepRuns['first-1']?.attempts).toEqual([expect.objectContaining({ n: 1, outcome: 'succeeded' })]);
      // Every request came with a job's token, and none went beyond what the example grants it.
      const made = h.fake.requests.slice(before);
      expect(made.length).toBeGreaterThan(0);
      expect(made.filter((r) => !Object.values(tokens).includes(r.token ?? ''))).toEqual([]);
      expect(made.filter((r) => r.status === 403).map((r) => `${r.method} ${r.path}`)).toEqual([]);
    },
  );

  it('records the result of a run whose apply job never ran, in the next run, without running the agent again', { timeout: 60_000 }, async () => {
    const calls = async () => (await readFile(h.agentLog, 'utf8').catch(() => '')).split('\n').filter(Boolean).length;
    // The next run reads the dead run's artifacts through the API: on the example's job tokens.
    const tokens = await exampleJobTokens(h, 'isolated.yml');
    const before = h.fake.requests.length;
    const lost = await isolatedRun(h, startPlan('plans/late.json'), { artifacts, readToken, skip: ['apply'], tokens });
    expect(lost.agent?.code, isolatedReport(lost)).toBe(0);
    expect((await h.remoteState('late'))?.stepRuns['late-1']).toMatchObject({ status: 'IN_PROGRESS' });
    const agentCalls = await calls();

    const next = await isolatedRun(h, tickDispatch('late'), { artifacts, readToken, tokens });
    okJobs(next);
    const made = h.fake.requests.slice(before);
    expect(made.filter((r) => r.path.includes('/artifacts')).length, 'artifacts looked up through the API').toBeGreaterThan(0);
    expect(made.filter((r) => r.status === 403).map((r) => `${r.method} ${r.path}`)).toEqual([]);
    expect(next.prepare.outputs['run-agent']).toBe('');
    expect(JSON.parse(next.prepare.outputs.attempt!)).toMatchObject({ stepId: 'late-1', n: 1, runId: String(lost.runId), apply: { runId: String(lost.runId) } });
    expect(next.agent).toBeNull();
    expect(next.apply?.outputs.status, isolatedReport(next)).toBe('DONE');
    expect(await calls()).toBe(agentCalls);
    const state = (await h.remoteState('late'))!;
    expect(state.stepRuns['late-1']?.attempts).toEqual([expect.objectContaining({ n: 1, outcome: 'succeeded', owner: expect.objectContaining({ runId: String(lost.runId) }) })]);
    expect(await h.remoteFile('refs/heads/sequencer/late', 'out/late-1.md')).not.toBeNull();
  });

  it(
    'runs a db_query in the agent job on the database the agent wrote and records its answer for apply; apply never opens the database, so a forged answer to a query the agent job did not run fails the rule',
    { timeout: 120_000 },
    async () => {
      const node24 = await node24Binary();
      const agent = path.join(h.root, 'db-agent.mjs');
      await writeFile(agent, DB_AGENT);
      const o = { artifacts, readToken, node: node24, inputs: { 'agent-command': `${node24} ${agent}` } };
      const run = await isolatedRun(h, startPlan('plans/ledger.json'), o);
      okJobs(run);
      expect(run.apply?.outputs.status, isolatedReport(run)).toBe('IN_PROGRESS');
      expect((await h.remoteState('ledger'))?.stepRuns['ledger-1']?.attempts).toEqual([expect.objectContaining({ n: 1, outcome: 'succeeded' })]);
      const uploaded = artifacts.artifacts.find((a) => a.name === resultArtifactName('ledger/ledger-1/1'))!;
      expect(JSON.parse(unzip(uploaded.zip).get('result.json')!.toString('utf8')).queries).toEqual([{ path: 'data/app.db', query: COUNT, fact: { kind: 'row', value: 3 } }]);
      expect(await h.remoteFile('refs/heads/sequencer/ledger', 'data/app.db')).not.toBeNull();

      // The next step's result is forged (no agent job runs): it answers the step's query on
      // another file, and a query no rule asks. The database apply checks out holds the rows 0, 1
      // and 2, whose sum the rule expects: only a query of it in apply could pass the step.
      const event = tickDispatch('ledger');
      const runId = h.newRunId();
      const prepare = await runJob(h, runId, 'prepare', event, o, {});
      expect(prepare.code, prepare.stderr).toBe(0);
      const attempt = prepare.outputs.attempt!;
      const { attemptId } = JSON.parse(attempt) as { attemptId: string };
      expect(attemptId).toBe('ledger/ledger-2/1');
      const forged = {
        v: 1,
        attemptId,
        agent: { exitCode: 0, signal: null, timedOut: false, cancelled: false, stdout: '', stderr: '', outputBytes: 0, durationMs: 1 },
        checks: [],
        queries: [
          { path: 'data/copy.db', query: SUM, fact: { kind: 'row', value: 3 } },
          { path: 'data/app.db', query: 'SELECT 3', fact: { kind: 'row', value: 3 } },
        ],
        changes: false,
      };
      artifacts.plant(runId, resultArtifactName(attemptId), zipOf('result.json', Buffer.from(JSON.stringify(forged))));
      const apply = await runJob(h, runId, 'apply', event, o, { attempt, 'agent-result': 'success' });
      h.fake.setRun(runId, 'completed', 'success');
      expect(apply.code, apply.stderr).toBe(0);
      expect((await h.remoteState('ledger'))?.stepRuns['ledger-2']?.attempts).toEqual([
        expect.objectContaining({ n: 1, outcome: 'failed', error: expect.stringContaining(`db_query(data/app.db, "${SUM}" = 3): the agent job recorded no run of this query`) }),
      ]);
    },
  );
});
