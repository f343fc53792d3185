// One attempt of a step, in the order that makes it durable: preflight (before anything is
// recorded, so a broken set-up consumes no attempt) → checkpoint (the attempt is recorded with
// its owner and lease before the agent starts) → launch and judge (attempt-run.ts) → finish
// (the verdict and the step's outputs in one write). Each step hands the next a plain value, so
// they can run in separate jobs: prepare (preflight, checkpoint), agent (launch, judge) and
// apply (finish). runAttempt is their sequence in one job.
import { block, finishAttempt, startAttempt, type AttemptResult } from '../core/tick/apply.js';
import type { Decision } from '../core/tick/decide.js';
import { attemptTimeoutMs, blockedStepId, fitsTimeBudget, retryAt } from '../core/tick/attempt-policy.js';
import { ConfigError, showValue } from '../core/errors.js';
import { effectivePolicy } from '../core/guard/tool-policy.js';
import { noAgentCommandText, parseAgentCommand } from '../core/trust/agent-command.js';
import { stepDef, stepRun } from '../core/state/step-view.js';
import { streamCommand } from '../core/agent-stream/stream-command.js';
import type { StreamAgent } from '../core/agent-stream/types.js';
import type { State, StepDef } from '../core/state/types.js';
import { runAgent } from './attempt-run.js';
import type { BaseSyncOnce } from './base-sync.js';
import type { Ledger } from './commit.js';
import { missingDoneOutputs } from './done-outputs.js';
import { inboxCursor, pollForCancel } from './inbox-session.js';
import { attemptPaths, shownPath } from './step-contract.js';
import { commitSelection } from '../core/plan/commit-selection.js';
import { stepRequirements } from './step-preflight.js';
import type { Engine } from './types.js';
import type { WriteMeta } from '../ports.js';
import { boundedCommandLog, commandLogRecord } from '../core/guard/command-log.js';

export type RunDecision = Extract<Decision, { kind: 'run' }>;

/**
 * An attempt as checkpointed: what running it needs besides the state, as plain data (a job that
 * runs only the agent part gets it as JSON, and resolves the program on its own machine).
 */
export interface AttemptStart {
  stepId: string;
  n: number;
  prompt: string;
  retry: boolean;
  /** The step a remediation step repairs. */
  detourFor?: string;
  /**
   * The agent command's words (with the flags that ask a known agent for its machine-readable
   * stream, when the user chose no output format), and the program its first word resolved to.
   */
  argv: string[];
  program: string;
  timeoutMs: number;
  /** The agent whose stream stdout carries, read as it runs (absent: its output is shown as it is). */
  stream?: StreamAgent;
}

/** What preparing an attempt came to. */
export type Prepared =
  | { kind: 'started'; start: AttemptStart }
  /** Nothing started, and the state says why (blocked by a preflight or a base conflict). */
  | { kind: 'not-started' }
  /** Not enough time left in this run for the attempt: the tick ends, a later one continues. */
  | { kind: 'budget' };

/** What the tick does after an attempt: go on, stop for its time budget, or stop with the checkpointed attempt handed on. */
export type AttemptStep = 'next' | 'budget' | { handOff: AttemptStart };

/** The single-job attempt: prepare, run the agent, finish; with `handOff`, prepare only. */
export async function runAttempt(engine: Engine, ledger: Ledger, baseSync: BaseSyncOnce, d: RunDecision, report: (configProblem: string) => void): Promise<AttemptStep> {
  const prepared = await prepare(engine, ledger, baseSync, d, report);
  if (prepared.kind === 'budget') return 'budget';
  if (prepared.kind === 'not-started') return 'next';
  if (engine.cfg.handOff) return { handOff: prepared.start };
  const { deps, cfg } = engine;
  const watch = pollForCancel({ inbox: deps.inbox, cursor: inboxCursor(ledger), pollMs: cfg.inboxPollMs, stopGraceMs: cfg.stopGraceMs ?? 0, log: deps.log });
  const verdict = await runAgent(engine, ledger.state, prepared.start, watch);
  await finish(engine, ledger, prepared.start, verdict);
  return 'next';
}

/**
 * Preflight, time budget and base sync, then the checkpoint. `report` hears of a broken set-up
 * before the block is written, so a tick that then loses the write race still reports it.
 */
export async function prepare(engine: Engine, ledger: Ledger, baseSync: BaseSyncOnce, d: RunDecision, report: (configProblem: string) => void): Promise<Prepared> {
  const { deps, cfg } = engine;
  const def = stepDef(ledger.state, d.stepId);
  const pre = await preflight(engine, ledger.state, def, d.stepId);
  if (!pre.ok) {
    await refuse(engine, ledger, d, pre.problems, report);
    return { kind: 'not-started' };
  }
  const now = deps.clock.now();
  const timeoutMs = attemptTimeoutMs(def, stepRun(ledger.state, d.stepId), cfg.limits, now);
  if (!fitsTimeBudget(now, timeoutMs, cfg.deadline)) {
    deps.log.info(`Time budget: not enough left for ${d.stepId} (attempt timeout ${Math.round(timeoutMs / 60_000)} min); a later run continues.`);
    return { kind: 'budget' };
  }
  // The last moment before the checkpoint: only a tick that really starts an attempt syncs.
  if (!(await baseSync.beforeAttempt(ledger, d))) return { kind: 'not-started' };
  const start: AttemptStart = {
    stepId: d.stepId,
    n: d.n,
    prompt: d.prompt,
    retry: d.retry,
    ...(d.detourFor ? { detourFor: d.detourFor } : {}),
    argv: pre.argv,
    program: pre.program,
    timeoutMs,
    ...(pre.stream ? { stream: pre.stream } : {}),
  };
  await checkpoint(engine, ledger, start, now);
  return { kind: 'started', start };
}

export type Preflight = { ok: true; argv: string[]; program: string; stream?: StreamAgent } | { ok: false; problems: string[] };

/** Whether the agent can start: a command, a program found on PATH, a workspace it can write. */
export async function preflight(engine: Engine, state: State, def: StepDef, stepId: string): Promise<Preflight> {
  const { deps, cfg } = engine;
  // A step that runs a command (`run`) needs no agent: its argv was checked with the plan.
  if (def.run !== undefined) {
    const source = `plan.steps.${stepId}.run`;
    const program = def.run[0] !== undefined ? await deps.agent.resolve(def.run[0]) : null;
    const problems = program
      ? [...(await deps.workspace.preflight(def.requiredOutputs ?? [])), ...(await stepRequirements(engine, state, def, stepId))]
      : [`${source}: "${def.run[0] ?? ''}" not found on PATH (command: ${JSON.stringify(def.run)})`];
    return problems.length || !program ? { ok: false, problems } : { ok: true, argv: [...def.run], program };
  }
  const command = def.agent ?? cfg.agentCommand;
  const source = def.agent ? `plan.steps.${stepId}.agent` : (cfg.agentSource ?? 'STEP_AGENT_CMD');
  const argv = command ? parseAgentCommand(command, source) : [];
  const program = argv[0] !== undefined ? await deps.agent.resolve(argv[0]) : null;
  const problems = !command
    ? [noAgentCommandText(stepId, cfg.agentSurface ?? 'cli')]
    : program
      ? [...(await deps.workspace.preflight(def.requiredOutputs ?? [])), ...(await stepRequirements(engine, state, def, stepId))]
      : [`${source}: "${argv[0]}" not found on PATH (command: ${JSON.stringify(command)})`];
  if (problems.length || !program) return { ok: false, problems };
  // Claude Code, Codex and Gemini CLI are asked for their stream, and Claude Code gets the
  // attempt's settings file that wires the tool hook (the proposal shows the words added).
  const stream = streamCommand(argv, { hook: cfg.cliCommand !== undefined });
  const unwired = stream?.ownSettings !== undefined ? unwiredPolicy(state, stepId, source, stream.ownSettings) : null;
  if (unwired) return { ok: false, problems: [unwired] };
  return { ok: true, argv: stream?.argv ?? argv, program, ...(stream?.parse ? { stream: stream.agent } : {}) };
}

/**
 * Why a Claude Code command with a `--settings` of its own cannot run a step whose tool policy
 * the hook enforces (`via: hook`, the default): Claude Code reads only the last `--settings`, so
 * the attempt's settings file that wires the hook is not given, and the policy would hold nothing.
 */
function unwiredPolicy(state: State, stepId: string, source: string, settings: string): string | null {
  const policy = effectivePolicy(state.plan, stepId);
  if (policy.via !== 'hook' || (policy.maxCalls === null && !policy.allow.length && !policy.block.length)) return null;
  const field = state.plan.steps[stepId]?.tools !== undefined ? `plan.steps.${stepId}.tools` : 'plan.tools';
  return `${source}: gives Claude Code its own --settings (${showValue(settings)}), so the sequencer cannot add the attempt's settings file that wires its tool hook, and ${field} (via: hook) would not be enforced; leave --settings out (Claude Code still reads ~/.claude/settings.json and the project's .claude/settings.json) or pass --settings $SEQUENCER_CLAUDE_SETTINGS, or set ${field}.via to "exec"`;
}

/** A failed preflight throws a ConfigError (the CLI) or blocks the plan with a notice (the Action). */
async function refuse({ deps, cfg }: Engine, ledger: Ledger, d: RunDecision, problems: string[], report: (configProblem: string) => void): Promise<void> {
  const reason = `preflight failed: ${problems.join('; ')}`;
  if (cfg.preflight !== 'block') throw new ConfigError(problems.join('\n'));
  deps.log.error(`${d.stepId} ${reason}`);
  // Blocked with a notice, and the run reports it: a broken set-up is not a green run.
  report(`${d.stepId} ${reason}`);
  const blocked = blockedStepId(ledger.state, d);
  await ledger.commit(block(ledger.state, blocked, reason), { kind: 'update', message: `${blocked} blocked: preflight failed` });
}

/** Records the attempt (owner, lease, log) before the agent starts; a lost race ends the tick. */
export async function checkpoint({ cfg }: Engine, ledger: Ledger, start: AttemptStart, now: Date): Promise<void> {
  const logFile = shownPath(cfg.logDir, attemptPaths(cfg.logDir, start.stepId, start.n).logFile);
  await ledger.commit(startAttempt(ledger.state, { stepId: start.stepId, n: start.n, owner: cfg.owner, now, leaseMs: start.timeoutMs + cfg.leaseMarginMs, logFile }), {
    kind: 'checkpoint',
    message: `${start.stepId} attempt ${start.n} started`,
  });
}

/** The attempt a verdict is recorded for. */
export type FinishSubject = Pick<AttemptStart, 'stepId' | 'n' | 'detourFor'>;

/** Records the verdict (`recovered` for an interrupted attempt's accepted work): the step's result and its outputs in one write. */
export async function finish({ deps, cfg }: Engine, ledger: Ledger, attempt: FinishSubject, verdict: AttemptResult): Promise<void> {
  const state = ledger.state;
  const done = verdict.outcome === 'succeeded' || verdict.outcome === 'recovered';
  const retry = retryAt(verdict, { def: stepDef(state, attempt.stepId), run: stepRun(state, attempt.stepId), limits: cfg.limits, now: deps.clock.now(), random: cfg.random ?? Math.random });
  if (retry) deps.log.info(`${attempt.stepId} will be retried after ${retry.at} (retry backoff, ${Math.round(retry.waitMs / 1000)} s).`);
  // The last step's success would make the plan DONE in this same write; an earlier step's
  // output that a later step deleted must send the plan back to that step instead.
  const last = !attempt.detourFor && done && state.currentStep === state.stepQueue.length - 1;
  const reopen = last ? await missingDoneOutputs(state, state.currentStep, deps) : new Map<string, string[]>();
  const records = await keptCommandLog({ deps, cfg }, attempt);
  await ledger.commit(
    finishAttempt(state, attempt.stepId, verdict, deps.clock.now(), {
      ...(attempt.detourFor ? { detourFor: attempt.detourFor } : {}),
      ...(reopen.size ? { reopen } : {}),
      ...(retry ? { retryAt: retry.at } : {}),
    }),
    {
      kind: done ? 'completion' : 'update',
      message: `${attempt.stepId} attempt ${attempt.n} ${verdict.outcome}`,
      ...(done ? { select: commitSelection(state.plan, attempt.stepId) } : {}),
      ...(records.length ? { records } : {}),
    },
  );
}

/** The attempt's command log, bounded, to keep with the attempt in the same write (on the work branch). */
async function keptCommandLog({ deps, cfg }: Engine, attempt: FinishSubject): Promise<NonNullable<WriteMeta['records']>> {
  const read = await deps.attemptFiles.read(attemptPaths(cfg.logDir, attempt.stepId, attempt.n).commandLog, 32 * 1024 * 1024);
  if (read.kind !== 'text' || read.text === '') return [];
  return [{ path: commandLogRecord(attempt.stepId, attempt.n), text: boundedCommandLog(read.text) }];
}
