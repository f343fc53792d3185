import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);
import {
  continuePlan
} from "./chunk-7YD2P3SC.js";
import "./chunk-EYL5MDOV.js";
import "./chunk-KB3NCXMB.js";
import "./chunk-JZOZ7CN4.js";
import "./chunk-7JTDDRLV.js";
import "./chunk-YZVZVWYV.js";
import "./chunk-7UV2UW7L.js";
import "./chunk-A35T5UHC.js";
import "./chunk-HL6FWS6T.js";
import "./chunk-MRNNEJPN.js";
import "./chunk-WJUSOK3Y.js";
import "./chunk-UVXCAWLY.js";
import "./chunk-RVNDXNJV.js";
import "./chunk-V5P7V7LJ.js";
import "./chunk-JRKLLSI7.js";
import "./chunk-CIGEKA3Y.js";
import "./chunk-27FUKKN2.js";
export {
  continuePlan
};
