import {
  initCommand,
  initState,
  validateCommand
} from "./chunk-K3DEQUUQ.js";
import "./chunk-WP24H3FZ.js";
import "./chunk-IYC5GS35.js";
import "./chunk-GEEVHY5U.js";
import "./chunk-MJYEMCGX.js";
import "./chunk-WPQCYANI.js";
import "./chunk-4XQJELZR.js";
import "./chunk-2HIBY5TL.js";
import "./chunk-Z4F2HYRN.js";
import "./chunk-IRBHFVKM.js";
import "./chunk-7JTDDRLV.js";
import "./chunk-LXKFCRB2.js";
import "./chunk-S6K3D646.js";
import "./chunk-SOQWTVCZ.js";
import "./chunk-7UV2UW7L.js";
import "./chunk-6KJU7HR3.js";
import "./chunk-A35T5UHC.js";
import "./chunk-3M3F447X.js";
import "./chunk-5NJULRMY.js";
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
