import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);
import {
  FileInbox,
  createEngine
} from "./chunk-M5AMJ7JN.js";
import {
  tick
} from "./chunk-WNQL5WIK.js";
import "./chunk-3STCUU3O.js";
import "./chunk-N7TRRDBM.js";
import "./chunk-WU5JEI7W.js";
import "./chunk-6JGKCVEQ.js";
import "./chunk-LXZ66HMH.js";
import "./chunk-CX7OMD2C.js";
import "./chunk-SG5WBORI.js";
import "./chunk-A7XPLWEY.js";
import "./chunk-C5V4ED6R.js";
import "./chunk-HY62VIQ7.js";
import "./chunk-GDEZUE3O.js";
import "./chunk-CQCEFVFH.js";
import "./chunk-BU7G2S5G.js";
import "./chunk-MVO7J5GZ.js";
import "./chunk-LSXW7KTX.js";
import "./chunk-FKQHOTNO.js";
import "./chunk-LTEK3PLF.js";
import "./chunk-52STWBM3.js";
import "./chunk-V4DTJCJ2.js";
import "./chunk-SLP3AFZJ.js";
import "./chunk-6W6564PG.js";
import "./chunk-5FTGGAVO.js";
import "./chunk-M4FO77QO.js";
import "./chunk-PL4AQ5NX.js";
import "./chunk-TP74RK4A.js";
import "./chunk-6BBDAKON.js";
import {
  statusTable
} from "./chunk-EBTRQ2FF.js";
import "./chunk-INVZ7JWH.js";
import "./chunk-IAW7XI6Z.js";
import "./chunk-SY3ESOGT.js";
import "./chunk-K6PSMX6F.js";
import "./chunk-VVMYYVID.js";
import "./chunk-3RW55J7L.js";
import "./chunk-TEYULPYE.js";
import "./chunk-PANJYNO7.js";

// src/cli/commands/steer.ts
import os from "node:os";
function commandFrom(s) {
  const by = os.userInfo().username;
  const step = s.positionals[0];
  switch (s.command) {
    case "approve":
      return s.delayMinutes !== void 0 ? { kind: "approve", by, delayMinutes: s.delayMinutes } : { kind: "approve", by };
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
