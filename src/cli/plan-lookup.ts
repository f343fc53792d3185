// What choosing a plan needs beyond the workspace's own files: the plan ids on the remote
// (--store git) and the settings of the plan chosen. One module loaded only when a command names
// no plan, so a command that names its plan loads neither git's plan index nor the plan settings.
import { listPlanRefs } from '../adapters/git/git-plans.js';
import { workspaceGit } from '../wiring/workspace-git.js';
import type { CliSettings } from './options.js';
import { fleetBranches } from './plan-settings.js';

export { forPlan } from './plan-settings.js';

/** Plan ids on the remote, sorted. */
export async function remotePlanIds(s: CliSettings): Promise<string[]> {
  return (await listPlanRefs(workspaceGit(s.workspace), s.remote, fleetBranches(s).prefix)).map((r) => r.planId).sort();
}
