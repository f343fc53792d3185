import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);
import {
  createStore
} from "./chunk-M5AMJ7JN.js";
import "./chunk-WU5JEI7W.js";
import "./chunk-6JGKCVEQ.js";
import "./chunk-CX7OMD2C.js";
import "./chunk-A7XPLWEY.js";
import {
  withStore
} from "./chunk-HY62VIQ7.js";
import "./chunk-GDEZUE3O.js";
import "./chunk-CQCEFVFH.js";
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
import {
  terminalJson
} from "./chunk-SY3ESOGT.js";
import "./chunk-K6PSMX6F.js";
import "./chunk-VVMYYVID.js";
import "./chunk-3RW55J7L.js";
import "./chunk-TEYULPYE.js";
import "./chunk-PANJYNO7.js";

// src/cli/commands/status.ts
async function statusCommand(s, print) {
  const store = createStore(s, "status");
  const loaded = await withStore(store, "read", () => store.load());
  if (loaded.kind === "missing") {
    print(s.json ? JSON.stringify({ status: "MISSING", planId: s.planId }) : `No plan at ${store.description}.`);
    return 0;
  }
  print(s.json ? terminalJson(loaded.state, 2) : statusTable(loaded.state));
  return 0;
}
export {
  statusCommand
};
