import {
  createStore
} from "./chunk-TGSBCI7O.js";
import {
  withStore
} from "./chunk-AH7ZDXIC.js";
import "./chunk-RRKBHG3X.js";
import "./chunk-OKEVRBZU.js";
import "./chunk-PFOLIUZO.js";
import "./chunk-QSVIDUDO.js";
import {
  usageReport,
  usageTable
} from "./chunk-BZTU3UV2.js";
import "./chunk-7JTDDRLV.js";
import "./chunk-QDMWCQDP.js";
import "./chunk-S6K3D646.js";
import "./chunk-SOQWTVCZ.js";
import "./chunk-NEPVVNT5.js";
import "./chunk-FU35SMV7.js";
import {
  terminalJson,
  terminalLine
} from "./chunk-A35T5UHC.js";
import "./chunk-3M3F447X.js";
import "./chunk-2GIP43YT.js";
import "./chunk-BWBUHT3Z.js";
import "./chunk-VR5SVZTL.js";
import "./chunk-QT4UXPX2.js";
import "./chunk-A3WMSJ63.js";
import "./chunk-TDAZSMKS.js";
import "./chunk-VSJIOXXK.js";
import "./chunk-6AUMYIEP.js";
import "./chunk-UVXCAWLY.js";
import "./chunk-UOQNXP7J.js";
import "./chunk-A6RB5CVQ.js";
import "./chunk-OZSP3UNX.js";
import "./chunk-WET6GGPQ.js";
import "./chunk-27FUKKN2.js";

// src/cli/commands/usage.ts
async function usageCommand(s, print) {
  let store = createStore(s, "usage"), loaded = await withStore(store, "read", () => store.load());
  if (loaded.kind === "missing")
    return print(s.json ? JSON.stringify({ status: "MISSING", planId: s.planId }) : `No plan at ${store.description}.`), 0;
  if (s.json) print(terminalJson(usageReport(loaded.state), 2));
  else for (let line of usageTable(loaded.state).split(`
`)) print(terminalLine(line));
  return 0;
}
export {
  usageCommand
};
