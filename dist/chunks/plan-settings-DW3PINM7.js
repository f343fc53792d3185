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
} from "./chunk-4BXHTQ2H.js";
import "./chunk-XI2UETZT.js";
import "./chunk-S7RVM33L.js";
import "./chunk-FU35SMV7.js";
import "./chunk-3UZ3TQ2S.js";
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
