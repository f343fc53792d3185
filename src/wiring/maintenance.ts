// Carrying out `maintenance` (core/fleet/maintenance-plan.ts decides what): one loop and one
// outcome type for the Action and the CLI. How a plan is ticked, pruned or marked depends on
// the store and the surface, and comes in as `MaintenanceWork`.
import { prunePlanRef, type PlanRef } from '../adapters/git/git-plans.js';
import type { GitRunner } from '../adapters/git/git.js';
import { describeError } from '../core/errors.js';
import type { MaintenanceAction } from '../core/fleet/maintenance-plan.js';

export type MaintenanceOutcome = MaintenanceAction & { result: 'planned' | 'done' | 'skipped' | 'failed'; detail?: string };

type Of<K extends MaintenanceAction['kind']> = Extract<MaintenanceAction, { kind: K }>;

export interface MaintenanceWork {
  /** A tick of the plan that cannot start an agent (a spent budget); it ends a stuck cancellation. */
  finalizeCancel(planId: string): Promise<{ outcome: string; status: string | undefined }>;
  /** Removes (or archives) the plan's record: null when done, else why the plan was left alone. */
  prune(action: Of<'prune'>): Promise<string | null>;
  /** Records the plan as idle; false when its marker moved since it was listed. */
  markIdle(action: Of<'mark-idle'>): Promise<boolean>;
}

/**
 * Every action in order: only reported as planned in a dry run, otherwise carried out. A failed
 * action is an outcome, never the end of the others. `report` hears each outcome as it comes.
 */
export async function maintain(actions: MaintenanceAction[], apply: boolean, work: MaintenanceWork, report: (outcome: MaintenanceOutcome) => void): Promise<MaintenanceOutcome[]> {
  const outcomes: MaintenanceOutcome[] = [];
  for (const action of actions) {
    const outcome: MaintenanceOutcome = apply ? await carryOut(action, work) : { ...action, result: 'planned' };
    report(outcome);
    outcomes.push(outcome);
  }
  return outcomes;
}

export async function carryOut(a: MaintenanceAction, work: MaintenanceWork): Promise<MaintenanceOutcome> {
  const skipped = (detail: string): MaintenanceOutcome => ({ ...a, result: 'skipped', detail });
  try {
    switch (a.kind) {
      case 'finalize-cancel': {
        const r = await work.finalizeCancel(a.planId);
        return r.status === 'CANCELLED' ? { ...a, result: 'done' } : skipped(`the tick ended ${r.outcome} with the plan ${r.status ?? 'missing'}`);
      }
      case 'prune': {
        const leftAlone = await work.prune(a);
        return leftAlone === null ? { ...a, result: 'done' } : skipped(leftAlone);
      }
      case 'keep':
        return { ...a, result: 'done' };
      case 'mark-idle':
        return (await work.markIdle(a)) ? { ...a, result: 'done' } : skipped('its marker moved since it was listed');
    }
  } catch (err) {
    return { ...a, result: 'failed', detail: describeError(err) };
  }
}

/** Prunes a plan's work branch (git store) as listed: null when done, else why it was left. */
export async function pruneGitPlan(git: GitRunner, remote: string, refs: PlanRef[], a: Of<'prune'>): Promise<string | null> {
  const ref = refs.find((r) => r.planId === a.planId);
  if (!ref) return 'its branch is gone';
  return (await prunePlanRef(git, remote, ref, a.mode)) === 'pruned' ? null : 'it was written to since it was listed';
}
