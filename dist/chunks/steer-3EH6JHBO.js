import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);
import {
  FileInbox,
  createEngine
} from "./chunk-DOCE244H.js";
import {
  tick
} from "./chunk-BQELHCCU.js";
import "./chunk-YW3HU3VR.js";
import "./chunk-6EU3EP4D.js";
import "./chunk-PDTINHGB.js";
import "./chunk-5X5WQJM4.js";
import {
  statusTable
} from "./chunk-7E2BVGWF.js";
import "./chunk-HBPE4V7O.js";
import "./chunk-Q3RHMHRP.js";
import "./chunk-LXZ66HMH.js";
import "./chunk-PK4HEZIW.js";
import "./chunk-ETDKUUCO.js";
import "./chunk-A7XPLWEY.js";
import "./chunk-C5V4ED6R.js";
import "./chunk-TUS53VBD.js";
import "./chunk-GDEZUE3O.js";
import "./chunk-IAW7XI6Z.js";
import "./chunk-CQCEFVFH.js";
import "./chunk-SY3ESOGT.js";
import "./chunk-62KPKR6O.js";
import "./chunk-CX6YGWYV.js";
import "./chunk-LSXW7KTX.js";
import "./chunk-FV7F3W4G.js";
import "./chunk-BURUKDR2.js";
import "./chunk-YX2CLHBO.js";
import "./chunk-MVW3MIZ5.js";
import "./chunk-LA6AF6NZ.js";
import "./chunk-IVICMJAE.js";
import "./chunk-KPYQ6AV6.js";
import "./chunk-4EQYPVNI.js";
import "./chunk-ZIC6WJ5X.js";
import "./chunk-PL4AQ5NX.js";
import "./chunk-3RW55J7L.js";
import "./chunk-7LBMPVVG.js";
import "./chunk-K6PSMX6F.js";
import "./chunk-4Z7O3SX3.js";
import "./chunk-6BBDAKON.js";
import "./chunk-XDUK4LLW.js";
import "./chunk-PANJYNO7.js";

// src/cli/commands/steer.ts
import os from "node:os";
function commandFrom(s) {
  const by = os.userInfo().username;
  const step = s.positionals[0];
  switch (s.command) {
    case "approve": {
      const b = s.spendBudget;
      if (b) return { kind: "approve", by, budgets: [...b.costUsd !== void 0 ? [{ kind: "costUsd", amount: b.costUsd }] : [], ...b.tokens !== void 0 ? [{ kind: "tokens", amount: b.tokens }] : []] };
      return s.delayMinutes !== void 0 ? { kind: "approve", by, delayMinutes: s.delayMinutes } : { kind: "approve", by };
    }
    case "cancel":
      return s.reason ? { kind: "cancel", by, reason: s.reason } : { kind: "cancel", by };
    case "retry":
    case "skip":
    case "restart":
      return step ? { kind: s.command, by, step } : { kind: s.command, by };
    default:
      return { kind: "resume", by };
  }
}
async function steerCommand(s, print) {
  const { deps, cfg, paths } = await createEngine(s, s.command);
  await FileInbox.post(paths.inboxDir, commandFrom(s));
  const result = await tick(deps, { ...cfg, commandsOnly: true });
  if (result.outcome === "missing") return 1;
  if (result.outcome === "busy") {
    print(`A tick is running (${result.detail ?? "busy"}); it will apply /${s.command} within a second or at its next step.`);
    return 0;
  }
  if (result.state) print(statusTable(result.state));
  return 0;
}
export {
  commandFrom,
  steerCommand
};
