// What the runner tells us about this run: the GITHUB_* environment and the event payload.
import { readFile } from 'node:fs/promises';
import { ConfigError, describeError } from '../core/errors.js';
import { DEFAULT_STATUS_INTERVAL_SECONDS } from '../core/tick/status-cadence.js';
import { GitRunner } from '../adapters/git/git.js';

export interface RunContext {
  owner: string;
  repo: string;
  eventName: string;
  payload: Record<string, unknown>;
  runId: string;
  runAttempt: number;
  /** `owner/repo/.github/workflows/file.yml@refs/heads/main` */
  workflowRef: string;
  ref: string;
  sha: string;
  actor: string;
  serverUrl: string;
  apiUrl: string;
  workspace: string;
  /**
   * The one git runner of the workspace, in the Action's mode; main.ts guards it before anything
   * else runs, and every git command of the run goes through it.
   */
  git: GitRunner;
  runnerTemp: string;
  /** GitHub's recommended spacing of writes; `off` only for a local stand-in API (SEQUENCER_API_PACING). */
  apiPacing: 'github' | 'off';
  /** How often a running tick reads the issue for `/cancel` (SEQUENCER_INBOX_POLL_SECONDS, default 60). */
  inboxPollSeconds: number;
  /** On /cancel, how long the agent may take to exit on its own after its stop file appears (SEQUENCER_STOP_GRACE_SECONDS, default 60). */
  stopGraceSeconds: number;
  /** Least spacing of the status comment's progress edits during a run (SEQUENCER_STATUS_INTERVAL_SECONDS, default 30; 0 edits after every step). */
  statusIntervalSeconds: number;
}

export async function readRunContext(env: NodeJS.ProcessEnv): Promise<RunContext> {
  const repository = env.GITHUB_REPOSITORY ?? '';
  const [owner, repo] = repository.split('/');
  if (!owner || !repo) throw new ConfigError(`GITHUB_REPOSITORY is "${repository}"; expected owner/repo (is this running inside GitHub Actions?)`);
  const eventPath = env.GITHUB_EVENT_PATH;
  let payload: Record<string, unknown> = {};
  if (eventPath) {
    try {
      payload = JSON.parse(await readFile(eventPath, 'utf8')) as Record<string, unknown>;
    } catch (err) {
      throw new ConfigError(`GITHUB_EVENT_PATH "${eventPath}" cannot be read as JSON: ${describeError(err)}`);
    }
  }
  const workspace = env.GITHUB_WORKSPACE ?? process.cwd();
  return {
    owner,
    repo,
    eventName: env.GITHUB_EVENT_NAME ?? '',
    payload,
    runId: env.GITHUB_RUN_ID ?? '0',
    runAttempt: Number(env.GITHUB_RUN_ATTEMPT ?? '1') || 1,
    workflowRef: env.GITHUB_WORKFLOW_REF ?? '',
    ref: env.GITHUB_REF ?? '',
    sha: env.GITHUB_SHA ?? '',
    actor: env.GITHUB_ACTOR ?? '',
    serverUrl: env.GITHUB_SERVER_URL ?? 'https://github.com',
    apiUrl: env.GITHUB_API_URL ?? 'https://api.github.com',
    workspace,
    git: new GitRunner({ cwd: workspace, mode: 'action' }),
    runnerTemp: env.RUNNER_TEMP ?? workspace,
    apiPacing: env.SEQUENCER_API_PACING === 'off' ? 'off' : 'github',
    inboxPollSeconds: pollSeconds(env.SEQUENCER_INBOX_POLL_SECONDS),
    stopGraceSeconds: stopGraceSeconds(env.SEQUENCER_STOP_GRACE_SECONDS),
    statusIntervalSeconds: statusIntervalSeconds(env.SEQUENCER_STATUS_INTERVAL_SECONDS),
  };
}

function pollSeconds(raw: string | undefined): number {
  if (raw === undefined || raw.trim() === '') return 60;
  const n = Number(raw);
  // Polls are conditional requests (a 304 costs no rate limit), but not more than once a second.
  if (!Number.isFinite(n) || n < 1 || n > 3600) {
    throw new ConfigError(`SEQUENCER_INBOX_POLL_SECONDS is "${raw}"; expected a number of seconds from 1 to 3600 (default 60).`);
  }
  return n;
}

function stopGraceSeconds(raw: string | undefined): number {
  if (raw === undefined || raw.trim() === '') return 60;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < 0 || n > 3600) {
    throw new ConfigError(`SEQUENCER_STOP_GRACE_SECONDS is "${raw}"; expected a number of seconds from 0 to 3600 (default 60).`);
  }
  return n;
}

function statusIntervalSeconds(raw: string | undefined): number {
  if (raw === undefined || raw.trim() === '') return DEFAULT_STATUS_INTERVAL_SECONDS;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < 0 || n > 3600) {
    throw new ConfigError(`SEQUENCER_STATUS_INTERVAL_SECONDS is "${raw}"; expected a number of seconds from 0 to 3600 (default ${DEFAULT_STATUS_INTERVAL_SECONDS}; 0 edits the status comment after every step).`);
  }
  return n;
}

/** Secrets the runner put in our environment that the agent must not inherit (ACTIONS_*: its runtime, cache, results and OIDC tokens and URLs). */
const RUNNER_SECRETS = /^(INPUT_.*|GITHUB_TOKEN|ACTIONS_.*)$/;

/**
 * The agent's base environment: the job's, minus the token and the runner's internals, and minus
 * any variable holding one of `withheld` (the job token a workflow also put in GH_TOKEN).
 */
export function agentEnvironment(env: NodeJS.ProcessEnv, token: string | null, withheld: readonly string[] = []): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = {};
  const secrets = withheld.filter((s) => s.length > 0);
  for (const [k, v] of Object.entries(env)) if (!RUNNER_SECRETS.test(k) && !secrets.some((s) => v?.includes(s))) out[k] = v;
  if (token) {
    out.GITHUB_TOKEN = token;
    out.GH_TOKEN = token;
  }
  return out;
}
