// The agent job of the isolated layout runs on the checkpoint commit prepare pushed: it fetches
// the work branch read-only, checks that the commit is on it, and checks it out; the state is
// read from the commit itself, not from files the job could have changed.
import { ConfigError } from '../../core/errors.js';
import type { GitRunner } from './git.js';

export async function headCommit(git: GitRunner): Promise<string> {
  return (await git.run(['rev-parse', '--verify', 'HEAD^{commit}'])).stdout.trim();
}

/** Puts the workspace on `commit`, which must be on `branch` of `remote`. */
export async function checkoutCheckpoint(git: GitRunner, remote: string, branch: string, commit: string): Promise<void> {
  const tracking = `refs/remotes/${remote}/${branch}`;
  const fetched = await git.run(['fetch', '-q', '--no-tags', remote, `+refs/heads/${branch}:${tracking}`], { allowFail: true });
  if (fetched.code !== 0) throw new ConfigError(`Cannot fetch the work branch ${branch} from ${remote}: ${fetched.stderr.trim()}`);
  const onBranch = await git.run(['merge-base', '--is-ancestor', commit, tracking], { allowFail: true });
  if (onBranch.code !== 0) throw new ConfigError(`The checkpoint commit ${commit} is not on the work branch ${branch}: the attempt cannot run.`);
  await git.run(['checkout', '-q', '--force', '--detach', commit]);
}

/** A file's text at a commit, or null when it is not there. */
export async function fileAt(git: GitRunner, commit: string, rel: string): Promise<string | null> {
  const res = await git.run(['show', `${commit}:./${rel}`], { allowFail: true });
  return res.code === 0 ? res.stdout : null;
}
