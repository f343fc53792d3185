import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);
import {
  newState
} from "./chunk-W7NBZWFT.js";
import "./chunk-JTYJBOFB.js";
import "./chunk-TEYULPYE.js";
import "./chunk-PANJYNO7.js";
export {
  newState
};
