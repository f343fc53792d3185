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
} from "./chunk-ERRCKADV.js";
import "./chunk-XI2UETZT.js";
import "./chunk-BYHQDYH5.js";
import "./chunk-IU7JM5AZ.js";
import "./chunk-FOVAUIMP.js";
import "./chunk-6ECGHLWA.js";
import "./chunk-H3KJFUGS.js";
import "./chunk-QT4UXPX2.js";
import "./chunk-O2X2K62E.js";
import "./chunk-PY777ZN4.js";
import "./chunk-IU6TIPQF.js";
import "./chunk-RK2TRGWS.js";
import "./chunk-UVXCAWLY.js";
import "./chunk-IYAFPMAX.js";
import "./chunk-X26RSK32.js";
import "./chunk-JRKLLSI7.js";
import "./chunk-UZTB5BNK.js";
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
