// Merges the base branch (the repository's default branch) into the checked-out work branch, for
// `sync-base: merge` (core/tick/base-sync.ts decides when). Every command goes through the
// workspace's one git runner (git.ts), so the merge has the same hardening as all our git: no
// hooks, none of the config the agent could have planted, a minimal environment, the Action's
// own credential.
//
// - A shallow checkout (actions/checkout fetches one commit) is deepened until the two branches
//   share history, and unshallowed as a last resort.
// - A base branch already contained in the work branch means no commit and no push.
// - The plan's state folder always keeps the work branch's version: the base branch never
//   rewrites the plan's record (e.g. a merged pull request that removed it).
// - A conflict elsewhere aborts the merge: the work branch, index and files are as before.
// - The merge commit is pushed alone, before any step commit; a push that does not land is
//   taken back locally and the tick goes on without it.
// - A merge interrupted by the process's death (a marker in the git directory says it was ours)
//   is aborted by the next tick before it touches the branch, so the base branch's changes are
//   never committed as a step's work.
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { describeError } from '../../core/errors.js';
import type { BaseSyncResult } from '../../core/tick/base-sync.js';
import type { BaseSync } from '../../ports.js';
import { gitMessage, type GitResult, type GitRunner } from './git.js';
import { writeFreshFile } from '../fs/fresh-file.js';
import { baseMergeMarker } from './interrupted-merge.js';
import { identityArgs, type GitIdentity } from './git-identity.js';
import { isBranchName } from '../../wiring/checks.js';

export interface GitBaseSyncOptions {
  /** The workspace's git runner (the checkout, on the work branch). */
  git: GitRunner;
  remote: string;
  /** The work branch, pushed to after a merge. */
  branch: string;
  /**
   * The base branch's name, or how to find it (asked only when a sync happens); `null`, or a
   * function that returns null: the branch the remote's HEAD names.
   */
  base: string | null | (() => Promise<string | null>);
  /** Workspace-relative folder that always keeps the work branch's version (the plan's state). */
  protect: string;
  /** Used in the merge commit's subject. */
  planId: string;
  identity?: GitIdentity;
  /** Commits fetched per deepening of a shallow checkout before it is unshallowed (default 100, then 1000). */
  deepen?: number[];
}

export class GitBaseSync implements BaseSync {
  constructor(private readonly o: GitBaseSyncOptions) {}

  private run(args: string[], allowFail = true): Promise<GitResult> {
    return this.o.git.run(args, { allowFail });
  }

  /** `-c` options for the merge and its commit. */
  private mergeArgs(): string[] {
    // rerere could resolve a conflict from a recording nobody reviewed: every merge is judged afresh.
    return [...identityArgs(this.o.identity), '-c', 'rerere.enabled=false'];
  }

  async sync(): Promise<BaseSyncResult> {
    let named: string | null;
    try {
      named = typeof this.o.base === 'function' ? await this.o.base() : this.o.base;
    } catch (err) {
      return { kind: 'unavailable', base: 'the default branch', reason: `could not tell which branch it is (${describeError(err)})` };
    }
    if (named !== null && !isBranchName(named)) return { kind: 'unavailable', base: named, reason: 'not a branch name' };
    try {
      // One look at the remote names the base and its tip: most runs end here, with nothing to fetch.
      const tip = await this.remoteTip(named);
      if ('unavailable' in tip) return { kind: 'unavailable', base: named ?? 'the default branch', reason: tip.unavailable };
      if (tip.base === this.o.branch) return { kind: 'up-to-date', base: tip.base };
      if ((await this.run(['merge-base', '--is-ancestor', tip.commit, 'HEAD'])).code === 0) return { kind: 'up-to-date', base: tip.base };
      return await this.merge(tip.base);
    } catch (err) {
      return { kind: 'unavailable', base: named ?? 'the default branch', reason: describeError(err) };
    }
  }

  /** The base branch's name and tip commit on the remote (`null`: the branch the remote's HEAD names). */
  private async remoteTip(named: string | null): Promise<{ base: string; commit: string } | { unavailable: string }> {
    const { remote } = this.o;
    const res = await this.run(['ls-remote', ...(named === null ? ['--symref', remote, 'HEAD'] : [remote, `refs/heads/${named}`])]);
    if (res.code !== 0) return { unavailable: `cannot reach the remote ${remote}: ${gitMessage(res)}` };
    const base = named ?? /^ref: refs\/heads\/(\S+)\tHEAD$/m.exec(res.stdout)?.[1];
    if (!base) return { unavailable: `the remote ${remote} names no default branch (its HEAD is not a branch)` };
    const want = named === null ? 'HEAD' : `refs/heads/${named}`;
    const line = res.stdout.split('\n').find((l) => /^[0-9a-f]{40,64}\t/.test(l) && l.slice(l.indexOf('\t') + 1) === want);
    if (!line) return { unavailable: `the remote ${remote} has no branch ${base}` };
    return { base, commit: line.slice(0, line.indexOf('\t')) };
  }

  private async merge(base: string): Promise<BaseSyncResult> {
    const { remote } = this.o;
    const baseRef = `refs/remotes/${remote}/${base}`;
    const fetched = await this.run(['fetch', '-q', '--no-tags', remote, `+refs/heads/${base}:${baseRef}`]);
    if (fetched.code !== 0) return { kind: 'unavailable', base, reason: `cannot fetch it from ${remote}: ${gitMessage(fetched)}` };
    const baseCommit = (await this.run(['rev-parse', '--verify', `${baseRef}^{commit}`], false)).stdout.trim();
    if (!(await this.shareHistory(base, baseRef))) return { kind: 'unavailable', base, reason: 'it shares no history with the work branch' };
    // Moved on meanwhile to a commit the work branch has: nothing to merge after all.
    if ((await this.run(['merge-base', '--is-ancestor', baseRef, 'HEAD'])).code === 0) return { kind: 'up-to-date', base };

    // Local changes to tracked files (a failed attempt's leftovers in a local workspace) could not
    // be told apart from the merge's, nor always restored by an abort: they are never risked.
    const dirty = await this.run(['status', '--porcelain', '--untracked-files=no', '-z'], false);
    if (dirty.stdout !== '') return { kind: 'unavailable', base, reason: 'the workspace has uncommitted changes to tracked files' };

    const before = (await this.run(['rev-parse', '--verify', 'HEAD^{commit}'], false)).stdout.trim();
    const marker = baseMergeMarker(this.o.git);
    // Created new: the git directory is the agent's to write, and a link at the name must not take our write elsewhere.
    if (marker) writeFreshFile(marker, `${before}\n`);
    try {
      return await this.mergeFrom(base, baseRef, baseCommit, before);
    } finally {
      if (marker) await rm(marker, { force: true });
    }
  }

  private async mergeFrom(base: string, baseRef: string, baseCommit: string, before: string): Promise<BaseSyncResult> {
    const { remote } = this.o;
    const merged = await this.run([...this.mergeArgs(), 'merge', '-q', '--no-ff', '--no-commit', '--no-edit', baseRef]);
    if (!(await this.merging())) {
      // git refused before starting (untracked files in the way, …): nothing was touched.
      if (merged.code !== 0) return { kind: 'unavailable', base, reason: `git merge refused: ${gitMessage(merged)}` };
      return { kind: 'up-to-date', base };
    }
    const unmerged = nulList((await this.run(['diff', '--name-only', '--diff-filter=U', '-z'], false)).stdout);
    const conflicts = unmerged.filter((f) => !this.isProtected(f));
    if (conflicts.length) {
      await this.abort(before);
      return { kind: 'conflict', base, baseCommit, files: conflicts };
    }
    if (merged.code !== 0 && !unmerged.length) {
      await this.abort(before);
      return { kind: 'unavailable', base, reason: `git merge failed: ${gitMessage(merged)}` };
    }
    await this.keepProtected(before);
    const subject = `sequencer(${this.o.planId}): merge ${base} into ${this.o.branch}`;
    const committed = await this.run([...this.mergeArgs(), 'commit', '-q', '--no-verify', '--allow-empty', '-m', subject]);
    if (committed.code !== 0) {
      await this.abort(before);
      return { kind: 'unavailable', base, reason: `git commit failed: ${gitMessage(committed)}` };
    }
    const commit = (await this.run(['rev-parse', '--verify', 'HEAD^{commit}'], false)).stdout.trim();
    const pushed = await this.run(['push', '--porcelain', '--no-verify', remote, `HEAD:refs/heads/${this.o.branch}`]);
    if (pushed.code !== 0) {
      // The work tree was clean before the merge: going back to that commit loses nothing.
      await this.run(['reset', '-q', '--hard', before], false);
      return { kind: 'unavailable', base, reason: `the merge commit was not pushed (${gitMessage(pushed)}); the tick goes on without it` };
    }
    return { kind: 'merged', base, commit };
  }

  /** Deepens a shallow checkout until HEAD and the base share a commit; false when they never do. */
  private async shareHistory(base: string, baseRef: string): Promise<boolean> {
    const has = async () => (await this.run(['merge-base', 'HEAD', baseRef])).code === 0;
    if (await has()) return true;
    const refspecs = [`+refs/heads/${base}:${baseRef}`, `+refs/heads/${this.o.branch}:refs/remotes/${this.o.remote}/${this.o.branch}`];
    for (const depth of [...(this.o.deepen ?? [100, 1000]), 0]) {
      if ((await this.run(['rev-parse', '--is-shallow-repository'], false)).stdout.trim() !== 'true') return false;
      const how = depth > 0 ? `--deepen=${depth}` : '--unshallow';
      const res = await this.run(['fetch', '-q', '--no-tags', how, this.o.remote, ...refspecs]);
      if (res.code !== 0) throw new Error(`cannot deepen the shallow checkout (git fetch ${how}): ${gitMessage(res)}`);
      if (await has()) return true;
    }
    return has();
  }

  private async merging(): Promise<boolean> {
    return (await this.run(['rev-parse', '-q', '--verify', 'MERGE_HEAD'])).code === 0;
  }

  private isProtected(file: string): boolean {
    return file === this.o.protect || file.startsWith(`${this.o.protect}/`);
  }

  /** The state folder as the work branch had it, whatever the base branch did to it. */
  private async keepProtected(before: string): Promise<void> {
    const spec = `:(literal)${this.o.protect}`;
    const changed = nulList((await this.run(['diff', '--cached', '--name-only', '-z', before, '--', spec], false)).stdout);
    if (!changed.length) return;
    const ours = new Set(nulList((await this.run(['ls-tree', '-r', '-z', '--name-only', before, '--', spec], false)).stdout));
    const added = changed.filter((f) => !ours.has(f));
    if (added.length) {
      await this.run(['rm', '-q', '-f', '--cached', '--ignore-unmatch', '--', ...added.map((f) => `:(literal)${f}`)], false);
      for (const f of added) await rm(path.join(this.o.git.cwd, f), { force: true });
    }
    if (ours.size) await this.run(['checkout', '-q', before, '--', spec], false);
  }

  private async abort(before: string): Promise<void> {
    const aborted = await this.run(['merge', '--abort']);
    // The work tree was clean before the merge, so this puts everything back as it was.
    if (aborted.code !== 0) await this.run(['reset', '-q', '--hard', before], false);
  }
}

function nulList(text: string): string[] {
  return text.split('\0').filter(Boolean);
}
