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
} from "./chunk-NZXKXRHH.js";
import "./chunk-XI2UETZT.js";
import "./chunk-T442ZBHR.js";
import "./chunk-FU35SMV7.js";
import "./chunk-53ZEPDVD.js";
import "./chunk-BWBUHT3Z.js";
import "./chunk-FCB6MFGM.js";
import "./chunk-QT4UXPX2.js";
import "./chunk-4AX6OBBN.js";
import "./chunk-EQ7EI33E.js";
import "./chunk-ZVJE5Q3T.js";
import "./chunk-RK2TRGWS.js";
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
