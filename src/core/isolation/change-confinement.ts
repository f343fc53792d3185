// Which of the agent's changes `apply` may commit (the isolated layout, docs/security.md). The
// agent job hands over its changes against the checkpoint commit as a list of paths; a step may
// change files of the repository and nothing else: not the workflows and settings under
// `.github/`, not any plan's state under `.sequencer/`, not git's own `.git` paths, no gitlink
// (a nested repository's commit), no symbolic link that leads out of the repository or into one
// of those places, nothing larger than a file or all changes together may be. Every path is
// decided on its own, with the reason a refused one was left out. Pure.

/** One changed path as `git diff-tree -r --no-renames` reports it, with the new blob's size. */
export interface ChangedPath {
  path: string;
  /** Added, modified, deleted, or its type changed (file ↔ link). */
  status: 'A' | 'M' | 'D' | 'T';
  /** Six octal digits; `000000` for a deletion. */
  mode: string;
  oldMode: string;
  /** Bytes of the new blob (0 for a deletion). */
  size: number;
  /** A symbolic link's target (its blob's text), for mode 120000. */
  linkTarget?: string;
}

export interface ConfinementLimits {
  /** Largest file a step may add or change (GitHub refuses pushes of files over 100 MiB). */
  maxFileBytes: number;
  /** All added or changed files of one attempt together. */
  maxTotalBytes: number;
}

export const DEFAULT_CONFINEMENT: ConfinementLimits = { maxFileBytes: 100 * 1024 * 1024, maxTotalBytes: 1024 * 1024 * 1024 };

export interface RefusedPath {
  path: string;
  reason: string;
}

export interface Confined {
  accepted: ChangedPath[];
  refused: RefusedPath[];
}

const FILE_MODES = new Set(['100644', '100755']);
const LINK_MODE = '120000';
const GITLINK_MODE = '160000';
const DELETED = '000000';

/**
 * `protectedTop`: the top-level folders no step writes, besides `.github` (the state folder,
 * `.sequencer`). Compared without regard to case, as a checkout on macOS or Windows would.
 */
export function confineChanges(changes: readonly ChangedPath[], limits: ConfinementLimits, protectedTop: readonly string[] = ['.sequencer']): Confined {
  const accepted: ChangedPath[] = [];
  const refused: RefusedPath[] = [];
  const tops = new Set(['.github', ...protectedTop].map((t) => t.toLowerCase()));
  let total = 0;
  for (const change of changes) {
    const reason = pathProblem(change.path, tops) ?? modeProblem(change, tops) ?? sizeProblem(change, limits);
    if (reason) {
      refused.push({ path: change.path, reason });
      continue;
    }
    if (change.mode !== DELETED && total + change.size > limits.maxTotalBytes) {
      refused.push({ path: change.path, reason: `the attempt's changes would pass ${bytes(limits.maxTotalBytes)} in all` });
      continue;
    }
    if (change.mode !== DELETED) total += change.size;
    accepted.push(change);
  }
  return { accepted, refused };
}

/** Why a path is not a step's to change, or null. */
export function pathProblem(path: string, tops: ReadonlySet<string>): string | null {
  const parts = path.split('/');
  if (!path || path.startsWith('/') || parts.some((p) => p === '' || p === '.' || p === '..')) return 'not a plain path inside the repository';
  if (parts.some(isGitName)) return "a .git path: git's own files are never a step's to change";
  const top = parts[0]!.toLowerCase();
  if (top === '.github') return "under .github/: workflows and repository settings are never a step's to change";
  if (tops.has(top)) return `under ${parts[0]}/: the sequencer's state is written by the sequencer alone`;
  return null;
}

/** `.git` and the names a checkout on Windows or macOS would take for it (`.GIT`, `.git.`, `git~1`). */
function isGitName(part: string): boolean {
  const lower = part.toLowerCase();
  return /^\.git[. ]*$/.test(lower) || lower === 'git~1';
}

function modeProblem(change: ChangedPath, tops: ReadonlySet<string>): string | null {
  if (change.mode === GITLINK_MODE || change.oldMode === GITLINK_MODE) return 'a gitlink (a nested repository): nested repositories are left as they are';
  if (change.mode === DELETED || FILE_MODES.has(change.mode)) return null;
  if (change.mode !== LINK_MODE) return `an entry of mode ${change.mode}, which is neither a file nor a symbolic link`;
  const target = change.linkTarget ?? '';
  const shown = JSON.stringify(target.length > 200 ? `${target.slice(0, 200)}…` : target);
  const resolved = linkDestination(change.path, target);
  if (resolved === null) return `a symbolic link to ${shown}, outside the repository`;
  if (resolved !== '' && pathProblem(resolved, tops)) return `a symbolic link to ${shown}, into a path no step may change`;
  return null;
}

/**
 * Where a link at `path` pointing to `target` leads, relative to the top of the repository
 * ('' for the top itself), or null when it leads outside (absolute, or up past the top).
 */
export function linkDestination(path: string, target: string): string | null {
  if (!target || target.startsWith('/') || /^[A-Za-z]:/.test(target) || target.includes('\\') || target.includes('\0')) return null;
  const parts = path.split('/').slice(0, -1);
  for (const part of target.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (!parts.length) return null;
      parts.pop();
    } else parts.push(part);
  }
  return parts.join('/');
}

function sizeProblem(change: ChangedPath, limits: ConfinementLimits): string | null {
  if (change.mode === DELETED || change.size <= limits.maxFileBytes) return null;
  return `${bytes(change.size)}, more than the ${bytes(limits.maxFileBytes)} a file may have`;
}

function bytes(n: number): string {
  if (n < 1024 * 1024) return `${n} bytes`;
  const mib = n / 1024 / 1024;
  return `${Number.isInteger(mib) ? mib : mib.toFixed(1)} MiB`;
}

/** At most this many refusals are kept on the attempt; the count says how many there were. */
export const REFUSALS_KEPT = 20;

/** What the attempt record keeps of the refusals: the first few (paths cut to 300 characters). */
export function keptRefusals(refused: readonly RefusedPath[]): { refused: RefusedPath[]; refusedTotal?: number } {
  const kept = refused.slice(0, REFUSALS_KEPT).map((r) => ({ path: r.path.length > 300 ? `${r.path.slice(0, 300)}…` : r.path, reason: r.reason }));
  return { refused: kept, ...(refused.length > kept.length ? { refusedTotal: refused.length } : {}) };
}
