// In-memory repository data for the fake GitHub server, stored in the exact JSON shapes GitHub
// returns (field names included) so adapters are tested against what they will really parse.
// github-contract.ts holds every body to GitHub's OpenAPI description; the nested repositories
// and commits of runs and pull requests are copied from that description's own examples.
import { createHash } from 'node:crypto';
import { examples } from './github-openapi.js';

export type AuthorAssociation = 'OWNER' | 'MEMBER' | 'COLLABORATOR' | 'CONTRIBUTOR' | 'FIRST_TIME_CONTRIBUTOR' | 'FIRST_TIMER' | 'NONE';
export type RoleName = 'admin' | 'maintain' | 'write' | 'triage' | 'read' | 'none';
/** GitHub's run statuses; `waiting` (environment approval), `requested` and `pending` count as not finished. */
export type RunStatus = 'requested' | 'queued' | 'pending' | 'waiting' | 'in_progress' | 'completed';
export type RunConclusion = 'success' | 'failure' | 'cancelled' | 'timed_out' | 'skipped' | 'neutral' | null;
export type WorkflowState = 'active' | 'disabled_inactivity' | 'disabled_manually';

export interface GhUser {
  login: string;
  id: number;
  node_id: string;
  type: 'User' | 'Bot';
  site_admin: boolean;
  url: string;
  html_url: string;
  avatar_url: string;
  gravatar_id: string;
  followers_url: string;
  following_url: string;
  gists_url: string;
  starred_url: string;
  subscriptions_url: string;
  organizations_url: string;
  repos_url: string;
  events_url: string;
  received_events_url: string;
}

export interface GhLabel {
  id: number;
  node_id: string;
  url: string;
  name: string;
  color: string;
  default: boolean;
  description: string | null;
}

export interface GhIssue {
  id: number;
  node_id: string;
  number: number;
  title: string;
  body: string | null;
  state: 'open' | 'closed';
  locked: boolean;
  labels: GhLabel[];
  user: GhUser;
  assignee: GhUser | null;
  assignees: GhUser[];
  milestone: null;
  active_lock_reason: string | null;
  author_association: AuthorAssociation;
  comments: number;
  created_at: string;
  updated_at: string;
  closed_at: string | null;
  url: string;
  html_url: string;
  comments_url: string;
  events_url: string;
  labels_url: string;
  timeline_url: string;
  repository_url: string;
  performed_via_github_app: null;
  reactions: ReactionRollup;
}

export const REACTION_CONTENTS = ['+1', '-1', 'laugh', 'confused', 'heart', 'hooray', 'rocket', 'eyes'] as const;
export type ReactionContent = (typeof REACTION_CONTENTS)[number];

export interface GhReaction {
  id: number;
  node_id: string;
  user: GhUser;
  content: ReactionContent;
  created_at: string;
}

export interface GhComment {
  id: number;
  node_id: string;
  url: string;
  html_url: string;
  issue_url: string;
  body: string;
  user: GhUser;
  author_association: AuthorAssociation;
  created_at: string;
  updated_at: string;
  performed_via_github_app: null;
  reactions: ReactionRollup;
}

export type ReactionRollup = Record<ReactionContent | 'total_count', number> & { url: string };

export interface GhWorkflow {
  id: number;
  node_id: string;
  name: string;
  path: string;
  state: WorkflowState;
  created_at: string;
  updated_at: string;
  url: string;
  html_url: string;
  badge_url: string;
}

/** A repository object as GitHub nests it in runs and pull requests (too large to type here). */
export type GhRepository = Record<string, unknown> & { name: string; full_name: string };

export interface GhRun {
  id: number;
  node_id: string;
  name: string;
  status: RunStatus;
  conclusion: RunConclusion;
  workflow_id: number;
  run_number: number;
  run_attempt: number;
  event: string;
  display_title: string;
  path: string;
  head_branch: string;
  head_sha: string;
  url: string;
  html_url: string;
  jobs_url: string;
  logs_url: string;
  check_suite_url: string;
  artifacts_url: string;
  cancel_url: string;
  rerun_url: string;
  previous_attempt_url: string | null;
  workflow_url: string;
  pull_requests: unknown[];
  head_commit: Record<string, unknown> | null;
  repository: GhRepository;
  head_repository: GhRepository;
  created_at: string;
  updated_at: string;
  run_started_at: string;
  /** Who started the run; who started this attempt (a re-run's person). */
  actor?: GhUser;
  triggering_actor?: GhUser;
}

export interface GhPullRef {
  ref: string;
  label: string;
  sha: string;
  user: GhUser;
  repo: GhRepository;
}

export interface GhPull {
  id: number;
  node_id: string;
  number: number;
  state: 'open' | 'closed';
  locked: boolean;
  title: string;
  body: string | null;
  draft: boolean;
  merged: boolean;
  merged_at: string | null;
  merged_by: GhUser | null;
  merge_commit_sha: string | null;
  mergeable: boolean | null;
  rebaseable: boolean | null;
  mergeable_state: string;
  head: GhPullRef;
  base: GhPullRef;
  user: GhUser;
  labels: GhLabel[];
  assignee: GhUser | null;
  assignees: GhUser[];
  requested_reviewers: GhUser[];
  requested_teams: unknown[];
  milestone: null;
  active_lock_reason: string | null;
  author_association: AuthorAssociation;
  auto_merge: null;
  url: string;
  html_url: string;
  diff_url: string;
  patch_url: string;
  issue_url: string;
  commits_url: string;
  review_comments_url: string;
  review_comment_url: string;
  comments_url: string;
  statuses_url: string;
  _links: Record<'self' | 'html' | 'issue' | 'comments' | 'review_comments' | 'review_comment' | 'commits' | 'statuses', { href: string }>;
  comments: number;
  review_comments: number;
  maintainer_can_modify: boolean;
  commits: number;
  additions: number;
  deletions: number;
  changed_files: number;
  created_at: string;
  updated_at: string;
  closed_at: string | null;
}

/** An Actions cache entry as `GET /repos/{owner}/{repo}/actions/caches` lists it. */
export interface GhCache {
  id: number;
  ref: string;
  key: string;
  version: string;
  last_accessed_at: string;
  created_at: string;
  size_in_bytes: number;
}

export interface Dispatch {
  workflowId: number;
  workflowPath: string;
  ref: string;
  inputs: Record<string, unknown>;
  at: string;
}

/** GitHub timestamps have whole seconds. */
export function stamp(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

function nodeId(prefix: string, id: number): string {
  return `${prefix}_${Buffer.from(String(id)).toString('base64url')}`;
}

/** A body sent to create or edit a comment or a pull request, accepted or refused. */
export interface SentBody {
  resource: 'IssueComment' | 'PullRequest';
  method: 'POST' | 'PATCH';
  length: number;
  /** False when GitHub's 422 refused it (too long, empty). */
  accepted: boolean;
}

/** Where a run's artifacts are kept (the fake artifact service); the REST API lists them from there. */
export interface ArtifactSource {
  readonly artifacts: ReadonlyArray<{ id: number; name: string; zip: Buffer; finalized: boolean; runId: string; createdAt: string }>;
  downloadUrl(id: number): string;
}

export class GitHubData {
  readonly issues = new Map<number, GhIssue>();
  /** Set by a test that runs jobs with the fake artifact service. */
  artifactSource: ArtifactSource | null = null;
  /** Every comment and pull request body sent, in order, so a test can assert the largest. */
  readonly bodies: SentBody[] = [];
  readonly comments: GhComment[] = [];
  readonly reactions = new Map<number, GhReaction[]>();
  readonly pulls: GhPull[] = [];
  readonly workflows: GhWorkflow[] = [];
  readonly runs = new Map<number, GhRun>();
  readonly dispatches: Dispatch[] = [];
  readonly caches: GhCache[] = [];
  readonly permissions = new Map<string, RoleName>();
  private readonly users = new Map<string, GhUser>();
  private readonly commentIssue = new Map<number, number>();
  private nextNumber = 1;
  private nextCommentId = 1_000_000_001;
  private nextId = 5_000_001;
  readonly apiRepo: string;
  readonly htmlRepo: string;

  constructor(
    readonly owner: string,
    readonly repo: string,
    readonly apiUrl: string,
    readonly now: () => Date,
  ) {
    this.apiRepo = `${apiUrl}/repos/${owner}/${repo}`;
    this.htmlRepo = `https://github.com/${owner}/${repo}`;
  }

  user(login: string, type?: 'User' | 'Bot'): GhUser {
    let user = this.users.get(login);
    if (!user) {
      const id = 100 + this.users.size;
      const api = `${this.apiUrl}/users/${encodeURIComponent(login)}`;
      user = {
        login,
        id,
        node_id: nodeId('U', id),
        type: type ?? (login.endsWith('[bot]') ? 'Bot' : 'User'),
        site_admin: false,
        url: api,
        html_url: `https://github.com/${encodeURIComponent(login)}`,
        avatar_url: `https://avatars.githubusercontent.com/u/${id}?v=4`,
        gravatar_id: '',
        followers_url: `${api}/followers`,
        following_url: `${api}/following{/other_user}`,
        gists_url: `${api}/gists{/gist_id}`,
        starred_url: `${api}/starred{/owner}{/repo}`,
        subscriptions_url: `${api}/subscriptions`,
        organizations_url: `${api}/orgs`,
        repos_url: `${api}/repos`,
        events_url: `${api}/events{/privacy}`,
        received_events_url: `${api}/received_events`,
      };
      this.users.set(login, user);
    }
    return user;
  }

  addIssue(fields: { number?: number; title?: string; body?: string | null; login?: string; labels?: string[]; state?: 'open' | 'closed' } = {}): GhIssue {
    const number = fields.number ?? this.nextNumber;
    if (this.issues.has(number)) throw new Error(`fake GitHub: issue #${number} exists already`);
    this.nextNumber = Math.max(this.nextNumber, number + 1);
    const id = this.nextId++;
    const at = stamp(this.now());
    const issue: GhIssue = {
      id,
      node_id: nodeId('I', id),
      number,
      title: fields.title ?? `Issue ${number}`,
      body: fields.body ?? null,
      state: fields.state ?? 'open',
      locked: false,
      labels: [],
      user: this.user(fields.login ?? 'octocat'),
      assignee: null,
      assignees: [],
      milestone: null,
      active_lock_reason: null,
      author_association: 'OWNER',
      comments: 0,
      created_at: at,
      updated_at: at,
      closed_at: fields.state === 'closed' ? at : null,
      url: `${this.apiRepo}/issues/${number}`,
      html_url: `${this.htmlRepo}/issues/${number}`,
      comments_url: `${this.apiRepo}/issues/${number}/comments`,
      events_url: `${this.apiRepo}/issues/${number}/events`,
      labels_url: `${this.apiRepo}/issues/${number}/labels{/name}`,
      timeline_url: `${this.apiRepo}/issues/${number}/timeline`,
      repository_url: this.apiRepo,
      performed_via_github_app: null,
      reactions: emptyRollup(`${this.apiRepo}/issues/${number}/reactions`),
    };
    this.issues.set(number, issue);
    if (fields.labels) this.addLabels(number, fields.labels);
    return issue;
  }

  /** Creates the issue first when it does not exist yet, so tests set up in one line. */
  addComment(issueNumber: number, fields: { login: string; body: string; association?: AuthorAssociation; userType?: 'User' | 'Bot'; createdAt?: Date }): GhComment {
    const issue = this.issues.get(issueNumber) ?? this.addIssue({ number: issueNumber });
    const id = this.nextCommentId++;
    const at = stamp(fields.createdAt ?? this.now());
    const comment: GhComment = {
      id,
      node_id: nodeId('IC', id),
      url: `${this.apiRepo}/issues/comments/${id}`,
      html_url: `${issue.html_url}#issuecomment-${id}`,
      issue_url: issue.url,
      body: fields.body,
      user: this.user(fields.login, fields.userType),
      author_association: fields.association ?? 'NONE',
      created_at: at,
      updated_at: at,
      performed_via_github_app: null,
      reactions: emptyRollup(`${this.apiRepo}/issues/comments/${id}/reactions`),
    };
    this.comments.push(comment);
    this.commentIssue.set(id, issueNumber);
    issue.comments += 1;
    issue.updated_at = at;
    return comment;
  }

  commentsOf(issueNumber: number): GhComment[] {
    return this.comments.filter((c) => this.commentIssue.get(c.id) === issueNumber);
  }

  comment(id: number): GhComment | undefined {
    return this.comments.find((c) => c.id === id);
  }

  editComment(id: number, body: string, at: Date = this.now()): GhComment {
    const comment = this.comment(id);
    if (!comment) throw new Error(`fake GitHub: no comment ${id}`);
    comment.body = body;
    comment.updated_at = stamp(at);
    return comment;
  }

  /** GitHub answers 200 with the existing reaction when the same user reacts the same way twice. */
  addReaction(commentId: number, login: string, content: ReactionContent): { reaction: GhReaction; created: boolean } {
    const comment = this.comment(commentId);
    if (!comment) throw new Error(`fake GitHub: no comment ${commentId}`);
    const list = this.reactions.get(commentId) ?? [];
    const existing = list.find((r) => r.user.login === login && r.content === content);
    if (existing) return { reaction: existing, created: false };
    const id = this.nextId++;
    const reaction: GhReaction = { id, node_id: nodeId('REA', id), user: this.user(login), content, created_at: stamp(this.now()) };
    list.push(reaction);
    this.reactions.set(commentId, list);
    comment.reactions[content] += 1;
    comment.reactions.total_count += 1;
    return { reaction, created: true };
  }

  addLabels(issueNumber: number, names: string[]): GhLabel[] {
    const issue = this.issues.get(issueNumber);
    if (!issue) throw new Error(`fake GitHub: no issue #${issueNumber}`);
    for (const name of names) {
      if (issue.labels.some((l) => l.name.toLowerCase() === name.toLowerCase())) continue;
      const id = createHash('sha1').update(name).digest().readUInt32BE(0);
      issue.labels.push({
        id,
        node_id: nodeId('LA', id),
        url: `${this.apiRepo}/labels/${encodeURIComponent(name)}`,
        name,
        color: 'ededed',
        default: false,
        description: null,
      });
    }
    issue.updated_at = stamp(this.now());
    return issue.labels;
  }

  addWorkflow(fields: { id?: number; name?: string; path: string; state?: WorkflowState }): GhWorkflow {
    const id = fields.id ?? this.nextId++;
    const at = stamp(this.now());
    const file = fields.path.split('/').pop() ?? fields.path;
    const workflow: GhWorkflow = {
      id,
      node_id: nodeId('W', id),
      name: fields.name ?? file,
      path: fields.path,
      state: fields.state ?? 'active',
      created_at: at,
      updated_at: at,
      url: `${this.apiRepo}/actions/workflows/${id}`,
      html_url: `${this.htmlRepo}/blob/main/${fields.path}`,
      badge_url: `${this.htmlRepo}/workflows/${encodeURIComponent(fields.name ?? file)}/badge.svg`,
    };
    this.workflows.push(workflow);
    return workflow;
  }

  addCache(fields: { key: string; ref?: string; sizeInBytes?: number; lastAccessedAt?: Date }): GhCache {
    const id = this.nextId++;
    const at = stamp(this.now());
    const cache: GhCache = {
      id,
      ref: fields.ref ?? 'refs/heads/main',
      key: fields.key,
      version: createHash('sha256').update(fields.key).digest('hex'),
      last_accessed_at: fields.lastAccessedAt ? stamp(fields.lastAccessedAt) : at,
      created_at: at,
      size_in_bytes: fields.sizeInBytes ?? 1024,
    };
    this.caches.push(cache);
    return cache;
  }

  /** By numeric id or by file name (`sequencer.yml`), as the workflow routes accept both. */
  findWorkflow(idOrFile: string | number): GhWorkflow | undefined {
    const key = String(idOrFile);
    return this.workflows.find((w) => String(w.id) === key || w.path.split('/').pop() === key);
  }

  setRun(id: number, status: RunStatus, conclusion: RunConclusion = null, fields: Partial<GhRun> = {}): GhRun {
    const at = stamp(this.now());
    const previous = this.runs.get(id);
    const run: GhRun = {
      ...(previous ?? this.newRun(id, at)),
      updated_at: at,
      ...fields,
      status,
      conclusion: status === 'completed' ? conclusion : null,
    };
    const runUrl = `${this.apiRepo}/actions/runs/${id}`;
    run.previous_attempt_url = run.run_attempt > 1 ? `${runUrl}/attempts/${run.run_attempt - 1}` : null;
    this.runs.set(id, run);
    return run;
  }

  private newRun(id: number, at: string): GhRun {
    const example = examples()['workflow-run'] as { head_commit: Record<string, unknown>; repository: GhRepository };
    const workflowId = this.workflows[0]?.id ?? 0;
    const workflow = this.workflows[0]?.path ?? '.github/workflows/sequencer.yml';
    const sha = createHash('sha1').update(`run:${id}`).digest('hex');
    const runUrl = `${this.apiRepo}/actions/runs/${id}`;
    const repository = this.repository(example.repository);
    return {
      id,
      node_id: nodeId('WFR', id),
      name: this.workflows[0]?.name ?? 'Agent Step Sequencer',
      status: 'queued',
      conclusion: null,
      workflow_id: workflowId,
      run_number: id % 100_000,
      run_attempt: 1,
      event: 'schedule',
      display_title: this.workflows[0]?.name ?? 'Agent Step Sequencer',
      path: `${workflow}@refs/heads/main`,
      head_branch: 'main',
      head_sha: sha,
      url: runUrl,
      html_url: `${this.htmlRepo}/actions/runs/${id}`,
      jobs_url: `${runUrl}/jobs`,
      logs_url: `${runUrl}/logs`,
      check_suite_url: `${this.apiRepo}/check-suites/${id}`,
      artifacts_url: `${runUrl}/artifacts`,
      cancel_url: `${runUrl}/cancel`,
      rerun_url: `${runUrl}/rerun`,
      previous_attempt_url: null,
      workflow_url: `${this.apiRepo}/actions/workflows/${workflowId}`,
      pull_requests: [],
      head_commit: { ...structuredClone(example.head_commit), id: sha },
      repository,
      head_repository: repository,
      created_at: at,
      updated_at: at,
      run_started_at: at,
    };
  }

  /** GitHub's example repository, moved to this fake's owner, name and API URL. */
  private repository(example: GhRepository): GhRepository {
    const text = JSON.stringify(example)
      .replaceAll('https://api.github.com/repos/octocat/Hello-World', this.apiRepo)
      .replaceAll('https://github.com/octocat/Hello-World', this.htmlRepo)
      .replaceAll('git://github.com/octocat/Hello-World', `git://github.com/${this.owner}/${this.repo}`)
      .replaceAll('git@github.com:octocat/Hello-World', `git@github.com:${this.owner}/${this.repo}`)
      .replaceAll('https://api.github.com', this.apiUrl);
    const repo = JSON.parse(text) as GhRepository & { owner: GhUser };
    return { ...repo, name: this.repo, full_name: `${this.owner}/${this.repo}`, owner: this.user(this.owner) };
  }

  createPull(login: string, fields: { title: string; head: string; base: string; body?: string | null; draft?: boolean }): GhPull {
    const number = this.nextNumber++;
    const id = this.nextId++;
    const at = stamp(this.now());
    const sha = createHash('sha1').update(`${fields.head}:${number}`).digest('hex');
    const repo = this.repository((examples()['pull-request'] as { base: { repo: GhRepository } }).base.repo);
    const api = `${this.apiRepo}/pulls/${number}`;
    const html = `${this.htmlRepo}/pull/${number}`;
    const links = {
      url: api,
      html_url: html,
      diff_url: `${html}.diff`,
      patch_url: `${html}.patch`,
      issue_url: `${this.apiRepo}/issues/${number}`,
      commits_url: `${api}/commits`,
      review_comments_url: `${api}/comments`,
      review_comment_url: `${this.apiRepo}/pulls/comments{/number}`,
      comments_url: `${this.apiRepo}/issues/${number}/comments`,
      statuses_url: `${this.apiRepo}/statuses/${sha}`,
    };
    const pull: GhPull = {
      id,
      node_id: nodeId('PR', id),
      number,
      state: 'open',
      locked: false,
      title: fields.title,
      body: fields.body ?? null,
      draft: fields.draft ?? false,
      merged: false,
      merged_at: null,
      merged_by: null,
      merge_commit_sha: null,
      mergeable: null,
      rebaseable: null,
      mergeable_state: 'unknown',
      head: { ref: fields.head.split(':').pop() ?? fields.head, label: this.headLabel(fields.head), sha, user: this.user(this.owner), repo },
      base: { ref: fields.base, label: `${this.owner}:${fields.base}`, sha: '0'.repeat(40), user: this.user(this.owner), repo },
      user: this.user(login),
      labels: [],
      assignee: null,
      assignees: [],
      requested_reviewers: [],
      requested_teams: [],
      milestone: null,
      active_lock_reason: null,
      author_association: 'NONE',
      auto_merge: null,
      ...links,
      _links: {
        self: { href: links.url },
        html: { href: links.html_url },
        issue: { href: links.issue_url },
        comments: { href: links.comments_url },
        review_comments: { href: links.review_comments_url },
        review_comment: { href: links.review_comment_url },
        commits: { href: links.commits_url },
        statuses: { href: links.statuses_url },
      },
      comments: 0,
      review_comments: 0,
      maintainer_can_modify: false,
      commits: 1,
      additions: 0,
      deletions: 0,
      changed_files: 0,
      created_at: at,
      updated_at: at,
      closed_at: null,
    };
    this.pulls.push(pull);
    return pull;
  }

  /** `branch` and `owner:branch` name the same head; GitHub compares the latter. */
  headLabel(head: string): string {
    return head.includes(':') ? head : `${this.owner}:${head}`;
  }
}

function emptyRollup(url: string): GhComment['reactions'] {
  const counts = Object.fromEntries(REACTION_CONTENTS.map((c) => [c, 0])) as Record<ReactionContent, number>;
  return { url, total_count: 0, ...counts };
}
