import {
  initCommand,
  initState,
  validateCommand
} from "./chunk-VOBILI7K.js";
import "./chunk-APLWGQDB.js";
import "./chunk-LFB4J5MI.js";
import "./chunk-AQ5L3J73.js";
import "./chunk-AH7ZDXIC.js";
import "./chunk-4A2TZAK2.js";
import "./chunk-PX3ZMCT6.js";
import "./chunk-WZPVHF4I.js";
import "./chunk-VA4N5PXD.js";
import "./chunk-TPWNYJ5O.js";
import "./chunk-7JTDDRLV.js";
import "./chunk-CPKLYVOY.js";
import "./chunk-S6K3D646.js";
import "./chunk-SOQWTVCZ.js";
import "./chunk-NEPVVNT5.js";
import "./chunk-FU35SMV7.js";
import "./chunk-A35T5UHC.js";
import "./chunk-3M3F447X.js";
import "./chunk-OCONHFBS.js";
import "./chunk-BWBUHT3Z.js";
import "./chunk-PYNWCEHV.js";
import "./chunk-QT4UXPX2.js";
import "./chunk-XCSQVNXR.js";
import "./chunk-BDUNONRE.js";
import "./chunk-3CAXZCI5.js";
import "./chunk-WJUSOK3Y.js";
import "./chunk-4L5DIE5B.js";
import "./chunk-UVXCAWLY.js";
import "./chunk-MDA3Y5F6.js";
import "./chunk-JRKLLSI7.js";
import "./chunk-A6RB5CVQ.js";
import "./chunk-WET6GGPQ.js";
import "./chunk-27FUKKN2.js";
export {
  initCommand,
  initState,
  validateCommand
};
