import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);
import {
  createNotifier,
  createPlanStore,
  issueNumberOf,
  planBranch,
  tickPlan
} from "./chunk-RQO2FPAS.js";
import "./chunk-PJOBFYYP.js";
import "./chunk-R7JWPRIG.js";
import "./chunk-IRJCAE76.js";
import "./chunk-24FDCKIO.js";
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
