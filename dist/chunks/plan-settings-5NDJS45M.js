import {
  REMOTE,
  actionAgentEnv,
  createPlanStore,
  engineSettings,
  issueUrl,
  planBranch,
  planLocation,
  runUrl
} from "./chunk-GYT46633.js";
import "./chunk-XI2UETZT.js";
import "./chunk-D2MU75HR.js";
import "./chunk-X7TCEHMX.js";
import "./chunk-6KJU7HR3.js";
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
  REMOTE,
  actionAgentEnv,
  createPlanStore,
  engineSettings,
  issueUrl,
  planBranch,
  planLocation,
  runUrl
};
