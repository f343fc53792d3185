// The workspace on disk. A required output only counts when it really lies inside the
// workspace: symlinks are resolved first, so a link to /etc/passwd does not satisfy a step.
// Checks after the first are synchronous: they run before and after every step, a few calls
// each, where a thread-pool round trip costs more than the call.
import { accessSync, constants, realpathSync, statSync } from 'node:fs';
import { lstat, readdir, realpath } from 'node:fs/promises';
import path from 'node:path';
import type { Workspace } from '../../ports.js';
import { ConfigError, describeError, showValue } from '../../core/errors.js';
import { checkRelativePath } from '../../core/plan/workspace-paths.js';

/** Entries one walk for changed files looks at, at most. */
const MAX_WALKED = 50_000;

export class FsWorkspace implements Workspace {
  private constructor(readonly root: string) {}

  /** Opens the workspace at `root`, which must exist; `root` is stored with symlinks resolved. */
  static async open(root: string): Promise<FsWorkspace> {
    try {
      return new FsWorkspace(await realpath(path.resolve(root)));
    } catch (err) {
      throw new ConfigError(`workspace: ${showValue(root)} cannot be opened (${describeError(err)}); expected an existing directory`);
    }
  }

  async missingOutputs(paths: string[]): Promise<string[]> {
    const missing: string[] = [];
    for (const p of paths) {
      if (!this.existsInside(p)) missing.push(p);
    }
    return missing;
  }

  private existsInside(p: string): boolean {
    if (checkRelativePath(p) !== null) return false;
    let real: string;
    try {
      real = realpathSync(path.resolve(this.root, p.replace(/\\/g, '/')));
    } catch {
      // Not there, a dangling link, or unreadable: in every case the output is not available.
      return false;
    }
    return real === this.root || real.startsWith(this.root.endsWith(path.sep) ? this.root : this.root + path.sep);
  }

  /**
   * The files an attempt created or changed, by modification time: one walk of the workspace,
   * never into `.git` or through a link, stopping after MAX_WALKED entries (a workspace that large
   * is reported as far as it was walked).
   */
  async changedFiles(since: Date, o: { exclude: string[]; limit: number }): Promise<{ files: string[]; more: number }> {
    const files: string[] = [];
    let more = 0;
    let walked = 0;
    // A little slack for file systems that store modification times coarser than the clock.
    const from = since.getTime() - 5;
    // A folder is matched with its trailing `/`, so `.sequencer/` excludes the folder itself.
    const excluded = (rel: string) => o.exclude.some((e) => rel.startsWith(e));
    const queue: string[] = [''];
    while (queue.length && walked < MAX_WALKED) {
      const rel = queue.shift()!;
      let entries: string[];
      try {
        entries = (await readdir(path.join(this.root, rel))).sort();
      } catch {
        continue;
      }
      for (const name of entries) {
        if (++walked > MAX_WALKED) break;
        const child = rel ? `${rel}/${name}` : name;
        let info;
        try {
          info = await lstat(path.join(this.root, child));
        } catch {
          continue;
        }
        if (info.isDirectory()) {
          if (name !== '.git' && !excluded(`${child}/`)) queue.push(child);
        } else if (info.isFile() && info.mtimeMs >= from && !excluded(child)) {
          // The agent chose these names: a control character is shown escaped, never as itself.
          if (files.length < o.limit) files.push(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/.test(child) ? JSON.stringify(child).slice(1, -1) : child);
          else more++;
        }
      }
    }
    return { files, more };
  }

  async preflight(outputs: string[]): Promise<string[]> {
    const problems: string[] = [];
    try {
      accessSync(this.root, constants.W_OK);
    } catch {
      problems.push(`the workspace ${this.root} is not writable`);
    }
    for (const p of outputs) {
      const reason = checkRelativePath(p);
      if (reason !== null) {
        problems.push(`required output ${reason}`);
        continue;
      }
      const blocker = this.uncreatableParent(p);
      if (blocker) problems.push(`the folder of required output "${p}" cannot be created: ${blocker}`);
    }
    return problems;
  }

  /** Walks up from the output's folder to the first existing ancestor, which must be a writable folder inside the workspace. */
  private uncreatableParent(p: string): string | null {
    let dir = path.dirname(path.resolve(this.root, p.replace(/\\/g, '/')));
    for (;;) {
      try {
        const info = statSync(dir);
        if (!info.isDirectory()) return `"${path.relative(this.root, dir)}" is a file`;
        const real = realpathSync(dir);
        if (real !== this.root && !real.startsWith(this.root + path.sep)) return `"${path.relative(this.root, dir)}" leads outside the workspace`;
        try {
          accessSync(dir, constants.W_OK);
        } catch {
          throw new Error('not writable');
        }
        return null;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT' && dir !== this.root) {
          dir = path.dirname(dir);
          continue;
        }
        return `"${path.relative(this.root, dir) || '.'}" ${(err as Error).message === 'not writable' ? 'is not writable' : describeError(err)}`;
      }
    }
  }
}
