import {
  checkCommand,
  report,
  runCommand
} from "./chunk-6I7P5U2J.js";
import "./chunk-WGMUGVJV.js";
import "./chunk-2STV3FKS.js";
import "./chunk-GETGV3OL.js";
import "./chunk-ZXF66RYO.js";
import "./chunk-2JVAVJHR.js";
import "./chunk-JDGQKGP6.js";
import "./chunk-M45GIGJO.js";
import "./chunk-B2I4NF27.js";
import "./chunk-SESVM67Q.js";
import "./chunk-YRCQ2COG.js";
import "./chunk-AH7ZDXIC.js";
import "./chunk-ZB76R4PU.js";
import "./chunk-2OT4JJGP.js";
import "./chunk-B43R7WFY.js";
import "./chunk-PFOLIUZO.js";
import "./chunk-J36X4KT5.js";
import "./chunk-EPUU7WEK.js";
import "./chunk-7JTDDRLV.js";
import "./chunk-XI2UETZT.js";
import "./chunk-T442ZBHR.js";
import "./chunk-S6K3D646.js";
import "./chunk-MPITGH4G.js";
import "./chunk-PSDTEU6M.js";
import "./chunk-SOQWTVCZ.js";
import "./chunk-NEPVVNT5.js";
import "./chunk-FU35SMV7.js";
import "./chunk-A35T5UHC.js";
import "./chunk-3M3F447X.js";
import "./chunk-53ZEPDVD.js";
import "./chunk-BWBUHT3Z.js";
import "./chunk-FCB6MFGM.js";
import "./chunk-QT4UXPX2.js";
import "./chunk-4AX6OBBN.js";
import "./chunk-EQ7EI33E.js";
import "./chunk-ZVJE5Q3T.js";
import "./chunk-RK2TRGWS.js";
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
