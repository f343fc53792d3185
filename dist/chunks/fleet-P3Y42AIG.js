import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);
import {
  report
} from "./chunk-5PXEZNLG.js";
import "./chunk-K4CXIQZ4.js";
import {
  ConsoleLog,
  branchOf,
  createEngine,
  fleetBranches,
  forPlan
} from "./chunk-DOCE244H.js";
import "./chunk-IEFEU6CB.js";
import {
  attemptInFlight,
  auditFindings,
  describeAction,
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
  tick
} from "./chunk-BQELHCCU.js";
import "./chunk-YW3HU3VR.js";
import "./chunk-6EU3EP4D.js";
import "./chunk-PDTINHGB.js";
import "./chunk-5X5WQJM4.js";
import "./chunk-7E2BVGWF.js";
import "./chunk-HBPE4V7O.js";
import "./chunk-Q3RHMHRP.js";
import "./chunk-LXZ66HMH.js";
import {
  acquireLock
} from "./chunk-PK4HEZIW.js";
import "./chunk-IBCC6RDC.js";
import "./chunk-ETDKUUCO.js";
import "./chunk-A7XPLWEY.js";
import {
  MAX_STATE_BYTES,
  listPlanRefs,
  markPlanIdle,
  readPlanFacts
} from "./chunk-3VQKRBOX.js";
import "./chunk-C5V4ED6R.js";
import "./chunk-TUS53VBD.js";
import "./chunk-GDEZUE3O.js";
import "./chunk-IAW7XI6Z.js";
import {
  workspaceGit
} from "./chunk-CQCEFVFH.js";
import {
  terminalJson
} from "./chunk-SY3ESOGT.js";
import "./chunk-62KPKR6O.js";
import "./chunk-CX6YGWYV.js";
import "./chunk-LSXW7KTX.js";
import "./chunk-FV7F3W4G.js";
import "./chunk-BURUKDR2.js";
import {
  STATE_DIR,
  isActiveRef,
  isRefSafePlanId,
  isWaitingRef,
  planMatrix,
  stateFileIn,
  stateFileRel
} from "./chunk-YX2CLHBO.js";
import {
  parseState
} from "./chunk-MVW3MIZ5.js";
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
import {
  stepsDone
} from "./chunk-K6PSMX6F.js";
import "./chunk-4Z7O3SX3.js";
import "./chunk-6BBDAKON.js";
import {
  ConfigError,
  describeError
} from "./chunk-XDUK4LLW.js";
import "./chunk-PANJYNO7.js";

// src/adapters/fs/file-plans.ts
import { mkdir, readdir, readFile, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
var ARCHIVE_DIR = ".archive";
var COMMAND_FILE = /^\d{1,16}-[a-z]+\.json$/;
async function scanFilePlans(workspace) {
  const root = path.join(workspace, STATE_DIR);
  const entries = await readdir(root, { withFileTypes: true }).catch((err) => {
    if (err.code === "ENOENT") return [];
    throw err;
  });
  const plans = [];
  for (const entry of entries) {
    if (!entry.isDirectory() || !isRefSafePlanId(entry.name)) continue;
    const stateFile = stateFileIn(workspace, entry.name);
    let doc;
    let mtime;
    try {
      const st = await stat(stateFile);
      mtime = st.mtime;
      doc = st.size > MAX_STATE_BYTES ? { kind: "too-large", bytes: st.size, limit: MAX_STATE_BYTES } : parseDocument(await readFile(stateFile, "utf8"), entry.name);
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
    const state = parseState(JSON.parse(text), { owned: true });
    if (state.planId !== void 0 && state.planId !== planId) return { kind: "invalid", error: `planId is "${state.planId}", expected "${planId}" (its folder)` };
    return { kind: "ok", state };
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
  const stateFile = stateFileIn(workspace, planId);
  const lock = await acquireLock(`${stateFile}.lock`, { command: "maintenance" });
  if (!lock.ok) return "busy";
  const dir = path.dirname(stateFile);
  let moved = false;
  try {
    const now = parseDocument(await readFile(stateFile, "utf8"), planId);
    if (now.kind !== "ok" || now.state.revision !== expectRevision || !["DONE", "CANCELLED"].includes(now.state.status)) return "changed";
    if (mode === "delete") {
      const doomed = path.join(workspace, STATE_DIR, `${ARCHIVE_DIR}-deleting-${planId}-${process.pid}`);
      await rename(dir, doomed);
      moved = true;
      await rm(doomed, { recursive: true, force: true });
    } else {
      const archive = path.join(workspace, STATE_DIR, ARCHIVE_DIR);
      await mkdir(archive, { recursive: true });
      const target = path.join(archive, `${planId}-${(/* @__PURE__ */ new Date()).toISOString().replace(/[:.]/g, "-")}`);
      await rename(dir, target);
      moved = true;
      await rm(path.join(target, "state.json.lock"), { force: true });
    }
    return "pruned";
  } finally {
    if (!moved) await lock.release();
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
  const log = new ConsoleLog({ quiet: s.quiet });
  const now = /* @__PURE__ */ new Date();
  const planIds = s.store === "git" ? (await listPlanRefs(workspaceGit(s.workspace), s.remote, fleetBranches(s).prefix)).filter((r) => isActiveRef(r, now)).map((r) => r.planId) : activeFilePlans(await scanFilePlans(s.workspace), now.getTime()).map((p) => p.planId);
  log.info(planIds.length ? `${countOf(planIds.length, "active plan")}: ${planIds.join(", ")}.` : "No plans to tick.");
  const ticked = [];
  for (const planId of planIds) {
    const one = forPlan(s, planId);
    const { deps, cfg } = await createEngine(one, "check");
    const result = await tick(deps, cfg);
    report(result, (m) => deps.log.info(m));
    ticked.push(tickedPlan(branchOf(one), result));
  }
  if (s.store === "git") await recordPlanMarkers(workspaceGit(s.workspace), s.remote, log, ticked, fleetBranches(s).prefix);
  return 0;
}
async function listCommand(s, print) {
  checkStore(s);
  if (s.store === "git") {
    const refs = await listPlanRefs(workspaceGit(s.workspace), s.remote, fleetBranches(s).prefix);
    const now2 = /* @__PURE__ */ new Date();
    const active2 = refs.filter((r) => isActiveRef(r, now2)).map((r) => r.planId);
    if (s.json) print(planMatrix(active2));
    else for (const r of refs) print(`${r.planId}	${isActiveRef(r, now2) ? "active" : isWaitingRef(r, now2) ? "waiting" : "idle"}	${r.branch}	${r.sha.slice(0, 12)}`);
    return 0;
  }
  const plans = await scanFilePlans(s.workspace);
  const now = Date.now();
  const waiting = (st) => isWaitingState(st, now);
  const active = activeFilePlans(plans, now);
  if (s.json) {
    print(planMatrix(active.map((p) => p.planId)));
    return 0;
  }
  for (const p of plans) {
    if (p.doc.kind !== "ok") {
      print(`${p.planId}	INVALID	${p.stateFile}`);
      continue;
    }
    const st = p.doc.state;
    print(`${p.planId}	${st.status}	${stepsDone(st)}/${st.stepQueue.length}	${st.lastHeartbeatIso ?? p.updatedAt ?? "-"}	${active.includes(p) ? "active" : waiting(st) ? "waiting" : "idle"}`);
  }
  return 0;
}
async function gather(s) {
  if (s.store === "git") {
    const refs = await listPlanRefs(workspaceGit(s.workspace), s.remote, fleetBranches(s).prefix);
    return { plans: await readPlanFacts(workspaceGit(s.workspace), s.remote, refs, stateFileRel), refs };
  }
  return { plans: await scanFilePlans(s.workspace), refs: [] };
}
async function auditCommand(s, print) {
  checkStore(s);
  const facts = await gather(s);
  const findings = auditFindings(facts, { now: /* @__PURE__ */ new Date(), staleDays: s.staleDays });
  if (s.json) {
    print(terminalJson(findings, 2));
    return 0;
  }
  for (const f of findings) print(formatFinding(f));
  print(`${countOf(facts.plans.length, "plan")}, ${countOf(findings.length, "finding")}.`);
  return 0;
}
async function maintenanceCommand(s, print) {
  checkStore(s);
  const facts = await gather(s);
  const actions = maintenancePlan(facts, { now: /* @__PURE__ */ new Date(), pruneDays: s.pruneDays, mode: s.pruneMode });
  const work = {
    finalizeCancel: async (planId) => {
      const { deps, cfg } = await createEngine({ ...forPlan(s, planId), quiet: true }, "maintenance");
      const { inbox: _unused, ...noInbox } = deps;
      const r = await tick(noInbox, { ...cfg, deadline: /* @__PURE__ */ new Date() });
      return { outcome: r.outcome, status: r.state?.status };
    },
    prune: async (a) => {
      if (s.store === "git") return pruneGitPlan(workspaceGit(s.workspace), s.remote, facts.refs, a);
      const plan = facts.plans.find((p) => p.planId === a.planId);
      const revision = plan?.doc.kind === "ok" ? plan.doc.state.revision : void 0;
      const outcome = await pruneFilePlan(s.workspace, a.planId, a.mode, revision);
      return outcome === "pruned" ? null : outcome === "busy" ? "a tick holds it" : "it changed since it was read";
    },
    markIdle: (a) => markPlanIdle(workspaceGit(s.workspace), s.remote, { planId: a.planId, sha: a.sha, idleSha: a.idleSha })
  };
  const outcomes = await maintain(actions, s.apply, work, (o) => {
    if (s.json) return;
    if (o.result === "planned") print(describeAction(o, false));
    else print(o.result === "done" ? describeAction(o, true) : `${o.planId}: ${o.result}: ${o.detail ?? ""}`);
  });
  if (s.json) print(terminalJson(outcomes, 2));
  else print(`${countOf(actions.length, "action")}${s.apply ? "" : " (dry run: --apply carries them out)"}.`);
  if (!s.json && s.store === "git" && actions.some((a) => a.kind === "prune")) {
    print("Note: the CLI cannot see pull requests; a pull request opened from a pruned work branch closes. The Action's maintenance keeps such plans.");
  }
  return outcomes.some((r) => r.result === "failed") ? 1 : 0;
}
export {
  auditCommand,
  checkAllCommand,
  listCommand,
  maintenanceCommand
};
