// An approval is a fact on GitHub, not a field in a file. The state on the work branch can be
// rewritten by anyone who can push to it (or by an agent holding the job's token), and with a
// shared state branch an agent can even commit another plan's state. So before a run's first
// attempt, and whenever the approval changes, the Action reads back what the approval points at
// and this module decides whether it still stands. Pure: the adapter gathers the facts.
import { parseCommandText, namesPlanHash } from '../tick/commands.js';
import { leadingMarker, withoutFooter } from '../render/comment-markers.js';
import { marker } from '../render/render-markdown.js';
import type { BudgetRaise, State } from '../state/types.js';
import { createHash } from 'node:crypto';

/** A comment as GitHub holds it now. */
export interface HeldComment {
  id: number;
  login: string;
  body: string;
  createdAt: string;
  updatedAt: string;
  /** The issue it is on (from its `issue_url`), null when that cannot be read. */
  issueNumber: number | null;
}

/** A workflow run as GitHub holds it: for an approval given by dispatching `start`. */
export interface HeldRun {
  id: number;
  event: string;
  /** Who triggered it (`triggering_actor`, else `actor`). */
  actor: string | null;
}

export interface ApprovalEvidence {
  /** The login we post as; undefined when GitHub would not say. */
  ourLogin: string | undefined;
  /** The plan's issue, null for a plan without one. */
  issueNumber: number | null;
  /** The approving comment (null: gone). Present when the approval names a comment. */
  approving?: HeldComment | null;
  /** Every recorded part of the proposal, in order (null: gone). Present with `approving`. */
  proposal?: Array<HeldComment | null>;
  /** The dispatch run that approved (null: gone). Present when the approval names a run. */
  run?: HeldRun | null;
  /** Why the approver may not command the plan now; null when they may. */
  approverRefusal: string | null;
}

export type ApprovalVerdict = { ok: true } | { ok: false; reason: string };

/** What the state records of one posted proposal part: its comment and a digest of its text. */
export interface ProposalPart {
  commentId: number;
  /** sha256 of the body GitHub returned, run footer left out. */
  sha256: string;
}

/** The digest a proposal part is recorded with: a later edit by anyone changes it. */
export function proposalDigest(body: string): string {
  return createHash('sha256').update(withoutFooter(body)).digest('hex');
}

/** Which comment or run an approval rests on; null when it names neither (a CLI approval, a hand edit). */
export function approvalSource(state: State): { kind: 'comment'; id: number } | { kind: 'run'; id: number } | null {
  const a = state.approval;
  if (!a) return null;
  if (typeof a.commentId === 'number') return { kind: 'comment', id: a.commentId };
  const runId = (a as { runId?: unknown }).runId;
  if (typeof runId === 'number') return { kind: 'run', id: runId };
  return null;
}

/** The recorded parts of the posted proposal, last one (the one with the hash) last. */
export function recordedParts(state: State): Array<{ commentId: number; sha256?: string }> {
  const p = state.proposal;
  if (!p) return [];
  const parts = (p as { parts?: unknown }).parts;
  if (Array.isArray(parts) && parts.every(isPart)) return parts;
  return typeof p.commentId === 'number' ? [{ commentId: p.commentId }] : [];
}

function isPart(x: unknown): x is ProposalPart {
  const p = x as ProposalPart;
  return typeof p === 'object' && p !== null && Number.isSafeInteger(p.commentId) && typeof p.sha256 === 'string';
}

const wholeSeconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);
const sameLogin = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

export function judgeApproval(state: State, e: ApprovalEvidence): ApprovalVerdict {
  const approval = state.approval;
  if (!approval) return { ok: false, reason: 'the plan has no approval' };
  const no = (reason: string): ApprovalVerdict => ({ ok: false, reason });
  const source = approvalSource(state);
  if (!source) return no(`the approval by ${approval.by} names no comment or workflow run GitHub can confirm (an approval written into the state by hand, or by the CLI, does not count here)`);
  if (e.approverRefusal !== null) return no(`${approval.by} may not approve this plan now: ${e.approverRefusal}`);

  if (source.kind === 'run') {
    const run = e.run;
    if (!run) return no(`the workflow run ${source.id} that approved it does not exist`);
    if (run.event !== 'workflow_dispatch') return no(`the workflow run ${source.id} that approved it was started by ${run.event}, not by a dispatch`);
    if (!run.actor || !sameLogin(run.actor, approval.by)) return no(`the workflow run ${source.id} that approved it was dispatched by ${run.actor ?? 'nobody known'}, not by ${approval.by}`);
    return { ok: true };
  }

  const c = e.approving;
  if (!c) return no(`the approving comment ${source.id} no longer exists`);
  if (e.issueNumber === null || c.issueNumber !== e.issueNumber) return no(`the approving comment ${source.id} is not on the plan's issue`);
  if (!sameLogin(c.login, approval.by)) return no(`the approving comment ${source.id} was written by ${c.login}, not by ${approval.by}`);
  if (e.ourLogin && sameLogin(c.login, e.ourLogin)) return no(`the approving comment ${source.id} is one of ours`);
  const parsed = parseCommandText(c.body, c.login);
  if (!parsed?.ok || parsed.command.kind !== 'approve') return no(`the comment ${source.id} does not say /approve (any more)`);
  if (parsed.command.planHash !== undefined && !namesPlanHash(parsed.command.planHash, state.planHash)) {
    return no(`the comment ${source.id} approves plan ${parsed.command.planHash}, not ${state.planHash ?? 'this plan'}`);
  }

  if (!e.ourLogin) return no('GitHub did not say who the Action posts as, so its proposal cannot be told from a copy');
  const parts = recordedParts(state);
  const held = e.proposal ?? [];
  if (!parts.length || held.length !== parts.length) return no('no proposal of this plan is recorded as posted');
  const planId = state.planId ?? '';
  for (const [k, part] of parts.entries()) {
    const p = held[k];
    if (!p) return no(`the proposal comment ${part.commentId} no longer exists`);
    if (!sameLogin(p.login, e.ourLogin)) return no(`the proposal comment ${part.commentId} was written by ${p.login}, not by the Action (${e.ourLogin})`);
    if (p.issueNumber !== e.issueNumber) return no(`the proposal comment ${part.commentId} is not on the plan's issue`);
    // The same markers as the proposal's rendering: the first part's names the hash alone.
    const want = marker(planId, 'proposal', k === 0 ? state.planHash : `${state.planHash ?? ''}:part-${k + 1}`);
    const shown = leadingMarker(p.body);
    // A proposal recorded before parts were (its last part only) may be any part of several.
    const legacyPart = part.sha256 === undefined && shown !== null && shown.startsWith(`${want.slice(0, -' -->'.length)}:part-`);
    if (shown !== want && !legacyPart) return no(`the proposal comment ${part.commentId} does not show plan ${state.planHash ?? '(no hash)'}`);
    if (part.sha256 !== undefined && proposalDigest(p.body) !== part.sha256) return no(`the proposal comment ${part.commentId} was edited after the Action posted it`);
    // What the approver saw is what GitHub holds now only if nothing changed it after the approval.
    if (wholeSeconds(p.updatedAt) > wholeSeconds(c.createdAt)) return no(`the proposal comment ${part.commentId} changed (${p.updatedAt}) after the approval was written (${c.createdAt})`);
  }
  return { ok: true };
}

/** What a budget raise rests on, as GitHub holds it now. */
export interface RaiseEvidence {
  ourLogin: string | undefined;
  issueNumber: number | null;
  /** The comment the raise names (null: gone); absent when it names none. */
  comment?: HeldComment | null;
  /** Why the writer who raised it may not command the plan now; null when they may. */
  raiserRefusal: string | null;
}

/**
 * Whether a recorded budget raise stands: a comment on the plan's issue by its writer, who may
 * command the plan now, that still says `/approve budget=…` with this limit. A raise without a
 * comment (the CLI's, or written by hand) does not count where approvals are read back.
 */
export function judgeRaise(raise: BudgetRaise, e: RaiseEvidence): ApprovalVerdict {
  const no = (reason: string): ApprovalVerdict => ({ ok: false, reason });
  const what = `the budget raise by ${raise.by}`;
  if (typeof raise.commentId !== 'number') return no(`${what} names no comment GitHub can confirm (a raise written into the state by hand, or by the CLI, does not count here)`);
  if (e.raiserRefusal !== null) return no(`${raise.by} may not raise this plan's budget now: ${e.raiserRefusal}`);
  const c = e.comment;
  if (!c) return no(`the comment ${raise.commentId} of ${what} no longer exists`);
  if (e.issueNumber === null || c.issueNumber !== e.issueNumber) return no(`the comment ${raise.commentId} of ${what} is not on the plan's issue`);
  if (!sameLogin(c.login, raise.by)) return no(`the comment ${raise.commentId} was written by ${c.login}, not by ${raise.by}`);
  if (e.ourLogin && sameLogin(c.login, e.ourLogin)) return no(`the comment ${raise.commentId} is one of ours`);
  const parsed = parseCommandText(c.body, c.login);
  const values = parsed?.ok && parsed.command.kind === 'approve' ? (parsed.command.budgets ?? []) : [];
  // A bare number raised the kind that was spent, which the record names.
  if (!values.some((v) => (v.kind ?? raise.kind) === raise.kind && v.amount === raise.limit)) return no(`the comment ${raise.commentId} does not say /approve budget=… with this limit (any more)`);
  return { ok: true };
}
