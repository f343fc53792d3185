// A fresh state document for a plan that was just proposed (or proposed and approved at once,
// as `run --plan` does locally).
import { ConfigError, PlanError, showValue, type Issue } from '../errors.js';
import { ID_PATTERN, cloneJson } from './field-checks.js';
import { planHash } from './plan-hash.js';
import { stepDigests } from './step-digests.js';
import { STATE_VERSION, type Plan, type State } from '../state/types.js';
import { checkQueue } from './validate-plan.js';
import { effectiveQueue } from './plan-queue.js';

export interface NewStateOptions {
  planId: string;
  /** Run order; defaults to `plan.stepQueue`, then to the order of `plan.steps`. */
  stepQueue?: string[];
  stepDelayMinutes?: number;
  now: Date;
  /** Present when the plan starts approved (no `/approve` round trip). */
  approved?: { by: string; runId?: number };
  /** Who asked for the plan (an issue's author, a dispatching actor, the local user). */
  requestedBy?: string;
}

export function newState(plan: Plan, opts: NewStateOptions): State {
  if (!ID_PATTERN.test(opts.planId)) {
    throw new ConfigError(`Invalid plan id ${showValue(opts.planId)}: expected 1-100 letters, digits, ".", "_" or "-", starting with a letter or digit`);
  }
  const delay = opts.stepDelayMinutes ?? 0;
  if (!Number.isFinite(delay) || delay < 0) {
    throw new ConfigError(`Invalid stepDelayMinutes ${showValue(delay)}: expected a number of minutes >= 0`);
  }
  const stepQueue = effectiveQueue(plan, opts.stepQueue);
  const issues: Issue[] = [];
  checkQueue(issues, 'stepQueue', stepQueue, new Set(Object.keys(plan.steps)), false);
  if (issues.length > 0) throw new PlanError(issues, `step queue for ${opts.planId}`);

  // The queue is part of what is approved, whichever way it was given.
  const hash = planHash({ ...plan, stepQueue });
  const at = opts.now.toISOString();
  return {
    version: STATE_VERSION,
    planId: opts.planId,
    revision: 0,
    status: opts.approved ? 'IN_PROGRESS' : 'AWAITING_APPROVAL',
    // A copy, so later edits to the caller's plan object cannot change what was approved.
    plan: cloneJson(plan),
    planHash: hash,
    stepQueue,
    currentStep: 0,
    stepRuns: {},
    stepDelayMinutes: delay,
    notBefore: null,
    blockers: [],
    lastHeartbeatIso: null,
    artifacts: [],
    ...(opts.requestedBy ? { requestedBy: opts.requestedBy } : {}),
    approval: opts.approved ? { ...approvalOf(opts.approved.by, at, hash, plan), ...(opts.approved.runId !== undefined ? { runId: opts.approved.runId } : {}) } : null,
    cancelRequested: null,
    inbox: { lastCommentId: 0 },
  };
}

function approvalOf(by: string, at: string, hash: string, plan: Plan): NonNullable<State['approval']> {
  const digests = stepDigests(plan);
  return { by, at, planHash: hash, ...(digests ? { stepDigests: digests } : {}) };
}
