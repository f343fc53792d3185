import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);
import {
  branchOf,
  checkCommand,
  report,
  runCommand
} from "./chunk-DIO6PK5J.js";
import "./chunk-D2BAJVHO.js";
import "./chunk-2GB4DEHA.js";
import "./chunk-CGOT5KSG.js";
import "./chunk-5LFPREZI.js";
import "./chunk-2G4UX6LM.js";
import "./chunk-WNFC3FBL.js";
import "./chunk-XWXCYQNN.js";
import "./chunk-BEPUCCYK.js";
import "./chunk-33XZJFSU.js";
import "./chunk-EKFFWBLM.js";
import "./chunk-SG5WBORI.js";
import "./chunk-A7XPLWEY.js";
import "./chunk-LUFP47SI.js";
import "./chunk-C5V4ED6R.js";
import "./chunk-WSYZQGQD.js";
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
