import {
  REMOTE,
  actionAgentEnv,
  createPlanStore,
  engineSettings,
  issueUrl,
  planBranch,
  planLocation,
  runUrl
} from "./chunk-KYESQR3H.js";
import "./chunk-XI2UETZT.js";
import "./chunk-LXKFCRB2.js";
import "./chunk-AHVFUYOS.js";
import "./chunk-6KJU7HR3.js";
import "./chunk-5NJULRMY.js";
import "./chunk-VIMMO6BZ.js";
import "./chunk-3SRCBPQV.js";
import "./chunk-QT4UXPX2.js";
import "./chunk-KC3P52NL.js";
import "./chunk-BDUNONRE.js";
import "./chunk-AUWL24LI.js";
import "./chunk-WJUSOK3Y.js";
import "./chunk-4L5DIE5B.js";
import "./chunk-UVXCAWLY.js";
import "./chunk-VZJ5KI2F.js";
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
