import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);
import {
  auditFindings,
  describeAction,
  findingsMarkdown,
  formatFinding,
  maintain,
  maintenancePlan,
  pruneGitPlan
} from "./chunk-CCDM2LG4.js";
import {
  recordPlanMarkers,
  tickedPlan
} from "./chunk-XSMVI72C.js";
import {
  tickPlan,
  writeJobSummary
} from "./chunk-IA66XFMJ.js";
import "./chunk-6OKJL4ZB.js";
import "./chunk-BQELHCCU.js";
import "./chunk-YW3HU3VR.js";
import "./chunk-6EU3EP4D.js";
import "./chunk-PDTINHGB.js";
import "./chunk-5X5WQJM4.js";
import {
  isStatus
} from "./chunk-SOVTFPQC.js";
import "./chunk-7E2BVGWF.js";
import "./chunk-HBPE4V7O.js";
import "./chunk-Q3RHMHRP.js";
import "./chunk-EJHJ3B7N.js";
import {
  REMOTE
} from "./chunk-P7EZKMFO.js";
import "./chunk-LXZ66HMH.js";
import "./chunk-PK4HEZIW.js";
import "./chunk-ETDKUUCO.js";
import {
  StaticInbox
} from "./chunk-XM7I3YIF.js";
import {
  emptyOutputs
} from "./chunk-AI4JX6IF.js";
import {
  listPlanRefs,
  markPlanIdle,
  readPlanFacts
} from "./chunk-3VQKRBOX.js";
import "./chunk-KX54TGKA.js";
import "./chunk-C5V4ED6R.js";
import "./chunk-TUS53VBD.js";
import "./chunk-GDEZUE3O.js";
import "./chunk-IAW7XI6Z.js";
import {
  error,
  notice,
  warning
} from "./chunk-GEX65OPK.js";
import "./chunk-PFKSG7GN.js";
import "./chunk-CQCEFVFH.js";
import "./chunk-SY3ESOGT.js";
import "./chunk-62KPKR6O.js";
import "./chunk-CX6YGWYV.js";
import "./chunk-LSXW7KTX.js";
import "./chunk-FV7F3W4G.js";
import "./chunk-BURUKDR2.js";
import {
  fleetPrefix,
  isActiveRef,
  isWaitingRef,
  listingPrefix,
  planMatrix,
  pullRequestBranch,
  stateFileRel
} from "./chunk-YX2CLHBO.js";
import "./chunk-MVW3MIZ5.js";
import "./chunk-LA6AF6NZ.js";
import "./chunk-IVICMJAE.js";
import "./chunk-KPYQ6AV6.js";
import "./chunk-4EQYPVNI.js";
import "./chunk-ZIC6WJ5X.js";
import "./chunk-PL4AQ5NX.js";
import {
  countOf
} from "./chunk-3RW55J7L.js";
import "./chunk-7LBMPVVG.js";
import "./chunk-K6PSMX6F.js";
import "./chunk-4Z7O3SX3.js";
import "./chunk-6BBDAKON.js";
import {
  describeError
} from "./chunk-XDUK4LLW.js";
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
async function tickActivePlans(ctx, inputs, client, log, deadline, active) {
  const results = [];
  const deferred = [];
  for (const ref of active) {
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
  const prefix = listingPrefix(inputs.branches);
  if (inputs.stateStore !== "git" || prefix === null) return;
  await recordPlanMarkers(ctx.git, REMOTE, log, results.map(({ result, branch }) => tickedPlan(branch, result)), prefix);
}
async function listPlans(ctx, inputs, log) {
  const refs = await listPlanRefs(ctx.git, REMOTE, fleetPrefix(inputs.branches, "list"));
  const now = /* @__PURE__ */ new Date();
  const active = refs.filter((r) => isActiveRef(r, now)).map((r) => r.planId);
  for (const r of refs) log.info(`${isActiveRef(r, now) ? "active " : isWaitingRef(r, now) ? "waiting" : "idle   "}  ${r.planId}  (${r.branch} ${r.sha.slice(0, 12)})`);
  log.info(`${active.length} active of ${countOf(refs.length, "plan")}.`);
  return { ...emptyOutputs("OK"), plans: planMatrix(active) };
}
async function gatherFacts(command, ctx, inputs, client, log) {
  const refs = await listPlanRefs(ctx.git, REMOTE, fleetPrefix(inputs.branches, command));
  const plans = await readPlanFacts(ctx.git, REMOTE, refs, stateFileRel);
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
  const { facts } = await gatherFacts("audit", ctx, inputs, client, log);
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
  const { facts, refs, pullsKnown } = await gatherFacts("maintenance", ctx, inputs, client, log);
  const actions = maintenancePlan(facts, { now: /* @__PURE__ */ new Date(), pruneDays: inputs.pruneDays, mode: inputs.pruneMode });
  log.info(`Maintenance${inputs.apply ? "" : " (dry run: set apply to true to carry it out)"}: ${countOf(actions.length, "action")} for ${countOf(facts.plans.length, "plan")}.`);
  const repo = { client, owner: ctx.owner, repo: ctx.repo };
  const work = {
    finalizeCancel: async (planId) => {
      const { result } = await tickPlan(ctx, inputs, client, log, { planId, deadline: /* @__PURE__ */ new Date(), inbox: new StaticInbox(0, []) });
      return { outcome: result.outcome, status: result.state?.status };
    },
    prune: async (a) => {
      if (!pullsKnown) return "open pull requests could not be listed (needs pull-requests: read)";
      const leftAlone = await pruneGitPlan(ctx.git, REMOTE, refs, a);
      if (leftAlone === null) for (const id of a.cacheIds) await deleteCacheEntry(repo, id);
      return leftAlone;
    },
    markIdle: (a) => markPlanIdle(ctx.git, REMOTE, { planId: a.planId, sha: a.sha, idleSha: a.idleSha })
  };
  const outcomes = await maintain(actions, inputs.apply, work, (o) => {
    if (o.result === "planned") log.info(describeAction(o, false));
    else if (o.result === "done") log.info(describeAction(o, true));
    else if (o.result === "skipped") log.info(`${o.planId}: left alone: ${o.detail}`);
    else log.warn(`${o.planId}: ${o.kind} failed: ${o.detail}`);
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
