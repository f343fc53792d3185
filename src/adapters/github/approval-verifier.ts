// Reads back on GitHub what a plan's approval rests on (the approving comment and the proposal
// it followed, or the dispatch run that started the plan) and asks the pure judge in
// core/trust/approval-evidence.ts whether it still stands. A verdict is kept for the run: a plan
// whose approval does not change costs these requests once per run that starts an attempt, not
// once per attempt. The verdict is not cached in the state, since whoever can forge the state's
// approval could forge a cached verdict beside it.
import { gateRefusal, type AuthzPolicy } from '../../core/trust/authorize.js';
import { approvalSource, judgeApproval, judgeRaise, recordedParts, type ApprovalEvidence, type ApprovalVerdict, type HeldComment } from '../../core/trust/approval-evidence.js';
import type { BudgetRaise, State } from '../../core/state/types.js';
import type { ApprovalVerifier } from '../../ports.js';
import { isStatus, type GitHubClient } from './github-client.js';
import type { PostingIdentity } from './posting-identity.js';
import { toIssueComment } from './issue-comments.js';
import type { RepositoryPermissions } from './repository-permissions.js';

export interface GitHubApprovalVerifierOptions {
  client: GitHubClient;
  owner: string;
  repo: string;
  /** The plan's issue; null for a plan without one (started by dispatch). */
  issueNumber: number | null;
  /** Who may command the plan: the same rule as for the command when it arrived. */
  policy: Omit<AuthzPolicy, 'planIssue'>;
  permissions: RepositoryPermissions;
  identity: PostingIdentity;
}

export class GitHubApprovalVerifier implements ApprovalVerifier {
  private readonly confirmed = new Set<string>();

  constructor(private readonly o: GitHubApprovalVerifierOptions) {}

  async verify(state: State): Promise<ApprovalVerdict> {
    const key = JSON.stringify([state.planHash, state.approval, state.proposal]);
    if (this.confirmed.has(key)) return { ok: true };
    const verdict = judgeApproval(state, await this.evidence(state));
    if (verdict.ok) this.confirmed.add(key);
    return verdict;
  }

  async verifyRaise(_state: State, raise: BudgetRaise): Promise<ApprovalVerdict> {
    const key = JSON.stringify(['raise', raise]);
    if (this.confirmed.has(key)) return { ok: true };
    // Independent look-ups, asked at once.
    const [comment, ourLogin, raiserRefusal] = await Promise.all([typeof raise.commentId === 'number' ? this.comment(raise.commentId) : undefined, this.o.identity.login(), this.refusal(raise.by)]);
    const verdict = judgeRaise(raise, { ourLogin, issueNumber: this.o.issueNumber, raiserRefusal, ...(comment !== undefined ? { comment } : {}) });
    if (verdict.ok) this.confirmed.add(key);
    return verdict;
  }

  private async evidence(state: State): Promise<ApprovalEvidence> {
    const source = approvalSource(state);
    // Who we are, whether the approver may command, and what the approval rests on: asked at once.
    const [ourLogin, approverRefusal, held] = await Promise.all([
      this.o.identity.login(),
      this.refusal(state.approval?.by ?? ''),
      source?.kind === 'run'
        ? this.run(source.id).then((run) => ({ run }))
        : source?.kind === 'comment'
          ? Promise.all([this.comment(source.id), ...recordedParts(state).map((p) => this.comment(p.commentId))]).then(([approving, ...proposal]) => ({ approving: approving ?? null, proposal }))
          : Promise.resolve({}),
    ]);
    return { ourLogin, issueNumber: this.o.issueNumber, approverRefusal, ...held };
  }

  /** Null when `login` may command the plan now (write access, and listed where a list is given). */
  private async refusal(login: string): Promise<string | null> {
    if (!login) return 'the approval names nobody';
    const gate = await this.o.permissions.actorGate({ login, userType: 'User', association: '' }, this.o.policy.approvers);
    return gateRefusal(login, gate);
  }

  private async comment(id: number): Promise<HeldComment | null> {
    const { client, owner, repo } = this.o;
    try {
      const { data } = await client.rest.issues.getComment({ owner, repo, comment_id: id });
      const issue = /\/issues\/(\d+)$/.exec(data.issue_url)?.[1];
      return { ...toIssueComment(data), issueNumber: issue ? Number(issue) : null };
    } catch (err) {
      if (isStatus(err, 404)) return null;
      throw err;
    }
  }

  private async run(id: number): Promise<ApprovalEvidence['run']> {
    const { client, owner, repo } = this.o;
    try {
      const { data } = await client.rest.actions.getWorkflowRun({ owner, repo, run_id: id });
      return { id: data.id, event: data.event, actor: data.triggering_actor?.login ?? data.actor?.login ?? null };
    } catch (err) {
      if (isStatus(err, 404)) return null;
      throw err;
    }
  }
}
