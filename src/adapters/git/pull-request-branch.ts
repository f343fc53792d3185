// The branch a finished plan's pull request is opened from: the work branch's tip plus one
// commit that removes the plan's state folder, so the pull request's diff holds the outputs only
// while the work branch keeps its full history. The commit takes its dates from the tip, so a
// re-run builds the same commit and the push changes nothing.
import type { GitRunner } from './git.js';

export interface PullRequestBranchSpec {
  remote: string;
  /** The work branch; its tracking ref is the tip the last durable write pushed. */
  branch: string;
  /** The branch to push, e.g. `sequencer/<plan-id>-pr`. */
  prBranch: string;
  /** Workspace-relative folder to leave out, e.g. `.sequencer/<plan-id>`. */
  stateFolder: string;
}

/** Pushes the pull request branch; returns its commit. */
export async function pushPullRequestBranch(git: GitRunner, spec: PullRequestBranchSpec): Promise<string> {
  const { remote } = spec;
  const tip = (await git.run(['rev-parse', '--verify', `refs/remotes/${remote}/${spec.branch}^{commit}`])).stdout.trim();
  // A throwaway index: the checkout's own index and files are never touched.
  const index = { GIT_INDEX_FILE: `${(await git.run(['rev-parse', '--absolute-git-dir'])).stdout.trim()}/sequencer-pr-index` };
  await git.run(['read-tree', tip], { env: index });
  await git.run(['rm', '-r', '-q', '--cached', '--ignore-unmatch', '--', spec.stateFolder], { env: index });
  const tree = (await git.run(['write-tree'], { env: index })).stdout.trim();
  const date = (await git.run(['show', '-s', '--format=%cI', tip])).stdout.trim();
  const author = (await git.run(['show', '-s', '--format=%an%n%ae', tip])).stdout.trim().split('\n');
  const who = { GIT_AUTHOR_NAME: author[0] ?? 'sequencer', GIT_AUTHOR_EMAIL: author[1] ?? '', GIT_COMMITTER_NAME: author[0] ?? 'sequencer', GIT_COMMITTER_EMAIL: author[1] ?? '' };
  const commit = (
    await git.run(['commit-tree', tree, '-p', tip, '-m', `Leave the sequencer's state out of the pull request`], {
      env: { ...who, GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date },
    })
  ).stdout.trim();
  // Only this plan's pull request branch, rebuilt from the work branch: forcing it loses nothing.
  await git.run(['push', '-q', remote, `+${commit}:refs/heads/${spec.prBranch}`]);
  return commit;
}
