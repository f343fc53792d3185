import {
  listPlanRefs,
  markPlanIdle,
  markPlanWaiting,
  trackingTip
} from "./chunk-UC6RM3HP.js";
import {
  PLAN_BRANCH_PREFIX,
  isIdleStatus,
  isWaitingRef
} from "./chunk-6ECGHLWA.js";
import {
  describeError
} from "./chunk-UZTB5BNK.js";

// src/adapters/git/plan-markers.ts
async function recordPlanMarkers(git, remote, log, ticked, prefix = PLAN_BRANCH_PREFIX) {
  let wanted = ticked.filter((t) => t.status && (t.outcome === "waiting" && t.detail || t.writes === 0 && isIdleStatus(t.status)));
  if (wanted.length)
    try {
      let refs = await listPlanRefs(git, remote, prefix), now = /* @__PURE__ */ new Date();
      for (let t of wanted) {
        let ref = refs.find((x) => x.branch === t.branch);
        if (!(!ref || await trackingTip(git, remote, t.branch) !== ref.sha))
          if (t.outcome === "waiting") {
            let until = Date.parse(t.detail ?? "");
            until > now.getTime() && !isWaitingRef(ref, now) && await markPlanWaiting(git, remote, ref, until) && log.info(`${ref.planId} waits until ${t.detail}: heartbeats skip it until then.`);
          } else ref.idleSha !== ref.sha && await markPlanIdle(git, remote, ref) && log.info(`${ref.planId} is ${t.status}: recorded as idle.`);
      }
    } catch (err) {
      log.warn(`Could not update the plan index: ${describeError(err)}`);
    }
}
function tickedPlan(branch, result) {
  return { branch, outcome: result.outcome, writes: result.writes, ...result.detail ? { detail: result.detail } : {}, ...result.state ? { status: result.state.status } : {} };
}

export {
  recordPlanMarkers,
  tickedPlan
};
