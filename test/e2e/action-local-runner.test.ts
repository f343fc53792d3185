// A second opinion on how a runner starts this node24 Action: GitHub's own local runner for
// actions, @github/local-action, runs the Action's TypeScript entry (src/action/main.ts) with its
// inputs and runner variables from an .env file, against the same bare remote and fake GitHub as
// action-harness.ts. For the same issue event both must read the same inputs (hyphenated names,
// action.yml's defaults) and give the same API calls, outputs, job summary and proposal comment.
//
// Where the two differ by design (README, "Tests held to GitHub's published contracts"):
// local-action fills a missing input from action.yml itself and hands a `${{ github.token }}`
// default over as that text, so the token is given; it keeps outputs in memory (printed as
// `::set-output`) instead of writing GITHUB_OUTPUT; it does not turn core.setFailed into a
// failing exit code; and it has no `post:` step to compare, as action.yml declares none.
import { spawn } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issuesOpened } from '../fakes/webhook-payloads.js';
import { ActionHarness, issueBodyWithPlan, runReport } from './action-harness.js';
import { REPO_ROOT, removeTempDirs } from './helpers.js';

afterAll(removeTempDirs);

// The package exports only its TypeScript source; the CLI is its `bin`.
const LOCAL_ACTION = path.join(REPO_ROOT, 'node_modules', '@github', 'local-action', 'bin', 'local-action.js');

interface LocalRun {
  code: number | null;
  stdout: string;
  stderr: string;
  outputs: Record<string, string>;
  summary: string;
  /** GITHUB_OUTPUT as the run left it. */
  outputFile: string;
}

/** `.env` lines; values are single-quoted so dotenv takes them literally. */
function dotenv(variables: Record<string, string>): string {
  return Object.entries(variables)
    .map(([k, v]) => {
      if (/['\n]/.test(v)) throw new Error(`cannot write ${k} to an .env file: ${JSON.stringify(v)}`);
      return `${k}='${v}'`;
    })
    .join('\n');
}

async function runLocalAction(h: ActionHarness, eventName: string, payload: unknown, inputs: Record<string, string>): Promise<LocalRun> {
  const runId = 7_000_000_000 + Math.floor(Math.random() * 1_000_000);
  // Only the inputs given go into the .env file: local-action reads the others from action.yml.
  const prepared = await h.prepareRun({ eventName, payload, inputs }, runId, 1, false);
  const envFile = path.join(prepared.workspace, '..', `local-action-${runId}.env`);
  await writeFile(envFile, dotenv(prepared.variables));
  h.fake.setRun(runId, 'in_progress', null, { event: eventName });
  // local-action finds the Action's package (for `npm ls` and tsx) from its working directory.
  // It swaps @actions/core for its own by file path, which a symlinked node_modules hides unless
  // Node keeps symlinked paths.
  const env = { ...h.gitEnv, FORCE_COLOR: '0', NODE_OPTIONS: '--preserve-symlinks' };
  const child = spawn(process.execPath, [LOCAL_ACTION, 'run', REPO_ROOT, 'src/action/main.ts', envFile], { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
  child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
  const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (c) => resolve(c));
  });
  clearTimeout(timer);
  h.fake.setRun(runId, 'completed', 'success');
  // local-action's @actions/core records outputs in memory and prints each as `::set-output`.
  const outputs: Record<string, string> = {};
  for (const [, name = '', value = ''] of stdout.matchAll(/^::set-output name=([^:]+)::(.*)$/gm)) outputs[name] = value;
  return { code, stdout, stderr, outputs, summary: await readFile(prepared.summaryPath, 'utf8'), outputFile: await readFile(prepared.outputPath, 'utf8') };
}

const PLAN = { title: 'Nightly', steps: { one: { title: 'One', instruction: 'Write out/one.md', requiredOutputs: ['out/one.md'] } } };

describe('the Action under GitHub’s local runner (@github/local-action)', () => {
  let h: ActionHarness;
  beforeAll(async () => {
    h = await ActionHarness.create();
  });
  afterAll(async () => h?.close());

  it('proposes a plan from an issue exactly as under the harness: inputs, API calls, outputs, summary', async () => {
    // A hyphenated input with a non-default value (each plan's branch under work/); every other
    // input comes from action.yml.
    let at = h.fake.requests.length;
    const harness = await h.openIssue(1, PLAN, { inputs: { 'state-branch': 'work/<plan-id>' } });
    expect(harness.code, runReport(harness)).toBe(0);
    const harnessCalls = h.fake.requests.slice(at).map((r) => `${r.method} ${r.path.replace('/1/', '/N/')}`);

    const body = issueBodyWithPlan(PLAN);
    h.fake.addIssue({ number: 2, title: 'Plan for issue 2', body, labels: ['sequencer'] });
    const payload = issuesOpened({ owner: h.owner, repo: h.repo, issueNumber: 2, issueBody: body, title: 'Plan for issue 2', labels: ['sequencer'], sender: h.actor, apiUrl: h.fake.url });
    at = h.fake.requests.length;
    // The token as the runner resolves `${{ github.token }}`; local-action would pass that text on.
    const local = await runLocalAction(h, 'issues', payload, { 'github-token': h.fake.token, 'state-branch': 'work/<plan-id>' });
    const report = `local-action exited ${local.code}\n--- stdout\n${local.stdout}\n--- stderr\n${local.stderr}`;
    expect(local.code, report).toBe(0);
    expect(local.stdout, report).not.toMatch(/::error::/);

    const asIssue2 = (text: string) => text.replaceAll('issue-1', 'issue-2').replaceAll('issues/1', 'issues/2').replaceAll('#1', '#2');
    expect(local.outputs, report).toEqual(JSON.parse(asIssue2(JSON.stringify(harness.outputs))));
    expect(local.outputs).toMatchObject({ 'plan-id': 'issue-2', status: 'AWAITING_APPROVAL', 'steps-total': '1', 'state-branch': 'work/issue-2' });
    expect(local.outputFile, 'local-action keeps outputs in memory').toBe('');
    // The proposal's comment id differs between the two issues; nothing else does.
    const comment = (text: string) => text.replace(/#issuecomment-\d+/g, '#issuecomment-N');
    expect(comment(local.summary)).toBe(comment(asIssue2(harness.summary)));
    expect(local.summary).toContain('### Proposed: ');
    expect(h.fake.requests.slice(at).map((r) => `${r.method} ${r.path.replace('/2/', '/N/')}`)).toEqual(harnessCalls);
    expect(harnessCalls).toContain('POST /repos/octo-org/octo-repo/issues/N/comments');
    // Each names the run that posted it; the runs differ, nothing else does.
    const proposal = (issue: number) => h.botComments(issue, 'proposal').map((c) => c.body.replace(/\/actions\/runs\/\d+/g, '/actions/runs/N'));
    expect(proposal(2)).toEqual(proposal(1).map(asIssue2));
    expect(proposal(2)).toHaveLength(1);
  });
});
