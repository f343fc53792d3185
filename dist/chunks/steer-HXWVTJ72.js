import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);
import {
  FileInbox,
  createEngine
} from "./chunk-L2DZ3YKV.js";
import {
  tick
} from "./chunk-WQIIGNOQ.js";
import "./chunk-QVGO6IMF.js";
import "./chunk-6UXFIPVP.js";
import "./chunk-BHVOJSKN.js";
import "./chunk-MWUEARJM.js";
import "./chunk-LXZ66HMH.js";
import "./chunk-JGF7LIEF.js";
import "./chunk-6LLHKTRJ.js";
import "./chunk-A7XPLWEY.js";
import "./chunk-C5V4ED6R.js";
import "./chunk-HY62VIQ7.js";
import "./chunk-GDEZUE3O.js";
import "./chunk-CQCEFVFH.js";
import "./chunk-2VTJ722E.js";
import "./chunk-QQHVGTS6.js";
import "./chunk-LSXW7KTX.js";
import "./chunk-AMOTPMUF.js";
import "./chunk-4SLJJGMC.js";
import "./chunk-52STWBM3.js";
import "./chunk-V4DTJCJ2.js";
import "./chunk-MXJPYL5E.js";
import "./chunk-66L5JVEV.js";
import "./chunk-5IR355RY.js";
import "./chunk-C7YZD35N.js";
import "./chunk-PL4AQ5NX.js";
import "./chunk-S44VL6GB.js";
import "./chunk-6BBDAKON.js";
import {
  statusTable
} from "./chunk-U2N4QHC2.js";
import "./chunk-A2R6FQ4D.js";
import "./chunk-IAW7XI6Z.js";
import "./chunk-SY3ESOGT.js";
import "./chunk-MZSN4U4R.js";
import "./chunk-HNSKN3UY.js";
import "./chunk-3RW55J7L.js";
import "./chunk-TEYULPYE.js";
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
