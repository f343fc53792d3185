import {
  cliAdvice,
  statusAdvice
} from "./chunk-OTT5FA27.js";
import {
  missingPlanError
} from "./chunk-ASJJ7IQE.js";
import {
  initState
} from "./chunk-WR3EVM6W.js";
import {
  ConsoleLog,
  branchOf,
  createEngine,
  fleetBranches
} from "./chunk-X2DQ6Z7J.js";
import {
  recordPlanMarkers,
  tickedPlan
} from "./chunk-WY4565QU.js";
import {
  tick
} from "./chunk-HP34WB3O.js";
import {
  workspaceGit
} from "./chunk-IU7JM5AZ.js";
import {
  parseAgentCommand
} from "./chunk-O2X2K62E.js";
import {
  currentStepId
} from "./chunk-IU6TIPQF.js";
import {
  countOf
} from "./chunk-UVXCAWLY.js";
import {
  EXIT
} from "./chunk-UZTB5BNK.js";

// src/cli/commands/heartbeat.ts
import { stat } from "node:fs/promises";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
async function checkCommand(s) {
  if (s.all) return (await import("./fleet-L2FXYGVT.js")).checkAllCommand(s);
  if (s.store === "file" && !await exists(s.statePath))
    return new ConsoleLog({ quiet: s.quiet }).info(s.planFrom === "default" ? `No plan in ${path.dirname(path.dirname(s.statePath))}; nothing to do.` : `No state at file ${s.statePath}; nothing to do.`), 0;
  let { deps, cfg } = await createEngine(s, "check"), result = await tick(deps, cfg), maxWaitMs = (s.maxWaitMinutes ?? 0) * 6e4;
  for (; !(result.outcome !== "waiting" || maxWaitMs <= 0); ) {
    let until = Date.parse(result.detail ?? "");
    if (Number.isNaN(until)) break;
    let waitMs = Math.max(0, until - Date.now());
    if (waitMs > maxWaitMs) {
      deps.log.info(`The next step may start in ${formatSeconds(waitMs)}, later than --max-wait (${formatSeconds(maxWaitMs)}); the next heartbeat runs it.`);
      break;
    }
    deps.log.info(`Waiting ${formatSeconds(waitMs)} for the step delay, then running on (--max-wait).`), await sleep(waitMs + 50), result = await tick(deps, cfg);
  }
  if (result.outcome === "missing" && s.planFrom === "plan-id") throw await missingPlanError(s);
  return report(result, (m) => deps.log.info(m), cliAdvice(s)), s.store === "git" && await recordPlanMarkers(workspaceGit(s.workspace), s.remote, deps.log, [tickedPlan(branchOf(s), result)], fleetBranches(s).prefix), result.state?.status === "BLOCKED" ? EXIT.notDone : EXIT.ok;
}
async function runCommand(s, print) {
  if (s.agentCommand !== void 0 && parseAgentCommand(s.agentCommand, s.agentSource), s.planFile && await initState(s, { approve: !0 }, s.quiet ? () => {
  } : print) === "changed") return 1;
  let { deps, cfg } = await createEngine(s, "run");
  for (let first = !0; ; first = !1) {
    let result = await tick(deps, first ? cfg : { ...cfg, quietResume: !0 });
    switch (result.outcome) {
      case "done":
        return 0;
      case "missing":
        throw await missingPlanError(s);
      case "blocked":
      case "cancelled":
      case "awaiting-approval":
      case "budget":
      case "idle":
      // The CLI runs attempts itself and never hands one on; were it to, looping would only repeat it.
      case "handed-off":
        return report(result, (m) => deps.log.info(m), cliAdvice(s)), 1;
      case "waiting": {
        let until = Date.parse(result.detail ?? ""), ms = Number.isNaN(until) ? 1e3 : Math.max(0, until - Date.now());
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
    return await stat(file), !0;
  } catch (err) {
    return !(err.code === "ENOENT" || err.code === "ENOTDIR");
  }
}
function report(result, info, advice) {
  let s = result.state;
  if (!s) return;
  let plan = `Plan${s.planId ? ` ${s.planId}` : ""}`;
  if (advice && result.outcome === "blocked" && result.writes === 0) {
    let stepId = currentStepId(s), why = s.blockers?.at(-1);
    info(`${plan} is BLOCKED${stepId !== void 0 ? ` at ${stepId}` : ""}${why ? ` (${why.startsWith(`${stepId}: `) ? why.slice(`${stepId}: `.length) : why})` : ""}; nothing ran.`);
    for (let line of statusAdvice(s, void 0, advice.command, { agentKnown: advice.agentKnown })) info(line);
    return;
  }
  let detail = result.detail && result.detail !== `plan is ${s.status}` ? ` (${result.detail})` : "";
  info(`${plan} ${s.status}: ${result.outcome}${detail}; ${countOf(result.attempts, "attempt")} this heartbeat.`);
}

export {
  checkCommand,
  runCommand,
  report
};
