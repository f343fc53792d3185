// What the runner tells us about this run: the GITHUB_* environment and the event payload.
import { readFile } from 'node:fs/promises';
import { ConfigError, describeError } from '../core/errors.js';
import { DEFAULT_STATUS_INTERVAL_SECONDS } from '../core/tick/status-cadence.js';
import { environmentVariable, parseNumber } from '../wiring/checks.js';
import type { GitRunner } from '../adapters/git/git.js';
import { workspaceGit } from '../wiring/workspace-git.js';

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
   * The one git runner of the workspace (wiring/workspace-git.ts), in the Action's mode; main.ts
   * guards it before anything else runs, and every git command of the run goes through it.
   */
  git: GitRunner;
  runnerTemp: string;
  /** GitHub's recommended spacing of writes; `off` only for a local stand-in API (SEQUENCER_API_PACING). */
  apiPacing: 'github' | 'off';
  /** How often a running tick reads the issue for `/cancel` (SEQUENCER_INBOX_POLL_SECONDS, default 60). */
  inboxPollSeconds: number;
  /** On /cancel, how long the agent may take to exit on its own after its stop file appears (SEQUENCER_STOP_GRACE_SECONDS, default 60). */
  stopGraceSeconds: number;
  /** After SIGTERM (a timeout or cancel the agent did not answer), how long before SIGKILL (SEQUENCER_KILL_GRACE_SECONDS, default 10, as the CLI's --grace). */
  killGraceSeconds: number;
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
    git: workspaceGit(workspace, 'action'),
    runnerTemp: env.RUNNER_TEMP ?? workspace,
    apiPacing: env.SEQUENCER_API_PACING === 'off' ? 'off' : 'github',
    inboxPollSeconds: pollSeconds(env.SEQUENCER_INBOX_POLL_SECONDS),
    stopGraceSeconds: stopGraceSeconds(env.SEQUENCER_STOP_GRACE_SECONDS),
    killGraceSeconds: seconds(env.SEQUENCER_KILL_GRACE_SECONDS, 'SEQUENCER_KILL_GRACE_SECONDS', 0, 10),
    statusIntervalSeconds: statusIntervalSeconds(env.SEQUENCER_STATUS_INTERVAL_SECONDS),
  };
}

function pollSeconds(raw: string | undefined): number {
  // Polls are conditional requests (a 304 costs no rate limit), but not more than once a second.
  return seconds(raw, 'SEQUENCER_INBOX_POLL_SECONDS', 1, 60);
}

function stopGraceSeconds(raw: string | undefined): number {
  return seconds(raw, 'SEQUENCER_STOP_GRACE_SECONDS', 0, 60);
}

function statusIntervalSeconds(raw: string | undefined): number {
  return seconds(raw, 'SEQUENCER_STATUS_INTERVAL_SECONDS', 0, DEFAULT_STATUS_INTERVAL_SECONDS, '; 0 edits the status comment after every step');
}

function seconds(raw: string | undefined, name: string, min: number, fallback: number, note = ''): number {
  return parseNumber(raw, environmentVariable(name), { min, max: 3600, fallback, fractions: true, expected: `a number of seconds from ${min} to 3600 (default ${fallback}${note})` });
}
