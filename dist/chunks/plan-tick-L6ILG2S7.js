import {
  ProgressNotifier,
  createNotifier,
  planEngine,
  ranAttemptHere,
  reportPlan,
  runLinks,
  tickPlan
} from "./chunk-A4UFU4KO.js";
import "./chunk-W3O3V2JO.js";
import "./chunk-NMPRIX5G.js";
import "./chunk-GJ34FLAA.js";
import "./chunk-RFVYANYN.js";
import "./chunk-AH7ZDXIC.js";
import "./chunk-4A2TZAK2.js";
import "./chunk-PX3ZMCT6.js";
import "./chunk-WZPVHF4I.js";
import "./chunk-VNQ3DKN6.js";
import "./chunk-VA4N5PXD.js";
import "./chunk-TPWNYJ5O.js";
import "./chunk-7JTDDRLV.js";
import "./chunk-YZVZVWYV.js";
import "./chunk-PE3ZKGMH.js";
import "./chunk-XI2UETZT.js";
import "./chunk-CPKLYVOY.js";
import "./chunk-JRLYY3GM.js";
import "./chunk-LCWLH6WQ.js";
import "./chunk-SOQWTVCZ.js";
import "./chunk-NEPVVNT5.js";
import "./chunk-HQAVCPKY.js";
import "./chunk-DHAUEX2F.js";
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
  ProgressNotifier,
  createNotifier,
  planEngine,
  ranAttemptHere,
  reportPlan,
  runLinks,
  tickPlan
};
