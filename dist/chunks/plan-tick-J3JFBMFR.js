import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);
import {
  createNotifier,
  createPlanStore,
  issueNumberOf,
  planBranch,
  tickPlan
} from "./chunk-F3VB5ZPW.js";
import "./chunk-EBWX4HB2.js";
import "./chunk-S5G3NAIY.js";
import "./chunk-N4W2AMSB.js";
import "./chunk-JTYJBOFB.js";
import "./chunk-6ZSO2C5Q.js";
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
