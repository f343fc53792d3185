import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);
import {
  REMOTE,
  actionAgentEnv,
  createPlanStore,
  engineSettings,
  issueUrl,
  planBranch,
  planLocation,
  runUrl
} from "./chunk-DYRIOZGB.js";
import "./chunk-XI2UETZT.js";
import "./chunk-VZSPVX62.js";
import "./chunk-JIQ6OLUF.js";
import "./chunk-4GS2KNCE.js";
import "./chunk-2RH4ER7E.js";
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
  REMOTE,
  actionAgentEnv,
  createPlanStore,
  engineSettings,
  issueUrl,
  planBranch,
  planLocation,
  runUrl
};
