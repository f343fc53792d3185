import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);
import {
  createNotifier,
  createPlanStore,
  issueNumberOf,
  planBranch,
  tickPlan
} from "./chunk-TBYWWL2K.js";
import "./chunk-JT7ESTSQ.js";
import "./chunk-GQC6YQY7.js";
import "./chunk-HWJ2OXAX.js";
import "./chunk-2624AKEQ.js";
import "./chunk-YLYNSTS6.js";
import "./chunk-UQR7UTTI.js";
import "./chunk-TEYULPYE.js";
import "./chunk-EJHJ3B7N.js";
import "./chunk-GEX65OPK.js";
import "./chunk-PANJYNO7.js";
export {
  createNotifier,
  createPlanStore,
  issueNumberOf,
  planBranch,
  tickPlan
};
