import {
  initCommand,
  initState,
  validateCommand
} from "./chunk-WEYLVDLP.js";
import "./chunk-KHRPQVFD.js";
import "./chunk-DAVC5X6Q.js";
import "./chunk-ZVJOOGOT.js";
import "./chunk-AH7ZDXIC.js";
import "./chunk-2QADSRKL.js";
import "./chunk-PX3ZMCT6.js";
import "./chunk-XUC2PYUD.js";
import "./chunk-VA4N5PXD.js";
import "./chunk-TPWNYJ5O.js";
import "./chunk-7JTDDRLV.js";
import "./chunk-UJZVFI3I.js";
import "./chunk-S6K3D646.js";
import "./chunk-SOQWTVCZ.js";
import "./chunk-NEPVVNT5.js";
import "./chunk-FU35SMV7.js";
import "./chunk-A35T5UHC.js";
import "./chunk-3M3F447X.js";
import "./chunk-VPK5KLVZ.js";
import "./chunk-BWBUHT3Z.js";
import "./chunk-NY2TT2I6.js";
import "./chunk-QT4UXPX2.js";
import "./chunk-TMKOGW3P.js";
import "./chunk-BDUNONRE.js";
import "./chunk-3CAXZCI5.js";
import "./chunk-WJUSOK3Y.js";
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
