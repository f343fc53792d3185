// What a tick is given (the ports and the settings) and what it reports.
import type { AgentSurface } from '../core/trust/agent-command.js';
import type { EchoCap } from '../core/render/output-echo.js';
import type { Scrubber } from '../core/trust/secrets.js';
import type { Limits } from '../core/state/step-view.js';
import type { AttemptOwner, Budget, State } from '../core/state/types.js';
import type { AgentRunner, ApprovalVerifier, AttemptFiles, BaseSync, Clock, Inbox, Log, Notifier, OwnerProbe, ResultProbe, StateStore, Verifier, Workspace } from '../ports.js';
import type { AttemptStart } from './attempt.js';

export interface EngineDeps {
  clock: Clock;
  store: StateStore;
  agent: AgentRunner;
  workspace: Workspace;
  owners: OwnerProbe;
  notifier: Notifier;
  log: Log;
  inbox?: Inbox;
  /** Reads workspace files and runs check commands for validation rules. */
  verifier: Verifier;
  /** The payload and input files beside each attempt's log. */
  attemptFiles: AttemptFiles;
  /** Merges the base branch into the work branch before a tick's first attempt (`sync-base: merge`); absent: off. */
  baseSync?: BaseSync;
  /** Confirms the state's approval where it lives (GitHub); absent: the state's approval counts. */
  approvals?: ApprovalVerifier;
  /** With `handOff`: whether a dead owner's run left a result to apply instead of recovering its attempt. */
  results?: ResultProbe;
}

export interface EngineConfig {
  /** Apply inbox commands and stop: no step runs (CLI steering commands). */
  commandsOnly?: boolean;
  /** Default agent command for steps without their own (`STEP_AGENT_CMD`, `--agent`). */
  agentCommand?: string;
  /** Where the default agent command came from, for error messages. */
  agentSource?: string;
  /** Where a person sets it, so a missing one is explained in those words (default `cli`). */
  agentSurface?: AgentSurface;
  limits: Limits;
  /**
   * A budget given to this run (the CLI's --budget-usd, --budget-tokens) that sticks to a plan
   * that sets none: recorded in its state the first time, kept by every later run.
   */
  stickyBudget?: Budget;
  /** Who runs attempts started by this tick. */
  owner: AttemptOwner;
  /** Per-attempt logs and payload files: `<logDir>/<stepId>/attempt-<n>.log`. */
  logDir: string;
  /**
   * How errors, the retry prompt and the log name an attempt file, given its path relative to
   * `logDir` (`step-2/attempt-3.log`): the CLI, a path that works from where the command ran; the
   * Action, the file in the run's attempt-log artifact. Without it, relative to the state's folder.
   */
  attemptFileText?: (relative: string) => string;
  /** Added to an attempt's timeout to form its lease. */
  leaseMarginMs: number;
  /** SIGTERM → SIGKILL grace for timeouts and cancels. */
  graceMs: number;
  /** On cancel, how long the agent may take to exit on its own after its stop file appears, before SIGTERM (default 0: none). */
  stopGraceMs?: number;
  /** No attempt starts unless it can finish (attempt timeout) before this instant. */
  deadline?: Date;
  /** How often the inbox is read for /cancel while an agent runs. */
  inboxPollMs?: number;
  /** The finished steps were listed by an earlier tick of this run: do not list them again. */
  quietResume?: boolean;
  /** Show the agent's output as it arrives; it always goes to the attempt log. */
  echoAgentOutput?: boolean;
  /** At most this much of it per attempt (the Actions log); unlimited without. */
  echoCap?: EchoCap;
  /** A failed preflight (agent not found, workspace not writable): `throw` a ConfigError (CLI, exit 2) or `block` the plan with a notice (Action). */
  preflight?: 'throw' | 'block';
  /** Extra environment for every attempt (never the GitHub token unless asked). */
  agentEnv?: Record<string, string>;
  /** The local user (CLI): the requester and approver of a state that names none. */
  localUser?: string;
  /** Largest payload an agent may hand on (default 64 KiB); a larger one fails the attempt. */
  payloadMaxBytes?: number;
  /** Jitter source for retry backoff, in [0, 1) (default Math.random). */
  random?: () => number;
  /**
   * No attempt starts unless the state holds an approval of exactly its plan (the Action, where
   * the state is on a branch others can push to). Without it an unapproved state runs (a state file written by hand or by another tool).
   * Either way a plan changed after its approval pauses until it is approved again.
   */
  requireApproval?: boolean;
  /**
   * The argv that starts this CLI (`node /…/dist/cli.js`), for the tool hooks in the generated
   * Claude Code settings and the `exec` forwarder named in prompts. Without it neither names a
   * path: the agent must find `agent-step-sequencer` on its PATH.
   */
  cliCommand?: string[];
  /** Known secrets: taken out of the agent's words before they are cut into the lines its stream is shown as. */
  secrets?: Scrubber;
  /**
   * Stop at an attempt's checkpoint and hand it on instead of running it (the isolated layout's
   * prepare job: the agent runs in another job, and a third records the result).
   */
  handOff?: boolean;
}

/** The ports and the settings together: what every part of the tick reads, and none changes. */
export interface Engine {
  deps: EngineDeps;
  cfg: EngineConfig;
}

export type TickOutcome = 'missing' | 'idle' | 'busy' | 'waiting' | 'done' | 'blocked' | 'cancelled' | 'awaiting-approval' | 'budget' | 'conflict' | 'handed-off';

/** What a tick with `handOff` handed on: an attempt to run, or a dead owner's result to record. */
export type HandOff = { kind: 'run'; start: AttemptStart } | { kind: 'apply'; stepId: string; n: number; owner: Extract<AttemptOwner, { kind: 'actions' }> };

export interface TickResult {
  outcome: TickOutcome;
  state?: State;
  /** Attempts this tick started. */
  attempts: number;
  /** Writes this tick made that moved the plan: one that only recorded commands as read is no progress. */
  writes: number;
  detail?: string;
  /** The set-up is broken (no agent command, agent not found): the plan was blocked with a notice. */
  configProblem?: string;
  /** Outcome `handed-off`: what another job carries on with. */
  handOff?: HandOff;
}
