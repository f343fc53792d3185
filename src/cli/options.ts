// The only reader of CLI flags and environment. Returns one typed settings object; every error
// names the flag (or variable), the value and what was expected.
import { parseArgs, type ParseArgsConfig } from 'node:util';
import path from 'node:path';
import { ConfigError } from '../core/errors.js';
import { environmentSecrets } from '../core/trust/secrets.js';
import { USAGE } from './usage.js';
import { optionError } from './option-errors.js';
import { SYNC_BASE_MODES, type SyncBaseMode } from '../core/tick/sync-base-modes.js';
import { checkBranchName, checkOneOf, checkPlanId, cliOption, parseBudget, parseNumber } from '../wiring/checks.js';
import type { Budget } from '../core/state/types.js';
import { DEFAULT_WORK_BRANCHES, parseWorkBranches, planIdOfFile, stateFileIn, stateFileRel, type WorkBranches } from '../wiring/plan-layout.js';

export interface CliSettings {
  command: string;
  positionals: string[];
  store: 'file' | 'git' | 'cache';
  /** Absolute path of the state file (file store) or the workspace-relative path (git store). */
  statePath: string;
  workspace: string;
  planId: string;
  /** Where the plan id came from: --plan-id, the --plan file's name, a --state file, or nothing (the default, "plan"). */
  planFrom: 'plan-id' | 'plan' | 'state' | 'default';
  planFile?: string;
  agentCommand?: string;
  agentSource: string;
  maxAttempts: number;
  attemptTimeoutMinutes: number;
  /** Seconds before a step's first retry (--retry-backoff, STEP_RETRY_BACKOFF; default 0: at once, as the original sequencer). */
  retryBackoffSeconds: number;
  budgetMinutes?: number;
  /** --budget-usd / --budget-tokens: the budget of a plan that sets none (run, check); `approve`: raise the spent one to it. */
  spendBudget?: Budget;
  delayMinutes?: number;
  approve: boolean;
  /** `check --all`: one heartbeat over every active plan (of the remote with --store git). */
  all: boolean;
  json: boolean;
  quiet: boolean;
  remote: string;
  /** --store git: the work branch (--branch; a name ending in <plan-id> names every plan's). */
  branches: WorkBranches;
  /** --store git: merge the base branch into the work branch before a tick's first attempt (--sync-base, default merge). */
  syncBase: SyncBaseMode;
  /** The base branch (--base-branch); default the remote's HEAD. */
  baseBranch?: string;
  reason?: string;
  /** approve, retry, resume: words kept with the approval, or for the agent's next prompt (--note). */
  note?: string;
  graceSeconds: number;
  /** On cancel, seconds the agent has to exit on its own after its stop file appears, before SIGTERM (--stop-grace, default 10). */
  stopGraceSeconds: number;
  /** `check`: wait out a step delay (or retry backoff) up to this many minutes, then run on (0: never wait). */
  maxWaitMinutes?: number;
  /** `plan`: the request text (--request). */
  request?: string;
  /** `plan`: absolute path of a file holding the request (--request-file). */
  requestFile?: string;
  /** `plan`: absolute path the plan is written to (--out). */
  outFile?: string;
  /** `audit`: BLOCKED or AWAITING_APPROVAL longer than this is reported (--stale-days). */
  staleDays: number;
  /** `maintenance`: finished plans at least this old are pruned (--prune-days). */
  pruneDays: number;
  /** `maintenance`: --archive (default) or --delete. */
  pruneMode: 'archive' | 'delete';
  /** `maintenance`: carry the actions out (--apply); otherwise only print them. */
  apply: boolean;
  /** Values of secret-looking environment variables: scrubbed from what is printed and recorded. */
  secrets?: string[];
  /** Running inside a GitHub Actions step, whose runner reads printed lines as workflow commands. */
  actionsLog?: boolean;
}

export { USAGE };

/** Every option the CLI accepts; the usage text names each one (a test holds them together). */
export const CLI_OPTIONS = {
  state: { type: 'string' },
  workspace: { type: 'string' },
  'plan-id': { type: 'string' },
  plan: { type: 'string' },
  store: { type: 'string' },
  remote: { type: 'string' },
  branch: { type: 'string' },
  'sync-base': { type: 'string' },
  'base-branch': { type: 'string' },
  agent: { type: 'string' },
  'max-attempts': { type: 'string' },
  'attempt-timeout': { type: 'string' },
  budget: { type: 'string' },
  'budget-usd': { type: 'string' },
  'budget-tokens': { type: 'string' },
  delay: { type: 'string' },
  reason: { type: 'string' },
  note: { type: 'string' },
  grace: { type: 'string' },
  'stop-grace': { type: 'string' },
  'max-wait': { type: 'string' },
  request: { type: 'string' },
  'request-file': { type: 'string' },
  out: { type: 'string' },
  'stale-days': { type: 'string' },
  'prune-days': { type: 'string' },
  archive: { type: 'boolean', default: false },
  delete: { type: 'boolean', default: false },
  apply: { type: 'boolean', default: false },
  approve: { type: 'boolean', default: false },
  json: { type: 'boolean', default: false },
  all: { type: 'boolean', default: false },
  'retry-backoff': { type: 'string' },
  quiet: { type: 'boolean', default: false },
  help: { type: 'boolean', short: 'h', default: false },
  version: { type: 'boolean', default: false },
} as const satisfies NonNullable<ParseArgsConfig['options']>;

export function parseCli(argv: string[], env: NodeJS.ProcessEnv, cwd: string): CliSettings {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: CLI_OPTIONS,
    });
  } catch (err) {
    throw optionError(err, argv, CLI_OPTIONS);
  }
  const { values: v, positionals } = parsed;
  const [command = 'help', ...rest] = positionals;
  if (v.version) return { ...defaults(cwd), command: 'version', positionals: [] };
  // `status --help` is `help status`.
  if (v.help) return { ...defaults(cwd), command: 'help', positionals: command === 'help' ? rest : positionals.slice(0, 1) };

  const store = checkOneOf(v.store ?? 'file', ['file', 'git', 'cache'] as const, cliOption('--store'));

  const planFile = v.plan ? path.resolve(cwd, v.plan) : undefined;
  const planId = checkPlanId(v['plan-id'] ?? (planFile ? planIdOfFile(planFile) : 'plan'), cliOption('--plan-id'));

  // `check STATE` is the original sequencer's call: the state file's folder is the workspace.
  const positionalState = command === 'check' && rest[0] ? path.resolve(cwd, rest[0]) : undefined;
  const explicitState = v.state ? path.resolve(cwd, v.state) : positionalState;
  const workspace = path.resolve(cwd, v.workspace ?? (explicitState && store === 'file' ? path.dirname(explicitState) : '.'));
  const statePath = store === 'file' ? (explicitState ?? stateFileIn(workspace, planId)) : (v.state ?? stateFileRel(planId));

  const syncBase = checkOneOf(v['sync-base'] ?? 'merge', SYNC_BASE_MODES, cliOption('--sync-base'));
  const baseBranch = v['base-branch'] === undefined ? undefined : checkBranchName(v['base-branch'], cliOption('--base-branch'));
  // One CLI call runs one plan: a fixed name is that plan's branch.
  const branches = !v.branch ? DEFAULT_WORK_BRANCHES : parseWorkBranches(v.branch, cliOption('--branch'), { onePlan: planId, setting: '--branch' });

  if (v.archive && v.delete) throw new ConfigError('--archive and --delete: give one of them, not both');

  const agentFromFlag = v.agent;
  const agentFromEnv = env.STEP_AGENT_CMD?.trim() ? env.STEP_AGENT_CMD : undefined;
  const planFrom = v['plan-id'] !== undefined ? 'plan-id' : planFile ? 'plan' : explicitState && store === 'file' ? 'state' : 'default';
  return {
    command,
    positionals: rest,
    store,
    statePath,
    workspace,
    planId,
    planFrom,
    ...(planFile ? { planFile } : {}),
    ...((agentFromFlag ?? agentFromEnv) !== undefined ? { agentCommand: agentFromFlag ?? agentFromEnv } : {}),
    agentSource: agentFromFlag !== undefined ? '--agent' : 'STEP_AGENT_CMD',
    maxAttempts: intOption(v['max-attempts'] ?? env.STEP_MAX_RETRIES, v['max-attempts'] !== undefined ? '--max-attempts' : 'STEP_MAX_RETRIES', 3, 1, 100),
    attemptTimeoutMinutes: intOption(v['attempt-timeout'], '--attempt-timeout', 60, 1, 10080),
    retryBackoffSeconds: intOption(v['retry-backoff'] ?? env.STEP_RETRY_BACKOFF, v['retry-backoff'] !== undefined ? '--retry-backoff' : 'STEP_RETRY_BACKOFF', 0, 0, 3600),
    ...(v.budget !== undefined ? { budgetMinutes: intOption(v.budget, '--budget', 0, 1, 100000) } : {}),
    ...(v.delay !== undefined ? { delayMinutes: intOption(v.delay, '--delay', 0, 0, 1440) } : {}),
    ...spendBudgetOf(v['budget-usd'], v['budget-tokens']),
    approve: v.approve ?? false,
    all: v.all ?? false,
    json: v.json ?? false,
    quiet: v.quiet ?? false,
    remote: v.remote ?? 'origin',
    branches,
    syncBase,
    ...(baseBranch ? { baseBranch } : {}),
    ...(v.reason ? { reason: v.reason } : {}),
    ...(v.note?.trim() ? { note: v.note.trim() } : {}),
    graceSeconds: intOption(v.grace, '--grace', 5, 0, 600),
    stopGraceSeconds: intOption(v['stop-grace'], '--stop-grace', 10, 0, 3600),
    ...(v['max-wait'] !== undefined
      ? {
          maxWaitMinutes: parseNumber(v['max-wait'], cliOption('--max-wait'), {
            fallback: 0,
            min: 0,
            max: 1440,
            fractions: true,
            expected: 'a number of minutes from 0 to 1440 (e.g. 5 for a heartbeat every 5 minutes)',
          }),
        }
      : {}),
    ...(v.request !== undefined ? { request: v.request } : {}),
    ...(v['request-file'] !== undefined ? { requestFile: path.resolve(cwd, v['request-file']) } : {}),
    ...(v.out !== undefined ? { outFile: path.resolve(cwd, v.out) } : {}),
    staleDays: intOption(v['stale-days'], '--stale-days', 14, 1, 3650),
    pruneDays: intOption(v['prune-days'], '--prune-days', 7, 0, 3650),
    pruneMode: v.delete ? 'delete' : 'archive',
    apply: v.apply ?? false,
    secrets: environmentSecrets(env),
    actionsLog: env.GITHUB_ACTIONS === 'true',
  };
}

function defaults(cwd: string): CliSettings {
  return {
    command: 'help',
    positionals: [],
    store: 'file',
    statePath: path.join(cwd, 'state.json'),
    workspace: cwd,
    planId: 'plan',
    planFrom: 'default',
    agentSource: 'STEP_AGENT_CMD',
    maxAttempts: 3,
    attemptTimeoutMinutes: 60,
    retryBackoffSeconds: 0,
    approve: false,
    all: false,
    json: false,
    quiet: false,
    remote: 'origin',
    branches: DEFAULT_WORK_BRANCHES,
    syncBase: 'merge',
    graceSeconds: 5,
    stopGraceSeconds: 10,
    staleDays: 14,
    pruneDays: 7,
    pruneMode: 'archive',
    apply: false,
  };
}

function spendBudgetOf(usd: string | undefined, tokens: string | undefined): { spendBudget?: Budget } {
  const budget = parseBudget({ raw: usd, field: cliOption('--budget-usd') }, { raw: tokens, field: cliOption('--budget-tokens') });
  return budget ? { spendBudget: budget } : {};
}

function intOption(raw: string | undefined, name: string, fallback: number, min: number, max: number): number {
  return parseNumber(raw, cliOption(name), { fallback, min, max });
}
