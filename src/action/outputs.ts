// The Action's outputs, set on every path (failures included) so later steps can always read them.
import * as core from '@actions/core';

export interface PlanOutputs {
  'plan-id': string;
  status: string;
  'current-step': string;
  'steps-done': string;
  'steps-total': string;
  'blocked-step': string;
  'state-branch': string;
  'state-revision': string;
  plans: string;
  /** audit: the findings; maintenance: the actions planned or taken (JSON arrays). */
  report: string;
  /** phase prepare: the attempt handed on (JSON), empty when none. */
  attempt: string;
  /** phase prepare: 'true' when the agent job must run it. */
  'run-agent': string;
}

export function emptyOutputs(status = 'MISSING'): PlanOutputs {
  return {
    'plan-id': '',
    status,
    'current-step': '',
    'steps-done': '0',
    'steps-total': '0',
    'blocked-step': '',
    'state-branch': '',
    'state-revision': '',
    plans: '[]',
    report: '[]',
    attempt: '',
    'run-agent': '',
  };
}

/** `scrub` takes known secrets out of the values (the `report` quotes plans' states). */
export function setOutputs(outputs: PlanOutputs, scrub: (text: string) => string): void {
  for (const [name, value] of Object.entries(outputs) as Array<[string, string]>) core.setOutput(name, scrub(value));
}

/**
 * Ends the run red with these outputs: the plans are as reported, but the run failed its purpose
 * (a refused command, a blocked plan, a plan that cannot progress).
 */
export class RunFailure extends Error {
  constructor(
    message: string,
    readonly outputs: PlanOutputs,
  ) {
    super(message);
    this.name = 'RunFailure';
  }
}
