// Issue comments as the sequencer reads and writes them: listing with `since`, an index of our
// own marked comments, and creating a marked comment exactly once even when GitHub answers a
// write that happened with a 5xx (the retry plugin would then post it a second time).
import { isOwnComment, leadingMarker } from '../../core/render/comment-markers.js';
import { describeError } from '../../core/errors.js';
import { statusOf, type GitHubClient } from './github-client.js';
import type { PostingIdentity } from './posting-identity.js';
import { rateLimitWaitSeconds, refusalOf, shouldRetryRateLimit } from '../../core/github/retry-policy.js';
import { setTimeout as sleep } from 'node:timers/promises';

export interface IssueRef {
  client: GitHubClient;
  owner: string;
  repo: string;
  issueNumber: number;
}

export interface IssueComment {
  id: number;
  body: string;
  login: string;
  /** `User`, `Bot`, `Organization`. */
  userType: string;
  association: string;
  createdAt: string;
  updatedAt: string;
  htmlUrl: string;
}

interface ApiComment {
  id: number;
  body?: string | undefined;
  user: { login: string; type?: string } | null;
  author_association?: string;
  created_at: string;
  updated_at: string;
  html_url: string;
}

export function toIssueComment(c: ApiComment): IssueComment {
  return {
    id: c.id,
    body: c.body ?? '',
    login: c.user?.login ?? 'ghost',
    userType: c.user?.type ?? 'User',
    association: c.author_association ?? 'NONE',
    createdAt: c.created_at,
    updatedAt: c.updated_at,
    htmlUrl: c.html_url,
  };
}

/**
 * GitHub stamps a comment when the request starts but lists it once committed, so a comment can
 * appear with a time a little before one already listed. Looking back this far keeps `since`
 * from skipping it; ids (or markers) make the overlap harmless.
 */
export const SINCE_MARGIN_MS = 60_000;

/** `since` for a query: the time minus the margin, in GitHub's whole-second format. */
export function sinceQuery(ms: number): string {
  return new Date(ms - SINCE_MARGIN_MS).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

export interface CommentListing {
  comments: IssueComment[];
  /** GitHub's clock (Date header of the first page) when the listing started, in ms. */
  serverTime: number | undefined;
}

/** Every comment updated at or after `since` (all when absent), oldest first. */
export async function listIssueComments(where: IssueRef, since?: string): Promise<CommentListing> {
  const { client, owner, repo, issueNumber } = where;
  const comments: IssueComment[] = [];
  let serverTime: number | undefined;
  const params = { owner, repo, issue_number: issueNumber, per_page: 100, ...(since ? { since } : {}) };
  for await (const response of client.paginate.iterator(client.rest.issues.listComments, params)) {
    if (serverTime === undefined) {
      const t = Date.parse(response.headers.date ?? '');
      serverTime = Number.isNaN(t) ? undefined : t;
    }
    comments.push(...response.data.map(toIssueComment));
  }
  comments.sort((a, b) => a.id - b.id);
  return { comments, serverTime };
}

/**
 * Our marked comments on one issue, by marker. The first look lists the issue from `floor` (or
 * from the start); later looks list only what changed since the previous one, so finding a
 * marker costs one request at most once the index is warm.
 */
export class MarkerIndex {
  private readonly found = new Map<string, IssueComment>();
  private scannedAt: number | undefined;
  private scanned = false;

  constructor(
    private readonly where: IssueRef,
    /** Who we post as: only its comments are ours, whatever marker or association another carries. */
    private readonly identity: PostingIdentity,
    /** ISO time no wanted comment can predate (e.g. the command a reply answers). */
    private readonly floor?: string,
  ) {}

  /** With `fresh`, lists again even when the index has looked before (after a failed write). */
  async find(marker: string, fresh = false): Promise<IssueComment | undefined> {
    if (!this.scanned || fresh) await this.refresh();
    return this.found.get(marker);
  }

  /** Every comment of ours whose marker starts with `prefix`, listing the issue if not yet done. */
  async startingWith(prefix: string): Promise<IssueComment[]> {
    if (!this.scanned) await this.refresh();
    return [...this.found].filter(([marker]) => marker.startsWith(prefix)).map(([, comment]) => comment);
  }

  remember(marker: string, comment: IssueComment): void {
    this.found.set(marker, comment);
  }

  forget(marker: string): void {
    this.found.delete(marker);
  }

  private async refresh(): Promise<void> {
    const since = this.scannedAt !== undefined ? sinceQuery(this.scannedAt) : this.floor;
    const [{ comments, serverTime }, ours] = await Promise.all([listIssueComments(this.where, since), this.identity.login()]);
    for (const c of comments) {
      const marker = leadingMarker(c.body);
      if (!marker || !isOwnComment(c.login, ours)) continue;
      // Two runs racing may both have posted; everyone settles on the oldest.
      const known = this.found.get(marker);
      if (!known || c.id <= known.id) this.found.set(marker, c);
    }
    this.scanned = true;
    // Without GitHub's clock the next look cannot be narrowed safely: it lists everything again.
    this.scannedAt = serverTime;
  }
}

export interface CreateOnceOptions {
  where: IssueRef;
  body: string;
  /** Looks for the comment; `fresh` after a failed attempt, whose write may have happened. */
  find: (fresh: boolean) => Promise<IssueComment | undefined>;
  /** Create attempts in all. Default 5. */
  attempts?: number;
  /** Backoff unit between attempts (1×, 4×, 9×). Default 1000 ms. */
  retryBaseMs?: number;
  log?: (message: string) => void;
}

/**
 * Creates a comment unless `find` sees it. The retry plugin is switched off for the POST: it
 * would repeat a write GitHub may already have done. Instead every attempt looks first.
 */
export async function createCommentOnce(o: CreateOnceOptions): Promise<{ comment: IssueComment; created: boolean }> {
  const { client, owner, repo, issueNumber } = o.where;
  const attempts = o.attempts ?? 5;
  let rateLimitRetries = 0;
  for (let attempt = 1; ; attempt++) {
    const existing = await o.find(attempt > 1);
    if (existing) return { comment: existing, created: false };
    try {
      const response = await client.rest.issues.createComment({ owner, repo, issue_number: issueNumber, body: o.body, request: { retries: 0 } });
      return { comment: toIssueComment(response.data), created: true };
    } catch (err) {
      // A rate limit is waited out here, not by the client, which would post again without
      // looking: GitHub may have posted the comment. It gets the client's retries, no more.
      const limited = rateLimitWaitSeconds(refusalOf(err), Date.now());
      const again = limited === null ? isTransient(err) : shouldRetryRateLimit(limited, rateLimitRetries++);
      if (attempt >= attempts || !again) throw err;
      o.log?.(`Posting a comment on #${issueNumber} failed (${describeError(err)}); checking whether it landed before attempt ${attempt + 1} of ${attempts}.`);
      await sleep(limited !== null ? limited * 1000 : (o.retryBaseMs ?? 1000) * attempt * attempt);
    }
  }
}

/** 5xx and network failures (Octokit reports those as 500) may or may not have been applied. */
export function isTransient(err: unknown): boolean {
  const status = statusOf(err);
  return status === undefined || status >= 500;
}
