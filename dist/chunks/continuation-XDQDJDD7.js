import {
  continuePlan
} from "./chunk-ZDOKZZYJ.js";
import "./chunk-VNQ3DKN6.js";
import "./chunk-VA4N5PXD.js";
import "./chunk-TPWNYJ5O.js";
import "./chunk-7JTDDRLV.js";
import "./chunk-YZVZVWYV.js";
import "./chunk-NEPVVNT5.js";
import "./chunk-A35T5UHC.js";
import "./chunk-3CAXZCI5.js";
import "./chunk-WJUSOK3Y.js";
import "./chunk-UVXCAWLY.js";
import "./chunk-MDA3Y5F6.js";
import "./chunk-JRKLLSI7.js";
import "./chunk-A6RB5CVQ.js";
import "./chunk-WET6GGPQ.js";
import "./chunk-27FUKKN2.js";
export {
  continuePlan
};
