import {
  checkState,
  parseState,
  validateState
} from "./chunk-3SRCBPQV.js";
import "./chunk-QT4UXPX2.js";
import "./chunk-KC3P52NL.js";
import "./chunk-BDUNONRE.js";
import "./chunk-AUWL24LI.js";
import "./chunk-WJUSOK3Y.js";
import "./chunk-4L5DIE5B.js";
import "./chunk-UVXCAWLY.js";
import "./chunk-VZJ5KI2F.js";
import "./chunk-JRKLLSI7.js";
import "./chunk-LKZZV6XG.js";
import "./chunk-BW4A33EZ.js";
import "./chunk-27FUKKN2.js";
export {
  checkState,
  parseState,
  validateState
};
