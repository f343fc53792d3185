import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);
import {
  ProgressNotifier,
  createNotifier,
  planEngine,
  reportPlan,
  runLinks,
  tickPlan
} from "./chunk-GUGDLO3A.js";
import "./chunk-RZJZUEY4.js";
import "./chunk-WQIIGNOQ.js";
import "./chunk-QVGO6IMF.js";
import "./chunk-6UXFIPVP.js";
import "./chunk-BHVOJSKN.js";
import "./chunk-MWUEARJM.js";
import "./chunk-G7VIFOLI.js";
import "./chunk-LXZ66HMH.js";
import "./chunk-JGF7LIEF.js";
import "./chunk-6LLHKTRJ.js";
import "./chunk-FZVDTATJ.js";
import "./chunk-C5V4ED6R.js";
import "./chunk-HY62VIQ7.js";
import "./chunk-GDEZUE3O.js";
import "./chunk-EMPYZBK3.js";
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
import "./chunk-JW6IW6WT.js";
import "./chunk-U2N4QHC2.js";
import "./chunk-A2R6FQ4D.js";
import "./chunk-IAW7XI6Z.js";
import "./chunk-SY3ESOGT.js";
import "./chunk-MZSN4U4R.js";
import "./chunk-HNSKN3UY.js";
import "./chunk-3RW55J7L.js";
import "./chunk-TEYULPYE.js";
import "./chunk-GEX65OPK.js";
import "./chunk-EJHJ3B7N.js";
import "./chunk-PANJYNO7.js";
export {
  ProgressNotifier,
  createNotifier,
  planEngine,
  reportPlan,
  runLinks,
  tickPlan
};
