import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);
import {
  extractPlan,
  loadPlanText,
  parsePlanText
} from "./chunk-7RT5P5DG.js";
import "./chunk-V4DTJCJ2.js";
import "./chunk-5FTGGAVO.js";
import "./chunk-M4FO77QO.js";
import "./chunk-PL4AQ5NX.js";
import "./chunk-TP74RK4A.js";
import "./chunk-6BBDAKON.js";
import "./chunk-VVMYYVID.js";
import "./chunk-3RW55J7L.js";
import "./chunk-TEYULPYE.js";
import "./chunk-PANJYNO7.js";
export {
  extractPlan,
  loadPlanText,
  parsePlanText
};
