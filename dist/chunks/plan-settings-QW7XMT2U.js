import {
  REMOTE,
  actionAgentEnv,
  createPlanStore,
  engineSettings,
  issueUrl,
  planBranch,
  planLocation,
  runUrl
} from "./chunk-PE3ZKGMH.js";
import "./chunk-XI2UETZT.js";
import "./chunk-CPKLYVOY.js";
import "./chunk-DHAUEX2F.js";
import "./chunk-FU35SMV7.js";
import "./chunk-OCONHFBS.js";
import "./chunk-BWBUHT3Z.js";
import "./chunk-PYNWCEHV.js";
import "./chunk-QT4UXPX2.js";
import "./chunk-XCSQVNXR.js";
import "./chunk-BDUNONRE.js";
import "./chunk-3CAXZCI5.js";
import "./chunk-WJUSOK3Y.js";
import "./chunk-4L5DIE5B.js";
import "./chunk-UVXCAWLY.js";
import "./chunk-MDA3Y5F6.js";
import "./chunk-JRKLLSI7.js";
import "./chunk-A6RB5CVQ.js";
import "./chunk-WET6GGPQ.js";
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
