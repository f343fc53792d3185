import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);
import {
  initCommand,
  initState,
  validateCommand
} from "./chunk-RRAWHQER.js";
import "./chunk-AU54SOS3.js";
import "./chunk-5LFPREZI.js";
import "./chunk-TEIPHOHK.js";
import "./chunk-UHFEF2UB.js";
import "./chunk-33XZJFSU.js";
import "./chunk-EKFFWBLM.js";
import "./chunk-SG5WBORI.js";
import "./chunk-A7XPLWEY.js";
import "./chunk-X2DO65FL.js";
import "./chunk-LUFHFP3X.js";
import "./chunk-QPXVSFBC.js";
import "./chunk-5G3C3E23.js";
import "./chunk-MELPNHRC.js";
import "./chunk-JLNR7EQS.js";
import "./chunk-IAW7XI6Z.js";
import "./chunk-SY3ESOGT.js";
import "./chunk-O7XONI5X.js";
import "./chunk-VVMYYVID.js";
import "./chunk-3RW55J7L.js";
import "./chunk-TEYULPYE.js";
import "./chunk-PANJYNO7.js";
export {
  initCommand,
  initState,
  validateCommand
};
