// `/draft` from someone who may not start the agent, or in a workflow that cannot draft. Each comment is its own event, and so its own
// run, so answering every one would let a stranger turn a flood of `/draft` comments into a flood
// of our replies. It is bounded the way the inbox bounds refused commands (refusalAnswers): the
// run that answers one of the person's `/draft` comments answers all of theirs that are still
// unanswered, with one reply (carrying a marker for each) and reactions on the rest; the runs of
// the other comments find their marker in that reply and post nothing.
import { createCommentOnce, listIssueComments, sinceQuery, type IssueComment, type IssueRef } from '../adapters/github/issue-comments.js';
import type { PostingIdentity } from '../adapters/github/posting-identity.js';
import type { ToolkitLog } from '../adapters/toolkit/toolkit-log.js';
import { describeError } from '../core/errors.js';
import { answeredCommands, isOwnComment, replyComment } from '../core/render/comment-markers.js';
import type { Links } from '../core/render/render-markdown.js';
import { refusalAnswers } from '../core/trust/authorize.js';
import { isDraftCommand } from '../core/tick/command-line.js';
import type { DraftComment } from './events.js';

/**
 * How far before the event's comment to look for the person's unanswered `/draft` comments: the
 * runs of earlier ones may have been cancelled (a workflow's concurrency group keeps only the
 * newest waiting run), and this run answers them too.
 */
export const DRAFT_LOOKBACK_MS = 60 * 60_000;

/**
 * The most comments one reply answers: each adds a marker line of about 50 characters, and a
 * comment holds 65,536. A flood beyond it is answered by the runs of the comments left out, each
 * with a reply of its own that fits.
 */
export const MAX_DRAFTS_PER_REPLY = 200;

export interface DraftRefusal {
  where: IssueRef;
  comment: DraftComment;
  /** Why no plan is drafted, as the reply says it after `@login: `. */
  answer: string;
  links: Links;
  log: ToolkitLog;
  /** Who we post as: only its comments are our replies. */
  identity: PostingIdentity;
}

/** Answers the refused `/draft` (and the person's other unanswered ones); false when it was answered already. */
export async function answerRefusedDraft(o: DraftRefusal): Promise<boolean> {
  const created = Date.parse(o.comment.createdAt);
  const since = Number.isNaN(created) ? undefined : sinceQuery(created - DRAFT_LOOKBACK_MS);
  const [{ comments }, ours] = await Promise.all([listIssueComments(o.where, since), o.identity.login()]);
  const answered = answeredIn(comments, ours);
  if (answered.has(o.comment.id)) {
    o.log.info(`/draft comment ${o.comment.id} was answered already.`);
    return false;
  }
  const pending = withinReply(pendingDrafts(comments, o.comment, answered), o.comment.id);
  const { answers } = refusalAnswers(
    pending.map((c) => ({ command: { by: c.login }, unauthorized: true })),
    { answered: new Set(), reactions: 0 },
  );
  // The event's comment is among them, so there is a first.
  const first = pending[0] ?? o.comment;
  const rest = pending.slice(1);
  const more = rest.length ? ` This answers your ${pending.length} /draft comments.` : '';
  const body = replyComment(
    first.id,
    first.login,
    first.body,
    `${o.answer}${more}`,
    o.links,
    rest.map((c) => c.id),
  );
  const posted = await createCommentOnce({
    where: o.where,
    body,
    // A failed post may have landed: look again before posting again.
    find: async (fresh) => (fresh ? answerTo(first.id, (await listIssueComments(o.where, since)).comments, await o.identity.login()) : undefined),
    log: (m) => o.log.warn(m),
  });
  if (posted.created) o.identity.learn(posted.comment.login);
  for (const [i, c] of pending.entries()) if (answers[i] !== 'none') await react(o, c.id);
  return true;
}

/** The comment ids our replies in `comments` answer. */
function answeredIn(comments: readonly IssueComment[], ours: string | undefined): Set<number> {
  const ids = new Set<number>();
  for (const c of comments) if (isOwnComment(c.login, ours)) for (const id of answeredCommands(c.body)) ids.add(id);
  return ids;
}

function answerTo(id: number, comments: readonly IssueComment[], ours: string | undefined): IssueComment | undefined {
  return comments.find((c) => isOwnComment(c.login, ours) && answeredCommands(c.body).includes(id));
}

/**
 * The person's `/draft` comments not answered yet, oldest first, the event's own among them even
 * when the listing has not caught up with it. Only what a comment said when it was posted counts,
 * as in the inbox.
 */
function pendingDrafts(comments: readonly IssueComment[], comment: DraftComment, answered: ReadonlySet<number>): Array<Pick<IssueComment, 'id' | 'login' | 'body'>> {
  const who = comment.login.toLowerCase();
  const theirs = comments.filter((c) => c.login.toLowerCase() === who && c.userType !== 'Bot' && c.updatedAt === c.createdAt && !answered.has(c.id) && c.id !== comment.id && isDraftCommand(c.body));
  return [...theirs, { id: comment.id, login: comment.login, body: comment.body }].sort((a, b) => a.id - b.id);
}

/** The event's own comment and the oldest others, at most MAX_DRAFTS_PER_REPLY, oldest first. */
function withinReply<T extends { id: number }>(pending: readonly T[], own: number): T[] {
  if (pending.length <= MAX_DRAFTS_PER_REPLY) return [...pending];
  const others = pending.filter((c) => c.id !== own).slice(0, MAX_DRAFTS_PER_REPLY - 1);
  return [...others, ...pending.filter((c) => c.id === own)].sort((a, b) => a.id - b.id);
}

async function react(o: DraftRefusal, commentId: number): Promise<void> {
  const { client, owner, repo } = o.where;
  // GitHub answers a repeated reaction with 200, so this is safe to repeat.
  await client.rest.reactions
    .createForIssueComment({ owner, repo, comment_id: commentId, content: 'confused' })
    .catch((err: unknown) => o.log.warn(`Could not react to comment ${commentId}: ${describeError(err)}`));
}
