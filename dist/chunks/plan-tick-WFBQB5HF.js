import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);
import {
  ProgressNotifier,
  createNotifier,
  planEngine,
  ranAttemptHere,
  reportPlan,
  runLinks,
  tickPlan
} from "./chunk-E4PSXIVK.js";
import "./chunk-RSXH2OOW.js";
import "./chunk-5PKFZ7BH.js";
import "./chunk-VA5PJDS4.js";
import "./chunk-RFVYANYN.js";
import "./chunk-ZNQESYNO.js";
import "./chunk-M4LHEG4S.js";
import "./chunk-UOKPA5F4.js";
import "./chunk-EYL5MDOV.js";
import "./chunk-KB3NCXMB.js";
import "./chunk-JZOZ7CN4.js";
import "./chunk-7JTDDRLV.js";
import "./chunk-YZVZVWYV.js";
import "./chunk-DYRIOZGB.js";
import "./chunk-XI2UETZT.js";
import "./chunk-VZSPVX62.js";
import "./chunk-KIVW72TX.js";
import "./chunk-5LE3IJ43.js";
import "./chunk-PVNFSC34.js";
import "./chunk-P4IFAX7Q.js";
import "./chunk-7UV2UW7L.js";
import "./chunk-M3M2ZGDC.js";
import "./chunk-JIQ6OLUF.js";
import "./chunk-4GS2KNCE.js";
import "./chunk-2RH4ER7E.js";
import "./chunk-A35T5UHC.js";
import "./chunk-LO7RJYRN.js";
import "./chunk-O3ZV6OT7.js";
import "./chunk-W2VK3BOF.js";
import "./chunk-HL6FWS6T.js";
import "./chunk-7VKMD6SB.js";
import "./chunk-BTQQBW2O.js";
import "./chunk-SN44HN7T.js";
import "./chunk-47DORWR2.js";
import "./chunk-B7SJOCFT.js";
import "./chunk-76KSSAIN.js";
import "./chunk-BDUNONRE.js";
import "./chunk-MRNNEJPN.js";
import "./chunk-WJUSOK3Y.js";
import "./chunk-4L5DIE5B.js";
import "./chunk-UVXCAWLY.js";
import "./chunk-653STPFW.js";
import "./chunk-RVNDXNJV.js";
import "./chunk-V5P7V7LJ.js";
import "./chunk-JRKLLSI7.js";
import "./chunk-CIGEKA3Y.js";
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
