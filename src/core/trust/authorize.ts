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
//
// Every path that asks who may act (a command comment, a `/draft`, the sender of an issue event
// whose request the agent would draft) asks `gateActor`, so one person gets one answer with one
// reason whichever path asks, and the cheap refusals never spend an API call.

/** Who asks to act, as the event or the comment names them. */
export interface ActorFacts {
  login: string;
  /** `User`, `Bot`, `Organization`, … from the payload (`comment.user.type`, `sender.type`); '' when it does not say. */
  userType: string;
  /** The comment's `author_association`; '' where the event carries none for this login (an issue event's sender). */
  association: string;
}

/**
 * Who opened a plan's issue, as the payload says (`issue.user`). Their plan may choose what runs
 * only if they could have run it: a writer, never a bot. The approvers list does not narrow this:
 * it decides who may approve, and a listed writer still approves the plan with every command shown.
 */
export type PlanAuthor = Pick<ActorFacts, 'login' | 'userType'>;

export interface CommentFacts extends ActorFacts {
  action: string;
  issueNumber: number;
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
  return gateActor(c, policy.approvers);
}

/**
 * Whether someone may command a plan or start the agent, as far as it is decided without the
 * permission API, cheapest first: nobody named; a bot (an App acts on text others gave it, so
 * nothing it writes is a writer's decision; ignored, as its comments are); a login the approvers
 * list leaves out; a mannequin. Everyone else is asked about (`check-permission`).
 */
export function gateActor(a: ActorFacts, approvers: readonly string[]): Gate {
  if (!a.login) return { kind: 'deny', reason: 'the event names no sender' };
  if (isBot(a)) return { kind: 'ignore', reason: `${a.login} is a bot` };
  if (approvers.length && !approvers.some((l) => l.toLowerCase() === a.login.toLowerCase())) return { kind: 'deny', reason: 'only the logins in the approvers list may command this plan' };
  if (NEVER_WRITE.has(a.association)) return { kind: 'deny', reason: `commands need write access to this repository (your association: ${a.association})` };
  return { kind: 'check-permission' };
}

/** A bot account: GitHub's user type says so, or the login has the `[bot]` suffix only Apps get. */
export function isBot(a: { login: string; userType: string }): boolean {
  return a.userType === 'Bot' || /\[bot\]$/i.test(a.login);
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
