// What in a plan chooses what runs, beyond the instruction handed to the workflow's agent: a step's
// own agent command, its environment, check commands among its validation rules, and preflight
// commands (of a step, or of the whole plan: `stepId` is then null). A plan from someone without
// write access, or from a bot, may not carry these (docs/security.md), unless the workflow says so
// (`allow-untrusted-plan-commands`).
import type { Plan } from '../state/types.js';
import { hasPreflightCommands } from './preflight.js';

export type ExecutionField = 'agent' | 'run' | 'env' | 'command' | 'command_output_contains' | 'preflight';

export interface StepExecution {
  /** Null for the plan's own fields (its `preflight`). */
  stepId: string | null;
  fields: ExecutionField[];
}

const RULE_FIELDS: readonly ExecutionField[] = ['command', 'command_output_contains'];

/** Every step (queued, remediation or unreachable alike) that sets an execution field, in plan order. */
export function executionFields(plan: Plan): StepExecution[] {
  const out: StepExecution[] = hasPreflightCommands(plan.preflight) ? [{ stepId: null, fields: ['preflight'] }] : [];
  for (const [stepId, step] of Object.entries(plan.steps)) {
    const fields: ExecutionField[] = [];
    if (step.agent !== undefined) fields.push('agent');
    if (step.run !== undefined) fields.push('run');
    if (step.env !== undefined) fields.push('env');
    const rules = Array.isArray(step.validate) ? step.validate : [];
    for (const field of RULE_FIELDS) {
      if (rules.some((rule) => typeof rule === 'object' && rule !== null && Object.hasOwn(rule, field))) fields.push(field);
    }
    if (hasPreflightCommands(step.preflight)) fields.push('preflight');
    if (fields.length) out.push({ stepId, fields });
  }
  return out;
}

/** `` `build` sets agent, env; `test` sets command `` for a message. */
export function describeExecution(found: StepExecution[]): string {
  return found.map((s) => `${s.stepId === null ? 'the plan' : `\`${s.stepId}\``} sets ${s.fields.map((f) => `\`${f}\``).join(', ')}`).join('; ');
}
