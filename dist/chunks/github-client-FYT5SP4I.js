import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);
import {
  createGitHubClient,
  getIfModified,
  isStatus,
  statusOf
} from "./chunk-5KPDUCXY.js";
import "./chunk-USZCYFOB.js";
import "./chunk-IAW7XI6Z.js";
import "./chunk-SY3ESOGT.js";
import "./chunk-K6PSMX6F.js";
import "./chunk-VVMYYVID.js";
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
