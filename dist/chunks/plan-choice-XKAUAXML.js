import {
  choiceError,
  choosePlan,
  existingPlans,
  missingPlanError,
  resolvePlan
} from "./chunk-2STV3FKS.js";
import "./chunk-BWBUHT3Z.js";
import "./chunk-A6RB5CVQ.js";
import "./chunk-WET6GGPQ.js";
import "./chunk-27FUKKN2.js";
export {
  choiceError,
  choosePlan,
  existingPlans,
  missingPlanError,
  resolvePlan
};
