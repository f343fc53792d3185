import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);
import {
  createGitHubClient,
  getIfModified,
  isStatus,
  statusOf
} from "./chunk-EKUR4ML3.js";
import "./chunk-KEKBO2EF.js";
import "./chunk-TEYULPYE.js";
import "./chunk-EJHJ3B7N.js";
import "./chunk-PANJYNO7.js";
export {
  createGitHubClient,
  getIfModified,
  isStatus,
  statusOf
};
