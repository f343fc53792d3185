import {
  initCommand,
  initState,
  validateCommand
} from "./chunk-RAUY7QGT.js";
import "./chunk-ST3TQYMR.js";
import "./chunk-GPPDN6GT.js";
import "./chunk-OAFYMETB.js";
import "./chunk-UDZL5EYF.js";
import "./chunk-WZUESKSO.js";
import "./chunk-CYDILJNX.js";
import "./chunk-OXMJ7FRJ.js";
import "./chunk-66WLB3LE.js";
import "./chunk-OEEQUAXY.js";
import "./chunk-7JTDDRLV.js";
import "./chunk-D2MU75HR.js";
import "./chunk-S6K3D646.js";
import "./chunk-SOQWTVCZ.js";
import "./chunk-7UV2UW7L.js";
import "./chunk-6KJU7HR3.js";
import "./chunk-A35T5UHC.js";
import "./chunk-W2VK3BOF.js";
import "./chunk-F4X6JKKC.js";
import "./chunk-XCTDHDOF.js";
import "./chunk-TZBGRJTG.js";
import "./chunk-B7SJOCFT.js";
import "./chunk-OQEA4OTZ.js";
import "./chunk-BDUNONRE.js";
import "./chunk-OLJ4YPOB.js";
import "./chunk-WJUSOK3Y.js";
import "./chunk-4L5DIE5B.js";
import "./chunk-UVXCAWLY.js";
import "./chunk-FV2SF3AH.js";
import "./chunk-JRKLLSI7.js";
import "./chunk-BU6FJO6W.js";
import "./chunk-EKJMZD64.js";
import "./chunk-27FUKKN2.js";
export {
  initCommand,
  initState,
  validateCommand
};
