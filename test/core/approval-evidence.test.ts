import { describe, expect, it } from 'vitest';
import { newState } from '../../src/core/plan/new-state.js';
import { marker } from '../../src/core/render/render-markdown.js';
import { judgeApproval, proposalDigest, type ApprovalEvidence, type HeldComment } from '../../src/core/trust/approval-evidence.js';
import type { State } from '../../src/core/state/types.js';

const BOT = 'github-actions[bot]';
const ISSUE = 7;
const plan = { title: 'P', steps: { a: { title: 'A', instruction: 'Do a' } } };
const base = newState(plan, { planId: `issue-${ISSUE}`, now: new Date('2026-01-01T00:00:00Z'), approved: { by: 'writer' } });
const hash = base.planHash!;
const proposalBody = `${marker(`issue-${ISSUE}`, 'proposal', hash)}\n### Proposed plan`;
const proposal: HeldComment = { id: 10, login: BOT, body: proposalBody, createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z', issueNumber: ISSUE };
const approving: HeldComment = { id: 11, login: 'writer', body: '/approve', createdAt: '2026-01-01T00:01:00Z', updatedAt: '2026-01-01T00:01:00Z', issueNumber: ISSUE };

const state: State = {
  ...base,
  approval: { ...base.approval!, commentId: 11 },
  proposal: { at: proposal.createdAt, planHash: hash, postedAt: proposal.createdAt, commentId: 10, parts: [{ commentId: 10, sha256: proposalDigest(proposalBody) }] },
};
const evidence: ApprovalEvidence = { ourLogin: BOT, issueNumber: ISSUE, approving, proposal: [proposal], approverRefusal: null };

describe('judgeApproval: an approval stands only on what GitHub holds now', () => {
  it('accepts a writer /approve on the plan issue after our unedited proposal of this plan', () => {
    expect(judgeApproval(state, evidence)).toEqual({ ok: true });
    // A hash prefix of the plan, and the comment's own second, still count.
    const prefixed = { ...approving, body: `/approve ${hash.slice(7, 19)}`, createdAt: proposal.updatedAt };
    expect(judgeApproval(state, { ...evidence, approving: prefixed })).toEqual({ ok: true });
  });

  const cases: Array<[string, State, Partial<ApprovalEvidence>, RegExp]> = [
    ['no comment or run named (hand-written, CLI)', { ...state, approval: { ...state.approval!, commentId: undefined } as State['approval'] }, {}, /names no comment or workflow run/],
    ['the approver lost write access', state, { approverRefusal: 'writer has read permission' }, /writer may not approve this plan now: writer has read permission/],
    ['the approving comment was deleted', state, { approving: null }, /approving comment 11 no longer exists/],
    ['the approving comment is on another issue', state, { approving: { ...approving, issueNumber: 8 } }, /not on the plan's issue/],
    ["the approving comment is someone else's", state, { approving: { ...approving, login: 'mallory' } }, /written by mallory, not by writer/],
    ['the approving comment no longer says /approve', state, { approving: { ...approving, body: 'thanks!' } }, /does not say \/approve/],
    ['the approving comment names another plan', state, { approving: { ...approving, body: '/approve 0123456789ab' } }, /approves plan (sha256:)?0123456789ab, not sha256:/],
    ['our login unknown', state, { ourLogin: undefined }, /did not say who the Action posts as/],
    ['no proposal recorded', { ...state, proposal: null }, { proposal: [] }, /no proposal of this plan is recorded/],
    ['the proposal was deleted', state, { proposal: [null] }, /proposal comment 10 no longer exists/],
    ['the proposal is a copy by a triage collaborator', state, { proposal: [{ ...proposal, login: 'triager' }] }, /written by triager, not by the Action/],
    ['the proposal shows another plan', state, { proposal: [{ ...proposal, body: proposalBody.replace(hash, 'sha256:' + '0'.repeat(64)) }] }, /does not show plan/],
    ['the proposal was edited (same marker, other text)', state, { proposal: [{ ...proposal, body: `${proposalBody}\n(nothing to see)` }] }, /edited after the Action posted it/],
    ['the proposal changed after the approval', state, { proposal: [{ ...proposal, updatedAt: '2026-01-01T00:02:00Z' }] }, /changed .* after the approval was written/],
  ];
  it.each(cases)('refuses: %s', (_name, s, e, reason) => {
    const verdict = judgeApproval(s, { ...evidence, ...e });
    expect(verdict.ok).toBe(false);
    expect(verdict.ok ? '' : verdict.reason).toMatch(reason);
  });

  it('an approval by dispatching `start` stands on a workflow_dispatch run by the approver', () => {
    const dispatched: State = { ...state, approval: { ...state.approval!, commentId: undefined, runId: 99 } as State['approval'] };
    const run = { id: 99, event: 'workflow_dispatch', actor: 'writer' };
    expect(judgeApproval(dispatched, { ourLogin: BOT, issueNumber: null, run, approverRefusal: null })).toEqual({ ok: true });
    const refused = (r: ApprovalEvidence['run']) => judgeApproval(dispatched, { ourLogin: BOT, issueNumber: null, run: r, approverRefusal: null });
    expect(refused(null)).toMatchObject({ ok: false, reason: expect.stringMatching(/does not exist/) });
    expect(refused({ ...run, event: 'schedule' })).toMatchObject({ ok: false, reason: expect.stringMatching(/started by schedule/) });
    expect(refused({ ...run, actor: 'mallory' })).toMatchObject({ ok: false, reason: expect.stringMatching(/dispatched by mallory, not by writer/) });
  });
});
