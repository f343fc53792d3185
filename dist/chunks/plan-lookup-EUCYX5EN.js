import {
  fleetBranches,
  forPlan
} from "./chunk-YMPFRBMK.js";
import "./chunk-YZTQXBKO.js";
import "./chunk-PBU4QND2.js";
import "./chunk-HKODUO3F.js";
import "./chunk-BCAMCS4J.js";
import "./chunk-7JTDDRLV.js";
import "./chunk-AW6YU6UN.js";
import "./chunk-S6K3D646.js";
import {
  listPlanRefs
} from "./chunk-EYKCBMST.js";
import "./chunk-SOQWTVCZ.js";
import "./chunk-7UV2UW7L.js";
import {
  workspaceGit
} from "./chunk-6KJU7HR3.js";
import "./chunk-A35T5UHC.js";
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

// src/cli/plan-lookup.ts
async function remotePlanIds(s) {
  return (await listPlanRefs(workspaceGit(s.workspace), s.remote, fleetBranches(s).prefix)).map((r) => r.planId).sort();
}
export {
  forPlan,
  remotePlanIds
};
