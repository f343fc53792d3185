import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);
import {
  createStore
} from "./chunk-JGAGSQNL.js";
import "./chunk-7OXFERW2.js";
import "./chunk-33XZJFSU.js";
import "./chunk-V4DTJCJ2.js";
import "./chunk-A7XPLWEY.js";
import "./chunk-N575SEFU.js";
import "./chunk-LUFHFP3X.js";
import "./chunk-E7UPUYF5.js";
import "./chunk-6W6564PG.js";
import "./chunk-XGQXDCDV.js";
import "./chunk-MELPNHRC.js";
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
  if (s.store === "git") await store.acquire();
  const loaded = await store.load();
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
