import {
  cliCommand,
  statusCommand
} from "./chunk-T54JHD6C.js";
import "./chunk-6LZOUVXQ.js";
import "./chunk-O5J4BSRK.js";
import "./chunk-B4B5LSOZ.js";
import "./chunk-NIMVZXM4.js";
import "./chunk-GHYHH54B.js";
import "./chunk-PFOLIUZO.js";
import "./chunk-6L3LHML4.js";
import "./chunk-K6W52O6F.js";
import "./chunk-7JTDDRLV.js";
import "./chunk-R6U2HAOZ.js";
import "./chunk-S6K3D646.js";
import "./chunk-SOQWTVCZ.js";
import "./chunk-NEPVVNT5.js";
import "./chunk-IU7JM5AZ.js";
import "./chunk-A35T5UHC.js";
import "./chunk-3M3F447X.js";
import "./chunk-UOIHXYYL.js";
import "./chunk-6ECGHLWA.js";
import "./chunk-WGF3IXHD.js";
import "./chunk-QT4UXPX2.js";
import "./chunk-NVDTFA22.js";
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
  cliCommand,
  statusCommand
};
