import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);
import {
  branchOf,
  checkCommand,
  report,
  runCommand
} from "./chunk-IGQOZRCR.js";
import "./chunk-C4BM5IO4.js";
import "./chunk-XCHDFBAM.js";
import "./chunk-KRCXDA2L.js";
import "./chunk-5LFPREZI.js";
import "./chunk-4EEBNFF3.js";
import "./chunk-NFQVKZQL.js";
import "./chunk-XWXCYQNN.js";
import "./chunk-QZAYHDJG.js";
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
import "./chunk-7QPRE2X6.js";
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
