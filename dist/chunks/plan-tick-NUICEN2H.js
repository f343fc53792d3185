import {
  ProgressNotifier,
  createNotifier,
  planEngine,
  ranAttemptHere,
  reportPlan,
  runLinks,
  tickPlan
} from "./chunk-XZJ2K2GV.js";
import "./chunk-Z5F7ULZM.js";
import "./chunk-4IEMBUBD.js";
import "./chunk-C5YUHH2L.js";
import "./chunk-FQEWC6NM.js";
import "./chunk-B4B5LSOZ.js";
import "./chunk-ZMK4UW7J.js";
import "./chunk-6MG3T22E.js";
import "./chunk-DI4RCLYO.js";
import "./chunk-PFOLIUZO.js";
import "./chunk-HHYPNY3C.js";
import "./chunk-IRK2HWI5.js";
import "./chunk-J73L5JYA.js";
import "./chunk-7JTDDRLV.js";
import "./chunk-YZVZVWYV.js";
import "./chunk-IGR5ZKW5.js";
import "./chunk-XI2UETZT.js";
import "./chunk-J3DOHX7P.js";
import "./chunk-DUAHX55U.js";
import "./chunk-PSDTEU6M.js";
import "./chunk-WSTE2BUZ.js";
import "./chunk-SOQWTVCZ.js";
import "./chunk-NEPVVNT5.js";
import "./chunk-HQAVCPKY.js";
import "./chunk-IU7JM5AZ.js";
import "./chunk-A35T5UHC.js";
import "./chunk-3M3F447X.js";
import "./chunk-AGVR7SPR.js";
import "./chunk-6ECGHLWA.js";
import "./chunk-6DUBC6QF.js";
import "./chunk-QT4UXPX2.js";
import "./chunk-CLI34DJC.js";
import "./chunk-PY777ZN4.js";
import "./chunk-IU6TIPQF.js";
import "./chunk-RK2TRGWS.js";
import "./chunk-UVXCAWLY.js";
import "./chunk-IYAFPMAX.js";
import "./chunk-X26RSK32.js";
import "./chunk-JRKLLSI7.js";
import "./chunk-UZTB5BNK.js";
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
