import {
  FileInbox,
  createEngine
} from "./chunk-OAFYMETB.js";
import {
  missingPlanError
} from "./chunk-7FZ5XP7P.js";
import {
  tick
} from "./chunk-QKE3HJLN.js";
import "./chunk-NWZW3EQ6.js";
import "./chunk-RFVYANYN.js";
import "./chunk-UDZL5EYF.js";
import "./chunk-WZUESKSO.js";
import "./chunk-CYDILJNX.js";
import "./chunk-OXMJ7FRJ.js";
import {
  statusTable
} from "./chunk-66WLB3LE.js";
import "./chunk-OEEQUAXY.js";
import "./chunk-7JTDDRLV.js";
import "./chunk-XI2UETZT.js";
import "./chunk-D2MU75HR.js";
import "./chunk-S6K3D646.js";
import "./chunk-PVNFSC34.js";
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
import {
  EXIT
} from "./chunk-EKJMZD64.js";
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
