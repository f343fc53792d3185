import {
  continuePlan
} from "./chunk-DKVXD7DR.js";
import "./chunk-7JWXCA3G.js";
import "./chunk-6MTQECTV.js";
import "./chunk-J73L5JYA.js";
import "./chunk-7JTDDRLV.js";
import "./chunk-YZVZVWYV.js";
import "./chunk-NEPVVNT5.js";
import "./chunk-A35T5UHC.js";
import "./chunk-QT4UXPX2.js";
import "./chunk-IU6TIPQF.js";
import "./chunk-RK2TRGWS.js";
import "./chunk-UVXCAWLY.js";
import "./chunk-IYAFPMAX.js";
import "./chunk-X26RSK32.js";
import "./chunk-JRKLLSI7.js";
import "./chunk-UZTB5BNK.js";
import "./chunk-27FUKKN2.js";
export {
  continuePlan
};
