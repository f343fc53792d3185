// Runs the bundled Action (dist/index.js) the way the Actions runner does: a fresh checkout of
// `main` per run (as actions/checkout leaves it), INPUT_* variables with action.yml's defaults,
// the event payload in GITHUB_EVENT_PATH, GITHUB_OUTPUT / GITHUB_STEP_SUMMARY files, and the
// REST API at a fake GitHub server on 127.0.0.1. The remote is a local bare repository, so
// pushes need no credentials. Every run is registered with the fake as a workflow run that is
// in progress while the process lives and completed once it exits, so liveness checks of
// earlier attempts see real run statuses. A run during which the fake saw an exchange that breaks
// GitHub's REST description (github-contract.ts) fails, so the test that started it fails.
//
// Git work that gives the same bytes every time is done once and copied: the starting remote and
// seed clone once per test file, and each run's checkout once per commit of main (runs get a
// copy of what `git init` + `git fetch --depth=1` + `git checkout` left the first time). A harness
// and a run then cost one `cp -a` instead of a dozen and four git processes.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import type { State } from '../../src/core/state/types.js';
import { describeViolations } from '../fakes/github-contract.js';
import { startFakeGitHub, type AuthorAssociation, type FakeGitHub, type GhComment } from '../fakes/github-server.js';
import { issueCommentCreated, issuesOpened, schedule, workflowDispatch } from '../fakes/webhook-payloads.js';
import { assertWebhookPayload } from '../fakes/webhook-schemas.js';
import { cliEnv, copyTree, makeTempDir, REPO_ROOT, writeAgent } from './helpers.js';
import { withoutServerGc } from '../helpers/bare-remote.js';

/** The bundle under test; E2E_ACTION points the suite at another build (as E2E_CLI does for the CLI). */
export const ACTION_BUNDLE = process.env.E2E_ACTION ? path.resolve(process.env.E2E_ACTION) : path.join(REPO_ROOT, 'dist', 'index.js');

export interface GitRun {
  code: number;
  stdout: string;
  stderr: string;
}

export interface ActionRunOptions {
  /** Node binary; default the one running the tests. */
  node?: string;
  /** The bundle's entry to run; default this checkout's dist/index.js (the benchmark compares another's). */
  bundle?: string;
  /** Inputs as in a workflow's `with:` (names as in action.yml); merged over action.yml's defaults. */
  inputs?: Record<string, string>;
  eventName: string;
  payload: unknown;
  /** Added to the runner's environment; `undefined` removes a variable. */
  env?: Record<string, string | undefined>;
  /** The process is SIGKILLed after this long. Default 60 s. */
  timeoutMs?: number;
  /**
   * Leave the job token in the checkout as actions/checkout does with `persist-credentials: true`
   * (its default): v4 and v5 write an `http.<server>/.extraheader` into `.git/config`, v6 and later
   * an `includeIf` entry naming a credentials file under RUNNER_TEMP. Both are written here.
   */
  persistCredentials?: boolean;
  /**
   * One job of a workflow run of several (the isolated layout): the run id it shares with the
   * other jobs, its own name (its own checkout and RUNNER_TEMP, as on a runner of its own), and
   * whether the run is completed when it ends. Without it a process is a run of its own.
   */
  job?: { runId: number; runAttempt?: number; name: string; completesRun: boolean };
}

export interface ActionRun {
  runId: number;
  runAttempt: number;
  eventName: string;
  payload: unknown;
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** Parsed from GITHUB_OUTPUT. */
  outputs: Record<string, string>;
  /** The GITHUB_STEP_SUMMARY file as written. */
  summary: string;
  workspace: string;
  /** The run's RUNNER_TEMP. */
  runnerTemp: string;
  durationMs: number;
}

export interface PreparedRun {
  workspace: string;
  /** INPUT_*, GITHUB_* and RUNNER_* variables as the runner sets them for the step. */
  variables: Record<string, string>;
  outputPath: string;
  summaryPath: string;
}

export interface StartedAction {
  runId: number;
  child: ChildProcess;
  workspace: string;
  result: Promise<ActionRun>;
}

export interface RemoteCommit {
  sha: string;
  subject: string;
  /** Paths the commit changed. */
  files: string[];
}

const OWNER = 'octo-org';
/** The hidden marker every sequencer comment starts with: kind, then plan id (and episode). */
const MARKER = /^<!-- agent-step-sequencer:([a-z]+):/;
const REPO = 'octo-repo';
const ACTOR = 'octocat';

let nextRunId = 9_000_000_000 + Math.floor(Math.random() * 1_000_000) * 100;

/** Exit status and everything the run printed, for assertion messages. */
export function runReport(run: ActionRun): string {
  return `run ${run.runId}/${run.runAttempt} (${run.eventName}) exited ${run.code ?? run.signal} after ${run.durationMs} ms\n--- stdout\n${run.stdout}\n--- stderr\n${run.stderr}`;
}

/** Splits GITHUB_OUTPUT's `name<<delimiter` blocks (and plain `name=value` lines). */
export function parseOutputFile(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    const heredoc = /^([^=<]+)<<(.+)$/.exec(line);
    if (heredoc) {
      const [, name = '', delimiter = ''] = heredoc;
      const value: string[] = [];
      for (i++; i < lines.length && lines[i] !== delimiter; i++) value.push(lines[i] ?? '');
      out[name] = value.join('\n');
      continue;
    }
    const eq = line.indexOf('=');
    if (eq > 0) out[line.slice(0, eq)] = line.slice(eq + 1);
  }
  return out;
}

export class ActionHarness {
  readonly owner = OWNER;
  readonly repo = REPO;
  readonly actor = ACTOR;
  /** Everything that persists for this harness: origin, workspaces, agent, event files. */
  private constructor(
    readonly fake: FakeGitHub,
    readonly root: string,
    readonly origin: string,
    readonly agent: string,
    readonly agentLog: string,
    readonly pidDir: string,
    /** The runner's own environment: no GITHUB_*, INPUT_* or global git config. */
    readonly gitEnv: NodeJS.ProcessEnv,
    private readonly inputDefaults: Record<string, string>,
    public mainSha: string,
  ) {}

  static async create(opts: { token?: string; readToken?: string } = {}): Promise<ActionHarness> {
    const fake = await startFakeGitHub({ owner: OWNER, repo: REPO, ...(opts.token ? { token: opts.token } : {}), ...(opts.readToken ? { readToken: opts.readToken } : {}) });
    const root = await makeTempDir('sequencer-action-');
    const gitEnv = await isolatedGitEnv(root);
    const { dir: template, mainSha } = await startingRepos();
    const origin = path.join(root, 'origin.git');
    await copyTree([path.join(template, 'origin.git'), path.join(template, 'seed')], root);

    const agentDir = path.join(root, 'agent');
    const pidDir = path.join(root, 'pids');
    await mkdir(agentDir, { recursive: true });
    await mkdir(pidDir, { recursive: true });
    const agent = await writeAgent(agentDir);
    return new ActionHarness(fake, root, origin, agent, path.join(agentDir, 'calls.jsonl'), pidDir, gitEnv, await actionDefaults(fake.token), mainSha);
  }

  async close(): Promise<void> {
    await this.fake.close();
  }

  /** A fresh workflow run id, for the jobs of one run (`job.runId`). */
  newRunId(): number {
    return nextRunId++;
  }

  /** Whether the remote takes pushes only with the write token (requireWriteToken). */
  private writeGuard = false;

  /**
   * From now on the remote accepts a push only when it carries the fake's write token the way the
   * Action sends it (an `AUTHORIZATION: basic` extra header in the push's GIT_CONFIG_* environment,
   * which git hands to the receiving side of a local push), as GitHub accepts a push only with a
   * token that may write. A push with the read token, another credential or none is refused.
   * `alsoWriting` are more tokens that may push (jobs' tokens granted `contents: write`).
   */
  async requireWriteToken(alsoWriting: string[] = []): Promise<void> {
    const wanted = [this.fake.token, ...alsoWriting].map((t) => `'${writeHeader(t)}'`).join(' ');
    const script = [
      '#!/bin/sh',
      'i=0',
      'while [ $i -lt 20 ]; do',
      '  eval "v=\\${GIT_CONFIG_VALUE_$i:-}"',
      `  for want in ${wanted}; do [ "$v" = "$want" ] && exit 0; done`,
      '  i=$((i+1))',
      'done',
      'echo "push refused: no token with write access" >&2',
      'exit 1',
      '',
    ].join('\n');
    await writeFile(path.join(this.origin, 'hooks', 'pre-receive'), script, { mode: 0o755 });
    this.writeGuard = true;
  }

  /** What a push needs when the remote requires the write token. */
  private pushEnv(): NodeJS.ProcessEnv {
    if (!this.writeGuard) return this.gitEnv;
    return { ...this.gitEnv, GIT_CONFIG_COUNT: '1', GIT_CONFIG_KEY_0: 'http.https://github.com/.extraheader', GIT_CONFIG_VALUE_0: writeHeader(this.fake.token) };
  }

  /** Commits files to `main` on the remote (e.g. a plan file) and moves GITHUB_SHA to it. */
  async commitToMain(files: Record<string, string>, message = 'add files'): Promise<string> {
    const seed = path.join(this.root, 'seed');
    for (const [rel, text] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(seed, rel)), { recursive: true });
      await writeFile(path.join(seed, rel), text);
      await gitIn(seed, this.gitEnv, ['add', rel]);
    }
    await gitIn(seed, this.gitEnv, ['commit', '-q', '-m', message]);
    await gitIn(seed, this.pushEnv(), ['push', '-q', this.origin, 'main']);
    this.mainSha = (await gitIn(seed, this.gitEnv, ['rev-parse', 'HEAD'])).stdout.trim();
    return this.mainSha;
  }

  /** What actions/checkout does for a push to main: init, fetch the one commit, check out `main`. */
  private async checkout(name: string): Promise<string> {
    const ws = path.join(this.root, `ws-${name}`);
    // The first checkout of each commit of main is made by git; later ones copy it.
    const made = path.join(this.root, `checkout-${this.mainSha}`);
    if (!existsSync(made)) {
      const staging = `${made}.tmp-${name}`;
      await gitIn(this.root, this.gitEnv, ['init', '-q', staging]);
      await gitIn(staging, this.gitEnv, ['remote', 'add', 'origin', this.origin]);
      await gitIn(staging, this.gitEnv, ['fetch', '-q', '--no-tags', '--prune', '--depth=1', 'origin', `+${this.mainSha}:refs/remotes/origin/main`]);
      await gitIn(staging, this.gitEnv, ['checkout', '-q', '--force', '-B', 'main', 'refs/remotes/origin/main']);
      // Two runs started together may both make one; either is as good.
      await rename(staging, made).catch(() => rm(staging, { recursive: true, force: true }));
    }
    await copyTree([made], ws);
    return ws;
  }

  /** The token as actions/checkout persists it: `AUTHORIZATION: basic base64(x-access-token:<token>)`. */
  private async persistCredentials(ws: string, runnerTemp: string, token: string): Promise<void> {
    const header = writeHeader(token);
    const key = 'http.https://github.com/.extraheader';
    await gitIn(ws, this.gitEnv, ['config', '--local', key, header]);
    const file = path.join(runnerTemp, `git-credentials-${randomUUID()}.config`);
    await gitIn(ws, this.gitEnv, ['config', '--file', file, key, header]);
    await gitIn(ws, this.gitEnv, ['config', '--local', `includeIf.gitdir:${path.join(ws, '.git')}.path`, file]);
    await gitIn(ws, this.gitEnv, ['config', '--local', `includeIf.gitdir:${path.join(ws, '.git')}/worktrees/*.path`, file]);
  }

  /** Starts the Action; the returned promise settles when the process has exited. */
  async start(o: ActionRunOptions, rerunOf?: ActionRun): Promise<StartedAction> {
    // "Re-run jobs" keeps the run id and counts the attempt up; everything else is a new run.
    const runId = o.job?.runId ?? rerunOf?.runId ?? nextRunId++;
    const runAttempt = o.job?.runAttempt ?? (rerunOf ? rerunOf.runAttempt + 1 : 1);
    const { workspace: ws, variables, outputPath, summaryPath } = await this.prepareRun(o, runId, runAttempt);
    const runnerTemp = variables.RUNNER_TEMP!;
    const env: NodeJS.ProcessEnv = { ...this.gitEnv, ...variables };
    for (const [k, v] of Object.entries(o.env ?? {})) {
      if (v === undefined) delete env[k];
      else env[k] = v;
    }

    // Who GitHub says started the run: the event's sender, as for a real run.
    const sender = (o.payload as { sender?: { login?: unknown } } | undefined)?.sender?.login;
    const actor = this.fake.data.user(typeof sender === 'string' ? sender : ACTOR);
    this.fake.setRun(runId, 'in_progress', null, { event: o.eventName, run_attempt: runAttempt, actor, triggering_actor: actor });
    const violationsBefore = this.fake.violations.length;
    const started = Date.now();
    const child = spawn(o.node ?? process.execPath, [o.bundle ?? ACTION_BUNDLE], { cwd: ws, env, stdio: ['ignore', 'pipe', 'pipe'], shell: false });
    let stdout = '';
    let stderr = '';
    child.stdout?.setEncoding('utf8').on('data', (c: string) => (stdout += c));
    child.stderr?.setEncoding('utf8').on('data', (c: string) => (stderr += c));
    const timer = setTimeout(() => child.kill('SIGKILL'), o.timeoutMs ?? 60_000);
    const result = new Promise<ActionRun>((resolve, reject) => {
      child.once('error', reject);
      child.once('close', (code, signal) => {
        clearTimeout(timer);
        if (!o.job || o.job.completesRun) this.fake.setRun(runId, 'completed', code === 0 ? 'success' : 'failure');
        Promise.all([readFile(outputPath, 'utf8'), readFile(summaryPath, 'utf8')]).then(([outputs, summary]) => {
          const run: ActionRun = {
            runId,
            runAttempt,
            eventName: o.eventName,
            payload: o.payload,
            code,
            signal,
            stdout,
            stderr,
            outputs: parseOutputFile(outputs),
            summary,
            workspace: ws,
            runnerTemp,
            durationMs: Date.now() - started,
          };
          if (this.fake.violations.length > violationsBefore) {
            const broken = this.fake.takeViolations();
            reject(new Error(`the fake GitHub saw ${broken.length} exchange(s) that break GitHub's REST description:\n${describeViolations(broken)}\n${runReport(run)}`));
          } else resolve(run);
        }, reject);
      });
    });
    return { runId, child, workspace: ws, result };
  }

  /**
   * What the runner does before a step starts: a fresh checkout, the event file, empty
   * GITHUB_OUTPUT and GITHUB_STEP_SUMMARY files, and the step's variables. `inputDefaults: false`
   * leaves out the INPUT_* variables of inputs not given, for a runner that reads action.yml's
   * defaults itself.
   */
  async prepareRun(o: ActionRunOptions, runId: number, runAttempt: number, inputDefaults = true): Promise<PreparedRun> {
    // Each job of a run has a runner of its own: its own checkout and temp folder.
    const slot = `${runId}-${runAttempt}${o.job ? `-${o.job.name}` : ''}`;
    const ws = await this.checkout(slot);
    const runDir = path.join(this.root, `run-${slot}`);
    await mkdir(path.join(runDir, 'temp'), { recursive: true });
    const eventPath = path.join(runDir, 'event.json');
    const outputPath = path.join(runDir, 'output');
    const summaryPath = path.join(runDir, 'summary.md');
    // The runner writes what GitHub sent; a payload GitHub would never send fails here.
    assertWebhookPayload(o.eventName, o.payload);
    await writeFile(eventPath, JSON.stringify(o.payload, null, 2));
    await writeFile(outputPath, '');
    await writeFile(summaryPath, '');
    if (o.persistCredentials) await this.persistCredentials(ws, path.join(runDir, 'temp'), o.inputs?.['github-token'] ?? this.fake.token);

    const variables: Record<string, string> = {};
    // Retries come at once unless a test asks for backoff: the sample agent's failures are scripted.
    for (const [name, value] of Object.entries({ ...(inputDefaults ? this.inputDefaults : {}), 'agent-command': this.agent, 'retry-backoff-seconds': '0', ...o.inputs })) {
      // The runner's naming: upper case, spaces to underscores, hyphens kept.
      variables[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] = value;
    }
    Object.assign(variables, {
      GITHUB_ACTIONS: 'true',
      CI: 'true',
      GITHUB_EVENT_NAME: o.eventName,
      GITHUB_EVENT_PATH: eventPath,
      GITHUB_OUTPUT: outputPath,
      GITHUB_STEP_SUMMARY: summaryPath,
      GITHUB_API_URL: this.fake.url,
      GITHUB_SERVER_URL: 'https://github.com',
      GITHUB_REPOSITORY: `${OWNER}/${REPO}`,
      GITHUB_REPOSITORY_OWNER: OWNER,
      GITHUB_RUN_ID: String(runId),
      GITHUB_RUN_ATTEMPT: String(runAttempt),
      GITHUB_WORKSPACE: ws,
      GITHUB_SHA: this.mainSha,
      GITHUB_REF: 'refs/heads/main',
      GITHUB_REF_NAME: 'main',
      GITHUB_WORKFLOW_REF: `${OWNER}/${REPO}/.github/workflows/sequencer.yml@refs/heads/main`,
      GITHUB_ACTOR: ACTOR,
      RUNNER_TEMP: path.join(runDir, 'temp'),
      SEQUENCER_API_PACING: 'off',
      AGENT_LOG: this.agentLog,
      AGENT_PID_DIR: this.pidDir,
      AGENT_WRITE_OUTPUTS: '1',
    });
    return { workspace: ws, variables, outputPath, summaryPath };
  }

  async run(o: ActionRunOptions): Promise<ActionRun> {
    return (await this.start(o)).result;
  }

  /** "Re-run jobs" on a finished run: same event, same run id, the next run attempt. */
  async rerun(previous: ActionRun, o: Partial<ActionRunOptions> = {}): Promise<ActionRun> {
    return (await this.start({ ...o, eventName: previous.eventName, payload: previous.payload }, previous)).result;
  }

  /** Comments the sequencer posted (as the token's user), optionally only those of one marker kind. */
  botComments(issue: number, kind?: 'proposal' | 'status' | 'blocked' | 'summary' | 'reply' | 'problem' | 'refused' | 'request'): GhComment[] {
    return this.fake.data
      .commentsOf(issue)
      .filter((c) => c.user.login === this.fake.login)
      .filter((c) => !kind || MARKER.exec(c.body)?.[1] === kind);
  }

  /** Opens an issue labelled `sequencer` with the plan in its body and delivers `issues.opened`. */
  async openIssue(issueNumber: number, plan: unknown, o: Partial<ActionRunOptions> = {}): Promise<ActionRun> {
    const body = issueBodyWithPlan(plan);
    const title = `Plan for issue ${issueNumber}`;
    this.fake.addIssue({ number: issueNumber, title, body, labels: ['sequencer'] });
    const payload = issuesOpened({ owner: OWNER, repo: REPO, issueNumber, issueBody: body, title, labels: ['sequencer'], sender: ACTOR, apiUrl: this.fake.url });
    return this.run({ ...o, eventName: 'issues', payload });
  }

  /** A person comments on an issue: the fake stores the comment; `deliver` runs the Action for its event. */
  say(issueNumber: number, login: string, body: string, association: AuthorAssociation = 'COLLABORATOR') {
    const comment = this.fake.addComment(issueNumber, { login, body, association });
    const payload = issueCommentCreated({ owner: OWNER, repo: REPO, issueNumber, commentId: comment.id, body, login, association, apiUrl: this.fake.url });
    return { comment, payload, deliver: (o: Partial<ActionRunOptions> = {}) => this.run({ ...o, eventName: 'issue_comment', payload }) };
  }

  /** A cron heartbeat. */
  tick(o: Partial<ActionRunOptions> = {}): Promise<ActionRun> {
    return this.run({ ...o, eventName: 'schedule', payload: schedulePayload() });
  }

  /** A workflow_dispatch with these workflow inputs. */
  dispatch(inputs: Record<string, string>, o: Partial<ActionRunOptions> = {}): Promise<ActionRun> {
    return this.run({ ...o, eventName: 'workflow_dispatch', payload: workflowDispatchPayload(inputs) });
  }

  /** A git command against the bare remote. */
  async originGit(args: string[], allowFail = false): Promise<GitRun> {
    return gitIn(this.root, this.gitEnv, ['--git-dir', this.origin, ...args], allowFail);
  }

  /** Branch name → tip commit on the remote. */
  async remoteBranches(): Promise<Record<string, string>> {
    const res = await this.originGit(['for-each-ref', '--format=%(refname:short) %(objectname)', 'refs/heads/']);
    return Object.fromEntries(
      res.stdout
        .split('\n')
        .filter(Boolean)
        .map((l) => l.split(' ') as [string, string]),
    );
  }

  /** The commit at the tip of `branch` on the remote, or null when there is no such branch. */
  async remoteTip(branch: string): Promise<string | null> {
    const res = await this.originGit(['rev-parse', '--verify', '--quiet', `refs/heads/${branch}^{commit}`], true);
    return res.code === 0 ? res.stdout.trim() : null;
  }

  /**
   * Commits on `branch` that are not on main, oldest first, with the paths each changed. `at` reads
   * the history up to that commit instead of the branch's tip, so that a check can read a state and
   * the log that led to it from one moment while a push may still land.
   */
  async remoteLog(branch: string, at?: string): Promise<RemoteCommit[]> {
    const res = await this.originGit(['log', '--reverse', '--format=%x00%H %s', '--name-only', at ?? `refs/heads/${branch}`, '--not', 'refs/heads/main']);
    return res.stdout
      .split('\0')
      .filter((chunk) => chunk.trim())
      .map((chunk) => {
        const [head = '', ...files] = chunk.split('\n').filter(Boolean);
        const space = head.indexOf(' ');
        return { sha: head.slice(0, space), subject: head.slice(space + 1), files };
      });
  }

  /** The subjects of the commits on `branch` after `sha`, oldest first. */
  async subjectsSince(branch: string, sha: string): Promise<string[]> {
    const res = await this.originGit(['log', '--reverse', '--format=%s', `${sha}..refs/heads/${branch}`]);
    return res.stdout.split('\n').filter(Boolean);
  }

  /** The state document at the tip of the plan's work branch, or null when there is none. */
  async remoteState(planId: string, branch = `sequencer/${planId}`): Promise<State | null> {
    const res = await this.originGit(['show', `refs/heads/${branch}:.sequencer/${planId}/state.json`], true);
    return res.code === 0 ? (JSON.parse(res.stdout) as State) : null;
  }

  /** A file at a commit on the remote, or null. */
  async remoteFile(rev: string, file: string): Promise<string | null> {
    const res = await this.originGit(['show', `${rev}:${file}`], true);
    return res.code === 0 ? res.stdout : null;
  }
}

/** The extra header actions/checkout persists and the Action sends: `AUTHORIZATION: basic base64(x-access-token:<token>)`. */
function writeHeader(token: string): string {
  return `AUTHORIZATION: basic ${Buffer.from(`x-access-token:${token}`).toString('base64')}`;
}

/** CI has no global git config: nothing from this machine's ~/.gitconfig may help a test pass. */
async function isolatedGitEnv(dir: string): Promise<NodeJS.ProcessEnv> {
  const emptyConfig = path.join(dir, 'empty.gitconfig');
  await writeFile(emptyConfig, '');
  const gitEnv = cliEnv({ GIT_CONFIG_GLOBAL: emptyConfig, GIT_CONFIG_NOSYSTEM: '1', GIT_TERMINAL_PROMPT: '0', LC_ALL: 'C' });
  for (const k of Object.keys(gitEnv)) if (/^(GITHUB_|INPUT_|RUNNER_|ACTIONS_)/.test(k)) delete gitEnv[k];
  return gitEnv;
}

let startingReposMade: Promise<{ dir: string; mainSha: string }> | undefined;

/**
 * The remote every harness starts from (`origin.git`, main holding one README commit) and the
 * `seed` clone commits to main are made in, built by git once per test file. A file that removes
 * its temp folders between tests gets them built again.
 */
async function startingRepos(): Promise<{ dir: string; mainSha: string }> {
  const made = await startingReposMade;
  if (made && existsSync(path.join(made.dir, 'origin.git'))) return made;
  startingReposMade = (async () => {
    const parent = await makeTempDir('sequencer-action-start-');
    const gitEnv = await isolatedGitEnv(parent);
    const dir = path.join(parent, 'repos');
    await mkdir(dir);
    const origin = path.join(dir, 'origin.git');
    const seed = path.join(dir, 'seed');
    await gitIn(dir, gitEnv, ['init', '-q', '--bare', '-b', 'main', origin]);
    await withoutServerGc(origin);
    await gitIn(dir, gitEnv, ['init', '-q', '-b', 'main', seed]);
    await gitIn(seed, gitEnv, ['config', 'user.name', 'Test Author']);
    await gitIn(seed, gitEnv, ['config', 'user.email', 'author@example.com']);
    await gitIn(seed, gitEnv, ['config', 'commit.gpgsign', 'false']);
    await writeFile(path.join(seed, 'README.md'), '# octo-repo\n');
    await gitIn(seed, gitEnv, ['add', 'README.md']);
    await gitIn(seed, gitEnv, ['commit', '-q', '-m', 'initial commit']);
    // No remote in the seed: each harness pushes to its own copy of origin by path.
    await gitIn(seed, gitEnv, ['push', '-q', origin, 'main']);
    return { dir, mainSha: (await gitIn(seed, gitEnv, ['rev-parse', 'HEAD'])).stdout.trim() };
  })();
  return startingReposMade;
}

function gitIn(cwd: string, env: NodeJS.ProcessEnv, args: string[], allowFail = false): Promise<GitRun> {
  return new Promise((resolve, reject) => {
    const child = spawn('git', args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], shell: false });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
    child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
    child.once('error', reject);
    child.once('close', (code) => {
      if (code !== 0 && !allowFail) reject(new Error(`git ${args.join(' ')} failed (${code}): ${stderr}`));
      else resolve({ code: code ?? -1, stdout, stderr });
    });
  });
}

/** action.yml's input defaults, as the runner passes them; `${{ github.token }}` becomes the token. */
async function actionDefaults(token: string): Promise<Record<string, string>> {
  const doc = parseYaml(await readFile(path.join(REPO_ROOT, 'action.yml'), 'utf8')) as { inputs?: Record<string, { default?: unknown }> };
  const out: Record<string, string> = {};
  for (const [name, spec] of Object.entries(doc.inputs ?? {})) {
    const value = spec.default === undefined ? '' : String(spec.default);
    out[name] = value.replace(/\$\{\{\s*github\.token\s*\}\}/g, token);
  }
  return out;
}

/** A workflow_dispatch payload (inputs as the workflow form sends them: strings). */
export function workflowDispatchPayload(inputs: Record<string, string>, sender = ACTOR): Record<string, unknown> {
  return workflowDispatch({ inputs, sender }) as unknown as Record<string, unknown>;
}

/** What a cron trigger's event file holds: the schedule, the workflow and the repository. */
export function schedulePayload(): Record<string, unknown> {
  return schedule();
}

/** An issue body with the plan as a fenced ```json block, the way a person writes one. */
export function issueBodyWithPlan(plan: unknown, prose = 'Please run this plan.'): string {
  return `${prose}\n\n\`\`\`json\n${JSON.stringify(plan, null, 2)}\n\`\`\`\n`;
}
