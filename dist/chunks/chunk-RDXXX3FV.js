import {
  fittedNotice,
  marker,
  outputList,
  runFooter,
  stepTable
} from "./chunk-6MTQECTV.js";
import {
  stepProgress
} from "./chunk-J73L5JYA.js";
import {
  fence,
  inline
} from "./chunk-NEPVVNT5.js";
import {
  isValidPid,
  pidAlive
} from "./chunk-IU7JM5AZ.js";
import {
  terminalLine
} from "./chunk-A35T5UHC.js";
import {
  countOf
} from "./chunk-UVXCAWLY.js";

// src/adapters/process/local-owner.ts
import os from "node:os";
function localOwner() {
  return { kind: "local", host: os.hostname(), pid: process.pid };
}
var LocalOwnerProbe = class {
  host;
  constructor(options = {}) {
    this.host = options.host ?? os.hostname();
  }
  async liveness(owner) {
    return owner.kind !== "local" || owner.host !== this.host || !isValidPid(owner.pid) ? "unknown" : pidAlive(owner.pid) ? "alive" : "dead";
  }
};

// src/core/render/base-sync-markdown.ts
var LISTED_CONFLICTS = 50, ACTION_WORDING = { offSetting: "the input `sync-base: off`", resume: "`/resume`" }, CLI_WORDING = { offSetting: "--sync-base off", resume: "resume" };
function baseConflictNotice(state, n, links = {}, wording = ACTION_WORDING) {
  let id = state.planId ?? "plan", branch = links.run?.branch, shown = n.files.slice(0, LISTED_CONFLICTS).map((f) => `- ${inline(f, 300)}`), more = n.files.length > LISTED_CONFLICTS ? [`- \u2026 and ${countOf(n.files.length - LISTED_CONFLICTS, "more file")}`] : [], where = branch ? `the work branch ${inline(branch)}` : "the work branch";
  return [
    // One notice per base commit: a new conflict after a fix on the base branch is a new episode.
    marker(id, "blocked", `base-${n.stepId}-${n.baseCommit.slice(0, 12)}`),
    `### \u26D4 Blocked before \`${n.stepId}\`: the base branch does not merge`,
    "",
    `The base branch ${inline(n.base)} has changes that conflict with ${where}, so they were not merged and \`${n.stepId}\` did not run. The merge was aborted: the work branch and its files are as they were.`,
    "",
    `**Conflicting files** (${n.files.length}):`,
    ...shown.length ? [...shown, ...more] : ["- (git named none)"],
    "",
    "To continue, either:",
    `- resolve it on the work branch: merge ${inline(n.base)} into it, fix the conflicts, push, then reply ${wording.resume}; or`,
    `- set ${wording.offSetting} (the plan then runs without the base branch's later changes), then reply ${wording.resume}.`,
    "",
    "Or `/cancel` to stop the plan.",
    ...links.run ? ["", ...runFooter(links)] : []
  ].join(`
`);
}
function baseConflictReport(n, wording = CLI_WORDING) {
  let files = n.files.slice(0, LISTED_CONFLICTS).map((f) => `  ${terminalLine(f)}`), more = n.files.length > LISTED_CONFLICTS ? [`  \u2026 and ${n.files.length - LISTED_CONFLICTS} more`] : [];
  return [
    `Blocked before ${n.stepId}: the base branch ${terminalLine(n.base)} does not merge cleanly into the work branch; the merge was aborted and nothing changed.`,
    `Conflicting files (${n.files.length}):`,
    ...files,
    ...more,
    `To continue: merge ${terminalLine(n.base)} into the work branch yourself, resolve the conflicts and push, then ${wording.resume}; or run with ${wording.offSetting}, then ${wording.resume}.`
  ].join(`
`);
}

// src/core/render/gate-markdown.ts
function gateNotice(state, stepId, links = {}) {
  let id = state.planId ?? "plan", def = state.plan.steps[stepId], episode = `${stepId}-${(state.gate?.at ?? String(state.revision ?? 0)).replace(/[^0-9A-Za-z]/g, "")}`, outputs = state.artifacts ?? [], reason = state.gate?.stepId === stepId ? state.gate.reason : void 0;
  return fittedNotice(
    links,
    (l, shape) => [
      `<!-- agent-step-sequencer:gate:${id}:${episode} -->`,
      `### \u270B Waiting for approval before \`${stepId}\`: ${inline(def?.title ?? stepId)}`,
      "",
      ...reason ? [`**Why a person looks first:** ${inline(reason, 300)}`, ""] : [],
      `${stepProgress(state, "present")}:`,
      "",
      stepTable(state, l, shape.tableOutputs),
      "",
      outputs.length ? `**Outputs to review** (${outputs.length})` : "No outputs so far.",
      ...outputList(outputs, l, shape.listed),
      "",
      `**Next:** \`${stepId}\`, which will be told:`,
      fence(def?.instruction ?? "", 2e3),
      "",
      "To continue, reply with one of:",
      `- \`/approve\`: run \`${stepId}\` (this approval is for plan \`${inline(state.gate?.planHash ?? state.planHash ?? "", 80)}\` only)`,
      `- \`/skip\`: mark \`${stepId}\` skipped and go on`,
      "- `/cancel`: stop the plan",
      ...l.run ? ["", ...runFooter(l)] : []
    ].join(`
`)
  );
}
function gateReport(state, stepId) {
  let reason = state.gate?.stepId === stepId && state.gate.reason ? ` (${state.gate.reason})` : "";
  return `Paused before ${stepId} (${state.plan.steps[stepId]?.title ?? stepId}): it is gated${reason}. Review what ran, then run \`agent-step-sequencer approve\` to continue (or skip / cancel).`;
}

export {
  baseConflictNotice,
  baseConflictReport,
  gateNotice,
  gateReport,
  localOwner,
  LocalOwnerProbe
};
