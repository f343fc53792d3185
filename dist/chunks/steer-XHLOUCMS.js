import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);
import {
  FileInbox,
  createEngine
} from "./chunk-ITOHZFSU.js";
import {
  tick
} from "./chunk-RSXH2OOW.js";
import "./chunk-VA5PJDS4.js";
import "./chunk-RFVYANYN.js";
import "./chunk-ZNQESYNO.js";
import "./chunk-M4LHEG4S.js";
import "./chunk-UOKPA5F4.js";
import {
  statusTable
} from "./chunk-KB3NCXMB.js";
import "./chunk-JZOZ7CN4.js";
import "./chunk-7JTDDRLV.js";
import "./chunk-XI2UETZT.js";
import "./chunk-VZSPVX62.js";
import "./chunk-S6K3D646.js";
import "./chunk-KIVW72TX.js";
import "./chunk-PVNFSC34.js";
import "./chunk-P4IFAX7Q.js";
import "./chunk-7UV2UW7L.js";
import "./chunk-4GS2KNCE.js";
import "./chunk-2RH4ER7E.js";
import {
  missingPlanError
} from "./chunk-M6H6Z4FF.js";
import "./chunk-A35T5UHC.js";
import "./chunk-LO7RJYRN.js";
import "./chunk-O3ZV6OT7.js";
import "./chunk-W2VK3BOF.js";
import "./chunk-HL6FWS6T.js";
import "./chunk-7VKMD6SB.js";
import "./chunk-BTQQBW2O.js";
import "./chunk-SN44HN7T.js";
import "./chunk-47DORWR2.js";
import "./chunk-B7SJOCFT.js";
import "./chunk-76KSSAIN.js";
import "./chunk-BDUNONRE.js";
import "./chunk-MRNNEJPN.js";
import "./chunk-WJUSOK3Y.js";
import "./chunk-4L5DIE5B.js";
import "./chunk-UVXCAWLY.js";
import "./chunk-653STPFW.js";
import "./chunk-RVNDXNJV.js";
import "./chunk-V5P7V7LJ.js";
import "./chunk-JRKLLSI7.js";
import {
  EXIT
} from "./chunk-CIGEKA3Y.js";
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
