import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);
import {
  checkCommand,
  report,
  runCommand
} from "./chunk-4BTCU64E.js";
import "./chunk-VLIITIXK.js";
import "./chunk-UM3JV4ET.js";
import "./chunk-DUQLHPDB.js";
import "./chunk-GEW3WACZ.js";
import "./chunk-SMV3CTFI.js";
import "./chunk-ULFTRDVV.js";
import "./chunk-C37RKJNQ.js";
import "./chunk-RFVYANYN.js";
import "./chunk-ZZ2ZU7OH.js";
import "./chunk-52P7KM2C.js";
import "./chunk-MYLO4TDP.js";
import "./chunk-SGLPUVFF.js";
import "./chunk-K4WCDNUT.js";
import "./chunk-7JTDDRLV.js";
import "./chunk-XI2UETZT.js";
import "./chunk-BGYQK4LA.js";
import "./chunk-S6K3D646.js";
import "./chunk-3IN76N3S.js";
import "./chunk-KIVW72TX.js";
import "./chunk-PVNFSC34.js";
import "./chunk-P4IFAX7Q.js";
import "./chunk-7UV2UW7L.js";
import "./chunk-4GS2KNCE.js";
import "./chunk-2RH4ER7E.js";
import "./chunk-A7PNFMMD.js";
import "./chunk-A35T5UHC.js";
import "./chunk-LO7RJYRN.js";
import "./chunk-O3ZV6OT7.js";
import "./chunk-W2VK3BOF.js";
import "./chunk-HL6FWS6T.js";
import "./chunk-TQAV3OVI.js";
import "./chunk-BTQQBW2O.js";
import "./chunk-SN44HN7T.js";
import "./chunk-B7EE2JLW.js";
import "./chunk-B7SJOCFT.js";
import "./chunk-RCWZPVLN.js";
import "./chunk-BDUNONRE.js";
import "./chunk-LYQU3HVR.js";
import "./chunk-WJUSOK3Y.js";
import "./chunk-4L5DIE5B.js";
import "./chunk-UVXCAWLY.js";
import "./chunk-653STPFW.js";
import "./chunk-RVNDXNJV.js";
import "./chunk-ENCSNJBU.js";
import "./chunk-JRKLLSI7.js";
import "./chunk-CIGEKA3Y.js";
import "./chunk-27FUKKN2.js";
export {
  checkCommand,
  report,
  runCommand
};
