// A fake GitHub REST API on 127.0.0.1 for tests that drive the real @octokit/rest client over
// real HTTP. It keeps the semantics the product relies on: token auth, ETag/304 (free of rate
// limit), pagination, rate-limit headers and accounting, and injectable faults. Every exchange is
// checked against GitHub's OpenAPI description (github-contract.ts); close() fails while any
// violation is unaccounted for, so a test whose code sends what GitHub would reject fails.
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { checkExchange, describeViolations, type ContractViolation } from './github-contract.js';
import { FaultInjector, type Fault, type FaultKind } from './github-faults.js';
import {
  GitHubData,
  type AuthorAssociation,
  type Dispatch,
  type GhComment,
  type GhIssue,
  type GhPull,
  type GhRun,
  type GhWorkflow,
  type RoleName,
  type RunConclusion,
  type RunStatus,
  type WorkflowState,
} from './github-data.js';
import { matchRoute, notFound, permits, type Reply, type RouteRequest, type TokenPermissions } from './github-routes.js';

export type { ContractViolation } from './github-contract.js';
export type { FaultKind, FaultScope } from './github-faults.js';
export type { TokenAccess, TokenPermissions, TokenScope } from './github-routes.js';
export type * from './github-data.js';

export interface FakeGitHubOptions {
  /** The only token accepted (`authorization: token X` or `Bearer X`). Default `test-token`. */
  token?: string;
  /**
   * A second token, accepted for reads only (GET and HEAD), as a job's `GITHUB_TOKEN` with
   * `contents: read` and nothing else: a write with it gets GitHub's 403.
   */
  readToken?: string;
  owner?: string;
  repo?: string;
  /** Who the token belongs to: author of comments, PRs and reactions made through the API. */
  login?: string;
  /** Core rate limit per hour; once used up every counted request gets GitHub's 403. */
  rateLimit?: number;
  /** Permission of users never given one with setPermission. */
  defaultPermission?: RoleName;
  now?: () => Date;
}

export interface RecordedRequest {
  method: string;
  /** Path without query string. */
  path: string;
  query: string;
  status: number;
  /** Whether it used up rate limit (304s and /rate_limit do not). */
  counted: boolean;
  /** Whether it was a conditional request (`If-None-Match`): a poll that costs nothing when unchanged. */
  conditional: boolean;
  /** The token, when it is one given permissions with grantToken (a job's `GITHUB_TOKEN`). */
  token?: string;
  fault?: FaultKind;
}

export interface FakeGitHub {
  /** Base URL for Octokit's `baseUrl`. */
  readonly url: string;
  readonly token: string;
  readonly readToken: string | undefined;
  readonly owner: string;
  readonly repo: string;
  readonly login: string;
  readonly data: GitHubData;
  readonly requests: RecordedRequest[];
  readonly faults: FaultInjector;
  readonly issues: Map<number, GhIssue>;
  readonly comments: GhComment[];
  readonly dispatches: Dispatch[];
  readonly pulls: GhPull[];
  readonly workflows: GhWorkflow[];
  /** Exchanges that broke GitHub's REST description so far (request or response). */
  readonly violations: readonly ContractViolation[];
  /** Removes and returns the violations so far, for a test that breaks the contract on purpose. */
  takeViolations(): ContractViolation[];
  /** Requests that used up rate limit so far. */
  countedRequests(): number;
  addIssue(fields?: Parameters<GitHubData['addIssue']>[0]): GhIssue;
  /** Adds a comment as `login`; creates the issue when missing. */
  addComment(issue: number, fields: { login: string; body: string; association?: AuthorAssociation; userType?: 'User' | 'Bot'; createdAt?: Date }): GhComment;
  editComment(id: number, body: string, at?: Date): GhComment;
  setPermission(login: string, permission: RoleName): void;
  /**
   * Accepts `token` as a job's `GITHUB_TOKEN` with these permissions, as a workflow's
   * `permissions:` block grants them (a scope left out is none; every token reads metadata): a
   * request beyond them gets GitHub's 403, "Resource not accessible by integration".
   */
  grantToken(token: string, permissions: TokenPermissions): void;
  setRun(id: number, status: RunStatus, conclusion?: RunConclusion, fields?: Partial<GhRun>): GhRun;
  addWorkflow(fields: { id?: number; name?: string; path: string; state?: WorkflowState }): GhWorkflow;
  setWorkflowState(idOrFile: string | number, state: WorkflowState): void;
  /** Stops the server; rejects, listing them, when violations remain. */
  close(): Promise<void>;
}

/** Every fake starts with this workflow so dispatch tests need no setup. */
export const DEFAULT_WORKFLOW = { id: 161335, name: 'Agent Step Sequencer', path: '.github/workflows/sequencer.yml' };

export async function startFakeGitHub(opts: FakeGitHubOptions = {}): Promise<FakeGitHub> {
  const token = opts.token ?? 'test-token';
  const owner = opts.owner ?? 'octo-org';
  const repo = opts.repo ?? 'octo-repo';
  const login = opts.login ?? 'github-actions[bot]';
  const limit = opts.rateLimit ?? 5000;
  const now = opts.now ?? (() => new Date());
  const resetAt = Math.floor(now().getTime() / 1000) + 3600;
  const requests: RecordedRequest[] = [];
  const violations: ContractViolation[] = [];
  const faults = new FaultInjector();
  let used = 0;
  let data: GitHubData | undefined;
  const grants = new Map<string, TokenPermissions>();

  const server = createServer((req, res) => {
    readBody(req)
      .then((raw) => {
        if (!data) throw new Error('fake GitHub: request before listen');
        const { reply, fault, counted, path, query } = handle(req, raw, data);
        if (counted) used += 1;
        const record: RecordedRequest = { method: req.method ?? 'GET', path, query, status: reply.status, counted, conditional: Boolean(req.headers['if-none-match']) };
        const granted = bearer(req.headers.authorization);
        if (granted !== undefined && grants.has(granted)) record.token = granted;
        if (fault) record.fault = fault.kind;
        requests.push(record);
        const sent = send(res, reply, rateHeaders(fault));
        try {
          const exchange = { method: record.method, path, query: new URLSearchParams(query), body: raw, conditional: record.conditional, status: reply.status, ...sent };
          violations.push(...checkExchange(fault ? { ...exchange, fault: fault.kind } : exchange));
        } catch (err) {
          violations.push({ method: record.method, path, status: reply.status, operation: null, problem: `the contract check threw: ${String(err)}` });
        }
      })
      .catch((err: unknown) => {
        res.writeHead(500, { 'content-type': 'application/json; charset=utf-8' });
        res.end(JSON.stringify({ message: `fake GitHub crashed: ${String(err)}` }));
      });
  });

  function rateHeaders(fault: Fault | null): Record<string, string> {
    const primary = fault?.kind === 429;
    return {
      'x-ratelimit-limit': String(limit),
      'x-ratelimit-remaining': primary ? '0' : String(Math.max(0, limit - used)),
      'x-ratelimit-used': String(used),
      // A primary-limit fault resets in about a second so clients wait briefly, not an hour.
      'x-ratelimit-reset': String(primary ? Math.floor(Date.now() / 1000) + 1 : resetAt),
      'x-ratelimit-resource': 'core',
    };
  }

  function handle(req: IncomingMessage, raw: string, repoData: GitHubData) {
    const method = (req.method ?? 'GET').toUpperCase();
    const url = new URL(req.url ?? '/', `http://${req.headers.host ?? '127.0.0.1'}`);
    const path = url.pathname;
    const query = url.search.replace(/^\?/, '');
    const result = (reply: Reply, counted = true, fault: Fault | null = null) => ({ reply, fault, counted, path, query });

    const grant = grants.get(bearer(req.headers.authorization) ?? '');
    if (!grant && !authorized(req.headers.authorization, token)) {
      const readOnly = opts.readToken !== undefined && authorized(req.headers.authorization, opts.readToken);
      if (!readOnly) return result({ status: 401, body: { message: 'Bad credentials', documentation_url: 'https://docs.github.com/rest', status: '401' } });
      if (method !== 'GET' && method !== 'HEAD') return result(notAccessible());
    }
    // GitHub documents that /rate_limit itself costs nothing.
    if (method === 'GET' && path === '/rate_limit') return result(rateLimitReply(), false);
    if (used >= limit) {
      return result({
        status: 403,
        body: { message: `API rate limit exceeded for user ID 1. [rate limit of ${limit} used up]`, documentation_url: 'https://docs.github.com/rest/overview/rate-limits-for-the-rest-api' },
      });
    }

    const fault = faults.take(method, path);
    if (fault && !fault.afterEffect) return result(faultReply(fault.kind), true, fault);
    // GraphQL has its own point budget, not the REST core limit: only the one query we ask.
    if (method === 'POST' && path === '/graphql') return result(graphqlReply(raw, login), false);

    let body: unknown;
    if (raw !== '') {
      try {
        body = JSON.parse(raw);
      } catch {
        return result({ status: 400, body: { message: 'Problems parsing JSON', documentation_url: 'https://docs.github.com/rest' } });
      }
    }
    const match = matchRoute(method, path);
    if (grant && match && !permits(grant, match.needs)) return result(notAccessible());
    const repoMatches = new RegExp(`^/repos/${escape(owner)}/${escape(repo)}(/|$)`, 'i').test(path);
    const routeReq: RouteRequest = { method, params: match?.params ?? {}, query: url.searchParams, body, url };
    let reply = match && repoMatches ? match.handler(routeReq, { data: repoData, login, defaultPermission: opts.defaultPermission ?? 'none' }) : notFound();
    if (fault) return result(faultReply(fault.kind), true, fault);

    if (method === 'GET' && reply.status === 200) {
      const etag = `"${createHash('sha256').update(JSON.stringify(reply.body)).digest('hex').slice(0, 40)}"`;
      reply = { ...reply, headers: { ...reply.headers, etag } };
      // Conditional requests answered 304 do not count against the rate limit.
      if (etagMatches(req.headers['if-none-match'], etag)) return result({ status: 304, headers: { etag } }, false);
    }
    return result(reply);
  }

  function rateLimitReply(): Reply {
    const core = { limit, used, remaining: Math.max(0, limit - used), reset: resetAt };
    return { status: 200, body: { resources: { core, search: { limit: 30, used: 0, remaining: 30, reset: resetAt } }, rate: core } };
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  const repoData = new GitHubData(owner, repo, url, now);
  data = repoData;
  repoData.addWorkflow(DEFAULT_WORKFLOW);

  return {
    url,
    token,
    readToken: opts.readToken,
    owner,
    repo,
    login,
    data: repoData,
    requests,
    faults,
    issues: repoData.issues,
    comments: repoData.comments,
    dispatches: repoData.dispatches,
    pulls: repoData.pulls,
    workflows: repoData.workflows,
    violations,
    takeViolations: () => violations.splice(0),
    countedRequests: () => used,
    addIssue: (fields) => repoData.addIssue(fields),
    addComment: (issue, fields) => repoData.addComment(issue, fields),
    editComment: (id, body, at) => repoData.editComment(id, body, at),
    setPermission: (user, permission) => void repoData.permissions.set(user, permission),
    grantToken: (granted, permissions) => void grants.set(granted, { ...permissions }),
    setRun: (id, status, conclusion, fields) => repoData.setRun(id, status, conclusion, fields),
    addWorkflow: (fields) => repoData.addWorkflow(fields),
    setWorkflowState: (idOrFile, state) => {
      const workflow = repoData.findWorkflow(idOrFile);
      if (!workflow) throw new Error(`fake GitHub: no workflow ${idOrFile}`);
      workflow.state = state;
    },
    close: async () => {
      await new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      });
      if (violations.length) throw new Error(`fake GitHub: ${violations.length} exchange(s) broke GitHub's REST description:\n${describeViolations(violations.splice(0))}`);
    },
  };
}

/**
 * The GraphQL endpoint, for the one query the Action asks there: who the token posts as
 * (`viewer { login }`, which GitHub answers for personal, App installation and `GITHUB_TOKEN`
 * tokens alike, where REST's `GET /user` refuses the last two). Anything else is a GraphQL error.
 */
export function graphqlReply(raw: string, login: string): Reply {
  let query: unknown;
  try {
    query = (JSON.parse(raw) as { query?: unknown }).query;
  } catch {
    return { status: 400, body: { message: 'Problems parsing JSON', documentation_url: 'https://docs.github.com/graphql' } };
  }
  if (typeof query === 'string' && /^\s*(query\s*)?\{\s*viewer\s*\{\s*login\s*\}\s*\}\s*$/.test(query)) return { status: 200, body: { data: { viewer: { login } } } };
  return { status: 200, body: { errors: [{ message: `the fake GitHub answers only { viewer { login } }, got ${JSON.stringify(query)}` }] } };
}

function bearer(header: string | undefined): string | undefined {
  return /^(?:token|bearer)\s+(\S+)$/i.exec(header ?? '')?.[1];
}

function authorized(header: string | undefined, token: string): boolean {
  return bearer(header) === token;
}

/** GitHub's answer to a token whose permissions do not cover the request. */
function notAccessible(): Reply {
  return { status: 403, body: { message: 'Resource not accessible by integration', documentation_url: 'https://docs.github.com/rest', status: '403' } };
}

/** If-None-Match uses weak comparison: `W/` prefixes are ignored and `*` matches anything. */
function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((t) => {
    const tag = t.trim().replace(/^W\//, '');
    return tag === '*' || tag === etag;
  });
}

const SECONDARY_MESSAGE =
  'You have exceeded a secondary rate limit. Please wait a few minutes before you try again. If you reach out to GitHub Support for help, please include the request ID 0000:0000:0000000:0000000:00000000.';

function faultReply(kind: FaultKind): Reply {
  switch (kind) {
    case 500:
      return { status: 500, body: { message: 'Server Error' } };
    case 502:
      // GitHub's edge answers 502 with an HTML page, not JSON.
      return { status: 502, body: '<html><body><h1>502 Bad Gateway</h1>Server Error</body></html>', headers: { 'content-type': 'text/html; charset=utf-8' } };
    case 503:
      return { status: 503, body: { message: 'Service Unavailable' }, headers: { 'retry-after': '1' } };
    case 429:
      return {
        status: 429,
        body: { message: 'API rate limit exceeded for user ID 1.', documentation_url: 'https://docs.github.com/rest/overview/rate-limits-for-the-rest-api' },
        headers: { 'retry-after': '1' },
      };
    case 'secondary':
      return {
        status: 403,
        body: { message: SECONDARY_MESSAGE, documentation_url: 'https://docs.github.com/free-pro-team@latest/rest/overview/rate-limits-for-the-rest-api#about-secondary-rate-limits' },
        headers: { 'retry-after': '1' },
      };
    case 409:
      return { status: 409, body: { message: 'Conflict', documentation_url: 'https://docs.github.com/rest' } };
    case 'forbidden':
      return notAccessible();
    case 422:
      return { status: 422, body: { message: 'Validation Failed', errors: [{ code: 'custom', message: 'injected fault' }], documentation_url: 'https://docs.github.com/rest' } };
  }
}

let requestSerial = 0;

/** Writes the reply; returns the body and content-type as sent, for the contract check. */
function send(res: ServerResponse, reply: Reply, rate: Record<string, string>): { responseBody?: string; responseType?: string } {
  requestSerial += 1;
  const headers: Record<string, string> = { ...rate, 'x-github-request-id': `FAKE:${requestSerial}`, ...reply.headers };
  if (reply.status === 204 || reply.status === 304 || reply.body === undefined) {
    res.writeHead(reply.status, headers);
    res.end();
    return {};
  }
  const text = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
  const type = headers['content-type'] ?? 'application/json; charset=utf-8';
  res.writeHead(reply.status, { ...headers, 'content-type': type });
  res.end(text);
  return { responseBody: text, responseType: type };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
