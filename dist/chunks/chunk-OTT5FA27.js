import {
  missingPlanError
} from "./chunk-ASJJ7IQE.js";
import {
  createStore
} from "./chunk-X2DQ6Z7J.js";
import {
  withStore
} from "./chunk-B4B5LSOZ.js";
import {
  LocalOwnerProbe
} from "./chunk-RDXXX3FV.js";
import {
  statusTable
} from "./chunk-6MTQECTV.js";
import {
  activeStepId,
  budgetRaiseAdvice
} from "./chunk-J73L5JYA.js";
import {
  terminalJson
} from "./chunk-A35T5UHC.js";
import {
  currentStepId,
  lastAttempt,
  stepRun
} from "./chunk-IU6TIPQF.js";
import {
  ConfigError
} from "./chunk-UZTB5BNK.js";

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
function needsDefaultAgent(state) {
  return Object.entries(state.plan.steps).some(([id, def]) => {
    let status = stepRun(state, id).status;
    return status !== "DONE" && status !== "SKIPPED" && !def.agent && !def.run?.length;
  });
}
function statusAdvice(state, inFlight, command, opts = {}) {
  let lines = [], agentMissing = !opts.agentKnown && needsDefaultAgent(state), runs = (verb) => agentMissing ? `${command(verb)} --agent CMD` : command(verb), agentNote = "CMD: the agent command the plan runs with, as given to its first run (--agent, or STEP_AGENT_CMD in the environment); the state does not keep it.";
  if (inFlight) {
    let what = `${inFlight.stepId} attempt ${inFlight.n}`;
    if (inFlight.liveness === "alive") lines.push(`Running: ${what}, held by a live runner (${ownerText(inFlight.owner)}).`);
    else {
      if (inFlight.liveness === "dead")
        return lines.push(
          `No runner holds this plan: ${what} was started by ${ownerText(inFlight.owner)}, which has ended (stopped with Ctrl-C, killed or crashed).`,
          `Next: \`${runs("check")}\` records the attempt as interrupted and goes on (or \`${runs("run")}\` to run to the end).`,
          ...agentMissing ? [agentNote] : []
        ), lines;
      lines.push(`Running: ${what}, held by ${ownerText(inFlight.owner)} (not checked from here: the runner is on another machine). Its lease ends it if it is gone.`);
    }
  }
  let stepId = currentStepId(state);
  switch (state.status) {
    case "BLOCKED": {
      let error = stepId !== void 0 ? stepRun(state, stepId).error : void 0;
      if (state.budgetBlock) {
        lines.push(`Next: ${budgetRaiseAdvice(state.budgetBlock, command("approve"))} Or \`${command("skip")}\` to go on without ${stepId ?? "the step"}, or \`${command("cancel")}\`.`);
        break;
      }
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
      inFlight || lines.push(`Next: \`${runs("run")}\` to run it to the end, or \`${runs("check")}\` for one heartbeat.`, ...agentMissing ? [agentNote] : []);
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
  let running = attemptInFlightOf(loaded.state), inFlight = running && { ...running, liveness: running.owner ? await new LocalOwnerProbe().liveness(running.owner) : "unknown" }, advice = cliAdvice(s);
  return print([statusTable(loaded.state), ...statusAdvice(loaded.state, inFlight, advice.command, { agentKnown: advice.agentKnown })].join(`
`)), 0;
}
function cliAdvice(s) {
  return { command: (verb) => cliCommand(s, verb), agentKnown: s.agentCommand !== void 0 };
}
function cliCommand(s, verb) {
  let which = s.planFrom === "plan-id" ? ` --plan-id ${s.planId}` : s.planFrom === "state" ? ` --state ${s.statePath}` : "", store = s.store !== "file" ? ` --store ${s.store}` : "";
  return `agent-step-sequencer ${verb}${which}${store}`;
}

export {
  statusAdvice,
  statusCommand,
  cliAdvice
};
