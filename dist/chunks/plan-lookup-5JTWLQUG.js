import {
  fleetBranches,
  forPlan
} from "./chunk-TGSBCI7O.js";
import "./chunk-RRKBHG3X.js";
import "./chunk-OKEVRBZU.js";
import "./chunk-PFOLIUZO.js";
import "./chunk-QSVIDUDO.js";
import "./chunk-BZTU3UV2.js";
import "./chunk-7JTDDRLV.js";
import "./chunk-QDMWCQDP.js";
import "./chunk-S6K3D646.js";
import {
  listPlanRefs
} from "./chunk-TVOG2P4E.js";
import "./chunk-SOQWTVCZ.js";
import "./chunk-NEPVVNT5.js";
import {
  workspaceGit
} from "./chunk-FU35SMV7.js";
import "./chunk-A35T5UHC.js";
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

// src/cli/plan-lookup.ts
async function remotePlanIds(s) {
  return (await listPlanRefs(workspaceGit(s.workspace), s.remote, fleetBranches(s).prefix)).map((r) => r.planId).sort();
}
export {
  forPlan,
  remotePlanIds
};
