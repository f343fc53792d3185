import {
  initCommand,
  initState,
  validateCommand
} from "./chunk-X5CZ6BNC.js";
import "./chunk-J5TQSYGK.js";
import "./chunk-3PYMQ6BY.js";
import "./chunk-QJIMK4GJ.js";
import "./chunk-MJYEMCGX.js";
import "./chunk-QIBP2SLX.js";
import "./chunk-4XQJELZR.js";
import "./chunk-OZ5LE666.js";
import "./chunk-Z4F2HYRN.js";
import "./chunk-IRBHFVKM.js";
import "./chunk-7JTDDRLV.js";
import "./chunk-BH7MJFFH.js";
import "./chunk-S6K3D646.js";
import "./chunk-SOQWTVCZ.js";
import "./chunk-7UV2UW7L.js";
import "./chunk-6KJU7HR3.js";
import "./chunk-A35T5UHC.js";
import "./chunk-3M3F447X.js";
import "./chunk-HE3LCV63.js";
import "./chunk-VIMMO6BZ.js";
import "./chunk-3SRCBPQV.js";
import "./chunk-QT4UXPX2.js";
import "./chunk-KC3P52NL.js";
import "./chunk-BDUNONRE.js";
import "./chunk-AUWL24LI.js";
import "./chunk-WJUSOK3Y.js";
import "./chunk-4L5DIE5B.js";
import "./chunk-UVXCAWLY.js";
import "./chunk-VZJ5KI2F.js";
import "./chunk-JRKLLSI7.js";
import "./chunk-LKZZV6XG.js";
import "./chunk-BW4A33EZ.js";
import "./chunk-27FUKKN2.js";
export {
  initCommand,
  initState,
  validateCommand
};
