import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);
import {
  createStore
} from "./chunk-DOCE244H.js";
import "./chunk-PDTINHGB.js";
import "./chunk-5X5WQJM4.js";
import {
  usageReport,
  usageTable
} from "./chunk-7E2BVGWF.js";
import "./chunk-HBPE4V7O.js";
import "./chunk-Q3RHMHRP.js";
import "./chunk-PK4HEZIW.js";
import "./chunk-A7XPLWEY.js";
import {
  withStore
} from "./chunk-TUS53VBD.js";
import "./chunk-GDEZUE3O.js";
import "./chunk-IAW7XI6Z.js";
import "./chunk-CQCEFVFH.js";
import {
  terminalJson,
  terminalLine
} from "./chunk-SY3ESOGT.js";
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

// src/cli/commands/usage.ts
async function usageCommand(s, print) {
  const store = createStore(s, "usage");
  const loaded = await withStore(store, "read", () => store.load());
  if (loaded.kind === "missing") {
    print(s.json ? JSON.stringify({ status: "MISSING", planId: s.planId }) : `No plan at ${store.description}.`);
    return 0;
  }
  if (s.json) print(terminalJson(usageReport(loaded.state), 2));
  else for (const line of usageTable(loaded.state).split("\n")) print(terminalLine(line));
  return 0;
}
export {
  usageCommand
};
