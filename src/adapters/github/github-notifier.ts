// What people see on the plan's issue: the proposal, one status comment edited in place, one
// blocker notice per blocked episode and one final summary. Each is found by its hidden marker
// before it is posted, so retries, re-runs and crashed ticks never post anything twice.
import { baseConflictNotice } from '../../core/render/base-sync-markdown.js';
import { footer, leadingMarker, problemComment, runProblemComment, withoutFooter } from '../../core/render/comment-markers.js';
import { describeError } from '../../core/errors.js';
import type { Notice } from '../../core/tick/notices.js';
import { blockerNotice, cancelledNotice, doneComment, finalSummaryComment, marker, pullRequestBody, shownOutputs, statusComment, type Links } from '../../core/render/render-markdown.js';
import { gateNotice } from '../../core/render/gate-markdown.js';
import { refusedChangesNotice } from '../../core/render/confinement-markdown.js';
import { renderProposal } from '../../core/render/proposal-markdown.js';
import { draftHintComment, refusedPlanComment } from '../../core/render/refused-plan-markdown.js';
import { proposalMarker, retiredProposalComment } from '../../core/render/retired-proposal-markdown.js';
import type { ProposalSettings } from '../../core/render/proposal-settings-markdown.js';
import type { StepExecution } from '../../core/plan/execution-fields.js';
import type { StepChange } from '../../core/plan/replan.js';
import { DEFAULT_LIMITS } from '../../core/state/step-view.js';
import type { State } from '../../core/state/types.js';
import type { PlanAuthor } from '../../core/trust/authorize.js';
import type { Notifier } from '../../ports.js';
import { isStatus, type GitHubClient } from './github-client.js';
import { createCommentOnce, MarkerIndex, toIssueComment, type IssueComment, type IssueRef } from './issue-comments.js';
import { ensurePullRequest, type PullRequestResult } from './pull-request.js';
import { TokenIdentity, type PostingIdentity } from './posting-identity.js';
import { proposalDigest, type ProposalPart } from '../../core/trust/approval-evidence.js';

export interface GitHubNotifierOptions {
  client: GitHubClient;
  owner: string;
  repo: string;
  issueNumber: number;
  /** Used when the state has no planId of its own. */
  planId: string;
  /** Links to the given workspace paths at the commit that produced them, and to the run; `state`: the plan's stored state, when there is one. */
  links?: (paths: string[], state?: State) => Promise<Links>;
  /**
   * When set, the `done` notice first opens this pull request (unless one is open already): its
   * title is the plan's title (else `title`), its body the final summary, and `prepare` pushes
   * its head branch. The final summary then links it.
   */
  openPullRequest?: { head: string; base: string; title: string; prepare?: (state: State) => Promise<void> };
  log?: (message: string) => void;
  /** Who we post as: only its comments count as ours. Default: asked of GitHub for the client's token. */
  identity?: PostingIdentity;
  /** Backoff unit between attempts to post a comment. Default 1000 ms. */
  retryBaseMs?: number;
  /** The workflow's settings the proposal shows (default agent command, limits). */
  proposal?: ProposalSettings;
}

/** A proposal as GitHub holds it: what `state.proposal` records once it is posted. */
export interface PostedProposal {
  planHash: string;
  /** The last part: the one that ends with the plan hash and how to approve. */
  commentId: number;
  /** Every part, in order. */
  commentIds: number[];
  /** Every part with the digest of its text as GitHub holds it: a later edit by anyone shows. */
  parts: ProposalPart[];
  /** GitHub's time from which the whole proposal, as now rendered, was visible. */
  postedAt: string;
  /** The first part's address, for earlier proposals to link. */
  url: string;
}

export interface PublishedStatus {
  commentId: number;
  /** Its address on GitHub. */
  url: string;
  /** False when the body was the same as last published, so nothing was sent. */
  changed: boolean;
}

export class GitHubNotifier implements Notifier {
  private readonly where: IssueRef;
  private readonly index: MarkerIndex;
  readonly identity: PostingIdentity;
  private status: { id: number; body: string; url: string } | undefined;
  /** What the `done` notice did about the pull request, for the Action's outputs. */
  pullRequest: PullRequestResult | undefined;

  constructor(private readonly o: GitHubNotifierOptions) {
    this.where = { client: o.client, owner: o.owner, repo: o.repo, issueNumber: o.issueNumber };
    this.identity = o.identity ?? TokenIdentity.of(o.client, o.log);
    this.index = new MarkerIndex(this.where, this.identity);
  }

  async notify(notice: Notice, state: State): Promise<void> {
    const s = this.named(state);
    switch (notice.kind) {
      case 'blocked':
        await this.postOnce(blockerNotice(s, notice.stepId, notice.reason, await this.links([], s)));
        return;
      case 'done': {
        const links = await this.links(shownOutputs(s, true), s);
        if (this.o.openPullRequest) await this.openPullRequest(s, pullRequestBody(s, this.o.issueNumber, finalSummaryComment(s, links), links));
        // The status comment becomes the final summary; one short comment pings the approver.
        const status = await this.publishStatus(s, links);
        await this.postOnce(doneComment(s, status.url, pullRequestLine(this.pullRequest), links));
        return;
      }
      case 'cancelled':
        await this.postOnce(cancelledNotice(s, notice.runningStep, await this.links(shownOutputs(s), s)));
        return;
      case 'gate':
        await this.postOnce(gateNotice(s, notice.stepId, await this.links(shownOutputs(s, true), s)));
        return;
      case 'base-conflict':
        await this.postOnce(baseConflictNotice(s, notice, await this.links([], s)));
        return;
      case 'changes-refused':
        await this.postOnce(refusedChangesNotice(s, notice, await this.links([])));
        return;
      default:
        // Progress is shown by the status comment; other notices need no comment of their own.
        return;
    }
  }

  /**
   * Creates or edits the plan's one status comment; the caller keeps `commentId` in the state.
   * `links` saves building them again when the caller has them already.
   */
  async publishStatus(state: State, links?: Links): Promise<PublishedStatus> {
    const s = this.named(state);
    const body = statusComment(s, links ?? (await this.links(shownOutputs(s, s.status === 'DONE'), s)), pullRequestLine(this.pullRequest));
    const marker = leadingMarker(body)!;
    const known = this.status?.id ?? state.issue?.statusCommentId ?? undefined;
    let stale = false;
    if (known !== undefined) {
      if (this.status?.id === known && this.status.body === body) return { commentId: known, changed: false, url: this.status.url };
      try {
        const edited = await this.edit(known, body);
        this.status = { id: known, body, url: edited.htmlUrl };
        return { commentId: known, changed: true, url: edited.htmlUrl };
      } catch (err) {
        if (!isStatus(err, 404)) throw err;
        // Someone deleted it: find another one of ours or post a new one.
        this.o.log?.(`Status comment ${known} is gone; posting a new one.`);
        this.index.forget(marker);
        stale = true;
      }
    }
    const { comment, created } = await this.createOnce(body, marker, stale);
    if (!created && comment.body !== body) await this.edit(comment.id, body);
    this.status = { id: comment.id, body, url: comment.htmlUrl };
    return { commentId: comment.id, changed: created || comment.body !== body, url: comment.htmlUrl };
  }

  /**
   * Tells the issue why no plan could be proposed (no plan block, a broken one), once per
   * distinct problem so relabeling or re-editing with the same mistake does not repeat it.
   */
  async postProblem(problem: string): Promise<{ commentId: number }> {
    const comment = await this.postOnce(problemComment(this.o.planId, problem, await this.links([])));
    return { commentId: comment.id };
  }

  /**
   * Posts the proposal for this plan hash: every part once, found by its marker. A part found
   * with another body (an earlier run's rendering, other settings) is edited to the current one,
   * so what is shown is what runs; `postedAt` is then the edit's time, not the first post's.
   */
  async proposePlan(state: State, changes: StepChange[] = []): Promise<PostedProposal | { tooLarge: { chars: number; parts: number } }> {
    const s = this.named(state);
    const rendered = renderProposal(s, this.o.proposal ?? { limits: DEFAULT_LIMITS }, changes);
    if ('tooLarge' in rendered) return rendered;
    const run = footer(await this.links([], s));
    const parts: ProposalPart[] = [];
    let postedAt = '';
    let url = '';
    for (const part of rendered.parts) {
      const body = [part, ...run].join('\n');
      const posted = await this.createOnce(body, leadingMarker(body)!, false);
      const { created } = posted;
      let { comment } = posted;
      // Another run's footer alone is no change: what was shown for approval is the same.
      if (!created && withoutFooter(comment.body) !== withoutFooter(body)) comment = await this.edit(comment.id, body);
      const at = created ? comment.createdAt : comment.updatedAt;
      // The digest is of what GitHub holds (scrubbed on the way out), not of what we rendered.
      parts.push({ commentId: comment.id, sha256: proposalDigest(comment.body) });
      url ||= comment.htmlUrl;
      if (!postedAt || Date.parse(at) > Date.parse(postedAt)) postedAt = at;
    }
    const commentIds = parts.map((p) => p.commentId);
    return { planHash: s.planHash ?? '', commentId: commentIds[commentIds.length - 1]!, commentIds, parts, postedAt, url };
  }
  /**
   * Edits every proposal of another plan hash on the issue to say it was superseded by `current`
   * (linked), or withdrawn (`current` null), so no comment invites an approval that cannot
   * count. Returns GitHub's time by which the last of them said so, null when there was none.
   */
  async retireProposals(state: State, current: PostedProposal | null, withdrawn = 'the plan can no longer be proposed'): Promise<string | null> {
    const planId = this.named(state).planId!;
    const links = await this.links([], state);
    let retiredAt: string | null = null;
    for (const comment of await this.index.startingWith(marker(planId, 'proposal').replace(/ -->$/, ':'))) {
      const old = proposalMarker(planId, leadingMarker(comment.body) ?? '');
      if (!old || old.planHash === current?.planHash) continue;
      const body = retiredProposalComment(planId, old, current ? { planHash: current.planHash, url: current.url } : { withdrawn }, links);
      const at = withoutFooter(comment.body) === withoutFooter(body) ? comment.updatedAt : (await this.edit(comment.id, body)).updatedAt;
      if (retiredAt === null || Date.parse(at) > Date.parse(retiredAt)) retiredAt = at;
    }
    return retiredAt;
  }

  /** Says once per plan hash why a plan from someone without write access, or from a bot, was not proposed. */
  async refusePlan(state: State, author: PlanAuthor, found: StepExecution[]): Promise<{ commentId: number }> {
    const comment = await this.postOnce(refusedPlanComment(this.named(state), author, found, await this.links([])));
    return { commentId: comment.id };
  }

  /** Tells a request's issue, once, that a maintainer can reply `/draft`. */
  async postDraftHint(): Promise<{ commentId: number }> {
    const comment = await this.postOnce(draftHintComment(this.o.planId, await this.links([])));
    return { commentId: comment.id };
  }

  /** A run could not do what was asked (once per distinct problem): the issue says so. */
  async postRunProblem(heading: string, problem: string, hint: string): Promise<{ commentId: number }> {
    const comment = await this.postOnce(runProblemComment(this.o.planId, heading, problem, hint, await this.links([])));
    return { commentId: comment.id };
  }

  private async postOnce(body: string): Promise<IssueComment> {
    return (await this.createOnce(body, leadingMarker(body)!, false)).comment;
  }

  private async createOnce(body: string, marker: string, fresh: boolean): Promise<{ comment: IssueComment; created: boolean }> {
    const result = await createCommentOnce({
      where: this.where,
      body,
      find: (retrying) => this.index.find(marker, fresh || retrying),
      ...(this.o.retryBaseMs !== undefined ? { retryBaseMs: this.o.retryBaseMs } : {}),
      ...(this.o.log ? { log: this.o.log } : {}),
    });
    if (result.created) this.identity.learn(result.comment.login);
    this.index.remember(marker, result.comment);
    return result;
  }

  private async edit(id: number, body: string): Promise<IssueComment> {
    const { client, owner, repo } = this.o;
    // A PATCH is idempotent, so the retry plugin may repeat it.
    const { data } = await client.rest.issues.updateComment({ owner, repo, comment_id: id, body });
    const comment = toIssueComment(data);
    const marker = leadingMarker(body);
    if (marker) this.index.remember(marker, comment);
    return comment;
  }

  /** A pull request that cannot be opened is reported, never a reason to withhold the summary. */
  private async openPullRequest(state: State, summary: string): Promise<void> {
    const pr = this.o.openPullRequest!;
    try {
      await pr.prepare?.(state);
      this.pullRequest = await ensurePullRequest({
        client: this.o.client,
        owner: this.o.owner,
        repo: this.o.repo,
        head: pr.head,
        base: pr.base,
        title: pullRequestTitle(state.plan?.title) ?? pr.title,
        body: summary,
        ...(this.o.log ? { log: this.o.log } : {}),
      });
    } catch (err) {
      const reason = `Could not open the pull request from ${pr.head}: ${describeError(err)}`;
      this.o.log?.(reason);
      this.pullRequest = { kind: 'not-opened', reason };
    }
  }

  /** Links to the run and to these outputs at the commits that produced them: only what a comment shows is looked up. */
  private async links(paths: string[], state?: State): Promise<Links> {
    if (!this.o.links) return {};
    try {
      return await this.o.links(paths, state);
    } catch (err) {
      this.o.log?.(`Could not build links to outputs; listing them without links: ${describeError(err)}`);
      return {};
    }
  }

  private named(state: State): State {
    return state.planId ? state : { ...state, planId: this.o.planId };
  }
}

/** GitHub caps titles at 256 characters; a plan title is one line of plain text. */
function pullRequestTitle(title: string | undefined): string | undefined {
  const line = title?.replace(/\s+/g, ' ').trim();
  if (!line) return undefined;
  return line.length > 256 ? `${line.slice(0, 255)}…` : line;
}

/** The line that links the pull request, when one is open. */
function pullRequestLine(pr: PullRequestResult | undefined): string | undefined {
  if (!pr || pr.kind === 'not-opened') return undefined;
  return `Pull request: #${pr.number} (${pr.url})`;
}
