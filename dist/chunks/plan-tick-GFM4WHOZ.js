import {
  ProgressNotifier,
  createNotifier,
  planEngine,
  ranAttemptHere,
  reportPlan,
  runLinks,
  tickPlan
} from "./chunk-LVN7R7PB.js";
import "./chunk-GA76W5TF.js";
import "./chunk-2GQQEFJ5.js";
import "./chunk-WKUNTCM3.js";
import "./chunk-OLWH6NLB.js";
import "./chunk-AH7ZDXIC.js";
import "./chunk-LJCTEGRG.js";
import "./chunk-CSY2JQFN.js";
import "./chunk-CATWJHYW.js";
import "./chunk-PFOLIUZO.js";
import "./chunk-KN6DL4LR.js";
import "./chunk-HFMQZEEO.js";
import "./chunk-5GGJBFZF.js";
import "./chunk-7JTDDRLV.js";
import "./chunk-YZVZVWYV.js";
import "./chunk-2QI54M2Q.js";
import "./chunk-XI2UETZT.js";
import "./chunk-7WVSWHWZ.js";
import "./chunk-DUAHX55U.js";
import "./chunk-PSDTEU6M.js";
import "./chunk-LCWLH6WQ.js";
import "./chunk-SOQWTVCZ.js";
import "./chunk-NEPVVNT5.js";
import "./chunk-HQAVCPKY.js";
import "./chunk-FU35SMV7.js";
import "./chunk-A35T5UHC.js";
import "./chunk-3M3F447X.js";
import "./chunk-DWOIM4IW.js";
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
  ProgressNotifier,
  createNotifier,
  planEngine,
  ranAttemptHere,
  reportPlan,
  runLinks,
  tickPlan
};
