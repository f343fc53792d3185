import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);
import {
  checkState,
  parseState,
  validateState
} from "./chunk-22OOIRKY.js";
import "./chunk-2UI7E3J7.js";
import "./chunk-TEYULPYE.js";
import "./chunk-PANJYNO7.js";
export {
  checkState,
  parseState,
  validateState
};
