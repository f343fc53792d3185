import {
  extractPlan,
  loadPlanText,
  parsePlanText
} from "./chunk-SM356XQI.js";
import "./chunk-OQEA4OTZ.js";
import "./chunk-BDUNONRE.js";
import "./chunk-OLJ4YPOB.js";
import "./chunk-WJUSOK3Y.js";
import "./chunk-4L5DIE5B.js";
import "./chunk-UVXCAWLY.js";
import "./chunk-FV2SF3AH.js";
import "./chunk-JRKLLSI7.js";
import "./chunk-BU6FJO6W.js";
import "./chunk-EKJMZD64.js";
import "./chunk-27FUKKN2.js";
export {
  extractPlan,
  loadPlanText,
  parsePlanText
};
