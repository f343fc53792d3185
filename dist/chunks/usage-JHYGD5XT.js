import {
  createStore
} from "./chunk-YMPFRBMK.js";
import {
  withStore
} from "./chunk-MJYEMCGX.js";
import "./chunk-YZTQXBKO.js";
import "./chunk-PBU4QND2.js";
import "./chunk-HKODUO3F.js";
import {
  usageReport,
  usageTable
} from "./chunk-BCAMCS4J.js";
import "./chunk-7JTDDRLV.js";
import "./chunk-AW6YU6UN.js";
import "./chunk-S6K3D646.js";
import "./chunk-SOQWTVCZ.js";
import "./chunk-7UV2UW7L.js";
import "./chunk-6KJU7HR3.js";
import {
  terminalJson,
  terminalLine
} from "./chunk-A35T5UHC.js";
import "./chunk-W2VK3BOF.js";
import "./chunk-OFDAWBXG.js";
import "./chunk-VIMMO6BZ.js";
import "./chunk-XJSN5XZE.js";
import "./chunk-QT4UXPX2.js";
import "./chunk-5IVMWA6B.js";
import "./chunk-BDUNONRE.js";
import "./chunk-XV6W4PJN.js";
import "./chunk-WJUSOK3Y.js";
import "./chunk-4L5DIE5B.js";
import "./chunk-UVXCAWLY.js";
import "./chunk-AVSWLEKS.js";
import "./chunk-JRKLLSI7.js";
import "./chunk-LKZZV6XG.js";
import "./chunk-BW4A33EZ.js";
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
