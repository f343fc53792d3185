import {
  fleetBranches,
  forPlan
} from "./chunk-4UXFPTGK.js";
import "./chunk-6MG3T22E.js";
import "./chunk-FFYZ4ROC.js";
import "./chunk-PFOLIUZO.js";
import "./chunk-IRK2HWI5.js";
import "./chunk-J73L5JYA.js";
import "./chunk-7JTDDRLV.js";
import "./chunk-FHPBXRTG.js";
import "./chunk-S6K3D646.js";
import {
  listPlanRefs
} from "./chunk-UEUBVEEP.js";
import "./chunk-SOQWTVCZ.js";
import "./chunk-NEPVVNT5.js";
import {
  workspaceGit
} from "./chunk-IU7JM5AZ.js";
import "./chunk-A35T5UHC.js";
import "./chunk-3M3F447X.js";
import "./chunk-NFBUI6BI.js";
import "./chunk-6ECGHLWA.js";
import "./chunk-6DUBC6QF.js";
import "./chunk-QT4UXPX2.js";
import "./chunk-CLI34DJC.js";
import "./chunk-PY777ZN4.js";
import "./chunk-IU6TIPQF.js";
import "./chunk-RK2TRGWS.js";
import "./chunk-UVXCAWLY.js";
import "./chunk-IYAFPMAX.js";
import "./chunk-X26RSK32.js";
import "./chunk-JRKLLSI7.js";
import "./chunk-UZTB5BNK.js";
import "./chunk-27FUKKN2.js";

// src/cli/plan-lookup.ts
async function remotePlanIds(s) {
  return (await listPlanRefs(workspaceGit(s.workspace), s.remote, fleetBranches(s).prefix)).map((r) => r.planId).sort();
}
export {
  forPlan,
  remotePlanIds
};
