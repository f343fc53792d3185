import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);
import {
  checkState,
  parseState,
  validateState
} from "./chunk-E7UPUYF5.js";
import "./chunk-6W6564PG.js";
import "./chunk-XGQXDCDV.js";
import "./chunk-MELPNHRC.js";
import "./chunk-VVMYYVID.js";
import "./chunk-3RW55J7L.js";
import "./chunk-TEYULPYE.js";
import "./chunk-PANJYNO7.js";
export {
  checkState,
  parseState,
  validateState
};
