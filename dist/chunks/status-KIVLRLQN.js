import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);
import {
  createStore
} from "./chunk-KDLMCTHO.js";
import "./chunk-OBRPA4I7.js";
import "./chunk-VU5TJI4G.js";
import "./chunk-A7XPLWEY.js";
import {
  withStore
} from "./chunk-R3Q4JQAF.js";
import "./chunk-WN2SGOET.js";
import "./chunk-LSXW7KTX.js";
import "./chunk-5TN2WKBY.js";
import "./chunk-LTEK3PLF.js";
import "./chunk-4CJB2XNU.js";
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
} from "./chunk-USZCYFOB.js";
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
