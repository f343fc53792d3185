import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);
import {
  extractPlan,
  loadPlanText,
  parsePlanText
} from "./chunk-ZXB56PSH.js";
import "./chunk-YK6MNYRB.js";
import "./chunk-762MIHSR.js";
import "./chunk-SKKTZLAV.js";
import "./chunk-WJUSOK3Y.js";
import "./chunk-4L5DIE5B.js";
import "./chunk-UVXCAWLY.js";
import "./chunk-653STPFW.js";
import "./chunk-RVNDXNJV.js";
import "./chunk-WDXB4OOW.js";
import "./chunk-JRKLLSI7.js";
import "./chunk-CIGEKA3Y.js";
import "./chunk-27FUKKN2.js";
export {
  extractPlan,
  loadPlanText,
  parsePlanText
};
