import {
  ProgressNotifier,
  createNotifier,
  planEngine,
  ranAttemptHere,
  reportPlan,
  runLinks,
  tickPlan
} from "./chunk-U4EWBJFY.js";
import "./chunk-XT3EZ3TN.js";
import "./chunk-AH2IFARA.js";
import "./chunk-PAQF6PIY.js";
import "./chunk-OLWH6NLB.js";
import "./chunk-AH7ZDXIC.js";
import "./chunk-PGTG3KI2.js";
import "./chunk-KI5ITNRB.js";
import "./chunk-FNOD46TL.js";
import "./chunk-PFOLIUZO.js";
import "./chunk-DUCLTAWA.js";
import "./chunk-4XNKJXBD.js";
import "./chunk-5GGJBFZF.js";
import "./chunk-7JTDDRLV.js";
import "./chunk-YZVZVWYV.js";
import "./chunk-FP4BYA3Z.js";
import "./chunk-XI2UETZT.js";
import "./chunk-FZQTFGI6.js";
import "./chunk-DUAHX55U.js";
import "./chunk-PSDTEU6M.js";
import "./chunk-LCWLH6WQ.js";
import "./chunk-SOQWTVCZ.js";
import "./chunk-NEPVVNT5.js";
import "./chunk-HQAVCPKY.js";
import "./chunk-FU35SMV7.js";
import "./chunk-A35T5UHC.js";
import "./chunk-3M3F447X.js";
import "./chunk-Y4WZUCON.js";
import "./chunk-BWBUHT3Z.js";
import "./chunk-KO3AGIXO.js";
import "./chunk-QT4UXPX2.js";
import "./chunk-H5VRUBHN.js";
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
