import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);
import {
  REMOTE,
  actionAgentEnv,
  createPlanStore,
  engineSettings,
  planBranch,
  planLocation
} from "./chunk-KKDORJSD.js";
import "./chunk-LXZ66HMH.js";
import "./chunk-CX7OMD2C.js";
import "./chunk-LSN6RE7T.js";
import "./chunk-CQCEFVFH.js";
import "./chunk-FKQHOTNO.js";
import "./chunk-LTEK3PLF.js";
import "./chunk-V4DTJCJ2.js";
import "./chunk-SLP3AFZJ.js";
import "./chunk-6W6564PG.js";
import "./chunk-5FTGGAVO.js";
import "./chunk-M4FO77QO.js";
import "./chunk-PL4AQ5NX.js";
import "./chunk-TP74RK4A.js";
import "./chunk-6BBDAKON.js";
import "./chunk-VVMYYVID.js";
import "./chunk-3RW55J7L.js";
import "./chunk-TEYULPYE.js";
import "./chunk-PANJYNO7.js";
export {
  REMOTE,
  actionAgentEnv,
  createPlanStore,
  engineSettings,
  planBranch,
  planLocation
};
