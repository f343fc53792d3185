import {
  ProgressNotifier,
  createNotifier,
  planEngine,
  ranAttemptHere,
  reportPlan,
  runLinks,
  tickPlan
} from "./chunk-Y6EVA344.js";
import "./chunk-5UZJ32P7.js";
import "./chunk-FIEHDB6S.js";
import "./chunk-J5SUD4QN.js";
import "./chunk-OLWH6NLB.js";
import "./chunk-AH7ZDXIC.js";
import "./chunk-LJCTEGRG.js";
import "./chunk-CSY2JQFN.js";
import "./chunk-PBDELKKB.js";
import "./chunk-PFOLIUZO.js";
import "./chunk-KN6DL4LR.js";
import "./chunk-HFMQZEEO.js";
import "./chunk-5GGJBFZF.js";
import "./chunk-7JTDDRLV.js";
import "./chunk-YZVZVWYV.js";
import "./chunk-Z4IDVCVU.js";
import "./chunk-XI2UETZT.js";
import "./chunk-T2FTTETS.js";
import "./chunk-DUAHX55U.js";
import "./chunk-PSDTEU6M.js";
import "./chunk-LCWLH6WQ.js";
import "./chunk-SOQWTVCZ.js";
import "./chunk-NEPVVNT5.js";
import "./chunk-HQAVCPKY.js";
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
  ProgressNotifier,
  createNotifier,
  planEngine,
  ranAttemptHere,
  reportPlan,
  runLinks,
  tickPlan
};
