// Who the Action posts as. A comment is ours only when this identity wrote it: a marker can be
// pasted by anyone, and `author_association` says nothing about write access (a triage
// collaborator shows as COLLABORATOR). GraphQL's `viewer` names the token's own login for every
// kind of token (`github-actions[bot]` for GITHUB_TOKEN, `<app>[bot]` for an App's token, the
// person for a personal token), where REST's `GET /user` refuses installation tokens.
import { describeError } from '../../core/errors.js';
import type { GitHubClient } from './github-client.js';

export interface PostingIdentity {
  /** The login our comments carry; undefined while unknown (then no comment counts as ours). */
  login(): Promise<string | undefined>;
  /** What a comment we just created says about us: the surest source there is. */
  learn(login: string): void;
}

const shared = new WeakMap<GitHubClient, TokenIdentity>();

/** Asks GitHub once per run, and learns from the first comment we post when GitHub would not say. */
export class TokenIdentity implements PostingIdentity {
  private known: string | undefined;
  private asked: Promise<string | undefined> | undefined;

  constructor(private readonly o: { client: GitHubClient; log?: (message: string) => void }) {}

  /** One identity per client: the notifier, the inbox and the proposal path ask GitHub once between them. */
  static of(client: GitHubClient, log?: (message: string) => void): TokenIdentity {
    let identity = shared.get(client);
    if (!identity) {
      identity = new TokenIdentity({ client, ...(log ? { log } : {}) });
      shared.set(client, identity);
    }
    return identity;
  }

  login(): Promise<string | undefined> {
    if (this.known) return Promise.resolve(this.known);
    this.asked ??= this.ask();
    return this.asked;
  }

  learn(login: string): void {
    if (this.known && this.known.toLowerCase() !== login.toLowerCase()) {
      this.o.log?.(`GitHub named the token's login ${this.known}, but the comment just posted is by ${login}; taking ${login} as ours.`);
    }
    this.known = login;
  }

  private async ask(): Promise<string | undefined> {
    try {
      const answer = await this.o.client.graphql<{ viewer?: { login?: unknown } }>('query { viewer { login } }');
      const login = answer.viewer?.login;
      if (typeof login === 'string' && login) this.known ??= login;
    } catch (err) {
      // Failing closed: until a comment we post names us, no existing comment is taken for ours,
      // so the worst case is a comment posted again, never someone else's adopted.
      this.o.log?.(`Could not ask GitHub who the token posts as (${describeError(err)}); no earlier comment counts as ours until this run posts one.`);
    }
    return this.known;
  }
}

/** A login known in advance (tests, or a caller that has it). */
export function fixedIdentity(login: string): PostingIdentity {
  return { login: async () => login, learn: () => undefined };
}
