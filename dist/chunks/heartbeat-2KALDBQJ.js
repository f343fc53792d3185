import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);
import {
  checkCommand,
  report,
  runCommand
} from "./chunk-6LU2X4SI.js";
import "./chunk-W6IJ6SFW.js";
import "./chunk-M5AMJ7JN.js";
import "./chunk-5LFPREZI.js";
import "./chunk-6XT7HPOT.js";
import "./chunk-WNQL5WIK.js";
import "./chunk-3STCUU3O.js";
import "./chunk-N7TRRDBM.js";
import "./chunk-WU5JEI7W.js";
import "./chunk-6JGKCVEQ.js";
import "./chunk-LXZ66HMH.js";
import "./chunk-CX7OMD2C.js";
import "./chunk-6XBQ5WTO.js";
import "./chunk-SG5WBORI.js";
import "./chunk-A7XPLWEY.js";
import "./chunk-HVH5FWLO.js";
import "./chunk-C5V4ED6R.js";
import "./chunk-HY62VIQ7.js";
import "./chunk-GDEZUE3O.js";
import "./chunk-CQCEFVFH.js";
import "./chunk-BU7G2S5G.js";
import "./chunk-MVO7J5GZ.js";
import "./chunk-LSXW7KTX.js";
import "./chunk-FKQHOTNO.js";
import "./chunk-LTEK3PLF.js";
import "./chunk-52STWBM3.js";
import "./chunk-V4DTJCJ2.js";
import "./chunk-SLP3AFZJ.js";
import "./chunk-6W6564PG.js";
import "./chunk-5FTGGAVO.js";
import "./chunk-M4FO77QO.js";
import "./chunk-PL4AQ5NX.js";
import "./chunk-TP74RK4A.js";
import "./chunk-6BBDAKON.js";
import "./chunk-EBTRQ2FF.js";
import "./chunk-INVZ7JWH.js";
import "./chunk-IAW7XI6Z.js";
import "./chunk-SY3ESOGT.js";
import "./chunk-K6PSMX6F.js";
import "./chunk-VVMYYVID.js";
import "./chunk-3RW55J7L.js";
import "./chunk-TEYULPYE.js";
import "./chunk-PANJYNO7.js";
export {
  checkCommand,
  report,
  runCommand
};
