import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);
import {
  createGitHubClient,
  getIfModified,
  isStatus,
  statusOf
} from "./chunk-SOVTFPQC.js";
import "./chunk-7E2BVGWF.js";
import "./chunk-HBPE4V7O.js";
import "./chunk-Q3RHMHRP.js";
import "./chunk-EJHJ3B7N.js";
import "./chunk-IAW7XI6Z.js";
import "./chunk-SY3ESOGT.js";
import "./chunk-FV7F3W4G.js";
import "./chunk-4EQYPVNI.js";
import "./chunk-ZIC6WJ5X.js";
import "./chunk-3RW55J7L.js";
import "./chunk-K6PSMX6F.js";
import "./chunk-4Z7O3SX3.js";
import "./chunk-6BBDAKON.js";
import "./chunk-XDUK4LLW.js";
import "./chunk-PANJYNO7.js";
export {
  createGitHubClient,
  getIfModified,
  isStatus,
  statusOf
};
