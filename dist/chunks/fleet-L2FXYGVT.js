import {
  report
} from "./chunk-W2V2OE3I.js";
import "./chunk-OTT5FA27.js";
import "./chunk-ASJJ7IQE.js";
import "./chunk-WR3EVM6W.js";
import "./chunk-24SACGVO.js";
import "./chunk-WLMOWD6H.js";
import {
  ConsoleLog,
  branchOf,
  createEngine,
  fleetBranches,
  forPlan
} from "./chunk-X2DQ6Z7J.js";
import {
  attemptInFlight,
  auditFindings,
  describeAction,
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
  tick
} from "./chunk-HP34WB3O.js";
import "./chunk-4JLDVQZR.js";
import "./chunk-FQEWC6NM.js";
import "./chunk-B4B5LSOZ.js";
import "./chunk-ANOSUW4P.js";
import "./chunk-RDXXX3FV.js";
import "./chunk-L5MZAUVI.js";
import "./chunk-PFOLIUZO.js";
import "./chunk-6MTQECTV.js";
import "./chunk-J73L5JYA.js";
import "./chunk-7JTDDRLV.js";
import "./chunk-XI2UETZT.js";
import {
  acquireLock
} from "./chunk-BYHQDYH5.js";
import "./chunk-S6K3D646.js";
import {
  listPlanRefs,
  markPlanIdle,
  readPlanFacts
} from "./chunk-UC6RM3HP.js";
import "./chunk-PSDTEU6M.js";
import "./chunk-SOQWTVCZ.js";
import "./chunk-NEPVVNT5.js";
import {
  workspaceGit
} from "./chunk-IU7JM5AZ.js";
import {
  terminalJson
} from "./chunk-A35T5UHC.js";
import "./chunk-3M3F447X.js";
import "./chunk-FOVAUIMP.js";
import {
  STATE_DIR,
  isActiveRef,
  isRefSafePlanId,
  isWaitingRef,
  planMatrix,
  stateFileIn,
  stateFileRel
} from "./chunk-6ECGHLWA.js";
import {
  parseState
} from "./chunk-H3KJFUGS.js";
import "./chunk-QT4UXPX2.js";
import "./chunk-O2X2K62E.js";
import "./chunk-PY777ZN4.js";
import {
  stepsDone
} from "./chunk-IU6TIPQF.js";
import "./chunk-RK2TRGWS.js";
import {
  countOf
} from "./chunk-UVXCAWLY.js";
import "./chunk-IYAFPMAX.js";
import "./chunk-X26RSK32.js";
import "./chunk-JRKLLSI7.js";
import {
  ConfigError,
  describeError
} from "./chunk-UZTB5BNK.js";
import "./chunk-27FUKKN2.js";

// src/adapters/fs/file-plans.ts
import { mkdir, readdir, readFile, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
var ARCHIVE_DIR = ".archive", COMMAND_FILE = /^\d{1,16}-[a-z]+\.json$/;
async function scanFilePlans(workspace) {
  let root = path.join(workspace, STATE_DIR), entries = await readdir(root, { withFileTypes: !0 }).catch((err) => {
    if (err.code === "ENOENT") return [];
    throw err;
  }), plans = [];
  for (let entry of entries) {
    if (!entry.isDirectory() || !isRefSafePlanId(entry.name)) continue;
    let stateFile = stateFileIn(workspace, entry.name), doc, mtime;
    try {
      let st = await stat(stateFile);
      mtime = st.mtime, doc = st.size > 67108864 ? { kind: "too-large", bytes: st.size, limit: 67108864 } : parseDocument(await readFile(stateFile, "utf8"), entry.name);
    } catch (err) {
      if (err.code === "ENOENT") continue;
      plans.push({ planId: entry.name, location: stateFile, stateFile, pendingCommands: 0, doc: { kind: "invalid", error: `cannot read: ${describeError(err)}` } });
      continue;
    }
    plans.push({
      planId: entry.name,
      location: stateFile,
      stateFile,
      doc,
      updatedAt: mtime.toISOString(),
      pendingCommands: await countCommands(`${stateFile}.inbox`)
    });
  }
  return plans.sort((a, b) => a.planId < b.planId ? -1 : a.planId > b.planId ? 1 : 0);
}
function parseDocument(text, planId) {
  try {
    let state = parseState(JSON.parse(text), { owned: !0 });
    return state.planId !== void 0 && state.planId !== planId ? { kind: "invalid", error: `planId is "${state.planId}", expected "${planId}" (its folder)` } : { kind: "ok", state };
  } catch (err) {
    return { kind: "invalid", error: describeError(err) };
  }
}
async function countCommands(dir) {
  try {
    return (await readdir(dir)).filter((n) => COMMAND_FILE.test(n)).length;
  } catch {
    return 0;
  }
}
async function pruneFilePlan(workspace, planId, mode, expectRevision) {
  let stateFile = stateFileIn(workspace, planId), lock = await acquireLock(`${stateFile}.lock`, { command: "maintenance" });
  if (!lock.ok) return "busy";
  let dir = path.dirname(stateFile), moved = !1;
  try {
    let now = parseDocument(await readFile(stateFile, "utf8"), planId);
    if (now.kind !== "ok" || now.state.revision !== expectRevision || !["DONE", "CANCELLED"].includes(now.state.status)) return "changed";
    if (mode === "delete") {
      let doomed = path.join(workspace, STATE_DIR, `${ARCHIVE_DIR}-deleting-${planId}-${process.pid}`);
      await rename(dir, doomed), moved = !0, await rm(doomed, { recursive: !0, force: !0 });
    } else {
      let archive = path.join(workspace, STATE_DIR, ARCHIVE_DIR);
      await mkdir(archive, { recursive: !0 });
      let target = path.join(archive, `${planId}-${(/* @__PURE__ */ new Date()).toISOString().replace(/[:.]/g, "-")}`);
      await rename(dir, target), moved = !0, await rm(path.join(target, "state.json.lock"), { force: !0 });
    }
    return "pruned";
  } finally {
    moved || await lock.release();
  }
}

// src/cli/commands/fleet.ts
function checkStore(s) {
  if (s.store === "cache") throw new ConfigError(`--store cache: ${s.command} works on the file store (the workspace) or the git store (the remote); cache entries cannot be listed from here.`);
}
function isWaitingState(st, now) {
  return st.status === "IN_PROGRESS" && !!st.notBefore && Date.parse(st.notBefore) > now && !attemptInFlight(st);
}
function activeFilePlans(plans, now) {
  return plans.filter((p) => p.doc.kind === "ok" && (p.doc.state.status === "IN_PROGRESS" && !isWaitingState(p.doc.state, now) || p.pendingCommands > 0));
}
async function checkAllCommand(s) {
  if (s.store === "cache") throw new ConfigError("--all: works with --store git or file; the cache store has no listing of plans");
  let log = new ConsoleLog({ quiet: s.quiet }), now = /* @__PURE__ */ new Date(), planIds = s.store === "git" ? (await listPlanRefs(workspaceGit(s.workspace), s.remote, fleetBranches(s).prefix)).filter((r) => isActiveRef(r, now)).map((r) => r.planId) : activeFilePlans(await scanFilePlans(s.workspace), now.getTime()).map((p) => p.planId);
  log.info(planIds.length ? `${countOf(planIds.length, "active plan")}: ${planIds.join(", ")}.` : "No plans to tick.");
  let ticked = [];
  for (let planId of planIds) {
    let one = forPlan(s, planId), { deps, cfg } = await createEngine(one, "check"), result = await tick(deps, cfg);
    report(result, (m) => deps.log.info(m)), ticked.push(tickedPlan(branchOf(one), result));
  }
  return s.store === "git" && await recordPlanMarkers(workspaceGit(s.workspace), s.remote, log, ticked, fleetBranches(s).prefix), 0;
}
async function listCommand(s, print) {
  if (checkStore(s), s.store === "git") {
    let refs = await listPlanRefs(workspaceGit(s.workspace), s.remote, fleetBranches(s).prefix), now2 = /* @__PURE__ */ new Date(), active2 = refs.filter((r) => isActiveRef(r, now2)).map((r) => r.planId);
    if (s.json) print(planMatrix(active2));
    else for (let r of refs) print(`${r.planId}	${isActiveRef(r, now2) ? "active" : isWaitingRef(r, now2) ? "waiting" : "idle"}	${r.branch}	${r.sha.slice(0, 12)}`);
    return 0;
  }
  let plans = await scanFilePlans(s.workspace), now = Date.now(), waiting = (st) => isWaitingState(st, now), active = activeFilePlans(plans, now);
  if (s.json)
    return print(planMatrix(active.map((p) => p.planId))), 0;
  for (let p of plans) {
    if (p.doc.kind !== "ok") {
      print(`${p.planId}	INVALID	${p.stateFile}`);
      continue;
    }
    let st = p.doc.state;
    print(`${p.planId}	${st.status}	${stepsDone(st)}/${st.stepQueue.length}	${st.lastHeartbeatIso ?? p.updatedAt ?? "-"}	${active.includes(p) ? "active" : waiting(st) ? "waiting" : "idle"}`);
  }
  return 0;
}
async function gather(s) {
  if (s.store === "git") {
    let refs = await listPlanRefs(workspaceGit(s.workspace), s.remote, fleetBranches(s).prefix);
    return { plans: await readPlanFacts(workspaceGit(s.workspace), s.remote, refs, stateFileRel), refs };
  }
  return { plans: await scanFilePlans(s.workspace), refs: [] };
}
async function auditCommand(s, print) {
  checkStore(s);
  let facts = await gather(s), findings = auditFindings(facts, { now: /* @__PURE__ */ new Date(), staleDays: s.staleDays });
  if (s.json)
    return print(terminalJson(findings, 2)), 0;
  for (let f of findings) print(formatFinding(f));
  return print(`${countOf(facts.plans.length, "plan")}, ${countOf(findings.length, "finding")}.`), 0;
}
async function maintenanceCommand(s, print) {
  checkStore(s);
  let facts = await gather(s), actions = maintenancePlan(facts, { now: /* @__PURE__ */ new Date(), pruneDays: s.pruneDays, mode: s.pruneMode }), work = {
    finalizeCancel: async (planId) => {
      let { deps, cfg } = await createEngine({ ...forPlan(s, planId), quiet: !0 }, "maintenance"), { inbox: _unused, ...noInbox } = deps, r = await tick(noInbox, { ...cfg, deadline: /* @__PURE__ */ new Date() });
      return { outcome: r.outcome, status: r.state?.status };
    },
    prune: async (a) => {
      if (s.store === "git") return pruneGitPlan(workspaceGit(s.workspace), s.remote, facts.refs, a);
      let plan = facts.plans.find((p) => p.planId === a.planId), revision = plan?.doc.kind === "ok" ? plan.doc.state.revision : void 0, outcome = await pruneFilePlan(s.workspace, a.planId, a.mode, revision);
      return outcome === "pruned" ? null : outcome === "busy" ? "a tick holds it" : "it changed since it was read";
    },
    markIdle: (a) => markPlanIdle(workspaceGit(s.workspace), s.remote, { planId: a.planId, sha: a.sha, idleSha: a.idleSha })
  }, outcomes = await maintain(actions, s.apply, work, (o) => {
    s.json || (o.result === "planned" ? print(describeAction(o, !1)) : print(o.result === "done" ? describeAction(o, !0) : `${o.planId}: ${o.result}: ${o.detail ?? ""}`));
  });
  return s.json ? print(terminalJson(outcomes, 2)) : print(`${countOf(actions.length, "action")}${s.apply ? "" : " (dry run: --apply carries them out)"}.`), !s.json && s.store === "git" && actions.some((a) => a.kind === "prune") && print("Note: the CLI cannot see pull requests; a pull request opened from a pruned work branch closes. The Action's maintenance keeps such plans."), outcomes.some((r) => r.result === "failed") ? 1 : 0;
}
export {
  auditCommand,
  checkAllCommand,
  listCommand,
  maintenanceCommand
};
