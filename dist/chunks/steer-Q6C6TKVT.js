import {
  missingPlanError
} from "./chunk-6LZOUVXQ.js";
import {
  FileInbox,
  createEngine
} from "./chunk-O5J4BSRK.js";
import {
  tick
} from "./chunk-RUAV23DQ.js";
import "./chunk-5UEMDGWS.js";
import "./chunk-FQEWC6NM.js";
import "./chunk-B4B5LSOZ.js";
import "./chunk-A4QBGIAB.js";
import "./chunk-NIMVZXM4.js";
import "./chunk-GHYHH54B.js";
import "./chunk-PFOLIUZO.js";
import {
  statusTable
} from "./chunk-6L3LHML4.js";
import "./chunk-K6W52O6F.js";
import "./chunk-7JTDDRLV.js";
import "./chunk-XI2UETZT.js";
import "./chunk-R6U2HAOZ.js";
import "./chunk-S6K3D646.js";
import "./chunk-PSDTEU6M.js";
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
import {
  EXIT
} from "./chunk-UZTB5BNK.js";
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
