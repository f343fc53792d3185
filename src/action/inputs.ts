// The only reader of the Action's inputs. Returns one typed settings object; every error names
// the input, the value and what was expected (the way actions/checkout's input helper does).
import { ConfigError } from '../core/errors.js';
import { parseApprovers } from '../core/trust/authorize.js';
import { MIN_SECRET_LENGTH } from '../core/trust/secrets.js';
import { SYNC_BASE_MODES, type SyncBaseMode } from '../core/tick/sync-base-modes.js';
import { actionInput, checkOneOf, checkPlanId as checkId, checkStepId, parseBudget, parseNumber } from '../wiring/checks.js';
import type { Budget } from '../core/state/types.js';
import { DEFAULT_WORK_BRANCHES, parseWorkBranches, type WorkBranches } from '../wiring/plan-layout.js';
import { parseAttemptDescriptor, type AttemptDescriptor } from '../core/isolation/attempt-descriptor.js';
import { AGENT_JOB_RESULTS, type AgentJobResult } from '../core/isolation/agent-job-result.js';

/** `single`: the whole tick in one job; the other three are the jobs of the isolated layout (docs/security.md). */
export const PHASES = ['single', 'prepare', 'agent', 'apply'] as const;
export type Phase = (typeof PHASES)[number];

export const DISPATCH_COMMANDS = ['tick', 'start', 'resume', 'cancel', 'retry', 'skip', 'status', 'restart', 'list', 'audit', 'maintenance'] as const;
export type DispatchCommand = (typeof DISPATCH_COMMANDS)[number];

export interface ActionInputs {
  token: string;
  /** Which part of a tick this job does. */
  phase: Phase;
  /** agent and apply: the attempt prepare handed on (null: none was due). */
  attempt: AttemptDescriptor | null;
  /** apply: how the agent job ended (`needs.agent.result`). */
  agentResult: AgentJobResult;
  command: DispatchCommand;
  agentCommand?: string;
  planFile?: string;
  planId?: string;
  step?: string;
  stateStore: 'git' | 'cache';
  /** How work branches are named (`state-branch`; default `sequencer/<plan-id>`). */
  branches: WorkBranches;
  /** Merge the default branch into the work branch before a run's first attempt (git store). */
  syncBase: SyncBaseMode;
  maxAttempts: number;
  stepDelayMinutes: number;
  attemptTimeoutMinutes: number;
  timeBudgetMinutes: number;
  retryBackoffSeconds: number;
  /** The budget of a plan that sets none (`budget-usd`, `budget-tokens`); absent: none. */
  budget?: Budget;
  approvers: string[];
  triggerLabel: string;
  continueWorkflow?: string;
  openPullRequest: boolean;
  /** A run that blocks a plan fails the job (default); false keeps it green. */
  failOnBlocked: boolean;
  passTokenToAgent: boolean;
  /** Let plans from issue authors without write access set `agent`, `env` and check commands. */
  allowUntrustedPlanCommands: boolean;
  /** audit: BLOCKED or AWAITING_APPROVAL longer than this is reported. */
  staleDays: number;
  /** maintenance: finished plans whose last change is older than this are pruned. */
  pruneDays: number;
  /** maintenance: what pruning does with a finished plan's branch. */
  pruneMode: 'archive' | 'delete';
  /** maintenance: carry the actions out (false: only report what would be done). */
  apply: boolean;
  /** More values to scrub from everything published (one per line of the `secrets` input). */
  secrets: string[];
}

/** `get` returns the raw input ('' when unset), e.g. `(n) => core.getInput(n)`. */
export function parseInputs(get: (name: string) => string): ActionInputs {
  const text = (name: string) => get(name).trim();
  const optional = (name: string) => text(name) || undefined;

  const token = text('github-token');
  if (!token) throw new ConfigError("Input 'github-token' is empty; expected a token (the default is the job's GITHUB_TOKEN).");

  const command = checkCommand(text('command') || 'tick');
  const phase = checkOneOf(text('phase') || 'single', PHASES, actionInput('phase'));
  const attemptText = text('attempt');
  if (attemptText && phase !== 'agent' && phase !== 'apply')
    throw invalid('attempt', attemptText.slice(0, 60), `no value with phase '${phase}' (only the agent and apply jobs take the attempt prepare handed on)`);
  const attempt = attemptText ? parseAttemptDescriptor(attemptText) : null;
  if (phase === 'agent' && !attempt) {
    throw new ConfigError(
      "Input 'attempt' is empty with phase 'agent'; expected the prepare job's output, e.g. attempt: ${{ needs.prepare.outputs.attempt }}, and the job run only when it is set (if: needs.prepare.outputs.run-agent == 'true').",
    );
  }
  const agentResult = checkOneOf(text('agent-result'), AGENT_JOB_RESULTS, actionInput('agent-result'), 'success, failure, cancelled or skipped (${{ needs.agent.result }})');

  const stateStore = checkOneOf(text('state-store') || 'git', ['git', 'cache'] as const, actionInput('state-store'));
  // The agent job holds ACTIONS_RUNTIME_TOKEN, which writes cache entries: a state read from the
  // cache could have been written by the agent.
  if (stateStore === 'cache' && phase !== 'single') {
    throw invalid('state-store', stateStore, `"git" with phase '${phase}': in the isolated layout the agent job can write cache entries, so a state kept in the cache could be the agent's`);
  }
  const syncBase = checkOneOf(text('sync-base') || 'merge', SYNC_BASE_MODES, actionInput('sync-base'));

  const planId = optional('plan-id');
  if (planId) checkPlanId(planId);
  const step = optional('step');
  if (step) checkStep(step);
  const stateBranch = optional('state-branch');
  // A fixed name is for a workflow of one plan: the one its `plan-id` input names.
  const branches = stateBranch
    ? parseWorkBranches(
        stateBranch,
        actionInput('state-branch'),
        planId ? { onePlan: planId, setting: "input 'state-branch'" } : { manyPlans: "a fixed name is for a workflow of one plan, and needs the 'plan-id' input" },
      )
    : DEFAULT_WORK_BRANCHES;

  const planFile = optional('plan');
  if (planFile) checkPlanFile(planFile);

  const pruneMode = checkOneOf(text('prune-mode') || 'archive', ['archive', 'delete'] as const, actionInput('prune-mode'));

  const attemptTimeoutMinutes = int(get, 'attempt-timeout-minutes', 60, 1, 360);
  const timeBudgetMinutes = int(get, 'time-budget-minutes', 300, 1, 4320);
  // A run never starts an attempt it cannot finish within its budget: with a shorter budget no
  // step could ever start, and every run would only dispatch the next one.
  if (timeBudgetMinutes < attemptTimeoutMinutes) {
    throw new ConfigError(
      `Input 'time-budget-minutes' (${timeBudgetMinutes}) is shorter than input 'attempt-timeout-minutes' (${attemptTimeoutMinutes}): no attempt could start within a run. Raise 'time-budget-minutes' or lower 'attempt-timeout-minutes'.`,
    );
  }

  return {
    token,
    phase,
    attempt,
    agentResult,
    command,
    ...(optional('agent-command') ? { agentCommand: text('agent-command') } : {}),
    ...(planFile ? { planFile } : {}),
    ...(planId ? { planId } : {}),
    ...(step ? { step } : {}),
    stateStore,
    branches,
    syncBase,
    maxAttempts: int(get, 'max-attempts', 3, 1, 100),
    stepDelayMinutes: int(get, 'step-delay-minutes', 0, 0, 1440),
    attemptTimeoutMinutes,
    timeBudgetMinutes,
    retryBackoffSeconds: int(get, 'retry-backoff-seconds', 30, 0, 3600),
    ...budgetOf(get),
    approvers: parseApprovers(get('approvers')),
    triggerLabel: text('trigger-label') || 'sequencer',
    ...(optional('continue-workflow') ? { continueWorkflow: text('continue-workflow') } : {}),
    openPullRequest: bool(get, 'open-pull-request'),
    failOnBlocked: bool(get, 'fail-on-blocked', true),
    passTokenToAgent: bool(get, 'pass-token-to-agent'),
    allowUntrustedPlanCommands: bool(get, 'allow-untrusted-plan-commands'),
    staleDays: int(get, 'stale-days', 14, 1, 3650),
    pruneDays: int(get, 'prune-days', 7, 0, 3650),
    pruneMode,
    apply: bool(get, 'apply'),
    secrets: secretLines(get('secrets')),
  };
}

function budgetOf(get: (name: string) => string): { budget?: Budget } {
  const budget = parseBudget({ raw: get('budget-usd'), field: actionInput('budget-usd') }, { raw: get('budget-tokens'), field: actionInput('budget-tokens') });
  return budget ? { budget } : {};
}

/** One value per line; a value too short to scrub is an error, never silently left in the open. */
function secretLines(raw: string): string[] {
  const values: string[] = [];
  raw.split(/\r?\n/).forEach((line, i) => {
    const value = line.trim();
    if (!value) return;
    // The value itself is never shown: it is a secret.
    if (value.length < MIN_SECRET_LENGTH) {
      throw new ConfigError(
        `Invalid input 'secrets': line ${i + 1} is ${value.length} characters long. Expected one secret value per line, each at least ${MIN_SECRET_LENGTH} characters (shorter values are not scrubbed: they would mangle ordinary text).`,
      );
    }
    values.push(value);
  });
  return values;
}

function invalid(name: string, value: string, expected: string, source = 'input'): ConfigError {
  return actionInput(name, source).invalid(value, expected);
}

// The checks below also guard the same values when they arrive as workflow_dispatch inputs in the
// event payload (`source` says which), so a typo there is an error, never a different command.

export function checkCommand(value: string, source?: string): DispatchCommand {
  return checkOneOf(value, DISPATCH_COMMANDS, actionInput('command', source), `one of ${DISPATCH_COMMANDS.join(', ')}`);
}

export function checkPlanId(value: string, source?: string): string {
  return checkId(value, actionInput('plan-id', source));
}

export function checkStep(value: string, source?: string): string {
  return checkStepId(value, actionInput('step', source));
}

export function checkPlanFile(value: string, source?: string): string {
  if (value.startsWith('/') || value.split(/[\\/]/).includes('..')) throw invalid('plan', value, 'a path inside the repository, e.g. plans/research.yml', source);
  return value;
}

function int(get: (name: string) => string, name: string, fallback: number, min: number, max: number): number {
  return parseNumber(get(name).trim(), actionInput(name), { fallback, min, max });
}

function bool(get: (name: string) => string, name: string, fallback = false): boolean {
  const raw = get(name).trim().toLowerCase();
  if (raw === '') return fallback;
  if (raw === 'false') return false;
  if (raw === 'true') return true;
  throw invalid(name, raw, '"true" or "false"');
}
