// Steps that run again, by /restart (restart.ts) or by a group retry or a route back (flow.ts):
// each keeps its attempts (attempt numbers go on) and starts with a fresh budget and no result,
// and the outputs they must make count as not made until they are made again.
import type { State, StepRun } from '../state/types.js';

/**
 * The step runs and artifacts with each of `ids` set to run again. `keepPayloadOf` keeps that
 * step's payload: the step a route went back from, whose payload the prompts that name it read.
 */
export function runAgain(state: State, ids: Iterable<string>, keepPayloadOf?: string): Pick<State, 'stepRuns' | 'artifacts'> {
  const stepRuns = { ...state.stepRuns };
  const outputs = new Set<string>();
  for (const id of ids) {
    for (const o of state.plan.steps[id]?.requiredOutputs ?? []) outputs.add(o);
    const run = stepRuns[id];
    if (!run) continue;
    const { payload, remediation: _remediation, gatePassed: _gate, ...rest } = run;
    const fresh: StepRun = { ...rest, status: 'PENDING', tries: 0, error: null, firstStartedAt: null, ...(id === keepPayloadOf && payload !== undefined ? { payload } : {}) };
    Object.defineProperty(stepRuns, id, { value: fresh, enumerable: true, writable: true, configurable: true });
  }
  return { stepRuns, artifacts: (state.artifacts ?? []).filter((o) => !outputs.has(o)) };
}
