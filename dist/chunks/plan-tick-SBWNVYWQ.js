import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);
import {
  createNotifier,
  createPlanStore,
  issueNumberOf,
  planBranch,
  tickPlan
} from "./chunk-SKY5QJ4F.js";
import "./chunk-PJOBFYYP.js";
import "./chunk-POSNAOZD.js";
import "./chunk-POOLUBZV.js";
import "./chunk-DUMATSLG.js";
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
