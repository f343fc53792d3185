import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);
import {
  createGitHubClient,
  getIfModified,
  isStatus,
  statusOf
} from "./chunk-JW6IW6WT.js";
import "./chunk-U2N4QHC2.js";
import "./chunk-A2R6FQ4D.js";
import "./chunk-IAW7XI6Z.js";
import "./chunk-SY3ESOGT.js";
import "./chunk-MZSN4U4R.js";
import "./chunk-HNSKN3UY.js";
import "./chunk-3RW55J7L.js";
import "./chunk-TEYULPYE.js";
import "./chunk-EJHJ3B7N.js";
import "./chunk-PANJYNO7.js";
export {
  createGitHubClient,
  getIfModified,
  isStatus,
  statusOf
};
