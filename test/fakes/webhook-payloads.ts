// Real webhook payloads (from @octokit/webhooks-examples, as GitHub delivers them) with the
// fields a test cares about overridden, so event routing is tested against the true shape
// rather than a hand-written subset. Every builder's output meets @octokit/webhooks-schemas
// (webhook-payloads.test.ts); fields GitHub added after an example was recorded are filled in.
import { writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { WebhookDefinition } from '@octokit/webhooks-examples';
import type { AuthorAssociation } from './github-data.js';

// The package's main entry is a JSON file; require() loads it the same way in Node and vitest.
const definitions: WebhookDefinition[] = createRequire(import.meta.url)('@octokit/webhooks-examples');

type ExampleOf<N extends WebhookDefinition['name'], A extends string> = Extract<WebhookDefinition<N>['examples'][number], { action: A }>;
export type IssueCommentCreatedPayload = ExampleOf<'issue_comment', 'created'>;
export type IssueCommentEditedPayload = ExampleOf<'issue_comment', 'edited'>;
export type IssuesOpenedPayload = ExampleOf<'issues', 'opened'>;
export type IssuesLabeledPayload = ExampleOf<'issues', 'labeled'>;
export type IssuesEditedPayload = ExampleOf<'issues', 'edited'>;
export type WorkflowDispatchPayload = WebhookDefinition<'workflow_dispatch'>['examples'][number];

function example<N extends WebhookDefinition['name'], A extends string>(name: N, action: A): ExampleOf<N, A> {
  const definition = definitions.find((d) => d.name === name);
  const found = (definition?.examples as Array<{ action?: string }> | undefined)?.find((e) => e.action === action);
  if (!found) throw new Error(`@octokit/webhooks-examples has no ${name}.${action} example`);
  return withCurrentFields(structuredClone(found)) as ExampleOf<N, A>;
}

/**
 * Some examples were recorded before GitHub added fields it now always sends (and the schemas
 * require): filled with the values a plain repository, issue, label or comment has.
 */
function withCurrentFields<T>(payload: T): T {
  const p = payload as { repository?: Record<string, unknown>; issue?: Record<string, unknown> & { labels?: Array<Record<string, unknown>> }; comment?: Record<string, unknown> };
  const fill = (target: Record<string, unknown> | undefined, values: Record<string, unknown>) => {
    for (const [key, value] of Object.entries(values)) if (target && !(key in target)) target[key] = value;
  };
  fill(p.repository, { is_template: false, web_commit_signoff_required: false, topics: [], visibility: 'public', custom_properties: {} });
  fill(p.issue, { active_lock_reason: null, reactions: emptyReactions(`${String(p.issue?.url)}/reactions`) });
  for (const label of p.issue?.labels ?? []) fill(label, { description: null });
  fill(p.comment, { performed_via_github_app: null, reactions: emptyReactions(`${String(p.comment?.url)}/reactions`) });
  return payload;
}

function emptyReactions(url: string): Record<string, unknown> {
  return { url, total_count: 0, '+1': 0, '-1': 0, laugh: 0, hooray: 0, confused: 0, heart: 0, rocket: 0, eyes: 0 };
}

export interface IssueOverrides {
  owner?: string;
  repo?: string;
  issueNumber?: number;
  title?: string;
  issueBody?: string;
  /** Label names now on the issue. */
  labels?: string[];
  /** Who triggered the event (also the issue author for `issues.opened`). */
  sender?: string;
  /** The sender's account type (the examples' is `User`); an App's is `Bot`. */
  senderType?: 'User' | 'Bot';
  apiUrl?: string;
  /** The repository's default branch (the examples say `master`; the fake repository's is `main`). */
  defaultBranch?: string;
}

export interface CommentOverrides extends IssueOverrides {
  commentId?: number;
  body?: string;
  /** Comment author; also the sender unless `sender` is given. */
  login?: string;
  association?: AuthorAssociation;
}

const SERVER = 'https://github.com';

// The fields the overrides touch, shared by every payload type below.
interface RepoLike {
  name: string;
  full_name: string;
  owner: { login: string };
  html_url: string;
  url: string;
  default_branch?: string;
}
interface LabelLike {
  id: number;
  node_id: string;
  url: string;
  name: string;
  color: string;
  default: boolean;
  description: string | null;
}
interface IssueLike {
  number: number;
  title: string;
  body: string | null;
  url: string;
  repository_url: string;
  html_url: string;
  comments_url: string;
  events_url: string;
  labels_url: string;
  labels?: LabelLike[];
  reactions?: { url: string };
}
interface CommentLike {
  id: number;
  body: string;
  user: { login: string };
  author_association: string;
  url: string;
  issue_url: string;
  html_url: string;
  reactions?: { url: string };
}

function applyIssue(payload: { repository: RepoLike; issue: IssueLike; sender: { login: string; type?: string } }, o: IssueOverrides): void {
  const owner = o.owner ?? payload.repository.owner.login;
  const repo = o.repo ?? payload.repository.name;
  const api = `${o.apiUrl ?? 'https://api.github.com'}/repos/${owner}/${repo}`;
  const r = payload.repository;
  r.name = repo;
  r.full_name = `${owner}/${repo}`;
  r.owner.login = owner;
  r.html_url = `${SERVER}/${owner}/${repo}`;
  r.url = api;
  r.default_branch = o.defaultBranch ?? 'main';

  const issue = payload.issue;
  const number = o.issueNumber ?? issue.number;
  issue.number = number;
  if (o.title !== undefined) issue.title = o.title;
  if (o.issueBody !== undefined) issue.body = o.issueBody;
  issue.url = `${api}/issues/${number}`;
  issue.repository_url = api;
  issue.html_url = `${SERVER}/${owner}/${repo}/issues/${number}`;
  issue.comments_url = `${api}/issues/${number}/comments`;
  issue.events_url = `${api}/issues/${number}/events`;
  issue.labels_url = `${api}/issues/${number}/labels{/name}`;
  if (issue.reactions) issue.reactions.url = `${api}/issues/${number}/reactions`;
  if (o.labels) {
    const template: LabelLike = issue.labels?.[0] ?? { id: 1, node_id: 'LA_1', url: '', name: '', color: 'ededed', default: false, description: null };
    issue.labels = o.labels.map((name, i) => ({ ...template, id: 1000 + i, name, url: `${api}/labels/${encodeURIComponent(name)}` }));
  }
  if (o.sender !== undefined) payload.sender.login = o.sender;
  if (o.senderType !== undefined) payload.sender.type = o.senderType;
}

function applyComment(payload: { repository: RepoLike; issue: IssueLike; sender: { login: string }; comment: CommentLike }, o: CommentOverrides): void {
  applyIssue(payload, o);
  const c = payload.comment;
  if (o.commentId !== undefined) c.id = o.commentId;
  if (o.body !== undefined) c.body = o.body;
  if (o.login !== undefined) c.user.login = o.login;
  if (o.association !== undefined) c.author_association = o.association;
  if (o.sender === undefined && o.login !== undefined) payload.sender.login = o.login;
  c.url = `${payload.issue.url.replace(/\/issues\/\d+$/, '')}/issues/comments/${c.id}`;
  c.issue_url = payload.issue.url;
  c.html_url = `${payload.issue.html_url}#issuecomment-${c.id}`;
  if (c.reactions) c.reactions.url = `${c.url}/reactions`;
}

export function issueCommentCreated(o: CommentOverrides = {}): IssueCommentCreatedPayload {
  const payload = example('issue_comment', 'created');
  applyComment(payload, o);
  return payload;
}

/** `previousBody` becomes `changes.body.from`, as GitHub reports an edit. */
export function issueCommentEdited(o: CommentOverrides & { previousBody?: string } = {}): IssueCommentEditedPayload {
  const payload = example('issue_comment', 'edited');
  applyComment(payload, o);
  if (o.previousBody !== undefined) payload.changes = { body: { from: o.previousBody } };
  return payload;
}

export function issuesOpened(o: IssueOverrides = {}): IssuesOpenedPayload {
  const payload = example('issues', 'opened');
  applyIssue(payload, o);
  if (o.sender !== undefined) payload.issue.user.login = o.sender;
  if (o.senderType !== undefined) payload.issue.user.type = o.senderType;
  return payload;
}

/**
 * An edit of the issue by `sender`; the issue's author stays `author` (default: the example's).
 * `previousBody` becomes `changes.body.from`, as GitHub reports an edit.
 */
export function issuesEdited(o: IssueOverrides & { author?: string; previousBody?: string }): IssuesEditedPayload {
  const payload = example('issues', 'edited');
  applyIssue(payload, o);
  if (o.author !== undefined) payload.issue.user.login = o.author;
  if (o.previousBody !== undefined) payload.changes = { body: { from: o.previousBody } };
  return payload;
}

/** `label` is the label just added; it is also put on the issue unless `labels` says otherwise. */
export function issuesLabeled(o: IssueOverrides & { label: string }): IssuesLabeledPayload {
  const payload = example('issues', 'labeled');
  const labels = o.labels ?? [o.label];
  applyIssue(payload, { ...o, labels });
  const added = payload.issue.labels?.find((l) => l.name === o.label);
  if (payload.label && added) payload.label = { ...payload.label, ...added };
  return payload;
}

/** A workflow_dispatch from the workflow form: its inputs are strings. */
export function workflowDispatch(o: { inputs?: Record<string, string>; sender?: string; ref?: string; workflow?: string } = {}): WorkflowDispatchPayload {
  const found = definitions.find((d) => d.name === 'workflow_dispatch')?.examples[0];
  if (!found) throw new Error('@octokit/webhooks-examples has no workflow_dispatch example');
  const payload = withCurrentFields(structuredClone(found)) as WorkflowDispatchPayload;
  payload.inputs = o.inputs ?? {};
  payload.ref = o.ref ?? 'refs/heads/main';
  payload.workflow = o.workflow ?? '.github/workflows/sequencer.yml';
  if (o.sender !== undefined) payload.sender.login = o.sender;
  return payload;
}

export type WorkflowRunCompletedPayload = ExampleOf<'workflow_run', 'completed'>;

/**
 * workflow_run.completed: a run of the workflow `name` (its id, the event that started it) ended
 * with `conclusion` (failure, cancelled, timed_out, success, ...).
 */
export function workflowRunCompleted(o: { runId: number; conclusion: string; event?: string; name?: string }): WorkflowRunCompletedPayload {
  // The newest recorded example: the first one predates fields GitHub now always sends.
  const found = (definitions.find((d) => d.name === 'workflow_run')?.examples as Array<{ action?: string }> | undefined)?.filter((e) => e.action === 'completed').at(-1);
  if (!found) throw new Error('@octokit/webhooks-examples has no workflow_run.completed example');
  const payload = withCurrentFields(structuredClone(found)) as WorkflowRunCompletedPayload;
  const run = payload.workflow_run as unknown as Record<string, unknown>;
  run.id = o.runId;
  run.conclusion = o.conclusion;
  run.status = 'completed';
  run.event = o.event ?? 'issue_comment';
  run.name = o.name ?? 'agent-step-sequencer';
  (payload.workflow as unknown as Record<string, unknown>).name = o.name ?? 'agent-step-sequencer';
  return payload;
}

/** What a cron trigger's event file holds: the schedule, the workflow and the repository. */
export function schedule(o: { cron?: string; workflow?: string } = {}): Record<string, unknown> {
  const { repository, organization } = workflowDispatch();
  return { schedule: o.cron ?? '*/10 * * * *', workflow: o.workflow ?? '.github/workflows/sequencer.yml', repository, organization };
}

/** Writes a payload where GITHUB_EVENT_PATH can point at it; returns the file path. */
export async function writeEventFile(dir: string, payload: unknown, name = 'event.json'): Promise<string> {
  const file = join(dir, name);
  await writeFile(file, JSON.stringify(payload, null, 2));
  return file;
}
