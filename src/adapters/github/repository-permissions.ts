// Whether a login has write access, from the collaborator-permission API (docs/security.md), asked
// once per login per run. `author_association` is never consulted here: a member whose
// organisation membership is private shows up as CONTRIBUTOR or NONE yet may have write access.
import { decidePermission, gateActor, gateComment, type ActorFacts, type AuthzPolicy, type CommentFacts, type Gate } from '../../core/trust/authorize.js';
import { isStatus, type GitHubClient } from './github-client.js';

export class RepositoryPermissions {
  private readonly asked = new Map<string, Promise<Gate>>();

  constructor(private readonly o: { client: GitHubClient; owner: string; repo: string }) {}

  /** allow for write, maintain or admin permission; deny (with the reason) otherwise. Private: every caller goes through a rule. */
  private gate(login: string): Promise<Gate> {
    const key = login.toLowerCase();
    let gate = this.asked.get(key);
    if (!gate) {
      gate = this.ask(login);
      // A failed request is not an answer: the next question asks again.
      gate.catch(() => this.asked.delete(key));
      this.asked.set(key, gate);
    }
    return gate;
  }

  /** The command rule (core/trust/authorize.ts) for a comment, with the permission asked where the rule needs it. */
  async commentGate(c: CommentFacts, policy: AuthzPolicy): Promise<Gate> {
    return this.settle(gateComment(c, policy), c.login);
  }

  /** The same rule for whoever else asks to act (an issue event's sender, a `/draft`): one answer and one reason for a login, whichever path asks. */
  async actorGate(a: ActorFacts, approvers: readonly string[]): Promise<Gate> {
    return this.settle(gateActor(a, approvers), a.login);
  }

  private async settle(gate: Gate, login: string): Promise<Gate> {
    return gate.kind === 'check-permission' ? this.gate(login) : gate;
  }

  private async ask(login: string): Promise<Gate> {
    const { client, owner, repo } = this.o;
    try {
      const { data } = await client.rest.repos.getCollaboratorPermissionLevel({ owner, repo, username: login });
      return decidePermission(login, data.permission, data.role_name);
    } catch (err) {
      // GitHub answers 404 for a login that is no collaborator (or no user at all).
      if (isStatus(err, 404)) return decidePermission(login, undefined);
      throw err;
    }
  }
}
