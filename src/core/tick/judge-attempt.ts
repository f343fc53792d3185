// Whether an attempt succeeded, and if not, exactly why. Success = exit 0 AND every required
// output exists inside the workspace AND the payload (if any) is a valid JSON object AND every
// validation rule passes. Checks run in that order: a later one only makes sense after the
// earlier ones passed (rules read outputs and the payload).
import type { AttemptResult } from './apply.js';
import type { AgentResult } from '../../ports.js';
import type { Payload, PayloadCheck } from './payload.js';
import { validationFailure, type RuleResult } from './rules.js';
import { stoppedText } from './cooperative-stop.js';
import { declaredText, type ResultCheck } from './declared-result.js';
import { allowedMissing, missingOutputsText } from './output-tolerance.js';
import { exactDuration } from '../errors.js';

export interface JudgeContext {
  requiredOutputs: string[];
  missingOutputs(paths: string[]): Promise<string[]>;
  /** The step's maxOutputBytes, named when an attempt overflowed. */
  maxOutputBytes?: number;
  /** The step's outputTolerance: this fraction of requiredOutputs may be missing (with a warning). */
  outputTolerance?: number;
  timeoutMs: number;
  logFile: string;
  /** Reads and checks what the agent wrote to $SEQUENCER_PAYLOAD_FILE (absent: payloads ignored). */
  readPayload?(): Promise<PayloadCheck>;
  /** Reads what the agent declared in $SEQUENCER_RESULT_FILE (absent: declarations ignored). */
  readResult?(): Promise<ResultCheck>;
  /** Evaluates the step's validation rules against the workspace and the payload. */
  checkRules?(payload: Payload | undefined): Promise<RuleResult[]>;
  /** Aborted by a /cancel while the rules are checked (the signal checkRules was given). */
  signal?: AbortSignal;
}

const ERROR_TAIL = 1500;

const CHECKS_CANCELLED = 'stopped by a cancel request while its validation rules were checked (the agent had exited with code 0): the checks were ended, so the attempt has no verdict';

export async function judgeAttempt(result: AgentResult, ctx: JudgeContext): Promise<AttemptResult> {
  const base = { exitCode: result.exitCode, stdout: result.stdout, stderr: result.stderr, durationMs: result.durationMs, outputs: [] as string[] };
  if (result.spawnError) return { ...base, outcome: 'failed', error: `could not start the agent: ${result.spawnError}` };
  if (result.cancelled) return { ...base, outcome: 'cancelled', error: `stopped by a cancel request: ${stoppedText(result.stoppedBy)}`, ...(result.stoppedBy ? { stoppedBy: result.stoppedBy } : {}) };
  if (result.overflowed) {
    const limit = ctx.maxOutputBytes !== undefined ? `the step's limit of ${ctx.maxOutputBytes} bytes` : "the step's limit";
    return {
      ...base,
      outcome: 'overflow',
      error: `the agent's output passed ${limit} (maxOutputBytes): it printed at least ${result.outputBytes} bytes and was stopped`,
      ...(result.stoppedBy ? { stoppedBy: result.stoppedBy } : {}),
    };
  }
  if (result.timedOut) {
    const how = result.stoppedBy === 'agent' ? 'the agent stopped by itself after its stop file appeared' : 'process group terminated';
    return {
      ...base,
      outcome: 'timed_out',
      timeoutMinutes: ctx.timeoutMs / 60_000,
      error: `timed out after ${exactDuration(ctx.timeoutMs, 'min')} (${how})${detail(result, ctx.logFile)}`,
      ...(result.stoppedBy ? { stoppedBy: result.stoppedBy } : {}),
    };
  }
  // The agent's word counts after our own facts (it cannot undo a timeout or a cancel) and
  // before its exit code: a declared failure fails even with exit 0.
  const said: ResultCheck = ctx.readResult ? await ctx.readResult() : { ok: true };
  if (!said.ok && result.exitCode === 0) return { ...base, outcome: 'failed', error: said.error };
  const word = said.ok ? said.declared : undefined;
  const declared = word ? { declared: word } : {};
  if (word && word.status !== 'completed') {
    const code = result.exitCode !== 0 ? ` (${result.exitCode === null ? `killed by ${result.signal ?? 'a signal'}` : `exit code ${result.exitCode}`})` : '';
    return { ...base, ...declared, outcome: word.status === 'overflow' ? 'overflow' : 'failed', error: `${declaredText(word)}${code}` };
  }
  if (result.exitCode !== 0) {
    const how = result.exitCode === null ? `was killed by ${result.signal ?? 'a signal'}` : `exited with code ${result.exitCode}`;
    return { ...base, ...declared, outcome: 'failed', error: `agent ${how}${detail(result, ctx.logFile)}` };
  }
  const missing = await ctx.missingOutputs(ctx.requiredOutputs);
  const total = ctx.requiredOutputs.length;
  if (missing.length > allowedMissing(ctx.outputTolerance, total)) return { ...base, ...declared, outcome: 'failed', error: missingOutputsText(missing, total, ctx.outputTolerance) };
  const tolerated = missing.length ? { missingOutputs: missing } : {};
  const present = missing.length ? ctx.requiredOutputs.filter((o) => !missing.includes(o)) : ctx.requiredOutputs;
  const read = ctx.readPayload ? await ctx.readPayload() : ({ ok: true, payload: undefined } as const);
  if (!read.ok) return { ...base, ...declared, outcome: 'failed', error: read.error };
  const payload = read.payload !== undefined ? { payload: read.payload } : {};
  const results = ctx.checkRules ? await ctx.checkRules(read.payload) : [];
  // A cancel that stopped the checks leaves results that say nothing of the work: the attempt is
  // neither passed nor failed on their strength, but cancelled, as during the agent. The agent
  // had ended on its own ('agent'): only the checks were stopped.
  if (ctx.signal?.aborted) return { ...base, ...declared, outcome: 'cancelled', error: CHECKS_CANCELLED, stoppedBy: 'agent' };
  const failure = validationFailure(results);
  if (failure) return { ...base, ...declared, outcome: 'failed', error: failure, failedRules: results.filter((r) => !r.ok).map((r) => r.rule) };
  return { ...base, ...declared, ...payload, ...tolerated, outcome: 'succeeded', error: null, outputs: present };
}

/**
 * An attempt that spent more tool calls than its budget allows (toolBudgetProblem) fails: a
 * success becomes a failure without its outputs or payload, a failure names both reasons.
 * A timeout or a cancel stays what it was.
 */
export function judgeToolBudget(verdict: AttemptResult, problem: string | null): AttemptResult {
  if (!problem) return verdict;
  if (verdict.outcome === 'succeeded' || verdict.outcome === 'recovered') {
    const { payload: _dropped, ...rest } = verdict;
    return { ...rest, outcome: 'failed', error: problem, outputs: [] };
  }
  if (verdict.outcome === 'failed') return { ...verdict, error: `${problem}; also: ${verdict.error ?? 'failed'}` };
  return verdict;
}

/** The end of stderr (or stdout) so the troubleshooting prompt carries the actual failure. */
function detail(result: AgentResult, logFile: string): string {
  const text = (result.stderr.trim() || result.stdout.trim()).slice(-ERROR_TAIL);
  const where = ` (full log: ${logFile})`;
  return text ? `: ${text}${where}` : where;
}
