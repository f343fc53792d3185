import {
  checkCommand,
  report,
  runCommand
} from "./chunk-I7Z6S2CS.js";
import "./chunk-33PZXKLG.js";
import "./chunk-M7YETCT6.js";
import "./chunk-GHGVJWXP.js";
import "./chunk-SJRU3QPB.js";
import "./chunk-A4KESCIK.js";
import "./chunk-HCYCG5KV.js";
import "./chunk-LZFQTZNP.js";
import "./chunk-PJ25C5RS.js";
import "./chunk-CEOYGRDJ.js";
import "./chunk-FQEWC6NM.js";
import "./chunk-B4B5LSOZ.js";
import "./chunk-ZMK4UW7J.js";
import "./chunk-I7L5GTKI.js";
import "./chunk-6WMUJSMB.js";
import "./chunk-PFOLIUZO.js";
import "./chunk-KVUIMDJ2.js";
import "./chunk-K6W52O6F.js";
import "./chunk-7JTDDRLV.js";
import "./chunk-XI2UETZT.js";
import "./chunk-NFVTQKRF.js";
import "./chunk-S6K3D646.js";
import "./chunk-QLJSAC5J.js";
import "./chunk-PSDTEU6M.js";
import "./chunk-SOQWTVCZ.js";
import "./chunk-NEPVVNT5.js";
import "./chunk-IU7JM5AZ.js";
import "./chunk-A35T5UHC.js";
import "./chunk-3M3F447X.js";
import "./chunk-G6P33JTX.js";
import "./chunk-6ECGHLWA.js";
import "./chunk-KPBKEXRS.js";
import "./chunk-QT4UXPX2.js";
import "./chunk-CLI34DJC.js";
import "./chunk-PY777ZN4.js";
import "./chunk-IU6TIPQF.js";
import "./chunk-RK2TRGWS.js";
import "./chunk-UVXCAWLY.js";
import "./chunk-IYAFPMAX.js";
import "./chunk-X26RSK32.js";
import "./chunk-JRKLLSI7.js";
import "./chunk-UZTB5BNK.js";
import "./chunk-27FUKKN2.js";
export {
  checkCommand,
  report,
  runCommand
};
