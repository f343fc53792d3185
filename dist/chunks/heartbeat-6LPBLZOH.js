import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);
import {
  branchOf,
  checkCommand,
  report,
  runCommand
} from "./chunk-JO7FBJDM.js";
import "./chunk-S744AFXS.js";
import "./chunk-75YZFCJT.js";
import "./chunk-2ZPHZK4Y.js";
import "./chunk-5LFPREZI.js";
import "./chunk-D7FYLG2L.js";
import "./chunk-T3HES2T6.js";
import "./chunk-XK734HVW.js";
import "./chunk-GUEA7276.js";
import "./chunk-33XZJFSU.js";
import "./chunk-4VAS67Y4.js";
import "./chunk-SG5WBORI.js";
import "./chunk-A7XPLWEY.js";
import "./chunk-5PQMBFNO.js";
import "./chunk-C5V4ED6R.js";
import "./chunk-IFPNVZJT.js";
import "./chunk-JOI7IGIR.js";
import "./chunk-LUFHFP3X.js";
import "./chunk-OVQDREKM.js";
import "./chunk-L7M5RXUV.js";
import "./chunk-5NW4HQ27.js";
import "./chunk-MC7LXKX5.js";
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
