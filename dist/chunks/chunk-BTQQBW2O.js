import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);
import {
  PLAN_BRANCH_PREFIX,
  isBranchName
} from "./chunk-SN44HN7T.js";
import {
  ConfigError
} from "./chunk-CIGEKA3Y.js";

// src/wiring/plan-layout.ts
import path from "node:path";
var STATE_DIR = ".sequencer", STATE_FILE = "state.json";
function planFolder(planId) {
  return `${STATE_DIR}/${planId}`;
}
function stateFileRel(planId) {
  return `${planFolder(planId)}/${STATE_FILE}`;
}
function stateFileIn(workspace, planId) {
  return path.join(workspace, STATE_DIR, planId, STATE_FILE);
}
function draftedPlanFileIn(workspace, planId) {
  return path.join(workspace, STATE_DIR, planId, "plan.json");
}
function posixPath(relative) {
  return relative.split(path.sep).join("/");
}
function workingFiles(stateFile) {
  return { logDir: `${stateFile}.logs`, inboxDir: `${stateFile}.inbox`, lockFile: `${stateFile}.lock` };
}
function workingFileExcludes(stateRel) {
  let files = workingFiles(`/${stateRel}`);
  return [`${files.logDir}/`, `${files.inboxDir}/`, files.lockFile];
}
function stateFolderOf(stateRel) {
  let folder = path.posix.dirname(stateRel);
  return folder === "." ? path.posix.normalize(stateRel) : folder;
}
function planIdOfFile(file) {
  return path.basename(file).replace(/\.(json|ya?ml)$/i, "");
}
function issuePlanId(issueNumber) {
  return `issue-${issueNumber}`;
}
function issueNumberOf(planId) {
  let m = /^issue-(\d+)$/.exec(planId);
  return m ? Number(m[1]) : null;
}
var PULL_REQUEST_BRANCH_PREFIX = "sequencer-pr/";
function pullRequestBranch(planId) {
  return `${PULL_REQUEST_BRANCH_PREFIX}${planId}`;
}
var PLAN_ID_PLACEHOLDER = "<plan-id>", DEFAULT_WORK_BRANCHES = { kind: "per-plan", prefix: PLAN_BRANCH_PREFIX };
function parseWorkBranches(value, field, scope) {
  let at = value.indexOf(PLAN_ID_PLACEHOLDER);
  if (at < 0) {
    if (!isBranchName(value)) throw field.invalid(value, `a branch name such as agents/${PLAN_ID_PLACEHOLDER}`);
    if ("manyPlans" in scope)
      throw field.invalid(value, `a branch name that ends in ${PLAN_ID_PLACEHOLDER}, e.g. ${value}/${PLAN_ID_PLACEHOLDER}, so that each plan gets a branch of its own (${scope.manyPlans})`);
    return { kind: "fixed", branch: value, planId: scope.onePlan, setting: scope.setting };
  }
  let prefix = value.slice(0, at);
  if (at + PLAN_ID_PLACEHOLDER.length !== value.length)
    throw field.invalid(
      value,
      `${PLAN_ID_PLACEHOLDER} once, at the end of the name, e.g. ${prefix || "agents/"}${PLAN_ID_PLACEHOLDER} (plans are found by the branches that start with the part before it)`
    );
  if (!prefix) throw field.invalid(value, `a prefix before ${PLAN_ID_PLACEHOLDER}, e.g. agents/${PLAN_ID_PLACEHOLDER}: heartbeats take every branch that starts with it for a plan`);
  if (!isBranchName(`${prefix}x`)) throw field.invalid(value, `a branch name such as agents/${PLAN_ID_PLACEHOLDER}`);
  if (prefix === PULL_REQUEST_BRANCH_PREFIX) throw field.invalid(value, `a prefix other than ${PULL_REQUEST_BRANCH_PREFIX}, which holds the plans' pull request branches`);
  return { kind: "per-plan", prefix };
}
function workBranch(branches, planId) {
  if (branches.kind === "per-plan") return `${branches.prefix}${planId}`;
  if (planId === branches.planId) return branches.branch;
  throw new ConfigError(
    `Plan "${planId}" cannot run on the work branch "${branches.branch}": ${branches.setting} names that branch for the plan "${branches.planId}" alone, and plans sharing a branch would mix their commits, base merges and pull requests.`,
    `Give each plan its own branch with a name that ends in ${PLAN_ID_PLACEHOLDER}, e.g. ${branches.branch}/${PLAN_ID_PLACEHOLDER}.`
  );
}
function listingPrefix(branches) {
  return branches.kind === "per-plan" ? branches.prefix : null;
}
function fleetPrefix(branches, command) {
  if (branches.kind === "per-plan") return branches.prefix;
  throw new ConfigError(
    `'${command}' finds plans by their work branches' names, and ${branches.setting} names one branch ("${branches.branch}") for the plan "${branches.planId}" alone.`,
    `Use a branch name that ends in ${PLAN_ID_PLACEHOLDER}, e.g. ${branches.branch}/${PLAN_ID_PLACEHOLDER}, or dispatch '${command}' from a workflow that keeps the default.`
  );
}

export {
  STATE_DIR,
  planFolder,
  stateFileRel,
  stateFileIn,
  draftedPlanFileIn,
  posixPath,
  workingFiles,
  workingFileExcludes,
  stateFolderOf,
  planIdOfFile,
  issuePlanId,
  issueNumberOf,
  pullRequestBranch,
  DEFAULT_WORK_BRANCHES,
  parseWorkBranches,
  workBranch,
  listingPrefix,
  fleetPrefix
};
