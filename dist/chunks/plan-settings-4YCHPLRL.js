import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);
import {
  REMOTE,
  actionAgentEnv,
  createPlanStore,
  engineSettings,
  planBranch,
  planLocation
} from "./chunk-G7VIFOLI.js";
import "./chunk-LXZ66HMH.js";
import "./chunk-JGF7LIEF.js";
import "./chunk-EMPYZBK3.js";
import "./chunk-CQCEFVFH.js";
import "./chunk-AMOTPMUF.js";
import "./chunk-4SLJJGMC.js";
import "./chunk-V4DTJCJ2.js";
import "./chunk-MXJPYL5E.js";
import "./chunk-66L5JVEV.js";
import "./chunk-5IR355RY.js";
import "./chunk-C7YZD35N.js";
import "./chunk-PL4AQ5NX.js";
import "./chunk-S44VL6GB.js";
import "./chunk-6BBDAKON.js";
import "./chunk-HNSKN3UY.js";
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
