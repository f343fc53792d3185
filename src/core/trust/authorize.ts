// Who may command a plan (docs/security.md, "Trust model"). The decision is always the repository
// permission from the collaborator-permission API (asked once per login and tick): write, maintain
// or admin. The `approvers` input only narrows that set; being listed never grants anything.
//
// `author_association` cannot decide, because it describes how the author relates to the
// repository as the payload's viewer sees it, not what they may do: a member of the owning
// organisation who keeps the membership private, and has write access through a team, shows up
// as CONTRIBUTOR (they committed before), FIRST_TIME_CONTRIBUTOR, FIRST_TIMER or NONE; write
// access granted through a team or an enterprise role need not show as COLLABORATOR or MEMBER
// either. So every association may hold write access, except MANNEQUIN: a placeholder for a
// migrated user that is no account at all, cannot be granted a permission, and cannot sign in
// to write a comment (once a person claims it, their comments carry their own association).
// Only that one skips the API call.

export interface CommentFacts {
  action: string;
  issueNumber: number;
  login: string;
  /** `User`, `Bot`, `Organization`, … from the payload's `comment.user.type`. */
  userType: string;
  association: string;
}

export interface AuthzPolicy {
  planIssue: number;
  /** When non-empty, only these logins may command (case-insensitive), and only with write permission. */
  approvers: string[];
}

export type Gate =
  /** Not a command for us at all: no reply, no state change. */
  | { kind: 'ignore'; reason: string }
  | { kind: 'deny'; reason: string }
  | { kind: 'allow'; reason: string }
  /** Ask the collaborator-permission API, then call `decidePermission`. */
  | { kind: 'check-permission' };

const NEVER_WRITE = new Set(['MANNEQUIN']);
const WRITE_PERMISSIONS = new Set(['admin', 'maintain', 'write']);

export function gateComment(c: CommentFacts, policy: AuthzPolicy): Gate {
  if (c.action !== 'created') return { kind: 'ignore', reason: `comment ${c.action}: only new comments are commands` };
  if (c.issueNumber !== policy.planIssue) return { kind: 'ignore', reason: `comment on #${c.issueNumber}, not on the plan's issue #${policy.planIssue}` };
  if (c.userType === 'Bot' || /\[bot\]$/i.test(c.login)) return { kind: 'ignore', reason: `${c.login} is a bot` };
  const unlisted = approversRefusal(policy.approvers, c.login);
  if (unlisted) return { kind: 'deny', reason: unlisted };
  if (NEVER_WRITE.has(c.association)) return { kind: 'deny', reason: `commands need write access to this repository (your association: ${c.association})` };
  return { kind: 'check-permission' };
}

/** Why `login` may not command for want of a place on the approvers list; null when there is no list or it is on it. */
export function approversRefusal(approvers: readonly string[], login: string): string | null {
  if (!approvers.length || approvers.some((a) => a.toLowerCase() === login.toLowerCase())) return null;
  return 'only the logins in the approvers list may command this plan';
}

/** Why `login` may not command, from its gate once the permission was asked; null when it may. */
export function gateRefusal(login: string, gate: Gate): string | null {
  if (gate.kind === 'allow') return null;
  return gate.kind === 'check-permission' ? `the permission of ${login} is unknown` : gate.reason;
}

/** `permission` from GET /repos/{o}/{r}/collaborators/{u}/permission (`maintain` arrives as `write`). */
export function decidePermission(login: string, permission: string | undefined, roleName?: string): Gate {
  if ((permission && WRITE_PERMISSIONS.has(permission)) || (roleName && WRITE_PERMISSIONS.has(roleName))) {
    return { kind: 'allow', reason: `@${login} has ${roleName ?? permission} permission` };
  }
  const has = permission && permission !== 'none' ? permission : 'no';
  return { kind: 'deny', reason: `commands need write, maintain or admin permission; ${login} has ${has} permission` };
}

/** What a command gets: a reply comment, only a reaction on it, or (past the budget) nothing. */
export type CommandAnswer = 'reply' | 'react' | 'none';

/**
 * Reactions on refused commands per tick. Each is a write request, and GitHub allows about 80
 * content-creating requests a minute before its secondary rate limit slows every call of the run.
 */
export const MAX_REFUSAL_REACTIONS = 20;

/** What a tick has spent on answering people without permission so far. */
export interface RefusalBudget {
  /** Who got a reply (lower case). */
  answered: ReadonlySet<string>;
  reactions: number;
}

/**
 * How to answer each command of a batch. A person without permission gets one reply per tick and
 * a reaction on their further commands while the tick's reactions last, then nothing: a flood of
 * commands costs one comment per person and a bounded number of reactions, not one of each per
 * command. Commands from people with permission are always answered in full: they are few, and
 * each answer says something.
 */
export function refusalAnswers(items: ReadonlyArray<{ command: { by: string }; unauthorized?: boolean }>, budget: RefusalBudget): { answers: CommandAnswer[]; budget: RefusalBudget } {
  const answered = new Set(budget.answered);
  let reactions = budget.reactions;
  const answers = items.map((item): CommandAnswer => {
    if (!item.unauthorized) return 'reply';
    const who = item.command.by.toLowerCase();
    if (!answered.has(who)) {
      answered.add(who);
      return 'reply';
    }
    if (reactions >= MAX_REFUSAL_REACTIONS) return 'none';
    reactions++;
    return 'react';
  });
  return { answers, budget: { answered, reactions } };
}

export function parseApprovers(raw: string): string[] {
  return raw
    .split(/[\s,]+/)
    .map((s) => s.replace(/^@/, '').trim())
    .filter(Boolean);
}
