// One workflow run of the isolated layout (docs/examples/isolated.yml), as the runner would run
// it: three jobs of the bundled Action sharing a run id, each on a runner of its own (its own
// checkout, RUNNER_TEMP and HOME), `prepare`'s outputs handed to the others the way `needs`
// hands them, the jobs' conditions as the workflow writes them, and the artifact service shared.
// The agent job gets only the read token; prepare and apply get the write token, unless each job
// is given a token of its own (exampleJobTokens: the permissions the example grants the job).
import { randomBytes } from 'node:crypto';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import type { FakeArtifactService } from '../fakes/artifact-server.js';
import type { TokenPermissions } from '../fakes/github-server.js';
import { ActionHarness, workflowDispatchPayload, type ActionRun, type ActionRunOptions } from './action-harness.js';
import { REPO_ROOT } from './helpers.js';

export type JobName = 'prepare' | 'agent' | 'apply';

export interface IsolatedRun {
  runId: number;
  prepare: ActionRun;
  /** null when the workflow's condition skipped it. */
  agent: ActionRun | null;
  apply: ActionRun | null;
  /** `needs.agent.result` as apply got it. */
  agentResult: string;
}

export interface IsolatedRunOptions {
  artifacts: FakeArtifactService;
  /** The agent job's GITHUB_TOKEN: read access only. */
  readToken: string;
  /** Each job's own GITHUB_TOKEN (its `github-token`), instead of the write token and readToken. */
  tokens?: Partial<Record<JobName, string>>;
  /** Inputs every job gets (the workflow's shared `with:`). */
  inputs?: Record<string, string>;
  env?: Record<string, string | undefined>;
  /** More environment for the agent job only (the agent's key, test knobs). */
  agentEnv?: Record<string, string | undefined>;
  /** SIGKILL one job this long after it starts (a runner lost mid-job). */
  kill?: { job: JobName; afterMs: number };
  /** Jobs that never start (their runner was lost before they began). */
  skip?: JobName[];
  /** actions/checkout's default persist-credentials for every job: the job's token in .git/config and RUNNER_TEMP. */
  persistCredentials?: boolean;
  timeoutMs?: number;
  /** The Node every job runs the Action under (GitHub's is Node 24); default the one running the tests. */
  node?: string;
}

/** One job of run `runId` on a runner of its own (its checkout, RUNNER_TEMP and HOME); `slot` tells two runs of one job apart. */
export async function runJob(
  h: ActionHarness,
  runId: number,
  name: JobName,
  event: { eventName: string; payload: unknown },
  o: IsolatedRunOptions,
  inputs: Record<string, string>,
  env: Record<string, string | undefined> = {},
  slot: string = name,
): Promise<ActionRun> {
  const home = path.join(h.root, `home-${runId}-${slot}`);
  await mkdir(home, { recursive: true });
  const token = o.tokens?.[name];
  const run: ActionRunOptions = {
    ...event,
    inputs: { ...o.inputs, phase: name, ...inputs, ...(token ? { 'github-token': token } : {}) },
    env: { ...o.env, ...o.artifacts.envFor(runId, slot), HOME: home, ...env },
    job: { runId, name: slot, completesRun: false },
    timeoutMs: o.timeoutMs ?? 60_000,
    ...(o.persistCredentials ? { persistCredentials: true } : {}),
    ...(o.node ? { node: o.node } : {}),
  };
  const started = await h.start(run);
  if (o.kill?.job === name) {
    const timer = setTimeout(() => started.child.kill('SIGKILL'), o.kill.afterMs);
    started.result.finally(() => clearTimeout(timer)).catch(() => {});
  }
  return started.result;
}

export async function isolatedRun(h: ActionHarness, event: { eventName: string; payload: unknown }, o: IsolatedRunOptions): Promise<IsolatedRun> {
  const runId = h.newRunId();
  const job = (name: JobName, inputs: Record<string, string>, env: Record<string, string | undefined> = {}) => runJob(h, runId, name, event, o, inputs, env);

  const prepare = await job('prepare', {});
  const attempt = prepare.outputs.attempt ?? '';
  // agent: `needs: prepare` and `if: needs.prepare.outputs.run-agent == 'true'`.
  let agent: ActionRun | null = null;
  if (prepare.code === 0 && prepare.outputs['run-agent'] === 'true' && !o.skip?.includes('agent')) {
    agent = await job('agent', { attempt, 'github-token': o.readToken }, o.agentEnv);
  }
  const agentResult = agent === null ? 'skipped' : agent.code === 0 ? 'success' : 'failure';
  // apply: `needs: [prepare, agent]` and `if: always() && needs.prepare.outputs.attempt != ''`.
  const apply = attempt && !o.skip?.includes('apply') ? await job('apply', { attempt, 'agent-result': agentResult }) : null;
  const failed = [prepare, agent, apply].some((r) => r && r.code !== 0);
  h.fake.setRun(runId, 'completed', failed ? 'failure' : 'success');
  return { runId, prepare, agent, apply, agentResult };
}

/**
 * A token of its own for each job of an example workflow, granted what the job's `permissions:`
 * block grants (or the workflow's, when the job has none), as GitHub makes each job's
 * GITHUB_TOKEN; the ones with `contents: write` may push to the harness's remote.
 */
export async function exampleJobTokens(h: ActionHarness, file: string): Promise<Record<string, string>> {
  type Permissions = Record<string, string> | undefined;
  const doc = parseYaml(await readFile(path.join(REPO_ROOT, 'docs', 'examples', file), 'utf8')) as { permissions?: Permissions; jobs: Record<string, { permissions?: Permissions }> };
  const tokens: Record<string, string> = {};
  const writers: string[] = [];
  for (const [job, spec] of Object.entries(doc.jobs)) {
    const granted = spec.permissions ?? doc.permissions ?? {};
    const token = `ghs_${job}_${randomBytes(12).toString('hex')}`;
    h.fake.grantToken(token, granted as TokenPermissions);
    if (granted.contents === 'write') writers.push(token);
    tokens[job] = token;
  }
  await h.requireWriteToken(writers);
  return tokens;
}

/** The event of a `tick` dispatched for one plan: what apply's continuation dispatch starts. */
export function tickDispatch(planId: string): { eventName: string; payload: unknown } {
  return { eventName: 'workflow_dispatch', payload: workflowDispatchPayload({ command: 'tick', 'plan-id': planId }) };
}

/** Exit status and output of every job of the run, for assertion messages. */
export function isolatedReport(r: IsolatedRun): string {
  const one = (name: string, run: ActionRun | null) =>
    run ? `=== ${name}: exited ${run.code ?? run.signal} after ${run.durationMs} ms\n--- stdout\n${run.stdout}\n--- stderr\n${run.stderr}` : `=== ${name}: skipped`;
  return [one('prepare', r.prepare), one('agent', r.agent), one('apply', r.apply)].join('\n');
}
