import {
  STATE_DIR,
  stateFileIn
} from "./chunk-6ECGHLWA.js";
import {
  listSome
} from "./chunk-X26RSK32.js";
import {
  ConfigError,
  nearestName
} from "./chunk-UZTB5BNK.js";

// src/cli/plan-choice.ts
import { readdir, stat } from "node:fs/promises";
import path from "node:path";
function choosePlan(asked, existing) {
  if (asked !== void 0) {
    if (existing.includes(asked)) return { kind: "use", planId: asked };
    let near = nearestName(asked, existing);
    return { kind: "unknown", planId: asked, planIds: [...existing], ...near ? { near } : {} };
  }
  return existing.length === 0 ? { kind: "none" } : existing.length === 1 ? { kind: "use", planId: existing[0] } : { kind: "several", planIds: [...existing] };
}
function choiceError(choice, where, command) {
  let start = "start one with `agent-step-sequencer run --plan FILE` (or `init --plan FILE`)";
  switch (choice.kind) {
    case "none":
      return new ConfigError(`No plan in ${where}.`, `To ${command} a plan, ${start}; or give --workspace DIR (or --store git) where it lives.`);
    case "several":
      return new ConfigError(
        `${choice.planIds.length} plans in ${where}: ${listSome(choice.planIds)}. Which one?`,
        `Give --plan-id ID, e.g. \`agent-step-sequencer ${command} --plan-id ${choice.planIds[0]}\`.`
      );
    case "unknown": {
      let others = choice.planIds.length ? `; the plans there: ${listSome(choice.planIds)}` : `; there is no plan there yet (${start})`;
      return new ConfigError(`No plan "${choice.planId}" in ${where}${choice.near ? `; did you mean ${choice.near}?` : ""}${others}.`);
    }
  }
}
var ONE_PLAN = /* @__PURE__ */ new Set(["status", "usage", "restart", "check", "approve", "cancel", "retry", "skip", "resume", "run"]);
async function existingPlans(s) {
  if (s.store === "cache") return null;
  if (s.store === "git")
    return (await import("./plan-lookup-KKITTEQG.js")).remotePlanIds(s);
  let entries = await readdir(path.join(s.workspace, STATE_DIR), { withFileTypes: !0 }).catch(() => []), ids = [];
  for (let e of entries)
    e.isDirectory() && await stat(stateFileIn(s.workspace, e.name)).then(
      (st) => st.isFile(),
      () => !1
    ) && ids.push(e.name);
  return ids.sort();
}
function whereOf(s) {
  return s.store === "git" ? `remote ${s.remote} of ${s.workspace}` : path.join(s.workspace, STATE_DIR);
}
async function resolvePlan(s) {
  if (!ONE_PLAN.has(s.command) || s.planFile || s.planFrom === "state" || s.all || s.command === "check" && s.positionals.length || s.store === "git" && s.planFrom === "plan-id") return s;
  let existing = await existingPlans(s);
  if (existing === null) return s;
  let choice = choosePlan(s.planFrom === "plan-id" ? s.planId : void 0, existing);
  if (choice.kind === "use") return choice.planId === s.planId ? s : (await import("./plan-lookup-KKITTEQG.js")).forPlan(s, choice.planId);
  if (choice.kind === "none" && s.command === "check") return s;
  throw choiceError(choice, whereOf(s), s.command);
}
async function missingPlanError(s) {
  let existing = await existingPlans(s) ?? [], choice = choosePlan(s.planId, existing);
  return choiceError(choice.kind === "use" ? { kind: "unknown", planId: s.planId, planIds: existing } : choice, whereOf(s), s.command);
}

export {
  choosePlan,
  choiceError,
  existingPlans,
  resolvePlan,
  missingPlanError
};
