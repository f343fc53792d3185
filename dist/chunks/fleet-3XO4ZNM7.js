import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);
import {
  auditFindings,
  describeAction,
  findingsMarkdown,
  formatFinding,
  maintenancePlan
} from "./chunk-Q5ODDI6W.js";
import {
  recordPlanMarkers,
  tickedPlan
} from "./chunk-M2YYCUW3.js";
import {
  pullRequestBranch,
  tickPlan,
  writeJobSummary
} from "./chunk-5L6ZBXYZ.js";
import "./chunk-O2YO62AI.js";
import "./chunk-XWXCYQNN.js";
import "./chunk-7OXFERW2.js";
import "./chunk-33XZJFSU.js";
import "./chunk-SG5WBORI.js";
import "./chunk-V4DTJCJ2.js";
import {
  StaticInbox,
  emptyOutputs
} from "./chunk-KKF7AMIJ.js";
import {
  listPlanRefs,
  markPlanIdle,
  prunePlanRef,
  readPlanFacts
} from "./chunk-B2MDY2FH.js";
import "./chunk-E6YBHUIO.js";
import "./chunk-C5V4ED6R.js";
import {
  isActiveRef,
  isWaitingRef,
  planMatrix
} from "./chunk-N575SEFU.js";
import "./chunk-EBTCME7K.js";
import "./chunk-LUFHFP3X.js";
import "./chunk-E7UPUYF5.js";
import "./chunk-6W6564PG.js";
import "./chunk-XGQXDCDV.js";
import "./chunk-MELPNHRC.js";
import {
  isStatus
} from "./chunk-NPBJPWZN.js";
import "./chunk-USZCYFOB.js";
import "./chunk-IAW7XI6Z.js";
import "./chunk-SY3ESOGT.js";
import "./chunk-K6PSMX6F.js";
import "./chunk-VVMYYVID.js";
import {
  countOf
} from "./chunk-3RW55J7L.js";
import {
  describeError
} from "./chunk-TEYULPYE.js";
import "./chunk-EJHJ3B7N.js";
import {
  error,
  notice,
  warning
} from "./chunk-GEX65OPK.js";
import "./chunk-PANJYNO7.js";

// src/adapters/github/github-fleet.ts
async function listPlanCaches({ client, owner, repo }, prefix = "sequencer/") {
  const byPlan = /* @__PURE__ */ new Map();
  const entries = await client.paginate(client.rest.actions.getActionsCacheList, { owner, repo, key: prefix, per_page: 100 });
  for (const e of entries) {
    const key = e.key ?? "";
    if (!key.startsWith(prefix) || e.id === void 0) continue;
    const planId = key.slice(prefix.length).split("/")[0] ?? "";
    if (!planId) continue;
    const list = byPlan.get(planId) ?? [];
    list.push({ id: e.id, key, ...e.size_in_bytes !== void 0 ? { sizeBytes: e.size_in_bytes } : {}, ...e.last_accessed_at ? { lastAccessedAt: e.last_accessed_at } : {} });
    byPlan.set(planId, list);
  }
  return byPlan;
}
async function deleteCacheEntry({ client, owner, repo }, id) {
  try {
    await client.rest.actions.deleteActionsCacheById({ owner, repo, cache_id: id });
  } catch (err) {
    if (!isStatus(err, 404)) throw err;
  }
}
async function listWorkflowStates({ client, owner, repo }) {
  const workflows = await client.paginate(client.rest.actions.listRepoWorkflows, { owner, repo, per_page: 100 });
  return workflows.map((w) => ({ name: w.name, path: w.path, state: w.state }));
}
async function listOpenPullRequestHeads({ client, owner, repo }) {
  const byHead = /* @__PURE__ */ new Map();
  const pulls = await client.paginate(client.rest.pulls.list, { owner, repo, state: "open", per_page: 100 });
  for (const p of pulls) {
    if (p.head.label !== `${owner}:${p.head.ref}`) continue;
    byHead.set(p.head.ref, [...byHead.get(p.head.ref) ?? [], p.number]);
  }
  return byHead;
}

// src/action/fleet.ts
var REMOTE = "origin";
var statePathOf = (planId) => `.sequencer/${planId}/state.json`;
async function tickActivePlans(ctx, inputs, client, log, deadline, active) {
  const results = [];
  for (const ref of active) {
    if (Date.now() >= deadline.getTime()) break;
    results.push(await tickPlan(ctx, inputs, client, log, { planId: ref.planId, deadline }));
  }
  return results;
}
async function recordMarkers(ctx, inputs, log, results) {
  if (inputs.stateStore !== "git") return;
  await recordPlanMarkers(ctx.workspace, REMOTE, log, results.map(({ result, branch }) => tickedPlan(branch, result)));
}
async function listPlans(ctx, log) {
  const refs = await listPlanRefs(ctx.workspace, REMOTE);
  const now = /* @__PURE__ */ new Date();
  const active = refs.filter((r) => isActiveRef(r, now)).map((r) => r.planId);
  for (const r of refs) log.info(`${isActiveRef(r, now) ? "active " : isWaitingRef(r, now) ? "waiting" : "idle   "}  ${r.planId}  (${r.branch} ${r.sha.slice(0, 12)})`);
  log.info(`${active.length} active of ${countOf(refs.length, "plan")}.`);
  return { ...emptyOutputs("OK"), plans: planMatrix(active) };
}
async function gatherFacts(ctx, client, log) {
  const refs = await listPlanRefs(ctx.workspace, REMOTE);
  const plans = await readPlanFacts(ctx.workspace, REMOTE, refs, statePathOf);
  const repo = { client, owner: ctx.owner, repo: ctx.repo };
  const caches = await listPlanCaches(repo).catch((err) => {
    log.warn(`Could not list cache entries (needs actions: read): ${describeError(err)}`);
    return /* @__PURE__ */ new Map();
  });
  for (const p of plans) {
    const entries = caches.get(p.planId);
    if (entries?.length) p.caches = entries;
  }
  const pulls = await listOpenPullRequestHeads(repo).catch((err) => {
    log.warn(`Could not list open pull requests (needs pull-requests: read): ${describeError(err)}`);
    return void 0;
  });
  for (const p of plans) {
    const branch = refs.find((r) => r.planId === p.planId)?.branch;
    const open = [...branch ? pulls?.get(branch) ?? [] : [], ...pulls?.get(pullRequestBranch(p.planId)) ?? []];
    if (open.length) p.openPullRequests = open;
  }
  const workflows = await listWorkflowStates(repo).catch((err) => {
    log.warn(`Could not read the workflows' states (needs actions: read): ${describeError(err)}`);
    return void 0;
  });
  return { facts: { plans, ...workflows ? { workflows } : {} }, refs, pullsKnown: pulls !== void 0 };
}
async function auditPlans(ctx, inputs, client, log) {
  const { facts } = await gatherFacts(ctx, client, log);
  const findings = auditFindings(facts, { now: /* @__PURE__ */ new Date(), staleDays: inputs.staleDays });
  for (const f of findings) {
    const text = log.scrub(formatFinding(f));
    if (f.severity === "error") error(text, { title: `sequencer audit: ${f.code}` });
    else if (f.severity === "warning") warning(text, { title: `sequencer audit: ${f.code}` });
    else notice(text, { title: `sequencer audit: ${f.code}` });
  }
  log.info(`Audit: ${countOf(facts.plans.length, "plan")}, ${countOf(findings.length, "finding")}.`);
  await writeJobSummary(log.scrub(findingsMarkdown(findings, facts.plans.length)), (m) => log.warn(m));
  return { ...emptyOutputs("OK"), report: JSON.stringify(findings) };
}
async function maintainPlans(ctx, inputs, client, log) {
  const { facts, refs, pullsKnown } = await gatherFacts(ctx, client, log);
  const actions = maintenancePlan(facts, { now: /* @__PURE__ */ new Date(), pruneDays: inputs.pruneDays, mode: inputs.pruneMode });
  log.info(`Maintenance${inputs.apply ? "" : " (dry run: set apply to true to carry it out)"}: ${countOf(actions.length, "action")} for ${countOf(facts.plans.length, "plan")}.`);
  const outcomes = [];
  for (const a of actions) {
    if (!inputs.apply) {
      log.info(describeAction(a, false));
      outcomes.push({ ...a, result: "planned" });
      continue;
    }
    const outcome = a.kind === "prune" && !pullsKnown ? { ...a, result: "skipped", detail: "open pull requests could not be listed (needs pull-requests: read)" } : await carryOut(a, ctx, inputs, client, log, refs).catch((err) => ({ ...a, result: "failed", detail: describeError(err) }));
    if (outcome.result === "done") log.info(describeAction(a, true));
    else if (outcome.result === "skipped") log.info(`${a.planId}: left alone: ${outcome.detail}`);
    else log.warn(`${a.planId}: ${a.kind} failed: ${outcome.detail}`);
    outcomes.push(outcome);
  }
  return { ...emptyOutputs("OK"), report: JSON.stringify(outcomes) };
}
async function carryOut(a, ctx, inputs, client, log, refs) {
  const ref = refs.find((r) => r.planId === a.planId);
  switch (a.kind) {
    case "finalize-cancel": {
      const r = await tickPlan(ctx, inputs, client, log, { planId: a.planId, deadline: /* @__PURE__ */ new Date(), inbox: new StaticInbox(0, []) });
      const status = r.result.state?.status;
      return status === "CANCELLED" ? { ...a, result: "done" } : { ...a, result: "skipped", detail: `the tick ended ${r.result.outcome} with the plan ${status ?? "missing"}` };
    }
    case "prune": {
      if (!ref) return { ...a, result: "skipped", detail: "its branch is gone" };
      if (await prunePlanRef(ctx.workspace, REMOTE, ref, a.mode) === "moved") return { ...a, result: "skipped", detail: "it was written to since it was listed" };
      const repo = { client, owner: ctx.owner, repo: ctx.repo };
      for (const id of a.cacheIds) await deleteCacheEntry(repo, id);
      return { ...a, result: "done" };
    }
    case "keep":
      return { ...a, result: "done" };
    case "mark-idle":
      return await markPlanIdle(ctx.workspace, REMOTE, { planId: a.planId, sha: a.sha, idleSha: a.idleSha }) ? { ...a, result: "done" } : { ...a, result: "skipped", detail: "its marker moved since it was listed" };
  }
}
export {
  auditPlans,
  listPlans,
  maintainPlans,
  recordMarkers,
  tickActivePlans
};
