// An issue asks for work: take the plan (a visible fenced JSON/YAML block in the issue body, the
// `plan` input, or a plan the agent drafts from the request), store it as AWAITING_APPROVAL on the
// plan's work branch, post the proposal and record it once GitHub holds it (docs/security.md).
// Nothing runs before a writer acts: drafting runs the agent, so it needs a writer (the event's
// sender, or a `/draft` reply; never a bot), judged by the rule commands get, and the single-job
// layout (in the isolated one no job that writes runs the agent); a plan from an author without
// write access, or from a bot, may not choose commands.
import { open, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { GitHubClient } from '../adapters/github/github-client.js';
import type { GitHubNotifier } from '../adapters/github/github-notifier.js';
import { TokenIdentity } from '../adapters/github/posting-identity.js';
import { RepositoryPermissions } from '../adapters/github/repository-permissions.js';
import type { ToolkitLog } from '../adapters/toolkit/toolkit-log.js';
import { ConfigError, PlanError, describeError } from '../core/errors.js';
import { gateRefusal, isBot, type ActorFacts, type Gate, type PlanAuthor } from '../core/trust/authorize.js';
import { classifyRequest } from '../core/plan/classify-request.js';
import { describeExecution, executionFields } from '../core/plan/execution-fields.js';
import { newState } from '../core/plan/new-state.js';
import { planFromIssueBody } from '../core/plan/plan-from-issue.js';
import { extractPlan, loadPlanText, type ExtractedPlan } from '../core/plan/plan-text.js';
import { scrubJson } from '../core/trust/secrets.js';
import { replan, type StepChange } from '../core/plan/replan.js';
import { TOO_LARGE_HEADING, TOO_LARGE_HINT, tooLargeText } from '../core/render/proposal-markdown.js';
import type { State } from '../core/state/types.js';
import type { StateStore } from '../ports.js';
import { withStore } from '../store-access.js';
import type { DraftComment, IssueFacts } from './events.js';
import type { ActionInputs } from './inputs.js';
import { createNotifier, runLinks } from './plan-tick.js';
import { actionAgentEnv, createPlanStore, issueUrl, planBranch } from './plan-settings.js';
import { writeJobSummary } from '../adapters/toolkit/job-summary.js';
import { proposalJobSummary } from '../core/render/proposal-summary.js';
import { issuePlanId } from '../wiring/plan-layout.js';
import { outputLinks } from '../adapters/git/git-links.js';
import { ExecAgentRunner } from '../adapters/process/exec-agent.js';
import { MAX_DRAFT_ATTEMPTS, draftLogFile, planFromRequest } from '../adapters/process/plan-drafter.js';
import type { RunContext } from './context.js';
import { effectiveQueue } from '../core/plan/plan-queue.js';
import { answerRefusedDraft } from './draft-refusal.js';

export interface ProposeResult {
  state: State | null;
  branch: string;
  /** Why nothing was proposed (no plan found, plan invalid, plan refused, a request awaiting `/draft`). */
  problem?: string;
}

export interface IssueRequest extends IssueFacts {
  /** Who triggered the event (opened, labeled or edited the issue). */
  actor: string;
  /** The actor's user type as the payload says (`User`, `Bot`, …); '' when it does not. */
  actorType: string;
  /** The `/draft` comment of a writer that asked for this proposal. */
  draft?: DraftComment;
}

/** Where a plan came from decides whether it may choose commands. */
type PlanSource = 'issue' | 'draft' | 'workflow';
type FoundPlan = (ExtractedPlan & { source: PlanSource }) | { problem: string } | { needsWriter: true };

/**
 * The plan file a dispatched `start` (or the `plan` input) names, with the secrets this run knows
 * scrubbed before it is validated, hashed and stored: the proposal shows `***`, so what runs must
 * hold `***` too, and the state is pushed where the secret must not go.
 */
export async function readPlanInput(workspace: string, file: string, scrub: (text: string) => string): Promise<ExtractedPlan> {
  const full = path.resolve(workspace, file);
  let text: string;
  try {
    text = await readFile(full, 'utf8');
  } catch (err) {
    throw new ConfigError(`Input 'plan': cannot read "${file}" in the repository (${describeError(err)}).`);
  }
  return loadPlanText(text, file, (doc) => scrubJson(doc, scrub));
}

/** Writers, as the approvers list narrows them: the people who may start the agent, by the rule commands get (core/trust/authorize.ts). */
class Writers {
  readonly permissions: RepositoryPermissions;
  constructor(
    ctx: RunContext,
    client: GitHubClient,
    private readonly approvers: string[],
  ) {
    this.permissions = new RepositoryPermissions({ client, owner: ctx.owner, repo: ctx.repo });
  }

  /** allow when `actor` may start the agent; otherwise why not, the same reason a command of theirs gets. */
  gate(actor: ActorFacts): Promise<Gate> {
    return this.permissions.actorGate(actor, this.approvers);
  }

  /**
   * Whether a plan's author could have run it, so their plan may choose what runs: write
   * permission, and never a bot, whatever its permission (its permission is then not asked).
   * The approvers list is not consulted: a listed writer still has to approve the plan.
   */
  async mayChooseWhatRuns(author: PlanAuthor): Promise<boolean> {
    // The rule every path shares, with no approvers list: a bot is refused before any request.
    return (await this.permissions.actorGate({ ...author, association: '' }, [])).kind === 'allow';
  }
}

async function planForIssue(ctx: RunContext, inputs: ActionInputs, issue: IssueRequest, writers: Writers, log: ToolkitLog): Promise<FoundPlan> {
  const fromBody = planFromIssueBody(issue.body);
  if (fromBody.found && 'error' in fromBody) return { problem: fromBody.error };
  if (fromBody.found && 'doc' in fromBody) {
    try {
      // Scrubbed as a plan file is (readPlanInput): a secret quoted in the issue is stored and run as `***`.
      return { ...extractPlan(scrubJson(fromBody.doc, log.secrets.scrub), 'plan block in the issue'), source: 'issue' };
    } catch (err) {
      return { problem: err instanceof PlanError ? err.message : describeError(err) };
    }
  }
  if (inputs.planFile) return { ...(await readPlanInput(ctx.workspace, inputs.planFile, log.secrets.scrub)), source: 'workflow' };
  const request = issue.body.trim();
  if (!request) return { problem: 'No plan found: the issue is empty. Describe the work, or add a fenced ```json or ```yaml block with "steps".' };
  // A multi-step request is drafted by the agent: only where the agent may propose (the single-job
  // layout), and only when a writer asked for it. Nobody is sent to a `/draft` that cannot work.
  if (classifyRequest(request).multiStep && inputs.phase !== 'single') return { problem: cannotDraftHere(inputs.phase) };
  if (classifyRequest(request).multiStep && !issue.draft) {
    const gate = await writers.gate({ login: issue.actor, userType: issue.actorType, association: '' });
    const refused = gateRefusal(issue.actor, gate);
    if (refused) {
      // Write permission does not make a bot a writer: an App opens issues with text others gave it.
      const why = gate.kind === 'ignore' ? `${refused}: a bot opens issues with text others gave it, and drafting would run the agent on that text` : refused;
      log.info(`Issue #${issue.issueNumber} is a request; drafting a plan runs the agent, and @${issue.actor} may not start it (${why}). A writer can reply /draft.`);
      return { needsWriter: true };
    }
  }
  return planFromIssueRequest(ctx, inputs, request, log);
}

/**
 * Why a request is not drafted in a phase of the isolated layout, and how to go on: drafting runs
 * the agent, and there no job that writes runs it.
 */
function cannotDraftHere(phase: ActionInputs['phase']): string {
  return `Drafting a plan runs the agent, and this workflow runs the agent only in its agent job (phase: ${phase}), where it cannot propose anything, so it drafts no plan from a request and a /draft cannot change that. Write the plan into the issue as a fenced \`\`\`json or \`\`\`yaml block with "steps", dispatch the workflow with command start and a plan file in the repository, or use the single-job layout (docs/examples/sequencer.yml), which drafts requests.`;
}

/** The issue's plan would have to be drafted from its request: no plan block, no plan input, a multi-step request. */
function needsDrafting(inputs: ActionInputs, body: string): boolean {
  return !inputs.planFile && !planFromIssueBody(body).found && classifyRequest(body.trim()).multiStep;
}

/**
 * No plan given: the issue text is the request. A single-step request becomes a one-step plan
 * without running anything; a multi-step one is drafted by the agent (validated, with one
 * troubleshooting retry) and proposed like any other plan, so nothing else runs before approval.
 */
async function planFromIssueRequest(ctx: RunContext, inputs: ActionInputs, request: string, log: ToolkitLog): Promise<FoundPlan> {
  const logDir = path.join(ctx.runnerTemp, 'sequencer-planning');
  try {
    const drafted = await planFromRequest({
      request,
      ...(inputs.agentCommand ? { agentCommand: inputs.agentCommand } : {}),
      agentSource: "input 'agent-command'",
      agentSurface: 'action',
      runner: new ExecAgentRunner({ cwd: ctx.workspace, env: actionAgentEnv(inputs) }),
      workspace: ctx.workspace,
      logDir,
      timeoutMs: inputs.attemptTimeoutMinutes * 60_000,
      // The runner's temp folder is gone with the job; what the agent printed is shown in the log.
      outputShownIn: "this run's log",
      // The plan goes to the work branch as it is: a key the agent wrote into it must not.
      scrub: log.secrets.scrub,
    });
    return { plan: drafted.plan, source: 'draft' };
  } catch (err) {
    if (err instanceof PlanError) await showDraftOutput(logDir, log);
    if (err instanceof PlanError || err instanceof ConfigError) return { problem: `Could not draft a plan from this issue: ${err.message}` };
    throw err;
  }
}

/** Bytes of each drafting run's output shown in the log: its end, where agents say what went wrong. */
const DRAFT_OUTPUT_SHOWN = 64 * 1024;

/** The end of each drafting run's output, one log group per run. */
async function showDraftOutput(logDir: string, log: ToolkitLog): Promise<void> {
  for (let run = 1; run <= MAX_DRAFT_ATTEMPTS; run++) {
    const file = await open(draftLogFile(logDir, run)).catch(() => null);
    if (!file) return;
    let shown: string;
    try {
      // Only the end is read: an agent's output has no size limit.
      const { size } = await file.stat();
      const from = Math.max(0, size - DRAFT_OUTPUT_SHOWN);
      const { buffer, bytesRead } = await file.read(Buffer.alloc(size - from), 0, size - from, from);
      const text = buffer.subarray(0, bytesRead).toString('utf8').trimEnd();
      shown = from > 0 ? `… (${from} bytes before these)\n${text}` : text || '(no output)';
    } finally {
      await file.close();
    }
    // `info` keeps the agent's text from acting as workflow commands and scrubs known secrets.
    await log.group(`Plan drafting, run ${run}: the agent's output`, async () => log.info(shown));
  }
}

export async function proposeFromIssue(ctx: RunContext, inputs: ActionInputs, client: GitHubClient, log: ToolkitLog, issue: IssueRequest): Promise<ProposeResult> {
  const planId = issuePlanId(issue.issueNumber);
  const branch = planBranch(inputs, planId);
  const store = createPlanStore(ctx, inputs, planId, log);
  // A refused plan or a problem has no state, so no work branch to link; a proposal run ran no attempt.
  const notifier = createNotifier(ctx, inputs, client, planId, log, async (paths, state) => ({
    ...(await outputLinks(ctx.git, `${ctx.serverUrl}/${ctx.owner}/${ctx.repo}/blob`, paths)),
    run: runLinks(ctx, branch, { branch: inputs.stateStore === 'git' && state !== undefined }),
  }));
  const writers = new Writers(ctx, client, inputs.approvers);
  const found = await planForIssue(ctx, inputs, issue, writers, log);
  if ('needsWriter' in found) {
    await notifier?.postDraftHint();
    return { state: null, branch, problem: 'a request: a writer can reply /draft to have a plan drafted' };
  }
  if ('problem' in found) {
    log.warn(found.problem);
    await notifier?.postProblem(found.problem);
    return { state: null, branch, problem: found.problem };
  }
  if (!found.plan.title && issue.title) found.plan.title = issue.title;

  // Written under the store's lock where it has one, and released on every path.
  return withStore(store, 'write', async () => {
    const loaded = await store.load();
    const now = new Date();

    // A plan its author could not have run themselves may not choose what runs (docs/security.md).
    const execution = found.source === 'workflow' || inputs.allowUntrustedPlanCommands ? [] : executionFields(found.plan);
    const author: PlanAuthor = { login: issue.author, userType: issue.authorType };
    if (execution.length && !(await writers.mayChooseWhatRuns(author))) {
      const candidate = newState(found.plan, { planId, now, ...(found.stepQueue ? { stepQueue: found.stepQueue } : {}) });
      const who = isBot(author) ? `the bot ${issue.author}, which may not choose what runs whatever its permission` : `${issue.author || 'an unknown author'}, who has no write access`;
      const problem = `The plan of issue #${issue.issueNumber} is from ${who}, and it sets what runs (${describeExecution(execution)}); it was not proposed.`;
      log.warn(problem);
      await notifier?.refusePlan(candidate, author, execution);
      const withdrawn = loaded.kind === 'loaded' ? await withdrawProposal(store, loaded.state, notifier, 'the issue now holds a plan that was refused') : null;
      return { state: withdrawn, branch, problem };
    }

    let next: State;
    let changes: StepChange[] = [];
    if (loaded.kind === 'missing') {
      next = {
        ...newState(found.plan, {
          planId,
          now,
          stepDelayMinutes: found.stepDelayMinutes ?? inputs.stepDelayMinutes,
          ...(found.stepQueue ? { stepQueue: found.stepQueue } : {}),
          ...(issue.author ? { requestedBy: issue.author } : {}),
        }),
        issue: { number: issue.issueNumber, statusCommentId: null },
        // Comments up to the `/draft` that asked for the plan were written before it existed.
        ...(issue.draft ? { inbox: { lastCommentId: issue.draft.id } } : {}),
        proposal: null,
      };
    } else {
      const queue = effectiveQueue(found.plan, found.stepQueue);
      const candidate = replan(loaded.state, found.plan, queue, now);
      if (candidate.state.planHash === loaded.state.planHash) {
        log.info(`Plan ${planId} is unchanged (${loaded.state.planHash}); nothing new to propose.`);
        // A run that stored the plan but failed before posting its proposal (or recording it) must
        // not leave it so; the parts are found by their markers, so none is posted twice.
        if (loaded.state.status !== 'AWAITING_APPROVAL' || !notifier) return { state: loaded.state, branch };
        return { state: await postAndRecord(store, loaded.state, notifier, [], log), branch };
      }
      // Not proposed until the comment is posted: an approval needs a posted proposal.
      next = { ...candidate.state, proposal: null };
      changes = candidate.changes;
      log.info(
        `Plan ${planId} changed: ${candidate.changes
          .filter((c) => c.change !== 'unchanged')
          .map((c) => `${c.stepId} ${c.change}`)
          .join(', ')}`,
      );
    }
    const written = await store.write(next, { kind: 'update', message: `plan stored for review (${next.planHash})` });
    if (!notifier) return { state: written, branch };
    return { state: await postAndRecord(store, written, notifier, changes, log), branch };
  });
}

/** Posts the proposal, then records in the state what GitHub holds: the hash shown and when. */
async function postAndRecord(store: StateStore, state: State, notifier: GitHubNotifier, changes: StepChange[], log: ToolkitLog): Promise<State> {
  const posted = await notifier.proposePlan(state, changes);
  if ('tooLarge' in posted) {
    const problem = tooLargeText(posted.tooLarge);
    log.warn(`Plan too large to propose: ${problem}`);
    await notifier.postRunProblem(TOO_LARGE_HEADING, problem, TOO_LARGE_HINT);
    return withdrawProposal(store, state, notifier, 'the plan in the issue changed, and its proposal is too large to post');
  }
  // Earlier proposals say they are superseded before this one counts: until then none is recorded.
  const supersededAt = await notifier.retireProposals(state, posted);
  const p = state.proposal;
  if (
    p &&
    p.planHash === posted.planHash &&
    p.postedAt === posted.postedAt &&
    p.commentId === posted.commentId &&
    JSON.stringify(p.parts) === JSON.stringify(posted.parts) &&
    p.supersededAt === (supersededAt ?? undefined)
  )
    return state;
  log.info(`Proposal of ${posted.planHash} posted (comment ${posted.commentId}, ${posted.postedAt}${supersededAt ? `; earlier proposals superseded by ${supersededAt}` : ''}).`);
  return store.write(
    {
      ...state,
      proposal: { at: new Date().toISOString(), planHash: posted.planHash, postedAt: posted.postedAt, commentId: posted.commentId, parts: posted.parts, ...(supersededAt ? { supersededAt } : {}) },
    },
    { kind: 'update', message: `plan proposed (${posted.planHash})` },
  );
}

/**
 * Nothing can be approved any more from a proposal posted before: the state forgets it, and
 * every proposal comment on the issue says it was withdrawn.
 */
async function withdrawProposal(store: StateStore, state: State, notifier: GitHubNotifier | null, why: string): Promise<State> {
  if (state.status !== 'AWAITING_APPROVAL') return state;
  await notifier?.retireProposals(state, null, why);
  if (!state.proposal) return state;
  return store.write({ ...state, proposal: null }, { kind: 'update', message: `proposal withdrawn: ${why}` });
}

/**
 * `/draft` on an issue: a writer asks the agent to draft a plan from the request. An issue that
 * has a plan already is left to its tick ('tick'); anyone else gets one short reply and nothing runs.
 */
export async function draftFromComment(ctx: RunContext, inputs: ActionInputs, client: GitHubClient, log: ToolkitLog, route: IssueFacts & { comment: DraftComment }): Promise<ProposeResult | 'tick'> {
  const planId = issuePlanId(route.issueNumber);
  const branch = planBranch(inputs, planId);
  const writers = new Writers(ctx, client, inputs.approvers);
  const { login, userType, association } = route.comment;
  const where = { client, owner: ctx.owner, repo: ctx.repo, issueNumber: route.issueNumber };
  const answer = (text: string) =>
    answerRefusedDraft({ where, comment: route.comment, answer: text, links: { run: runLinks(ctx, branch) }, log, identity: TokenIdentity.of(client, (m) => log.warn(m)) });
  // Whoever asks: nobody can have a request drafted by this workflow, so nobody is told to ask a writer.
  if (inputs.phase !== 'single' && needsDrafting(inputs, route.body)) {
    const problem = cannotDraftHere(inputs.phase);
    log.info(`/draft by @${login} on #${route.issueNumber}: ${problem}`);
    await answer(problem);
    return { state: null, branch, problem };
  }
  const refused = gateRefusal(login, await writers.gate({ login, userType, association }));
  if (refused) {
    log.info(`/draft by @${route.comment.login} on #${route.issueNumber} refused: ${refused}.`);
    await answer(`drafting a plan runs the agent, so only someone with write access can ask for it: ${refused}.`);
    return { state: null, branch, problem: `/draft refused: ${refused}` };
  }
  if (await planExists(ctx, inputs, planId, log)) return 'tick';
  await client.rest.reactions
    .createForIssueComment({ owner: ctx.owner, repo: ctx.repo, comment_id: route.comment.id, content: '+1' })
    .catch((err: unknown) => log.warn(`Could not react to comment ${route.comment.id}: ${describeError(err)}`));
  return proposeFromIssue(ctx, inputs, client, log, {
    issueNumber: route.issueNumber,
    title: route.title,
    body: route.body,
    actor: login,
    actorType: userType,
    author: route.author,
    authorType: route.authorType,
    draft: route.comment,
  });
}

async function planExists(ctx: RunContext, inputs: ActionInputs, planId: string, log: ToolkitLog): Promise<boolean> {
  const store = createPlanStore(ctx, inputs, planId, log);
  return withStore(store, 'read', async () => (await store.load()).kind === 'loaded');
}

/** The run page says what this run proposed (or why nothing), with links to the issue and the proposal. */
export async function writeProposalSummary(ctx: RunContext, log: ToolkitLog, issueNumber: number, result: ProposeResult): Promise<void> {
  const commentId = result.state?.proposal?.commentId;
  const url = issueUrl(ctx, issueNumber);
  const markdown = proposalJobSummary(
    issuePlanId(issueNumber),
    { number: issueNumber, url },
    {
      state: result.state,
      ...(result.problem ? { problem: result.problem } : {}),
      ...(typeof commentId === 'number' ? { proposalUrl: `${url}#issuecomment-${commentId}` } : {}),
    },
  );
  await writeJobSummary(log.scrub(markdown), (m) => log.warn(m));
}
