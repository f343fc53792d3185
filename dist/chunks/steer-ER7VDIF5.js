import {
  missingPlanError
} from "./chunk-ASJJ7IQE.js";
import {
  FileInbox,
  createEngine
} from "./chunk-X2DQ6Z7J.js";
import {
  tick
} from "./chunk-HP34WB3O.js";
import "./chunk-4JLDVQZR.js";
import "./chunk-FQEWC6NM.js";
import "./chunk-B4B5LSOZ.js";
import "./chunk-ANOSUW4P.js";
import "./chunk-RDXXX3FV.js";
import "./chunk-L5MZAUVI.js";
import "./chunk-PFOLIUZO.js";
import {
  statusTable
} from "./chunk-6MTQECTV.js";
import "./chunk-J73L5JYA.js";
import "./chunk-7JTDDRLV.js";
import "./chunk-XI2UETZT.js";
import "./chunk-BYHQDYH5.js";
import "./chunk-S6K3D646.js";
import "./chunk-PSDTEU6M.js";
import "./chunk-SOQWTVCZ.js";
import "./chunk-NEPVVNT5.js";
import "./chunk-IU7JM5AZ.js";
import "./chunk-A35T5UHC.js";
import "./chunk-3M3F447X.js";
import "./chunk-FOVAUIMP.js";
import "./chunk-6ECGHLWA.js";
import "./chunk-H3KJFUGS.js";
import "./chunk-QT4UXPX2.js";
import "./chunk-O2X2K62E.js";
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
