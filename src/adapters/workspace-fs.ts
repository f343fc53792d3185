// The workspace on disk. A required output only counts when it really lies inside the
// workspace: symlinks are resolved first, so a link to /etc/passwd does not satisfy a step.
import { realpath } from 'node:fs/promises';
import path from 'node:path';
import type { Workspace } from '../ports.js';
import { ConfigError, describeError, showValue } from '../core/errors.js';
import { checkRelativePath } from '../core/workspace-paths.js';

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
      if (!(await this.existsInside(p))) missing.push(p);
    }
    return missing;
  }

  private async existsInside(p: string): Promise<boolean> {
    if (checkRelativePath(p) !== null) return false;
    let real: string;
    try {
      real = await realpath(path.resolve(this.root, p.replace(/\\/g, '/')));
    } catch {
      // Not there, a dangling link, or unreadable: in every case the output is not available.
      return false;
    }
    return real === this.root || real.startsWith(this.root.endsWith(path.sep) ? this.root : this.root + path.sep);
  }
}
