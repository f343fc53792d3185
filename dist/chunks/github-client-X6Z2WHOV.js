import {
  createGitHubClient,
  getIfModified,
  isStatus,
  statusOf
} from "./chunk-PRF2DWIT.js";
import "./chunk-QSVIDUDO.js";
import "./chunk-BZTU3UV2.js";
import "./chunk-7JTDDRLV.js";
import "./chunk-2HJ36YCJ.js";
import "./chunk-NEPVVNT5.js";
import "./chunk-A35T5UHC.js";
import "./chunk-VSJIOXXK.js";
import "./chunk-6AUMYIEP.js";
import "./chunk-UVXCAWLY.js";
import "./chunk-UOQNXP7J.js";
import "./chunk-A6RB5CVQ.js";
import "./chunk-OZSP3UNX.js";
import "./chunk-WET6GGPQ.js";
import "./chunk-27FUKKN2.js";
export {
  createGitHubClient,
  getIfModified,
  isStatus,
  statusOf
};
