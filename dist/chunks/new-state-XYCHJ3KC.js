import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);
import {
  newState
} from "./chunk-XTHQIUTA.js";
import "./chunk-2LN3H42P.js";
import "./chunk-L7M5RXUV.js";
import "./chunk-5NW4HQ27.js";
import "./chunk-VVMYYVID.js";
import "./chunk-3RW55J7L.js";
import "./chunk-TEYULPYE.js";
import "./chunk-PANJYNO7.js";
export {
  newState
};
