import {
  initCommand,
  initState,
  validateCommand
} from "./chunk-2CWB3POD.js";
import "./chunk-S4YJ7M47.js";
import "./chunk-ZDTTI6VN.js";
import "./chunk-C3YTHQXE.js";
import "./chunk-MJYEMCGX.js";
import "./chunk-7LMVGKGD.js";
import "./chunk-T3G2SJET.js";
import "./chunk-RBVEZJ2Y.js";
import "./chunk-IHIQXPVA.js";
import "./chunk-Q5ZZEVCI.js";
import "./chunk-7JTDDRLV.js";
import "./chunk-S5RL2FKD.js";
import "./chunk-S6K3D646.js";
import "./chunk-SOQWTVCZ.js";
import "./chunk-7UV2UW7L.js";
import "./chunk-6KJU7HR3.js";
import "./chunk-A35T5UHC.js";
import "./chunk-W2VK3BOF.js";
import "./chunk-IXT7ENAZ.js";
import "./chunk-VIMMO6BZ.js";
import "./chunk-W7PM3EHF.js";
import "./chunk-B7SJOCFT.js";
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
  initCommand,
  initState,
  validateCommand
};
