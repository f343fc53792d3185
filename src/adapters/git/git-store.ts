// The git state store (README, "State stores"): state lives on a work branch next to the agent's
// outputs, and a push is the durable write. Concurrency is decided by the remote refusing
// non-fast-forward pushes, so no lock is taken; a rejected push either rebases a change that does
// not touch the state or gives the tick up. Nothing is ever force-pushed.
import { lstat, mkdir, readFile, unlink } from 'node:fs/promises';
import path from 'node:path';
import { ConfigError, ConflictError, describeError, RemoteError, showValue, StateError } from '../../core/errors.js';
import type { State } from '../../core/state/types.js';
import { decodeState } from '../../core/state/decode-state.js';
import { RevisionGuard } from '../../core/state/revision-guard.js';
import type { AcquireResult, LoadResult, StateStore, WriteMeta } from '../../ports.js';
import { GitTimeoutError, type GitResult, type GitRunner } from './git.js';
import { guardRepository } from './git-guard.js';
import { DEFAULT_GIT_IDENTITY, identityArgs, type GitIdentity } from './git-identity.js';
import { writeFileAtomic } from '../fs/atomic-write.js';
import { realFolder } from '../fs/fresh-file.js';
import { abortInterruptedBaseMerge } from './interrupted-merge.js';
import { serializeState } from '../../core/state/state-json.js';
import { idleRef, isIdleStatus, isRefSafePlanId, PLAN_BRANCH_PREFIX } from '../../core/fleet/plan-index.js';
import { isBranchName, isRemoteName } from '../../wiring/checks.js';

export interface GitStoreOptions {
  /** The git runner of the checkout that is the agent's working directory (its workspace). */
  git: GitRunner;
  planId: string;
  /** Remote name; default `origin`. */
  remote?: string;
  /** Default `sequencer/<planId>`. */
  branch?: string;
  /** Relative to the workspace; default `.sequencer/<planId>/state.json`. */
  statePath?: string;
  identity?: GitIdentity;
  /** Workspace-relative gitignore patterns never committed (e.g. the attempt log dir). */
  exclude?: string[];
  /** Extra pushes after a rejection caused by commits that do not touch the state; default 4. */
  pushRetries?: number;
  /** Where a new work branch starts (e.g. the commit the workflow checked out); default HEAD. */
  base?: string;
  /** Told about files the agent left under the state folder that a completion commit left out. */
  log?: (message: string) => void;
  /**
   * Keep the plan index (src/core/fleet/plan-index.ts): a write that leaves the plan idle also
   * moves `refs/sequencer/idle/<planId>` to the new tip, in the same atomic push. Default: only
   * on the default branch `sequencer/<planId>`; the wiring sets it for any branch named after
   * its plan under a prefix that heartbeats list.
   */
  idleIndex?: boolean;
}

const EXCLUDE_MARKER = '# agent-step-sequencer: never committed';

export class GitStore implements StateStore {
  readonly description: string;
  readonly remote: string;
  readonly branch: string;
  readonly statePath: string;
  private readonly git: GitRunner;
  private readonly workspace: string;
  private readonly planId: string;
  private readonly identity: GitIdentity;
  private readonly exclude: string[];
  private readonly pushRetries: number;
  private readonly base: string | undefined;
  private readonly idleIndex: boolean;
  private readonly log: ((message: string) => void) | undefined;
  /**
   * The folder states live under (`.sequencer` for the usual layout, else the state's own folder;
   * null for a state at the top of the workspace): nothing in it is the agent's to commit.
   */
  private readonly stateRoot: string | null;
  /** Whether the write being pushed leaves the plan idle (its marker moves along). */
  private pushIdle = false;
  private readonly revisions: RevisionGuard;
  // Whether the state file is known to be in the index, so `commit --only` can pick it up
  // without a separate `git add` (one process less per write).
  private stateTracked = false;

  constructor(opts: GitStoreOptions) {
    this.git = opts.git;
    this.workspace = opts.git.cwd;
    this.planId = opts.planId;
    this.remote = opts.remote ?? 'origin';
    this.branch = opts.branch ?? `sequencer/${opts.planId}`;
    this.statePath = checkStatePath(opts.statePath ?? `.sequencer/${opts.planId}/state.json`);
    this.identity = opts.identity ?? DEFAULT_GIT_IDENTITY;
    this.exclude = opts.exclude ?? [];
    this.pushRetries = opts.pushRetries ?? 4;
    this.base = opts.base;
    this.log = opts.log;
    const planDir = path.posix.dirname(this.statePath);
    this.stateRoot = this.statePath.startsWith('.sequencer/') ? '.sequencer' : planDir === '.' ? null : planDir;
    this.idleIndex = (opts.idleIndex ?? this.branch === `${PLAN_BRANCH_PREFIX}${this.planId}`) && isRefSafePlanId(this.planId);
    checkRemote(this.remote);
    checkBranch(this.branch);
    for (const pattern of this.exclude) {
      if (/[\r\n]/.test(pattern) || !pattern.trim()) {
        throw new ConfigError(`Invalid exclude pattern ${showValue(pattern)}: expected one non-empty gitignore line.`);
      }
    }
    if (!Number.isInteger(this.pushRetries) || this.pushRetries < 0) {
      throw new ConfigError(`Invalid pushRetries ${showValue(opts.pushRetries)}: expected a whole number >= 0.`);
    }
    this.description = `git ${this.remote} ${this.branch}`;
    this.revisions = new RevisionGuard({ where: this.where, untouched: 'nothing was committed or pushed' });
  }

  private get trackingRef(): string {
    return `refs/remotes/${this.remote}/${this.branch}`;
  }

  private get where(): string {
    return `${this.statePath} on branch ${this.branch} (remote ${this.remote})`;
  }

  private run(args: string[], allowFail = false): Promise<GitResult> {
    return this.git.run(args, { allowFail });
  }

  /** No lock: the remote refusing a non-fast-forward push decides between writers. */
  async lock(): Promise<AcquireResult> {
    return { ok: true };
  }

  /** Guards the repository, fetches the work branch and checks it out at its remote tip. */
  async open(): Promise<void> {
    this.revisions.reset();
    this.stateTracked = false;
    // The first open comes before any agent runs: the repository is kept as it is now.
    await guardRepository(this.git);
    await abortInterruptedBaseMerge(this.git);
    await this.writeExcludes();
    const remoteHasBranch = await this.fetchBranch();
    // Without a start point `-B` moves the branch to HEAD, keeping the work tree as it is.
    const args = remoteHasBranch ? ['checkout', '-q', '--no-track', '-B', this.branch, this.trackingRef] : ['checkout', '-q', '-B', this.branch, ...(this.base ? [this.base] : [])];
    const res = await this.run(args, true);
    if (res.code !== 0) {
      const target = remoteHasBranch ? `${this.remote}/${this.branch}` : 'the current commit';
      throw new ConfigError(
        `Cannot switch the workspace ${this.workspace} to branch ${this.branch} at ${target}: ${res.stderr.trim()}`,
        'Commit or discard uncommitted changes to tracked files (and move away untracked files that collide) before the tick; the state branch must be checked out exactly at its remote tip.',
      );
    }
  }

  async load(): Promise<LoadResult> {
    this.revisions.loading();
    try {
      const result = await this.readWorkingState();
      this.revisions.loaded(result.kind === 'loaded' ? (result.state.revision ?? 0) : 0);
      return result;
    } catch (err) {
      const error = err instanceof StateError ? err : new StateError(`Cannot read ${this.where}: ${describeError(err)}`);
      this.revisions.failed(error);
      throw error;
    }
  }

  async write(state: State, meta: WriteMeta): Promise<State> {
    const base = this.revisions.check(state);
    for (const record of meta.records ?? []) recordPath(record.path);
    const next: State = { ...state, revision: base + 1 };
    await this.writeWorkingState(next);
    const records = await this.writeRecords(meta.records ?? []);
    await this.commit(meta, records);
    this.pushIdle = this.idleIndex && isIdleStatus(next.status);
    await this.push(base);
    this.revisions.loaded(base + 1);
    return next;
  }

  async release(): Promise<void> {
    // Nothing is held: the remote's fast-forward check is the lock.
  }

  private async writeExcludes(): Promise<void> {
    if (this.exclude.length === 0) return;
    // info/exclude is shared by a repository's worktrees: it is in the common directory the guard
    // pinned before any agent ran. Without one there was no repository at the start of the tick,
    // and the checkout that follows fails saying so.
    const common = this.git.guard?.commonDir;
    if (!common) return;
    const file = path.join(common, 'info', 'exclude');
    const current = await readFile(file, 'utf8').catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return '';
      throw err;
    });
    const have = new Set(current.split(/\r?\n/));
    const missing = this.exclude.filter((p) => !have.has(p));
    if (missing.length === 0) return;
    const lines = [...(have.has(EXCLUDE_MARKER) ? [] : [EXCLUDE_MARKER]), ...missing];
    const sep = current === '' || current.endsWith('\n') ? '' : '\n';
    // The agent may have put symlinks at `.git/info` or at the file: replace them, never write through.
    const dir = path.dirname(file);
    if ((await lstat(dir).catch(() => null))?.isSymbolicLink()) await unlink(dir);
    await mkdir(dir, { recursive: true });
    await writeFileAtomic(file, `${current}${sep}${lines.join('\n')}\n`);
  }

  /** Fetches the work branch into its tracking ref; false when the remote has no such branch. */
  private async fetchBranch(): Promise<boolean> {
    const res = await this.run(['fetch', '-q', '--no-tags', this.remote, `+refs/heads/${this.branch}:${this.trackingRef}`], true);
    if (res.code === 0) return true;
    // Stable under LC_ALL=C; any other failure (unreachable, denied) must not look like "no state yet".
    if (/couldn't find remote ref/i.test(res.stderr)) return false;
    throw new RemoteError(`Cannot fetch branch ${this.branch} from remote ${this.remote}: ${res.stderr.trim()}`);
  }

  private async readWorkingState(): Promise<LoadResult> {
    let text: string;
    try {
      text = await readFile(path.join(this.workspace, this.statePath), 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { kind: 'missing' };
      throw err;
    }
    return { kind: 'loaded', state: decodeState(text, { subject: `state ${this.where}`, planId: this.planId }) };
  }

  private async writeWorkingState(state: State): Promise<void> {
    const file = path.join(this.workspace, this.statePath);
    // The workspace is the agent's: a folder it swapped for a link is replaced by a real one, and
    // a temporary name it could predict (and plant a symlink at) is never written through, hence
    // the helper's exclusive create under a random name.
    realFolder(path.dirname(file));
    await writeFileAtomic(file, serializeState(state));
  }

  /**
   * The sequencer's own files kept with this write (an attempt's command log), beside the state:
   * written the way the state is (no link followed, no predictable temporary name), each path
   * checked to stay in the state's folder. Returns their pathspecs for the commit.
   */
  private async writeRecords(records: NonNullable<WriteMeta['records']>): Promise<string[]> {
    const specs: string[] = [];
    const folder = path.posix.dirname(this.statePath);
    for (const record of records) {
      const rel = recordPath(record.path);
      const file = path.join(this.workspace, folder, rel);
      // Each folder below the state's, one by one: a link the agent put at any of them is replaced.
      const parts = path.posix
        .dirname(rel)
        .split('/')
        .filter((p) => p !== '.');
      for (let i = 1; i <= parts.length; i++) realFolder(path.join(this.workspace, folder, ...parts.slice(0, i)));
      await writeFileAtomic(file, record.text);
      specs.push(`./${path.posix.join(folder, rel)}`);
    }
    return specs;
  }

  private async commit(meta: WriteMeta, records: string[] = []): Promise<void> {
    const spec = `./${this.statePath}`;
    if (meta.kind === 'completion') {
      // -A honours .gitignore and info/exclude; -f only for the state file itself, which a user's
      // .gitignore must not be able to keep out of the durable write.
      // The state folder is ours alone: a state the agent wrote for this plan or another (with a
      // shared state branch, the next tick of that plan would read it) never rides along.
      const stateFolder = this.stateRoot ? [`:(top,exclude,literal)${this.stateRoot}`] : [];
      // What the plan chose to commit (core/plan/commit-selection.ts): everything, the step's
      // required outputs only, or everything but what its ignore patterns match.
      const select = meta.select ?? { kind: 'all' };
      const what = select.kind === 'outputs' ? select.paths.map((p) => `:(top,literal)${p}`) : [':/', ...(select.kind === 'ignore' ? select.patterns.map((p) => `:(top,exclude,glob)${p}`) : [])];
      if (what.length) await this.run(['add', '-A', '--', ...what, ...stateFolder, ...(await this.gitlinkExclusions())]);
      await this.run(['add', '-f', '--', spec, ...records]);
      await this.reportLeftOut(records);
    } else if (!this.stateTracked || records.length) {
      await this.run(['add', '-f', '--', spec, ...records]);
    }
    const message = `sequencer(${this.planId}): ${meta.message}`;
    // `--only <path>` commits the state alone even if something else is staged in the index.
    const only = meta.kind === 'completion' ? [] : ['--only', '--', spec, ...records];
    await this.run([...identityArgs(this.identity), 'commit', '-q', '--no-verify', '-m', message, ...only]);
    this.stateTracked = true;
  }

  /**
   * Pathspecs leaving out the nested repositories already in the index: `add -A` would run
   * `git status` inside each, and that process reads the nested repository's own config (its
   * filters), which the agent wrote. They stay recorded at the commit they were added with.
   */
  private async gitlinkExclusions(): Promise<string[]> {
    const res = await this.run(['ls-files', '-s', '-z', '--full-name', '--', ':/']);
    const links = res.stdout
      .split('\0')
      .filter((line) => line.startsWith('160000 '))
      .map((line) => line.slice(line.indexOf('\t') + 1));
    return links.map((p) => `:(top,exclude,literal)${p}`);
  }

  /** Says which files the agent wrote or changed under the state folder (left out of the commit). */
  private async reportLeftOut(records: string[] = []): Promise<void> {
    if (!this.stateRoot) return;
    const res = await this.run(['status', '--porcelain=v1', '-z', '--untracked-files=all', '--no-renames', '--', `:(top,literal)${this.stateRoot}`]);
    const ours = new Set([this.statePath, ...records.map((r) => r.slice(2))]);
    const left = res.stdout
      .split('\0')
      .filter((entry) => entry.length > 3 && !ours.has(entry.slice(3)))
      .map((entry) => entry.slice(3));
    if (!left.length) return;
    const shown = left
      .slice(0, 10)
      .map((p) => JSON.stringify(p))
      .join(', ');
    this.log?.(`Left out of the commit: ${left.length} file(s) under ${this.stateRoot}/, where only the sequencer writes (${shown}${left.length > 10 ? ', …' : ''}).`);
  }

  private async push(base: number): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      // The marker is forced (it may predate a re-created branch) but --atomic ties it to the
      // branch update, which is never forced: both land or neither does.
      const marker = this.pushIdle ? ['--atomic'] : [];
      const refspecs = [`HEAD:refs/heads/${this.branch}`, ...(this.pushIdle ? [`+HEAD:${idleRef(this.planId)}`] : [])];
      const res = await this.run(['push', '--porcelain', '--no-verify', ...marker, this.remote, ...refspecs], true).catch(async (err: unknown) => {
        if (!(err instanceof GitTimeoutError)) throw err;
        // It may have landed or not: nothing here claims it did, and the next tick reads the remote.
        await this.undoLocalCommit();
        throw new RemoteError(`The write to ${this.where} is not confirmed: ${err.message}`);
      });
      if (res.code === 0) return;
      if (!isRaceRejection(res) && !(isRefUpdateFailure(res) && (await this.remoteMovedUnder()))) {
        await this.undoLocalCommit();
        throw new RemoteError(`The write to ${this.where} did not become durable: git push to ${this.remote} ${this.branch} failed: ${pushFailure(res)}`);
      }
      if (attempt >= this.pushRetries) {
        await this.undoLocalCommit();
        throw new ConflictError(`Push to ${this.remote} ${this.branch} was rejected ${attempt + 1} times; this tick gives up.`);
      }
      if (!(await this.fetchBranch())) continue; // deleted meanwhile: the next push recreates it
      const remote = await this.readRemoteRevision();
      if (remote !== base) {
        await this.resetToRemote();
        const what = remote === 'unreadable' ? 'an unreadable state' : `revision ${remote}`;
        throw new ConflictError(`Another tick wrote ${what} to ${this.remote} ${this.branch}; this tick gives up.`);
      }
      // The remote moved without touching the state (a person pushed to the work branch): replay ours on top.
      const rebase = await this.run([...identityArgs(this.identity), 'rebase', '-q', '--autostash', '--no-verify', this.trackingRef], true);
      if (rebase.code !== 0) {
        await this.run(['rebase', '--abort'], true);
        await this.resetToRemote();
        throw new ConflictError(`Our commit does not rebase onto ${this.remote}/${this.branch} (${rebase.stderr.trim() || rebase.stdout.trim()}); this tick gives up.`);
      }
      await sleep(10 + Math.floor(Math.random() * 91));
    }
  }

  /**
   * Whether the remote branch no longer points where our commit was built: then a failed ref
   * update was a race lost at the remote's ref lock, not a remote that cannot take writes.
   */
  private async remoteMovedUnder(): Promise<boolean> {
    const parent = await this.run(['rev-parse', '-q', '--verify', 'HEAD~1^{commit}'], true);
    // Unreachable now: report the push's own failure, which the caller does when this says no.
    if (!(await this.fetchBranch().catch(() => false))) return false;
    const tip = await this.run(['rev-parse', '-q', '--verify', `${this.trackingRef}^{commit}`], true);
    return tip.stdout.trim() !== (parent.code === 0 ? parent.stdout.trim() : '');
  }

  /** Revision of the state at the fetched remote tip; a missing file counts as revision 0. */
  private async readRemoteRevision(): Promise<number | 'unreadable'> {
    const text = await readStateAt(this.git, this.trackingRef, this.statePath);
    if (text === null) return 0;
    try {
      const doc = JSON.parse(text) as { revision?: unknown };
      return typeof doc.revision === 'number' ? doc.revision : 0;
    } catch {
      return 'unreadable';
    }
  }

  private async resetToRemote(): Promise<void> {
    await this.run(['reset', '-q', '--hard', this.trackingRef]);
    this.revisions.reset();
    this.stateTracked = false;
  }

  /**
   * Takes back our commit after a push that did not land, keeping the agent's work-tree changes
   * (soft reset) but putting the state file back as committed, so neither the branch nor the
   * file claims a revision the remote does not have.
   */
  private async undoLocalCommit(): Promise<void> {
    const spec = `./${this.statePath}`;
    const parent = await this.run(['reset', '-q', '--soft', 'HEAD~1'], true);
    if (parent.code !== 0) {
      // Our commit was the root: make the branch unborn again, index untouched.
      await this.run(['update-ref', '-d', `refs/heads/${this.branch}`]);
    }
    const restored = await this.run(['checkout', '-q', 'HEAD', '--', spec], true);
    if (restored.code !== 0) {
      await this.run(['rm', '-q', '--cached', '--ignore-unmatch', '--', spec]);
      await unlink(path.join(this.workspace, this.statePath)).catch(() => undefined);
      this.stateTracked = false;
    }
  }
}

/** The state file's text at `rev` (e.g. `refs/remotes/origin/sequencer/x`), or null if absent there. */
export async function readStateAt(git: GitRunner, rev: string, statePath: string): Promise<string | null> {
  const res = await git.run(['show', `${rev}:./${statePath}`], { allowFail: true });
  return res.code === 0 ? res.stdout : null;
}

/** A push refused because the remote moved (fetch first / non-fast-forward), not for permissions. */
function isRaceRejection(res: GitResult): boolean {
  // Porcelain lines: `!<TAB>HEAD:refs/heads/x<TAB>[rejected] (fetch first)`; `[remote rejected]` is a hook or permission.
  return res.stdout.split('\n').some((line) => line.startsWith('!') && /\t\[rejected\] \((fetch first|non-fast-forward)\)/.test(line));
}

/**
 * The remote accepted the push as a fast-forward but could not move the ref: another push moved it
 * between receive-pack's check and its ref lock (`cannot lock ref ...: is at X but expected Y`).
 * Older git says `failed to lock`. A hook or full disk gives the same status, hence the caller's
 * check that the remote really moved.
 */
function isRefUpdateFailure(res: GitResult): boolean {
  return res.stdout.split('\n').some((line) => line.startsWith('!') && /\t\[remote rejected\] \((failed to update ref|failed to lock)\)/.test(line));
}

/**
 * Why a push failed: git's per-ref status (`[remote rejected] (pre-receive hook declined)`, which
 * --porcelain prints on stdout) and whatever the remote said on stderr (a hook's own message).
 */
function pushFailure(res: GitResult): string {
  const refs = res.stdout
    .split('\n')
    .filter((line) => line.startsWith('!'))
    .map((line) => line.split('\t').slice(1).join(' ').trim());
  const said = res.stderr
    .split('\n')
    .map((line) => line.trimEnd())
    .filter(Boolean);
  return [...refs, ...said].join('\n') || `exit ${res.code}, no output`;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function checkStatePath(p: string): string {
  const norm = path.posix.normalize(p.replace(/\\/g, '/'));
  if (!p || p.includes('\0') || path.posix.isAbsolute(norm) || path.win32.isAbsolute(p) || norm === '.' || norm === '..' || norm.startsWith('../') || /^\.git(\/|$)/.test(norm)) {
    throw new ConfigError(`Invalid statePath ${showValue(p)}: expected a file path relative to the workspace that stays inside it and outside .git.`);
  }
  return norm;
}

function checkRemote(remote: string): void {
  if (!isRemoteName(remote)) {
    throw new ConfigError(`Invalid remote ${showValue(remote)}: expected a git remote name such as origin.`);
  }
}

// Checked here too, so a bad name fails before any git call and can never be read as an option.
function checkBranch(branch: string): void {
  if (!isBranchName(branch)) {
    throw new ConfigError(`Invalid branch ${showValue(branch)}: expected a git branch name such as sequencer/issue-42.`);
  }
}

/** A record's path, normalized: inside the state's folder, plain characters only. */
function recordPath(given: string): string {
  const rel = path.posix.normalize(given);
  if (rel.startsWith('..') || path.posix.isAbsolute(rel) || rel === '.' || !/^[\w./-]+$/.test(rel)) throw new StateError(`A record path must stay in the state's folder, got ${showValue(given)}`);
  return rel;
}
