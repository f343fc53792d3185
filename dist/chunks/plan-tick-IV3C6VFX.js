import {
  ProgressNotifier,
  createNotifier,
  planEngine,
  ranAttemptHere,
  reportPlan,
  runLinks,
  tickPlan
} from "./chunk-VEDIRKUT.js";
import "./chunk-IMCMNHWX.js";
import "./chunk-NH24PRRE.js";
import "./chunk-R5KXN6JW.js";
import "./chunk-RFVYANYN.js";
import "./chunk-AH7ZDXIC.js";
import "./chunk-2QADSRKL.js";
import "./chunk-PX3ZMCT6.js";
import "./chunk-XUC2PYUD.js";
import "./chunk-VNQ3DKN6.js";
import "./chunk-VA4N5PXD.js";
import "./chunk-TPWNYJ5O.js";
import "./chunk-7JTDDRLV.js";
import "./chunk-YZVZVWYV.js";
import "./chunk-HQKMYBUY.js";
import "./chunk-XI2UETZT.js";
import "./chunk-UJZVFI3I.js";
import "./chunk-DUAHX55U.js";
import "./chunk-JRLYY3GM.js";
import "./chunk-LCWLH6WQ.js";
import "./chunk-SOQWTVCZ.js";
import "./chunk-NEPVVNT5.js";
import "./chunk-HQAVCPKY.js";
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
  ProgressNotifier,
  createNotifier,
  planEngine,
  ranAttemptHere,
  reportPlan,
  runLinks,
  tickPlan
};
