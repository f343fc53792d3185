import {
  choiceError,
  choosePlan,
  existingPlans,
  missingPlanError,
  resolvePlan
} from "./chunk-7FZ5XP7P.js";
import "./chunk-XCTDHDOF.js";
import "./chunk-BU6FJO6W.js";
import "./chunk-EKJMZD64.js";
import "./chunk-27FUKKN2.js";
export {
  choiceError,
  choosePlan,
  existingPlans,
  missingPlanError,
  resolvePlan
};
