import {
  missingPlanError
} from "./chunk-K5EQ43YB.js";
import {
  createStore
} from "./chunk-P2XTTXDW.js";
import {
  withStore
} from "./chunk-AH7ZDXIC.js";
import {
  LocalOwnerProbe
} from "./chunk-CSY2JQFN.js";
import "./chunk-PZTGYUCJ.js";
import "./chunk-PFOLIUZO.js";
import {
  statusTable
} from "./chunk-HFMQZEEO.js";
import {
  activeStepId
} from "./chunk-5GGJBFZF.js";
import "./chunk-7JTDDRLV.js";
import "./chunk-NV27MYAX.js";
import "./chunk-S6K3D646.js";
import "./chunk-SOQWTVCZ.js";
import "./chunk-NEPVVNT5.js";
import "./chunk-FU35SMV7.js";
import {
  terminalJson
} from "./chunk-A35T5UHC.js";
import "./chunk-3M3F447X.js";
import "./chunk-ONAHJ7E2.js";
import "./chunk-BWBUHT3Z.js";
import "./chunk-TGUKS3HG.js";
import "./chunk-QT4UXPX2.js";
import "./chunk-MKR5BNXY.js";
import "./chunk-RB4TAPDD.js";
import {
  currentStepId,
  lastAttempt,
  stepRun
} from "./chunk-ZVJE5Q3T.js";
import "./chunk-6AUMYIEP.js";
import "./chunk-UVXCAWLY.js";
import "./chunk-5BMIKSX6.js";
import "./chunk-A6RB5CVQ.js";
import "./chunk-JRKLLSI7.js";
import {
  ConfigError
} from "./chunk-WET6GGPQ.js";
import "./chunk-27FUKKN2.js";

// src/core/render/status-advice.ts
function attemptInFlightOf(state) {
  let stepId = activeStepId(state) ?? currentStepId(state);
  if (stepId === void 0) return;
  let run = stepRun(state, stepId), attempt = lastAttempt(run);
  if (!(run.status !== "IN_PROGRESS" || !attempt || attempt.endedAt))
    return { stepId, n: attempt.n, owner: attempt.owner };
}
function ownerText(owner) {
  return owner ? owner.kind === "local" ? `pid ${owner.pid} on ${owner.host}` : `workflow run ${owner.runId} (attempt ${owner.runAttempt})` : "a runner that was not recorded";
}
function statusAdvice(state, inFlight, command) {
  let lines = [];
  if (inFlight) {
    let what = `${inFlight.stepId} attempt ${inFlight.n}`;
    if (inFlight.liveness === "alive") lines.push(`Running: ${what}, held by a live runner (${ownerText(inFlight.owner)}).`);
    else {
      if (inFlight.liveness === "dead")
        return lines.push(
          `No runner holds this plan: ${what} was started by ${ownerText(inFlight.owner)}, which has ended (stopped with Ctrl-C, killed or crashed).`,
          `Next: \`${command("check")}\` records the attempt as interrupted and goes on (or \`${command("run")}\` to run to the end).`
        ), lines;
      lines.push(`Running: ${what}, held by ${ownerText(inFlight.owner)} (not checked from here: the runner is on another machine). Its lease ends it if it is gone.`);
    }
  }
  let stepId = currentStepId(state);
  switch (state.status) {
    case "BLOCKED": {
      let error = stepId !== void 0 ? stepRun(state, stepId).error : void 0;
      error && lines.push(`Last error: ${error}`), lines.push(`Next: fix the cause, then \`${command("retry")}\` (a new round of attempts), \`${command("skip")}\` to go on without ${stepId ?? "the step"}, or \`${command("cancel")}\`.`);
      break;
    }
    case "AWAITING_APPROVAL":
      lines.push(
        state.gate ? `Paused at the gate of ${state.gate.stepId}. Next: \`${command("approve")}\` to run it, or \`${command("skip")}\`.` : `Next: review the plan, then \`${command("approve")}\`.`
      );
      break;
    case "CANCELLED":
      lines.push(`Next: \`${command("resume")}\` to continue where it stopped.`);
      break;
    case "IN_PROGRESS":
      inFlight || lines.push(`Next: \`${command("run")}\` to run it to the end, or \`${command("check")}\` for one heartbeat.`);
      break;
    case "DONE":
      break;
  }
  return lines;
}

// src/cli/commands/status.ts
async function statusCommand(s, print) {
  let store = createStore(s, "status"), loaded = await withStore(store, "read", () => store.load());
  if (loaded.kind === "missing")
    throw s.json && print(JSON.stringify({ status: "MISSING", planId: s.planId })), s.planFrom === "state" ? new ConfigError(`No plan at ${store.description}.`) : await missingPlanError(s);
  if (s.json)
    return print(terminalJson(loaded.state, 2)), 0;
  let running = attemptInFlightOf(loaded.state), inFlight = running && { ...running, liveness: running.owner ? await new LocalOwnerProbe().liveness(running.owner) : "unknown" };
  return print([statusTable(loaded.state), ...statusAdvice(loaded.state, inFlight, (verb) => cliCommand(s, verb))].join(`
`)), 0;
}
function cliCommand(s, verb) {
  let which = s.planFrom === "plan-id" ? ` --plan-id ${s.planId}` : s.planFrom === "state" ? ` --state ${s.statePath}` : "", store = s.store !== "file" ? ` --store ${s.store}` : "";
  return `agent-step-sequencer ${verb}${which}${store}`;
}
export {
  cliCommand,
  statusCommand
};
