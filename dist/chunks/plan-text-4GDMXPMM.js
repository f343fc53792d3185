import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);
import {
  extractPlan,
  loadPlanText,
  parsePlanText
} from "./chunk-D5SYO5XF.js";
import "./chunk-76KSSAIN.js";
import "./chunk-BDUNONRE.js";
import "./chunk-MRNNEJPN.js";
import "./chunk-WJUSOK3Y.js";
import "./chunk-4L5DIE5B.js";
import "./chunk-UVXCAWLY.js";
import "./chunk-653STPFW.js";
import "./chunk-RVNDXNJV.js";
import "./chunk-V5P7V7LJ.js";
import "./chunk-JRKLLSI7.js";
import "./chunk-CIGEKA3Y.js";
import "./chunk-27FUKKN2.js";
export {
  extractPlan,
  loadPlanText,
  parsePlanText
};
