import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);
import {
  newState
} from "./chunk-E6N6Z6MN.js";
import "./chunk-NWIZML63.js";
import "./chunk-JJTX75AI.js";
import "./chunk-TEYULPYE.js";
import "./chunk-PANJYNO7.js";
export {
  newState
};
