// An attempt whose owner is gone (its tick died, its lease ran out): its process group is
// reaped, and it is recorded as interrupted, a failure the retry policy follows. When its work
// is still in this workspace and meets the step's contract (crash acceptance), the step is
// recorded done as `recovered` instead, without another agent run.
import path from 'node:path';
import { finishAttempt, mayAcceptInterrupted, recoverAttempt, type AttemptResult } from '../core/tick/apply.js';
import type { Decision } from '../core/tick/decide.js';
import { judgeAttempt } from '../core/tick/judge-attempt.js';
import { DEFAULT_PAYLOAD_MAX_BYTES } from '../core/tick/payload.js';
import { currentStepId, stepDef } from '../core/state/step-view.js';
import type { AgentResult } from '../ports.js';
import type { Ledger } from './commit.js';
import { missingDoneOutputs } from './done-outputs.js';
import { attemptEnv, attemptPaths, contractChecks } from './step-contract.js';
import type { Engine } from './types.js';

export type RecoverDecision = Extract<Decision, { kind: 'recover' }>;

export async function recover(engine: Engine, ledger: Ledger, d: RecoverDecision): Promise<void> {
  const { deps, cfg } = engine;
  if (d.attempt?.logFile) await deps.agent.reap(path.resolve(path.dirname(cfg.logDir), d.attempt.logFile));
  deps.log.warn(`${d.stepId} attempt ${d.attempt?.n ?? '?'} ${d.reason}`);
  if (await acceptInterrupted(engine, ledger, d)) return;
  await ledger.commit(recoverAttempt(ledger.state, d.stepId, d.reason, deps.clock.now()), {
    kind: 'update',
    message: `${d.stepId} attempt ${d.attempt?.n ?? '?'} interrupted`,
  });
}

/**
 * Crash acceptance: the dead attempt's work is still in this workspace, so its step's contract
 * is checked before spending another agent run. True when the step was recorded DONE.
 */
async function acceptInterrupted({ deps, cfg }: Engine, ledger: Ledger, d: RecoverDecision): Promise<boolean> {
  const state = ledger.state;
  const def = stepDef(state, d.stepId);
  const n = d.attempt?.n;
  if (n === undefined || !mayAcceptInterrupted(d.attempt, cfg.owner, def)) return false;
  // Only a queued step's own attempt: a remediation detour is left to the usual path.
  if (currentStepId(state) !== d.stepId) return false;
  const paths = attemptPaths(cfg.logDir, d.stepId, n);
  const site = { workspaceRoot: deps.workspace.root, ...(cfg.cliCommand ? { cliCommand: cfg.cliCommand } : {}) };
  const env = { ...cfg.agentEnv, ...def.env, ...attemptEnv(state, { stepId: d.stepId, n }, paths, site) };
  const contract = { verifier: deps.verifier, files: deps.attemptFiles, payloadMaxBytes: cfg.payloadMaxBytes ?? DEFAULT_PAYLOAD_MAX_BYTES };
  const exited: AgentResult = { exitCode: 0, signal: null, timedOut: false, cancelled: false, stdout: '', stderr: '', outputBytes: 0, durationMs: 0 };
  const judged = await judgeAttempt(exited, {
    requiredOutputs: def.requiredOutputs ?? [],
    missingOutputs: (outputs) => deps.workspace.missingOutputs(outputs),
    timeoutMs: 0,
    logFile: paths.logFile,
    ...contractChecks(contract, state, def, paths, env),
  });
  if (judged.outcome !== 'succeeded') {
    deps.log.info(`${d.stepId}: the interrupted attempt's work does not meet the step's contract (${judged.error ?? 'failed'}); it runs again.`);
    return false;
  }
  deps.log.warn(`${d.stepId}: the interrupted attempt ${n} left work that meets the step's contract; recorded as recovered, no new agent run.`);
  const last = state.currentStep === state.stepQueue.length - 1;
  const reopen = last ? await missingDoneOutputs(state, state.currentStep, deps) : new Map<string, string[]>();
  const recovered: AttemptResult = { ...judged, outcome: 'recovered', exitCode: null, error: null };
  await ledger.commit(finishAttempt(state, d.stepId, recovered, deps.clock.now(), reopen.size ? { reopen } : {}), {
    kind: 'completion',
    message: `${d.stepId} attempt ${n} recovered`,
  });
  return true;
}
