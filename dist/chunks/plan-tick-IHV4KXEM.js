import {
  ProgressNotifier,
  createNotifier,
  planEngine,
  ranAttemptHere,
  reportPlan,
  runLinks,
  tickPlan
} from "./chunk-5LY7M2UG.js";
import "./chunk-HP34WB3O.js";
import "./chunk-XUBHMXRQ.js";
import "./chunk-4JLDVQZR.js";
import "./chunk-FQEWC6NM.js";
import "./chunk-B4B5LSOZ.js";
import "./chunk-ANOSUW4P.js";
import "./chunk-RDXXX3FV.js";
import "./chunk-L5MZAUVI.js";
import "./chunk-PFOLIUZO.js";
import "./chunk-7JWXCA3G.js";
import "./chunk-6MTQECTV.js";
import "./chunk-J73L5JYA.js";
import "./chunk-7JTDDRLV.js";
import "./chunk-YZVZVWYV.js";
import "./chunk-ERRCKADV.js";
import "./chunk-XI2UETZT.js";
import "./chunk-BYHQDYH5.js";
import "./chunk-DUAHX55U.js";
import "./chunk-PSDTEU6M.js";
import "./chunk-WSTE2BUZ.js";
import "./chunk-SOQWTVCZ.js";
import "./chunk-NEPVVNT5.js";
import "./chunk-HQAVCPKY.js";
import "./chunk-IU7JM5AZ.js";
import "./chunk-A35T5UHC.js";
import "./chunk-3M3F447X.js";
import "./chunk-FOVAUIMP.js";
import "./chunk-6ECGHLWA.js";
import "./chunk-H3KJFUGS.js";
import "./chunk-QT4UXPX2.js";
import "./chunk-O2X2K62E.js";
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
