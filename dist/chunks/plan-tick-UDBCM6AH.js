import {
  ProgressNotifier,
  createNotifier,
  planEngine,
  ranAttemptHere,
  reportPlan,
  runLinks,
  tickPlan
} from "./chunk-FKGCS7H3.js";
import "./chunk-4UOEKCKL.js";
import "./chunk-YT2BUW7L.js";
import "./chunk-QKYSGGKA.js";
import "./chunk-P5VNOYIR.js";
import "./chunk-AH7ZDXIC.js";
import "./chunk-7FN7WMD3.js";
import "./chunk-RRKBHG3X.js";
import "./chunk-OKEVRBZU.js";
import "./chunk-PFOLIUZO.js";
import "./chunk-PRF2DWIT.js";
import "./chunk-QSVIDUDO.js";
import "./chunk-BZTU3UV2.js";
import "./chunk-7JTDDRLV.js";
import "./chunk-2HJ36YCJ.js";
import "./chunk-ZZIYRKVL.js";
import "./chunk-XI2UETZT.js";
import "./chunk-QDMWCQDP.js";
import "./chunk-DUAHX55U.js";
import "./chunk-PSDTEU6M.js";
import "./chunk-LCWLH6WQ.js";
import "./chunk-SOQWTVCZ.js";
import "./chunk-NEPVVNT5.js";
import "./chunk-WJDX6BBC.js";
import "./chunk-FU35SMV7.js";
import "./chunk-A35T5UHC.js";
import "./chunk-3M3F447X.js";
import "./chunk-2GIP43YT.js";
import "./chunk-BWBUHT3Z.js";
import "./chunk-VR5SVZTL.js";
import "./chunk-QT4UXPX2.js";
import "./chunk-A3WMSJ63.js";
import "./chunk-TDAZSMKS.js";
import "./chunk-VSJIOXXK.js";
import "./chunk-6AUMYIEP.js";
import "./chunk-UVXCAWLY.js";
import "./chunk-UOQNXP7J.js";
import "./chunk-A6RB5CVQ.js";
import "./chunk-OZSP3UNX.js";
import "./chunk-WET6GGPQ.js";
import "./chunk-27FUKKN2.js";
export {
  ProgressNotifier,
  createNotifier,
  planEngine,
  ranAttemptHere,
  reportPlan,
  runLinks,
  tickPlan
};
