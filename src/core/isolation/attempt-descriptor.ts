// The attempt a `prepare` job hands to the `agent` and `apply` jobs of the isolated layout
// (docs/security.md): which attempt of which step, checkpointed on which commit of which work
// branch, by which workflow run. It travels as a job output, which only the workflow's own jobs
// write, so it is trusted; it is still read like any input: every field checked, and an error
// names the field, the value and what was expected. Pure.
import { ConfigError, showValue } from '../errors.js';
import { ID_PATTERN } from '../plan/plan-limits.js';

export const DESCRIPTOR_VERSION = 1;

export interface AttemptDescriptor {
  v: typeof DESCRIPTOR_VERSION;
  planId: string;
  stepId: string;
  n: number;
  /** `<planId>/<stepId>/<n>`: names the result artifact, and a result is accepted only for it. */
  attemptId: string;
  /** The plan's work branch. */
  branch: string;
  /**
   * The checkpoint commit on the work branch: the agent job runs on it, and the agent's changes
   * are taken against it. Absent when only a result left earlier is to be applied.
   */
  commit?: string;
  /** The workflow run that checkpointed the attempt (its owner in the state). */
  runId: string;
  runAttempt: number;
  /** The attempt retries a failed one: the agent gets the troubleshooting prompt. */
  retry: boolean;
  /** The attempt's time limit. */
  timeoutMs: number;
  /**
   * The owner run ended with a result uploaded but not recorded (its apply job died): the agent
   * job is skipped and apply records that run's result.
   */
  apply?: { runId: string };
}

/** Longest descriptor read: a few hundred bytes in practice. */
const MAX_TEXT = 4096;
const COMMIT = /^[0-9a-f]{40}([0-9a-f]{24})?$/;
const RUN_ID = /^[1-9][0-9]{0,19}$/;
/** A branch name as the Action's inputs accept it (a conservative subset of git's rules). */
const BRANCH = /^(?!-)(?!.*\.\.)(?!.*\/\/)(?!.*\.lock$)(?!.*(^|\/)\.)[A-Za-z0-9._/-]{1,255}(?<![/.])$/;
/** The longest attempt time limit an input allows (attempt-timeout-minutes: 360), with room. */
const MAX_TIMEOUT_MS = 24 * 60 * 60_000;

export function attemptIdOf(planId: string, stepId: string, n: number): string {
  return `${planId}/${stepId}/${n}`;
}

/** The compact JSON of a descriptor, as the `attempt` output carries it. */
export function formatAttemptDescriptor(d: AttemptDescriptor): string {
  return JSON.stringify(d);
}

/**
 * Reads the `attempt` input. `source` names it in errors (`input 'attempt'`). Throws ConfigError
 * naming the first field that is wrong.
 */
export function parseAttemptDescriptor(text: string, source = "input 'attempt'"): AttemptDescriptor {
  const bad = (field: string, value: unknown, expected: string) => new ConfigError(`Invalid ${source}: field "${field}" is ${showValue(value)}; expected ${expected}.`);
  if (text.length > MAX_TEXT) throw new ConfigError(`Invalid ${source}: ${text.length} characters; expected the JSON a prepare job writes (at most ${MAX_TEXT}).`);
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (err) {
    throw new ConfigError(`Invalid ${source}: not JSON (${err instanceof Error ? err.message : String(err)}); expected the 'attempt' output of a job with phase: prepare.`);
  }
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc))
    throw new ConfigError(`Invalid ${source}: ${showValue(doc)}; expected a JSON object (the 'attempt' output of a job with phase: prepare).`);
  const o = doc as Record<string, unknown>;
  const known = new Set(['v', 'planId', 'stepId', 'n', 'attemptId', 'branch', 'commit', 'runId', 'runAttempt', 'retry', 'timeoutMs', 'apply']);
  const unknown = Object.keys(o).find((k) => !known.has(k));
  if (unknown !== undefined) throw bad(unknown, o[unknown], `no such field (the fields are ${[...known].join(', ')})`);
  if (o.v !== DESCRIPTOR_VERSION) throw bad('v', o.v, `${DESCRIPTOR_VERSION} (a prepare job of another version wrote it: use the same version of the action in every job)`);
  const id = (field: string): string => {
    const value = o[field];
    if (typeof value !== 'string' || !ID_PATTERN.test(value)) throw bad(field, value, 'letters, digits, ".", "_" or "-" (up to 100, starting with a letter or digit)');
    return value;
  };
  const planId = id('planId');
  const stepId = id('stepId');
  const n = o.n;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > 10_000) throw bad('n', n, 'a whole number from 1 to 10000');
  if (o.attemptId !== attemptIdOf(planId, stepId, n)) throw bad('attemptId', o.attemptId, `"${attemptIdOf(planId, stepId, n)}" (planId/stepId/n)`);
  if (typeof o.branch !== 'string' || !BRANCH.test(o.branch)) throw bad('branch', o.branch, 'a branch name such as sequencer/issue-42');
  if (o.commit !== undefined && (typeof o.commit !== 'string' || !COMMIT.test(o.commit))) throw bad('commit', o.commit, 'a full commit id (40 or 64 lower-case hex digits)');
  const runId = o.runId;
  if (typeof runId !== 'string' || !RUN_ID.test(runId)) throw bad('runId', runId, 'a workflow run id (digits)');
  const runAttempt = o.runAttempt;
  if (typeof runAttempt !== 'number' || !Number.isInteger(runAttempt) || runAttempt < 1 || runAttempt > 10_000) throw bad('runAttempt', runAttempt, 'a whole number from 1 to 10000');
  if (typeof o.retry !== 'boolean') throw bad('retry', o.retry, 'true or false');
  const timeoutMs = o.timeoutMs;
  if (typeof timeoutMs !== 'number' || !Number.isInteger(timeoutMs) || timeoutMs < 1 || timeoutMs > MAX_TIMEOUT_MS)
    throw bad('timeoutMs', timeoutMs, `a whole number of milliseconds from 1 to ${MAX_TIMEOUT_MS}`);
  let apply: { runId: string } | undefined;
  if (o.apply !== undefined) {
    const a = o.apply as Record<string, unknown> | null;
    if (typeof a !== 'object' || a === null || Array.isArray(a) || Object.keys(a).some((k) => k !== 'runId') || typeof a.runId !== 'string' || !RUN_ID.test(a.runId)) {
      throw bad('apply', o.apply, 'an object { "runId": "<the run holding the result>" }');
    }
    apply = { runId: a.runId };
  }
  // The agent job runs on the checkpoint: without it there is nothing to run on.
  if (!apply && o.commit === undefined) throw bad('commit', undefined, 'the checkpoint commit (only a descriptor with "apply" leaves it out)');
  return {
    v: DESCRIPTOR_VERSION,
    planId,
    stepId,
    n,
    attemptId: attemptIdOf(planId, stepId, n),
    branch: o.branch,
    ...(typeof o.commit === 'string' ? { commit: o.commit } : {}),
    runId,
    runAttempt,
    retry: o.retry,
    timeoutMs,
    ...(apply ? { apply } : {}),
  };
}

/** The run whose artifact holds the attempt's result. */
export function resultRunId(d: AttemptDescriptor): string {
  return d.apply?.runId ?? d.runId;
}
