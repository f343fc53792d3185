// The tick (DESIGN §5): load → inbox → re-validate → loop(decide → checkpoint → run → check →
// commit). Written against the ports only; every decision comes from src/core.
import path from 'node:path';
import { advance, block, cancel, complete, finishAttempt, mayAcceptInterrupted, recoverAttempt, reopenSteps, startAttempt, type AttemptResult, type Transition } from './core/tick/apply.js';
import { applyCommand } from './core/tick/apply-command.js';
import { applyApprovalCheck, checkApproval, planChangedLines, statePlanHash } from './core/tick/approval-check.js';
import { pauseAtGate } from './core/tick/gates.js';
import { expandAgentVariables, noAgentCommandText, parseAgentCommand, type AgentSurface } from './core/trust/agent-command.js';
import { effectivePolicy, commandLine } from './core/guard/tool-policy.js';
import { policyFileText, summarizeCommandLog } from './core/guard/command-log.js';
import { claudeSettingsText } from './core/guard/hook-protocols.js';
import { withExecForwarder } from './core/tick/prompts.js';
import { countOf } from './core/render/plural.js';
import { refusalAnswers, type RefusalBudget } from './core/trust/authorize.js';
import { decide, type Decision } from './core/tick/decide.js';
import { ConfigError, ConflictError, describeError } from './core/errors.js';
import { timedOutText, type Notice } from './core/tick/notices.js';
import { resumeLines } from './core/render/render.js';
import { lineEcho, type EchoCap } from './core/render/output-echo.js';
import { attemptId, attemptTimeoutMsFor, currentStepId, lastAttempt, maxAttemptsFor, retryBackoffSecondsFor, sameOwner, stepDef, stepRun, stepTimeLeftMs, type Limits } from './core/state/step-view.js';
import type { AttemptOwner, Plan, State, StepDef } from './core/state/types.js';
import { retryDelayMs } from './core/tick/retry-backoff.js';
import type { AgentResult, AgentRunner, AttemptFiles, BaseSync, Clock, Inbox, Liveness, Log, Notifier, OwnerProbe, StateStore, Verifier, WriteMeta, Workspace } from './ports.js';
import { judgeAttempt } from './core/tick/judge-attempt.js';
import { DEFAULT_PAYLOAD_MAX_BYTES } from './core/tick/payload.js';
import { activeStepId, beginRemediation } from './core/tick/remediation.js';
import { attemptPaths, contractChecks, prepareAttempt, type AttemptPaths } from './step-contract.js';
import { withStore } from './store-access.js';
import { STOP_MESSAGE } from './core/tick/cooperative-stop.js';
import { baseSyncOutcome, blockOnBaseConflict, decideBaseSync } from './core/tick/base-sync.js';

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
  /** Who runs attempts started by this tick. */
  owner: AttemptOwner;
  /** Per-attempt logs and payload files: `<logDir>/<stepId>/attempt-<n>.log`. */
  logDir: string;
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
  /** Show the agent's output as it arrives; it always goes to the attempt log. */
  echoAgentOutput?: boolean;
  /** At most this much of it per attempt (the Actions log); unlimited without. */
  echoCap?: EchoCap;
  /** A failed preflight (agent not found, workspace not writable): `throw` a ConfigError (CLI, exit 2) or `block` the plan with a notice (Action). */
  preflight?: 'throw' | 'block';
  /** Extra environment for every attempt (never the GitHub token unless asked). */
  agentEnv?: Record<string, string>;
  /** Largest payload an agent may hand on (default 64 KiB); a larger one fails the attempt. */
  payloadMaxBytes?: number;
  /** Jitter source for retry backoff, in [0, 1) (default Math.random). */
  random?: () => number;
  /**
   * No attempt starts unless the state holds an approval of exactly its plan (the Action, where
   * the state is on a branch others can push to). Without it an unapproved state runs (a seed).
   * Either way a plan changed after its approval pauses until it is approved again.
   */
  requireApproval?: boolean;
  /**
   * The argv that starts this CLI (`node /…/dist/cli.js`), for the tool hooks in the generated
   * Claude Code settings and the `exec` forwarder named in prompts. Without it neither names a
   * path: the agent must find `agent-step-sequencer` on its PATH.
   */
  cliCommand?: string[];
}

/** Command logs longer than this are not counted (a runaway agent); the log itself is kept. */
const COMMAND_LOG_MAX_BYTES = 32 * 1024 * 1024;

export type TickOutcome = 'missing' | 'idle' | 'busy' | 'waiting' | 'done' | 'blocked' | 'cancelled' | 'awaiting-approval' | 'budget' | 'conflict';

export interface TickResult {
  outcome: TickOutcome;
  state?: State;
  /** Attempts this tick started. */
  attempts: number;
  /** Writes this tick made. */
  writes: number;
  detail?: string;
  /** The set-up is broken (no agent command, agent not found): the plan was blocked with a notice. */
  configProblem?: string;
}

export async function tick(deps: EngineDeps, cfg: EngineConfig): Promise<TickResult> {
  return withStore(deps.store, 'write', () => new Tick(deps, cfg).run(), (holder) => {
    deps.log.info(`Another tick holds ${deps.store.description} (${holder}); nothing to do.`);
    return { outcome: 'busy', attempts: 0, writes: 0, detail: holder };
  });
}

class Tick {
  private state!: State;
  private attempts = 0;
  private writes = 0;
  private configProblem: string | undefined;
  /** What the inbox asked to remember (an ETag), saved with the next write; a read alone never writes. */
  private inboxMemo: Record<string, unknown> | undefined;
  /** What answering people without permission has cost this tick. */
  private refusals: RefusalBudget = { answered: new Set(), reactions: 0 };
  /** The loaded state is what this build wrote and no approval is required: its plan needs no hashing. */
  private trusted = false;
  /** Whether this tick has synced the work branch with the base branch (once, before its first attempt). */
  private baseSynced = false;
  /** The hash of the plan last checked; transitions keep the plan object, so it is hashed once per tick. */
  private hashed: { plan: Plan; queue: string[]; hash: string } | undefined;

  constructor(
    private readonly deps: EngineDeps,
    private readonly cfg: EngineConfig,
  ) {}

  async run(): Promise<TickResult> {
    const loaded = await this.deps.store.load();
    if (loaded.kind === 'missing') {
      this.deps.log.info(`No state at ${this.deps.store.description}; nothing to do.`);
      return { outcome: 'missing', attempts: 0, writes: 0 };
    }
    this.state = loaded.state;
    this.trusted = loaded.verbatim === true && !this.cfg.requireApproval;
    try {
      await this.checkApproval();
      await this.applyInbox();
      if (this.cfg.commandsOnly) return this.result(idleOutcome(this.state));
      if (this.state.status === 'IN_PROGRESS') {
        await this.revalidateDoneSteps();
        this.showResume();
      }
      return await this.loop();
    } catch (err) {
      if (err instanceof ConflictError) {
        this.deps.log.warn(`Giving up this tick: ${err.message}`);
        return this.result('conflict', err.message);
      }
      throw err;
    }
  }

  private result(outcome: TickOutcome, detail?: string): TickResult {
    return { outcome, state: this.state, attempts: this.attempts, writes: this.writes, ...(detail ? { detail } : {}), ...(this.configProblem ? { configProblem: this.configProblem } : {}) };
  }

  private now(): Date {
    return this.deps.clock.now();
  }

  /** One durable write, then the notices it produced. */
  private async commit({ state, notices }: Transition, meta: WriteMeta): Promise<void> {
    const inbox = this.inboxMemo ? { inbox: { ...state.inbox, ...this.inboxMemo } } : {};
    this.state = await this.deps.store.write({ ...state, ...inbox, lastHeartbeatIso: this.now().toISOString() }, meta);
    this.inboxMemo = undefined;
    this.writes++;
    for (const notice of notices) {
      if (notice.kind === 'timed-out') this.deps.log.warn(`Plan ${this.state.planId ?? 'plan'}: ${timedOutText(notice.stepId, notice.minutes)}.`);
      try {
        await this.deps.notifier.notify(notice, this.state);
      } catch (err) {
        this.deps.log.warn(`Could not deliver the ${notice.kind} notice: ${describeError(err)}`);
      }
    }
  }

  private async applyInbox(): Promise<void> {
    const inbox = this.deps.inbox;
    if (!inbox) return;
    const { items, memo } = await inbox.read(this.state.inbox ?? {});
    if (memo) this.inboxMemo = { ...this.inboxMemo, ...memo };
    if (!items.length) return;
    let state = this.state;
    let changed = false;
    const notices: Notice[] = [];
    const replies: Array<[(typeof items)[number], string, boolean]> = [];
    for (const item of items) {
      if (item.refusal) {
        replies.push([item, item.refusal, true]);
        this.deps.log.warn(`Command /${item.command.kind} from ${item.command.by} refused: ${item.refusal}`);
        continue;
      }
      const outcome = applyCommand(state, item.command, this.now());
      state = outcome.state;
      changed ||= outcome.changed;
      notices.push(...outcome.notices);
      replies.push([item, outcome.reply, outcome.refused === true]);
      this.deps.log.info(`Command /${item.command.kind} from ${item.command.by}: ${outcome.reply}`);
    }
    if (changed) {
      // What the commands did (a /resume, an /approve) is checked in the same write.
      const checked = this.approvalTransition(state);
      if (checked) {
        state = checked.state;
        notices.push(...checked.notices);
      }
    }
    // Each source keeps its own cursor (comment ids, dispatch run ids): a run hears them all.
    const cursors: Record<string, number> = {};
    for (const item of items) {
      const key = item.cursorKey ?? inbox.cursorKey;
      cursors[key] = Math.max(cursors[key] ?? 0, item.cursor);
    }
    // Commands that change nothing (refused, unauthorized, /status) leave the state untouched: the
    // cursor rides along with the next real write, and replies are found by marker, not repeated.
    if (changed) {
      state = { ...state, inbox: { ...state.inbox, ...cursors } };
      await this.commit({ state, notices }, { kind: 'update', message: `commands: ${items.map((i) => `/${i.command.kind}`).join(' ')}` });
    } else {
      for (const [key, last] of Object.entries(cursors)) {
        // The inbox's own memo may already be further along (it read past non-command comments).
        const seen = Number(this.inboxMemo?.[key] ?? 0);
        this.inboxMemo = { ...this.inboxMemo, [key]: Math.max(seen, last) };
      }
    }
    for (const [key, last] of Object.entries(cursors)) await inbox.acknowledge(last, key);
    const { answers, budget } = refusalAnswers(items, this.refusals);
    this.refusals = budget;
    for (const [i, [item, text, refused]] of replies.entries()) {
      const answer = answers[i] === 'reply' || !inbox.react ? inbox.reply?.(item, text, refused) : answers[i] === 'react' ? inbox.react(item) : undefined;
      await answer?.catch((err: unknown) => this.deps.log.warn(`Could not reply: ${describeError(err)}`));
    }
  }

  /** Resume re-validation: a finished step whose outputs vanished is run again before moving on. */
  private async revalidateDoneSteps(): Promise<void> {
    const byStep = await this.missingDoneOutputs(this.state.currentStep);
    if (!byStep.size) return;
    await this.commit(reopenSteps(this.state, byStep), { kind: 'update', message: `reopen ${[...byStep.keys()].join(', ')}: outputs missing` });
  }

  /** Required outputs of the DONE steps among the first `upTo` of the queue that are gone now. */
  private async missingDoneOutputs(upTo: number): Promise<Map<string, string[]>> {
    const wanted: Array<[string, string[]]> = [];
    for (const id of this.state.stepQueue.slice(0, upTo)) {
      const outputs = this.state.plan.steps[id]?.requiredOutputs;
      if (outputs?.length && this.state.stepRuns[id]?.status === 'DONE') wanted.push([id, outputs]);
    }
    if (!wanted.length) return new Map();
    const missing = new Set(await this.deps.workspace.missingOutputs(wanted.flatMap(([, o]) => o)));
    if (!missing.size) return new Map();
    const byStep = new Map(wanted.map(([id, o]) => [id, o.filter((p) => missing.has(p))] as const).filter(([, m]) => m.length));
    for (const [id, m] of byStep) this.deps.log.warn(`${id} was done but its outputs are missing (${m.join(', ')}); running it again.`);
    return byStep;
  }

  private showResume(): void {
    if (this.state.currentStep === 0) return;
    for (const line of resumeLines(this.state)) this.deps.log.info(line);
  }

  /** Before commands and before every attempt: only an approved plan runs (DESIGN §9). */
  private async checkApproval(): Promise<void> {
    const checked = this.approvalTransition(this.state);
    if (checked) await this.commit(checked, { kind: 'update', message: `approval check: plan ${checked.state.planHash ?? ''} ${checked.state.status}` });
  }

  private approvalTransition(state: State): ReturnType<typeof applyApprovalCheck> | null {
    const check = checkApproval(state, { hashNow: () => this.planHashOf(state), trusted: this.trusted, requireApproval: this.cfg.requireApproval === true });
    switch (check.kind) {
      case 'ok':
        return null;
      case 'pause':
        for (const line of planChangedLines(check)) this.deps.log.warn(line);
        break;
      case 'rehash':
        this.deps.log.warn(`The plan changed while awaiting approval (${check.before} → ${check.planHash}); an approval must be of the plan as it is now.`);
        break;
      case 'block':
        this.deps.log.error(`${check.stepId} blocked: ${check.reason}`);
        break;
    }
    return applyApprovalCheck(state, check);
  }

  private planHashOf(state: State): string {
    const h = this.hashed;
    if (h && h.plan === state.plan && h.queue === state.stepQueue) return h.hash;
    const hash = statePlanHash(state);
    this.hashed = { plan: state.plan, queue: state.stepQueue, hash };
    return hash;
  }

  private async loop(): Promise<TickResult> {
    for (;;) {
      if (this.attempts > 0) await this.applyInbox();
      await this.checkApproval();
      const d = await this.decide();
      switch (d.kind) {
        case 'idle':
          return this.result(idleOutcome(this.state), d.reason);
        case 'busy':
          this.deps.log.info(`${d.stepId} attempt ${d.attempt?.n ?? '?'} is running in another tick (${ownerText(d.attempt?.owner)}); nothing to do.`);
          return this.result('busy');
        case 'wait':
          this.deps.log.info(`Step delay: the next step starts after ${d.until}.`);
          return this.result('waiting', d.until);
        case 'complete':
          await this.commit(complete(this.state), { kind: 'update', message: 'plan done' });
          break;
        case 'advance':
          await this.commit(advance(this.state, this.now()), { kind: 'update', message: `${d.stepId} finished; advance` });
          break;
        case 'cancel':
          await this.commit(cancel(this.state), { kind: 'update', message: 'plan cancelled' });
          break;
        case 'gate':
          this.deps.log.info(`${d.stepId} is gated: the plan waits for an approval before it runs.`);
          await this.commit(pauseAtGate(this.state, d.stepId, stepDef(this.state, d.stepId), this.now()), { kind: 'update', message: `paused at the gate of ${d.stepId}` });
          break;
        case 'block':
          this.deps.log.error(`${d.stepId} blocked: ${d.reason}`);
          await this.commit(block(this.state, d.stepId, d.reason), { kind: 'update', message: `${d.stepId} blocked: ${d.reason}` });
          break;
        case 'recover':
          await this.recover(d);
          break;
        case 'remediate':
          this.deps.log.warn(`${d.stepId} attempt ${d.forAttempt} failed validation; running remediation step ${d.via}, then ${d.stepId} again.`);
          await this.commit(beginRemediation(this.state, d.stepId, d.via, d.forAttempt), {
            kind: 'update',
            message: `${d.stepId} attempt ${d.forAttempt} failed validation; remediate with ${d.via}`,
          });
          break;
        case 'run': {
          const stop = await this.runAttempt(d);
          if (stop) return stop;
          break;
        }
      }
    }
  }

  /**
   * Before the tick's first attempt (past its preflight and time budget checks), the base
   * branch's later changes are merged into the work branch. False when a conflict blocked the
   * plan instead (the loop then sees it blocked).
   */
  private async syncBase(d: Extract<Decision, { kind: 'run' }>): Promise<boolean> {
    const sync = this.deps.baseSync;
    const pre = decideBaseSync(this.state, d, { mode: sync ? 'merge' : 'off', synced: this.baseSynced });
    if (pre.kind === 'skip' || !sync) return true;
    this.baseSynced = true;
    const result = await sync.sync();
    const outcome = baseSyncOutcome(this.state, d, result);
    if (outcome.kind === 'proceed') {
      if (outcome.warn) this.deps.log.warn(outcome.note);
      else this.deps.log.info(outcome.note);
      return true;
    }
    if (result.kind !== 'conflict') return true;
    this.deps.log.error(`${outcome.stepId} blocked: ${outcome.reason}`);
    await this.commit(blockOnBaseConflict(this.state, outcome.stepId, result), { kind: 'update', message: `${outcome.stepId} blocked: ${result.base} does not merge` });
    return false;
  }

  private async decide(): Promise<Decision> {
    // During a remediation detour the attempt in flight belongs to the remediation step.
    const stepId = activeStepId(this.state);
    const inFlight = stepId !== undefined && this.state.status === 'IN_PROGRESS' ? lastAttempt(stepRun(this.state, stepId)) : undefined;
    const ownerLiveness = inFlight?.owner && stepRun(this.state, stepId!).status === 'IN_PROGRESS' ? await this.liveness(inFlight.owner) : undefined;
    return decide(this.state, { now: this.now(), limits: this.cfg.limits, ...(ownerLiveness ? { ownerLiveness } : {}) });
  }

  /**
   * An attempt this very runner started is not running: its ticks run one after another, and
   * the one that started it has ended (its write was refused as stale, or it failed). Asking the
   * probe would say "alive" (it is us) and leave the attempt to its lease, an hour away.
   */
  private liveness(owner: AttemptOwner): Promise<Liveness> {
    return sameOwner(owner, this.cfg.owner) ? Promise.resolve('dead') : this.deps.owners.liveness(owner);
  }

  private async recover(d: Extract<Decision, { kind: 'recover' }>): Promise<void> {
    if (d.attempt?.logFile) await this.deps.agent.reap(path.resolve(path.dirname(this.cfg.logDir), d.attempt.logFile));
    this.deps.log.warn(`${d.stepId} attempt ${d.attempt?.n ?? '?'} ${d.reason}`);
    if (await this.acceptInterrupted(d)) return;
    await this.commit(recoverAttempt(this.state, d.stepId, d.reason, this.now()), {
      kind: 'update',
      message: `${d.stepId} attempt ${d.attempt?.n ?? '?'} interrupted`,
    });
  }

  /**
   * Crash acceptance: the dead attempt's work is still in this workspace, so its step's contract
   * is checked before spending another agent run. True when the step was recorded DONE.
   */
  private async acceptInterrupted(d: Extract<Decision, { kind: 'recover' }>): Promise<boolean> {
    const def = stepDef(this.state, d.stepId);
    const n = d.attempt?.n;
    if (n === undefined || !mayAcceptInterrupted(d.attempt, this.cfg.owner, def)) return false;
    // Only a queued step's own attempt: a remediation detour is left to the usual path.
    if (currentStepId(this.state) !== d.stepId) return false;
    const paths = attemptPaths(this.cfg.logDir, d.stepId, n);
    const env = { ...this.cfg.agentEnv, ...def.env, ...this.attemptEnv({ kind: 'run', stepId: d.stepId, n, prompt: '', retry: false }, paths) };
    const contract = { verifier: this.deps.verifier, files: this.deps.attemptFiles, payloadMaxBytes: this.cfg.payloadMaxBytes ?? DEFAULT_PAYLOAD_MAX_BYTES };
    const exited: AgentResult = { exitCode: 0, signal: null, timedOut: false, cancelled: false, stdout: '', stderr: '', outputBytes: 0, durationMs: 0 };
    const judged = await judgeAttempt(exited, {
      requiredOutputs: def.requiredOutputs ?? [],
      missingOutputs: (outputs) => this.deps.workspace.missingOutputs(outputs),
      timeoutMs: 0,
      logFile: paths.logFile,
      ...contractChecks(contract, this.state, def, paths, env),
    });
    if (judged.outcome !== 'succeeded') {
      this.deps.log.info(`${d.stepId}: the interrupted attempt's work does not meet the step's contract (${judged.error ?? 'failed'}); it runs again.`);
      return false;
    }
    this.deps.log.warn(`${d.stepId}: the interrupted attempt ${n} left work that meets the step's contract; recorded as recovered, no new agent run.`);
    const last = this.state.currentStep === this.state.stepQueue.length - 1;
    const reopen = last ? await this.missingDoneOutputs(this.state.currentStep) : new Map<string, string[]>();
    const recovered: AttemptResult = { ...judged, outcome: 'recovered', exitCode: null, error: null };
    await this.commit(finishAttempt(this.state, d.stepId, recovered, this.now(), reopen.size ? { reopen } : {}), {
      kind: 'completion',
      message: `${d.stepId} attempt ${n} recovered`,
    });
    return true;
  }

  /** Runs one attempt; returns a result when the tick must stop instead of continuing. */
  private async runAttempt(d: Extract<Decision, { kind: 'run' }>): Promise<TickResult | null> {
    const def = stepDef(this.state, d.stepId);
    const command = def.agent ?? this.cfg.agentCommand;
    const source = def.agent ? `plan.steps.${d.stepId}.agent` : (this.cfg.agentSource ?? 'STEP_AGENT_CMD');
    // Preflight before the checkpoint, so a failure here consumes no attempt.
    const argv = command ? parseAgentCommand(command, source) : [];
    const program = argv[0] !== undefined ? await this.deps.agent.resolve(argv[0]) : null;
    const problems = !command
      ? [noAgentCommandText(d.stepId, this.cfg.agentSurface ?? 'cli')]
      : program
        ? await this.deps.workspace.preflight(def.requiredOutputs ?? [])
        : [`${source}: "${argv[0]}" not found on PATH (command: ${JSON.stringify(command)})`];
    if (problems.length) {
      const reason = `preflight failed: ${problems.join('; ')}`;
      if (this.cfg.preflight !== 'block') throw new ConfigError(problems.join('\n'));
      this.deps.log.error(`${d.stepId} ${reason}`);
      // Blocked with a notice, and the run reports it: a broken set-up is not a green run.
      this.configProblem = `${d.stepId} ${reason}`;
      // A remediation step is not in the queue: the queued step it repairs is the one blocked.
      const blocked = d.detourFor ? (currentStepId(this.state) ?? d.stepId) : d.stepId;
      await this.commit(block(this.state, blocked, reason), { kind: 'update', message: `${blocked} blocked: preflight failed` });
      return null;
    }

    const now = this.now();
    const timeoutMs = Math.max(1_000, Math.min(attemptTimeoutMsFor(def, this.cfg.limits), stepTimeLeftMs(def, stepRun(this.state, d.stepId), now)));
    if (this.cfg.deadline && now.getTime() + timeoutMs > this.cfg.deadline.getTime()) {
      this.deps.log.info(`Time budget: not enough left for ${d.stepId} (attempt timeout ${Math.round(timeoutMs / 60_000)} min); a later run continues.`);
      return this.result('budget');
    }
    // The last moment before the checkpoint: only a tick that really starts an attempt syncs.
    if (!(await this.syncBase(d))) return null;

    const paths = attemptPaths(this.cfg.logDir, d.stepId, d.n);
    const { logFile } = paths;
    // The state and every message name the log relative to the state's folder: a runner's
    // absolute path means nothing once the run is over (the log is in the run's artifact).
    const shownLog = path.relative(path.dirname(this.cfg.logDir), logFile);
    await this.commit(startAttempt(this.state, { stepId: d.stepId, n: d.n, owner: this.cfg.owner, now, leaseMs: timeoutMs + this.cfg.leaseMarginMs, logFile: shownLog }), {
      kind: 'checkpoint',
      message: `${d.stepId} attempt ${d.n} started`,
    });
    this.attempts++;

    const policy = effectivePolicy(this.state.plan, d.stepId);
    const guard = {
      policyText: policyFileText(attemptId(this.state, d.stepId, d.n), policy),
      ...(this.cfg.cliCommand ? { claudeSettingsText: claudeSettingsText(this.cfg.cliCommand) } : {}),
    };
    const env = { ...this.cfg.agentEnv, ...def.env, ...this.attemptEnv(d, paths), ...(await prepareAttempt(this.deps.attemptFiles, this.state, def, paths, guard)) };
    // `tools.via: exec`: the agent is told to run its commands through the forwarder.
    const prompt = policy.via === 'exec' ? withExecForwarder(d.prompt, this.forwarder()) : d.prompt;
    const agentArgs = expandAgentVariables(argv.slice(1), env);
    const position = `(${this.state.currentStep + 1}/${this.state.stepQueue.length})`;
    const role = d.detourFor ? ` (remediation for ${d.detourFor})` : '';
    const maxAttempts = maxAttemptsFor(def, this.cfg.limits);
    // The group holds the whole attempt: what runs, the agent's output as it arrives, the verdict.
    const judged = await this.deps.log.group(`${position} ${d.stepId} ${def.title}: attempt ${d.n}${d.retry ? ' (retry)' : ''}${role}`, async () => {
      this.deps.log.info(attemptHeader(argv, prompt, timeoutMs, d.n, maxAttempts));
      const result = await this.execute([program!, ...agentArgs, prompt], timeoutMs, paths, env);
      const contract = { verifier: this.deps.verifier, files: this.deps.attemptFiles, payloadMaxBytes: this.cfg.payloadMaxBytes ?? DEFAULT_PAYLOAD_MAX_BYTES };
      const verdict = withoutPrefix(await judgeAttempt(result, {
        requiredOutputs: def.requiredOutputs ?? [],
        missingOutputs: (outputs) => this.deps.workspace.missingOutputs(outputs),
        timeoutMs,
        logFile: shownLog,
        ...contractChecks(contract, this.state, def, paths, env),
      }), `${path.dirname(this.cfg.logDir)}${path.sep}`);
      const toolCalls = await this.toolCalls(paths);
      if (toolCalls) {
        verdict.toolCalls = toolCalls;
        this.deps.log.info(`${d.stepId} attempt ${d.n}: ${countOf(toolCalls.calls, 'tool call')}, ${toolCalls.denied} denied (${path.relative(path.dirname(this.cfg.logDir), paths.commandLog)}).`);
      }
      if (verdict.outcome === 'succeeded') this.deps.log.info(`${position} ${d.stepId} done (attempt ${d.n} of ${maxAttempts}, ${formatMs(result.durationMs)}).`);
      else this.deps.log.error(`${position} ${d.stepId} attempt ${d.n} ${verdict.outcome}: ${verdict.error}`);
      return verdict;
    });
    const retryAt = this.retryAt(d, def, judged);
    // The last step's success would make the plan DONE in this same write; an earlier step's
    // output that a later step deleted must send the plan back to that step instead.
    const last = !d.detourFor && judged.outcome === 'succeeded' && this.state.currentStep === this.state.stepQueue.length - 1;
    const reopen = last ? await this.missingDoneOutputs(this.state.currentStep) : new Map<string, string[]>();
    await this.commit(finishAttempt(this.state, d.stepId, judged, this.now(), { ...(d.detourFor ? { detourFor: d.detourFor } : {}), ...(reopen.size ? { reopen } : {}), ...(retryAt ? { retryAt } : {}) }), {
      kind: judged.outcome === 'succeeded' ? 'completion' : 'update',
      message: `${d.stepId} attempt ${d.n} ${judged.outcome}`,
    });
    return null;
  }

  /**
   * When a failed attempt will be retried, the instant the retry may start (retry backoff), or
   * undefined for at once. A detour through a remediation step starts at once: it is the fix.
   */
  private retryAt(d: Extract<Decision, { kind: 'run' }>, def: StepDef, judged: AttemptResult): string | undefined {
    if (judged.outcome === 'succeeded' || judged.outcome === 'cancelled') return undefined;
    const tries = stepRun(this.state, d.stepId).tries;
    if (tries >= maxAttemptsFor(def, this.cfg.limits)) return undefined;
    const route = def.onValidationFail;
    if (judged.failedRules?.length && route !== undefined && route !== 'retry' && route !== 'fail') return undefined;
    const waitMs = retryDelayMs(tries, retryBackoffSecondsFor(def, this.cfg.limits), (this.cfg.random ?? Math.random)());
    if (waitMs <= 0) return undefined;
    const at = new Date(this.now().getTime() + waitMs).toISOString();
    this.deps.log.info(`${d.stepId} will be retried after ${at} (retry backoff, ${Math.round(waitMs / 1000)} s).`);
    return at;
  }

  /** The forwarder command as the agent types it: this CLI's own path when known. */
  private forwarder(): string {
    return this.cfg.cliCommand ? commandLine([...this.cfg.cliCommand, 'exec']) : 'agent-step-sequencer exec';
  }

  /** Calls and denied calls in the attempt's command log; undefined when the agent logged none (no hook, no forwarder). */
  private async toolCalls(paths: AttemptPaths): Promise<{ calls: number; denied: number } | undefined> {
    const read = await this.deps.attemptFiles.read(paths.commandLog, COMMAND_LOG_MAX_BYTES);
    if (read.kind === 'text') return summarizeCommandLog(read.text);
    if (read.kind !== 'missing') this.deps.log.warn(`The command log ${paths.commandLog} was not counted: ${read.kind === 'too-large' ? `${read.bytes} bytes, more than ${COMMAND_LOG_MAX_BYTES}` : read.reason}.`);
    return undefined;
  }

  /** The SEQUENCER_ variables of an attempt; check commands of validation rules get them too. */
  private attemptEnv(d: Extract<Decision, { kind: 'run' }>, { payloadFile, stopFile, policyFile, commandLog, claudeSettings }: AttemptPaths): Record<string, string> {
    return {
      SEQUENCER_POLICY_FILE: policyFile,
      SEQUENCER_COMMAND_LOG: commandLog,
      ...(this.cfg.cliCommand ? { SEQUENCER_CLAUDE_SETTINGS: claudeSettings, SEQUENCER_EXEC: this.forwarder() } : {}),
      SEQUENCER_PLAN_ID: this.state.planId ?? 'plan',
      SEQUENCER_STEP_ID: d.stepId,
      SEQUENCER_ATTEMPT: String(d.n),
      SEQUENCER_ATTEMPT_ID: attemptId(this.state, d.stepId, d.n),
      SEQUENCER_WORKSPACE: this.deps.workspace.root,
      SEQUENCER_PAYLOAD_FILE: payloadFile,
      SEQUENCER_STOP_FILE: stopFile,
      SEQUENCER_STEP_INDEX: String(this.state.currentStep + 1),
      SEQUENCER_STEP_TOTAL: String(this.state.stepQueue.length),
      SEQUENCER_REQUIRED_OUTPUTS: JSON.stringify(stepDef(this.state, d.stepId).requiredOutputs ?? []),
    };
  }

  private async execute(argv: string[], timeoutMs: number, { logFile, stopFile }: AttemptPaths, env: Record<string, string>): Promise<AgentResult> {
    const brake = new AbortController();
    const stopPolling = this.pollForCancel(brake);
    const echo = this.cfg.echoAgentOutput ? lineEcho((line) => this.deps.log.info(`  │ ${line}`), this.cfg.echoCap) : null;
    try {
      return await this.deps.agent.run({
        argv,
        cwd: this.deps.workspace.root,
        env,
        timeoutMs,
        graceMs: this.cfg.graceMs,
        logFile,
        signal: brake.signal,
        stop: { file: stopFile, message: STOP_MESSAGE, graceMs: this.cfg.stopGraceMs ?? 0 },
        ...(echo ? { onOutput: (chunk: string) => echo.push(chunk) } : {}),
      });
    } finally {
      stopPolling();
      echo?.end();
    }
  }

  /** Soft brake: while the agent runs, a /cancel in the inbox aborts it (stop file, stop grace, SIGTERM, grace, SIGKILL). */
  private pollForCancel(brake: AbortController): () => void {
    const inbox = this.deps.inbox;
    if (!inbox || !this.cfg.inboxPollMs) return () => {};
    const memo = { ...this.state.inbox, ...this.inboxMemo };
    let busy = false;
    const timer = setInterval(() => {
      if (busy) return;
      busy = true;
      inbox
        .read(memo)
        .then(({ items }) => {
          // A refused /cancel (no write access) must not stop anything.
          if (items.some((i) => i.command.kind === 'cancel' && !i.refusal)) {
            this.deps.log.warn(`Cancel requested: asking the agent to stop (${Math.round((this.cfg.stopGraceMs ?? 0) / 1000)} s to exit on its own).`);
            brake.abort();
          }
        })
        .catch((err: unknown) => this.deps.log.debug(`Inbox poll failed: ${describeError(err)}`))
        .finally(() => {
          busy = false;
        });
    }, this.cfg.inboxPollMs);
    timer.unref();
    return () => clearInterval(timer);
  }
}

/** What an attempt runs, for the top of its log group: the prompt shortened to its start. */
function attemptHeader(argv: string[], prompt: string, timeoutMs: number, n: number, of: number): string {
  const shown = [...argv, shortPrompt(prompt)].map((a) => (/^[\w@%+=:,./-]+$/.test(a) ? a : JSON.stringify(a))).join(' ');
  return `Runs: ${shown} (timeout ${formatMs(timeoutMs)}, attempt ${n} of ${of})`;
}

function shortPrompt(prompt: string): string {
  const firstLine = prompt.split('\n', 1)[0] ?? '';
  return firstLine.length <= 60 && firstLine.length === prompt.length ? prompt : `${firstLine.slice(0, 60)}… (prompt, ${prompt.length} characters)`;
}

/**
 * `value` with every mention of the state's folder removed, so the attempt and check logs it names
 * (in truncated output, errors, failed rules) are relative to that folder, like `logFile`.
 */
function withoutPrefix<T>(value: T, prefix: string): T {
  if (prefix.length <= 1) return value;
  const escaped = JSON.stringify(prefix).slice(1, -1);
  return JSON.parse(JSON.stringify(value).split(escaped).join('')) as T;
}

function formatMs(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 120_000) return `${Math.round(ms / 1000)} s`;
  return `${Math.round(ms / 60_000)} min`;
}

function idleOutcome(state: State): TickOutcome {
  switch (state.status) {
    case 'DONE':
      return 'done';
    case 'BLOCKED':
      return 'blocked';
    case 'CANCELLED':
      return 'cancelled';
    case 'AWAITING_APPROVAL':
      return 'awaiting-approval';
    default:
      return 'idle';
  }
}

function ownerText(owner: AttemptOwner | undefined): string {
  if (!owner) return 'owner unknown';
  return owner.kind === 'local' ? `pid ${owner.pid} on ${owner.host}` : `workflow run ${owner.runId} attempt ${owner.runAttempt}`;
}
