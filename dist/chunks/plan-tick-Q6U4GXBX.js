import {
  ProgressNotifier,
  createNotifier,
  planEngine,
  ranAttemptHere,
  reportPlan,
  runLinks,
  tickPlan
} from "./chunk-R2RDZ7Y4.js";
import "./chunk-QKE3HJLN.js";
import "./chunk-ISX25CEN.js";
import "./chunk-NWZW3EQ6.js";
import "./chunk-RFVYANYN.js";
import "./chunk-UDZL5EYF.js";
import "./chunk-WZUESKSO.js";
import "./chunk-CYDILJNX.js";
import "./chunk-OXMJ7FRJ.js";
import "./chunk-GYJLRNLS.js";
import "./chunk-66WLB3LE.js";
import "./chunk-OEEQUAXY.js";
import "./chunk-7JTDDRLV.js";
import "./chunk-YZVZVWYV.js";
import "./chunk-GYT46633.js";
import "./chunk-XI2UETZT.js";
import "./chunk-D2MU75HR.js";
import "./chunk-PVNFSC34.js";
import "./chunk-EYWOAUKJ.js";
import "./chunk-SOQWTVCZ.js";
import "./chunk-7UV2UW7L.js";
import "./chunk-HQAVCPKY.js";
import "./chunk-X7TCEHMX.js";
import "./chunk-6KJU7HR3.js";
import "./chunk-A35T5UHC.js";
import "./chunk-W2VK3BOF.js";
import "./chunk-F4X6JKKC.js";
import "./chunk-XCTDHDOF.js";
import "./chunk-TZBGRJTG.js";
import "./chunk-B7SJOCFT.js";
import "./chunk-OQEA4OTZ.js";
import "./chunk-BDUNONRE.js";
import "./chunk-OLJ4YPOB.js";
import "./chunk-WJUSOK3Y.js";
import "./chunk-4L5DIE5B.js";
import "./chunk-UVXCAWLY.js";
import "./chunk-FV2SF3AH.js";
import "./chunk-JRKLLSI7.js";
import "./chunk-BU6FJO6W.js";
import "./chunk-EKJMZD64.js";
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
