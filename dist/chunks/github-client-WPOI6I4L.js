import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);
import {
  createGitHubClient,
  getIfModified,
  isStatus,
  statusOf
} from "./chunk-V3TPYCQX.js";
import "./chunk-MPF7LGGL.js";
import "./chunk-53WQUXHT.js";
import "./chunk-7JTDDRLV.js";
import "./chunk-YZVZVWYV.js";
import "./chunk-7UV2UW7L.js";
import "./chunk-A35T5UHC.js";
import "./chunk-HL6FWS6T.js";
import "./chunk-SKKTZLAV.js";
import "./chunk-WJUSOK3Y.js";
import "./chunk-UVXCAWLY.js";
import "./chunk-RVNDXNJV.js";
import "./chunk-WDXB4OOW.js";
import "./chunk-JRKLLSI7.js";
import "./chunk-CIGEKA3Y.js";
import "./chunk-27FUKKN2.js";
export {
  createGitHubClient,
  getIfModified,
  isStatus,
  statusOf
};
