// The workspace on disk. A required output only counts when it really lies inside the
// workspace: symlinks are resolved first, so a link to /etc/passwd does not satisfy a step.
// Checks after the first are synchronous: they run before and after every step, a few calls
// each, where a thread-pool round trip costs more than the call.
import { accessSync, constants, realpathSync, statSync } from 'node:fs';
import { realpath } from 'node:fs/promises';
import path from 'node:path';
import type { Workspace } from '../../ports.js';
import { ConfigError, describeError, showValue } from '../../core/errors.js';
import { checkRelativePath } from '../../core/plan/workspace-paths.js';

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
