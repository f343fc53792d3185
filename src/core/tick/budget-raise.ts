// `/approve budget=…`: a writer raises the budget that blocked the plan. The raise changes no
// step and no approved field, so the plan hash and its approval stay as they are: it is recorded
// beside them (`budgetRaises`, with the approving comment's id), and the Action reads that comment
// back before the raise counts, as it does for an approval (docs/security.md).
import type { CommandOutcome } from './apply-command.js';
import { budgetAmount, budgetFlag, budgetName } from './budget.js';
import { planTotals, stepTotals } from '../render/usage-report.js';
import { MAX_RAISE, type BudgetValue, type Command } from './commands.js';
import { currentStepId } from '../state/step-view.js';
import type { BudgetKind, BudgetRaise, State } from '../state/types.js';

const refuse = (state: State, reply: string): CommandOutcome => ({ state, changed: false, reply, notices: [], refused: true });

/** What `kind` has spent in the blocked budget's scope, now. */
function spentNow(state: State, scope: 'plan' | 'step', stepId: string, kind: BudgetKind): number {
  const spent = scope === 'plan' ? planTotals(state) : stepTotals(state, stepId);
  return kind === 'costUsd' ? spent.costUsd : spent.tokens;
}

export function raiseBudget(state: State, cmd: Extract<Command, { kind: 'approve' }>, now: Date): CommandOutcome {
  const blocked = state.budgetBlock;
  if (state.status !== 'BLOCKED' || !blocked) return refuse(state, `Nothing to raise: the plan is ${state.status}, not blocked by a spent budget.`);
  const values: BudgetValue[] = cmd.budgets ?? [];
  const spentName = budgetName(blocked);
  if (!values.some((v) => (v.kind ?? blocked.kind) === blocked.kind)) {
    return refuse(
      state,
      `The plan is blocked because ${spentName} is spent (${budgetAmount(blocked.kind, blocked.spent)} of ${budgetAmount(blocked.kind, blocked.limit)}); raise that one: ${
        // A comment is answered in the issue's words, the CLI in its own.
        cmd.commentId !== undefined ? `/approve budget=${blocked.kind === 'costUsd' ? '$<dollars>' : '<tokens>'}` : `approve ${budgetFlag(blocked.kind)} N`
      }.`,
    );
  }
  const raises: BudgetRaise[] = [];
  for (const v of values) {
    const kind = v.kind ?? blocked.kind;
    const name = budgetName({ ...blocked, kind });
    if (kind === 'tokens' && !Number.isInteger(v.amount)) return refuse(state, `${name} counts whole tokens, got ${v.amount}.`);
    if (v.amount > MAX_RAISE[kind]) return refuse(state, `${name} can be raised to at most ${budgetAmount(kind, MAX_RAISE[kind])}, got ${budgetAmount(kind, v.amount)}.`);
    const spent = spentNow(state, blocked.scope, blocked.stepId, kind);
    // A limit at or below what was spent would block again before anything ran.
    if (v.amount <= spent) return refuse(state, `${name} must be raised above what was spent (${budgetAmount(kind, spent)}), got ${budgetAmount(kind, v.amount)}.`);
    raises.push({
      scope: blocked.scope,
      ...(blocked.scope === 'step' ? { stepId: blocked.stepId } : {}),
      kind,
      limit: v.amount,
      by: cmd.by,
      at: now.toISOString(),
      ...(cmd.commentId !== undefined ? { commentId: cmd.commentId } : {}),
    });
  }
  const queued = currentStepId(state);
  const { budgetBlock: _spent, ...rest } = state;
  const next: State = {
    ...rest,
    status: 'IN_PROGRESS',
    blockers: (state.blockers ?? []).filter((b) => queued === undefined || !b.startsWith(`${queued}: `)),
    budgetRaises: [...(state.budgetRaises ?? []), ...raises],
  };
  const said = raises.map(
    (r) => `${budgetName({ ...blocked, kind: r.kind })} is now ${budgetAmount(r.kind, r.limit)} (${budgetAmount(r.kind, spentNow(state, blocked.scope, blocked.stepId, r.kind))} spent)`,
  );
  return { state: next, changed: true, reply: `Budget raised by @${cmd.by}: ${said.join('; ')}. Continuing.`, notices: [] };
}
