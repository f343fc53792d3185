import {
  createStore
} from "./chunk-P2XTTXDW.js";
import {
  withStore
} from "./chunk-AH7ZDXIC.js";
import "./chunk-CSY2JQFN.js";
import "./chunk-PZTGYUCJ.js";
import "./chunk-PFOLIUZO.js";
import "./chunk-HFMQZEEO.js";
import {
  usageReport,
  usageTable
} from "./chunk-5GGJBFZF.js";
import "./chunk-7JTDDRLV.js";
import "./chunk-NV27MYAX.js";
import "./chunk-S6K3D646.js";
import "./chunk-SOQWTVCZ.js";
import "./chunk-NEPVVNT5.js";
import "./chunk-FU35SMV7.js";
import {
  terminalJson,
  terminalLine
} from "./chunk-A35T5UHC.js";
import "./chunk-3M3F447X.js";
import "./chunk-ONAHJ7E2.js";
import "./chunk-BWBUHT3Z.js";
import "./chunk-TGUKS3HG.js";
import "./chunk-QT4UXPX2.js";
import "./chunk-MKR5BNXY.js";
import "./chunk-RB4TAPDD.js";
import "./chunk-ZVJE5Q3T.js";
import "./chunk-6AUMYIEP.js";
import "./chunk-UVXCAWLY.js";
import "./chunk-5BMIKSX6.js";
import "./chunk-A6RB5CVQ.js";
import "./chunk-JRKLLSI7.js";
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
