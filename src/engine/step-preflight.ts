// What a step needs from its runner besides the agent, checked before anything is recorded, so a
// missing requirement costs no attempt and is named: `db_query` rules need SQLite in this Node,
// content rules the bundle's rule-check worker, and the plan's and the step's own preflight
// checks (tools on PATH, environment variables set, commands that succeed; core/plan/preflight.ts)
// must pass.
import { PREFLIGHT_COMMAND_SECONDS, preflightOf } from '../core/plan/preflight.js';
import { commandLine } from '../core/guard/tool-policy.js';
import type { State, StepDef } from '../core/state/types.js';
import type { Engine } from './types.js';

/** How much of a failed preflight command's output its problem quotes. */
const OUTPUT_QUOTE = 300;

/** Problems that would make every attempt of the step fail, each naming what is missing. */
export async function stepRequirements(engine: Engine, state: State, def: StepDef, stepId: string): Promise<string[]> {
  const { deps } = engine;
  // In the isolated layout's prepare job (handOff) nothing the plan names runs: its checks are of
  // the agent's job, where they run before the agent (src/action/agent-phase.ts).
  const problems: string[] = engine.cfg.handOff ? [] : [...(await configuredChecks(engine, state, def, stepId))];
  const rules = def.validate ?? [];
  const dbRule = rules.findIndex((rule) => 'db_query' in rule);
  if (dbRule >= 0) {
    const problem = deps.verifier.databaseProblem?.() ?? null;
    if (problem) problems.push(`plan.steps.${stepId}.validate[${dbRule}].db_query: ${problem}`);
  }
  // A bundle without its rule-check worker cannot check these (adapters/fs/rule-check-site.ts).
  const contentRule = rules.findIndex((rule) => 'file_contains' in rule || 'json_schema' in rule);
  if (contentRule >= 0) {
    const problem = deps.verifier.contentRuleProblem?.() ?? null;
    const rule = rules[contentRule]!;
    if (problem) problems.push(`plan.steps.${stepId}.validate[${contentRule}].${'json_schema' in rule ? 'json_schema' : 'file_contains'}: ${problem}`);
  }
  return problems;
}

/** The plan's and the step's preflight checks, every one of them, so one fix can address all. */
async function configuredChecks({ deps, cfg }: Engine, state: State, def: StepDef, stepId: string): Promise<string[]> {
  const checks = preflightOf(state.plan, stepId);
  const problems: string[] = [];
  for (const tool of checks.tools) {
    if (!(await deps.agent.resolve(tool))) problems.push(`preflight: the tool "${tool}" is not on PATH`);
  }
  const given = { ...cfg.agentEnv, ...def.env };
  for (const name of checks.env) {
    const set = (given[name] ?? '') !== '' || deps.agent.hasEnv?.(name) === true;
    if (!set) problems.push(`preflight: the environment variable ${name} is not set`);
  }
  const env = { ...cfg.agentEnv, ...def.env, SEQUENCER_PLAN_ID: state.planId ?? 'plan', SEQUENCER_STEP_ID: stepId, SEQUENCER_WORKSPACE: deps.workspace.root };
  for (const argv of checks.commands) {
    const r = await deps.verifier.runCheck(argv, { timeoutMs: PREFLIGHT_COMMAND_SECONDS * 1000, env });
    if (r.exitCode === 0 && !r.timedOut && !r.spawnError) continue;
    const how = r.spawnError
      ? `could not start (${r.spawnError})`
      : r.timedOut
        ? `took longer than ${PREFLIGHT_COMMAND_SECONDS} s`
        : r.exitCode === null
          ? 'was killed by a signal'
          : `exited with code ${r.exitCode}`;
    const said = (r.stderr.trim() || r.stdout.trim()).slice(-OUTPUT_QUOTE);
    problems.push(`preflight: the command ${commandLine(argv)} ${how}${said ? `: ${said}` : ''}`);
  }
  return problems;
}
