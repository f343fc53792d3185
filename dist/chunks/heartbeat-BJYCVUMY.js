import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);
import {
  checkCommand,
  report,
  runCommand
} from "./chunk-MVKSIVXJ.js";
import "./chunk-63WPVZ5Y.js";
import "./chunk-L2DZ3YKV.js";
import "./chunk-IPI6PXSM.js";
import "./chunk-FI3PRLZQ.js";
import "./chunk-WQIIGNOQ.js";
import "./chunk-QVGO6IMF.js";
import "./chunk-6UXFIPVP.js";
import "./chunk-BHVOJSKN.js";
import "./chunk-MWUEARJM.js";
import "./chunk-LXZ66HMH.js";
import "./chunk-JGF7LIEF.js";
import "./chunk-BZMK6CIS.js";
import "./chunk-6LLHKTRJ.js";
import "./chunk-A7XPLWEY.js";
import "./chunk-PV3UACIQ.js";
import "./chunk-C5V4ED6R.js";
import "./chunk-HY62VIQ7.js";
import "./chunk-GDEZUE3O.js";
import "./chunk-CQCEFVFH.js";
import "./chunk-2VTJ722E.js";
import "./chunk-QQHVGTS6.js";
import "./chunk-LSXW7KTX.js";
import "./chunk-AMOTPMUF.js";
import "./chunk-4SLJJGMC.js";
import "./chunk-52STWBM3.js";
import "./chunk-V4DTJCJ2.js";
import "./chunk-MXJPYL5E.js";
import "./chunk-66L5JVEV.js";
import "./chunk-5IR355RY.js";
import "./chunk-C7YZD35N.js";
import "./chunk-PL4AQ5NX.js";
import "./chunk-S44VL6GB.js";
import "./chunk-6BBDAKON.js";
import "./chunk-U2N4QHC2.js";
import "./chunk-A2R6FQ4D.js";
import "./chunk-IAW7XI6Z.js";
import "./chunk-SY3ESOGT.js";
import "./chunk-MZSN4U4R.js";
import "./chunk-HNSKN3UY.js";
import "./chunk-3RW55J7L.js";
import "./chunk-TEYULPYE.js";
import "./chunk-PANJYNO7.js";
export {
  checkCommand,
  report,
  runCommand
};
