import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);
import {
  branchOf,
  checkCommand,
  report,
  runCommand
} from "./chunk-5ECJDINL.js";
import "./chunk-MJDF7BYX.js";
import "./chunk-OXCE3UYG.js";
import "./chunk-KRCXDA2L.js";
import "./chunk-5LFPREZI.js";
import "./chunk-2UI2WJ2A.js";
import "./chunk-STE7L6M2.js";
import "./chunk-XWXCYQNN.js";
import "./chunk-3YOBNPM4.js";
import "./chunk-33XZJFSU.js";
import "./chunk-EKFFWBLM.js";
import "./chunk-SG5WBORI.js";
import "./chunk-A7XPLWEY.js";
import "./chunk-KUSZNA24.js";
import "./chunk-C5V4ED6R.js";
import "./chunk-X2DO65FL.js";
import "./chunk-EBTCME7K.js";
import "./chunk-LUFHFP3X.js";
import "./chunk-QPXVSFBC.js";
import "./chunk-5G3C3E23.js";
import "./chunk-MELPNHRC.js";
import "./chunk-USZCYFOB.js";
import "./chunk-IAW7XI6Z.js";
import "./chunk-SY3ESOGT.js";
import "./chunk-K6PSMX6F.js";
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
