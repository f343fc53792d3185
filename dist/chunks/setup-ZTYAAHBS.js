import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);
import {
  initCommand,
  initState,
  validateCommand
} from "./chunk-ZBI6GCVU.js";
import "./chunk-UKAGWGNF.js";
import "./chunk-CMDEX6NB.js";
import "./chunk-JODVQPRQ.js";
import "./chunk-Y7VF5BII.js";
import "./chunk-S6IC366C.js";
import "./chunk-TKDUY3MK.js";
import "./chunk-MPF7LGGL.js";
import "./chunk-53WQUXHT.js";
import "./chunk-7JTDDRLV.js";
import "./chunk-YH32XCZK.js";
import "./chunk-S6K3D646.js";
import "./chunk-KIVW72TX.js";
import "./chunk-P4IFAX7Q.js";
import "./chunk-7UV2UW7L.js";
import "./chunk-4GS2KNCE.js";
import "./chunk-2RH4ER7E.js";
import "./chunk-A35T5UHC.js";
import "./chunk-W2VK3BOF.js";
import "./chunk-HL6FWS6T.js";
import "./chunk-ABNAHH5N.js";
import "./chunk-WKDDBKFO.js";
import "./chunk-SN44HN7T.js";
import "./chunk-QZJNYQGH.js";
import "./chunk-B7SJOCFT.js";
import "./chunk-YK6MNYRB.js";
import "./chunk-762MIHSR.js";
import "./chunk-SKKTZLAV.js";
import "./chunk-WJUSOK3Y.js";
import "./chunk-4L5DIE5B.js";
import "./chunk-UVXCAWLY.js";
import "./chunk-653STPFW.js";
import "./chunk-RVNDXNJV.js";
import "./chunk-WDXB4OOW.js";
import "./chunk-JRKLLSI7.js";
import "./chunk-CIGEKA3Y.js";
import "./chunk-27FUKKN2.js";
export {
  initCommand,
  initState,
  validateCommand
};
