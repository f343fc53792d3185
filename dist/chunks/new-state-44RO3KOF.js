import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);
import {
  newState
} from "./chunk-3O3XVYJQ.js";
import "./chunk-24FDCKIO.js";
import "./chunk-TEYULPYE.js";
import "./chunk-PANJYNO7.js";
export {
  newState
};
