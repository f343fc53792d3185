import {
  initCommand,
  initState,
  validateCommand
} from "./chunk-LP4JASO3.js";
import "./chunk-7UO4HM7Z.js";
import "./chunk-ZTSTMX4V.js";
import "./chunk-XM6INFU6.js";
import "./chunk-B4B5LSOZ.js";
import "./chunk-JGUCA62I.js";
import "./chunk-RDXXX3FV.js";
import "./chunk-YPMU7G3Z.js";
import "./chunk-PFOLIUZO.js";
import "./chunk-6MTQECTV.js";
import "./chunk-J73L5JYA.js";
import "./chunk-7JTDDRLV.js";
import "./chunk-3NBLV3Q3.js";
import "./chunk-S6K3D646.js";
import "./chunk-SOQWTVCZ.js";
import "./chunk-NEPVVNT5.js";
import "./chunk-IU7JM5AZ.js";
import "./chunk-A35T5UHC.js";
import "./chunk-3M3F447X.js";
import "./chunk-2X65GO6K.js";
import "./chunk-6ECGHLWA.js";
import "./chunk-FJWZQMQJ.js";
import "./chunk-QT4UXPX2.js";
import "./chunk-NZ3DION3.js";
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
  initCommand,
  initState,
  validateCommand
};
