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
import { currentStepId, stepRun } from '../state/step-view.js';
import { stepProgress } from '../render/step-progress.js';
import type { State } from '../state/types.js';
import { countOf, countOfTotal } from '../render/plural.js';

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
  switch (cmd.kind) {
    case 'approve':
      return approve(state, cmd, now);
    case 'cancel':
      return requestCancel(state, cmd, now);
    case 'retry':
      return unblock(state, cmd.step, 'retry');
    case 'skip':
      return skip(state, cmd.step, now);
    case 'resume':
      return resume(state);
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
      return refuse(state, `Nothing shown to approve yet: no proposal of this plan has been posted on the issue (plan ${current ?? 'without a hash'}). Wait for the proposal comment, review it, then approve.`);
    }
    if (proposal.planHash !== current) {
      return refuse(state, `The latest posted proposal shows plan ${proposal.planHash}, but the plan is now ${current ?? 'without a hash'}. Wait for the proposal of the current plan, review it, then approve again.`);
    }
    // GitHub stamps comments in whole seconds: an approval within the proposal's second counts.
    const writtenAt = Math.floor(Date.parse(cmd.at ?? '') / 1000);
    if (!(writtenAt >= Math.floor(Date.parse(proposal.postedAt) / 1000))) {
      return refuse(state, `This approval was written before the proposal of plan ${current} was posted (${proposal.postedAt}). Review the plan as proposed now and approve again.`);
    }
    // A bare /approve means "the proposal I saw". After the plan changed, that may be an earlier
    // one, unless the approver has commented since every earlier one said it was superseded
    // (strictly after, in whole seconds: within that second their page may not have shown it).
    const superseded = proposal.supersededAt;
    if (cmd.planHash === undefined && typeof superseded === 'string' && !(secondOf(cmd.previousCommentAt) > secondOf(superseded))) {
      return refuse(
        state,
        `This issue has had more than one proposal, and the earlier ones were replaced after your last comment here (${superseded}), so a bare /approve could mean one of them. Review the proposal of plan ${current} and reply "/approve ${hashPrefix(current ?? '')}" to approve it.`,
      );
    }
  }
  if (cmd.planHash !== undefined && !namesPlanHash(cmd.planHash, current)) {
    return refuse(state, `This approval names plan ${cmd.planHash}, but the proposed plan is ${current ?? 'without a hash'}. Review the proposal and approve again.`);
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
    },
    ...(cmd.delayMinutes !== undefined ? { stepDelayMinutes: cmd.delayMinutes } : {}),
  };
  const delay = cmd.delayMinutes ? ` with ${cmd.delayMinutes} min between steps` : '';
  return { state: next, changed: true, reply: `Approved plan ${current ?? '(no hash)'} by @${cmd.by}${delay}. Starting.`, notices: [] };
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
    return { state: { ...state, cancelRequested: request }, changed: true, reply: `Cancel requested by @${cmd.by}; stopping ${stepId}.`, notices: [] };
  }
  const ended = cancel({ ...state, cancelRequested: request });
  return { state: ended.state, changed: true, reply: `Cancelled by @${cmd.by}.`, notices: ended.notices };
}

/** The named step must be the current one: steps are never run out of order. */
function targetStep(state: State, named: string | undefined): { stepId: string } | { error: string } {
  const stepId = currentStepId(state);
  if (stepId === undefined) return { error: 'every step has finished' };
  if (named !== undefined && named !== stepId) {
    return { error: `only the current step (${stepId}) can be targeted, got "${named}"` };
  }
  return { stepId };
}

function clearBlockers(state: State, stepId: string): string[] {
  return (state.blockers ?? []).filter((b) => !b.startsWith(`${stepId}: `));
}

function unblock(state: State, named: string | undefined, verb: string): CommandOutcome {
  if (state.status !== 'BLOCKED') return refuse(state, `Nothing to ${verb}: the plan is ${state.status}, not BLOCKED.`);
  // Blocked because nobody approved it (approval-check.ts): going on means being approved first.
  if (!state.approval && state.planHash !== undefined) {
    const next: State = { ...state, status: 'AWAITING_APPROVAL', blockers: [], notBefore: null };
    return { state: next, changed: true, reply: `This plan (${state.planHash}) was never approved: it now awaits approval. Review its proposal, then /approve it.`, notices: [] };
  }
  const target = targetStep(state, named);
  if ('error' in target) return refuse(state, `Cannot ${verb}: ${target.error}.`);
  const { stepId } = target;
  const run = stepRun(state, stepId);
  // A fresh budget: tries and the step's total time start again; the attempt history stays.
  // The remediation steps it routes to get one too, or a detour could block again at once.
  // A step blocked before it ever ran (a base-branch conflict) stays PENDING: its next attempt is
  // its first, with the plain prompt, and nothing shows it as failed.
  const neverRan = run.status === 'PENDING' && (run.attempts?.length ?? 0) === 0;
  const status = run.status === 'DONE' ? 'DONE' : neverRan ? 'PENDING' : 'FAILED';
  const stepRuns = { ...state.stepRuns, [stepId]: { ...run, status, tries: 0, firstStartedAt: null } } as State['stepRuns'];
  for (const fixer of remediationTargets(state.plan, stepId)) {
    const r = stepRuns[fixer];
    if (r && r.status !== 'IN_PROGRESS') stepRuns[fixer] = { ...r, tries: 0, firstStartedAt: null };
  }
  const next: State = {
    ...state,
    status: 'IN_PROGRESS',
    blockers: clearBlockers(state, stepId),
    notBefore: null,
    stepRuns,
  };
  return { state: next, changed: true, reply: `Retrying ${stepId} with a fresh set of attempts.`, notices: [] };
}

function skip(state: State, named: string | undefined, now: Date): CommandOutcome {
  // A plan paused at a gate can skip the gated step.
  if (state.status !== 'BLOCKED' && state.status !== 'IN_PROGRESS' && !state.gate) return refuse(state, `Nothing to skip: the plan is ${state.status}.`);
  const target = targetStep(state, named);
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

function resume(state: State): CommandOutcome {
  if (state.status === 'BLOCKED') return unblock(state, undefined, 'resume');
  if (state.status === 'CANCELLED' || state.cancelRequested) {
    const stepId = currentStepId(state);
    const stepRuns = { ...state.stepRuns };
    const run = stepId !== undefined ? stepRuns[stepId] : undefined;
    // A step stopped by the cancel runs again from a fresh budget.
    if (stepId !== undefined && run && run.status !== 'DONE' && run.status !== 'SKIPPED' && run.status !== 'IN_PROGRESS') {
      stepRuns[stepId] = { ...run, status: 'PENDING', tries: 0, firstStartedAt: null };
    }
    const status = state.stepQueue.length === state.currentStep ? 'DONE' : 'IN_PROGRESS';
    return { state: { ...state, status, cancelRequested: null, stepRuns }, changed: true, reply: 'Resumed.', notices: [] };
  }
  return refuse(state, `Nothing to resume: the plan is ${state.status}.`);
}

/** The answer to /status: where the plan stands, in one line. */
function statusLine(state: State): string {
  const stepId = currentStepId(state);
  const run = stepId !== undefined ? stepRun(state, stepId) : undefined;
  const where = stepId !== undefined && state.status !== 'DONE' ? `; current step ${stepId} (${run?.status ?? 'PENDING'}, ${countOf(run?.tries ?? 0, 'try', 'tries')})` : '';
  const wait = state.status === 'IN_PROGRESS' && state.notBefore ? `; next step not before ${state.notBefore}` : '';
  const gate = state.status === 'AWAITING_APPROVAL' && state.gate ? `; paused at the gate of ${state.gate.stepId}: /approve to run it` : '';
  const blockers = state.status === 'BLOCKED' && state.blockers?.length ? `; blocked: ${state.blockers[state.blockers.length - 1]}` : '';
  return `Plan is ${state.status}: ${stepProgress(state, 'present')}${where}${wait}${gate}${blockers}.`;
}
