import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);
import {
  initState
} from "./chunk-63WPVZ5Y.js";
import {
  ConsoleLog,
  branchOf,
  createEngine,
  fleetBranches
} from "./chunk-L2DZ3YKV.js";
import {
  recordPlanMarkers,
  tickedPlan
} from "./chunk-FI3PRLZQ.js";
import {
  tick
} from "./chunk-WQIIGNOQ.js";
import {
  workspaceGit
} from "./chunk-CQCEFVFH.js";
import {
  countOf
} from "./chunk-3RW55J7L.js";

// src/cli/commands/heartbeat.ts
import { stat } from "node:fs/promises";
import { setTimeout as sleep } from "node:timers/promises";
async function checkCommand(s) {
  if (s.all) return (await import("./fleet-RX2LMCJK.js")).checkAllCommand(s);
  if (s.store === "file" && !await exists(s.statePath)) {
    new ConsoleLog({ quiet: s.quiet }).info(`No state at file ${s.statePath}; nothing to do.`);
    return 0;
  }
  const { deps, cfg } = await createEngine(s, "check");
  const result = await tick(deps, cfg);
  report(result, (m) => deps.log.info(m));
  if (s.store === "git") await recordPlanMarkers(workspaceGit(s.workspace), s.remote, deps.log, [tickedPlan(branchOf(s), result)], fleetBranches(s).prefix);
  return 0;
}
async function runCommand(s, print) {
  if (s.planFile && await initState(s, { approve: true }, s.quiet ? () => {
  } : print) === "changed") return 1;
  const { deps, cfg } = await createEngine(s, "run");
  for (; ; ) {
    const result = await tick(deps, cfg);
    switch (result.outcome) {
      case "done":
        return 0;
      case "missing":
        deps.log.error("No plan to run: give --plan FILE or --state PATH.");
        return 1;
      case "blocked":
      case "cancelled":
      case "awaiting-approval":
      case "budget":
      case "idle":
        report(result, (m) => deps.log.info(m));
        return 1;
      case "waiting": {
        const until = Date.parse(result.detail ?? "");
        const ms = Number.isNaN(until) ? 1e3 : Math.max(0, until - Date.now());
        await sleep(Math.min(ms + 50, 6e4));
        break;
      }
      case "busy":
      case "conflict":
        await sleep(1e3);
        break;
    }
  }
}
async function exists(file) {
  try {
    await stat(file);
    return true;
  } catch (err) {
    if (err.code === "ENOENT" || err.code === "ENOTDIR") return false;
    return true;
  }
}
function report(result, info) {
  const s = result.state;
  if (!s) return;
  info(`Plan${s.planId ? ` ${s.planId}` : ""} ${s.status}: ${result.outcome}${result.detail ? ` (${result.detail})` : ""}; ${countOf(result.attempts, "attempt")} this heartbeat.`);
}

export {
  checkCommand,
  runCommand,
  report
};
