// Moves files between the workspace and the cache store's staging folder, which mirrors the
// workspace layout (an output `out/a.md` is staged as `<staging>/out/a.md`). Both directions stay
// inside the workspace: outputs whose real path leaves it are not staged, and restored files are
// never written through a symlink, because a cache entry is an archive anyone with write access to
// the repository's workflows can produce.
import { copyFile, lstat, mkdir, readdir, realpath, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { describeError } from '../../core/errors.js';
import { checkRelativePath } from '../../core/plan/workspace-paths.js';
import type { Log } from '../../ports.js';
import { copyFileAtomic } from '../fs/atomic-write.js';

/** Top-level folders that belong to the sequencer or to git, never staged as outputs. */
const RESERVED = ['.sequencer', '.git'];

/** Why `p` cannot be carried as an output, or null with its normalized form. */
export function outputPathProblem(p: string): string | null {
  const problem = checkRelativePath(p);
  if (problem) return problem;
  const norm = normalizeRelative(p);
  if (norm === '.') return `${JSON.stringify(p)} is the whole workspace; expected a file or folder inside it`;
  const top = norm.split('/', 1)[0] ?? '';
  if (RESERVED.includes(top)) return `${JSON.stringify(p)} is inside ${top}/, which is never carried as an output`;
  return null;
}

export function normalizeRelative(p: string): string {
  return path.posix.normalize(p.replace(/\\/g, '/')).replace(/\/+$/, '') || '.';
}

/**
 * Replaces `<staging>/<rel>` with the workspace's current `<rel>` (a file or a folder).
 * Returns false, with a warning, when there is nothing inside the workspace to stage.
 */
export async function stageOutput(workspace: string, staging: string, rel: string, log: Log): Promise<boolean> {
  const problem = outputPathProblem(rel);
  if (problem) {
    log.warn(`Output not saved to the cache: ${problem}.`);
    return false;
  }
  const norm = normalizeRelative(rel);
  const root = await realpath(workspace);
  let real: string;
  try {
    real = await realpath(path.join(workspace, norm));
  } catch {
    log.warn(`Output ${norm} does not exist in the workspace; the cache keeps its previous copy, if any.`);
    return false;
  }
  if (!isInside(root, real)) {
    log.warn(`Output ${norm} resolves outside the workspace (${real}); not saved to the cache.`);
    return false;
  }
  const target = path.join(staging, norm);
  await rm(target, { recursive: true, force: true });
  await mkdir(path.dirname(target), { recursive: true });
  await copyTree(real, target, norm, log);
  return true;
}

/** Copies a regular file or a folder tree; symlinks inside folders are skipped with a warning. */
async function copyTree(source: string, target: string, label: string, log: Log): Promise<void> {
  const info = await stat(source);
  if (info.isFile()) {
    await copyFile(source, target);
    return;
  }
  if (!info.isDirectory()) {
    log.warn(`Output ${label} is neither a file nor a folder; not saved to the cache.`);
    return;
  }
  await mkdir(target, { recursive: true });
  for (const entry of await readdir(source, { withFileTypes: true })) {
    const child = `${label}/${entry.name}`;
    if (entry.isSymbolicLink()) log.warn(`Symlink ${child} is not saved to the cache.`);
    else if (entry.isFile() || entry.isDirectory()) await copyTree(path.join(source, entry.name), path.join(target, entry.name), child, log);
  }
}

/**
 * Copies every regular file staged outside the reserved folders to the same place in the
 * workspace, replacing what is there. Returns the workspace-relative paths written.
 */
export async function installStagedOutputs(workspace: string, staging: string, log: Log): Promise<string[]> {
  const root = await realpath(workspace);
  const written: string[] = [];
  const walk = async (dir: string, rel: string): Promise<void> => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const childRel = rel ? `${rel}/${entry.name}` : entry.name;
      if (!rel && RESERVED.includes(entry.name)) continue;
      const source = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(source, childRel);
      else if (entry.isFile()) {
        if (await installFile(root, source, childRel, log)) written.push(childRel);
      } else log.warn(`Cache entry holds ${childRel}, which is not a regular file; it was not restored.`);
    }
  };
  await walk(staging, '');
  return written;
}

async function installFile(root: string, source: string, rel: string, log: Log): Promise<boolean> {
  const target = path.join(root, rel);
  const parent = path.dirname(target);
  // The nearest existing ancestor decides where mkdir would create folders: it must be inside.
  const anchor = await nearestExisting(parent);
  if (!isInside(root, await realpath(anchor))) {
    log.warn(`Not restoring ${rel}: its folder leads outside the workspace through a symlink.`);
    return false;
  }
  try {
    await mkdir(parent, { recursive: true });
    // Copied beside the target and renamed over it: rename replaces a symlink instead of writing
    // through it, and readers never see a half-written file.
    copyFileAtomic(source, target);
    return true;
  } catch (err) {
    log.warn(`Could not restore ${rel} from the cache: ${describeError(err)}`);
    return false;
  }
}

async function nearestExisting(dir: string): Promise<string> {
  for (let current = dir; ; current = path.dirname(current)) {
    try {
      await lstat(current);
      return current;
    } catch {
      if (path.dirname(current) === current) return current;
    }
  }
}

function isInside(root: string, p: string): boolean {
  return p === root || p.startsWith(root.endsWith(path.sep) ? root : root + path.sep);
}
