import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);
import {
  createNotifier,
  createPlanStore,
  issueNumberOf,
  planBranch,
  tickPlan
} from "./chunk-QCLYWZPF.js";
import "./chunk-I3ODYMWU.js";
import "./chunk-HIMHTLNS.js";
import "./chunk-NWIZML63.js";
import "./chunk-G7CRUPCD.js";
import "./chunk-KI3SBJOW.js";
import "./chunk-JJTX75AI.js";
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
