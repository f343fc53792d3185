import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);
import {
  REMOTE,
  actionAgentEnv,
  createPlanStore,
  engineSettings,
  planBranch,
  planLocation
} from "./chunk-P7EZKMFO.js";
import "./chunk-LXZ66HMH.js";
import "./chunk-PK4HEZIW.js";
import "./chunk-PFKSG7GN.js";
import "./chunk-CQCEFVFH.js";
import "./chunk-BURUKDR2.js";
import "./chunk-YX2CLHBO.js";
import "./chunk-MVW3MIZ5.js";
import "./chunk-LA6AF6NZ.js";
import "./chunk-IVICMJAE.js";
import "./chunk-KPYQ6AV6.js";
import "./chunk-4EQYPVNI.js";
import "./chunk-ZIC6WJ5X.js";
import "./chunk-PL4AQ5NX.js";
import "./chunk-3RW55J7L.js";
import "./chunk-7LBMPVVG.js";
import "./chunk-K6PSMX6F.js";
import "./chunk-4Z7O3SX3.js";
import "./chunk-6BBDAKON.js";
import "./chunk-XDUK4LLW.js";
import "./chunk-PANJYNO7.js";
export {
  REMOTE,
  actionAgentEnv,
  createPlanStore,
  engineSettings,
  planBranch,
  planLocation
};
