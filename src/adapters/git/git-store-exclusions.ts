// What the git store keeps out of its commits: the workspace patterns it never commits (written to
// the repository's info/exclude), the nested repositories a completion commit does not descend
// into, and the files the agent left under the state folder, which are reported, never committed.
import { lstat, mkdir, readFile, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { GitRunner } from './git.js';
import { writeFileAtomic } from '../fs/atomic-write.js';

const EXCLUDE_MARKER = '# agent-step-sequencer: never committed';

/** Adds the workspace-relative gitignore patterns `exclude` to info/exclude, once each. */
export async function writeExcludes(git: GitRunner, exclude: string[]): Promise<void> {
  if (exclude.length === 0) return;
  // info/exclude is shared by a repository's worktrees: it is in the common directory the guard
  // pinned before any agent ran. Without one there was no repository at the start of the tick,
  // and the checkout that follows fails saying so.
  const common = git.guard?.commonDir;
  if (!common) return;
  const file = path.join(common, 'info', 'exclude');
  const current = await readFile(file, 'utf8').catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return '';
    throw err;
  });
  const have = new Set(current.split(/\r?\n/));
  const missing = exclude.filter((p) => !have.has(p));
  if (missing.length === 0) return;
  const lines = [...(have.has(EXCLUDE_MARKER) ? [] : [EXCLUDE_MARKER]), ...missing];
  const sep = current === '' || current.endsWith('\n') ? '' : '\n';
  // The agent may have put symlinks at `.git/info` or at the file: replace them, never write through.
  const dir = path.dirname(file);
  if ((await lstat(dir).catch(() => null))?.isSymbolicLink()) await unlink(dir);
  await mkdir(dir, { recursive: true });
  await writeFileAtomic(file, `${current}${sep}${lines.join('\n')}\n`);
}

/**
 * Pathspecs leaving out the nested repositories already in the index: `add -A` would run
 * `git status` inside each, and that process reads the nested repository's own config (its
 * filters), which the agent wrote. They stay recorded at the commit they were added with.
 */
export async function gitlinkExclusions(git: GitRunner): Promise<string[]> {
  const res = await git.run(['ls-files', '-s', '-z', '--full-name', '--', ':/']);
  const links = res.stdout
    .split('\0')
    .filter((line) => line.startsWith('160000 '))
    .map((line) => line.slice(line.indexOf('\t') + 1));
  return links.map((p) => `:(top,exclude,literal)${p}`);
}

/** Where the store keeps its states, and who hears of what a completion commit left out. */
export interface StateFolder {
  /** The state file, relative to the workspace. */
  statePath: string;
  /** The folder states live under (nothing in it is the agent's to commit); null for a state at the top of the workspace. */
  stateRoot: string | null;
  /** Told about files the agent left under the state folder that a completion commit left out. */
  log?: ((message: string) => void) | undefined;
}

/** Says which files the agent wrote or changed under the state folder (left out of the commit). */
export async function reportLeftOut(git: GitRunner, folder: StateFolder, records: string[] = []): Promise<void> {
  if (!folder.stateRoot) return;
  const res = await git.run(['status', '--porcelain=v1', '-z', '--untracked-files=all', '--no-renames', '--', `:(top,literal)${folder.stateRoot}`]);
  const ours = new Set([folder.statePath, ...records.map((r) => r.slice(2))]);
  const left = res.stdout
    .split('\0')
    .filter((entry) => entry.length > 3 && !ours.has(entry.slice(3)))
    .map((entry) => entry.slice(3));
  if (!left.length) return;
  const shown = left
    .slice(0, 10)
    .map((p) => JSON.stringify(p))
    .join(', ');
  folder.log?.(`Left out of the commit: ${left.length} file(s) under ${folder.stateRoot}/, where only the sequencer writes (${shown}${left.length > 10 ? ', …' : ''}).`);
}
