import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);
import {
  createNotifier,
  createPlanStore,
  issueNumberOf,
  planBranch,
  tickPlan
} from "./chunk-VNKWBPCZ.js";
import "./chunk-PJOBFYYP.js";
import "./chunk-C2DVRFHK.js";
import "./chunk-MTDYWTRX.js";
import "./chunk-ABOES2Z5.js";
import "./chunk-W45QG6MF.js";
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
