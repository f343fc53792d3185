import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);
import {
  initCommand,
  initState,
  validateCommand
} from "./chunk-HUKG5RGZ.js";
import "./chunk-CULCTZHK.js";
import "./chunk-QOGPKQZM.js";
import "./chunk-5QIPK3SZ.js";
import "./chunk-IGN777QD.js";
import "./chunk-IBZJWNS2.js";
import "./chunk-2USY6UWP.js";
import "./chunk-GXZU3KHP.js";
import "./chunk-WR36VY4J.js";
import "./chunk-7JTDDRLV.js";
import "./chunk-KMRQR3IX.js";
import "./chunk-S6K3D646.js";
import "./chunk-KIVW72TX.js";
import "./chunk-P4IFAX7Q.js";
import "./chunk-7UV2UW7L.js";
import "./chunk-4GS2KNCE.js";
import "./chunk-2RH4ER7E.js";
import "./chunk-A35T5UHC.js";
import "./chunk-W2VK3BOF.js";
import "./chunk-HL6FWS6T.js";
import "./chunk-KFMXT2F5.js";
import "./chunk-BTQQBW2O.js";
import "./chunk-SN44HN7T.js";
import "./chunk-MSXAT622.js";
import "./chunk-B7SJOCFT.js";
import "./chunk-DBEAOC3O.js";
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
