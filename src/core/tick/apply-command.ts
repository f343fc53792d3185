// What a person's command does to a plan. Pure: returns the next state, the reply to post and
// whether anything changed. A refused command changes nothing and says why.
import { advance, cancel } from './apply.js';
import { raiseBudget } from './budget-raise.js';
import { hashPrefix, namesPlanHash, type Command } from './commands.js';
import { stepDigests } from '../plan/step-digests.js';
import type { Notice } from './notices.js';
import { passGate } from './gates.js';
import { restartPlan } from './restart.js';
import { activeStepId, remediationTargets } from './remediation.js';
import { currentStepId, nextAttemptNumber, roundOf, stepRun, withNewRound } from '../state/step-view.js';
import { attemptsText } from '../render/attempt-words.js';
import { stepProgress } from '../render/step-progress.js';
import type { State, StepRun } from '../state/types.js';
import { nearestName } from '../errors.js';

export interface CommandOutcome {
  state: State;
  changed: boolean;
  reply: string;
  notices: Notice[];
  /** The command could not do what it asked (the reply says why); a reply alone (`/status`) is not a refusal. */
  refused?: boolean;
}

const refuse = (state: State, reply: string): CommandOutcome => ({ state, changed: false, reply, notices: [], refused: true });
const answer = (state: State, reply: string): CommandOutcome => ({ state, changed: false, reply, notices: [] });

export function applyCommand(state: State, cmd: Command, now: Date): CommandOutcome {
  const outcome = commandOutcome(state, cmd, now);
  // A plan that leaves the block (retry, skip, resume, restart, a raise) is no longer held by the spent budget.
  if (outcome.state.status === 'BLOCKED' || outcome.state.budgetBlock === undefined) return outcome;
  const { budgetBlock: _lifted, ...rest } = outcome.state;
  return { ...outcome, state: rest };
}

function commandOutcome(state: State, cmd: Command, now: Date): CommandOutcome {
  switch (cmd.kind) {
    case 'approve':
      return approve(state, cmd, now);
    case 'cancel':
      return requestCancel(state, cmd, now);
    case 'retry': {
      const target = retryTarget(state, cmd);
      return 'error' in target ? refuse(state, `Cannot retry: ${target.error}.`) : unblock(state, target.step, 'retry', noteOf(cmd.by, target.note));
    }
    case 'skip':
      return skip(state, cmd.step, now);
    case 'resume':
      return resume(state, noteOf(cmd.by, cmd.note));
    case 'status':
      return answer(state, statusLine(state));
    case 'restart': {
      const r = restartPlan(state, cmd.by, cmd.step, now);
      return r.ok ? { state: r.state, changed: true, reply: r.reply, notices: [] } : refuse(state, r.reply);
    }
  }
}

function approve(state: State, cmd: Extract<Command, { kind: 'approve' }>, now: Date): CommandOutcome {
  if (cmd.budgets?.length) return raiseBudget(state, cmd, now);
  if (state.gate) return passGate(state, cmd, now);
  if (state.status !== 'AWAITING_APPROVAL') return refuse(state, `Nothing to approve: the plan is ${state.status}.`);
  const current = state.planHash;
  // A comment approves what the issue showed: the posted proposal of exactly this plan, posted
  // before the comment was written. A person at the CLI or dispatching the workflow acts directly.
  if (cmd.commentId !== undefined || cmd.at !== undefined) {
    const proposal = state.proposal;
    if (typeof proposal?.postedAt !== 'string' || typeof proposal.planHash !== 'string') {
      return refuse(state, `Nothing shown to approve yet: no proposal of this plan has been posted on the issue (plan ${short(current)}). Wait for the proposal comment, review it, then approve.`);
    }
    if (proposal.planHash !== current) {
      return refuse(
        state,
        `The latest posted proposal shows plan ${short(proposal.planHash)}, but the plan is now ${short(current)}. Wait for the proposal of the current plan, review it, then approve again.`,
      );
    }
    // GitHub stamps comments in whole seconds: an approval within the proposal's second counts.
    const writtenAt = Math.floor(Date.parse(cmd.at ?? '') / 1000);
    if (!(writtenAt >= Math.floor(Date.parse(proposal.postedAt) / 1000))) {
      return refuse(state, `This approval was written before the proposal of plan ${short(current)} was posted (${proposal.postedAt}). Review the plan as proposed now and approve again.`);
    }
    // A bare /approve means "the proposal I saw". After the plan changed, that may be an earlier
    // one, unless the approver has commented since every earlier one said it was superseded
    // (strictly after, in whole seconds: within that second their page may not have shown it).
    const superseded = proposal.supersededAt;
    if (cmd.planHash === undefined && typeof superseded === 'string' && !(secondOf(cmd.previousCommentAt) > secondOf(superseded))) {
      return refuse(
        state,
        `This issue has had more than one proposal, and the earlier ones were replaced after your last comment here (${superseded}), so a bare /approve could mean one of them. Review the proposal of plan ${short(current)} and reply "/approve ${hashPrefix(current ?? '')}" to approve it.`,
      );
    }
  }
  if (cmd.planHash !== undefined && !namesPlanHash(cmd.planHash, current)) {
    return refuse(state, `This approval names plan ${short(cmd.planHash)}, but the proposed plan is ${short(current)}. Review the proposal and approve again.`);
  }
  const digests = stepDigests(state.plan);
  const next: State = {
    ...state,
    status: 'IN_PROGRESS',
    approval: {
      by: cmd.by,
      at: now.toISOString(),
      planHash: current ?? '',
      ...(cmd.commentId !== undefined ? { commentId: cmd.commentId } : {}),
      ...(digests ? { stepDigests: digests } : {}),
      ...(cmd.note ? { note: cmd.note } : {}),
    },
    ...(cmd.delayMinutes !== undefined ? { stepDelayMinutes: cmd.delayMinutes } : {}),
  };
  const delay = cmd.delayMinutes ? ` with ${cmd.delayMinutes} min between steps` : '';
  const note = cmd.note ? ` Note kept with the approval: "${cmd.note}".` : '';
  return { state: next, changed: true, reply: `Approved plan ${short(current)} by @${cmd.by}${delay}. Starting.${note}`, notices: [] };
}

/**
 * A plan hash as replies name it: its first 12 hex digits, what `/approve <prefix>` takes; the
 * proposal shows it in full.
 */
function short(planHash: string | undefined): string {
  return planHash ? hashPrefix(planHash) : 'without a hash';
}

/** A GitHub time in whole seconds; NaN when there is none. */
function secondOf(iso: string | null | undefined): number {
  return Math.floor(Date.parse(iso ?? '') / 1000);
}

function requestCancel(state: State, cmd: Extract<Command, { kind: 'cancel' }>, now: Date): CommandOutcome {
  if (state.status === 'DONE' || state.status === 'CANCELLED') return refuse(state, `Nothing to cancel: the plan is ${state.status}.`);
  if (state.cancelRequested) return refuse(state, 'A cancel is already requested.');
  const request = { by: cmd.by, at: now.toISOString(), ...(cmd.reason ? { reason: cmd.reason } : {}) };
  // During a remediation detour the attempt in flight is the remediation step's.
  const stepId = activeStepId(state);
  const inFlight = stepId !== undefined && stepRun(state, stepId).status === 'IN_PROGRESS';
  // With an attempt in flight the intent is stored and the running tick soft-brakes the agent;
  // otherwise nothing can still be running, so the plan ends now.
  if (inFlight) {
    return { state: { ...state, cancelRequested: request }, changed: true, reply: `Cancel requested by @${cmd.by}${cmd.reason ? ` ("${cmd.reason}")` : ''}; stopping ${stepId}.`, notices: [] };
  }
  const ended = cancel({ ...state, cancelRequested: request });
  return { state: ended.state, changed: true, reply: `Cancelled by @${cmd.by}${cmd.reason ? `: "${cmd.reason}"` : ''}.`, notices: ended.notices };
}

/** The named step must be the current one: steps are never run out of order. */
function targetStep(state: State, named: string | undefined, verb: string): { stepId: string } | { error: string } {
  const stepId = currentStepId(state);
  if (named !== undefined && !Object.hasOwn(state.plan.steps, named)) {
    const near = nearestName(named, Object.keys(state.plan.steps));
    return { error: `the plan has no step "${named}"${near ? `; did you mean ${near}?` : ''}${stepId !== undefined ? `; the current step is ${stepId}` : ''}` };
  }
  if (stepId === undefined) return { error: 'every step has finished' };
  if (named !== undefined && named !== stepId) {
    return { error: `only the current step (${stepId}) can be ${verb === 'skip' ? 'skipped' : verb === 'retry' ? 'retried' : 'resumed'}, got "${named}"` };
  }
  return { stepId };
}

function clearBlockers(state: State, stepId: string): string[] {
  return (state.blockers ?? []).filter((b) => !b.startsWith(`${stepId}: `));
}

/** A note for the agent's next prompt: who wrote it and what. */
interface Note {
  by: string;
  text: string;
}

function noteOf(by: string, text: string | undefined): Note | undefined {
  const trimmed = text?.trim();
  return trimmed ? { by, text: trimmed } : undefined;
}

/**
 * What a /retry names: its `text` (more than one word) starts with a step of the plan and goes on
 * with a note, or is a note alone. One word that is no step of the plan is refused as one, since a
 * mistyped step is likelier than a one-word note.
 */
function retryTarget(state: State, cmd: Extract<Command, { kind: 'retry' }>): { step?: string; note?: string } | { error: string } {
  if (cmd.text === undefined) return { ...(cmd.step !== undefined ? { step: cmd.step } : {}), ...(cmd.note !== undefined ? { note: cmd.note } : {}) };
  const [first = '', ...more] = cmd.text.trim().split(/\s+/);
  if (Object.hasOwn(state.plan.steps, first)) return { step: first, note: cmd.text.trim().slice(first.length).trim() };
  return more.length ? { note: cmd.text } : { step: first };
}

/** The run with the note for its next attempt, or as it was. */
function withNote(run: StepRun, note: Note | undefined): StepRun {
  return note ? { ...run, maintainerNote: { ...note, forAttempt: nextAttemptNumber(run) } } : run;
}

/** How a reply says what the agent's next prompt gets. */
function noteReply(note: Note | undefined): string {
  return note ? ` The agent's next prompt says: A maintainer (@${note.by}) says: "${note.text}".` : '';
}

function unblock(state: State, named: string | undefined, verb: string, note?: Note): CommandOutcome {
  if (state.status !== 'BLOCKED') return refuse(state, `Nothing to ${verb}: the plan is ${state.status}, not BLOCKED.`);
  // Blocked because nobody approved it (approval-check.ts): going on means being approved first.
  if (!state.approval && state.planHash !== undefined) {
    const next: State = { ...state, status: 'AWAITING_APPROVAL', blockers: [], notBefore: null };
    return { state: next, changed: true, reply: `This plan (${state.planHash}) was never approved: it now awaits approval. Review its proposal, then /approve it.`, notices: [] };
  }
  const target = targetStep(state, named, verb);
  if ('error' in target) return refuse(state, `Cannot ${verb}: ${target.error}.`);
  const { stepId } = target;
  const run = stepRun(state, stepId);
  // A fresh budget: tries and the step's total time start again; the attempt history stays.
  // The remediation steps it routes to get one too, or a detour could block again at once.
  // A step blocked before it ever ran (a base-branch conflict) stays PENDING: its next attempt is
  // its first, with the plain prompt, and nothing shows it as failed.
  const neverRan = run.status === 'PENDING' && (run.attempts?.length ?? 0) === 0;
  const status = run.status === 'DONE' ? 'DONE' : neverRan ? 'PENDING' : 'FAILED';
  const stepRuns = { ...state.stepRuns, [stepId]: withNote({ ...withNewRound(run), status }, note) } as State['stepRuns'];
  for (const fixer of remediationTargets(state.plan, stepId)) {
    const r = stepRuns[fixer];
    if (r && r.status !== 'IN_PROGRESS') stepRuns[fixer] = withNewRound(r);
  }
  const next: State = {
    ...state,
    status: 'IN_PROGRESS',
    blockers: clearBlockers(state, stepId),
    notBefore: null,
    stepRuns,
  };
  return { state: next, changed: true, reply: `Retrying ${stepId} with a new round of attempts (round ${roundOf(stepRuns[stepId] as StepRun)}).${noteReply(note)}`, notices: [] };
}

function skip(state: State, named: string | undefined, now: Date): CommandOutcome {
  // A plan paused at a gate can skip the gated step.
  if (state.status !== 'BLOCKED' && state.status !== 'IN_PROGRESS' && !state.gate) return refuse(state, `Nothing to skip: the plan is ${state.status}.`);
  const target = targetStep(state, named, 'skip');
  if ('error' in target) return refuse(state, `Cannot skip: ${target.error}.`);
  const { stepId } = target;
  const run = stepRun(state, stepId);
  const running = activeStepId(state);
  if (running !== undefined && stepRun(state, running).status === 'IN_PROGRESS') {
    return refuse(state, `Cannot skip ${stepId} while an attempt${running === stepId ? '' : ` of its remediation step ${running}`} is running; /cancel it first or wait.`);
  }
  const skipped: State = {
    ...state,
    status: 'IN_PROGRESS',
    blockers: clearBlockers(state, stepId),
    ...(state.gate ? { gate: null } : {}),
    stepRuns: { ...state.stepRuns, [stepId]: { ...run, status: 'SKIPPED' } },
  };
  const moved = advance(skipped, now);
  return { state: moved.state, changed: true, reply: `Skipped ${stepId}.`, notices: moved.notices };
}

function resume(state: State, note?: Note): CommandOutcome {
  if (state.status === 'BLOCKED') return unblock(state, undefined, 'resume', note);
  if (state.status === 'CANCELLED' || state.cancelRequested) {
    const stepId = currentStepId(state);
    const stepRuns = { ...state.stepRuns };
    const run = stepId !== undefined ? stepRuns[stepId] : undefined;
    // A step stopped by the cancel runs again in a new round.
    let noted = '';
    if (stepId !== undefined && run && run.status !== 'DONE' && run.status !== 'SKIPPED' && run.status !== 'IN_PROGRESS') {
      stepRuns[stepId] = withNote({ ...withNewRound(run), status: 'PENDING' }, note);
      noted = noteReply(note);
    }
    const status = state.stepQueue.length === state.currentStep ? 'DONE' : 'IN_PROGRESS';
    return { state: { ...state, status, cancelRequested: null, stepRuns }, changed: true, reply: `Resumed.${noted}`, notices: [] };
  }
  return refuse(state, `Nothing to resume: the plan is ${state.status}.`);
}

/** A proposal waits for its approval: the command that gives it, with the plan's hash, as the proposal asks. */
function approvalWait(state: State): string {
  return `; waiting for approval: /approve${state.planHash ? ` ${hashPrefix(state.planHash)}` : ''} runs it`;
}

/** The answer to /status: where the plan stands, in one line. */
function statusLine(state: State): string {
  const stepId = currentStepId(state);
  const run = stepId !== undefined ? stepRun(state, stepId) : undefined;
  const where = stepId !== undefined && state.status !== 'DONE' ? `; current step ${stepId} (${run?.status ?? 'PENDING'}, ${attemptsText(run)})` : '';
  const wait = state.status === 'IN_PROGRESS' && state.notBefore ? `; next step not before ${state.notBefore}` : '';
  const gate = state.status === 'AWAITING_APPROVAL' ? (state.gate ? `; paused at the gate of ${state.gate.stepId}: /approve to run it` : approvalWait(state)) : '';
  const blockers = state.status === 'BLOCKED' && state.blockers?.length ? `; blocked: ${state.blockers[state.blockers.length - 1]}` : '';
  return `Plan is ${state.status}: ${stepProgress(state, 'present')}${where}${wait}${gate}${blockers}.`;
}
