import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);
import {
  checkState,
  parseState,
  validateState
} from "./chunk-A2SEFKAZ.js";
import "./chunk-7ZHH3IPM.js";
import "./chunk-TEYULPYE.js";
import "./chunk-PANJYNO7.js";
export {
  checkState,
  parseState,
  validateState
};
