import {
  FileInbox,
  createEngine
} from "./chunk-YMPFRBMK.js";
import {
  missingPlanError
} from "./chunk-4AOYLWGI.js";
import {
  tick
} from "./chunk-55D5SYGS.js";
import "./chunk-FLECYIIX.js";
import "./chunk-RFVYANYN.js";
import "./chunk-MJYEMCGX.js";
import "./chunk-NVPE4Y7X.js";
import "./chunk-YZTQXBKO.js";
import "./chunk-PBU4QND2.js";
import {
  statusTable
} from "./chunk-HKODUO3F.js";
import "./chunk-BCAMCS4J.js";
import "./chunk-7JTDDRLV.js";
import "./chunk-XI2UETZT.js";
import "./chunk-AW6YU6UN.js";
import "./chunk-S6K3D646.js";
import "./chunk-PVNFSC34.js";
import "./chunk-SOQWTVCZ.js";
import "./chunk-7UV2UW7L.js";
import "./chunk-6KJU7HR3.js";
import "./chunk-A35T5UHC.js";
import "./chunk-W2VK3BOF.js";
import "./chunk-OFDAWBXG.js";
import "./chunk-VIMMO6BZ.js";
import "./chunk-XJSN5XZE.js";
import "./chunk-QT4UXPX2.js";
import "./chunk-5IVMWA6B.js";
import "./chunk-BDUNONRE.js";
import "./chunk-XV6W4PJN.js";
import "./chunk-WJUSOK3Y.js";
import "./chunk-4L5DIE5B.js";
import "./chunk-UVXCAWLY.js";
import "./chunk-AVSWLEKS.js";
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
