import {
  extractPlan,
  loadPlanText,
  parsePlanText
} from "./chunk-Y5MWJGUZ.js";
import "./chunk-TMKOGW3P.js";
import "./chunk-BDUNONRE.js";
import "./chunk-3CAXZCI5.js";
import "./chunk-WJUSOK3Y.js";
import "./chunk-UVXCAWLY.js";
import "./chunk-MDA3Y5F6.js";
import "./chunk-JRKLLSI7.js";
import "./chunk-A6RB5CVQ.js";
import "./chunk-WET6GGPQ.js";
import "./chunk-27FUKKN2.js";
export {
  extractPlan,
  loadPlanText,
  parsePlanText
};
