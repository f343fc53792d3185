import {
  continuePlan
} from "./chunk-OBMH5JY2.js";
import "./chunk-FK4PBPX6.js";
import "./chunk-Z4F2HYRN.js";
import "./chunk-IRBHFVKM.js";
import "./chunk-7JTDDRLV.js";
import "./chunk-YZVZVWYV.js";
import "./chunk-7UV2UW7L.js";
import "./chunk-A35T5UHC.js";
import "./chunk-AUWL24LI.js";
import "./chunk-WJUSOK3Y.js";
import "./chunk-UVXCAWLY.js";
import "./chunk-VZJ5KI2F.js";
import "./chunk-JRKLLSI7.js";
import "./chunk-LKZZV6XG.js";
import "./chunk-BW4A33EZ.js";
import "./chunk-27FUKKN2.js";
export {
  continuePlan
};
