import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);
import {
  initCommand,
  initState,
  validateCommand
} from "./chunk-BD7DPB5Q.js";
import "./chunk-JGAGSQNL.js";
import "./chunk-5LFPREZI.js";
import "./chunk-7OXFERW2.js";
import "./chunk-33XZJFSU.js";
import "./chunk-ZIZEYMB2.js";
import "./chunk-SG5WBORI.js";
import "./chunk-V4DTJCJ2.js";
import "./chunk-A7XPLWEY.js";
import "./chunk-N575SEFU.js";
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
  initCommand,
  initState,
  validateCommand
};
