import {
  fleetBranches,
  forPlan
} from "./chunk-GEEVHY5U.js";
import "./chunk-4XQJELZR.js";
import "./chunk-2HIBY5TL.js";
import "./chunk-Z4F2HYRN.js";
import "./chunk-IRBHFVKM.js";
import "./chunk-7JTDDRLV.js";
import "./chunk-LXKFCRB2.js";
import "./chunk-S6K3D646.js";
import {
  listPlanRefs
} from "./chunk-PPK64NBE.js";
import "./chunk-SOQWTVCZ.js";
import "./chunk-7UV2UW7L.js";
import {
  workspaceGit
} from "./chunk-6KJU7HR3.js";
import "./chunk-A35T5UHC.js";
import "./chunk-3M3F447X.js";
import "./chunk-5NJULRMY.js";
import "./chunk-VIMMO6BZ.js";
import "./chunk-3SRCBPQV.js";
import "./chunk-QT4UXPX2.js";
import "./chunk-KC3P52NL.js";
import "./chunk-BDUNONRE.js";
import "./chunk-AUWL24LI.js";
import "./chunk-WJUSOK3Y.js";
import "./chunk-4L5DIE5B.js";
import "./chunk-UVXCAWLY.js";
import "./chunk-VZJ5KI2F.js";
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
