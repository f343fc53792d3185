// Every comment the sequencer posts starts with a hidden marker (see render-markdown.ts), which
// is how a later run finds it instead of posting it again. Replies to commands get one too,
// keyed by the command comment's id, so a command is answered once however often a tick retries.
import { createHash } from 'node:crypto';
import { runFooter, type Links } from './render-markdown.js';
import { fence, inline } from './untrusted-text.js';

const MARKER_PREFIX = '<!-- agent-step-sequencer:';
const LEADING_MARKER = /^<!-- agent-step-sequencer:[^\n]*? -->/;

export function replyMarker(commentId: number): string {
  return `${MARKER_PREFIX}reply:${commentId} -->`;
}

/** Why no plan could be proposed; the marker carries a hash of the text, so each problem is told once. */
export function problemComment(planId: string, problem: string, links: Links = {}): string {
  const key = createHash('sha256').update(problem).digest('hex').slice(0, 16);
  return [
    `${MARKER_PREFIX}problem:${planId}:${key} -->`,
    '### ⚠️ No plan to propose',
    '',
    fence(problem, 3000),
    '',
    'Add a fenced ```json or ```yaml block with `"steps"` to the issue, or fix the one there.',
    ...footer(links),
  ].join('\n');
}

/** The marker a comment body starts with, or null: only a leading marker counts. */
export function leadingMarker(body: string | null | undefined): string | null {
  return LEADING_MARKER.exec(body ?? '')?.[0] ?? null;
}

/**
 * The answer to one command comment: marker, the quoted command, then `@login: text`. The text
 * quotes what people and the agent wrote (a malformed argument, a blocker), so it is inert.
 * `alsoAnswers` are later commands the same answer covers: their markers follow the first, so a
 * run that looks for the answer to one of them finds this comment (see answeredCommands).
 */
export function replyComment(commentId: number, login: string, commandText: string, text: string, links: Links = {}, alsoAnswers: readonly number[] = []): string {
  const firstLine = commandText.trimStart().split(/\r?\n/, 1)[0] ?? '';
  return [replyMarker(commentId), ...alsoAnswers.map(replyMarker), `> ${inline(firstLine, 200)}`, '', `@${login.replace(/[^A-Za-z0-9[\]_-]/g, '')}: ${inline(text, 2000)}`, ...footer(links)].join(
    '\n',
  );
}

const REPLY_MARKER_LINE = /^<!-- agent-step-sequencer:reply:(\d+) -->$/;

/** The command comments a reply answers: the ids in the reply markers it starts with. */
export function answeredCommands(body: string): number[] {
  const ids: number[] = [];
  for (const line of body.split('\n')) {
    const m = REPLY_MARKER_LINE.exec(line);
    if (!m) break;
    ids.push(Number(m[1]));
  }
  return ids;
}

/** The run that wrote a comment, after a blank line; nothing when it is not known (the CLI). */
export function footer(links: Links): string[] {
  const line = runFooter(links);
  return line.length ? ['', ...line] : [];
}

/**
 * A comment's text without its run footer: a comment found again by its marker is the same
 * comment when only the run that wrote it differs (a proposal edited for that alone would move
 * its posting time, and with it which approvals count).
 */
export function withoutFooter(body: string): string {
  return body.replace(/\n\n<sub>\[workflow run\]\([^\n]*<\/sub>$/, '');
}

/**
 * Markers found in other people's comments must not count: anyone can paste one to suppress a
 * notice, or to get us to edit their comment instead of ours, and an association (COLLABORATOR,
 * MEMBER) is no write access. Only the login we post as makes a comment ours; unknown, none is.
 */
export function isOwnComment(authorLogin: string, ourLogin: string | undefined): boolean {
  return ourLogin !== undefined && ourLogin !== '' && authorLogin.toLowerCase() === ourLogin.toLowerCase();
}

/** A run could not do what was asked; said once per distinct problem, so reruns do not repeat it. */
export function runProblemComment(planId: string, heading: string, problem: string, hint: string, links: Links = {}): string {
  const key = createHash('sha256').update(`${heading}\n${problem}`).digest('hex').slice(0, 16);
  return [`${MARKER_PREFIX}problem:${planId}:${key} -->`, `### ⚠️ ${heading}`, '', fence(problem, 3000), '', hint, ...footer(links)].join('\n');
}
