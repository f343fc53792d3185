import {
  continuePlan
} from "./chunk-K6VFGR5A.js";
import "./chunk-KN6DL4LR.js";
import "./chunk-HFMQZEEO.js";
import "./chunk-5GGJBFZF.js";
import "./chunk-7JTDDRLV.js";
import "./chunk-YZVZVWYV.js";
import "./chunk-NEPVVNT5.js";
import "./chunk-A35T5UHC.js";
import "./chunk-ZVJE5Q3T.js";
import "./chunk-6AUMYIEP.js";
import "./chunk-UVXCAWLY.js";
import "./chunk-5BMIKSX6.js";
import "./chunk-A6RB5CVQ.js";
import "./chunk-JRKLLSI7.js";
import "./chunk-WET6GGPQ.js";
import "./chunk-27FUKKN2.js";
export {
  continuePlan
};
