import {
  activeStepId
} from "./chunk-J73L5JYA.js";
import {
  daysBetween,
  lastChangeMs,
  prunePlanRef
} from "./chunk-UC6RM3HP.js";
import {
  isFinishedStatus,
  isIdleStatus
} from "./chunk-6ECGHLWA.js";
import {
  lastAttempt,
  stepRun
} from "./chunk-IU6TIPQF.js";
import {
  countOf
} from "./chunk-UVXCAWLY.js";
import {
  describeError
} from "./chunk-UZTB5BNK.js";

// src/core/fleet/audit.ts
var SEVERITY_ORDER = { error: 0, warning: 1, notice: 2 };
function auditFindings(facts, opts) {
  let findings = [];
  for (let plan of facts.plans) findings.push(...planFindings(plan, opts));
  for (let w of facts.workflows ?? [])
    w.state === "disabled_inactivity" && findings.push({
      code: "workflow-disabled",
      severity: "error",
      message: `Workflow "${w.name}" (${w.path}) was disabled by GitHub for inactivity: its schedule, the heartbeat, no longer runs.`,
      hint: `Enable it in the Actions tab or with \`gh workflow enable ${w.path.split("/").pop()}\`. GitHub disables scheduled workflows after 60 days without repository activity.`
    });
  return findings.sort((a, b) => SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity] || (a.planId ?? "").localeCompare(b.planId ?? "") || a.code.localeCompare(b.code));
}
function planFindings(plan, opts) {
  let { planId, location, doc } = plan;
  if (doc.kind === "invalid")
    return [
      {
        code: "invalid-state",
        severity: "error",
        planId,
        message: `${planId}: the state at ${location} fails validation: ${doc.error}`,
        hint: "Ticks refuse it and leave it untouched: fix the named fields by hand or restore the state from the history, then tick again."
      }
    ];
  if (doc.kind === "too-large") {
    let mib = (n) => `${(n / 1024 / 1024).toFixed(1).replace(/\.0$/, "")} MiB`;
    return [
      {
        code: "state-too-large",
        severity: "error",
        planId,
        message: `${planId}: the state at ${location} is ${mib(doc.bytes)} (${doc.bytes} bytes), more than the ${mib(doc.limit)} audit and maintenance read, so it was not checked.`,
        hint: "The git store cannot load a state this large either, and maintenance leaves the plan alone. Find what grew it (long stdout, error or payload fields, or many attempts, in stepRuns), trim it by hand or restore a smaller state from the history."
      }
    ];
  }
  if (doc.kind === "missing")
    return [
      {
        code: "branch-without-state",
        severity: "warning",
        planId,
        message: `${planId}: ${location} holds no state file (.sequencer/${planId}/state.json).`,
        hint: "Nothing ticks it. Delete the branch if it is not a plan, or restore the state from its history."
      }
    ];
  let state = doc.state, out = [], inFlight = attemptInFlight(state), leaseMs = inFlight?.leaseExpiresAt ? Date.parse(inFlight.leaseExpiresAt) : NaN, leaseExpired = inFlight !== void 0 && (Number.isNaN(leaseMs) || leaseMs <= opts.now.getTime());
  inFlight && leaseExpired && out.push({
    code: "lease-expired",
    severity: "warning",
    planId,
    message: `${planId}: ${inFlight.stepId} attempt ${inFlight.n} has run past its lease (${inFlight.leaseExpiresAt ?? "no lease recorded"}) without a result.`,
    hint: `The runner that owned it is gone. The next tick records it as interrupted and retries it; if none comes, check that the heartbeat runs, or tick it by hand (dispatch command tick with plan-id ${planId}; locally \`agent-step-sequencer check\`).`
  }), state.cancelRequested && state.status === "IN_PROGRESS" && (!inFlight || leaseExpired) && out.push({
    code: "cancel-stuck",
    severity: "warning",
    planId,
    message: `${planId}: cancel requested by @${state.cancelRequested.by} at ${state.cancelRequested.at}, but the plan is still IN_PROGRESS.`,
    hint: "`maintenance --apply` (or the next tick) finishes the cancellation; nothing new starts meanwhile."
  });
  let since = lastChangeMs(plan), days = since === null ? null : daysBetween(since, opts.now);
  if (days !== null && days > opts.staleDays && (state.status === "BLOCKED" || state.status === "AWAITING_APPROVAL")) {
    let blocked = state.status === "BLOCKED";
    out.push({
      code: blocked ? "stale-blocked" : "stale-approval",
      severity: "warning",
      planId,
      message: `${planId}: ${blocked ? "blocked" : "awaiting approval"} for ${days} days (since ${new Date(since).toISOString()})${blocked && state.blockers?.length ? `: ${state.blockers[state.blockers.length - 1]}` : ""}.`,
      hint: blocked ? "Fix the cause, then comment /retry (or /skip the step); /cancel ends the plan." : "Comment /approve to run it, or /cancel to drop it."
    });
  }
  let caches = plan.caches ?? [];
  if (caches.length && (state.status === "DONE" || state.status === "CANCELLED")) {
    let bytes = caches.reduce((n, c) => n + (c.sizeBytes ?? 0), 0);
    out.push({
      code: "finished-plan-caches",
      severity: "notice",
      planId,
      message: `${planId}: ${caches.length} cache entr${caches.length === 1 ? "y" : "ies"} (${(bytes / 1024 / 1024).toFixed(1)} MiB) kept for a plan that is ${state.status}.`,
      hint: "`maintenance --apply` deletes them when it prunes the plan; GitHub also evicts entries unused for 7 days."
    });
  }
  return plan.tip && isIdleStatus(state.status) && plan.tip.idleSha !== plan.tip.sha && out.push({
    code: "not-indexed",
    severity: "notice",
    planId,
    message: `${planId}: ${state.status} but not recorded as idle, so every heartbeat fetches ${location}.`,
    hint: "The next heartbeat records it; `maintenance --apply` does it now."
  }), out;
}
function attemptInFlight(state) {
  if (state.status !== "IN_PROGRESS") return;
  let stepId = activeStepId(state);
  if (stepId === void 0) return;
  let run = stepRun(state, stepId);
  if (run.status !== "IN_PROGRESS") return;
  let attempt = lastAttempt(run);
  return { stepId, n: attempt?.n ?? run.tries, leaseExpiresAt: attempt?.leaseExpiresAt };
}
function formatFinding(f) {
  return `${f.severity.toUpperCase()} ${f.code}: ${f.message}
  hint: ${f.hint}`;
}
function findingsMarkdown(findings, planCount) {
  let head = `### Agent Step Sequencer audit

${countOf(planCount, "plan")}, ${countOf(findings.length, "finding")}.
`;
  if (!findings.length) return `${head}
Nothing needs attention.
`;
  let cell = (t) => t.replace(/\|/g, "\\|").replace(/\r?\n/g, " "), rows = findings.map((f) => `| ${f.severity} | \`${f.code}\` | ${cell(f.planId ?? "")} | ${cell(f.message)} | ${cell(f.hint)} |`);
  return `${head}
| severity | finding | plan | what | what to do |
| --- | --- | --- | --- | --- |
${rows.join(`
`)}
`;
}

// src/core/fleet/maintenance-plan.ts
function maintenancePlan(facts, opts) {
  let actions = [];
  for (let plan of facts.plans) {
    if (plan.doc.kind !== "ok") continue;
    let state = plan.doc.state, { planId, location } = plan;
    if (state.status === "IN_PROGRESS") {
      let inFlight = attemptInFlight(state), leaseMs = inFlight?.leaseExpiresAt ? Date.parse(inFlight.leaseExpiresAt) : NaN, alive = inFlight !== void 0 && !Number.isNaN(leaseMs) && leaseMs > opts.now.getTime();
      state.cancelRequested && !alive && actions.push({ kind: "finalize-cancel", planId, location });
      continue;
    }
    let since = lastChangeMs(plan), ageDays = since === null ? null : daysBetween(since, opts.now);
    if (isFinishedStatus(state.status) && ageDays !== null && ageDays >= opts.pruneDays) {
      if (plan.openPullRequests?.length) {
        actions.push({ kind: "keep", planId, location, pullRequests: plan.openPullRequests });
        continue;
      }
      actions.push({
        kind: "prune",
        planId,
        location,
        mode: opts.mode,
        status: state.status,
        ageDays,
        cacheIds: (plan.caches ?? []).map((c) => c.id),
        ...plan.tip ? { tip: plan.tip } : {}
      });
      continue;
    }
    plan.tip && isIdleStatus(state.status) && plan.tip.idleSha !== plan.tip.sha && actions.push({ kind: "mark-idle", planId, location, status: state.status, sha: plan.tip.sha, idleSha: plan.tip.idleSha });
  }
  return actions;
}
function describeAction(a, done) {
  let verb = (dry, past) => done ? past : `would ${dry}`;
  switch (a.kind) {
    case "finalize-cancel":
      return `${a.planId}: ${verb("finish the requested cancellation", "finished the requested cancellation")} (${a.location})`;
    case "prune": {
      let what = a.mode === "archive" ? verb("archive", "archived") : verb("delete", "deleted"), caches = a.cacheIds.length ? ` and ${verb("delete", "deleted")} ${a.cacheIds.length} cache entr${a.cacheIds.length === 1 ? "y" : "ies"}` : "";
      return `${a.planId}: ${what} ${a.location} (${a.status}, last change ${a.ageDays} days ago)${caches}`;
    }
    case "keep":
      return `${a.planId}: ${verb("keep", "kept")} ${a.location}: pull request ${a.pullRequests.map((n) => `#${n}`).join(", ")} ${a.pullRequests.length === 1 ? "is" : "are"} open`;
    case "mark-idle":
      return `${a.planId}: ${verb("record", "recorded")} as idle in the index (${a.status}), so heartbeats skip it`;
  }
}

// src/wiring/maintenance.ts
async function maintain(actions, apply, work, report) {
  let outcomes = [];
  for (let action of actions) {
    let outcome = apply ? await carryOut(action, work) : { ...action, result: "planned" };
    report(outcome), outcomes.push(outcome);
  }
  return outcomes;
}
async function carryOut(a, work) {
  let skipped = (detail) => ({ ...a, result: "skipped", detail });
  try {
    switch (a.kind) {
      case "finalize-cancel": {
        let r = await work.finalizeCancel(a.planId);
        return r.status === "CANCELLED" ? { ...a, result: "done" } : skipped(`the tick ended ${r.outcome} with the plan ${r.status ?? "missing"}`);
      }
      case "prune": {
        let leftAlone = await work.prune(a);
        return leftAlone === null ? { ...a, result: "done" } : skipped(leftAlone);
      }
      case "keep":
        return { ...a, result: "done" };
      case "mark-idle":
        return await work.markIdle(a) ? { ...a, result: "done" } : skipped("its marker moved since it was listed");
    }
  } catch (err) {
    return { ...a, result: "failed", detail: describeError(err) };
  }
}
async function pruneGitPlan(git, remote, refs, a) {
  let ref = refs.find((r) => r.planId === a.planId);
  return ref ? await prunePlanRef(git, remote, ref, a.mode) === "pruned" ? null : "it was written to since it was listed" : "its branch is gone";
}

export {
  auditFindings,
  attemptInFlight,
  formatFinding,
  findingsMarkdown,
  maintenancePlan,
  describeAction,
  maintain,
  pruneGitPlan
};
