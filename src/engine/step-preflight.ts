// What a step needs from its runner besides the agent, checked before anything is recorded, so a
// missing requirement costs no attempt and is named: `db_query` rules need SQLite in this Node.
import type { StepDef } from '../core/state/types.js';
import type { Engine } from './types.js';

/** Problems that would make every attempt of the step fail, each naming what is missing. */
export async function stepRequirements({ deps }: Engine, def: StepDef, stepId: string): Promise<string[]> {
  const problems: string[] = [];
  const rules = def.validate ?? [];
  const dbRule = rules.findIndex((rule) => 'db_query' in rule);
  if (dbRule >= 0) {
    const problem = deps.verifier.databaseProblem?.() ?? null;
    if (problem) problems.push(`plan.steps.${stepId}.validate[${dbRule}].db_query: ${problem}`);
  }
  return problems;
}
