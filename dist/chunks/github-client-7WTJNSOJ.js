import {
  createGitHubClient,
  getIfModified,
  isStatus,
  statusOf
} from "./chunk-3ZPK6WBS.js";
import "./chunk-HKODUO3F.js";
import "./chunk-BCAMCS4J.js";
import "./chunk-7JTDDRLV.js";
import "./chunk-YZVZVWYV.js";
import "./chunk-7UV2UW7L.js";
import "./chunk-A35T5UHC.js";
import "./chunk-XV6W4PJN.js";
import "./chunk-WJUSOK3Y.js";
import "./chunk-UVXCAWLY.js";
import "./chunk-AVSWLEKS.js";
import "./chunk-JRKLLSI7.js";
import "./chunk-LKZZV6XG.js";
import "./chunk-BW4A33EZ.js";
import "./chunk-27FUKKN2.js";
export {
  createGitHubClient,
  getIfModified,
  isStatus,
  statusOf
};
