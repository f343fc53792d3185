// The branch a finished plan's pull request is opened from. Its history is one commit per
// finished step, holding that step's outputs: the work branch's checkpoint commits (the state
// alone) and its failed attempts (the state alone) stay on the work branch, and so does the plan's
// state folder. Where the work branch merged the base branch (base sync), the steps are replayed
// on the last base it merged, so the pull request has no merge commit; when a step's changes do
// not replay cleanly there, or the work branch holds commits the sequencer did not make, the
// branch is the work branch's tip plus one commit that removes the state folder, as before.
// Every commit takes its author and dates from the commit it stands for, so a re-run builds the
// same commits and the push changes nothing.
import { writeFile, rm } from 'node:fs/promises';
import path from 'node:path';
import type { GitRunner } from './git.js';

export interface PullRequestBranchSpec {
  remote: string;
  /** The work branch; its tracking ref is the tip the last durable write pushed. */
  branch: string;
  /** The branch to push, e.g. `sequencer-pr/<plan-id>`. */
  prBranch: string;
  /** Workspace-relative folder to leave out, e.g. `.sequencer/<plan-id>`. */
  stateFolder: string;
  /** The plan's id: its commits are `sequencer(<planId>): …`. */
  planId?: string;
  /** Step titles by id, for the step commits' subjects. */
  titles?: Record<string, string>;
}

interface Commit {
  sha: string;
  parents: string[];
  subject: string;
}

/** Pushes the pull request branch; returns its commit. */
export async function pushPullRequestBranch(git: GitRunner, spec: PullRequestBranchSpec): Promise<string> {
  const { remote } = spec;
  const tip = (await git.run(['rev-parse', '--verify', `refs/remotes/${remote}/${spec.branch}^{commit}`])).stdout.trim();
  const gitDir = (await git.run(['rev-parse', '--absolute-git-dir'])).stdout.trim();
  // A throwaway index: the checkout's own index and files are never touched.
  const index = { GIT_INDEX_FILE: path.join(gitDir, 'sequencer-pr-index') };
  const outputsOnly = await treeWithout(git, index, tip, spec.stateFolder);
  const steps = spec.planId ? await stepCommits(git, { ...spec, planId: spec.planId }, tip, index, gitDir, outputsOnly) : null;
  const commit = steps ?? (await commitAs(git, tip, outputsOnly, [tip], `Leave the sequencer's state out of the pull request`));
  // Only this plan's pull request branch, rebuilt from the work branch: forcing it loses nothing.
  await git.run(['push', '-q', remote, `+${commit}:refs/heads/${spec.prBranch}`]);
  return commit;
}

/** `commit`'s tree without the state folder. */
async function treeWithout(git: GitRunner, index: Record<string, string>, commit: string, folder: string): Promise<string> {
  await git.run(['read-tree', commit], { env: index });
  await git.run(['rm', '-r', '-q', '-f', '--cached', '--ignore-unmatch', '--', folder], { env: index });
  return (await git.run(['write-tree'], { env: index })).stdout.trim();
}

/** A commit of `tree` on `parents`, with the author and dates of `like`. */
async function commitAs(git: GitRunner, like: string, tree: string, parents: string[], message: string): Promise<string> {
  const [name = 'sequencer', email = '', authorDate = '', committerDate = ''] = (await git.run(['show', '-s', '--format=%an%n%ae%n%aI%n%cI', like])).stdout.split('\n');
  const env = { GIT_AUTHOR_NAME: name, GIT_AUTHOR_EMAIL: email, GIT_COMMITTER_NAME: name, GIT_COMMITTER_EMAIL: email, GIT_AUTHOR_DATE: authorDate, GIT_COMMITTER_DATE: committerDate };
  return (await git.run(['commit-tree', tree, ...parents.flatMap((p) => ['-p', p]), '-m', message], { env })).stdout.trim();
}

/**
 * One commit per finished step on the base the work branch started from (or last merged), or
 * null when that cannot be done safely: then the caller keeps the work branch's history.
 */
async function stepCommits(git: GitRunner, spec: PullRequestBranchSpec & { planId: string }, tip: string, index: Record<string, string>, gitDir: string, outputsOnly: string): Promise<string | null> {
  const listed = (await git.run(['rev-list', '--first-parent', '--reverse', '--format=%P%n%s', tip])).stdout;
  const commits: Commit[] = [];
  for (const block of listed.split(/^commit /m).filter(Boolean)) {
    const [sha = '', parents = '', subject = ''] = block.split('\n');
    commits.push({ sha: sha.trim(), parents: parents.trim().split(' ').filter(Boolean), subject });
  }
  const prefix = `sequencer(${spec.planId}): `;
  const first = commits.findIndex((c) => c.subject.startsWith(prefix));
  const start = commits[first]?.parents[0];
  // A commit someone else made on the work branch is theirs to place: keep the history as it is.
  if (first < 0 || !start || commits.slice(first).some((c) => !c.subject.startsWith(prefix))) return null;
  const ours = commits.slice(first);
  const merges = ours.filter((c) => c.parents.length > 1);
  const done = new RegExp(`^${escape(prefix)}(\\S+) attempt (\\d+) (?:succeeded|recovered)$`);
  const completions = ours.filter((c) => c.parents.length === 1 && done.test(c.subject));
  if (!completions.length) return null;
  const base = merges.length ? merges[merges.length - 1]!.parents[1]! : start;
  const patch = path.join(gitDir, 'sequencer-pr.patch');
  let parent = base;
  try {
    await git.run(['read-tree', base], { env: index });
    for (const c of completions) {
      const [, stepId = '', n = ''] = done.exec(c.subject) ?? [];
      if (merges.length) {
        // Base sync merged the base branch in between: replay the step's own changes on the last base it merged.
        const diff = await git.run(['diff', '--binary', '--full-index', c.parents[0]!, c.sha, '--', '.', `:(exclude,top,literal)${spec.stateFolder}`]);
        if (diff.stdout.trim()) {
          await writeFile(patch, diff.stdout);
          const applied = await git.run(['apply', '--cached', '--binary', patch], { env: index, allowFail: true });
          if (applied.code !== 0) return null;
        }
      } else {
        await git.run(['read-tree', c.sha], { env: index });
        await git.run(['rm', '-r', '-q', '-f', '--cached', '--ignore-unmatch', '--', spec.stateFolder], { env: index });
      }
      const tree = (await git.run(['write-tree'], { env: index })).stdout.trim();
      const title = (spec.titles?.[stepId] ?? stepId).replace(/\s+/g, ' ').trim() || stepId;
      parent = await commitAs(git, c.sha, tree, [parent], `${title}\n\nStep ${stepId} of plan ${spec.planId}, attempt ${n}.`);
    }
  } finally {
    await rm(patch, { force: true });
  }
  // The replay is safe only if it ends where the work branch did.
  const replayed = (await git.run(['rev-parse', `${parent}^{tree}`])).stdout.trim();
  return replayed === outputsOnly ? parent : null;
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
