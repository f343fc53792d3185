import {
  initCommand,
  initState,
  validateCommand
} from "./chunk-KNVQJDVY.js";
import "./chunk-PM2RDCBL.js";
import "./chunk-26VCXFIE.js";
import "./chunk-P2XTTXDW.js";
import "./chunk-AH7ZDXIC.js";
import "./chunk-YUOZU6UM.js";
import "./chunk-CSY2JQFN.js";
import "./chunk-PZTGYUCJ.js";
import "./chunk-PFOLIUZO.js";
import "./chunk-HFMQZEEO.js";
import "./chunk-5GGJBFZF.js";
import "./chunk-7JTDDRLV.js";
import "./chunk-NV27MYAX.js";
import "./chunk-S6K3D646.js";
import "./chunk-SOQWTVCZ.js";
import "./chunk-NEPVVNT5.js";
import "./chunk-FU35SMV7.js";
import "./chunk-A35T5UHC.js";
import "./chunk-3M3F447X.js";
import "./chunk-ONAHJ7E2.js";
import "./chunk-BWBUHT3Z.js";
import "./chunk-TGUKS3HG.js";
import "./chunk-QT4UXPX2.js";
import "./chunk-MKR5BNXY.js";
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
