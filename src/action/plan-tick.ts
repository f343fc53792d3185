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
import { tick, type EngineConfig, type EngineDeps, type TickResult } from '../engine/index.js';
import { isStdoutCopy } from '../engine/step-contract.js';
import type { HandOff } from '../engine/types.js';
import type { Inbox, Liveness, Notifier, OwnerProbe } from '../ports.js';
import { attemptIdOf, type AttemptDescriptor } from '../core/isolation/attempt-descriptor.js';
import { headCommit } from '../adapters/git/checkpoint.js';
import { RunArtifacts } from '../adapters/github/run-artifacts.js';
import { HandOffAgentRunner } from '../wiring/attempt-records.js';
import { createEngine } from '../wiring/engine-factory.js';
import { issueNumberOf, planFolder, pullRequestBranch } from '../wiring/plan-layout.js';
import type { RunContext } from './context.js';
import type { ActionInputs } from './inputs.js';
import { engineSettings, issueUrl, planBranch, REMOTE, runUrl } from './plan-settings.js';
import { waitReason } from '../core/tick/wait-reason.js';

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
  /** phase prepare: the attempt handed on to the agent and apply jobs. */
  handOff?: AttemptDescriptor;
}

export function createNotifier(
  ctx: RunContext,
  inputs: ActionInputs,
  client: GitHubClient,
  planId: string,
  log: ToolkitLog,
  links: (paths: string[], state?: State) => Promise<Links>,
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
    proposal: {
      ...(inputs.agentCommand ? { agentCommand: inputs.agentCommand } : {}),
      limits: { maxAttempts: inputs.maxAttempts, attemptTimeoutMinutes: inputs.attemptTimeoutMinutes, ...(inputs.budget ? { budget: inputs.budget } : {}) },
    },
    ...(inputs.openPullRequest ? { openPullRequest: pullRequestSpec(ctx, inputs, planId) } : {}),
  });
}

/**
 * The run writing a comment and, only where they exist (no dead links), its attempt logs (the run
 * page's artifacts section: there when this run ran an attempt) and the work branch (there once
 * the plan's state is stored on it).
 */
export function runLinks(ctx: RunContext, branch: string, has: { logs?: boolean; branch?: boolean } = {}): RunLinks {
  const url = runUrl(ctx);
  return {
    runUrl: url,
    ...(has.logs ? { logsUrl: `${url}#artifacts` } : {}),
    ...(has.branch ? { branchUrl: `${ctx.serverUrl}/${ctx.owner}/${ctx.repo}/tree/${branch.split('/').map(encodeURIComponent).join('/')}`, branch } : {}),
  };
}

/** Whether this run ran an attempt of the plan: then its artifact holds attempt logs. */
export function ranAttemptHere(state: State, ctx: Pick<RunContext, 'runId'>): boolean {
  for (const run of Object.values(state.stepRuns)) {
    if (run.attempts?.some((a) => a.owner?.kind === 'actions' && a.owner.runId === ctx.runId)) return true;
  }
  return false;
}

/**
 * The pull request comes from `sequencer-pr/<plan-id>`: one commit per finished step, without the
 * state folder, so its diff and its history hold the outputs only (see pull-request-branch.ts).
 */
function pullRequestSpec(ctx: RunContext, inputs: ActionInputs, planId: string) {
  const branch = planBranch(inputs, planId);
  const base = defaultBranch(ctx);
  const title = `Agent Step Sequencer: ${planId}`;
  if (inputs.stateStore !== 'git') return { head: branch, base, title };
  const head = pullRequestBranch(planId);
  const prepare = async (state: State) => {
    const titles = Object.fromEntries(Object.entries(state.plan.steps).map(([id, def]) => [id, def.title]));
    await pushPullRequestBranch(ctx.git, { remote: REMOTE, branch, prBranch: head, stateFolder: planFolder(planId), planId, titles });
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
export class ProgressNotifier implements Notifier {
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

/** One plan's engine as the Action builds it, with what reports on the plan after a tick. */
export interface PlanEngine {
  deps: EngineDeps;
  cfg: EngineConfig;
  branch: string;
  /** Keeps the status comment current; null for a plan without an issue. */
  progress: ProgressNotifier | null;
  /** `state`: the plan as stored, which decides which run links exist (work branch, attempt logs). */
  links(paths: string[], state?: State): Promise<Links>;
  /** The artifact the attempt logs of a single-job run go to. */
  artifactName: string;
}

/**
 * The engine for one plan, with the GitHub parts only the Action has. With `phase: prepare` it
 * hands each attempt on at its checkpoint, never starts the agent, and records a dead run's
 * unrecorded result rather than running its step again (see engine/recovery.ts).
 */
export async function planEngine(ctx: RunContext, inputs: ActionInputs, client: GitHubClient, log: ToolkitLog, opts: PlanTickOptions): Promise<PlanEngine> {
  const { planId } = opts;
  const branch = planBranch(inputs, planId);
  const blobBase = `${ctx.serverUrl}/${ctx.owner}/${ctx.repo}/blob`;
  const artifactName = sanitizeArtifactName(`sequencer-${planId}-run-${ctx.runId}-${ctx.runAttempt}`);
  const onBranch = inputs.stateStore === 'git';
  const run = runLinks(ctx, branch, { branch: onBranch });
  // Files kept beside the state on the work branch (command logs), at the branch's tip.
  const record = (rel: string) => `${blobBase}/${branch.split('/').map(encodeURIComponent).join('/')}/${planFolder(planId)}/${rel}`;
  const links = async (paths: string[], state?: State): Promise<Links> => ({
    ...(await outputLinks(ctx.git, blobBase, paths)),
    run: runLinks(ctx, branch, { branch: onBranch && state !== undefined, logs: state !== undefined && ranAttemptHere(state, ctx) }),
    record,
  });
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
  if (inputs.phase === 'prepare') {
    deps.agent = new HandOffAgentRunner();
    deps.results = new RunArtifacts({ client, owner: ctx.owner, repo: ctx.repo });
    cfg.handOff = true;
    // The lease also covers the agent job waiting for a runner and the apply job after it.
    cfg.leaseMarginMs = PREPARE_LEASE_MARGIN_MS;
  }
  return { deps, cfg, branch, progress, links, artifactName };
}

/** Agent and apply jobs of the isolated layout start after prepare: their wait for a runner is in the lease. */
const PREPARE_LEASE_MARGIN_MS = 30 * 60_000;

export async function tickPlan(ctx: RunContext, inputs: ActionInputs, client: GitHubClient, log: ToolkitLog, opts: PlanTickOptions): Promise<PlanTickResult> {
  const pe = await planEngine(ctx, inputs, client, log, opts);
  const { deps, cfg, branch, progress } = pe;
  const issueNumber = issueNumberOf(opts.planId);
  if (issueNumber !== null) log.info(`Plan ${opts.planId}: ${issueUrl(ctx, issueNumber)}`);
  let result: TickResult;
  let attempts = 0;
  let writes = 0;
  for (let first = true; ; first = false) {
    result = await tick(deps, first ? cfg : { ...cfg, quietResume: true });
    attempts += result.attempts;
    writes += result.writes;
    // A short step delay is slept through while the budget lasts; a long one is left to cron.
    if (result.outcome !== 'waiting' || !result.detail) break;
    const wait = Date.parse(result.detail) - Date.now();
    if (wait > 10 * 60_000 || Date.now() + wait >= opts.deadline.getTime()) break;
    // The wait is the end of a tick: the issue shows what ran before it.
    if (progress && result.writes > 0 && result.state) await progress.publish('end-of-tick', result.state);
    log.info(`Waiting ${Math.ceil(wait / 1000)} s for the ${result.state ? waitReason(result.state) : 'step delay'}.`);
    await sleep(Math.max(0, wait) + 250);
  }

  await reportPlan(pe, log, result.state, writes, ctx);
  if (attempts > 0 && !result.handOff) {
    await uploadAttemptLogs({ dir: cfg.logDir, name: pe.artifactName, secrets: log.secrets, log: (m: string) => log.warn(m), skip: isStdoutCopy });
  }
  const handOff = result.handOff && result.state ? await describeHandOff(ctx, cfg, result.state, branch, result.handOff) : undefined;
  if (handOff?.apply) log.info(`${handOff.stepId} attempt ${handOff.n}: handed on to the apply job, which records the result workflow run ${handOff.apply.runId} left.`);
  else if (handOff) log.info(`${handOff.stepId} attempt ${handOff.n} is checkpointed at ${handOff.commit} and handed on to the agent job (output attempt).`);
  // What the whole run did for this plan, not only its last tick (a step delay may have split it).
  return { result: { ...result, attempts, writes }, branch, ...(handOff ? { handOff } : {}) };
}

/** After a plan's tick (or apply): the status comment when anything was written, and the job summary. */
export async function reportPlan(pe: PlanEngine, log: ToolkitLog, state: State | undefined, writes: number, ctx?: Pick<RunContext, 'serverUrl' | 'owner' | 'repo'>): Promise<void> {
  if (!state) return;
  const fileLinks = await pe.links(state.artifacts ?? [], state);
  // Every tick of the loop counts: the first may have run steps before the last only waited.
  if (pe.progress && writes > 0) await pe.progress.publish('end-of-tick', state, fileLinks);
  // The run page starts with the plan's issue.
  const issueNumber = issueNumberOf(state.planId ?? '');
  const issue = ctx && issueNumber !== null ? { number: issueNumber, url: issueUrl(ctx, issueNumber) } : undefined;
  await writeJobSummary(log.scrub(jobSummary(state, fileLinks, issue))).catch((err: unknown) => log.warn(`Could not write the job summary: ${String(err)}`));
}

/** The `attempt` output for what a prepare tick handed on: the checkpoint is the commit the workspace is on. */
async function describeHandOff(ctx: RunContext, cfg: EngineConfig, state: State, branch: string, handOff: HandOff): Promise<AttemptDescriptor> {
  const planId = state.planId ?? 'plan';
  if (handOff.kind === 'run') {
    const { stepId, n, retry, timeoutMs } = handOff.start;
    const commit = await headCommit(ctx.git);
    return { v: 1, planId, stepId, n, attemptId: attemptIdOf(planId, stepId, n), branch, commit, runId: ctx.runId, runAttempt: ctx.runAttempt, retry, timeoutMs };
  }
  const { stepId, n, owner } = handOff;
  const attempt = state.stepRuns[stepId]?.attempts?.find((a) => a.n === n);
  // The time the attempt had: its lease less the margin; only its timeout message uses it.
  const leased = attempt?.leaseExpiresAt && attempt.startedAt ? Date.parse(attempt.leaseExpiresAt) - Date.parse(attempt.startedAt) - cfg.leaseMarginMs : NaN;
  const timeoutMs = Number.isFinite(leased) && leased >= 1000 ? Math.min(Math.round(leased), 24 * 60 * 60_000) : 60_000;
  return { v: 1, planId, stepId, n, attemptId: attemptIdOf(planId, stepId, n), branch, runId: owner.runId, runAttempt: owner.runAttempt, retry: false, timeoutMs, apply: { runId: owner.runId } };
}
