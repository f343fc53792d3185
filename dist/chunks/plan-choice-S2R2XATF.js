import {
  choiceError,
  choosePlan,
  existingPlans,
  missingPlanError,
  resolvePlan
} from "./chunk-4AOYLWGI.js";
import "./chunk-VIMMO6BZ.js";
import "./chunk-LKZZV6XG.js";
import "./chunk-BW4A33EZ.js";
import "./chunk-27FUKKN2.js";
export {
  choiceError,
  choosePlan,
  existingPlans,
  missingPlanError,
  resolvePlan
};
