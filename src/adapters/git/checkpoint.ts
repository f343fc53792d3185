// The agent job of the isolated layout runs on the checkpoint commit prepare pushed: it fetches
// the work branch read-only, checks that the commit is on it, and checks it out; the state is
// read from the commit itself, not from files the job could have changed.
import { ConfigError } from '../../core/errors.js';
import { git } from './git.js';

export async function headCommit(workspace: string): Promise<string> {
  return (await git(['rev-parse', '--verify', 'HEAD^{commit}'], { cwd: workspace })).stdout.trim();
}

/** Puts the workspace on `commit`, which must be on `branch` of `remote`. */
export async function checkoutCheckpoint(workspace: string, remote: string, branch: string, commit: string): Promise<void> {
  const tracking = `refs/remotes/${remote}/${branch}`;
  const fetched = await git(['fetch', '-q', '--no-tags', remote, `+refs/heads/${branch}:${tracking}`], { cwd: workspace, allowFail: true });
  if (fetched.code !== 0) throw new ConfigError(`Cannot fetch the work branch ${branch} from ${remote}: ${fetched.stderr.trim()}`);
  const onBranch = await git(['merge-base', '--is-ancestor', commit, tracking], { cwd: workspace, allowFail: true });
  if (onBranch.code !== 0) throw new ConfigError(`The checkpoint commit ${commit} is not on the work branch ${branch}: the attempt cannot run.`);
  await git(['checkout', '-q', '--force', '--detach', commit], { cwd: workspace });
}

/** A file's text at a commit, or null when it is not there. */
export async function fileAt(workspace: string, commit: string, rel: string): Promise<string | null> {
  const res = await git(['show', `${commit}:./${rel}`], { cwd: workspace, allowFail: true });
  return res.code === 0 ? res.stdout : null;
}
