// Which steps of an example workflow run for a given event: their `if:` expressions evaluated as
// the runner does (@actions/expressions, the language of GitHub's workflow parser). Used by the
// workflow tests and by the benchmark's idle-heartbeat figure.
import { Evaluator, Lexer, Parser, data } from '@actions/expressions';
import { parse as parseYaml } from 'yaml';

export interface WorkflowStep {
  id?: string;
  if?: string;
  uses?: string;
  run?: string;
  with?: Record<string, unknown>;
}

/** Evaluates a workflow `if:` expression against the given contexts, with GitHub's truthiness. */
export function evaluateIf(expression: string, contexts: Record<string, unknown>): boolean {
  // `x && true || false` turns any result into the boolean GitHub decides the `if:` by.
  const lexed = new Lexer(`(${expression}) && true || false`).lex();
  const parsed = new Parser(lexed.tokens, Object.keys(contexts), []).parse();
  const context = JSON.parse(JSON.stringify(contexts), data.reviver) as data.Dictionary;
  return new Evaluator(parsed, context).evaluate().coerceString() === 'true';
}

export function jobSteps(workflow: string, job: string): WorkflowStep[] {
  const doc = parseYaml(workflow) as { jobs: Record<string, { steps: WorkflowStep[] }> };
  return doc.jobs[job]?.steps ?? [];
}

/**
 * The steps that run, given the event, the `list` step's `plans` output (undefined: the step did
 * not run) and the dispatch `command` input.
 */
export function runningSteps(steps: WorkflowStep[], event: string, plans: string | undefined, command = ''): WorkflowStep[] {
  const list = plans === undefined ? {} : { list: { outputs: { plans } } };
  return steps.filter((s) => !s.if || evaluateIf(s.if, { github: { event_name: event }, steps: list, inputs: { command } }));
}
