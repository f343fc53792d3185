// The CLI's flags as one plan's settings (src/wiring/plan-settings.ts): the file store (the
// embedded default), the git store or the cache store; the agent in this process's environment;
// commands from the plan's inbox folder; notices and progress on the console.
import path from 'node:path';
import { localUserName } from './local-user.js';
import { ConsoleLog, ConsoleNotifier } from '../adapters/console-log.js';
import { FileInbox, type FileInboxOptions } from '../adapters/fs/file-inbox.js';
import { LocalOwnerProbe, localOwner } from '../adapters/process/local-owner.js';
import { PLAN_BRANCH_PREFIX } from '../core/fleet/plan-index.js';
import { createScrubber, type Scrubber } from '../core/trust/secrets.js';
import type { EngineConfig, EngineDeps } from '../engine/index.js';
import type { StateStore } from '../ports.js';
import { createEngine as buildEngine } from '../wiring/engine-factory.js';
import { DEFAULT_WORK_BRANCHES, posixPath, stateFileIn, stateFileRel, workBranch, type WorkBranches } from '../wiring/plan-layout.js';
import { workingFilesOf, type PlanLocation } from '../wiring/plan-settings.js';
import { createPlanStore } from '../wiring/plan-store.js';
import type { CliSettings } from './options.js';

export interface LocalPaths {
  /** Absolute path of the state file in the workspace. */
  stateFile: string;
  inboxDir: string;
  logDir: string;
}

/** `command`: what this process does, shown to whoever finds the file store's lock taken. */
export function planLocation(s: CliSettings, command: string): PlanLocation {
  const { planId, workspace } = s;
  if (s.store === 'file') return { planId, workspace, store: { kind: 'file', stateFile: s.statePath, command } };
  const stateRel = posixPath(s.statePath);
  if (s.store === 'cache') return { planId, workspace, store: { kind: 'cache', stateRel } };
  return {
    planId,
    workspace,
    store: {
      kind: 'git',
      remote: s.remote,
      branches: s.branches,
      stateRel,
      // Null: the branch the remote's HEAD names, read in the same request as its tip.
      ...(s.syncBase === 'merge' ? { syncBase: { base: s.baseBranch ?? null } } : {}),
    },
  };
}

export function localPaths(s: CliSettings): LocalPaths {
  const { stateFile, inboxDir, logDir } = workingFilesOf(planLocation(s, s.command));
  return { stateFile, inboxDir, logDir };
}

/** The plan's work branch (--store git). */
export function branchOf(s: CliSettings): string {
  return workBranch(s.branches, s.planId);
}

/**
 * How the branches of every plan are named, for `check --all` and the fleet commands: a fixed
 * --branch is one plan's, so the others keep the default.
 */
export function fleetBranches(s: CliSettings): Extract<WorkBranches, { kind: 'per-plan' }> {
  return s.branches.kind === 'per-plan' ? s.branches : { kind: 'per-plan', prefix: PLAN_BRANCH_PREFIX };
}

/** The settings of another plan of the same workspace or remote (check --all, maintenance). */
export function forPlan(s: CliSettings, planId: string): CliSettings {
  const statePath = s.store === 'file' ? stateFileIn(s.workspace, planId) : stateFileRel(planId);
  return { ...s, planId, statePath, branches: s.branches.kind === 'fixed' ? DEFAULT_WORK_BRANCHES : s.branches };
}

/** The secrets of the CLI's environment: kept out of what it prints and records. */
export function cliSecrets(s: CliSettings): Scrubber {
  return createScrubber(s.secrets ?? []);
}

/** The console log for these settings: scrubbed, and guarded when run inside an Actions step. */
export function consoleLog(s: CliSettings, secrets = cliSecrets(s)): ConsoleLog {
  return new ConsoleLog({ quiet: s.quiet, secrets, guardCommands: s.actionsLog ?? false });
}

/** The plan's store; every write is scrubbed of the environment's secrets before it is recorded. */
export function createStore(s: CliSettings, command: string): StateStore {
  return createPlanStore(planLocation(s, command), cliSecrets(s), consoleLog(s));
}

export async function createEngine(s: CliSettings, command: string, opts: { onReply?: FileInboxOptions['onReply'] } = {}): Promise<{ deps: EngineDeps; cfg: EngineConfig; paths: LocalPaths }> {
  const plan = planLocation(s, command);
  const paths = workingFilesOf(plan);
  const log = consoleLog(s);
  const { deps, cfg } = await buildEngine(
    {
      plan,
      secrets: cliSecrets(s),
      run: {
        ...(s.agentCommand !== undefined ? { agentCommand: s.agentCommand } : {}),
        agentSource: s.agentSource,
        limits: {
          maxAttempts: s.maxAttempts,
          attemptTimeoutMinutes: s.attemptTimeoutMinutes,
          retryBackoffSeconds: s.retryBackoffSeconds,
        },
        // Kept in the plan's state once given (approve: the raise, not a default).
        ...(s.spendBudget && s.command !== 'approve' ? { stickyBudget: s.spendBudget } : {}),
        owner: localOwner(),
        leaseMarginMs: 5 * 60_000,
        graceMs: s.graceSeconds * 1000,
        stopGraceMs: s.stopGraceSeconds * 1000,
        inboxPollMs: 1000,
        echoAgentOutput: !s.quiet,
        localUser: localUserName(),
        // A path that opens from where the command ran: relative when that is the workspace (the
        // agent's folder too, for the retry prompt), else absolute.
        attemptFileText: (relative: string) => {
          const file = path.join(paths.logDir, relative);
          return path.resolve(process.cwd()) === path.resolve(s.workspace) ? path.relative(s.workspace, file) : file;
        },
        ...(s.budgetMinutes ? { deadline: new Date(Date.now() + s.budgetMinutes * 60_000) } : {}),
      },
    },
    { log, notifier: new ConsoleNotifier(log), owners: new LocalOwnerProbe(), inbox: new FileInbox(paths.inboxDir, { log: (m) => log.warn(m), ...(opts.onReply ? { onReply: opts.onReply } : {}) }) },
  );
  return { deps, cfg, paths: { stateFile: paths.stateFile, inboxDir: paths.inboxDir, logDir: paths.logDir } };
}
