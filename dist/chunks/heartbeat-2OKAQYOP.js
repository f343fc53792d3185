import {
  checkCommand,
  report,
  runCommand
} from "./chunk-2UL2QJKV.js";
import "./chunk-ROFFC6FO.js";
import "./chunk-4GL725T3.js";
import "./chunk-67FIGHOT.js";
import "./chunk-V4FYZFPB.js";
import "./chunk-XXJFGTMN.js";
import "./chunk-UNNDACBL.js";
import "./chunk-XT3EZ3TN.js";
import "./chunk-PAQF6PIY.js";
import "./chunk-OLWH6NLB.js";
import "./chunk-AH7ZDXIC.js";
import "./chunk-PGTG3KI2.js";
import "./chunk-KI5ITNRB.js";
import "./chunk-FNOD46TL.js";
import "./chunk-PFOLIUZO.js";
import "./chunk-4XNKJXBD.js";
import "./chunk-5GGJBFZF.js";
import "./chunk-7JTDDRLV.js";
import "./chunk-XI2UETZT.js";
import "./chunk-FZQTFGI6.js";
import "./chunk-S6K3D646.js";
import "./chunk-MR34GH7W.js";
import "./chunk-PSDTEU6M.js";
import "./chunk-SOQWTVCZ.js";
import "./chunk-NEPVVNT5.js";
import "./chunk-FU35SMV7.js";
import "./chunk-A35T5UHC.js";
import "./chunk-3M3F447X.js";
import "./chunk-Y4WZUCON.js";
import "./chunk-BWBUHT3Z.js";
import "./chunk-KO3AGIXO.js";
import "./chunk-QT4UXPX2.js";
import "./chunk-H5VRUBHN.js";
import "./chunk-RB4TAPDD.js";
import "./chunk-ZVJE5Q3T.js";
import "./chunk-6AUMYIEP.js";
import "./chunk-UVXCAWLY.js";
import "./chunk-5BMIKSX6.js";
import "./chunk-A6RB5CVQ.js";
import "./chunk-JRKLLSI7.js";
import "./chunk-WET6GGPQ.js";
import "./chunk-27FUKKN2.js";
export {
  checkCommand,
  report,
  runCommand
};
