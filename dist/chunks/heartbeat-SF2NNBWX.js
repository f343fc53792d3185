import {
  checkCommand,
  report,
  runCommand
} from "./chunk-TL4KZVYE.js";
import "./chunk-FGSKGZJQ.js";
import "./chunk-CHD5EHRO.js";
import "./chunk-QROHJCFA.js";
import "./chunk-YMPFRBMK.js";
import "./chunk-4AOYLWGI.js";
import "./chunk-YZD32LPF.js";
import "./chunk-55D5SYGS.js";
import "./chunk-FLECYIIX.js";
import "./chunk-RFVYANYN.js";
import "./chunk-MJYEMCGX.js";
import "./chunk-NVPE4Y7X.js";
import "./chunk-YZTQXBKO.js";
import "./chunk-PBU4QND2.js";
import "./chunk-HKODUO3F.js";
import "./chunk-BCAMCS4J.js";
import "./chunk-7JTDDRLV.js";
import "./chunk-XI2UETZT.js";
import "./chunk-AW6YU6UN.js";
import "./chunk-S6K3D646.js";
import "./chunk-EYKCBMST.js";
import "./chunk-PVNFSC34.js";
import "./chunk-SOQWTVCZ.js";
import "./chunk-7UV2UW7L.js";
import "./chunk-6KJU7HR3.js";
import "./chunk-A35T5UHC.js";
import "./chunk-W2VK3BOF.js";
import "./chunk-OFDAWBXG.js";
import "./chunk-VIMMO6BZ.js";
import "./chunk-XJSN5XZE.js";
import "./chunk-QT4UXPX2.js";
import "./chunk-5IVMWA6B.js";
import "./chunk-BDUNONRE.js";
import "./chunk-XV6W4PJN.js";
import "./chunk-WJUSOK3Y.js";
import "./chunk-4L5DIE5B.js";
import "./chunk-UVXCAWLY.js";
import "./chunk-AVSWLEKS.js";
import "./chunk-JRKLLSI7.js";
import "./chunk-LKZZV6XG.js";
import "./chunk-BW4A33EZ.js";
import "./chunk-27FUKKN2.js";
export {
  checkCommand,
  report,
  runCommand
};
