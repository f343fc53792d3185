import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);
import {
  checkCommand,
  report,
  runCommand
} from "./chunk-5PXEZNLG.js";
import "./chunk-K4CXIQZ4.js";
import "./chunk-DOCE244H.js";
import "./chunk-IEFEU6CB.js";
import "./chunk-XSMVI72C.js";
import "./chunk-BQELHCCU.js";
import "./chunk-YW3HU3VR.js";
import "./chunk-6EU3EP4D.js";
import "./chunk-PDTINHGB.js";
import "./chunk-5X5WQJM4.js";
import "./chunk-7E2BVGWF.js";
import "./chunk-HBPE4V7O.js";
import "./chunk-Q3RHMHRP.js";
import "./chunk-LXZ66HMH.js";
import "./chunk-PK4HEZIW.js";
import "./chunk-IBCC6RDC.js";
import "./chunk-ETDKUUCO.js";
import "./chunk-A7XPLWEY.js";
import "./chunk-3VQKRBOX.js";
import "./chunk-C5V4ED6R.js";
import "./chunk-TUS53VBD.js";
import "./chunk-GDEZUE3O.js";
import "./chunk-IAW7XI6Z.js";
import "./chunk-CQCEFVFH.js";
import "./chunk-SY3ESOGT.js";
import "./chunk-62KPKR6O.js";
import "./chunk-CX6YGWYV.js";
import "./chunk-LSXW7KTX.js";
import "./chunk-FV7F3W4G.js";
import "./chunk-BURUKDR2.js";
import "./chunk-YX2CLHBO.js";
import "./chunk-MVW3MIZ5.js";
import "./chunk-LA6AF6NZ.js";
import "./chunk-IVICMJAE.js";
import "./chunk-KPYQ6AV6.js";
import "./chunk-4EQYPVNI.js";
import "./chunk-ZIC6WJ5X.js";
import "./chunk-PL4AQ5NX.js";
import "./chunk-3RW55J7L.js";
import "./chunk-7LBMPVVG.js";
import "./chunk-K6PSMX6F.js";
import "./chunk-4Z7O3SX3.js";
import "./chunk-6BBDAKON.js";
import "./chunk-XDUK4LLW.js";
import "./chunk-PANJYNO7.js";
export {
  checkCommand,
  report,
  runCommand
};
