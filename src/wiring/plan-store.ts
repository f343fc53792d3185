// The one place a plan's store is constructed (file, git or cache), always behind the scrubbing
// decorator, so every write is scrubbed of known secrets before it is recorded, whichever entry
// point asked for it. A git store runs git through its workspace's one runner (workspace-git.ts).
import { FileStore } from '../adapters/fs/file-store.js';
import { GitStore } from '../adapters/git/git-store.js';
import { ScrubbingStore } from '../adapters/scrubbing-store.js';
import { CacheStore } from '../adapters/toolkit/cache-store.js';
import type { Scrubber } from '../core/trust/secrets.js';
import type { Log, StateStore } from '../ports.js';
import { workBranch, workingFileExcludes } from './plan-layout.js';
import type { PlanLocation } from './plan-settings.js';
import { workspaceGit } from './workspace-git.js';

export function createPlanStore(plan: PlanLocation, secrets: Scrubber, log: Log): StateStore {
  return new ScrubbingStore(unscrubbedStore(plan, log), secrets);
}

function unscrubbedStore(plan: PlanLocation, log: Log): StateStore {
  const { planId, workspace, store } = plan;
  switch (store.kind) {
    case 'file':
      return new FileStore({ statePath: store.stateFile, command: store.command });
    // Best effort: cache entries are immutable and evicted after 7 days (see the README).
    case 'cache':
      return new CacheStore({ workspace, planId, log });
    case 'git':
      return new GitStore({
        git: workspaceGit(workspace),
        planId,
        remote: store.remote,
        branch: workBranch(store.branches, planId),
        statePath: store.stateRel,
        // New work branches start from the commit the workflow checked out, not from another plan.
        ...(store.baseCommit ? { base: store.baseCommit } : {}),
        // Attempt logs, the inbox and the lock are local working files, never part of the record.
        exclude: workingFileExcludes(store.stateRel),
        // The plan index is kept where heartbeats look: branches named after their plan.
        idleIndex: store.branches.kind === 'per-plan',
        // What the agent left under the state folder is never committed, but it is said.
        log: (m: string) => log.warn(m),
      });
  }
}
