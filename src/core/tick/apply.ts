// Pure state transitions: each returns the next state and the notices to deliver once it is
// durable. Inputs are never mutated; unknown fields are carried along by spreading.
import type { Notice } from './notices.js';
import type { DeclaredResult } from './declared-result.js';
import type { RefusedPath } from '../isolation/change-confinement.js';
import { finishRemediation } from './remediation.js';
import { groupSpentText, rerunGroup, routeFor, takeRoute } from './flow.js';
import { attemptId, currentStepId, lastAttempt, roundOf, stepRun, withNewRound } from '../state/step-view.js';
import type { Attempt, AttemptOutcome, AttemptOwner, AttemptUsage, State, StepDef, StepRun } from '../state/types.js';

export interface Transition {
  state: State;
  notices: Notice[];
}

const iso = (d: Date) => d.toISOString();

function withRun(state: State, stepId: string, patch: (run: StepRun) => StepRun): State {
  return { ...state, stepRuns: { ...state.stepRuns, [stepId]: patch(stepRun(state, stepId)) } };
}

function patchLastAttempt(run: StepRun, patch: Partial<Attempt>): Attempt[] {
  const attempts = [...(run.attempts ?? [])];
  const last = attempts[attempts.length - 1];
  if (last) attempts[attempts.length - 1] = { ...last, ...patch };
  return attempts;
}

/** The checkpoint: the attempt is recorded (with its owner and lease) before the agent starts. */
export function startAttempt(state: State, a: { stepId: string; n: number; owner: AttemptOwner; now: Date; leaseMs: number; logFile?: string }): Transition {
  const attempt: Attempt = {
    n: a.n,
    runId: attemptId(state, a.stepId, a.n),
    owner: a.owner,
    startedAt: iso(a.now),
    leaseExpiresAt: iso(new Date(a.now.getTime() + a.leaseMs)),
    ...(a.logFile ? { logFile: a.logFile } : {}),
    ...(roundOf(stepRun(state, a.stepId)) > 1 ? { round: roundOf(stepRun(state, a.stepId)) } : {}),
  };
  const next = withRun(state, a.stepId, (run) => ({
    ...run,
    status: 'IN_PROGRESS',
    tries: run.tries + 1,
    lastRunIso: iso(a.now),
    firstStartedAt: run.firstStartedAt ?? iso(a.now),
    attempts: [...(run.attempts ?? []), attempt],
  }));
  return { state: { ...next, notBefore: null }, notices: [] };
}

export interface AttemptResult {
  outcome: AttemptOutcome;
  exitCode: number | null;
  /** Why it failed; null on success. */
  error: string | null;
  /** Bounded output kept in state. */
  stdout: string;
  /** Bounded stderr kept in state (absent: not captured, as for an attempt that never ran). */
  stderr?: string;
  durationMs: number;
  /** The payload the attempt wrote; on success it replaces the step's recorded one. */
  payload?: unknown;
  /** Required outputs now present (added to `artifacts` on success). */
  outputs: string[];
  /** Labels of the validation rules that failed (only when they are the reason it failed). */
  failedRules?: string[];
  /** The attempt's time limit in minutes, when it ran over it. */
  timeoutMinutes?: number;
  /** A cancelled attempt: the agent exited on its own after the stop file, or was signalled. */
  stoppedBy?: 'agent' | 'signal';
  /** The isolated layout: changes of the agent's that apply did not commit, and why (the first few). */
  refused?: RefusedPath[];
  /** How many were refused, when more than `refused` lists. */
  refusedTotal?: number;
  /** What the attempt's command log recorded (absent when it recorded nothing). */
  toolCalls?: { calls: number; denied: number };
  /** What the agent declared in $SEQUENCER_RESULT_FILE, validated. */
  declared?: DeclaredResult;
  /** Required outputs a success did without, within the step's outputTolerance. */
  missingOutputs?: string[];
  /** Workspace files the attempt created or changed (bounded), and how many more. */
  changedFiles?: string[];
  changedFilesMore?: number;
  /** What the agent reported it used (absent when it reported nothing we could read). */
  usage?: AttemptUsage;
  /** The attempt's own wall time on the runner (its files, the agent, the checks), in ms. */
  wallMs?: number;
}

export interface FinishOptions {
  /** The attempt was a remediation step repairing this step: success returns to it, not onward. */
  detourFor?: string;
  /**
   * Earlier DONE steps whose required outputs are gone (a later step deleted them), by step:
   * instead of advancing (past the last step: DONE), the plan goes back to the first of them.
   */
  reopen?: Map<string, string[]>;
  /** A failure that will be retried waits until this instant (retry backoff). */
  retryAt?: string;
}

/**
 * Records the end of the attempt in flight. Success also advances (or, for a remediation step,
 * returns to the step it repaired), so one write completes a step.
 */
export function finishAttempt(state: State, stepId: string, r: AttemptResult, now: Date, opts: FinishOptions = {}): Transition {
  // `recovered`: an interrupted attempt whose work met the step's contract counts as done.
  const succeeded = r.outcome === 'succeeded' || r.outcome === 'recovered';
  let next = withRun(state, stepId, (run) => {
    // A new attempt's stderr replaces the last one's, even with none: a notice must not show another attempt's.
    const { payload: earlier, stderr: _earlierStderr, ...rest } = run;
    // A success replaces the payload, even with none: later steps must not get an older run's data.
    const payload = succeeded ? r.payload : earlier;
    return {
      ...rest,
      status: succeeded ? 'DONE' : 'FAILED',
      stdout: r.stdout,
      ...(r.stderr !== undefined ? { stderr: r.stderr } : {}),
      error: r.error,
      ...(payload !== undefined ? { payload } : {}),
      attempts: patchLastAttempt(run, {
        endedAt: iso(now),
        exitCode: r.exitCode,
        outcome: r.outcome,
        error: r.error,
        durationMs: r.durationMs,
        ...(r.failedRules?.length ? { failedRules: r.failedRules } : {}),
        ...(r.outcome === 'timed_out' && r.timeoutMinutes !== undefined ? { timeoutMinutes: r.timeoutMinutes } : {}),
        ...(r.stoppedBy ? { stoppedBy: r.stoppedBy } : {}),
        ...(r.toolCalls ? { toolCalls: r.toolCalls } : {}),
        ...(r.declared ? { declared: r.declared } : {}),
        ...(r.missingOutputs?.length ? { missingOutputs: r.missingOutputs } : {}),
        ...(r.changedFiles?.length ? { changedFiles: r.changedFiles } : {}),
        ...(r.changedFilesMore ? { changedFilesMore: r.changedFilesMore } : {}),
        ...(r.usage ? { usage: r.usage } : {}),
        ...(r.wallMs !== undefined ? { wallMs: r.wallMs } : {}),
        ...(r.refused?.length ? { refused: r.refused, ...(r.refusedTotal ? { refusedTotal: r.refusedTotal } : {}) } : {}),
      }),
    };
  });
  // Said whatever the verdict: a person should know what the agent tried to write.
  const n = lastAttempt(stepRun(next, stepId))?.n ?? stepRun(next, stepId).tries;
  const refusedNotice: Notice[] = r.refused?.length ? [{ kind: 'changes-refused', stepId, attempt: n, refused: r.refused, total: r.refusedTotal ?? r.refused.length }] : [];
  if (!succeeded) {
    if (opts.retryAt) next = { ...next, notBefore: opts.retryAt };
    // A cancel ends the plan; a spent budget blocks it before any retry.
    const failed: Notice = { kind: 'step-failed', stepId, error: r.error ?? r.outcome, willRetry: r.outcome !== 'cancelled' && r.outcome !== 'over_budget' };
    // Said at once, not only when the step finally blocks: a long attempt's limit is news.
    const timedOut: Notice[] = r.outcome === 'timed_out' && r.timeoutMinutes !== undefined ? [{ kind: 'timed-out', stepId, minutes: r.timeoutMinutes }] : [];
    // A queued step's failure may choose where the plan goes (flow.ts): a route on a failed rule,
    // or its group run again from the start (retry: group), whose spent budget blocks the plan.
    if (r.outcome !== 'cancelled' && opts.detourFor === undefined) {
      const route = routeFor(next, stepId, { succeeded: false, ...(r.failedRules ? { failedRules: r.failedRules } : {}) });
      if (route) return { state: takeRoute({ ...next, notBefore: null }, stepId, route.index, route.route).state, notices: [...refusedNotice, ...timedOut, failed] };
      if (state.plan.steps[stepId]?.retry === 'group') {
        const again = rerunGroup({ ...next, notBefore: null }, stepId, r.error ?? r.outcome);
        if (again) return { state: again.state, notices: [...refusedNotice, ...timedOut, failed] };
        const spent = groupSpentText(next, stepId);
        if (spent) {
          const blocked = block(next, stepId, spent);
          return { state: blocked.state, notices: [...refusedNotice, ...timedOut, { ...failed, willRetry: false }, ...blocked.notices] };
        }
      }
    }
    return { state: next, notices: [...refusedNotice, ...timedOut, failed] };
  }
  const known = new Set(next.artifacts ?? []);
  next = { ...next, artifacts: [...(next.artifacts ?? []), ...r.outputs.filter((o) => !known.has(o))] };
  if (opts.detourFor !== undefined) return { state: finishRemediation(next, opts.detourFor, stepId), notices: [...refusedNotice, { kind: 'step-done', stepId }] };
  // A route on a value or a passed rule sends the plan elsewhere than the next step.
  const route = routeFor(next, stepId, { succeeded: true, payload: r.payload });
  if (route) return { state: takeRoute(next, stepId, route.index, route.route).state, notices: [...refusedNotice, { kind: 'step-done', stepId }] };
  if (opts.reopen?.size) {
    const reopened = reopenSteps(next, opts.reopen);
    return { state: reopened.state, notices: [...refusedNotice, { kind: 'step-done', stepId }, ...reopened.notices] };
  }
  const advanced = advance(next, now);
  return { state: advanced.state, notices: [...refusedNotice, { kind: 'step-done', stepId }, ...advanced.notices] };
}

/** Moves past a DONE or SKIPPED step; past the last one the plan is DONE. */
export function advance(state: State, now: Date): Transition {
  const currentStep = state.currentStep + 1;
  if (currentStep >= state.stepQueue.length) {
    return { state: { ...state, currentStep: state.stepQueue.length, status: 'DONE', notBefore: null }, notices: [{ kind: 'done' }] };
  }
  const delay = state.stepDelayMinutes ?? 0;
  const notBefore = delay > 0 ? iso(new Date(now.getTime() + delay * 60_000)) : null;
  return { state: { ...state, currentStep, notBefore }, notices: [] };
}

/** The plan was already past its last step (e.g. an original step-sequencer's state): mark it DONE. */
export function complete(state: State): Transition {
  return { state: { ...state, currentStep: state.stepQueue.length, status: 'DONE', notBefore: null }, notices: [{ kind: 'done' }] };
}

/**
 * Whether the work an interrupted attempt left may be judged instead of running the step again
 * (README, "Guarantees": a crash re-runs a step only when its work is not already there): its
 * owner ran in this same workspace (a local owner on this host), and the step has a contract
 * that could fail (required outputs, rules or a payload); a step without one would be "done" by
 * an agent that was killed before doing anything.
 */
export function mayAcceptInterrupted(attempt: Attempt | undefined, self: AttemptOwner, def: StepDef): boolean {
  const owner = attempt?.owner;
  if (!owner || owner.kind !== 'local' || self.kind !== 'local' || owner.host !== self.host) return false;
  return (def.requiredOutputs?.length ?? 0) > 0 || (def.validate?.length ?? 0) > 0 || def.expectPayload === true;
}

/**
 * An attempt whose owner is gone becomes a failure with that reason; the retry policy follows.
 * `usage` is what it used as far as its log shows, so the budgets count it.
 */
export function recoverAttempt(state: State, stepId: string, reason: string, now: Date, usage?: AttemptUsage): Transition {
  const next = withRun(state, stepId, (run) => ({
    ...run,
    status: 'FAILED',
    error: reason,
    attempts: patchLastAttempt(run, { endedAt: iso(now), outcome: 'interrupted', error: reason, exitCode: null, ...(usage ? { usage } : {}) }),
  }));
  const n = stepRun(next, stepId).attempts?.at(-1)?.n ?? stepRun(next, stepId).tries;
  return { state: next, notices: [{ kind: 'interrupted', stepId, attempt: n, reason }] };
}

/** Blocks the plan. The blocker line is added once, however many ticks see the same episode. */
export function block(state: State, stepId: string, reason: string): Transition {
  const line = `${stepId}: ${reason}`;
  const blockers = state.blockers ?? [];
  // A budget block of an earlier episode no longer says why the plan is blocked.
  const { budgetBlock: _earlier, ...rest } = state;
  return {
    state: { ...rest, status: 'BLOCKED', blockers: blockers.includes(line) ? blockers : [...blockers, line] },
    notices: [{ kind: 'blocked', stepId, reason }],
  };
}

export function cancel(state: State): Transition {
  const stepId = currentStepId(state);
  // The step this cancel stopped, if it stopped one: its last attempt ended as cancelled in the
  // current round. One an earlier cancel stopped is history: /resume gave the step a new round.
  const run = stepId !== undefined ? stepRun(state, stepId) : undefined;
  const stopped = stepId !== undefined && run && run.status === 'FAILED' && run.tries > 0 && lastAttempt(run)?.outcome === 'cancelled' ? stepId : null;
  return {
    state: { ...state, status: 'CANCELLED', notBefore: null, ...(state.gate ? { gate: null } : {}) },
    notices: [{ kind: 'cancelled', runningStep: stopped }],
  };
}

/** Re-opens DONE steps whose required outputs vanished; the plan goes back to the earliest one. */
export function reopenSteps(state: State, missingByStep: Map<string, string[]>): Transition {
  if (missingByStep.size === 0) return { state, notices: [] };
  let next = state;
  const notices: Notice[] = [];
  let earliest = state.currentStep;
  for (const [stepId, missing] of missingByStep) {
    next = withRun(next, stepId, (run) => ({ ...withNewRound(run), status: 'PENDING', error: `reopened: required outputs missing: ${missing.join(', ')}` }));
    earliest = Math.min(earliest, state.stepQueue.indexOf(stepId));
    notices.push({ kind: 'reopened', stepId, missing });
  }
  const artifactsGone = new Set([...missingByStep.values()].flat());
  return {
    state: { ...next, currentStep: earliest, status: 'IN_PROGRESS', artifacts: (next.artifacts ?? []).filter((a) => !artifactsGone.has(a)) },
    notices,
  };
}
