import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);
import {
  createNotifier,
  runLinks,
  tickPlan
} from "./chunk-YVTAH333.js";
import "./chunk-AEUIRGO2.js";
import "./chunk-OBRPA4I7.js";
import "./chunk-N7TRRDBM.js";
import "./chunk-J5EJDM23.js";
import "./chunk-LXZ66HMH.js";
import "./chunk-VU5TJI4G.js";
import "./chunk-SG5WBORI.js";
import "./chunk-C5V4ED6R.js";
import "./chunk-R3Q4JQAF.js";
import "./chunk-RP22NB43.js";
import "./chunk-WN2SGOET.js";
import "./chunk-DGIUJUZA.js";
import "./chunk-LSXW7KTX.js";
import "./chunk-5TN2WKBY.js";
import "./chunk-LTEK3PLF.js";
import "./chunk-4CJB2XNU.js";
import "./chunk-V4DTJCJ2.js";
import "./chunk-SLP3AFZJ.js";
import "./chunk-6W6564PG.js";
import "./chunk-5FTGGAVO.js";
import "./chunk-M4FO77QO.js";
import "./chunk-PL4AQ5NX.js";
import "./chunk-TP74RK4A.js";
import "./chunk-6BBDAKON.js";
import "./chunk-5KPDUCXY.js";
import "./chunk-USZCYFOB.js";
import "./chunk-IAW7XI6Z.js";
import "./chunk-SY3ESOGT.js";
import "./chunk-K6PSMX6F.js";
import "./chunk-VVMYYVID.js";
import "./chunk-3RW55J7L.js";
import "./chunk-TEYULPYE.js";
import "./chunk-GEX65OPK.js";
import "./chunk-EJHJ3B7N.js";
import "./chunk-PANJYNO7.js";
export {
  createNotifier,
  runLinks,
  tickPlan
};
