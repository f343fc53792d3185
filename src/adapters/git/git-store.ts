// The git state store (README, "State stores"): state lives on a work branch next to the agent's
// outputs, and a push is the durable write. Concurrency is decided by the remote refusing
// non-fast-forward pushes, so no lock is taken; a rejected push either rebases a change that does
// not touch the state or gives the tick up (git-store-push.ts). Nothing is ever force-pushed.
// What a write commits is in git-store-commit.ts, what is kept out of commits in
// git-store-exclusions.ts, the checks of the options in git-store-checks.ts.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ConfigError, describeError, StateError } from '../../core/errors.js';
import type { State } from '../../core/state/types.js';
import { decodeState } from '../../core/state/decode-state.js';
import { RevisionGuard } from '../../core/state/revision-guard.js';
import type { AcquireResult, LoadResult, StateStore, WriteMeta } from '../../ports.js';
import type { GitResult, GitRunner } from './git.js';
import { guardRepository } from './git-guard.js';
import { DEFAULT_GIT_IDENTITY, type GitIdentity } from './git-identity.js';
import { writeFileAtomic } from '../fs/atomic-write.js';
import { realFolder } from '../fs/fresh-file.js';
import { abortInterruptedBaseMerge } from './interrupted-merge.js';
import { serializeState } from '../../core/state/state-json.js';
import { isIdleStatus, isRefSafePlanId, PLAN_BRANCH_PREFIX } from '../../core/fleet/plan-index.js';
import { checkBranch, checkExcludes, checkPushRetries, checkRemote, checkStatePath, recordPath } from './git-store-checks.js';
import { StateCommitter } from './git-store-commit.js';
import { writeExcludes } from './git-store-exclusions.js';
import { StatePusher } from './git-store-push.js';

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

export class GitStore implements StateStore {
  readonly description: string;
  readonly remote: string;
  readonly branch: string;
  readonly statePath: string;
  private readonly git: GitRunner;
  private readonly workspace: string;
  private readonly planId: string;
  private readonly exclude: string[];
  private readonly base: string | undefined;
  private readonly idleIndex: boolean;
  private readonly revisions: RevisionGuard;
  private readonly committer: StateCommitter;
  private readonly pusher: StatePusher;

  constructor(opts: GitStoreOptions) {
    this.git = opts.git;
    this.workspace = opts.git.cwd;
    this.planId = opts.planId;
    this.remote = opts.remote ?? 'origin';
    this.branch = opts.branch ?? `sequencer/${opts.planId}`;
    this.statePath = checkStatePath(opts.statePath ?? `.sequencer/${opts.planId}/state.json`);
    const identity = opts.identity ?? DEFAULT_GIT_IDENTITY;
    this.exclude = opts.exclude ?? [];
    const pushRetries = opts.pushRetries ?? 4;
    this.base = opts.base;
    const planDir = path.posix.dirname(this.statePath);
    // The folder states live under (`.sequencer` for the usual layout, else the state's own folder;
    // null for a state at the top of the workspace): nothing in it is the agent's to commit.
    const stateRoot = this.statePath.startsWith('.sequencer/') ? '.sequencer' : planDir === '.' ? null : planDir;
    this.idleIndex = (opts.idleIndex ?? this.branch === `${PLAN_BRANCH_PREFIX}${this.planId}`) && isRefSafePlanId(this.planId);
    checkRemote(this.remote);
    checkBranch(this.branch);
    checkExcludes(this.exclude);
    checkPushRetries(pushRetries);
    this.description = `git ${this.remote} ${this.branch}`;
    this.revisions = new RevisionGuard({ where: this.where, untouched: 'nothing was committed or pushed' });
    this.committer = new StateCommitter({ git: this.git, planId: this.planId, statePath: this.statePath, stateRoot, identity, log: opts.log });
    this.pusher = new StatePusher({
      git: this.git,
      planId: this.planId,
      remote: this.remote,
      branch: this.branch,
      statePath: this.statePath,
      identity,
      pushRetries,
      where: this.where,
      onReset: () => {
        this.revisions.reset();
        this.committer.stateTracked = false;
      },
      onUntracked: () => {
        this.committer.stateTracked = false;
      },
    });
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
    this.committer.stateTracked = false;
    // The first open comes before any agent runs: the repository is kept as it is now.
    await guardRepository(this.git);
    await abortInterruptedBaseMerge(this.git);
    await writeExcludes(this.git, this.exclude);
    const remoteHasBranch = await this.pusher.fetchBranch();
    // Without a start point `-B` moves the branch to HEAD, keeping the work tree as it is.
    const args = remoteHasBranch ? ['checkout', '-q', '--no-track', '-B', this.branch, this.pusher.trackingRef] : ['checkout', '-q', '-B', this.branch, ...(this.base ? [this.base] : [])];
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
    await this.committer.commit(meta, records);
    await this.pusher.push(base, this.idleIndex && isIdleStatus(next.status));
    this.revisions.loaded(base + 1);
    return next;
  }

  async release(): Promise<void> {
    // Nothing is held: the remote's fast-forward check is the lock.
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
}
