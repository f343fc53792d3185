import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);
import {
  blockedStepId
} from "./chunk-CX6YGWYV.js";

// src/core/tick/base-sync.ts
var SYNC_BASE_MODES = ["merge", "off"];
function decideBaseSync(state, next, ctx) {
  if (ctx.mode === "off") return { kind: "skip", why: "sync-base is off" };
  if (ctx.synced) return { kind: "skip", why: "synced earlier in this tick" };
  if (state.status !== "IN_PROGRESS") return { kind: "skip", why: `plan is ${state.status}` };
  if (next.kind !== "run") return { kind: "skip", why: `no attempt starts (${next.kind})` };
  return { kind: "sync" };
}
var FILES_IN_REASON = 5;
function baseSyncOutcome(state, next, result) {
  switch (result.kind) {
    case "up-to-date":
      return { kind: "proceed", note: `The work branch is up to date with ${result.base}.`, warn: false };
    case "merged":
      return { kind: "proceed", note: `Merged ${result.base} into the work branch (${result.commit.slice(0, 12)}).`, warn: false };
    case "unavailable":
      return { kind: "proceed", note: `Not syncing with ${result.base}: ${result.reason}. The step runs on the work branch as it is.`, warn: true };
    case "conflict": {
      return { kind: "block", stepId: blockedStepId(state, next), reason: conflictReason(result) };
    }
  }
}
function conflictReason(result) {
  const shown = result.files.slice(0, FILES_IN_REASON).join(", ");
  const more = result.files.length > FILES_IN_REASON ? ` and ${result.files.length - FILES_IN_REASON} more` : "";
  return `the base branch ${result.base} does not merge cleanly into the work branch (conflicts in ${shown || "unknown files"}${more})`;
}
function blockOnBaseConflict(state, stepId, result) {
  const reason = conflictReason(result);
  const line = `${stepId}: ${reason}`;
  const blockers = state.blockers ?? [];
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
