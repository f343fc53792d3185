// Only an approved plan runs: checked when the state is loaded, again with what each batch of
// commands did, and before every attempt, so a plan edited on the work branch after its
// approval (by hand, or by a push) pauses instead of running what nobody approved.
import { applyApprovalCheck, checkApproval, planChangedLines, revokeApproval, statePlanHash, unconfirmedApprovalReply } from '../core/tick/approval-check.js';
import type { CommandOutcome } from '../core/tick/apply-command.js';
import type { BudgetRaise, Plan, State } from '../core/state/types.js';
import type { ApprovalVerifier, Log } from '../ports.js';
import type { Ledger } from './commit.js';

export interface ApprovalPolicy {
  /** The loaded state is what this build wrote and no approval is required: its plan needs no hashing. */
  trusted: boolean;
  /** The state must hold an approval of exactly its plan (the Action). */
  requireApproval: boolean;
  /** Where the approval is a fact (GitHub): it is read back there before it counts. */
  verifier?: ApprovalVerifier;
}

export class ApprovalGate {
  /** The hash of the plan last checked; transitions keep the plan object, so it is hashed once per tick. */
  private hashed: { plan: Plan; queue: string[]; hash: string } | undefined;

  constructor(
    private readonly log: Log,
    private readonly policy: ApprovalPolicy,
  ) {}

  /** Checks the state as it is and records the outcome when the check changed it. */
  async check(ledger: Ledger): Promise<void> {
    const checked = this.transition(ledger.state);
    if (checked) await ledger.commit(checked, { kind: 'update', message: `approval check: plan ${checked.state.planHash ?? ''} ${checked.state.status}` });
  }

  /** What the check does to `state` (pause, re-hash, block), or null when it may run as it is. */
  transition(state: State): ReturnType<typeof applyApprovalCheck> | null {
    const check = checkApproval(state, { hashNow: () => this.planHashOf(state), trusted: this.policy.trusted, requireApproval: this.policy.requireApproval });
    switch (check.kind) {
      case 'ok':
        return null;
      case 'pause':
        for (const line of planChangedLines(check)) this.log.warn(line);
        break;
      case 'rehash':
        this.log.warn(`The plan changed while awaiting approval (${check.before} → ${check.planHash}); an approval must be of the plan as it is now.`);
        break;
      case 'block':
        this.log.error(`${check.stepId} blocked: ${check.reason}`);
        break;
    }
    return applyApprovalCheck(state, check);
  }

  /** A command that gives the plan a new approval, or raises a budget, counts only if it is confirmed where it lives. */
  async confirm(before: State, outcome: CommandOutcome): Promise<CommandOutcome> {
    const verifier = this.policy.verifier;
    const raised = (outcome.state.budgetRaises ?? []).slice((before.budgetRaises ?? []).length);
    if (verifier?.verifyRaise && outcome.changed && raised.length) {
      for (const raise of raised) {
        const verdict = await verifier.verifyRaise(outcome.state, raise);
        if (!verdict.ok) return { state: before, changed: false, reply: `This budget raise could not be confirmed on GitHub, so it does not count: ${verdict.reason}.`, notices: [], refused: true };
      }
    }
    const approval = outcome.state.approval;
    if (!verifier || !outcome.changed || !approval || approval === before.approval) return outcome;
    const verdict = await verifier.verify(outcome.state);
    if (verdict.ok) return outcome;
    return { state: before, changed: false, reply: unconfirmedApprovalReply(verdict.reason), notices: [], refused: true };
  }

  /**
   * Before an attempt: the approval still stands (asked once per run while it does not change);
   * else the plan blocks. A budget raise that does not stand is dropped, so the budget it raised
   * holds again: false then too, and the tick decides anew.
   */
  async stands(ledger: Ledger, stepId: string): Promise<boolean> {
    const verifier = this.policy.verifier;
    if (!verifier || !ledger.state.approval) return true;
    const verdict = await verifier.verify(ledger.state);
    if (!verdict.ok) {
      this.log.error(`${stepId} blocked: the approval could not be confirmed on GitHub: ${verdict.reason}`);
      await ledger.commit(revokeApproval(ledger.state, stepId, verdict.reason), { kind: 'update', message: `${stepId} blocked: approval not confirmed` });
      return false;
    }
    return this.raisesStand(ledger);
  }

  private async raisesStand(ledger: Ledger): Promise<boolean> {
    const verifier = this.policy.verifier;
    const raises = ledger.state.budgetRaises ?? [];
    if (!verifier?.verifyRaise || !raises.length) return true;
    const kept: BudgetRaise[] = [];
    for (const raise of raises) {
      const verdict = await verifier.verifyRaise(ledger.state, raise);
      if (verdict.ok) kept.push(raise);
      else this.log.error(`A budget raise does not count: ${verdict.reason}.`);
    }
    if (kept.length === raises.length) return true;
    await ledger.commit({ state: { ...ledger.state, budgetRaises: kept }, notices: [] }, { kind: 'update', message: 'budget raises not confirmed: dropped' });
    return false;
  }

  private planHashOf(state: State): string {
    const h = this.hashed;
    if (h && h.plan === state.plan && h.queue === state.stepQueue) return h.hash;
    const hash = statePlanHash(state);
    this.hashed = { plan: state.plan, queue: state.stepQueue, hash };
    return hash;
  }
}
