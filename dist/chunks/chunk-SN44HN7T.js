import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);
import {
  MAX_BUDGET_TOKENS,
  MAX_BUDGET_USD
} from "./chunk-653STPFW.js";
import {
  ConfigError,
  ID_PATTERN
} from "./chunk-CIGEKA3Y.js";

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
  let costUsd = usd.raw?.trim() ? parseNumber(usd.raw, usd.field, { fallback: 0, min: 1e-4, max: MAX_BUDGET_USD, fractions: !0, expected: `a number of US dollars > 0 and <= ${MAX_BUDGET_USD}` }) : void 0, count = tokens.raw?.trim() ? parseNumber(tokens.raw, tokens.field, { fallback: 0, min: 1, max: MAX_BUDGET_TOKENS, expected: `a whole number of tokens from 1 to ${MAX_BUDGET_TOKENS}` }) : void 0;
  if (!(costUsd === void 0 && count === void 0))
    return { ...costUsd !== void 0 ? { costUsd } : {}, ...count !== void 0 ? { tokens: count } : {} };
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
  parseBudget
};
