import {
  FileInbox,
  createEngine
} from "./chunk-GEEVHY5U.js";
import {
  missingPlanError
} from "./chunk-ZKHNKVTJ.js";
import {
  tick
} from "./chunk-P5NGAA4V.js";
import "./chunk-OSSMGKVY.js";
import "./chunk-RFVYANYN.js";
import "./chunk-MJYEMCGX.js";
import "./chunk-WPQCYANI.js";
import "./chunk-4XQJELZR.js";
import "./chunk-2HIBY5TL.js";
import {
  statusTable
} from "./chunk-Z4F2HYRN.js";
import "./chunk-IRBHFVKM.js";
import "./chunk-7JTDDRLV.js";
import "./chunk-XI2UETZT.js";
import "./chunk-LXKFCRB2.js";
import "./chunk-S6K3D646.js";
import "./chunk-PVNFSC34.js";
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
import {
  EXIT
} from "./chunk-BW4A33EZ.js";
import "./chunk-27FUKKN2.js";

// src/cli/commands/steer.ts
import os from "node:os";
function commandFrom(s) {
  let by = os.userInfo().username, step = s.positionals[0], note = s.note !== void 0 ? { note: s.note } : {};
  switch (s.command) {
    case "approve": {
      let b = s.spendBudget;
      return b ? {
        kind: "approve",
        by,
        budgets: [...b.costUsd !== void 0 ? [{ kind: "costUsd", amount: b.costUsd }] : [], ...b.tokens !== void 0 ? [{ kind: "tokens", amount: b.tokens }] : []]
      } : { kind: "approve", by, ...s.delayMinutes !== void 0 ? { delayMinutes: s.delayMinutes } : {}, ...note };
    }
    case "cancel":
      return s.reason ? { kind: "cancel", by, reason: s.reason } : { kind: "cancel", by };
    case "retry":
      return { kind: "retry", by, ...step ? { step } : {}, ...note };
    case "skip":
    case "restart":
      return step ? { kind: s.command, by, step } : { kind: s.command, by };
    default:
      return { kind: "resume", by, ...note };
  }
}
async function steerCommand(s, print) {
  let posted, refused = !1, { deps, cfg, paths } = await createEngine(s, s.command, {
    onReply: (item, _text, isRefusal) => {
      item.cursor === posted && isRefusal && (refused = !0);
    }
  });
  posted = (await FileInbox.post(paths.inboxDir, commandFrom(s))).cursor;
  let result = await tick(deps, { ...cfg, commandsOnly: !0 });
  if (result.outcome === "missing") throw await missingPlanError(s);
  return result.outcome === "busy" ? (print(`A tick is running (${result.detail ?? "busy"}); it will apply /${s.command} within a second or at its next step.`), 0) : (result.state && print(statusTable(result.state)), refused ? EXIT.notDone : EXIT.ok);
}
export {
  commandFrom,
  steerCommand
};
