import {
  ProgressNotifier,
  createNotifier,
  planEngine,
  ranAttemptHere,
  reportPlan,
  runLinks,
  tickPlan
} from "./chunk-6E2ZQ3IO.js";
import "./chunk-LDCLDP52.js";
import "./chunk-M4OPMR6S.js";
import "./chunk-BPDKJSIC.js";
import "./chunk-RFVYANYN.js";
import "./chunk-MJYEMCGX.js";
import "./chunk-7LMVGKGD.js";
import "./chunk-T3G2SJET.js";
import "./chunk-RBVEZJ2Y.js";
import "./chunk-4UN2KC6T.js";
import "./chunk-IHIQXPVA.js";
import "./chunk-Q5ZZEVCI.js";
import "./chunk-7JTDDRLV.js";
import "./chunk-YZVZVWYV.js";
import "./chunk-3QMECDSU.js";
import "./chunk-XI2UETZT.js";
import "./chunk-S5RL2FKD.js";
import "./chunk-PVNFSC34.js";
import "./chunk-5EHHN755.js";
import "./chunk-SOQWTVCZ.js";
import "./chunk-7UV2UW7L.js";
import "./chunk-HQAVCPKY.js";
import "./chunk-AHVFUYOS.js";
import "./chunk-6KJU7HR3.js";
import "./chunk-A35T5UHC.js";
import "./chunk-W2VK3BOF.js";
import "./chunk-IXT7ENAZ.js";
import "./chunk-VIMMO6BZ.js";
import "./chunk-W7PM3EHF.js";
import "./chunk-B7SJOCFT.js";
import "./chunk-5IVMWA6B.js";
import "./chunk-BDUNONRE.js";
import "./chunk-XV6W4PJN.js";
import "./chunk-WJUSOK3Y.js";
import "./chunk-4L5DIE5B.js";
import "./chunk-UVXCAWLY.js";
import "./chunk-AVSWLEKS.js";
import "./chunk-JRKLLSI7.js";
import "./chunk-LKZZV6XG.js";
import "./chunk-BW4A33EZ.js";
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
