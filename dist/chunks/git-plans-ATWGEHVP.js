import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);
import {
  listActivePlans,
  listPlanRefs,
  markPlanIdle,
  markPlanWaiting,
  prunePlanRef,
  readPlanFacts,
  trackingTip
} from "./chunk-PH4HOWID.js";
import "./chunk-SN44HN7T.js";
import "./chunk-653STPFW.js";
import "./chunk-CIGEKA3Y.js";
import "./chunk-27FUKKN2.js";
export {
  listActivePlans,
  listPlanRefs,
  markPlanIdle,
  markPlanWaiting,
  prunePlanRef,
  readPlanFacts,
  trackingTip
};
