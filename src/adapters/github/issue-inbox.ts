// Commands from the plan's issue comments (README, "Commands (issue comments)"). The cursor is the
// highest comment id already handled; `since` and an ETag keep the poll cheap (a 304 costs no rate
// limit). Only the comment author's repository permission (or the approvers list) makes a command
// count.
import type { AuthzPolicy } from '../../core/trust/authorize.js';
import { RepositoryPermissions } from './repository-permissions.js';
import { parseCommandText, type Command } from '../../core/tick/commands.js';
import { replyComment, replyMarker } from '../../core/render/comment-markers.js';
import type { Links } from '../../core/render/render-markdown.js';
import { describeError } from '../../core/errors.js';
import type { Inbox, InboxItem, InboxRead } from '../../ports.js';
import { getIfModified, type GitHubClient } from './github-client.js';
import { createCommentOnce, listIssueComments, MarkerIndex, sinceQuery, toIssueComment, type IssueComment, type IssueRef } from './issue-comments.js';
import { TokenIdentity, type PostingIdentity } from './posting-identity.js';

export interface IssueInboxOptions {
  client: GitHubClient;
  owner: string;
  repo: string;
  issueNumber: number;
  policy: AuthzPolicy;
  log?: (message: string) => void;
  /** Who we post as (`github-actions[bot]` with GITHUB_TOKEN): its comments are never commands, and only its replies are ours. Default: asked of GitHub. */
  identity?: PostingIdentity;
  /** 👍 on applied commands, 😕 on refused ones. Default true. */
  reactions?: boolean;
  /** Backoff unit between attempts to post a reply. Default 1000 ms. */
  retryBaseMs?: number;
  /** Permissions already asked in this run (shared with the proposal path); default a new cache. */
  permissions?: RepositoryPermissions;
  /** The run that answers, linked at the end of every reply. */
  links?: Links;
}

interface Memo {
  lastCommentId: number;
  etag: string | undefined;
  since: string | undefined;
}

const PER_PAGE = 100;

export class IssueInbox implements Inbox {
  readonly cursorKey = 'lastCommentId';
  private readonly where: IssueRef;
  /** Command comments handed out by read(), for reply() to quote and to bound its search. */
  private readonly commands = new Map<number, IssueComment>();
  /** Our replies, listed from the oldest command still to answer. */
  private replies: { index: MarkerIndex; floor: string } | undefined;
  /**
   * Each login's permission, asked once for the whole run: reads come after every step and every
   * second while an agent runs, and a flood of comments must not become a flood of API calls.
   */
  private readonly permissions: RepositoryPermissions;
  private readonly identity: PostingIdentity;

  constructor(private readonly o: IssueInboxOptions) {
    this.where = { client: o.client, owner: o.owner, repo: o.repo, issueNumber: o.issueNumber };
    this.identity = o.identity ?? TokenIdentity.of(o.client, o.log);
    this.permissions = o.permissions ?? new RepositoryPermissions({ client: o.client, owner: o.owner, repo: o.repo });
  }

  async read(memo: Readonly<Record<string, unknown>>): Promise<InboxRead> {
    const prev = readMemo(memo);
    const listing = await this.list(prev);
    if (!listing) return { items: [] };

    const items: InboxItem[] = [];
    let lastCommentId = prev.lastCommentId;
    let stoppedEarly = false;
    const history = new CommentHistory(this.where, listing.comments, prev.since);
    for (const c of listing.comments) {
      if (c.id <= prev.lastCommentId) continue;
      const item = await this.toItem(c, history).catch((err: unknown) => {
        // Leave this comment and everything after it for the next read rather than guess.
        this.o.log?.(`Could not check @${c.login}'s permission for comment ${c.id}; trying again next tick: ${describeError(err)}`);
        return 'stop' as const;
      });
      if (item === 'stop') {
        stoppedEarly = true;
        break;
      }
      if (item) {
        items.push(item);
        this.commands.set(c.id, c);
      }
      lastCommentId = c.id;
    }

    const newest = listing.comments.reduce<string | undefined>((acc, c) => (acc === undefined || Date.parse(c.createdAt) > Date.parse(acc) ? c.createdAt : acc), undefined);
    const oldestItem = items[0] ? this.commands.get(items[0].cursor)?.createdAt : undefined;
    this.replies = oldestItem ? { index: new MarkerIndex(this.where, this.identity, oldestItem), floor: oldestItem } : undefined;
    return {
      items,
      memo: {
        lastCommentId,
        commentsSince: (stoppedEarly ? prev.since : (newest ?? prev.since)) ?? null,
        // A full first page can stay unchanged while later pages grow: its ETag proves nothing.
        commentsEtag: stoppedEarly || !listing.single ? null : (listing.etag ?? null),
      },
    };
  }

  /** The cursor lives in the state; nothing to do on GitHub's side. */
  async acknowledge(_cursor: number): Promise<void> {}

  async reply(item: InboxItem, text: string, refused = false): Promise<void> {
    const command = this.commands.get(item.cursor) ?? (await this.fetchComment(item.cursor));
    const marker = replyMarker(command.id);
    // A reply is never older than its command, so an index listed from an earlier time sees it.
    if (!this.replies || Date.parse(this.replies.floor) > Date.parse(command.createdAt)) {
      this.replies = { index: new MarkerIndex(this.where, this.identity, command.createdAt), floor: command.createdAt };
    }
    const { index } = this.replies;
    const { comment, created } = await createCommentOnce({
      where: this.where,
      body: replyComment(command.id, command.login, command.body, text, this.o.links),
      find: (fresh) => index.find(marker, fresh),
      ...(this.o.retryBaseMs !== undefined ? { retryBaseMs: this.o.retryBaseMs } : {}),
      ...(this.o.log ? { log: this.o.log } : {}),
    });
    if (created) this.identity.learn(comment.login);
    index.remember(marker, comment);
    await this.react(item, refused);
  }

  async react(item: InboxItem, refused = false): Promise<void> {
    if (this.o.reactions === false) return;
    const { client, owner, repo } = this.o;
    // GitHub answers a repeated reaction with 200, so this is safe to repeat.
    await client.rest.reactions
      .createForIssueComment({ owner, repo, comment_id: item.cursor, content: item.refusal || refused ? 'confused' : '+1' })
      .catch((err: unknown) => this.o.log?.(`Could not react to comment ${item.cursor}: ${describeError(err)}`));
  }

  /** Comments after the memo's `since`: null when unchanged since the memo's ETag (a free 304). */
  private async list(prev: Memo): Promise<{ comments: IssueComment[]; etag: string | undefined; single: boolean } | null> {
    const { client, owner, repo, issueNumber } = this.o;
    const params = { owner, repo, issue_number: issueNumber, per_page: PER_PAGE, ...(prev.since ? { since: sinceQuery(Date.parse(prev.since)) } : {}) };
    const first = await getIfModified(async (headers) => {
      const res = await client.rest.issues.listComments({ ...params, headers });
      return { data: { comments: res.data.map(toIssueComment), next: hasNext(res.headers.link) }, headers: res.headers };
    }, prev.etag);
    if (!first.modified) return null;
    const comments = [...first.data.comments];
    let next = first.data.next;
    for (let page = 2; next; page++) {
      const res = await client.rest.issues.listComments({ ...params, page });
      comments.push(...res.data.map(toIssueComment));
      next = hasNext(res.headers.link);
    }
    comments.sort((a, b) => a.id - b.id);
    return { comments, etag: first.etag, single: !first.data.next && first.data.comments.length < PER_PAGE };
  }

  /** An item for a command comment, null for anything that is not one for us. */
  private async toItem(c: IssueComment, history: CommentHistory): Promise<InboxItem | null> {
    if (c.userType === 'Bot') return null;
    const parsed = parseCommandText(c.body, c.login);
    if (!parsed) return null;
    // A personal token posts as its person: our own replies quote commands, never give them.
    const ours = await this.identity.login();
    if (ours && c.login.toLowerCase() === ours.toLowerCase() && c.body.startsWith('<!-- agent-step-sequencer:')) return null;
    // Only what a comment said when it was posted is a command (`created` events only):
    // otherwise editing an old "thanks" into "/approve" would count at the next tick.
    if (Date.parse(c.updatedAt) > Date.parse(c.createdAt)) return null;
    const gate = await this.permissions.commentGate({ action: 'created', issueNumber: this.o.issueNumber, login: c.login, userType: c.userType, association: c.association }, this.o.policy);
    if (gate.kind === 'ignore') return null;
    const fallback: Command = { kind: 'status', by: c.login };
    // A command that could not be read is carried as a /status that is never applied, under its own name.
    if (gate.kind === 'deny') return { cursor: c.id, command: parsed.ok ? parsed.command : fallback, refusal: gate.reason, unauthorized: true, ...(parsed.ok ? {} : { label: parsed.name }) };
    if (!parsed.ok) return { cursor: c.id, command: fallback, refusal: parsed.error, label: parsed.name };
    if (parsed.command.kind !== 'approve') return { cursor: c.id, command: parsed.command };
    // A bare /approve counts only from someone who cannot have been looking at an earlier proposal.
    const previous = parsed.command.planHash === undefined ? { previousCommentAt: await history.previousCommentAt(c) } : {};
    return { cursor: c.id, command: { ...parsed.command, commentId: c.id, at: c.createdAt, ...previous } };
  }

  private async fetchComment(id: number): Promise<IssueComment> {
    const { client, owner, repo } = this.o;
    const { data } = await client.rest.issues.getComment({ owner, repo, comment_id: id });
    const comment = toIssueComment(data);
    this.commands.set(id, comment);
    return comment;
  }
}

/**
 * When a person last commented on the issue before a given comment. The read's listing holds
 * every comment created since its `since` (it lists by update time, never later than creation);
 * an earlier one needs the whole issue, listed at most once per read.
 */
class CommentHistory {
  /** The listing holds every comment created from this time on (ms); 0 when it holds them all. */
  private readonly from: number;
  private all: IssueComment[] | undefined;

  constructor(
    private readonly where: IssueRef,
    private readonly listed: IssueComment[],
    /** The `since` the listing was asked with. */
    since: string | undefined,
  ) {
    this.from = since === undefined ? 0 : Date.parse(sinceQuery(Date.parse(since)));
  }

  /** The creation time of `c`'s author's latest earlier comment, null when there is none. */
  async previousCommentAt(c: IssueComment): Promise<string | null> {
    const listed = latestBefore(this.listed, c);
    if (this.from === 0 || (listed && Date.parse(listed.createdAt) >= this.from)) return listed?.createdAt ?? null;
    this.all ??= (await listIssueComments(this.where)).comments;
    return latestBefore(this.all, c)?.createdAt ?? null;
  }
}

function latestBefore(comments: IssueComment[], c: IssueComment): IssueComment | undefined {
  const login = c.login.toLowerCase();
  return comments.filter((o) => o.id < c.id && o.login.toLowerCase() === login).reduce<IssueComment | undefined>((latest, o) => (latest && latest.id > o.id ? latest : o), undefined);
}

function readMemo(memo: Readonly<Record<string, unknown>>): Memo {
  const id = memo.lastCommentId;
  const since = memo.commentsSince;
  return {
    lastCommentId: typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? id : 0,
    etag: typeof memo.commentsEtag === 'string' && memo.commentsEtag !== '' ? memo.commentsEtag : undefined,
    since: typeof since === 'string' && !Number.isNaN(Date.parse(since)) ? since : undefined,
  };
}

function hasNext(link: string | undefined): boolean {
  return /rel="next"/.test(link ?? '');
}
