import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);
import {
  createStore
} from "./chunk-L2DZ3YKV.js";
import "./chunk-BHVOJSKN.js";
import "./chunk-MWUEARJM.js";
import "./chunk-JGF7LIEF.js";
import "./chunk-A7XPLWEY.js";
import {
  withStore
} from "./chunk-HY62VIQ7.js";
import "./chunk-GDEZUE3O.js";
import "./chunk-CQCEFVFH.js";
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
import {
  terminalJson
} from "./chunk-SY3ESOGT.js";
import "./chunk-MZSN4U4R.js";
import "./chunk-HNSKN3UY.js";
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
