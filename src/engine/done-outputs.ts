// Steps recorded DONE whose required outputs are gone from the workspace (a later step, or a
// person, deleted them): the tick runs them again instead of building on what is not there.
import type { State } from '../core/state/types.js';
import { allowedMissing } from '../core/tick/output-tolerance.js';
import type { Log, Workspace } from '../ports.js';

/** Required outputs of the DONE steps among the first `upTo` of the queue that are gone now. */
export async function missingDoneOutputs(state: State, upTo: number, { workspace, log }: { workspace: Workspace; log: Log }): Promise<Map<string, string[]>> {
  const wanted: Array<[string, string[]]> = [];
  for (const id of state.stepQueue.slice(0, upTo)) {
    const outputs = state.plan.steps[id]?.requiredOutputs;
    if (outputs?.length && state.stepRuns[id]?.status === 'DONE') wanted.push([id, outputs]);
  }
  if (!wanted.length) return new Map();
  const missing = new Set(await workspace.missingOutputs(wanted.flatMap(([, o]) => o)));
  if (!missing.size) return new Map();
  // A step done within its outputTolerance stays done while no more are missing than it allows.
  const tolerated = (id: string, m: string[]) => m.length <= allowedMissing(state.plan.steps[id]?.outputTolerance, state.plan.steps[id]?.requiredOutputs?.length ?? 0);
  const byStep = new Map(wanted.map(([id, o]) => [id, o.filter((p) => missing.has(p))] as const).filter(([id, m]) => m.length && !tolerated(id, m)));
  for (const [id, m] of byStep) log.warn(`${id} was done but its outputs are missing (${m.join(', ')}); running it again.`);
  return byStep;
}
