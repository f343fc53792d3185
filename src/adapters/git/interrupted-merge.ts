// A base merge (base-sync.ts) is recorded by a marker in the git directory while it runs. A process
// killed mid-merge leaves the marker and the merge in progress; the next tick aborts that merge
// before it touches the branch (git-store.ts), or its staged changes would be committed with a
// step's outputs as if the agent had written them.
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { GitRunner } from './git.js';

/** The marker's name in the git directory; it holds the commit the merge started from. */
export const BASE_MERGE_MARKER = 'sequencer-base-merge';

/** Where a base merge in progress is recorded: the guarded repository's git directory. */
export function baseMergeMarker(git: GitRunner): string | null {
  const gitDir = git.guard?.gitDir;
  return gitDir ? path.join(gitDir, BASE_MERGE_MARKER) : null;
}

/**
 * Aborts a base merge this sequencer started in the runner's workspace and never finished. A
 * merge someone else started has no marker and is left alone. True when a merge was aborted.
 */
export async function abortInterruptedBaseMerge(git: GitRunner): Promise<boolean> {
  const marker = baseMergeMarker(git);
  if (!marker || !existsSync(marker)) return false;
  const merging = (await git.run(['rev-parse', '-q', '--verify', 'MERGE_HEAD'], { allowFail: true })).code === 0;
  // A merge git cannot abort (a MERGE_HEAD planted without a merge) is left to the checkout that
  // follows, which names what is in the way.
  const aborted = merging && (await git.run(['merge', '--abort'], { allowFail: true })).code === 0;
  await rm(marker, { force: true });
  return aborted;
}
