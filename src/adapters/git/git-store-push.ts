// Pushing a write of the git store, and what a lost race does: the remote refusing a
// non-fast-forward push decides between writers. A rejection caused by commits that do not touch
// the state is rebased onto them and pushed again (a few times); one where another tick wrote the
// state gives the tick up. A push that does not land in the end takes our commit back; nothing is
// ever force-pushed.
import { unlink } from 'node:fs/promises';
import path from 'node:path';
import { ConflictError, RemoteError } from '../../core/errors.js';
import { idleRef } from '../../core/fleet/plan-index.js';
import { gitMessage, GitTimeoutError, type GitResult, type GitRunner } from './git.js';
import { identityArgs, type GitIdentity } from './git-identity.js';
import { setTimeout as sleep } from 'node:timers/promises';

export interface StatePusherOptions {
  git: GitRunner;
  planId: string;
  remote: string;
  branch: string;
  statePath: string;
  identity: GitIdentity;
  /** Extra pushes after a rejection caused by commits that do not touch the state. */
  pushRetries: number;
  /** The state, its branch and remote, as errors name them. */
  where: string;
  /** Told when the branch was reset to the remote tip: what was loaded and committed is gone. */
  onReset: () => void;
  /** Told when taking our commit back left the state file out of the index. */
  onUntracked: () => void;
}

export class StatePusher {
  private readonly git: GitRunner;
  private readonly workspace: string;
  private readonly opts: StatePusherOptions;

  constructor(opts: StatePusherOptions) {
    this.git = opts.git;
    this.workspace = opts.git.cwd;
    this.opts = opts;
  }

  get trackingRef(): string {
    return `refs/remotes/${this.opts.remote}/${this.opts.branch}`;
  }

  private run(args: string[], allowFail = false): Promise<GitResult> {
    return this.git.run(args, { allowFail });
  }

  /** Fetches the work branch into its tracking ref; false when the remote has no such branch. */
  async fetchBranch(): Promise<boolean> {
    const { remote, branch } = this.opts;
    const res = await this.run(['fetch', '-q', '--no-tags', remote, `+refs/heads/${branch}:${this.trackingRef}`], true);
    if (res.code === 0) return true;
    // Stable under LC_ALL=C; any other failure (unreachable, denied) must not look like "no state yet".
    if (/couldn't find remote ref/i.test(res.stderr)) return false;
    throw new RemoteError(`Cannot fetch branch ${branch} from remote ${remote}: ${res.stderr.trim()}`);
  }

  /**
   * Pushes the commit at HEAD, which wrote revision `base + 1` of the state; with `idle`, the
   * plan's idle marker moves along in the same atomic push.
   */
  async push(base: number, idle: boolean): Promise<void> {
    const { planId, remote, branch, identity, pushRetries, where } = this.opts;
    for (let attempt = 0; ; attempt++) {
      // The marker is forced (it may predate a re-created branch) but --atomic ties it to the
      // branch update, which is never forced: both land or neither does.
      const marker = idle ? ['--atomic'] : [];
      const refspecs = [`HEAD:refs/heads/${branch}`, ...(idle ? [`+HEAD:${idleRef(planId)}`] : [])];
      const res = await this.run(['push', '--porcelain', '--no-verify', ...marker, remote, ...refspecs], true).catch(async (err: unknown) => {
        if (!(err instanceof GitTimeoutError)) throw err;
        // It may have landed or not: nothing here claims it did, and the next tick reads the remote.
        await this.undoLocalCommit();
        throw new RemoteError(`The write to ${where} is not confirmed: ${err.message}`);
      });
      if (res.code === 0) return;
      if (!isRaceRejection(res) && !(isRefUpdateFailure(res) && (await this.remoteMovedUnder()))) {
        await this.undoLocalCommit();
        throw new RemoteError(`The write to ${where} did not become durable: git push to ${remote} ${branch} failed: ${pushFailure(res)}`);
      }
      if (attempt >= pushRetries) {
        await this.undoLocalCommit();
        throw new ConflictError(`Push to ${remote} ${branch} was rejected ${attempt + 1} times; this tick gives up.`);
      }
      if (!(await this.fetchBranch())) continue; // deleted meanwhile: the next push recreates it
      const remoteRevision = await this.readRemoteRevision();
      if (remoteRevision !== base) {
        await this.resetToRemote();
        const what = remoteRevision === 'unreadable' ? 'an unreadable state' : `revision ${remoteRevision}`;
        throw new ConflictError(`Another tick wrote ${what} to ${remote} ${branch}; this tick gives up.`);
      }
      // The remote moved without touching the state (a person pushed to the work branch): replay ours on top.
      const rebase = await this.run([...identityArgs(identity), 'rebase', '-q', '--autostash', '--no-verify', this.trackingRef], true);
      if (rebase.code !== 0) {
        await this.run(['rebase', '--abort'], true);
        await this.resetToRemote();
        throw new ConflictError(`Our commit does not rebase onto ${remote}/${branch} (${gitMessage(rebase)}); this tick gives up.`);
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
    const text = await readStateAt(this.git, this.trackingRef, this.opts.statePath);
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
    this.opts.onReset();
  }

  /**
   * Takes back our commit after a push that did not land, keeping the agent's work-tree changes
   * (soft reset) but putting the state file back as committed, so neither the branch nor the
   * file claims a revision the remote does not have.
   */
  private async undoLocalCommit(): Promise<void> {
    const spec = `./${this.opts.statePath}`;
    const parent = await this.run(['reset', '-q', '--soft', 'HEAD~1'], true);
    if (parent.code !== 0) {
      // Our commit was the root: make the branch unborn again, index untouched.
      await this.run(['update-ref', '-d', `refs/heads/${this.opts.branch}`]);
    }
    const restored = await this.run(['checkout', '-q', 'HEAD', '--', spec], true);
    if (restored.code !== 0) {
      await this.run(['rm', '-q', '--cached', '--ignore-unmatch', '--', spec]);
      await unlink(path.join(this.workspace, this.opts.statePath)).catch(() => undefined);
      this.opts.onUntracked();
    }
  }
}

/** The state file's text at `rev` (e.g. `refs/remotes/origin/sequencer/x`), or null if absent there. */
async function readStateAt(git: GitRunner, rev: string, statePath: string): Promise<string | null> {
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
