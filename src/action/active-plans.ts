// The heartbeat's look at the fleet, the one thing every scheduled run does: ONE `git ls-remote`
// lists every plan with its index markers, and only plans that are neither idle nor waiting at
// their branch tip are active (see core/fleet/plan-index.ts). An idle run ends here, so this
// module and what it imports are all such a run loads.
import { listPlanRefs } from '../adapters/git/git-plans.js';
import type { ToolkitLog } from '../adapters/toolkit/toolkit-log.js';
import { isActiveRef, type PlanRef } from '../core/fleet/plan-index.js';
import { countOf } from '../core/render/plural.js';
import { fleetPrefix } from '../wiring/plan-layout.js';
import type { RunContext } from './context.js';
import type { ActionInputs } from './inputs.js';

export async function activePlans(ctx: RunContext, inputs: ActionInputs, log: ToolkitLog): Promise<PlanRef[]> {
  const refs = await listPlanRefs(ctx.git, 'origin', fleetPrefix(inputs.branches, 'tick'));
  const now = new Date();
  const active = refs.filter((r) => isActiveRef(r, now));
  log.info(`${countOf(refs.length, 'plan')} on origin, ${active.length} active${active.length ? `: ${active.map((r) => r.planId).join(', ')}` : ''}.`);
  if (!active.length) log.info('No plans to tick.');
  return active;
}
