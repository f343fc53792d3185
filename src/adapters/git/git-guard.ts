// Pins a workspace's repository before any agent runs (docs/security.md). From then on every git
// command in the workspace names the repository explicitly (GIT_DIR, GIT_COMMON_DIR, GIT_WORK_TREE,
// so a rewritten `.git` file, a planted `commondir` or `core.worktree` moves nothing), and first
// puts back the repository's config files as they were kept here: what the agent wrote into
// `.git/config` (filters, helpers, URL rewrites, includes, remote programs, a new remote URL) is
// gone before git reads it. On GitHub Actions the kept config is reduced to trusted entries and
// the credential actions/checkout persisted is removed from the workspace and RUNNER_TEMP; the
// Action's own token reaches git through each command's environment instead.
import { lstatSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { credentialEnvironment, credentialIncludes, formatConfig, parseConfigList, trustedRepositoryConfig, withoutCredentials, type ConfigEntry } from '../../core/trust/git-policy.js';
import { writeFileAtomicSync } from '../fs/atomic-write.js';
import type { GitRunner, RepositoryGuard } from './git.js';

export interface GuardOptions {
  /** The Action's token, sent as an extra header to this server's https URLs. */
  credential?: { serverUrl: string; token: string };
  /** Where actions/checkout v6+ keeps the persisted credential (RUNNER_TEMP). */
  runnerTemp?: string;
}

interface Repository {
  workTree: string;
  gitDir: string;
  commonDir: string;
}

/**
 * Guards the repository of the runner's workspace for the runner's life (the rest of the
 * process); a second call changes nothing, so what is kept is always what was there before the
 * first agent. The runner's mode says whose git this is (`action`: the checkout's credential goes).
 */
export async function guardRepository(git: GitRunner, opts: GuardOptions = {}): Promise<void> {
  const mode = git.mode;
  if (git.guard) return;
  const workspace = git.cwd;
  const credential = opts.credential ? credentialEnvironment(opts.credential.serverUrl, opts.credential.token) : {};
  const repo = findRepository(path.resolve(workspace));
  if (!repo) {
    // No repository now: one the agent creates later is never the one our commands use.
    const nowhere = { GIT_DIR: path.join(path.resolve(workspace), '.git', 'no-repository-at-start') };
    if (mode === 'action') git.useGuard({ prepare: async () => ({ ...nowhere, ...credential }) });
    return;
  }
  const configFile = path.join(repo.commonDir, 'config');
  const mainEntries = mode === 'action' ? await removePersistedCredentials(git, repo, opts.runnerTemp) : null;
  const kept = new Map<string, string | null>([
    [configFile, mainEntries ? formatConfig(trustedRepositoryConfig(mainEntries)) : readOrNull(configFile)],
    [path.join(repo.gitDir, 'config.worktree'), mode === 'action' ? null : readOrNull(path.join(repo.gitDir, 'config.worktree'))],
    [path.join(repo.gitDir, 'commondir'), readOrNull(path.join(repo.gitDir, 'commondir'))],
  ]);
  const guard = new KeptRepository(repo, kept, credential);
  git.useGuard(guard);
  // Written now: the agent never sees the credential entries, even before our first command.
  await guard.prepare();
}

class KeptRepository implements RepositoryGuard {
  private readonly dirs: Array<{ dir: string; id: string }>;

  constructor(
    private readonly repo: Repository,
    private readonly kept: Map<string, string | null>,
    private readonly credential: Record<string, string>,
  ) {
    this.dirs = [...new Set([repo.gitDir, repo.commonDir])].map((dir) => ({ dir, id: identity(dir) }));
  }

  get gitDir(): string {
    return this.repo.gitDir;
  }

  get commonDir(): string {
    return this.repo.commonDir;
  }

  async prepare(): Promise<Record<string, string>> {
    for (const { dir, id } of this.dirs) {
      // A directory swapped for another (or for a symlink to one) would take our writes elsewhere.
      if (identity(dir) !== id) throw new Error(`Refusing to run git: the git directory ${dir} was replaced since the sequencer started.`);
    }
    for (const [file, text] of this.kept) restore(file, text);
    return { GIT_DIR: this.repo.gitDir, GIT_COMMON_DIR: this.repo.commonDir, GIT_WORK_TREE: this.repo.workTree, ...this.credential };
  }
}

/** The repository git would find from `start`: a `.git` directory or `gitdir:` file, walking up. */
function findRepository(start: string): Repository | null {
  for (let dir = start; ; dir = path.dirname(dir)) {
    const dotGit = path.join(dir, '.git');
    let gitDir: string | null = null;
    try {
      const st = lstatSync(dotGit);
      if (st.isDirectory()) gitDir = dotGit;
      else if (st.isFile()) {
        const m = /^gitdir: (.+)$/m.exec(readFileSync(dotGit, 'utf8'));
        if (m?.[1]) gitDir = path.resolve(dir, m[1].trim());
      }
    } catch {
      // no .git here
    }
    if (gitDir) {
      const common = readOrNull(path.join(gitDir, 'commondir'));
      return { workTree: dir, gitDir, commonDir: common === null ? gitDir : path.resolve(gitDir, common.trim()) };
    }
    if (path.dirname(dir) === dir) return null;
  }
}

async function readConfig(git: GitRunner, file: string) {
  const res = await git.run(['config', '--file', file, '--no-includes', '--null', '--list'], { allowFail: true });
  return res.code === 0 ? parseConfigList(res.stdout) : [];
}

/**
 * Takes the token actions/checkout persisted out of the agent's reach: the credential files under
 * RUNNER_TEMP that includes name (v6+), and the extra headers and includes of submodule configs
 * (the main config is rewritten from trusted entries anyway). Nothing is put back afterwards.
 * Returns the main config's entries as read, for the caller to keep (a git process per read).
 */
async function removePersistedCredentials(git: GitRunner, repo: Repository, runnerTemp: string | undefined): Promise<ConfigEntry[]> {
  const root = runnerTemp ? path.resolve(runnerTemp) : null;
  const removeCredentialFiles = (file: string, entries: ConfigEntry[]) => {
    for (const include of credentialIncludes(entries)) {
      const target = path.resolve(path.dirname(file), include);
      if (root && target.startsWith(root + path.sep)) rmSync(target, { force: true });
    }
  };
  const main = path.join(repo.commonDir, 'config');
  const mainEntries = await readConfig(git, main);
  removeCredentialFiles(main, mainEntries);
  for (const file of submoduleConfigs(path.join(repo.commonDir, 'modules'))) {
    const entries = await readConfig(git, file);
    removeCredentialFiles(file, entries);
    const clean = withoutCredentials(entries);
    if (clean.length !== entries.length) restore(file, formatConfig(clean));
  }
  return mainEntries;
}

function submoduleConfigs(dir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names.flatMap((name) => {
    const sub = path.join(dir, name);
    return [...(existsFile(path.join(sub, 'config')) ? [path.join(sub, 'config')] : []), ...submoduleConfigs(path.join(sub, 'modules'))];
  });
}

function existsFile(file: string): boolean {
  try {
    return lstatSync(file).isFile();
  } catch {
    return false;
  }
}

function identity(dir: string): string {
  const st = statSync(dir);
  return lstatSync(dir).isSymbolicLink() ? `link:${st.dev}:${st.ino}` : `${st.dev}:${st.ino}`;
}

function readOrNull(file: string): string | null {
  try {
    return lstatSync(file).isFile() ? readFileSync(file, 'utf8') : null;
  } catch {
    return null;
  }
}

/** Puts `file` back to `text` (absent for null), replacing a symlink rather than writing through it. */
function restore(file: string, text: string | null): void {
  let st;
  try {
    st = lstatSync(file);
  } catch {
    st = null;
  }
  if (text === null) {
    if (st) rmSync(file, { recursive: true, force: true });
    return;
  }
  if (st?.isFile() && readFileSync(file, 'utf8') === text) return;
  // rename() cannot replace a directory; it does replace a symlink instead of writing through it.
  if (st?.isDirectory()) rmSync(file, { recursive: true, force: true });
  writeFileAtomicSync(file, text, { mode: 0o644, exactMode: true });
}
