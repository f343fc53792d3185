import {
  REMOTE,
  actionAgentEnv,
  createPlanStore,
  engineSettings,
  issueUrl,
  planBranch,
  planLocation,
  runUrl
} from "./chunk-JJOEPSTH.js";
import "./chunk-XI2UETZT.js";
import "./chunk-AW6YU6UN.js";
import "./chunk-AHVFUYOS.js";
import "./chunk-6KJU7HR3.js";
import "./chunk-OFDAWBXG.js";
import "./chunk-VIMMO6BZ.js";
import "./chunk-XJSN5XZE.js";
import "./chunk-QT4UXPX2.js";
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
  REMOTE,
  actionAgentEnv,
  createPlanStore,
  engineSettings,
  issueUrl,
  planBranch,
  planLocation,
  runUrl
};
