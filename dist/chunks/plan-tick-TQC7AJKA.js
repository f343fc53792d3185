import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);
import {
  createBaseSync,
  createNotifier,
  createPlanStore,
  issueNumberOf,
  planBranch,
  pullRequestBranch,
  runLinks,
  tickPlan
} from "./chunk-MR5YFIGV.js";
import "./chunk-T3HES2T6.js";
import "./chunk-XK734HVW.js";
import "./chunk-GUEA7276.js";
import "./chunk-33XZJFSU.js";
import "./chunk-SG5WBORI.js";
import "./chunk-E6YBHUIO.js";
import "./chunk-C5V4ED6R.js";
import "./chunk-IFPNVZJT.js";
import "./chunk-JOI7IGIR.js";
import "./chunk-LUFHFP3X.js";
import "./chunk-OVQDREKM.js";
import "./chunk-L7M5RXUV.js";
import "./chunk-5NW4HQ27.js";
import "./chunk-VLKY2Q52.js";
import "./chunk-MC7LXKX5.js";
import "./chunk-SY3ESOGT.js";
import "./chunk-O7XONI5X.js";
import "./chunk-VVMYYVID.js";
import "./chunk-3RW55J7L.js";
import "./chunk-TEYULPYE.js";
import "./chunk-EJHJ3B7N.js";
import "./chunk-GEX65OPK.js";
import "./chunk-PANJYNO7.js";
export {
  createBaseSync,
  createNotifier,
  createPlanStore,
  issueNumberOf,
  planBranch,
  pullRequestBranch,
  runLinks,
  tickPlan
};
