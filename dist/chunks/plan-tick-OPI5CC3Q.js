import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);
import {
  createNotifier,
  createPlanStore,
  issueNumberOf,
  planBranch,
  tickPlan
} from "./chunk-DQ2WOBXX.js";
import "./chunk-I3ODYMWU.js";
import "./chunk-QZSXANZ7.js";
import "./chunk-NWIZML63.js";
import "./chunk-G7CRUPCD.js";
import "./chunk-2FIBBQFA.js";
import "./chunk-YFALWXXD.js";
import "./chunk-5WVQP7SV.js";
import "./chunk-TEYULPYE.js";
import "./chunk-UNU6O5H2.js";
import "./chunk-HLRQWXKU.js";
import "./chunk-PANJYNO7.js";
export {
  createNotifier,
  createPlanStore,
  issueNumberOf,
  planBranch,
  tickPlan
};
