// Who may command a plan (DESIGN §7). `author_association` only pre-filters, to save an API
// call for people who cannot possibly have write access; the decision is the repository
// permission from the collaborator-permission API, or the `approvers` list when one is given.

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
  /** When non-empty, only these logins may command (case-insensitive). */
  approvers: string[];
}

export type Gate =
  /** Not a command for us at all: no reply, no state change. */
  | { kind: 'ignore'; reason: string }
  | { kind: 'deny'; reason: string }
  | { kind: 'allow'; reason: string }
  /** Ask the collaborator-permission API, then call `decidePermission`. */
  | { kind: 'check-permission' };

const MAY_HAVE_WRITE = new Set(['OWNER', 'MEMBER', 'COLLABORATOR']);
const WRITE_PERMISSIONS = new Set(['admin', 'maintain', 'write']);

export function gateComment(c: CommentFacts, policy: AuthzPolicy): Gate {
  if (c.action !== 'created') return { kind: 'ignore', reason: `comment ${c.action}: only new comments are commands` };
  if (c.issueNumber !== policy.planIssue) return { kind: 'ignore', reason: `comment on #${c.issueNumber}, not on the plan's issue #${policy.planIssue}` };
  if (c.userType === 'Bot' || /\[bot\]$/i.test(c.login)) return { kind: 'ignore', reason: `${c.login} is a bot` };
  if (policy.approvers.length) {
    const listed = policy.approvers.some((a) => a.toLowerCase() === c.login.toLowerCase());
    return listed ? { kind: 'allow', reason: `${c.login} is a listed approver` } : { kind: 'deny', reason: 'only the logins in the approvers list may command this plan' };
  }
  if (!MAY_HAVE_WRITE.has(c.association)) return { kind: 'deny', reason: `commands need write access to this repository (your association: ${c.association})` };
  return { kind: 'check-permission' };
}

/** `permission` from GET /repos/{o}/{r}/collaborators/{u}/permission (`maintain` arrives as `write`). */
export function decidePermission(login: string, permission: string | undefined, roleName?: string): Gate {
  if ((permission && WRITE_PERMISSIONS.has(permission)) || (roleName && WRITE_PERMISSIONS.has(roleName))) {
    return { kind: 'allow', reason: `@${login} has ${roleName ?? permission} permission` };
  }
  return { kind: 'deny', reason: `commands need write, maintain or admin permission; ${login} has ${permission ?? 'no'} permission` };
}

export function parseApprovers(raw: string): string[] {
  return raw
    .split(/[\s,]+/)
    .map((s) => s.replace(/^@/, '').trim())
    .filter(Boolean);
}
