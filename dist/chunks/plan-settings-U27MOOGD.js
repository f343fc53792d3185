import {
  REMOTE,
  actionAgentEnv,
  agentEnvironment,
  createPlanStore,
  engineSettings,
  issueUrl,
  planBranch,
  planLocation,
  runUrl
} from "./chunk-HQKMYBUY.js";
import "./chunk-XI2UETZT.js";
import "./chunk-UJZVFI3I.js";
import "./chunk-FU35SMV7.js";
import "./chunk-VPK5KLVZ.js";
import "./chunk-BWBUHT3Z.js";
import "./chunk-NY2TT2I6.js";
import "./chunk-QT4UXPX2.js";
import "./chunk-TMKOGW3P.js";
import "./chunk-BDUNONRE.js";
import "./chunk-3CAXZCI5.js";
import "./chunk-WJUSOK3Y.js";
import "./chunk-UVXCAWLY.js";
import "./chunk-MDA3Y5F6.js";
import "./chunk-JRKLLSI7.js";
import "./chunk-A6RB5CVQ.js";
import "./chunk-WET6GGPQ.js";
import "./chunk-27FUKKN2.js";
export {
  REMOTE,
  actionAgentEnv,
  agentEnvironment,
  createPlanStore,
  engineSettings,
  issueUrl,
  planBranch,
  planLocation,
  runUrl
};
