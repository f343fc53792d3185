import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);
import {
  newState
} from "./chunk-5I7KSCAE.js";
import "./chunk-ABOES2Z5.js";
import "./chunk-TEYULPYE.js";
import "./chunk-PANJYNO7.js";
export {
  newState
};
