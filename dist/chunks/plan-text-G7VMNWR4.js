import {
  extractPlan,
  loadPlanText,
  parsePlanText
} from "./chunk-EUGWNTVZ.js";
import "./chunk-4AX6OBBN.js";
import "./chunk-EQ7EI33E.js";
import "./chunk-ZVJE5Q3T.js";
import "./chunk-RK2TRGWS.js";
import "./chunk-UVXCAWLY.js";
import "./chunk-5BMIKSX6.js";
import "./chunk-A6RB5CVQ.js";
import "./chunk-JRKLLSI7.js";
import "./chunk-WET6GGPQ.js";
import "./chunk-27FUKKN2.js";
export {
  extractPlan,
  loadPlanText,
  parsePlanText
};
