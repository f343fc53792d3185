import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);
import {
  createStore,
  localUserName
} from "./chunk-DOCE244H.js";
import {
  replan
} from "./chunk-IEFEU6CB.js";
import {
  statusTable
} from "./chunk-7E2BVGWF.js";
import {
  newState
} from "./chunk-IBCC6RDC.js";
import {
  withStore
} from "./chunk-TUS53VBD.js";
import {
  effectiveQueue
} from "./chunk-IVICMJAE.js";
import {
  countOf
} from "./chunk-3RW55J7L.js";
import {
  ConfigError,
  ConflictError,
  describeError
} from "./chunk-XDUK4LLW.js";

// src/cli/commands/plan-file.ts
import { readFile } from "node:fs/promises";
async function readPlanFile(file) {
  let text;
  try {
    text = await readFile(file, "utf8");
  } catch (err) {
    throw new ConfigError(`--plan: cannot read "${file}" (${describeError(err)}); expected a JSON or YAML plan file`);
  }
  const { loadPlanText } = await import("./plan-text-THEZODDR.js");
  return loadPlanText(text, file);
}

// src/cli/commands/setup.ts
async function validateCommand(s, print) {
  const file = s.positionals[0] ?? s.planFile;
  if (!file) throw new ConfigError("validate: expected a plan file, e.g. `agent-step-sequencer validate plan.json`");
  const { plan } = await readPlanFile(file);
  print(`${file}: valid plan with ${countOf(Object.keys(plan.steps).length, "step")}.`);
  return 0;
}
async function initState(s, opts, print) {
  if (!s.planFile) throw new ConfigError("--plan: required, e.g. `--plan plan.json`");
  const extracted = await readPlanFile(s.planFile);
  const store = createStore(s, "init");
  return withStore(
    store,
    "write",
    async () => {
      const now = /* @__PURE__ */ new Date();
      const existing = await store.load();
      if (existing.kind === "loaded") {
        const queue = effectiveQueue(extracted.plan, extracted.stepQueue);
        const { state: state2, changes } = replan(existing.state, extracted.plan, queue, now);
        if (state2.planHash === existing.state.planHash) return "unchanged";
        const written2 = await store.write(state2, { kind: "update", message: "plan changed; awaiting approval" });
        print(`The plan in ${s.planFile} differs from the approved one (${existing.state.planHash} \u2192 ${state2.planHash}):`);
        for (const c of changes.filter((c2) => c2.change !== "unchanged")) print(`  ${c.change.padEnd(8)} ${c.stepId}`);
        print(statusTable(written2));
        print("Review the changes, then run `agent-step-sequencer approve` to continue (completed, unchanged steps are kept).");
        return "changed";
      }
      const state = newState(extracted.plan, {
        planId: s.planId,
        now,
        ...extracted.stepQueue ? { stepQueue: extracted.stepQueue } : {},
        stepDelayMinutes: s.delayMinutes ?? extracted.stepDelayMinutes ?? 0,
        ...opts.approve ? { approved: { by: localUserName() } } : {},
        requestedBy: localUserName()
      });
      let written;
      try {
        written = await store.write(state, { kind: "update", message: `plan created${opts.approve ? " and approved" : ""}` });
      } catch (err) {
        if (err instanceof ConflictError) return "unchanged";
        throw err;
      }
      print(statusTable(written));
      return "created";
    },
    (holder) => {
      throw new ConfigError(`Cannot initialize: another tick holds ${store.description} (${holder}).`);
    }
  );
}
async function initCommand(s, print) {
  const outcome = await initState(s, { approve: s.approve }, print);
  if (outcome === "unchanged") throw new ConfigError(`A plan already exists for "${s.planId}"; it was left untouched. Use \`status\`, or another --plan-id.`);
  if (!s.approve) print("Awaiting approval: run `agent-step-sequencer approve` (optionally --delay N) to start.");
  return 0;
}

export {
  validateCommand,
  initState,
  initCommand
};
