import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);
import {
  createNotifier,
  createPlanStore,
  issueNumberOf,
  planBranch,
  pullRequestBranch,
  runLinks,
  tickPlan
} from "./chunk-EVBE6UM7.js";
import "./chunk-GOHY7VA6.js";
import "./chunk-IXGKXTFW.js";
import "./chunk-NWIZML63.js";
import "./chunk-H3YOHMVR.js";
import "./chunk-A2SEFKAZ.js";
import "./chunk-7ZHH3IPM.js";
import "./chunk-EKUR4ML3.js";
import "./chunk-KEKBO2EF.js";
import "./chunk-TEYULPYE.js";
import "./chunk-EJHJ3B7N.js";
import "./chunk-GEX65OPK.js";
import "./chunk-PANJYNO7.js";
export {
  createNotifier,
  createPlanStore,
  issueNumberOf,
  planBranch,
  pullRequestBranch,
  runLinks,
  tickPlan
};
