import {
  createGitHubClient,
  getIfModified,
  isStatus,
  statusOf
} from "./chunk-6Z4I2NX7.js";
import "./chunk-J36X4KT5.js";
import "./chunk-EPUU7WEK.js";
import "./chunk-7JTDDRLV.js";
import "./chunk-YZVZVWYV.js";
import "./chunk-NEPVVNT5.js";
import "./chunk-A35T5UHC.js";
import "./chunk-QT4UXPX2.js";
import "./chunk-ZVJE5Q3T.js";
import "./chunk-RK2TRGWS.js";
import "./chunk-UVXCAWLY.js";
import "./chunk-5BMIKSX6.js";
import "./chunk-A6RB5CVQ.js";
import "./chunk-JRKLLSI7.js";
import "./chunk-WET6GGPQ.js";
import "./chunk-27FUKKN2.js";
export {
  createGitHubClient,
  getIfModified,
  isStatus,
  statusOf
};
