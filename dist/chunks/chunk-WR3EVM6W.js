import {
  replan
} from "./chunk-24SACGVO.js";
import {
  newState
} from "./chunk-WLMOWD6H.js";
import {
  cliSecrets,
  createStore,
  localUserName
} from "./chunk-X2DQ6Z7J.js";
import {
  withStore
} from "./chunk-B4B5LSOZ.js";
import {
  statusTable
} from "./chunk-6MTQECTV.js";
import {
  scrubJson
} from "./chunk-FOVAUIMP.js";
import {
  effectiveQueue
} from "./chunk-O2X2K62E.js";
import {
  countOf
} from "./chunk-UVXCAWLY.js";
import {
  ConfigError,
  ConflictError,
  describeError
} from "./chunk-UZTB5BNK.js";

// src/cli/commands/plan-file.ts
import { readFile } from "node:fs/promises";
async function readPlanFile(file, scrub, given = "--plan") {
  let text;
  try {
    text = await readFile(file, "utf8");
  } catch (err) {
    throw new ConfigError(`${given}: cannot read "${file}" (${describeError(err)}); expected a JSON or YAML plan file`);
  }
  let { loadPlanText } = await import("./plan-text-D5MZWBTD.js");
  return loadPlanText(text, file, scrub ? (doc) => scrubJson(doc, scrub) : void 0);
}

// src/cli/commands/setup.ts
async function validateCommand(s, print) {
  let file = s.positionals[0] ?? s.planFile;
  if (!file) throw new ConfigError("validate: expected a plan file, e.g. `agent-step-sequencer validate plan.json`");
  let { plan } = await readPlanFile(file, void 0, s.positionals[0] !== void 0 ? "validate FILE" : "--plan");
  return print(`${file}: valid plan with ${countOf(Object.keys(plan.steps).length, "step")}.`), 0;
}
async function initState(s, opts, print) {
  if (!s.planFile) throw new ConfigError("--plan: required, e.g. `--plan plan.json`");
  let extracted = await readPlanFile(s.planFile, cliSecrets(s).scrub), store = createStore(s, "init");
  return withStore(
    store,
    "write",
    async () => {
      let now = /* @__PURE__ */ new Date(), existing = await store.load();
      if (existing.kind === "loaded") {
        let queue = effectiveQueue(extracted.plan, extracted.stepQueue), { state: state2, changes } = replan(existing.state, extracted.plan, queue, now);
        if (state2.planHash === existing.state.planHash) return "unchanged";
        let written2 = await store.write(state2, { kind: "update", message: "plan changed; awaiting approval" });
        print(`The plan in ${s.planFile} differs from the approved one (${existing.state.planHash} \u2192 ${state2.planHash}):`);
        for (let c of changes.filter((c2) => c2.change !== "unchanged")) print(`  ${c.change.padEnd(8)} ${c.stepId}`);
        return print(statusTable(written2)), print("Review the changes, then run `agent-step-sequencer approve` to continue (completed, unchanged steps are kept)."), "changed";
      }
      let state = newState(extracted.plan, {
        planId: s.planId,
        now,
        ...extracted.stepQueue ? { stepQueue: extracted.stepQueue } : {},
        stepDelayMinutes: s.delayMinutes ?? extracted.stepDelayMinutes ?? 0,
        ...opts.approve ? { approved: { by: localUserName() } } : {},
        requestedBy: localUserName()
      }), written;
      try {
        written = await store.write(state, { kind: "update", message: `plan created${opts.approve ? " and approved" : ""}` });
      } catch (err) {
        if (err instanceof ConflictError) return "unchanged";
        throw err;
      }
      return print(statusTable(written)), "created";
    },
    (holder) => {
      throw new ConfigError(`Cannot initialize: another tick holds ${store.description} (${holder}).`);
    }
  );
}
async function initCommand(s, print) {
  if (await initState(s, { approve: s.approve }, print) === "unchanged") throw new ConfigError(`A plan already exists for "${s.planId}"; it was left untouched. Use \`status\`, or another --plan-id.`);
  return s.approve || print("Awaiting approval: run `agent-step-sequencer approve` (optionally --delay N) to start."), 0;
}

export {
  validateCommand,
  initState,
  initCommand
};
