// /restart (README, "Commands (issue comments)"): the original checkpoint pipeline lets a person
// start a run again from its beginning, or from a named step, when the definition changed or at
// any time. The steps from there on (and the remediation steps they route to) start afresh;
// every earlier attempt stays in the state, attempt numbers go on (so an agent's idempotency keys
// never repeat), and `restarts` records what each restart ended. The approval is left alone: an
// approved plan that did not change runs again without a new approval, and a plan that changed
// still pauses for one (approval-check.ts).
import { activeStepId, remediationTargets } from './remediation.js';
import { stepRun } from '../state/step-view.js';
import type { State } from '../state/types.js';
import { runAgain } from './run-again.js';
import { countOf } from '../render/plural.js';

/** Restart records kept; older ones are dropped (the attempts themselves stay). */
export const MAX_RESTARTS_KEPT = 20;

export type RestartResult = { ok: true; state: State; reply: string } | { ok: false; reply: string };

export function restartPlan(state: State, by: string, named: string | undefined, now: Date): RestartResult {
  const running = activeStepId(state);
  if (running !== undefined && stepRun(state, running).status === 'IN_PROGRESS') {
    return { ok: false, reply: `Cannot restart while an attempt of ${running} is running; /cancel it first or wait.` };
  }
  const queue = state.stepQueue;
  const from = named ?? queue[0];
  const index = from === undefined ? -1 : queue.indexOf(from);
  if (from === undefined || index < 0) {
    return { ok: false, reply: `Cannot restart: "${from ?? ''}" is not a step of the plan's queue (${queue.slice(0, 10).join(', ')}${queue.length > 10 ? ', …' : ''}).` };
  }
  // No step is skipped: everything before the restart point must be finished.
  for (const id of queue.slice(0, index)) {
    const status = stepRun(state, id).status;
    if (status !== 'DONE' && status !== 'SKIPPED') {
      return { ok: false, reply: `Cannot restart from ${from}: step ${id} before it is not done (${status}), and no step is skipped; restart from ${id} or earlier.` };
    }
  }
  const again = new Set(queue.slice(index));
  for (const id of queue.slice(index)) for (const fixer of remediationTargets(state.plan, id)) again.add(fixer);
  const record = { at: now.toISOString(), by, from, previous: { status: state.status, currentStep: state.currentStep, ...(state.planHash ? { planHash: state.planHash } : {}) } };
  // Not approved (or changed since): the restart approves nothing. At a gate the plan was approved.
  const status = state.status === 'AWAITING_APPROVAL' && !state.gate ? 'AWAITING_APPROVAL' : 'IN_PROGRESS';
  const next: State = {
    ...state,
    status,
    currentStep: index,
    ...runAgain(state, again),
    blockers: [],
    notBefore: null,
    cancelRequested: null,
    gate: null,
    restarts: [...(Array.isArray(state.restarts) ? state.restarts : []), record].slice(-MAX_RESTARTS_KEPT),
    // Group passes and route counts belong to a run: the new run starts with every budget whole.
    groupRuns: {},
    routeCounts: {},
  };
  const count = queue.length - index;
  return { ok: true, state: next, reply: `Restarted from ${from} (${index + 1}/${queue.length}) by @${by}: ${countOf(count, 'step')} run again; the earlier run stays in the state.` };
}
