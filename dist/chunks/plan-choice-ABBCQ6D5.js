import {
  choiceError,
  choosePlan,
  existingPlans,
  missingPlanError,
  resolvePlan
} from "./chunk-ASJJ7IQE.js";
import "./chunk-6ECGHLWA.js";
import "./chunk-X26RSK32.js";
import "./chunk-UZTB5BNK.js";
import "./chunk-27FUKKN2.js";
export {
  choiceError,
  choosePlan,
  existingPlans,
  missingPlanError,
  resolvePlan
};
