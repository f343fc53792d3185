import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);
import {
  extractPlan,
  loadPlanText,
  parsePlanText
} from "./chunk-A3U2QX4L.js";
import "./chunk-V4DTJCJ2.js";
import "./chunk-5IR355RY.js";
import "./chunk-C7YZD35N.js";
import "./chunk-PL4AQ5NX.js";
import "./chunk-S44VL6GB.js";
import "./chunk-6BBDAKON.js";
import "./chunk-HNSKN3UY.js";
import "./chunk-3RW55J7L.js";
import "./chunk-TEYULPYE.js";
import "./chunk-PANJYNO7.js";
export {
  extractPlan,
  loadPlanText,
  parsePlanText
};
