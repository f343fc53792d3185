// The one git runner of each workspace for the whole process (adapters/git/git.ts): the guard the
// first store or the Action takes before any agent runs (git-guard.ts) then covers every later
// git command there: every plan `check --all` or a heartbeat ticks, the base sync, the plan index,
// links and the pull request branch. A second runner would see the repository as an agent left it.
import path from 'node:path';
import { GitRunner } from '../adapters/git/git.js';
import type { GitMode } from '../core/trust/git-policy.js';

const runners = new Map<string, GitRunner>();

/**
 * The runner of `workspace`, made on first use. The Action asks for its `action` runner before
 * anything else (action/context.ts); everyone else then gets that one. Asking for another mode
 * than the runner has is a wiring mistake and throws.
 */
export function workspaceGit(workspace: string, mode?: GitMode): GitRunner {
  const cwd = path.resolve(workspace);
  const known = runners.get(cwd);
  if (known) {
    if (mode && known.mode !== mode) throw new Error(`The git runner of ${cwd} runs in ${known.mode} mode, not ${mode}: a workspace has one runner.`);
    return known;
  }
  const runner = new GitRunner({ cwd, ...(mode ? { mode } : {}) });
  runners.set(cwd, runner);
  return runner;
}
