import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);
import {
  extractPlan,
  loadPlanText,
  parsePlanText
} from "./chunk-VYNNRU7U.js";
import "./chunk-V4DTJCJ2.js";
import "./chunk-XGQXDCDV.js";
import "./chunk-MELPNHRC.js";
import "./chunk-VVMYYVID.js";
import "./chunk-3RW55J7L.js";
import "./chunk-TEYULPYE.js";
import "./chunk-PANJYNO7.js";
export {
  extractPlan,
  loadPlanText,
  parsePlanText
};
