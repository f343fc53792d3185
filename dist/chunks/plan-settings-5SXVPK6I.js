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
} from "./chunk-B3MC22JT.js";
import "./chunk-XI2UETZT.js";
import "./chunk-YH32XCZK.js";
import "./chunk-JIQ6OLUF.js";
import "./chunk-4GS2KNCE.js";
import "./chunk-2RH4ER7E.js";
import "./chunk-ABNAHH5N.js";
import "./chunk-WKDDBKFO.js";
import "./chunk-SN44HN7T.js";
import "./chunk-QZJNYQGH.js";
import "./chunk-B7SJOCFT.js";
import "./chunk-YK6MNYRB.js";
import "./chunk-762MIHSR.js";
import "./chunk-SKKTZLAV.js";
import "./chunk-WJUSOK3Y.js";
import "./chunk-4L5DIE5B.js";
import "./chunk-UVXCAWLY.js";
import "./chunk-653STPFW.js";
import "./chunk-RVNDXNJV.js";
import "./chunk-WDXB4OOW.js";
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
