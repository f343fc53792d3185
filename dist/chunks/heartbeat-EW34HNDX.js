import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);
import {
  branchOf,
  checkCommand,
  report,
  runCommand
} from "./chunk-6W233QAM.js";
import "./chunk-MD6XRE6L.js";
import "./chunk-MZXTNJ5Y.js";
import "./chunk-UOACSUXL.js";
import "./chunk-5LFPREZI.js";
import "./chunk-FXR6RRHE.js";
import "./chunk-XWXCYQNN.js";
import "./chunk-336XPCD3.js";
import "./chunk-33XZJFSU.js";
import "./chunk-ZIZEYMB2.js";
import "./chunk-SG5WBORI.js";
import "./chunk-V4DTJCJ2.js";
import "./chunk-A7XPLWEY.js";
import "./chunk-7QRX6TE3.js";
import "./chunk-C5V4ED6R.js";
import "./chunk-VSL7RYAY.js";
import "./chunk-EBTCME7K.js";
import "./chunk-LUFHFP3X.js";
import "./chunk-E7UPUYF5.js";
import "./chunk-6W6564PG.js";
import "./chunk-XGQXDCDV.js";
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
