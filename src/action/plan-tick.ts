// One plan's tick inside the Action: the engine as src/wiring builds it from the plan's settings
// (action/plan-settings.ts), with the GitHub parts only the Action has (the issue as inbox and
// notice board, run liveness from the API), then the report (status comment, job summary,
// attempt logs as an artifact).
import { setTimeout as sleep } from 'node:timers/promises';
import { ActionsOwnerProbe } from '../adapters/github/actions-owner.js';
import { uploadAttemptLogs } from '../adapters/toolkit/artifacts.js';
import { outputLinks } from '../adapters/git/git-links.js';
import { pushPullRequestBranch } from '../adapters/git/pull-request-branch.js';
import type { GitHubClient } from '../adapters/github/github-client.js';
import { GitHubNotifier } from '../adapters/github/github-notifier.js';
import { IssueInbox } from '../adapters/github/issue-inbox.js';
import { GitHubApprovalVerifier } from '../adapters/github/approval-verifier.js';
import { TokenIdentity } from '../adapters/github/posting-identity.js';
import { RepositoryPermissions } from '../adapters/github/repository-permissions.js';
import { writeJobSummary } from '../adapters/toolkit/job-summary.js';
import { LocalOwnerProbe } from '../adapters/process/local-owner.js';
import { MergedInbox } from '../adapters/merged-inbox.js';
import type { ToolkitLog } from '../adapters/toolkit/toolkit-log.js';
import { describeError } from '../core/errors.js';
import type { Notice } from '../core/tick/notices.js';
import { shouldWriteStatus, type StatusTrigger } from '../core/tick/status-cadence.js';
import { jobSummary, type Links, type RunLinks } from '../core/render/render-markdown.js';
import { sanitizeArtifactName } from '../core/render/artifact-names.js';
import type { AttemptOwner, State } from '../core/state/types.js';
import { tick, type TickResult } from '../engine/index.js';
import type { Inbox, Liveness, Notifier, OwnerProbe } from '../ports.js';
import { createEngine } from '../wiring/engine-factory.js';
import { issueNumberOf, planFolder, pullRequestBranch } from '../wiring/plan-layout.js';
import type { RunContext } from './context.js';
import type { ActionInputs } from './inputs.js';
import { engineSettings, planBranch, REMOTE } from './plan-settings.js';

export interface PlanTickOptions {
  planId: string;
  /** A command inbox other than the issue (workflow_dispatch). */
  inbox?: Inbox;
  /** Run until this instant at most (the run's time budget). */
  deadline: Date;
}

export interface PlanTickResult {
  result: TickResult;
  branch: string;
}

export function createNotifier(
  ctx: RunContext,
  inputs: ActionInputs,
  client: GitHubClient,
  planId: string,
  log: ToolkitLog,
  links: (paths: string[]) => Promise<Links>,
): GitHubNotifier | null {
  const issueNumber = issueNumberOf(planId);
  if (issueNumber === null) return null;
  return new GitHubNotifier({
    client,
    owner: ctx.owner,
    repo: ctx.repo,
    issueNumber,
    planId,
    links,
    log: (m: string) => log.warn(m),
    // What the proposal shows as the settings of every step: the workflow's, not the plan's.
    proposal: { ...(inputs.agentCommand ? { agentCommand: inputs.agentCommand } : {}), limits: { maxAttempts: inputs.maxAttempts, attemptTimeoutMinutes: inputs.attemptTimeoutMinutes } },
    ...(inputs.openPullRequest ? { openPullRequest: pullRequestSpec(ctx, inputs, planId) } : {}),
  });
}

/** The run writing a comment, its logs (the run page's artifacts section) and the work branch. */
export function runLinks(ctx: RunContext, branch: string): RunLinks {
  const runUrl = `${ctx.serverUrl}/${ctx.owner}/${ctx.repo}/actions/runs/${ctx.runId}`;
  return { runUrl, logsUrl: `${runUrl}#artifacts`, branchUrl: `${ctx.serverUrl}/${ctx.owner}/${ctx.repo}/tree/${branch.split('/').map(encodeURIComponent).join('/')}`, branch };
}

/**
 * The pull request comes from `sequencer-pr/<plan-id>`: the work branch plus one commit that
 * removes the state folder, so its diff holds the outputs only (see pull-request-branch.ts).
 */
function pullRequestSpec(ctx: RunContext, inputs: ActionInputs, planId: string) {
  const branch = planBranch(inputs, planId);
  const base = defaultBranch(ctx);
  const title = `Agent Step Sequencer: ${planId}`;
  if (inputs.stateStore !== 'git') return { head: branch, base, title };
  const head = pullRequestBranch(planId);
  const prepare = async () => {
    await pushPullRequestBranch(ctx.git, { remote: REMOTE, branch, prBranch: head, stateFolder: planFolder(planId) });
  };
  return { head, base, title, prepare };
}

function defaultBranch(ctx: RunContext): string {
  const repo = ctx.payload.repository as { default_branch?: string } | undefined;
  return repo?.default_branch ?? (ctx.ref.startsWith('refs/heads/') ? ctx.ref.slice('refs/heads/'.length) : 'main');
}

/** The default branch as the event says, or as the API does (not every event carries the repository). */
async function repositoryDefaultBranch(ctx: RunContext, client: GitHubClient): Promise<string | null> {
  const repo = ctx.payload.repository as { default_branch?: unknown } | undefined;
  if (typeof repo?.default_branch === 'string' && repo.default_branch) return repo.default_branch;
  const { data } = await client.rest.repos.get({ owner: ctx.owner, repo: ctx.repo });
  return data.default_branch || null;
}

class CombinedOwnerProbe implements OwnerProbe {
  constructor(
    private readonly actions: OwnerProbe,
    private readonly local: OwnerProbe,
  ) {}
  liveness(owner: AttemptOwner): Promise<Liveness> {
    return owner.kind === 'local' ? this.local.liveness(owner) : this.actions.liveness(owner);
  }
}

/**
 * Keeps the status comment current during a long run: after steps finish or fail, not only when
 * the run ends (a 6-hour job would otherwise show nothing on the issue meanwhile), but at most
 * once per interval (core/tick/status-cadence.ts decides; this keeps the clock).
 */
class ProgressNotifier implements Notifier {
  private lastWriteMs: number | null = null;
  constructor(
    private readonly inner: GitHubNotifier,
    private readonly log: ToolkitLog,
    private readonly intervalMs: number,
    private readonly clock: () => number = Date.now,
  ) {}
  async notify(notice: Notice, state: State): Promise<void> {
    await this.inner.notify(notice, state);
    await this.publish(notice.kind, state);
  }
  /** Writes the status comment when the cadence says so; a failure is a warning, never the run's end. */
  async publish(trigger: StatusTrigger, state: State, links?: Links): Promise<void> {
    const now = this.clock();
    if (!shouldWriteStatus(trigger, { intervalMs: this.intervalMs, lastWriteMs: this.lastWriteMs }, now)) return;
    try {
      const { changed } = await this.inner.publishStatus(state, links);
      if (changed) this.lastWriteMs = now;
    } catch (err) {
      this.log.warn(`Could not update the status comment: ${describeError(err)}`);
    }
  }
}

/** Prints notices in the log when the plan has no issue to post them on. */
class LogNotifier implements Notifier {
  constructor(private readonly log: ToolkitLog) {}
  async notify(notice: { kind: string }, state: State): Promise<void> {
    if (notice.kind === 'blocked' || notice.kind === 'done' || notice.kind === 'cancelled') this.log.info(`Plan ${state.planId}: ${state.status}`);
  }
}

export async function tickPlan(ctx: RunContext, inputs: ActionInputs, client: GitHubClient, log: ToolkitLog, opts: PlanTickOptions): Promise<PlanTickResult> {
  const { planId } = opts;
  const branch = planBranch(inputs, planId);
  const blobBase = `${ctx.serverUrl}/${ctx.owner}/${ctx.repo}/blob`;
  const artifactName = sanitizeArtifactName(`sequencer-${planId}-run-${ctx.runId}-${ctx.runAttempt}`);
  const run = runLinks(ctx, branch);
  const links = async (paths: string[]): Promise<Links> => ({ ...(await outputLinks(ctx.git, blobBase, paths)), run });
  const notifier = createNotifier(ctx, inputs, client, planId, log, links);
  const progress = notifier ? new ProgressNotifier(notifier, log, ctx.statusIntervalSeconds * 1000) : null;
  const issueNumber = issueNumberOf(planId);
  // Who we post as is asked of GitHub once per run: GITHUB_TOKEN posts as github-actions[bot],
  // an App's token as <app>[bot], a personal token as its person; only those comments are ours.
  const identity = TokenIdentity.of(client, (m: string) => log.warn(m));
  const permissions = new RepositoryPermissions({ client, owner: ctx.owner, repo: ctx.repo });
  const issueInbox =
    issueNumber === null
      ? undefined
      : new IssueInbox({
          client,
          owner: ctx.owner,
          repo: ctx.repo,
          issueNumber,
          policy: { planIssue: issueNumber, approvers: inputs.approvers },
          log: (m: string) => log.warn(m),
          links: { run },
          identity,
          permissions,
        });
  // Whatever started the run, a plan with an issue hears its issue.
  const inbox = MergedInbox.of([opts.inbox, issueInbox]);
  const settings = engineSettings(ctx, inputs, planId, log, { deadline: opts.deadline, artifactName, defaultBranch: () => repositoryDefaultBranch(ctx, client) });
  const { deps, cfg } = await createEngine(settings, {
    log,
    notifier: progress ?? new LogNotifier(log),
    owners: new CombinedOwnerProbe(
      new ActionsOwnerProbe({ client, owner: ctx.owner, repo: ctx.repo, current: { runId: ctx.runId, runAttempt: ctx.runAttempt }, log: (m: string) => log.warn(m) }),
      new LocalOwnerProbe(),
    ),
    // The state's approval is a claim; the approving comment and the proposal on GitHub are the fact.
    approvals: new GitHubApprovalVerifier({ client, owner: ctx.owner, repo: ctx.repo, issueNumber, policy: { approvers: inputs.approvers }, permissions, identity }),
    ...(inbox ? { inbox } : {}),
  });

  let result: TickResult;
  let attempts = 0;
  let writes = 0;
  for (;;) {
    result = await tick(deps, cfg);
    attempts += result.attempts;
    writes += result.writes;
    // A short step delay is slept through while the budget lasts; a long one is left to cron.
    if (result.outcome !== 'waiting' || !result.detail) break;
    const wait = Date.parse(result.detail) - Date.now();
    if (wait > 10 * 60_000 || Date.now() + wait >= opts.deadline.getTime()) break;
    // The wait is the end of a tick: the issue shows what ran before it.
    if (progress && result.writes > 0 && result.state) await progress.publish('end-of-tick', result.state);
    log.info(`Waiting ${Math.ceil(wait / 1000)} s for the step delay.`);
    await sleep(Math.max(0, wait) + 250);
  }

  if (result.state) {
    const outputs = result.state.artifacts ?? [];
    const fileLinks = await links(outputs);
    // Every tick of the loop counts: the first may have run steps before the last only waited.
    if (progress && writes > 0) await progress.publish('end-of-tick', result.state, fileLinks);
    await writeJobSummary(log.scrub(jobSummary(result.state, fileLinks))).catch((err: unknown) => log.warn(`Could not write the job summary: ${String(err)}`));
  }
  if (attempts > 0) {
    await uploadAttemptLogs({ dir: cfg.logDir, name: artifactName, secrets: log.secrets, log: (m: string) => log.warn(m) });
  }
  // What the whole run did for this plan, not only its last tick (a step delay may have split it).
  return { result: { ...result, attempts, writes }, branch };
}
