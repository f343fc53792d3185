// The branch a finished plan's pull request is opened from: the work branch's tip plus one
// commit that removes the plan's state folder, so the pull request's diff holds the outputs only
// while the work branch keeps its full history. The commit takes its dates from the tip, so a
// re-run builds the same commit and the push changes nothing.
import { git } from './git.js';

export interface PullRequestBranchSpec {
  workspace: string;
  remote: string;
  /** The work branch; its tracking ref is the tip the last durable write pushed. */
  branch: string;
  /** The branch to push, e.g. `sequencer/<plan-id>-pr`. */
  prBranch: string;
  /** Workspace-relative folder to leave out, e.g. `.sequencer/<plan-id>`. */
  stateFolder: string;
}

/** Pushes the pull request branch; returns its commit. */
export async function pushPullRequestBranch(spec: PullRequestBranchSpec): Promise<string> {
  const { workspace: cwd, remote } = spec;
  const tip = (await git(['rev-parse', '--verify', `refs/remotes/${remote}/${spec.branch}^{commit}`], { cwd })).stdout.trim();
  // A throwaway index: the checkout's own index and files are never touched.
  const index = { GIT_INDEX_FILE: `${(await git(['rev-parse', '--absolute-git-dir'], { cwd })).stdout.trim()}/sequencer-pr-index` };
  await git(['read-tree', tip], { cwd, env: index });
  await git(['rm', '-r', '-q', '--cached', '--ignore-unmatch', '--', spec.stateFolder], { cwd, env: index });
  const tree = (await git(['write-tree'], { cwd, env: index })).stdout.trim();
  const date = (await git(['show', '-s', '--format=%cI', tip], { cwd })).stdout.trim();
  const author = (await git(['show', '-s', '--format=%an%n%ae', tip], { cwd })).stdout.trim().split('\n');
  const who = { GIT_AUTHOR_NAME: author[0] ?? 'sequencer', GIT_AUTHOR_EMAIL: author[1] ?? '', GIT_COMMITTER_NAME: author[0] ?? 'sequencer', GIT_COMMITTER_EMAIL: author[1] ?? '' };
  const commit = (
    await git(['commit-tree', tree, '-p', tip, '-m', `Leave the sequencer's state out of the pull request`], {
      cwd,
      env: { ...who, GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date },
    })
  ).stdout.trim();
  // Only this plan's pull request branch, rebuilt from the work branch: forcing it loses nothing.
  await git(['push', '-q', remote, `+${commit}:refs/heads/${spec.prBranch}`], { cwd });
  return commit;
}
