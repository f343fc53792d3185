import {
  initCommand,
  initState,
  validateCommand
} from "./chunk-73IO5L6Q.js";
import "./chunk-JSY6RRJ7.js";
import "./chunk-4CFAWS3Z.js";
import "./chunk-N4INV427.js";
import "./chunk-AH7ZDXIC.js";
import "./chunk-LJCTEGRG.js";
import "./chunk-CSY2JQFN.js";
import "./chunk-PBDELKKB.js";
import "./chunk-PFOLIUZO.js";
import "./chunk-HFMQZEEO.js";
import "./chunk-5GGJBFZF.js";
import "./chunk-7JTDDRLV.js";
import "./chunk-T2FTTETS.js";
import "./chunk-S6K3D646.js";
import "./chunk-SOQWTVCZ.js";
import "./chunk-NEPVVNT5.js";
import "./chunk-FU35SMV7.js";
import "./chunk-A35T5UHC.js";
import "./chunk-3M3F447X.js";
import "./chunk-5Z3EO4K6.js";
import "./chunk-BWBUHT3Z.js";
import "./chunk-S436FCTW.js";
import "./chunk-QT4UXPX2.js";
import "./chunk-B2TGJQAS.js";
import "./chunk-RB4TAPDD.js";
import "./chunk-ZVJE5Q3T.js";
import "./chunk-6AUMYIEP.js";
import "./chunk-UVXCAWLY.js";
import "./chunk-5BMIKSX6.js";
import "./chunk-A6RB5CVQ.js";
import "./chunk-JRKLLSI7.js";
import "./chunk-WET6GGPQ.js";
import "./chunk-27FUKKN2.js";
export {
  initCommand,
  initState,
  validateCommand
};
