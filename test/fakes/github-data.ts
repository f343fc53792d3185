// In-memory repository data for the fake GitHub server, stored in the exact JSON shapes GitHub
// returns (field names included) so adapters are tested against what they will really parse.
import { createHash } from 'node:crypto';

export type AuthorAssociation =
  | 'OWNER'
  | 'MEMBER'
  | 'COLLABORATOR'
  | 'CONTRIBUTOR'
  | 'FIRST_TIME_CONTRIBUTOR'
  | 'FIRST_TIMER'
  | 'NONE';
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
  author_association: AuthorAssociation;
  comments: number;
  created_at: string;
  updated_at: string;
  closed_at: string | null;
  url: string;
  html_url: string;
  comments_url: string;
  repository_url: string;
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
  reactions: Record<ReactionContent | 'total_count', number> & { url: string };
}

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

export interface GhRun {
  id: number;
  node_id: string;
  name: string;
  status: RunStatus;
  conclusion: RunConclusion;
  workflow_id: number;
  run_attempt: number;
  event: string;
  head_branch: string;
  url: string;
  html_url: string;
  created_at: string;
  updated_at: string;
}

export interface GhPull {
  id: number;
  node_id: string;
  number: number;
  state: 'open' | 'closed';
  title: string;
  body: string | null;
  draft: boolean;
  merged: boolean;
  head: { ref: string; label: string; sha: string };
  base: { ref: string; label: string; sha: string };
  user: GhUser;
  url: string;
  html_url: string;
  created_at: string;
  updated_at: string;
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

export class GitHubData {
  readonly issues = new Map<number, GhIssue>();
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
      user = {
        login,
        id,
        node_id: nodeId('U', id),
        type: type ?? (login.endsWith('[bot]') ? 'Bot' : 'User'),
        site_admin: false,
        url: `${this.apiUrl}/users/${login}`,
        html_url: `https://github.com/${login}`,
        avatar_url: `https://avatars.githubusercontent.com/u/${id}?v=4`,
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
      author_association: 'OWNER',
      comments: 0,
      created_at: at,
      updated_at: at,
      closed_at: fields.state === 'closed' ? at : null,
      url: `${this.apiRepo}/issues/${number}`,
      html_url: `${this.htmlRepo}/issues/${number}`,
      comments_url: `${this.apiRepo}/issues/${number}/comments`,
      repository_url: this.apiRepo,
    };
    this.issues.set(number, issue);
    if (fields.labels) this.addLabels(number, fields.labels);
    return issue;
  }

  /** Creates the issue first when it does not exist yet, so tests set up in one line. */
  addComment(
    issueNumber: number,
    fields: { login: string; body: string; association?: AuthorAssociation; userType?: 'User' | 'Bot'; createdAt?: Date },
  ): GhComment {
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
      id,
      node_id: nodeId('WFR', id),
      name: previous?.name ?? 'Agent Step Sequencer',
      workflow_id: previous?.workflow_id ?? this.workflows[0]?.id ?? 0,
      run_attempt: previous?.run_attempt ?? 1,
      event: previous?.event ?? 'schedule',
      head_branch: previous?.head_branch ?? 'main',
      url: `${this.apiRepo}/actions/runs/${id}`,
      html_url: `${this.htmlRepo}/actions/runs/${id}`,
      created_at: previous?.created_at ?? at,
      updated_at: at,
      ...fields,
      status,
      conclusion: status === 'completed' ? conclusion : null,
    };
    this.runs.set(id, run);
    return run;
  }

  createPull(login: string, fields: { title: string; head: string; base: string; body?: string | null; draft?: boolean }): GhPull {
    const number = this.nextNumber++;
    const id = this.nextId++;
    const at = stamp(this.now());
    const sha = createHash('sha1').update(`${fields.head}:${number}`).digest('hex');
    const pull: GhPull = {
      id,
      node_id: nodeId('PR', id),
      number,
      state: 'open',
      title: fields.title,
      body: fields.body ?? null,
      draft: fields.draft ?? false,
      merged: false,
      head: { ref: fields.head.split(':').pop() ?? fields.head, label: this.headLabel(fields.head), sha },
      base: { ref: fields.base, label: `${this.owner}:${fields.base}`, sha: '0'.repeat(40) },
      user: this.user(login),
      url: `${this.apiRepo}/pulls/${number}`,
      html_url: `${this.htmlRepo}/pull/${number}`,
      created_at: at,
      updated_at: at,
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
