// Where a plan lives: its folder and state file in the workspace, the working files beside the
// state (attempt logs, the command inbox, the lock: never part of the record), its work branch
// and its pull request branch. The Action, the CLI and the fleet commands all ask here, so they
// cannot disagree about a path or a branch. Pure.
import path from 'node:path';
import { ConfigError } from '../core/errors.js';
import { PLAN_BRANCH_PREFIX } from '../core/fleet/plan-index.js';
import { isBranchName, type Field } from './checks.js';

/** The folder of every plan's folder, at the top of the workspace. */
export const STATE_DIR = '.sequencer';
const STATE_FILE = 'state.json';

/** `.sequencer/<planId>`, relative to the workspace (always with `/`). */
export function planFolder(planId: string): string {
  return `${STATE_DIR}/${planId}`;
}

/** `.sequencer/<planId>/state.json`, relative to the workspace (always with `/`). */
export function stateFileRel(planId: string): string {
  return `${planFolder(planId)}/${STATE_FILE}`;
}

/** The plan's state file in a workspace on disk. */
export function stateFileIn(workspace: string, planId: string): string {
  return path.join(workspace, STATE_DIR, planId, STATE_FILE);
}

/** Where `plan --request` writes the plan it drafted, unless told otherwise. */
export function draftedPlanFileIn(workspace: string, planId: string): string {
  return path.join(workspace, STATE_DIR, planId, 'plan.json');
}

/** A workspace-relative path written with the platform's separator, as git and the stores want it. */
export function posixPath(relative: string): string {
  return relative.split(path.sep).join('/');
}

export interface WorkingFiles {
  /** Per-attempt logs and payload files: `<logDir>/<stepId>/attempt-<n>.log`. */
  logDir: string;
  /** Command files the CLI posts for the plan's next tick. */
  inboxDir: string;
  /** The file store's lock. */
  lockFile: string;
}

/** The working files beside a state file: local to one machine, never part of the record. */
export function workingFiles(stateFile: string): WorkingFiles {
  return { logDir: `${stateFile}.logs`, inboxDir: `${stateFile}.inbox`, lockFile: `${stateFile}.lock` };
}

/** gitignore lines (anchored at the workspace) that keep the working files out of every commit. */
export function workingFileExcludes(stateRel: string): string[] {
  const files = workingFiles(`/${stateRel}`);
  return [`${files.logDir}/`, `${files.inboxDir}/`, files.lockFile];
}

/**
 * What a merge of the base branch never changes: the state's folder (a state file at the top of
 * the workspace: that file alone).
 */
export function stateFolderOf(stateRel: string): string {
  const folder = path.posix.dirname(stateRel);
  return folder === '.' ? path.posix.normalize(stateRel) : folder;
}

/** A plan started from a file is named after it: `plans/nightly.yml` is `nightly`. */
export function planIdOfFile(file: string): string {
  return path.basename(file).replace(/\.(json|ya?ml)$/i, '');
}

/** Issue #42's plan is `issue-42`. */
export function issuePlanId(issueNumber: number): string {
  return `issue-${issueNumber}`;
}

/** The issue a plan belongs to, or null for a plan named otherwise (a dispatched plan file). */
export function issueNumberOf(planId: string): number | null {
  const m = /^issue-(\d+)$/.exec(planId);
  return m ? Number(m[1]) : null;
}

const PULL_REQUEST_BRANCH_PREFIX = 'sequencer-pr/';

/**
 * The branch a plan's pull request is opened from (git store). It lives outside the work
 * branches' prefix, so heartbeats, `list` and maintenance never take it for a plan.
 */
export function pullRequestBranch(planId: string): string {
  return `${PULL_REQUEST_BRANCH_PREFIX}${planId}`;
}

export const PLAN_ID_PLACEHOLDER = '<plan-id>';

/** How plans' work branches are named. */
export type WorkBranches =
  /** `<prefix><planId>`: a branch per plan; heartbeats and fleet commands list the prefix. */
  | { kind: 'per-plan'; prefix: string }
  /** One branch, for the one plan of a workflow or a CLI call; `setting` names where it was set. */
  | { kind: 'fixed'; branch: string; planId: string; setting: string };

export const DEFAULT_WORK_BRANCHES: WorkBranches = { kind: 'per-plan', prefix: PLAN_BRANCH_PREFIX };

/** Who a work branch setting serves: one plan (`setting` names where it was set), or plans of any id. */
export type BranchScope = { onePlan: string; setting: string } | { manyPlans: string };

/**
 * Reads a work branch setting: a name ending in `<plan-id>` (a branch per plan), or a fixed name
 * for a caller of one plan. Where plans of any id may come, a fixed name would make them share
 * one branch: it is refused, with `manyPlans` saying how to use one anyway.
 */
export function parseWorkBranches(value: string, field: Field, scope: BranchScope): WorkBranches {
  const at = value.indexOf(PLAN_ID_PLACEHOLDER);
  if (at < 0) {
    if (!isBranchName(value)) throw field.invalid(value, `a branch name such as agents/${PLAN_ID_PLACEHOLDER}`);
    if ('manyPlans' in scope)
      throw field.invalid(value, `a branch name that ends in ${PLAN_ID_PLACEHOLDER}, e.g. ${value}/${PLAN_ID_PLACEHOLDER}, so that each plan gets a branch of its own (${scope.manyPlans})`);
    return { kind: 'fixed', branch: value, planId: scope.onePlan, setting: scope.setting };
  }
  const prefix = value.slice(0, at);
  if (at + PLAN_ID_PLACEHOLDER.length !== value.length) {
    throw field.invalid(
      value,
      `${PLAN_ID_PLACEHOLDER} once, at the end of the name, e.g. ${prefix || 'agents/'}${PLAN_ID_PLACEHOLDER} (plans are found by the branches that start with the part before it)`,
    );
  }
  if (!prefix) throw field.invalid(value, `a prefix before ${PLAN_ID_PLACEHOLDER}, e.g. agents/${PLAN_ID_PLACEHOLDER}: heartbeats take every branch that starts with it for a plan`);
  // A plan id starts with a letter or digit and holds none of the characters git refuses.
  if (!isBranchName(`${prefix}x`)) throw field.invalid(value, `a branch name such as agents/${PLAN_ID_PLACEHOLDER}`);
  if (prefix === PULL_REQUEST_BRANCH_PREFIX) throw field.invalid(value, `a prefix other than ${PULL_REQUEST_BRANCH_PREFIX}, which holds the plans' pull request branches`);
  return { kind: 'per-plan', prefix };
}

/** The plan's work branch; a fixed branch serves its one plan only. */
export function workBranch(branches: WorkBranches, planId: string): string {
  if (branches.kind === 'per-plan') return `${branches.prefix}${planId}`;
  if (planId === branches.planId) return branches.branch;
  throw new ConfigError(
    `Plan "${planId}" cannot run on the work branch "${branches.branch}": ${branches.setting} names that branch for the plan "${branches.planId}" alone, and plans sharing a branch would mix their commits, base merges and pull requests.`,
    `Give each plan its own branch with a name that ends in ${PLAN_ID_PLACEHOLDER}, e.g. ${branches.branch}/${PLAN_ID_PLACEHOLDER}.`,
  );
}

/** The prefix that lists every plan's branch; a fixed branch has none (it holds one plan). */
export function listingPrefix(branches: WorkBranches): string | null {
  return branches.kind === 'per-plan' ? branches.prefix : null;
}

/** Listing prefix for a command over every plan; a fixed branch is refused with a reason. */
export function fleetPrefix(branches: WorkBranches, command: string): string {
  if (branches.kind === 'per-plan') return branches.prefix;
  throw new ConfigError(
    `'${command}' finds plans by their work branches' names, and ${branches.setting} names one branch ("${branches.branch}") for the plan "${branches.planId}" alone.`,
    `Use a branch name that ends in ${PLAN_ID_PLACEHOLDER}, e.g. ${branches.branch}/${PLAN_ID_PLACEHOLDER}, or dispatch '${command}' from a workflow that keeps the default.`,
  );
}
