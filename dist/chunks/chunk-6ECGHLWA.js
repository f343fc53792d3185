import {
  ConfigError,
  ID_PATTERN
} from "./chunk-UZTB5BNK.js";

// src/core/fleet/plan-index.ts
var IDLE_STATUSES = ["DONE", "CANCELLED", "BLOCKED", "AWAITING_APPROVAL"], FINISHED_STATUSES = ["DONE", "CANCELLED"], PLAN_BRANCH_PREFIX = "sequencer/", IDLE_REF_PREFIX = "refs/sequencer/idle/", ARCHIVE_REF_PREFIX = "refs/sequencer/archive/", WAIT_REF_PREFIX = "refs/sequencer/wait/";
function isIdleStatus(status) {
  return IDLE_STATUSES.includes(status);
}
function isFinishedStatus(status) {
  return FINISHED_STATUSES.includes(status);
}
function isRefSafePlanId(planId) {
  return ID_PATTERN.test(planId) && !planId.includes("..") && !planId.endsWith(".lock") && !planId.endsWith(".");
}
function idleRef(planId) {
  return `${IDLE_REF_PREFIX}${planId}`;
}
function archiveRef(planId, sha) {
  return `${ARCHIVE_REF_PREFIX}${planId}/${sha.slice(0, 12)}`;
}
function waitRef(planId, untilMs) {
  return `${WAIT_REF_PREFIX}${planId}/${Math.ceil(untilMs / 1e3)}`;
}
function isWaitingRef(ref, now) {
  return (ref.waits ?? []).some((w) => w.sha === ref.sha && w.untilMs > now.getTime());
}
function isActiveRef(ref, now) {
  return ref.idleSha !== ref.sha && !isWaitingRef(ref, now);
}
function parsePlanRefs(lsRemote, prefix = PLAN_BRANCH_PREFIX) {
  let tips = /* @__PURE__ */ new Map(), idle = /* @__PURE__ */ new Map(), waits = /* @__PURE__ */ new Map(), heads = `refs/heads/${prefix}`;
  for (let line of lsRemote.split(`
`)) {
    let [sha, ref] = line.trim().split(/\s+/);
    if (!(!sha || !ref || !/^[0-9a-f]{40,64}$/.test(sha))) {
      if (ref.startsWith(heads)) {
        let planId = ref.slice(heads.length);
        isRefSafePlanId(planId) && tips.set(planId, sha);
      } else if (ref.startsWith(IDLE_REF_PREFIX)) {
        let planId = ref.slice(IDLE_REF_PREFIX.length);
        isRefSafePlanId(planId) && idle.set(planId, sha);
      } else if (ref.startsWith(WAIT_REF_PREFIX)) {
        let m = /^([^/]+)\/(\d{1,12})$/.exec(ref.slice(WAIT_REF_PREFIX.length));
        if (!m || !isRefSafePlanId(m[1])) continue;
        waits.set(m[1], [...waits.get(m[1]) ?? [], { ref, sha, untilMs: Number(m[2]) * 1e3 }]);
      }
    }
  }
  return [...tips].map(([planId, sha]) => ({ planId, branch: `${prefix}${planId}`, sha, idleSha: idle.get(planId) ?? null, waits: waits.get(planId) ?? [] })).sort((a, b) => a.planId < b.planId ? -1 : a.planId > b.planId ? 1 : 0);
}
function planMatrix(planIds) {
  return JSON.stringify([...planIds]);
}

// src/wiring/plan-layout.ts
import path from "node:path";

// src/wiring/checks.ts
function actionInput(name, source = "input") {
  return { invalid: (value, expected) => new ConfigError(`Invalid ${source} '${name}': "${value}". Expected ${expected}.`) };
}
function cliOption(name) {
  return { invalid: (value, expected) => new ConfigError(`${name}: expected ${expected}, got "${value}"`) };
}
function environmentVariable(name) {
  return { invalid: (value, expected) => new ConfigError(`${name} is "${value}"; expected ${expected}.`) };
}
var PLAN_ID_EXPECTED = 'letters, digits, ".", "_" or "-" (up to 100, starting with a letter or digit)';
function isPlanId(value) {
  return ID_PATTERN.test(value);
}
function checkPlanId(value, field) {
  if (!isPlanId(value)) throw field.invalid(value, PLAN_ID_EXPECTED);
  return value;
}
function checkStepId(value, field) {
  if (!isPlanId(value)) throw field.invalid(value, "a step id");
  return value;
}
function isBranchName(name) {
  return /^[A-Za-z0-9._/-]+$/.test(name) && !name.startsWith("-") && !name.startsWith("/") && !name.endsWith("/") && !name.endsWith(".") && !name.endsWith(".lock") && !name.includes("..") && !name.includes("//") && !/(^|\/)\./.test(name);
}
function checkBranchName(value, field, example = "main") {
  if (!isBranchName(value)) throw field.invalid(value, `a branch name such as ${example}`);
  return value;
}
function isRemoteName(name) {
  return /^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(name);
}
function parseNumber(raw, field, range) {
  if (raw === void 0 || raw.trim() === "") return range.fallback;
  let n = Number(raw);
  if (!((range.fractions ? Number.isFinite(n) : Number.isInteger(n)) && n >= range.min && n <= range.max)) throw field.invalid(raw, range.expected ?? `a whole number from ${range.min} to ${range.max}`);
  return n;
}
function checkOneOf(value, allowed, field, expected) {
  if (!allowed.includes(value)) throw field.invalid(value, expected ?? anyOf(allowed));
  return value;
}
function anyOf(words) {
  let quoted = words.map((w) => `"${w}"`);
  return quoted.length < 2 ? quoted.join("") : `${quoted.slice(0, -1).join(", ")} or ${quoted[quoted.length - 1]}`;
}
function parseBudget(usd, tokens) {
  let costUsd = usd.raw?.trim() ? parseNumber(usd.raw, usd.field, { fallback: 0, min: 1e-4, max: 1e6, fractions: !0, expected: `a number of US dollars > 0 and <= ${1e6}` }) : void 0, count = tokens.raw?.trim() ? parseNumber(tokens.raw, tokens.field, { fallback: 0, min: 1, max: 1e12, expected: `a whole number of tokens from 1 to ${1e12}` }) : void 0;
  if (!(costUsd === void 0 && count === void 0))
    return { ...costUsd !== void 0 ? { costUsd } : {}, ...count !== void 0 ? { tokens: count } : {} };
}

// src/wiring/plan-layout.ts
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
  PLAN_BRANCH_PREFIX,
  IDLE_REF_PREFIX,
  WAIT_REF_PREFIX,
  isIdleStatus,
  isFinishedStatus,
  isRefSafePlanId,
  idleRef,
  archiveRef,
  waitRef,
  isWaitingRef,
  isActiveRef,
  parsePlanRefs,
  planMatrix,
  actionInput,
  cliOption,
  environmentVariable,
  checkPlanId,
  checkStepId,
  isBranchName,
  checkBranchName,
  isRemoteName,
  parseNumber,
  checkOneOf,
  parseBudget,
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
