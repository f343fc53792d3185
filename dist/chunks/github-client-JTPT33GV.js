import {
  createGitHubClient,
  getIfModified,
  isStatus,
  statusOf
} from "./chunk-GYJLRNLS.js";
import "./chunk-66WLB3LE.js";
import "./chunk-OEEQUAXY.js";
import "./chunk-7JTDDRLV.js";
import "./chunk-YZVZVWYV.js";
import "./chunk-7UV2UW7L.js";
import "./chunk-A35T5UHC.js";
import "./chunk-OLJ4YPOB.js";
import "./chunk-WJUSOK3Y.js";
import "./chunk-UVXCAWLY.js";
import "./chunk-FV2SF3AH.js";
import "./chunk-JRKLLSI7.js";
import "./chunk-BU6FJO6W.js";
import "./chunk-EKJMZD64.js";
import "./chunk-27FUKKN2.js";
export {
  createGitHubClient,
  getIfModified,
  isStatus,
  statusOf
};
