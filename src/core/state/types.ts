// The plan and state document (README, "State format"). A superset of the original
// step-sequencer's state.json: every one of its fields keeps its name and meaning, and unknown
// fields are carried through untouched, so these interfaces are open (`[key: string]: unknown`).
import type { AgentUsage } from '../agent-stream/types.js';
import type { PreflightDef } from '../plan/preflight.js';

export const PLAN_STATUSES = ['AWAITING_APPROVAL', 'IN_PROGRESS', 'BLOCKED', 'DONE', 'CANCELLED'] as const;
export type PlanStatus = (typeof PLAN_STATUSES)[number];

export const STEP_STATUSES = ['PENDING', 'IN_PROGRESS', 'DONE', 'FAILED', 'SKIPPED'] as const;
export type StepStatus = (typeof STEP_STATUSES)[number];

export const ATTEMPT_OUTCOMES = ['succeeded', 'failed', 'timed_out', 'interrupted', 'cancelled', 'recovered', 'over_budget', 'overflow'] as const;
export type AttemptOutcome = (typeof ATTEMPT_OUTCOMES)[number];

/** How a step's agent may use its tools (README, "Tool policy"): checked by tool hooks and `exec`. */
export interface ToolsDef {
  /** The most tool calls one attempt may make; every later call is denied (and by default the attempt fails). */
  maxCalls?: number;
  /** Patterns a call must match (empty or absent: every call is allowed). */
  allow?: string[];
  /** Patterns no call may match; block wins over allow. */
  block?: string[];
  /** `hook` (default): the agent CLI's own tool hook enforces it; `exec`: the prompt tells the agent to run every command through `agent-step-sequencer exec --`. */
  via?: 'hook' | 'exec';
  /** Past `maxCalls`: `fail` (default) fails the attempt; `deny` only denies later calls, and the step may still finish. */
  onExceed?: 'fail' | 'deny';
}

/**
 * A spending limit (README, "Usage and budgets"): of the whole plan (`plan.budget`, or the
 * workflow's default) or of one step (`steps.<id>.budget`), over every attempt, across runs.
 */
export interface Budget {
  /** US dollars, as the agent reports its cost (Claude Code does; Codex and Gemini CLI do not). */
  costUsd?: number;
  /** Input, output, cache-read and cache-write tokens together. */
  tokens?: number;
}

/** A validation rule: exactly one key naming the rule kind (core/plan/validate-rules.ts). */
export type ValidationRule =
  | { file_exists: { path: string } }
  | { file_contains: { path: string; pattern: string; flags?: string } }
  | { json_schema: { path: string; schema: Record<string, unknown> | string } }
  | { payload_has_key: { key: string } }
  | { payload_value_matches: { key: string; pattern: string; flags?: string } }
  | { payload_values_equal: { keys: [string, string] | string[]; step?: string } }
  | { command: { argv: string[]; timeoutSeconds?: number } }
  | { command_output_contains: { argv: string[]; text: string; timeoutSeconds?: number } }
  | { db_query: DbQueryBody }
  | { payload_provenance: { key: string; maxAgeDays?: number } };

/**
 * A SQLite database in the workspace answers a read-only query: it passes when the query returns
 * a row, or, with `expect`, when the first column of the first row equals it.
 */
export interface DbQueryBody {
  path: string;
  query: string;
  expect?: string | number | boolean | null;
  timeoutSeconds?: number;
}

export interface StepDef {
  title: string;
  /** What the agent is told; a step that runs a command (`run`) may leave it out. */
  instruction: string;
  /** A command (argv, no shell) that runs instead of an agent: no prompt is added to it. */
  run?: string[];
  /** Paths relative to the workspace that must exist before the step may be DONE. */
  requiredOutputs?: string[];
  validate?: ValidationRule[];
  /** `retry` (default), `fail`, or the id of a remediation step. */
  onValidationFail?: string;
  maxAttempts?: number;
  attemptTimeoutMinutes?: number;
  /** Seconds before the first retry; each later retry waits 4 times longer (0: retry at once). */
  retryBackoff?: number;
  /** Total time for the step, counted from its first attempt; retries never reset it. */
  timeoutMinutes?: number;
  /** Agent command for this step only (same rules as STEP_AGENT_CMD). */
  agent?: string;
  env?: Record<string, string>;
  expectPayload?: boolean;
  inheritPayload?: boolean;
  /** A human gate: the plan pauses before the step's first attempt until a writer approves it. */
  gate?: boolean | { reason: string };
  /** Tool policy for this step's attempts; each field given replaces the plan's. */
  tools?: ToolsDef;
  /** This fraction (below 1) of requiredOutputs may be missing and the step is still done, with a warning. */
  outputTolerance?: number;
  /** The most bytes of output (stdout and stderr) an attempt may print; past it the attempt ends as `overflow`. */
  maxOutputBytes?: number;
  /** Where an overflow goes: `retry` (default, with the overflow prompt), `fail`, or the id of a remediation step. */
  onOverflow?: string;
  /** `step` (default): a failure retries this step; `group`: its group (plan `groups`) runs again from its first step. */
  retry?: 'step' | 'group';
  /** Where to go next on a value (core/tick/flow.ts): the first route whose condition holds, at most `max` times. */
  routes?: RouteDef[];
  /** Checks before each attempt of this step, after the plan's (core/plan/preflight.ts). */
  preflight?: PreflightDef;
  /** What this step's attempts may spend together. */
  budget?: Budget;
  /** What its completion commit holds; replaces the plan's `commit` (core/plan/commit-selection.ts). */
  commit?: CommitField;
  [key: string]: unknown;
}

/** `all` (default), `outputs` (the step's required outputs only), or every file but those matching `ignore`. */
export type CommitField = 'all' | 'outputs' | { ignore: string[] };

export interface Plan {
  title?: string;
  steps: Record<string, StepDef>;
  /** Optional order; defaults to the order of `steps`. */
  stepQueue?: string[];
  deadline?: string;
  /**
   * Put before every step prompt; `false` for none. Default: the autonomy guidance (not for
   * states of the original step-sequencer).
   */
  promptPreamble?: string | false;
  /** Tool policy for every step (a step's own `tools` fields override these). */
  tools?: ToolsDef;
  /** Checks before every attempt: tools on PATH, environment variables set, commands that succeed. */
  preflight?: PreflightDef;
  /** Steps that run again together: a step with `retry: group` that fails restarts its group from its first step. */
  groups?: Record<string, GroupDef>;
  /** What all the plan's attempts may spend together (default: the workflow's budget inputs). */
  budget?: Budget;
  /** What every step's completion commit holds, unless the step says otherwise. */
  commit?: CommitField;
  [key: string]: unknown;
}

/** A run of consecutive queued steps with a retry budget of its own (the original orchestrator's Big Step). */
export interface GroupDef {
  steps: string[];
  /** Passes through the group, the first included (default 2). */
  maxAttempts?: number;
}

/**
 * A route: after an attempt, go to `goto` instead of the next step when `when` holds: the
 * attempt's payload has `key` equal to `equals`, or the validation rule at index `rule` passed
 * (on success) or failed (on a validation failure). Taken at most `max` times (default 3).
 */
export interface RouteDef {
  when: { key: string; equals: string | number | boolean | null } | { rule: number; passes: true } | { rule: number; fails: true };
  goto: string;
  max?: number;
}

/** Who runs an attempt, so a later tick can tell whether it is still alive. */
export type AttemptOwner = { kind: 'local'; host: string; pid: number } | { kind: 'actions'; runId: string; runAttempt: number; repository?: string };

export interface Attempt {
  /** Numbered over the step's whole life, never reused (README, "Attempts and rounds"). */
  n: number;
  /** The round it belongs to; absent for the first. */
  round?: number;
  /** `<planId>/<stepId>/<n>`: handed to the agent so it can make its side effects idempotent. */
  runId: string;
  owner?: AttemptOwner;
  startedAt: string;
  endedAt?: string | null;
  leaseExpiresAt?: string;
  exitCode?: number | null;
  outcome?: AttemptOutcome | null;
  error?: string | null;
  logFile?: string | null;
  durationMs?: number;
  /** Labels of the validation rules this attempt failed; only a rule failure follows `onValidationFail`. */
  failedRules?: string[];
  /** The time limit, in minutes, that a `timed_out` attempt ran over. */
  timeoutMinutes?: number;
  /** A cancelled attempt: `agent` when it exited on its own after its stop file appeared, `signal` when it was signalled. */
  stoppedBy?: 'agent' | 'signal';
  /** What the attempt's command log recorded: tool calls made, and how many of them were denied. */
  toolCalls?: { calls: number; denied: number };
  /** Workspace files a successful attempt created or changed (at most 100; core/render/changed-files.ts). */
  changedFiles?: string[];
  /** How many more it changed than `changedFiles` lists. */
  changedFilesMore?: number;
  /** Required outputs a successful attempt did without, within the step's outputTolerance. */
  missingOutputs?: string[];
  /** What the agent declared in $SEQUENCER_RESULT_FILE (its word, validated and cut to one short line). */
  declared?: { status: 'completed' | 'cancelled' | 'overflow' | 'failed'; reason?: string };
  /** Tokens, cost and turns the agent reported for this attempt (absent: it reported none). */
  usage?: AttemptUsage;
  /** The attempt's own wall time on the runner: its files, the agent and the step's checks, in ms. */
  wallMs?: number;
  /** The isolated layout: the agent's changes apply did not commit (the first 20), and why. */
  refused?: Array<{ path: string; reason: string }>;
  /** How many changes were refused, when more than `refused` lists. */
  refusedTotal?: number;
  [key: string]: unknown;
}

/**
 * Where an attempt's figures came from. `stream`: the agent's output, read as it ran; `file`: what
 * it wrote to $SEQUENCER_USAGE_FILE; `log`: its stream read back from the attempt's log when the
 * tick that ran it died (engine/attempt-usage.ts).
 */
export const USAGE_SOURCES = ['stream', 'file', 'log'] as const;
export type UsageSource = (typeof USAGE_SOURCES)[number];

/**
 * What one attempt used, as the agent reported it (the figures of agent-stream/types.ts, whose
 * token counts never overlap), and where the figures came from.
 */
export interface AttemptUsage extends AgentUsage {
  source: UsageSource;
  /** False when the agent ended before reporting its totals (stopped, killed): the figures are what it had shown, a lower bound. */
  complete: boolean;
}

export const BUDGET_KINDS = ['costUsd', 'tokens'] as const;
export type BudgetKind = (typeof BUDGET_KINDS)[number];

/** A budget a writer raised after it was spent (`/approve budget=…`): it replaces that limit. */
export interface BudgetRaise {
  /** The plan's budget, or the budget of step `stepId`. */
  scope: 'plan' | 'step';
  stepId?: string;
  kind: BudgetKind;
  /** The new limit. */
  limit: number;
  by: string;
  at: string;
  /** The `/approve budget=…` comment on the plan's issue (the Action reads it back before counting it). */
  commentId?: number;
  [key: string]: unknown;
}

/** The budget that blocked the plan: which one, its limit and what was spent, before `stepId` could run. */
export interface BudgetBlock {
  stepId: string;
  scope: 'plan' | 'step';
  kind: BudgetKind;
  limit: number;
  spent: number;
  [key: string]: unknown;
}

/**
 * A detour to a remediation step (`onValidationFail: <stepId>`) after attempt `forAttempt` of
 * the step that holds it failed validation. PENDING until the remediation step succeeds; then
 * DONE and the failed step is retried. Keyed by attempt so each failure is remediated once.
 */
export interface Remediation {
  step: string;
  forAttempt: number;
  status: 'PENDING' | 'DONE';
  [key: string]: unknown;
}

export interface StepRun {
  status: StepStatus;
  /** Attempts started in the current round (a field of the original step-sequencer); compared with `maxAttempts`. */
  tries: number;
  /** The round of attempts the step is in: absent for the first, 2 after the first /retry, ... */
  round?: number;
  lastRunIso?: string | null;
  /** Bounded head and tail of the last attempt's output (a field of the original step-sequencer). */
  stdout?: string | null;
  /** Bounded head and tail of the last attempt's stderr, scrubbed like `stdout` (absent in older states: not kept). */
  stderr?: string | null;
  error?: string | null;
  attempts?: Attempt[];
  /** JSON the agent reported for downstream steps. */
  payload?: unknown;
  /** When the step's first attempt started: the base of `timeoutMinutes`. */
  firstStartedAt?: string | null;
  remediation?: Remediation | null;
  /** Who let the plan through this step's gate, for which plan hash. */
  gatePassed?: { by: string; at: string; planHash: string } | null;
  /** A note a person gave with /retry or /resume, for the prompt of attempt `forAttempt` ("A maintainer says: …"). */
  maintainerNote?: { by: string; text: string; forAttempt: number } | null;
  [key: string]: unknown;
}

export interface Approval {
  by: string;
  at: string;
  planHash: string;
  /** The `/approve` comment on the plan's issue (the Action re-reads it before running). */
  commentId?: number;
  /** The workflow_dispatch run whose `start` approved the plan (the Action re-reads it). */
  runId?: number;
  /** What the approver wrote after `/approve` (`/approve LGTM, ship it`), kept with the approval. */
  note?: string;
  /** A short digest per step of the approved plan (plans up to 500 steps), to name what changed later. */
  stepDigests?: Record<string, string>;
}

export interface State {
  version?: number;
  planId?: string;
  /** +1 on every durable write; a write based on an older revision is refused. */
  revision?: number;
  status: PlanStatus;
  plan: Plan;
  planHash?: string;
  stepQueue: string[];
  currentStep: number;
  stepRuns: Record<string, StepRun>;
  stepDelayMinutes?: number;
  /** The next attempt may not start before this instant (step delay). */
  notBefore?: string | null;
  blockers?: string[];
  lastHeartbeatIso?: string | null;
  artifacts?: string[];
  approval?: Approval | null;
  /** Each /restart: when, by whom, from which step, and where the run it ended stood (the last 20). */
  restarts?: Array<{ at: string; by: string; from: string; previous: { status: PlanStatus; currentStep: number; planHash?: string } }>;
  /** Passes each step group has had in this run (`retry: group`), with why the last one ended. */
  groupRuns?: Record<string, { tries: number; lastFailure?: { step: string; error: string } }>;
  /** Times each route was taken in this run, by `<stepId>#<index>` (bounded by the route's `max`). */
  routeCounts?: Record<string, number>;
  /** Who asked for the plan: the issue's author or the dispatching actor on GitHub, the local user in the CLI. */
  requestedBy?: string | null;
  /**
   * The proposal as posted on the issue, recorded only once GitHub holds it: an approval counts
   * only for `planHash` (the hash the comment shows) and only if written at or after `postedAt`
   * (GitHub's time of the post, or of its last edit). Null while nothing is posted for the plan.
   * `supersededAt`: GitHub's time by which every earlier proposal on the issue (another plan hash)
   * said it was superseded; absent when there was none. A bare `/approve` counts only from someone
   * who commented after it (they cannot have been looking at an earlier proposal).
   */
  proposal?: { at: string; commentId?: number | null; planHash?: string; postedAt?: string; supersededAt?: string; [key: string]: unknown } | null;
  cancelRequested?: { by: string; at: string; reason?: string } | null;
  /** The plan waits (AWAITING_APPROVAL) at the gate of this step; an approval passes it for `planHash` only. */
  gate?: { stepId: string; reason?: string; planHash: string; at: string } | null;
  inbox?: { lastCommentId?: number; [key: string]: unknown };
  /** The last few commands that changed the plan and what each did (the status comment shows them instead of a reply each). */
  recentCommands?: Array<{ at: string; by: string; command: string; outcome: string }>;
  issue?: { number: number; statusCommentId?: number | null; [key: string]: unknown } | null;
  /** Budgets writers raised after they were spent, oldest first: the last one of a budget counts. */
  budgetRaises?: BudgetRaise[];
  /** Set while the plan is BLOCKED because a budget was spent; `/approve budget=…` raises that one. */
  budgetBlock?: BudgetBlock | null;
  /**
   * The budget the CLI gave a plan that sets none (--budget-usd, --budget-tokens), recorded when
   * it first applied so that a later run without the flag keeps it; a raise replaces its limits.
   */
  defaultBudget?: Budget | null;
  [key: string]: unknown;
}

export const STATE_VERSION = 1;
