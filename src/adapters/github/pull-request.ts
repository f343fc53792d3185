// Opening the pull request that delivers a finished plan's work branch. Idempotent: an open PR
// for the same head is success, and so is GitHub's 422 when one appeared meanwhile or the branch
// has nothing to merge; neither is worth failing a finished plan over.
import { describeError } from '../../core/errors.js';
import { isStatus, type GitHubClient } from './github-client.js';

export interface PullRequestSpec {
  client: GitHubClient;
  owner: string;
  repo: string;
  /** Branch name, or `owner:branch` for a fork. */
  head: string;
  base: string;
  title: string;
  body?: string;
  log?: (message: string) => void;
}

export type PullRequestResult = { kind: 'created'; number: number; url: string } | { kind: 'exists'; number: number; url: string } | { kind: 'not-opened'; reason: string };

export async function ensurePullRequest(spec: PullRequestSpec): Promise<PullRequestResult> {
  const { client, owner, repo, head, base } = spec;
  const label = head.includes(':') ? head : `${owner}:${head}`;
  const open = async () => (await client.rest.pulls.list({ owner, repo, head: label, base, state: 'open', per_page: 1 })).data[0];
  const existing = await open();
  if (existing) return { kind: 'exists', number: existing.number, url: existing.html_url };
  try {
    const { data } = await client.rest.pulls.create({ owner, repo, head, base, title: spec.title, ...(spec.body ? { body: spec.body } : {}) });
    return { kind: 'created', number: data.number, url: data.html_url };
  } catch (err) {
    if (!isStatus(err, 422)) throw err;
    // A retried POST whose first try landed also ends here: look again before calling it off.
    const raced = await open();
    if (raced) return { kind: 'exists', number: raced.number, url: raced.html_url };
    const reason = `GitHub refused to open a pull request from ${label} into ${base}: ${describeError(err)}`;
    spec.log?.(reason);
    return { kind: 'not-opened', reason };
  }
}
