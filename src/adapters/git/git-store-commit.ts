// Committing a write of the git store: a state change commits the state file (with the sequencer's
// records beside it) alone; a step's completion also commits the agent's work as the plan chose
// it, never what the agent wrote under the state folder.
import type { WriteMeta } from '../../ports.js';
import type { GitResult, GitRunner } from './git.js';
import { identityArgs, type GitIdentity } from './git-identity.js';
import { gitlinkExclusions, reportLeftOut, type StateFolder } from './git-store-exclusions.js';

export interface StateCommitterOptions extends StateFolder {
  git: GitRunner;
  planId: string;
  identity: GitIdentity;
}

export class StateCommitter {
  // Whether the state file is known to be in the index, so `commit --only` can pick it up
  // without a separate `git add` (one process less per write).
  stateTracked = false;
  private readonly opts: StateCommitterOptions;

  constructor(opts: StateCommitterOptions) {
    this.opts = opts;
  }

  private run(args: string[], allowFail = false): Promise<GitResult> {
    return this.opts.git.run(args, { allowFail });
  }

  /** Commits the state and `records` (pathspecs of the sequencer's files written with it). */
  async commit(meta: WriteMeta, records: string[] = []): Promise<void> {
    const { statePath, stateRoot, planId, identity } = this.opts;
    const spec = `./${statePath}`;
    if (meta.kind === 'completion') {
      // -A honours .gitignore and info/exclude; -f only for the state file itself, which a user's
      // .gitignore must not be able to keep out of the durable write.
      // The state folder is ours alone: a state the agent wrote for this plan or another (with a
      // shared state branch, the next tick of that plan would read it) never rides along.
      const stateFolder = stateRoot ? [`:(top,exclude,literal)${stateRoot}`] : [];
      // What the plan chose to commit (core/plan/commit-selection.ts): everything, the step's
      // required outputs only, or everything but what its ignore patterns match.
      const select = meta.select ?? { kind: 'all' };
      const what = select.kind === 'outputs' ? select.paths.map((p) => `:(top,literal)${p}`) : [':/', ...(select.kind === 'ignore' ? select.patterns.map((p) => `:(top,exclude,glob)${p}`) : [])];
      if (what.length) await this.run(['add', '-A', '--', ...what, ...stateFolder, ...(await gitlinkExclusions(this.opts.git))]);
      await this.run(['add', '-f', '--', spec, ...records]);
      await reportLeftOut(this.opts.git, this.opts, records);
    } else if (!this.stateTracked || records.length) {
      await this.run(['add', '-f', '--', spec, ...records]);
    }
    const message = `sequencer(${planId}): ${meta.message}`;
    // `--only <path>` commits the state alone even if something else is staged in the index.
    const only = meta.kind === 'completion' ? [] : ['--only', '--', spec, ...records];
    await this.run([...identityArgs(identity), 'commit', '-q', '--no-verify', '-m', message, ...only]);
    this.stateTracked = true;
  }
}
