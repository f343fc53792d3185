// An attempt whose owner is gone (its tick died, its lease ran out): its process group is
// reaped, and it is recorded as interrupted, a failure the retry policy follows. When its work
// is still in this workspace and meets the step's contract (crash acceptance), the step is
// recorded done as `recovered` instead, without another agent run: judged by the same `judge`
// and recorded by the same `finish` as an attempt that ran to its end. Either way it keeps the
// usage its log shows (attempt-usage.ts), so the budgets count the attempts a crash cut short.
import path from 'node:path';
import { mayAcceptInterrupted, recoverAttempt } from '../core/tick/apply.js';
import type { Decision } from '../core/tick/decide.js';
import { describeError } from '../core/errors.js';
import { attemptId, currentStepId, LOST_WORK, ranElsewhere, stepDef } from '../core/state/step-view.js';
import type { AttemptUsage, State } from '../core/state/types.js';
import type { AgentResult } from '../ports.js';
import { finish } from './attempt.js';
import { judge } from './attempt-judge.js';
import { recoveredUsage } from './attempt-usage.js';
import type { Ledger } from './commit.js';
import type { Engine, HandOff } from './types.js';

export type RecoverDecision = Extract<Decision, { kind: 'recover' }>;

/** How the dead agent ended is unknown: its work is judged as if it had exited 0, so the contract alone decides. */
const EXITED: AgentResult = { exitCode: 0, signal: null, timedOut: false, cancelled: false, stdout: '', stderr: '', outputBytes: 0, durationMs: 0 };

/** Records the attempt as interrupted (or recovered); with `handOff`, a result its run left is handed on instead. */
export async function recover(engine: Engine, ledger: Ledger, d: RecoverDecision): Promise<HandOff | undefined> {
  const { deps, cfg } = engine;
  const toApply = await resultToApply(engine, ledger.state, d);
  if (toApply) {
    deps.log.info(`${d.stepId} attempt ${toApply.n}: workflow run ${toApply.owner.runId} ended with its result uploaded but not recorded; it is recorded now instead of running the step again.`);
    return toApply;
  }
  const logFile = d.attempt?.logFile ? path.resolve(path.dirname(cfg.logDir), d.attempt.logFile) : null;
  // The state names the log; only a log in this plan's log folder has a pid file of ours beside it.
  if (logFile && isInside(cfg.logDir, logFile)) await deps.agent.reap(logFile);
  else if (logFile) deps.log.warn(`Not ending the process group named beside ${d.attempt?.logFile}: the state names a log outside the plan's log folder.`);
  // A runner that died elsewhere took the files its agent had not committed with it: say so.
  const reason = ranElsewhere(d.attempt?.owner, cfg.owner) ? `${d.reason}; ${LOST_WORK}` : d.reason;
  deps.log.warn(`${d.stepId} attempt ${d.attempt?.n ?? '?'} ${reason}`);
  // Read once the group is ended, so nothing writes to the log any more.
  const usage = d.attempt ? await recoveredUsage(engine, ledger.state, d.stepId, d.attempt.n) : undefined;
  if (await acceptInterrupted(engine, ledger, d, usage)) return;
  await ledger.commit(recoverAttempt(ledger.state, d.stepId, reason, deps.clock.now(), usage), {
    kind: 'update',
    message: `${d.stepId} attempt ${d.attempt?.n ?? '?'} interrupted`,
  });
  return undefined;
}

/**
 * The isolated layout: an attempt whose run ended after its agent job uploaded the result, but
 * before its apply job recorded it (the apply job died), is recorded from that result by the
 * next run rather than run again. A lookup that fails leaves the attempt to the usual recovery.
 */
async function resultToApply({ deps, cfg }: Engine, state: State, d: RecoverDecision): Promise<Extract<HandOff, { kind: 'apply' }> | undefined> {
  const owner = d.attempt?.owner;
  const n = d.attempt?.n;
  if (!cfg.handOff || !deps.results || owner?.kind !== 'actions' || n === undefined) return undefined;
  try {
    if (await deps.results.hasResult(owner, attemptId(state, d.stepId, n))) return { kind: 'apply', stepId: d.stepId, n, owner };
  } catch (err) {
    deps.log.warn(`Could not look for the result of ${d.stepId} attempt ${n} in workflow run ${owner.runId} (${describeError(err)}); the attempt is recorded as interrupted.`);
  }
  return undefined;
}

/**
 * Crash acceptance: the dead attempt's work is still in this workspace, so its step's contract
 * is checked before spending another agent run. True when the step was recorded DONE.
 */
async function acceptInterrupted(engine: Engine, ledger: Ledger, d: RecoverDecision, usage: AttemptUsage | undefined): Promise<boolean> {
  const { deps, cfg } = engine;
  const state = ledger.state;
  const n = d.attempt?.n;
  if (n === undefined || !mayAcceptInterrupted(d.attempt, cfg.owner, stepDef(state, d.stepId))) return false;
  // Only a queued step's own attempt: a remediation detour is left to the usual path.
  if (currentStepId(state) !== d.stepId) return false;
  const judged = await judge(engine, state, { stepId: d.stepId, n, timeoutMs: 0 }, EXITED);
  if (judged.outcome !== 'succeeded') {
    deps.log.info(`${d.stepId}: the interrupted attempt's work does not meet the step's contract (${judged.error ?? 'failed'}); it runs again.`);
    return false;
  }
  deps.log.warn(`${d.stepId}: the interrupted attempt ${n} left work that meets the step's contract; recorded as recovered, no new agent run.`);
  await finish(engine, ledger, { stepId: d.stepId, n }, { ...judged, outcome: 'recovered', exitCode: null, error: null, ...(usage ? { usage } : {}) });
  return true;
}

function isInside(dir: string, file: string): boolean {
  const rel = path.relative(path.resolve(dir), file);
  return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel);
}
