import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);
import {
  branchOf,
  checkCommand,
  report,
  runCommand
} from "./chunk-XR3KKMUU.js";
import "./chunk-RRAWHQER.js";
import "./chunk-AU54SOS3.js";
import "./chunk-KRCXDA2L.js";
import "./chunk-5LFPREZI.js";
import "./chunk-TEIPHOHK.js";
import "./chunk-U4EMIXGB.js";
import "./chunk-XWXCYQNN.js";
import "./chunk-UHFEF2UB.js";
import "./chunk-33XZJFSU.js";
import "./chunk-EKFFWBLM.js";
import "./chunk-SG5WBORI.js";
import "./chunk-A7XPLWEY.js";
import "./chunk-KUSZNA24.js";
import "./chunk-C5V4ED6R.js";
import "./chunk-X2DO65FL.js";
import "./chunk-JOI7IGIR.js";
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
  branchOf,
  checkCommand,
  report,
  runCommand
};
