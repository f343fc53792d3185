// The settings one plan's tick is built from. They know neither the Action nor the CLI: each
// entry point maps its inputs (action/plan-settings.ts) or flags (cli/plan-settings.ts) to these,
// and engine-factory.ts builds the engine's dependencies from them.
import path from 'node:path';
import type { Scrubber } from '../core/trust/secrets.js';
import type { EngineConfig } from '../engine/index.js';
import { workingFiles, type WorkBranches, type WorkingFiles } from './plan-layout.js';

/** Where the base branch merged into the work branch comes from (`sync-base: merge`). */
export interface BaseSyncSettings {
  /** Its name, or how to find it (asked only when a sync happens); null: the remote's HEAD. */
  base: string | null | (() => Promise<string | null>);
}

export type StoreSettings =
  /** A state file on this machine, replaced atomically under a lock. */
  | { kind: 'file'; stateFile: string; /** Shown to whoever finds the lock taken. */ command: string }
  /** A work branch on a git remote; the state at `stateRel` in the workspace. */
  | {
      kind: 'git';
      remote: string;
      branches: WorkBranches;
      stateRel: string;
      /** Where a new work branch starts (the commit a workflow checked out); default HEAD. */
      baseCommit?: string;
      /** Merge the base branch into the work branch before a tick's first attempt; absent: off. */
      syncBase?: BaseSyncSettings;
    }
  /** Entries of the Actions cache (best effort); `stateRel` only places the working files. */
  | { kind: 'cache'; stateRel: string };

export interface PlanLocation {
  planId: string;
  /** Absolute: the agent's working directory (a git checkout for the git store). */
  workspace: string;
  store: StoreSettings;
}

/** The absolute path of the plan's state file on this machine. */
export function stateFileOf(plan: PlanLocation): string {
  return plan.store.kind === 'file' ? plan.store.stateFile : path.resolve(plan.workspace, plan.store.stateRel);
}

/** The plan's local working files (attempt logs, command inbox, lock). */
export function workingFilesOf(plan: PlanLocation): WorkingFiles & { stateFile: string } {
  const stateFile = stateFileOf(plan);
  return { stateFile, ...workingFiles(stateFile) };
}

export interface EngineSettings {
  plan: PlanLocation;
  /** Known secrets: taken out of every state write. */
  secrets: Scrubber;
  /** Base environment of the agent and of check commands; default this process's. */
  processEnv?: NodeJS.ProcessEnv;
  /** How the tick runs; the factory adds the log folder and the CLI's own command line. */
  run: Omit<EngineConfig, 'logDir' | 'cliCommand'>;
}
