import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);
import {
  initState
} from "./chunk-K4CXIQZ4.js";
import {
  ConsoleLog,
  branchOf,
  createEngine,
  fleetBranches
} from "./chunk-DOCE244H.js";
import {
  recordPlanMarkers,
  tickedPlan
} from "./chunk-XSMVI72C.js";
import {
  tick
} from "./chunk-BQELHCCU.js";
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
  if (s.all) return (await import("./fleet-P3Y42AIG.js")).checkAllCommand(s);
  if (s.store === "file" && !await exists(s.statePath)) {
    new ConsoleLog({ quiet: s.quiet }).info(`No state at file ${s.statePath}; nothing to do.`);
    return 0;
  }
  const { deps, cfg } = await createEngine(s, "check");
  let result = await tick(deps, cfg);
  const maxWaitMs = (s.maxWaitMinutes ?? 0) * 6e4;
  for (; ; ) {
    if (result.outcome !== "waiting" || maxWaitMs <= 0) break;
    const until = Date.parse(result.detail ?? "");
    if (Number.isNaN(until)) break;
    const waitMs = Math.max(0, until - Date.now());
    if (waitMs > maxWaitMs) {
      deps.log.info(`The next step may start in ${formatSeconds(waitMs)}, later than --max-wait (${formatSeconds(maxWaitMs)}); the next heartbeat runs it.`);
      break;
    }
    deps.log.info(`Waiting ${formatSeconds(waitMs)} for the step delay, then running on (--max-wait).`);
    await sleep(waitMs + 50);
    result = await tick(deps, cfg);
  }
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
function formatSeconds(ms) {
  return ms >= 12e4 ? `${Math.round(ms / 6e4)} min` : `${Math.ceil(ms / 1e3)} s`;
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
