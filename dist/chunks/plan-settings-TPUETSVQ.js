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
} from "./chunk-ZZIYRKVL.js";
import "./chunk-XI2UETZT.js";
import "./chunk-QDMWCQDP.js";
import "./chunk-FU35SMV7.js";
import "./chunk-2GIP43YT.js";
import "./chunk-BWBUHT3Z.js";
import "./chunk-VR5SVZTL.js";
import "./chunk-QT4UXPX2.js";
import "./chunk-A3WMSJ63.js";
import "./chunk-TDAZSMKS.js";
import "./chunk-VSJIOXXK.js";
import "./chunk-6AUMYIEP.js";
import "./chunk-UVXCAWLY.js";
import "./chunk-UOQNXP7J.js";
import "./chunk-A6RB5CVQ.js";
import "./chunk-OZSP3UNX.js";
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
