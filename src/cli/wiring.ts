// Builds the engine's ports from CLI settings: the file store (embedded default) or the git
// store, the process runner, the workspace on disk, the inbox directory and console output.
import path from 'node:path';
import { ConsoleLog, ConsoleNotifier } from '../adapters/console-log.js';
import { ExecAgentRunner } from '../adapters/process/exec-agent.js';
import { sequencerCliCommand } from '../adapters/process/cli-path.js';
import { FileInbox } from '../adapters/fs/file-inbox.js';
import { FileStore } from '../adapters/fs/file-store.js';
import { CacheStore } from '../adapters/toolkit/cache-store.js';
import { GitStore } from '../adapters/git/git-store.js';
import { GitBaseSync } from '../adapters/git/base-sync.js';
import { GitRunner } from '../adapters/git/git.js';
import { LocalOwnerProbe, localOwner } from '../adapters/process/local-owner.js';
import { FsWorkspace } from '../adapters/fs/workspace-fs.js';
import { FsVerifier } from '../adapters/fs/fs-verifier.js';
import { FsAttemptFiles } from '../adapters/fs/attempt-files.js';
import { ScrubbingStore } from '../adapters/scrubbing-store.js';
import { createScrubber, type Scrubber } from '../core/trust/secrets.js';
import type { EngineConfig, EngineDeps } from '../engine.js';
import type { BaseSync, StateStore } from '../ports.js';
import type { CliSettings } from './options.js';

export interface LocalPaths {
  /** Absolute path of the state file in the workspace. */
  stateFile: string;
  inboxDir: string;
  logDir: string;
}

export function localPaths(s: CliSettings): LocalPaths {
  const stateFile = s.store === 'file' ? s.statePath : path.resolve(s.workspace, s.statePath);
  return { stateFile, inboxDir: `${stateFile}.inbox`, logDir: `${stateFile}.logs` };
}

/** The secrets of the CLI's environment: kept out of what it prints and records. */
export function cliSecrets(s: CliSettings): Scrubber {
  return createScrubber(s.secrets ?? []);
}

/** The console log for these settings: scrubbed, and guarded when run inside an Actions step. */
export function consoleLog(s: CliSettings, secrets = cliSecrets(s)): ConsoleLog {
  return new ConsoleLog({ quiet: s.quiet, secrets, guardCommands: s.actionsLog ?? false });
}

const runners = new Map<string, GitRunner>();

/**
 * The one git runner of the workspace for the whole command: the guard the first store takes
 * before any agent runs (git-guard.ts) then covers every plan `check --all` ticks after it, the
 * base sync and the plan index. A second runner would keep the repository as an agent left it.
 */
export function workspaceGit(s: CliSettings): GitRunner {
  const key = path.resolve(s.workspace);
  let runner = runners.get(key);
  if (!runner) runners.set(key, (runner = new GitRunner({ cwd: s.workspace })));
  return runner;
}

/** The plan's store; every write is scrubbed of the environment's secrets before it is recorded. */
export function createStore(s: CliSettings, command: string): StateStore {
  return new ScrubbingStore(planStore(s, command), cliSecrets(s));
}

function planStore(s: CliSettings, command: string): StateStore {
  if (s.store === 'file') return new FileStore({ statePath: s.statePath, command });
  if (s.store === 'cache') return new CacheStore({ workspace: s.workspace, planId: s.planId, log: consoleLog(s) });
  const rel = s.statePath.split(path.sep).join('/');
  return new GitStore({
    git: workspaceGit(s),
    planId: s.planId,
    remote: s.remote,
    statePath: rel,
    ...(s.branch ? { branch: s.branch } : {}),
    // Attempt logs, the inbox and the lock are local working files, never part of the record.
    exclude: [`/${rel}.logs/`, `/${rel}.inbox/`, `/${rel}.lock`],
  });
}

/** --store git with --sync-base merge: the base branch is merged into the work branch before a tick's first attempt. */
export function createBaseSync(s: CliSettings): BaseSync | undefined {
  if (s.store !== 'git' || s.syncBase !== 'merge') return undefined;
  const rel = s.statePath.split(path.sep).join('/');
  const folder = path.posix.dirname(rel);
  return new GitBaseSync({
    git: workspaceGit(s),
    remote: s.remote,
    branch: s.branch ?? `sequencer/${s.planId}`,
    // Null: the branch the remote's HEAD names, read in the same request as its tip.
    base: s.baseBranch ?? null,
    // The state's folder keeps the work branch's version (a state file at the top: the file alone).
    protect: folder === '.' ? path.posix.normalize(rel) : folder,
    planId: s.planId,
  });
}

export async function createEngine(s: CliSettings, command: string): Promise<{ deps: EngineDeps; cfg: EngineConfig; paths: LocalPaths }> {
  const paths = localPaths(s);
  const log = consoleLog(s);
  const workspace = await FsWorkspace.open(s.workspace);
  const deps: EngineDeps = {
    verifier: new FsVerifier({ root: workspace.root }),
    attemptFiles: new FsAttemptFiles(),
    clock: { now: () => new Date() },
    store: createStore(s, command),
    agent: new ExecAgentRunner({ cwd: s.workspace }),
    workspace,
    owners: new LocalOwnerProbe(),
    notifier: new ConsoleNotifier(log),
    log,
    inbox: new FileInbox(paths.inboxDir, { log: (m) => log.warn(m) }),
  };
  const cliCommand = sequencerCliCommand();
  const baseSync = createBaseSync(s);
  if (baseSync) deps.baseSync = baseSync;
  const cfg: EngineConfig = {
    ...(s.agentCommand !== undefined ? { agentCommand: s.agentCommand } : {}),
    ...(cliCommand ? { cliCommand } : {}),
    agentSource: s.agentSource,
    limits: { maxAttempts: s.maxAttempts, attemptTimeoutMinutes: s.attemptTimeoutMinutes, retryBackoffSeconds: s.retryBackoffSeconds },
    owner: localOwner(),
    logDir: paths.logDir,
    leaseMarginMs: 5 * 60_000,
    graceMs: s.graceSeconds * 1000,
    stopGraceMs: s.stopGraceSeconds * 1000,
    inboxPollMs: 1000,
    echoAgentOutput: !s.quiet,
    ...(s.budgetMinutes ? { deadline: new Date(Date.now() + s.budgetMinutes * 60_000) } : {}),
  };
  return { deps, cfg, paths };
}
