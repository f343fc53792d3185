import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);
import {
  blockedStepId
} from "./chunk-O3ZV6OT7.js";

// src/core/tick/base-sync.ts
var SYNC_BASE_MODES = ["merge", "off"];
function decideBaseSync(state, next, ctx) {
  return ctx.mode === "off" ? { kind: "skip", why: "sync-base is off" } : ctx.synced ? { kind: "skip", why: "synced earlier in this tick" } : state.status !== "IN_PROGRESS" ? { kind: "skip", why: `plan is ${state.status}` } : next.kind !== "run" ? { kind: "skip", why: `no attempt starts (${next.kind})` } : { kind: "sync" };
}
var FILES_IN_REASON = 5;
function baseSyncOutcome(state, next, result) {
  switch (result.kind) {
    case "up-to-date":
      return { kind: "proceed", note: `The work branch is up to date with ${result.base}.`, warn: !1 };
    case "merged":
      return { kind: "proceed", note: `Merged ${result.base} into the work branch (${result.commit.slice(0, 12)}).`, warn: !1 };
    case "unavailable":
      return { kind: "proceed", note: `Not syncing with ${result.base}: ${result.reason}. The step runs on the work branch as it is.`, warn: !0 };
    case "conflict":
      return { kind: "block", stepId: blockedStepId(state, next), reason: conflictReason(result) };
  }
}
function conflictReason(result) {
  let shown = result.files.slice(0, FILES_IN_REASON).join(", "), more = result.files.length > FILES_IN_REASON ? ` and ${result.files.length - FILES_IN_REASON} more` : "";
  return `the base branch ${result.base} does not merge cleanly into the work branch (conflicts in ${shown || "unknown files"}${more})`;
}
function blockOnBaseConflict(state, stepId, result) {
  let reason = conflictReason(result), line = `${stepId}: ${reason}`, blockers = state.blockers ?? [];
  return {
    state: { ...state, status: "BLOCKED", blockers: blockers.includes(line) ? blockers : [...blockers, line] },
    notices: [{ kind: "base-conflict", stepId, base: result.base, baseCommit: result.baseCommit, files: result.files }]
  };
}

export {
  SYNC_BASE_MODES,
  decideBaseSync,
  baseSyncOutcome,
  blockOnBaseConflict
};
