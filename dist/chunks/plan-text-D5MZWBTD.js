import {
  extractPlan,
  loadPlanText,
  parsePlanText
} from "./chunk-3N2GOI4J.js";
import "./chunk-O2X2K62E.js";
import "./chunk-PY777ZN4.js";
import "./chunk-IU6TIPQF.js";
import "./chunk-RK2TRGWS.js";
import "./chunk-UVXCAWLY.js";
import "./chunk-IYAFPMAX.js";
import "./chunk-X26RSK32.js";
import "./chunk-JRKLLSI7.js";
import "./chunk-UZTB5BNK.js";
import "./chunk-27FUKKN2.js";
export {
  extractPlan,
  loadPlanText,
  parsePlanText
};
