// The REST routes the product relies on, with GitHub's paths, status codes and validation
// answers. Each handler turns a parsed request into a reply; HTTP, auth, faults, ETags and
// rate-limit accounting live in github-server.ts.
import { REACTION_CONTENTS, stamp, type GitHubData, type ReactionContent, type RoleName, type SentBody } from './github-data.js';

export interface RouteRequest {
  method: string;
  params: Record<string, string>;
  query: URLSearchParams;
  body: unknown;
  /** Absolute URL of this request, for Link headers. */
  url: URL;
}

export interface Reply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface RouteContext {
  data: GitHubData;
  /** The user the token belongs to: author of comments, PRs and reactions created via the API. */
  login: string;
  defaultPermission: RoleName;
}

type Handler = (req: RouteRequest, ctx: RouteContext) => Reply;

/** A job token's permission scopes, as a workflow's `permissions:` block names them. */
export type TokenScope = 'contents' | 'issues' | 'actions' | 'pull-requests';
export type TokenAccess = 'read' | 'write' | 'none';
export type TokenPermissions = Partial<Record<TokenScope, TokenAccess>>;
/** What a route needs of a job token: a scope at a level, or `metadata`, which every token has. */
export type RouteNeeds = readonly [TokenScope, 'read' | 'write'] | 'metadata';

/** Whether a token with `granted` may make a request that needs `needs` (write implies read; a scope left out is none). */
export function permits(granted: TokenPermissions, needs: RouteNeeds): boolean {
  if (needs === 'metadata') return true;
  const [scope, access] = needs;
  const has = granted[scope] ?? 'none';
  return has === 'write' || (has === 'read' && access === 'read');
}

interface Route {
  method: string;
  /** As written below, `:name` for a parameter. */
  template: string;
  needs: RouteNeeds;
  pattern: RegExp;
  names: string[];
  handler: Handler;
}

const DOCS = 'https://docs.github.com/rest';
/** GitHub refuses longer comment and pull request bodies with a 422 (`body is too long`). */
const MAX_BODY = 65536;
const MAX_DISPATCH_INPUTS = 25;

export const notFound = (): Reply => ({ status: 404, body: { message: 'Not Found', documentation_url: DOCS, status: '404' } });

function invalid(message: string, errors: unknown[] = []): Reply {
  return { status: 422, body: { message, errors, documentation_url: DOCS, status: '422' } };
}

function route(method: string, template: string, needs: RouteNeeds, handler: Handler): Route {
  const names: string[] = [];
  const source = template.replace(/:([a-z_]+)/g, (_m, name: string) => {
    names.push(name);
    // Numbers only where GitHub has numbers, so `issues/comments/1` never matches `issues/:issue_number`.
    const numeric = name.endsWith('_number') || (name.endsWith('_id') && name !== 'workflow_id');
    return numeric ? '(\\d+)' : '([^/]+)';
  });
  return { method, template, needs, pattern: new RegExp(`^${source}/?$`), names, handler };
}

/** Every route the fake serves, as `METHOD /path/{param}` in the OpenAPI description's spelling. */
export function servedRoutes(): string[] {
  return ROUTES.map((r) => `${r.method} ${r.template.replace(/:([a-z_]+)/g, '{$1}')}`);
}

/** Finds the route for a request; null when none matches (GitHub answers 404). */
export function matchRoute(method: string, path: string): { handler: Handler; params: Record<string, string>; needs: RouteNeeds } | null {
  for (const r of ROUTES) {
    if (r.method !== method) continue;
    const m = r.pattern.exec(path);
    if (!m) continue;
    const params: Record<string, string> = {};
    r.names.forEach((name, i) => (params[name] = decodeURIComponent(m[i + 1] ?? '')));
    return { handler: r.handler, params, needs: r.needs };
  }
  return null;
}

function artifactJson(data: GitHubData, a: { id: number; name: string; zip: Buffer; runId: string; createdAt: string }) {
  const url = `${data.apiRepo}/actions/artifacts/${a.id}`;
  const expires = new Date(Date.parse(a.createdAt) + 7 * 86_400_000).toISOString();
  return {
    id: a.id,
    node_id: `MDg6QXJ0aWZhY3Q${a.id}`,
    name: a.name,
    size_in_bytes: a.zip.length,
    url,
    archive_download_url: `${url}/zip`,
    expired: false,
    created_at: a.createdAt,
    updated_at: a.createdAt,
    expires_at: expires,
    workflow_run: { id: Number(a.runId), repository_id: 1, head_repository_id: 1, head_branch: 'main', head_sha: '0'.repeat(40) },
  };
}

/** GitHub's page/per_page pagination with a Link header (first, prev, next, last). */
function paginate<T>(items: T[], req: RouteRequest): Reply {
  const perPage = Math.min(100, Math.max(1, Number(req.query.get('per_page') ?? 30) || 30));
  const page = Math.max(1, Number(req.query.get('page') ?? 1) || 1);
  const last = Math.max(1, Math.ceil(items.length / perPage));
  const link = (p: number, rel: string) => {
    const u = new URL(req.url);
    u.searchParams.set('per_page', String(perPage));
    u.searchParams.set('page', String(p));
    return `<${u.toString()}>; rel="${rel}"`;
  };
  const links: string[] = [];
  if (page > 1) links.push(link(page - 1, 'prev'));
  if (page < last) links.push(link(page + 1, 'next'), link(last, 'last'));
  if (page > 1) links.push(link(1, 'first'));
  const body = items.slice((page - 1) * perPage, page * perPage);
  return { status: 200, body, headers: links.length ? { link: links.join(', ') } : {} };
}

function field(body: unknown, name: string): unknown {
  return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>)[name] : undefined;
}

function issueNumber(req: RouteRequest): number {
  return Number(req.params.issue_number);
}

function tooLong(resource: SentBody['resource']): Reply {
  return invalid('Validation Failed', [{ resource, code: 'custom', field: 'body', message: `body is too long (maximum is ${MAX_BODY} characters)` }]);
}

/** A comment's body as GitHub checks it; every body sent is recorded with its length. */
function commentBody(req: RouteRequest, data: GitHubData): string | Reply {
  const text = field(req.body, 'body');
  const method = req.method === 'PATCH' ? 'PATCH' : 'POST';
  if (typeof text === 'string') data.bodies.push({ resource: 'IssueComment', method, length: text.length, accepted: text !== '' && text.length <= MAX_BODY });
  if (typeof text !== 'string' || text === '') return invalid('Invalid request.\n\n"body" wasn\'t supplied.');
  if (text.length > MAX_BODY) return tooLong('IssueComment');
  return text;
}

/** A pull request's optional body (create and update): absent, null, or a string of at most MAX_BODY characters. */
function pullBody(req: RouteRequest, data: GitHubData): string | null | undefined | Reply {
  const text = field(req.body, 'body');
  if (text === undefined || text === null) return text;
  if (typeof text !== 'string') return invalid('Validation Failed', [{ resource: 'PullRequest', field: 'body', code: 'invalid' }]);
  const method = req.method === 'PATCH' ? 'PATCH' : 'POST';
  data.bodies.push({ resource: 'PullRequest', method, length: text.length, accepted: text.length <= MAX_BODY });
  return text.length > MAX_BODY ? tooLong('PullRequest') : text;
}

const PERMISSION_OF_ROLE: Record<RoleName, 'admin' | 'write' | 'read' | 'none'> = {
  admin: 'admin',
  maintain: 'write',
  write: 'write',
  triage: 'read',
  read: 'read',
  none: 'none',
};

const ROUTES: Route[] = [
  route('GET', '/repos/:owner/:repo/issues', ['issues', 'read'], (req, { data }) => {
    const state = req.query.get('state') ?? 'open';
    if (!['open', 'closed', 'all'].includes(state)) return invalid('Validation Failed', [{ resource: 'Issue', field: 'state', code: 'invalid', value: state }]);
    const wanted = (req.query.get('labels') ?? '')
      .split(',')
      .map((l) => l.trim().toLowerCase())
      .filter(Boolean);
    const issues = [...data.issues.values()]
      .filter((i) => state === 'all' || i.state === state)
      .filter((i) => wanted.every((w) => i.labels.some((l) => l.name.toLowerCase() === w)))
      .sort((a, b) => b.number - a.number);
    return paginate(issues, req);
  }),

  route('GET', '/repos/:owner/:repo/issues/comments/:comment_id', ['issues', 'read'], (req, { data }) => {
    const comment = data.comment(Number(req.params.comment_id));
    return comment ? { status: 200, body: comment } : notFound();
  }),

  route('PATCH', '/repos/:owner/:repo/issues/comments/:comment_id', ['issues', 'write'], (req, { data }) => {
    const id = Number(req.params.comment_id);
    if (!data.comment(id)) return notFound();
    const text = commentBody(req, data);
    if (typeof text !== 'string') return text;
    return { status: 200, body: data.editComment(id, text) };
  }),

  route('POST', '/repos/:owner/:repo/issues/comments/:comment_id/reactions', ['issues', 'write'], (req, { data, login }) => {
    const id = Number(req.params.comment_id);
    if (!data.comment(id)) return notFound();
    const content = field(req.body, 'content');
    if (typeof content !== 'string' || !(REACTION_CONTENTS as readonly string[]).includes(content)) {
      return invalid('Validation Failed', [{ resource: 'Reaction', field: 'content', code: 'invalid', value: content ?? null }]);
    }
    const { reaction, created } = data.addReaction(id, login, content as ReactionContent);
    return { status: created ? 201 : 200, body: reaction };
  }),

  route('GET', '/repos/:owner/:repo/issues/:issue_number', ['issues', 'read'], (req, { data }) => {
    const issue = data.issues.get(issueNumber(req));
    return issue ? { status: 200, body: issue } : notFound();
  }),

  route('GET', '/repos/:owner/:repo/issues/:issue_number/comments', ['issues', 'read'], (req, { data }) => {
    if (!data.issues.has(issueNumber(req))) return notFound();
    let comments = data.commentsOf(issueNumber(req));
    const since = req.query.get('since');
    if (since !== null) {
      const t = Date.parse(since);
      if (Number.isNaN(t)) return invalid('Validation Failed', [{ resource: 'IssueComment', field: 'since', code: 'invalid', value: since }]);
      // GitHub filters on updated_at, so an edited old comment shows up again.
      comments = comments.filter((c) => Date.parse(c.updated_at) >= t);
    }
    return paginate(comments, req);
  }),

  route('POST', '/repos/:owner/:repo/issues/:issue_number/comments', ['issues', 'write'], (req, { data, login }) => {
    if (!data.issues.has(issueNumber(req))) return notFound();
    const text = commentBody(req, data);
    if (typeof text !== 'string') return text;
    return { status: 201, body: data.addComment(issueNumber(req), { login, body: text, association: 'NONE' }) };
  }),

  route('POST', '/repos/:owner/:repo/issues/:issue_number/labels', ['issues', 'write'], (req, { data }) => {
    if (!data.issues.has(issueNumber(req))) return notFound();
    const raw = Array.isArray(req.body) ? req.body : field(req.body, 'labels');
    const names = Array.isArray(raw) ? raw.map((l) => (typeof l === 'string' ? l : field(l, 'name'))) : null;
    if (!names || names.length === 0 || names.some((n) => typeof n !== 'string' || n === '')) {
      return invalid('Invalid request.\n\n"labels" must be a non-empty array of label names.');
    }
    return { status: 200, body: data.addLabels(issueNumber(req), names as string[]) };
  }),

  route('GET', '/repos/:owner/:repo/collaborators/:username/permission', 'metadata', (req, { data, defaultPermission }) => {
    const login = req.params.username ?? '';
    const role = data.permissions.get(login) ?? defaultPermission;
    const permission = PERMISSION_OF_ROLE[role];
    // The user comes as a collaborator: with the role and the per-level permissions it grants.
    const rank = ['none', 'read', 'triage', 'write', 'maintain', 'admin'].indexOf(role);
    const permissions = { pull: rank >= 1, triage: rank >= 2, push: rank >= 3, maintain: rank >= 4, admin: rank >= 5 };
    return { status: 200, body: { permission, role_name: role, user: { ...data.user(login), permissions, role_name: role } } };
  }),

  route('GET', '/repos/:owner/:repo/actions/workflows', ['actions', 'read'], (_req, { data }) => ({
    status: 200,
    body: { total_count: data.workflows.length, workflows: data.workflows },
  })),

  route('GET', '/repos/:owner/:repo/actions/workflows/:workflow_id', ['actions', 'read'], (req, { data }) => {
    const workflow = data.findWorkflow(req.params.workflow_id ?? '');
    return workflow ? { status: 200, body: workflow } : notFound();
  }),

  route('POST', '/repos/:owner/:repo/actions/workflows/:workflow_id/dispatches', ['actions', 'write'], (req, { data }) => {
    const workflow = data.findWorkflow(req.params.workflow_id ?? '');
    if (!workflow) return notFound();
    const ref = field(req.body, 'ref');
    if (typeof ref !== 'string' || ref === '') return invalid('Invalid request.\n\n"ref" wasn\'t supplied.');
    const inputs = field(req.body, 'inputs') ?? {};
    if (typeof inputs !== 'object' || inputs === null || Array.isArray(inputs)) return invalid("Invalid request.\n\nFor 'properties/inputs', it is not an object.");
    if (Object.keys(inputs).length > MAX_DISPATCH_INPUTS) return invalid(`you may only define up to ${MAX_DISPATCH_INPUTS} \`inputs\` for a \`workflow_dispatch\` event`);
    if (workflow.state !== 'active') return invalid("Cannot trigger a 'workflow_dispatch' on a disabled workflow");
    data.dispatches.push({ workflowId: workflow.id, workflowPath: workflow.path, ref, inputs: { ...inputs }, at: new Date().toISOString() });
    return { status: 204 };
  }),

  // Entries whose key starts with `key` (GitHub: "an explicit key or prefix"), newest first.
  route('GET', '/repos/:owner/:repo/actions/caches', ['actions', 'read'], (req, { data }) => {
    const key = req.query.get('key');
    const ref = req.query.get('ref');
    const matching = data.caches
      .filter((c) => key === null || c.key.startsWith(key))
      .filter((c) => ref === null || c.ref === ref)
      .sort((a, b) => b.last_accessed_at.localeCompare(a.last_accessed_at) || b.id - a.id);
    const page = paginate(matching, req);
    return { ...page, body: { total_count: matching.length, actions_caches: page.body } };
  }),

  route('DELETE', '/repos/:owner/:repo/actions/caches/:cache_id', ['actions', 'write'], (req, { data }) => {
    const at = data.caches.findIndex((c) => c.id === Number(req.params.cache_id));
    if (at < 0) return notFound();
    data.caches.splice(at, 1);
    return { status: 204 };
  }),

  // A run's artifacts as the REST API lists them (for another run's jobs: `findBy` in @actions/artifact).
  route('GET', '/repos/:owner/:repo/actions/runs/:run_id/artifacts', ['actions', 'read'], (req, { data }) => {
    const name = req.query.get('name');
    const found = (data.artifactSource?.artifacts ?? []).filter((a) => a.finalized && a.runId === req.params.run_id && (name === null || a.name === name)).sort((a, b) => b.id - a.id);
    const page = paginate(
      found.map((a) => artifactJson(data, a)),
      req,
    );
    return { ...page, body: { total_count: found.length, artifacts: page.body } };
  }),

  // The download answers with a redirect to the blob's signed URL, as GitHub's does.
  route('GET', '/repos/:owner/:repo/actions/artifacts/:artifact_id/:archive_format', ['actions', 'read'], (req, { data }) => {
    const artifact = data.artifactSource?.artifacts.find((a) => a.finalized && a.id === Number(req.params.artifact_id));
    if (!artifact || req.params.archive_format !== 'zip') return notFound();
    return { status: 302, headers: { location: data.artifactSource!.downloadUrl(artifact.id) } };
  }),

  route('GET', '/repos/:owner/:repo/actions/runs/:run_id', ['actions', 'read'], (req, { data }) => {
    const run = data.runs.get(Number(req.params.run_id));
    return run ? { status: 200, body: run } : notFound();
  }),

  route('GET', '/repos/:owner/:repo/pulls', ['pull-requests', 'read'], (req, { data }) => {
    const state = req.query.get('state') ?? 'open';
    const head = req.query.get('head');
    const base = req.query.get('base');
    const pulls = data.pulls
      .filter((p) => state === 'all' || p.state === state)
      .filter((p) => head === null || p.head.label === data.headLabel(head))
      .filter((p) => base === null || p.base.ref === base)
      .sort((a, b) => b.number - a.number);
    return paginate(pulls, req);
  }),

  route('POST', '/repos/:owner/:repo/pulls', ['pull-requests', 'write'], (req, { data, login }) => {
    const missing = ['title', 'head', 'base'].filter((k) => typeof field(req.body, k) !== 'string' || field(req.body, k) === '');
    if (missing.length)
      return invalid(
        'Validation Failed',
        missing.map((f) => ({ resource: 'PullRequest', field: f, code: 'missing_field' })),
      );
    const head = field(req.body, 'head') as string;
    const base = field(req.body, 'base') as string;
    const label = data.headLabel(head);
    if (data.pulls.some((p) => p.state === 'open' && p.head.label === label && p.base.ref === base)) {
      return invalid('Validation Failed', [{ resource: 'PullRequest', code: 'custom', message: `A pull request already exists for ${label}.` }]);
    }
    const body = pullBody(req, data);
    if (typeof body === 'object' && body !== null) return body;
    const pull = data.createPull(login, {
      title: field(req.body, 'title') as string,
      head,
      base,
      body: body ?? null,
      draft: field(req.body, 'draft') === true,
    });
    return { status: 201, body: pull };
  }),

  route('PATCH', '/repos/:owner/:repo/pulls/:pull_number', ['pull-requests', 'write'], (req, { data }) => {
    const pull = data.pulls.find((p) => p.number === Number(req.params.pull_number));
    if (!pull) return notFound();
    const title = field(req.body, 'title');
    if (title !== undefined && (typeof title !== 'string' || title === '')) return invalid('Validation Failed', [{ resource: 'PullRequest', field: 'title', code: 'missing_field' }]);
    const state = field(req.body, 'state');
    if (state !== undefined && state !== 'open' && state !== 'closed') return invalid('Validation Failed', [{ resource: 'PullRequest', field: 'state', code: 'invalid', value: state }]);
    const body = pullBody(req, data);
    if (typeof body === 'object' && body !== null) return body;
    if (typeof title === 'string') pull.title = title;
    if (body !== undefined) pull.body = body;
    if (state !== undefined && state !== pull.state) {
      pull.state = state;
      pull.closed_at = state === 'closed' ? stamp(data.now()) : null;
    }
    pull.updated_at = stamp(data.now());
    return { status: 200, body: pull };
  }),
];
