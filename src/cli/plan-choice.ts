// Which plan a command means. `run --plan slow.yaml` names its plan `slow`; a later `status`
// without --plan-id must find that one, not look for a plan called "plan" and report nothing.
// Without --plan-id the only plan of the workspace (or of the remote, --store git) is the one;
// with several the person is asked to choose; an id that does not exist is an error naming the
// ones that do.
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { ConfigError, nearestName } from '../core/errors.js';
import { listSome } from '../core/plan/field-checks.js';
import { STATE_DIR, stateFileIn } from '../wiring/plan-layout.js';
import type { CliSettings } from './options.js';

export type PlanChoice =
  | { kind: 'use'; planId: string }
  /** No plan at all where the command looked. */
  | { kind: 'none' }
  | { kind: 'several'; planIds: string[] }
  | { kind: 'unknown'; planId: string; planIds: string[]; near?: string };

/** Pure: `asked` is the id the person gave, if any; `existing` the plans there are. */
export function choosePlan(asked: string | undefined, existing: readonly string[]): PlanChoice {
  if (asked !== undefined) {
    if (existing.includes(asked)) return { kind: 'use', planId: asked };
    const near = nearestName(asked, existing);
    return { kind: 'unknown', planId: asked, planIds: [...existing], ...(near ? { near } : {}) };
  }
  if (existing.length === 0) return { kind: 'none' };
  if (existing.length === 1) return { kind: 'use', planId: existing[0] as string };
  return { kind: 'several', planIds: [...existing] };
}

/** The message for a choice that names no plan; `where` says where we looked. */
export function choiceError(choice: Exclude<PlanChoice, { kind: 'use' }>, where: string, command: string): ConfigError {
  const start = 'start one with `agent-step-sequencer run --plan FILE` (or `init --plan FILE`)';
  switch (choice.kind) {
    case 'none':
      return new ConfigError(`No plan in ${where}.`, `To ${command} a plan, ${start}; or give --workspace DIR (or --store git) where it lives.`);
    case 'several':
      return new ConfigError(
        `${choice.planIds.length} plans in ${where}: ${listSome(choice.planIds)}. Which one?`,
        `Give --plan-id ID, e.g. \`agent-step-sequencer ${command} --plan-id ${choice.planIds[0]}\`.`,
      );
    case 'unknown': {
      const others = choice.planIds.length ? `; the plans there: ${listSome(choice.planIds)}` : `; there is no plan there yet (${start})`;
      return new ConfigError(`No plan "${choice.planId}" in ${where}${choice.near ? `; did you mean ${choice.near}?` : ''}${others}.`);
    }
  }
}

/** The commands that work on one plan and so need to know which. */
const ONE_PLAN = new Set(['status', 'usage', 'restart', 'check', 'approve', 'cancel', 'retry', 'skip', 'resume', 'run']);

/** Plan ids of the workspace (file store) or the remote (--store git); null where plans cannot be listed (cache). */
export async function existingPlans(s: CliSettings): Promise<string[] | null> {
  if (s.store === 'cache') return null;
  if (s.store === 'git') {
    return (await import('./plan-lookup.js')).remotePlanIds(s);
  }
  const entries = await readdir(path.join(s.workspace, STATE_DIR), { withFileTypes: true }).catch(() => []);
  const ids: string[] = [];
  for (const e of entries) {
    if (
      e.isDirectory() &&
      (await stat(stateFileIn(s.workspace, e.name)).then(
        (st) => st.isFile(),
        () => false,
      ))
    )
      ids.push(e.name);
  }
  return ids.sort();
}

function whereOf(s: CliSettings): string {
  return s.store === 'git' ? `remote ${s.remote} of ${s.workspace}` : path.join(s.workspace, STATE_DIR);
}

/**
 * The settings with the plan the command means. `check` without an id in a workspace without
 * plans is the original sequencer's "nothing to do" and passes through; everything else that
 * names no plan is a configuration error (exit 2).
 */
export async function resolvePlan(s: CliSettings): Promise<CliSettings> {
  // --plan creates its plan (run, init) when it does not exist yet.
  if (!ONE_PLAN.has(s.command) || s.planFile || s.planFrom === 'state' || s.all) return s;
  if (s.command === 'check' && s.positionals.length) return s;
  // One listing of the remote per command that names no plan; a named plan on the remote is looked up when it is missing.
  if (s.store === 'git' && s.planFrom === 'plan-id') return s;
  const existing = await existingPlans(s);
  if (existing === null) return s;
  const choice = choosePlan(s.planFrom === 'plan-id' ? s.planId : undefined, existing);
  if (choice.kind === 'use') return choice.planId === s.planId ? s : (await import('./plan-lookup.js')).forPlan(s, choice.planId);
  if (choice.kind === 'none' && s.command === 'check') return s;
  throw choiceError(choice, whereOf(s), s.command);
}

/** For a plan the store did not find: the error naming the plans that exist. */
export async function missingPlanError(s: CliSettings): Promise<ConfigError> {
  const existing = (await existingPlans(s)) ?? [];
  const choice = choosePlan(s.planId, existing);
  return choiceError(choice.kind === 'use' ? { kind: 'unknown', planId: s.planId, planIds: existing } : choice, whereOf(s), s.command);
}
