// One composition root: the engine's dependencies and configuration for one plan, from settings
// that know neither the Action nor the CLI. The entry point adds what only it has: where notices
// go, where commands come from, how an attempt's owner is judged alive, and its log.
import { GitBaseSync } from '../adapters/git/base-sync.js';
import { withoutRunnerFiles } from '../core/trust/runner-files.js';
import { FsAttemptFiles } from '../adapters/fs/attempt-files.js';
import { FsVerifier } from '../adapters/fs/fs-verifier.js';
import { withRuleChecks } from '../adapters/fs/rule-check-site.js';
import { FsWorkspace } from '../adapters/fs/workspace-fs.js';
import { sequencerCliCommand } from '../adapters/process/cli-path.js';
import { ExecAgentRunner } from '../adapters/process/exec-agent.js';
import type { EngineConfig, EngineDeps } from '../engine/index.js';
import type { ApprovalVerifier, BaseSync, Inbox, Log, Notifier, OwnerProbe } from '../ports.js';
import { stateFolderOf, workBranch } from './plan-layout.js';
import { workingFilesOf, type EngineSettings, type PlanLocation } from './plan-settings.js';
import { createPlanStore } from './plan-store.js';
import { workspaceGit } from './workspace-git.js';

/** The ports only an entry point can provide. */
export interface SurfacePorts {
  log: Log;
  notifier: Notifier;
  owners: OwnerProbe;
  inbox?: Inbox;
  /** Where an approval is a fact to read back (GitHub); absent, the state's approval counts. */
  approvals?: ApprovalVerifier;
}

export async function createEngine(settings: EngineSettings, ports: SurfacePorts): Promise<{ deps: EngineDeps; cfg: EngineConfig }> {
  const { plan, processEnv } = settings;
  const workspace = await FsWorkspace.open(plan.workspace);
  // Inside an Actions step the runner's command files (GITHUB_OUTPUT, …) are the step's to write,
  // never the agent's or a check command's, whichever surface started the tick.
  const env = { env: withoutRunnerFiles(processEnv ?? process.env) };
  const deps: EngineDeps = {
    clock: { now: () => new Date() },
    store: createPlanStore(plan, settings.secrets, ports.log),
    // Output is scrubbed before it is cut for the state: a cut must not leave part of a secret.
    agent: new ExecAgentRunner({ cwd: plan.workspace, ...env, scrubber: settings.secrets }),
    workspace,
    // Check commands of validation rules get the agent's environment: never a token it lacks.
    verifier: new FsVerifier({ root: workspace.root, ...env, scrubber: settings.secrets, ...withRuleChecks({ log: ports.log }) }),
    attemptFiles: new FsAttemptFiles(),
    owners: ports.owners,
    notifier: ports.notifier,
    log: ports.log,
    ...(ports.inbox ? { inbox: ports.inbox } : {}),
    ...(ports.approvals ? { approvals: ports.approvals } : {}),
  };
  const baseSync = createBaseSync(plan);
  if (baseSync) deps.baseSync = baseSync;
  // The tool hooks and the exec forwarder start this build's CLI.
  const cliCommand = sequencerCliCommand();
  const cfg: EngineConfig = { ...settings.run, logDir: workingFilesOf(plan).logDir, ...(cliCommand ? { cliCommand } : {}), secrets: settings.secrets };
  return { deps, cfg };
}

/** Git store with a base to sync: the base branch is merged into the work branch before a tick's first attempt. */
export function createBaseSync(plan: PlanLocation): BaseSync | undefined {
  const { store } = plan;
  if (store.kind !== 'git' || !store.syncBase) return undefined;
  return new GitBaseSync({
    git: workspaceGit(plan.workspace),
    remote: store.remote,
    branch: workBranch(store.branches, plan.planId),
    base: store.syncBase.base,
    // The state's folder keeps the work branch's version.
    protect: stateFolderOf(store.stateRel),
    planId: plan.planId,
  });
}
