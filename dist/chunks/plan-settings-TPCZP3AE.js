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
} from "./chunk-HG4AII7A.js";
import "./chunk-XI2UETZT.js";
import "./chunk-NV27MYAX.js";
import "./chunk-FU35SMV7.js";
import "./chunk-ONAHJ7E2.js";
import "./chunk-BWBUHT3Z.js";
import "./chunk-TGUKS3HG.js";
import "./chunk-QT4UXPX2.js";
import "./chunk-MKR5BNXY.js";
import "./chunk-RB4TAPDD.js";
import "./chunk-ZVJE5Q3T.js";
import "./chunk-6AUMYIEP.js";
import "./chunk-UVXCAWLY.js";
import "./chunk-5BMIKSX6.js";
import "./chunk-A6RB5CVQ.js";
import "./chunk-JRKLLSI7.js";
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
