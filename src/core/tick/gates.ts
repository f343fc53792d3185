// Human gates (README, "Human gates"): a step with `gate` pauses the plan before its first
// attempt until a writer approves. The approval is bound to the step and to the plan hash, so a
// changed plan asks again, and an approval written before the pause does not count.
import { hashPrefix, namesPlanHash, type Command } from './commands.js';
import type { CommandOutcome } from './apply-command.js';
import type { Transition } from './apply.js';
import { stepRun } from '../state/step-view.js';
import type { State, StepDef } from '../state/types.js';

/** Whether the step is gated, and the reason to show when one is given. */
export function gateOf(def: StepDef): { reason?: string } | null {
  const gate = def.gate;
  if (gate === true) return {};
  if (gate && typeof gate === 'object' && typeof gate.reason === 'string') return { reason: gate.reason };
  return null;
}

/** A gated step still waiting for its approval under the current plan hash. */
export function gateClosed(state: State, stepId: string, def: StepDef): boolean {
  if (!gateOf(def)) return false;
  return stepRun(state, stepId).gatePassed?.planHash !== (state.planHash ?? '');
}

/** The plan pauses at the step's gate; the notice asks a person to review and approve. */
export function pauseAtGate(state: State, stepId: string, def: StepDef, now: Date): Transition {
  const reason = gateOf(def)?.reason;
  const gate = { stepId, planHash: state.planHash ?? '', at: now.toISOString(), ...(reason !== undefined ? { reason } : {}) };
  return { state: { ...state, status: 'AWAITING_APPROVAL', gate }, notices: [{ kind: 'gate', stepId }] };
}

/** `/approve` while the plan waits at a gate: lets it through that one gate. */
export function passGate(state: State, cmd: Extract<Command, { kind: 'approve' }>, now: Date): CommandOutcome {
  const gate = state.gate!;
  const refuse = (reply: string): CommandOutcome => ({ state, changed: false, reply, notices: [], refused: true });
  if (state.status !== 'AWAITING_APPROVAL') return refuse(`Nothing to approve: the plan is ${state.status}.`);
  // GitHub stamps comments in whole seconds: an approval within the pause's second is not older.
  const pausedAt = Math.floor(Date.parse(gate.at) / 1000) * 1000;
  if (cmd.at && !Number.isNaN(pausedAt) && Date.parse(cmd.at) < pausedAt) {
    return refuse(`This approval was written before the plan paused at the gate of ${gate.stepId} (${gate.at}). Review what ran and approve again.`);
  }
  const planHash = state.planHash ?? '';
  if ((cmd.planHash !== undefined && !namesPlanHash(cmd.planHash, gate.planHash)) || gate.planHash !== planHash) {
    return refuse(
      `This approval is for plan ${hashPrefix(cmd.planHash ?? planHash ?? '')}, but the gate of ${gate.stepId} was reached under plan ${hashPrefix(gate.planHash)}. Review the plan and approve again.`,
    );
  }
  const run = stepRun(state, gate.stepId);
  const next: State = {
    ...state,
    status: 'IN_PROGRESS',
    gate: null,
    stepRuns: { ...state.stepRuns, [gate.stepId]: { ...run, gatePassed: { by: cmd.by, at: now.toISOString(), planHash } } },
  };
  return { state: next, changed: true, reply: `Gate of ${gate.stepId} passed by @${cmd.by}. Starting ${gate.stepId}.`, notices: [] };
}
