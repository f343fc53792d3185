// The Action's inputs and run context as one plan's settings (src/wiring/plan-settings.ts): the
// git store on the plan's work branch of `origin` (or the cache store), the agent's environment
// without the token, and the limits a person sees in the proposal.
import type { ToolkitLog } from '../adapters/toolkit/toolkit-log.js';
import { ACTIONS_ECHO_CAP } from '../core/render/output-echo.js';
import type { AttemptOwner } from '../core/state/types.js';
import type { StateStore } from '../ports.js';
import { stateFileRel, workBranch } from '../wiring/plan-layout.js';
import type { EngineSettings, PlanLocation } from '../wiring/plan-settings.js';
import { createPlanStore as storeFor } from '../wiring/plan-store.js';
import type { RunContext } from './context.js';
import { withoutRunnerFiles } from '../core/trust/runner-files.js';
import type { ActionInputs } from './inputs.js';

/** The remote the workflow checked out: every plan's branch and marker lives there. */
export const REMOTE = 'origin';

export function planBranch(inputs: ActionInputs, planId: string): string {
  return workBranch(inputs.branches, planId);
}

/**
 * Where the plan lives. `defaultBranch` is asked for the base branch when `sync-base: merge`
 * syncs the work branch (a tick's first attempt); without it no sync is set up.
 */
export function planLocation(ctx: RunContext, inputs: ActionInputs, planId: string, defaultBranch?: () => Promise<string | null>): PlanLocation {
  const stateRel = stateFileRel(planId);
  if (inputs.stateStore === 'cache') return { planId, workspace: ctx.workspace, store: { kind: 'cache', stateRel } };
  return {
    planId,
    workspace: ctx.workspace,
    store: {
      kind: 'git',
      remote: REMOTE,
      branches: inputs.branches,
      stateRel,
      // New work branches start from the commit this workflow checked out, not from another plan.
      ...(ctx.sha ? { baseCommit: ctx.sha } : {}),
      ...(inputs.syncBase === 'merge' && defaultBranch ? { syncBase: { base: defaultBranch } } : {}),
    },
  };
}

/** The plan's store; every write is scrubbed of known secrets before it is recorded. */
export function createPlanStore(ctx: RunContext, inputs: ActionInputs, planId: string, log: ToolkitLog): StateStore {
  return storeFor(planLocation(ctx, inputs, planId), log.secrets, log);
}

/** Secrets the runner put in our environment that the agent must not inherit (ACTIONS_*: its runtime, cache, results and OIDC tokens and URLs). */
const RUNNER_SECRETS = /^(INPUT_.*|GITHUB_TOKEN|ACTIONS_.*)$/;

/**
 * The agent's base environment (check commands get it too): the job's, minus the token, the
 * runner's internals and its command files (GITHUB_OUTPUT and the rest: the step's outputs and
 * the job's later environment are the Action's to write), and minus any variable holding one of
 * `withheld` (the job token a workflow also put in GH_TOKEN).
 */
export function agentEnvironment(env: NodeJS.ProcessEnv, token: string | null, withheld: readonly string[] = []): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = {};
  const secrets = withheld.filter((s) => s.length > 0);
  for (const [k, v] of Object.entries(withoutRunnerFiles(env))) if (!RUNNER_SECRETS.test(k) && !secrets.some((s) => v?.includes(s))) out[k] = v;
  if (token) {
    out.GITHUB_TOKEN = token;
    out.GH_TOKEN = token;
  }
  return out;
}

/** The agent's environment (and its check commands'): never the token unless the workflow passes it. */
export function actionAgentEnv(inputs: ActionInputs): NodeJS.ProcessEnv {
  return agentEnvironment(process.env, inputs.passTokenToAgent ? inputs.token : null, inputs.passTokenToAgent ? [] : [inputs.token]);
}

export interface TickSettingsOptions {
  /** Run until this instant at most (the run's time budget). */
  deadline: Date;
  /** The artifact the attempt logs are uploaded as: the log names it where it cuts the echo. */
  artifactName: string;
  defaultBranch: () => Promise<string | null>;
}

export function engineSettings(ctx: RunContext, inputs: ActionInputs, planId: string, log: ToolkitLog, o: TickSettingsOptions): EngineSettings {
  const owner: AttemptOwner = { kind: 'actions', runId: ctx.runId, runAttempt: ctx.runAttempt, repository: `${ctx.owner}/${ctx.repo}` };
  return {
    plan: planLocation(ctx, inputs, planId, o.defaultBranch),
    secrets: log.secrets,
    processEnv: actionAgentEnv(inputs),
    run: {
      ...(inputs.agentCommand ? { agentCommand: inputs.agentCommand } : {}),
      agentSource: "input 'agent-command'",
      agentSurface: 'action',
      limits: {
        maxAttempts: inputs.maxAttempts,
        attemptTimeoutMinutes: inputs.attemptTimeoutMinutes,
        retryBackoffSeconds: inputs.retryBackoffSeconds,
        ...(inputs.budget ? { budget: inputs.budget } : {}),
      },
      owner,
      leaseMarginMs: 10 * 60_000,
      graceMs: ctx.killGraceSeconds * 1000,
      // A cancelled agent gets time (a minute by default) to save its work and exit before it is signalled.
      stopGraceMs: ctx.stopGraceSeconds * 1000,
      deadline: o.deadline,
      inboxPollMs: ctx.inboxPollSeconds * 1000,
      // On GitHub a person must see it: the plan blocks with a notice instead of failing the job.
      preflight: 'block',
      // The work branch accepts pushes from anyone with write access (and from every workflow that
      // holds a token): a state that says IN_PROGRESS is no approval.
      requireApproval: true,
      // The attempt's log group shows the agent's output live, up to a cap; the artifact has it all.
      echoAgentOutput: true,
      echoCap: { ...ACTIONS_ECHO_CAP, fullLog: `the artifact ${o.artifactName}` },
      // A runner's path means nothing after the run: the file in the run's attempt-log artifact.
      attemptFileText: (relative: string) => `${relative} in the artifact ${o.artifactName} of ${runUrl(ctx)}`,
    },
  };
}

/** The page of this workflow run: its log, its job summary and its artifacts. */
export function runUrl(ctx: Pick<RunContext, 'serverUrl' | 'owner' | 'repo' | 'runId'>): string {
  return `${ctx.serverUrl}/${ctx.owner}/${ctx.repo}/actions/runs/${ctx.runId}`;
}

/** The plan's issue on GitHub. */
export function issueUrl(ctx: Pick<RunContext, 'serverUrl' | 'owner' | 'repo'>, issueNumber: number): string {
  return `${ctx.serverUrl}/${ctx.owner}/${ctx.repo}/issues/${issueNumber}`;
}
