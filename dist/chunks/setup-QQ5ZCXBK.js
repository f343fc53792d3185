import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);
import {
  initCommand,
  initState,
  validateCommand
} from "./chunk-KCT57BDK.js";
import "./chunk-KFXHULZU.js";
import "./chunk-O5WNQZ4Q.js";
import "./chunk-ITOHZFSU.js";
import "./chunk-ZNQESYNO.js";
import "./chunk-M4LHEG4S.js";
import "./chunk-UOKPA5F4.js";
import "./chunk-KB3NCXMB.js";
import "./chunk-JZOZ7CN4.js";
import "./chunk-7JTDDRLV.js";
import "./chunk-VZSPVX62.js";
import "./chunk-S6K3D646.js";
import "./chunk-KIVW72TX.js";
import "./chunk-P4IFAX7Q.js";
import "./chunk-7UV2UW7L.js";
import "./chunk-4GS2KNCE.js";
import "./chunk-2RH4ER7E.js";
import "./chunk-A35T5UHC.js";
import "./chunk-W2VK3BOF.js";
import "./chunk-HL6FWS6T.js";
import "./chunk-7VKMD6SB.js";
import "./chunk-BTQQBW2O.js";
import "./chunk-SN44HN7T.js";
import "./chunk-47DORWR2.js";
import "./chunk-B7SJOCFT.js";
import "./chunk-76KSSAIN.js";
import "./chunk-BDUNONRE.js";
import "./chunk-MRNNEJPN.js";
import "./chunk-WJUSOK3Y.js";
import "./chunk-4L5DIE5B.js";
import "./chunk-UVXCAWLY.js";
import "./chunk-653STPFW.js";
import "./chunk-RVNDXNJV.js";
import "./chunk-V5P7V7LJ.js";
import "./chunk-JRKLLSI7.js";
import "./chunk-CIGEKA3Y.js";
import "./chunk-27FUKKN2.js";
export {
  initCommand,
  initState,
  validateCommand
};
