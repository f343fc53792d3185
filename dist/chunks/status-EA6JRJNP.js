import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);
import {
  createStore
} from "./chunk-ITOHZFSU.js";
import {
  LocalOwnerProbe
} from "./chunk-M4LHEG4S.js";
import "./chunk-UOKPA5F4.js";
import {
  statusTable
} from "./chunk-KB3NCXMB.js";
import "./chunk-JZOZ7CN4.js";
import "./chunk-7JTDDRLV.js";
import "./chunk-VZSPVX62.js";
import "./chunk-S6K3D646.js";
import {
  withStore
} from "./chunk-KIVW72TX.js";
import "./chunk-P4IFAX7Q.js";
import "./chunk-7UV2UW7L.js";
import "./chunk-4GS2KNCE.js";
import "./chunk-2RH4ER7E.js";
import {
  missingPlanError
} from "./chunk-M6H6Z4FF.js";
import {
  terminalJson
} from "./chunk-A35T5UHC.js";
import "./chunk-W2VK3BOF.js";
import {
  activeStepId
} from "./chunk-HL6FWS6T.js";
import "./chunk-7VKMD6SB.js";
import "./chunk-BTQQBW2O.js";
import "./chunk-SN44HN7T.js";
import "./chunk-47DORWR2.js";
import "./chunk-B7SJOCFT.js";
import "./chunk-76KSSAIN.js";
import "./chunk-BDUNONRE.js";
import "./chunk-MRNNEJPN.js";
import "./chunk-WJUSOK3Y.js";
import "./chunk-4L5DIE5B.js";
import "./chunk-UVXCAWLY.js";
import "./chunk-653STPFW.js";
import {
  currentStepId,
  lastAttempt,
  stepRun
} from "./chunk-RVNDXNJV.js";
import "./chunk-V5P7V7LJ.js";
import "./chunk-JRKLLSI7.js";
import {
  ConfigError
} from "./chunk-CIGEKA3Y.js";
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
