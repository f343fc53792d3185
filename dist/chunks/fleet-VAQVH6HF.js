import {
  auditFindings,
  describeAction,
  findingsMarkdown,
  formatFinding,
  maintain,
  maintenancePlan,
  pruneGitPlan
} from "./chunk-HF4AWUSV.js";
import {
  recordPlanMarkers,
  tickedPlan
} from "./chunk-WY4565QU.js";
import {
  StaticInbox
} from "./chunk-2WOMID6H.js";
import {
  tickPlan,
  writeJobSummary
} from "./chunk-5LY7M2UG.js";
import "./chunk-HP34WB3O.js";
import "./chunk-XUBHMXRQ.js";
import "./chunk-4JLDVQZR.js";
import "./chunk-FQEWC6NM.js";
import "./chunk-B4B5LSOZ.js";
import "./chunk-ANOSUW4P.js";
import "./chunk-RDXXX3FV.js";
import "./chunk-L5MZAUVI.js";
import "./chunk-PFOLIUZO.js";
import {
  isStatus
} from "./chunk-7JWXCA3G.js";
import "./chunk-6MTQECTV.js";
import "./chunk-J73L5JYA.js";
import "./chunk-7JTDDRLV.js";
import "./chunk-YZVZVWYV.js";
import {
  REMOTE
} from "./chunk-ERRCKADV.js";
import "./chunk-XI2UETZT.js";
import "./chunk-BYHQDYH5.js";
import {
  emptyOutputs
} from "./chunk-45U3NNUK.js";
import {
  listPlanRefs,
  markPlanIdle,
  readPlanFacts
} from "./chunk-UC6RM3HP.js";
import "./chunk-DUAHX55U.js";
import "./chunk-PSDTEU6M.js";
import "./chunk-WSTE2BUZ.js";
import "./chunk-SOQWTVCZ.js";
import "./chunk-NEPVVNT5.js";
import {
  error,
  notice,
  warning
} from "./chunk-HQAVCPKY.js";
import "./chunk-IU7JM5AZ.js";
import "./chunk-A35T5UHC.js";
import "./chunk-3M3F447X.js";
import "./chunk-FOVAUIMP.js";
import {
  fleetPrefix,
  isActiveRef,
  isWaitingRef,
  listingPrefix,
  planMatrix,
  pullRequestBranch,
  stateFileRel
} from "./chunk-6ECGHLWA.js";
import "./chunk-H3KJFUGS.js";
import "./chunk-QT4UXPX2.js";
import "./chunk-O2X2K62E.js";
import "./chunk-PY777ZN4.js";
import "./chunk-IU6TIPQF.js";
import "./chunk-RK2TRGWS.js";
import {
  countOf
} from "./chunk-UVXCAWLY.js";
import "./chunk-IYAFPMAX.js";
import "./chunk-X26RSK32.js";
import "./chunk-JRKLLSI7.js";
import {
  describeError
} from "./chunk-UZTB5BNK.js";
import "./chunk-27FUKKN2.js";

// src/adapters/github/github-fleet.ts
async function listPlanCaches({ client, owner, repo }, prefix = "sequencer/") {
  let byPlan = /* @__PURE__ */ new Map(), entries = await client.paginate(client.rest.actions.getActionsCacheList, { owner, repo, key: prefix, per_page: 100 });
  for (let e of entries) {
    let key = e.key ?? "";
    if (!key.startsWith(prefix) || e.id === void 0) continue;
    let planId = key.slice(prefix.length).split("/")[0] ?? "";
    if (!planId) continue;
    let list = byPlan.get(planId) ?? [];
    list.push({ id: e.id, key, ...e.size_in_bytes !== void 0 ? { sizeBytes: e.size_in_bytes } : {}, ...e.last_accessed_at ? { lastAccessedAt: e.last_accessed_at } : {} }), byPlan.set(planId, list);
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
  return (await client.paginate(client.rest.actions.listRepoWorkflows, { owner, repo, per_page: 100 })).map((w) => ({ name: w.name, path: w.path, state: w.state }));
}
async function listOpenPullRequestHeads({ client, owner, repo }) {
  let byHead = /* @__PURE__ */ new Map(), pulls = await client.paginate(client.rest.pulls.list, { owner, repo, state: "open", per_page: 100 });
  for (let p of pulls)
    p.head.label === `${owner}:${p.head.ref}` && byHead.set(p.head.ref, [...byHead.get(p.head.ref) ?? [], p.number]);
  return byHead;
}

// src/action/fleet.ts
async function tickActivePlans(ctx, inputs, client, log, deadline, active) {
  let results = [], deferred = [];
  for (let ref of active) {
    if (Date.now() >= deadline.getTime()) break;
    if (results.some((r) => r.handOff)) {
      deferred.push(ref.planId);
      continue;
    }
    results.push(await tickPlan(ctx, inputs, client, log, { planId: ref.planId, deadline }));
  }
  return { results, deferred };
}
async function recordMarkers(ctx, inputs, log, results) {
  let prefix = listingPrefix(inputs.branches);
  inputs.stateStore !== "git" || prefix === null || await recordPlanMarkers(
    ctx.git,
    REMOTE,
    log,
    results.map(({ result, branch }) => tickedPlan(branch, result)),
    prefix
  );
}
async function listPlans(ctx, inputs, log) {
  let refs = await listPlanRefs(ctx.git, REMOTE, fleetPrefix(inputs.branches, "list")), now = /* @__PURE__ */ new Date(), active = refs.filter((r) => isActiveRef(r, now)).map((r) => r.planId);
  for (let r of refs) log.info(`${isActiveRef(r, now) ? "active " : isWaitingRef(r, now) ? "waiting" : "idle   "}  ${r.planId}  (${r.branch} ${r.sha.slice(0, 12)})`);
  return log.info(`${active.length} active of ${countOf(refs.length, "plan")}.`), { ...emptyOutputs("OK"), plans: planMatrix(active) };
}
async function gatherFacts(command, ctx, inputs, client, log) {
  let refs = await listPlanRefs(ctx.git, REMOTE, fleetPrefix(inputs.branches, command)), plans = await readPlanFacts(ctx.git, REMOTE, refs, stateFileRel), repo = { client, owner: ctx.owner, repo: ctx.repo }, caches = await listPlanCaches(repo).catch((err) => (log.warn(`Could not list cache entries (needs actions: read): ${describeError(err)}`), /* @__PURE__ */ new Map()));
  for (let p of plans) {
    let entries = caches.get(p.planId);
    entries?.length && (p.caches = entries);
  }
  let pulls = await listOpenPullRequestHeads(repo).catch((err) => {
    log.warn(`Could not list open pull requests (needs pull-requests: read): ${describeError(err)}`);
  });
  for (let p of plans) {
    let branch = refs.find((r) => r.planId === p.planId)?.branch, open = [...branch ? pulls?.get(branch) ?? [] : [], ...pulls?.get(pullRequestBranch(p.planId)) ?? []];
    open.length && (p.openPullRequests = open);
  }
  let workflows = await listWorkflowStates(repo).catch((err) => {
    log.warn(`Could not read the workflows' states (needs actions: read): ${describeError(err)}`);
  });
  return { facts: { plans, ...workflows ? { workflows } : {} }, refs, pullsKnown: pulls !== void 0 };
}
async function auditPlans(ctx, inputs, client, log) {
  let { facts } = await gatherFacts("audit", ctx, inputs, client, log), findings = auditFindings(facts, { now: /* @__PURE__ */ new Date(), staleDays: inputs.staleDays });
  for (let f of findings) {
    let text = log.scrub(formatFinding(f));
    f.severity === "error" ? error(text, { title: `sequencer audit: ${f.code}` }) : f.severity === "warning" ? warning(text, { title: `sequencer audit: ${f.code}` }) : notice(text, { title: `sequencer audit: ${f.code}` });
  }
  return log.info(`Audit: ${countOf(facts.plans.length, "plan")}, ${countOf(findings.length, "finding")}.`), await writeJobSummary(log.scrub(findingsMarkdown(findings, facts.plans.length)), (m) => log.warn(m)), { ...emptyOutputs("OK"), report: JSON.stringify(findings) };
}
async function maintainPlans(ctx, inputs, client, log) {
  let { facts, refs, pullsKnown } = await gatherFacts("maintenance", ctx, inputs, client, log), actions = maintenancePlan(facts, { now: /* @__PURE__ */ new Date(), pruneDays: inputs.pruneDays, mode: inputs.pruneMode });
  log.info(`Maintenance${inputs.apply ? "" : " (dry run: set apply to true to carry it out)"}: ${countOf(actions.length, "action")} for ${countOf(facts.plans.length, "plan")}.`);
  let repo = { client, owner: ctx.owner, repo: ctx.repo }, work = {
    finalizeCancel: async (planId) => {
      let { result } = await tickPlan(ctx, inputs, client, log, { planId, deadline: /* @__PURE__ */ new Date(), inbox: new StaticInbox(0, []) });
      return { outcome: result.outcome, status: result.state?.status };
    },
    prune: async (a) => {
      if (!pullsKnown) return "open pull requests could not be listed (needs pull-requests: read)";
      let leftAlone = await pruneGitPlan(ctx.git, REMOTE, refs, a);
      if (leftAlone === null) for (let id of a.cacheIds) await deleteCacheEntry(repo, id);
      return leftAlone;
    },
    markIdle: (a) => markPlanIdle(ctx.git, REMOTE, { planId: a.planId, sha: a.sha, idleSha: a.idleSha })
  }, outcomes = await maintain(actions, inputs.apply, work, (o) => {
    o.result === "planned" ? log.info(describeAction(o, !1)) : o.result === "done" ? log.info(describeAction(o, !0)) : o.result === "skipped" ? log.info(`${o.planId}: left alone: ${o.detail}`) : log.warn(`${o.planId}: ${o.kind} failed: ${o.detail}`);
  });
  return { ...emptyOutputs("OK"), report: JSON.stringify(outcomes) };
}
export {
  auditPlans,
  listPlans,
  maintainPlans,
  recordMarkers,
  tickActivePlans
};
