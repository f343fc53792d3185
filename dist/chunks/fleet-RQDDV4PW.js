import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);
import {
  branchOf,
  report
} from "./chunk-ROTQB7UY.js";
import "./chunk-BD7DPB5Q.js";
import {
  ConsoleLog,
  acquireLock,
  createEngine
} from "./chunk-JGAGSQNL.js";
import {
  attemptInFlight,
  auditFindings,
  describeAction,
  formatFinding,
  maintenancePlan
} from "./chunk-Q5ODDI6W.js";
import {
  recordPlanMarkers,
  tickedPlan
} from "./chunk-M2YYCUW3.js";
import "./chunk-5LFPREZI.js";
import {
  tick
} from "./chunk-O2YO62AI.js";
import "./chunk-XWXCYQNN.js";
import "./chunk-7OXFERW2.js";
import "./chunk-33XZJFSU.js";
import "./chunk-ZIZEYMB2.js";
import "./chunk-SG5WBORI.js";
import "./chunk-V4DTJCJ2.js";
import "./chunk-A7XPLWEY.js";
import {
  MAX_STATE_BYTES,
  listPlanRefs,
  markPlanIdle,
  prunePlanRef,
  readPlanFacts
} from "./chunk-B2MDY2FH.js";
import "./chunk-C5V4ED6R.js";
import {
  isActiveRef,
  isRefSafePlanId,
  isWaitingRef,
  planMatrix
} from "./chunk-N575SEFU.js";
import "./chunk-EBTCME7K.js";
import "./chunk-LUFHFP3X.js";
import {
  parseState
} from "./chunk-E7UPUYF5.js";
import "./chunk-6W6564PG.js";
import "./chunk-XGQXDCDV.js";
import "./chunk-MELPNHRC.js";
import "./chunk-USZCYFOB.js";
import "./chunk-IAW7XI6Z.js";
import {
  terminalJson
} from "./chunk-SY3ESOGT.js";
import {
  stepsDone
} from "./chunk-K6PSMX6F.js";
import "./chunk-VVMYYVID.js";
import {
  countOf
} from "./chunk-3RW55J7L.js";
import {
  ConfigError,
  describeError
} from "./chunk-TEYULPYE.js";
import "./chunk-PANJYNO7.js";

// src/adapters/fs/file-plans.ts
import { mkdir, readdir, readFile, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
var SEQUENCER_DIR = ".sequencer";
var ARCHIVE_DIR = ".archive";
var COMMAND_FILE = /^\d{1,16}-[a-z]+\.json$/;
function stateFileOf(workspace, planId) {
  return path.join(workspace, SEQUENCER_DIR, planId, "state.json");
}
async function scanFilePlans(workspace) {
  const root = path.join(workspace, SEQUENCER_DIR);
  const entries = await readdir(root, { withFileTypes: true }).catch((err) => {
    if (err.code === "ENOENT") return [];
    throw err;
  });
  const plans = [];
  for (const entry of entries) {
    if (!entry.isDirectory() || !isRefSafePlanId(entry.name)) continue;
    const stateFile = stateFileOf(workspace, entry.name);
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
  const stateFile = stateFileOf(workspace, planId);
  const lock = await acquireLock(`${stateFile}.lock`, { command: "maintenance" });
  if (!lock.ok) return "busy";
  const dir = path.dirname(stateFile);
  let moved = false;
  try {
    const now = parseDocument(await readFile(stateFile, "utf8"), planId);
    if (now.kind !== "ok" || now.state.revision !== expectRevision || !["DONE", "CANCELLED"].includes(now.state.status)) return "changed";
    if (mode === "delete") {
      const doomed = path.join(workspace, SEQUENCER_DIR, `${ARCHIVE_DIR}-deleting-${planId}-${process.pid}`);
      await rename(dir, doomed);
      moved = true;
      await rm(doomed, { recursive: true, force: true });
    } else {
      const archive = path.join(workspace, SEQUENCER_DIR, ARCHIVE_DIR);
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
  const planIds = s.store === "git" ? (await listPlanRefs(s.workspace, s.remote)).filter((r) => isActiveRef(r, now)).map((r) => r.planId) : activeFilePlans(await scanFilePlans(s.workspace), now.getTime()).map((p) => p.planId);
  log.info(planIds.length ? `${countOf(planIds.length, "active plan")}: ${planIds.join(", ")}.` : "No plans to tick.");
  const ticked = [];
  for (const planId of planIds) {
    const one = forPlan(s, planId);
    const { deps, cfg } = await createEngine(one, "check");
    const result = await tick(deps, cfg);
    report(result, (m) => deps.log.info(m));
    ticked.push(tickedPlan(branchOf(one), result));
  }
  if (s.store === "git") await recordPlanMarkers(s.workspace, s.remote, log, ticked);
  return 0;
}
function forPlan(s, planId) {
  const statePath = s.store === "file" ? stateFileOf(s.workspace, planId) : `.sequencer/${planId}/state.json`;
  const { branch: _default, ...rest } = s;
  return { ...rest, planId, statePath };
}
async function listCommand(s, print) {
  checkStore(s);
  if (s.store === "git") {
    const refs = await listPlanRefs(s.workspace, s.remote);
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
    const refs = await listPlanRefs(s.workspace, s.remote);
    return { plans: await readPlanFacts(s.workspace, s.remote, refs, (id) => `.sequencer/${id}/state.json`), refs };
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
  const results = [];
  for (const a of actions) {
    if (!s.apply) {
      results.push({ ...a, result: "planned" });
      if (!s.json) print(describeAction(a, false));
      continue;
    }
    let outcome;
    try {
      outcome = await carryOut(s, a, facts);
    } catch (err) {
      outcome = { result: "failed", detail: describeError(err) };
    }
    results.push({ ...a, ...outcome });
    if (!s.json) print(outcome.result === "done" ? describeAction(a, true) : `${a.planId}: ${outcome.result}: ${outcome.detail ?? ""}`);
  }
  if (s.json) print(terminalJson(results, 2));
  else print(`${countOf(actions.length, "action")}${s.apply ? "" : " (dry run: --apply carries them out)"}.`);
  if (!s.json && s.store === "git" && actions.some((a) => a.kind === "prune")) {
    print("Note: the CLI cannot see pull requests; a pull request opened from a pruned work branch closes. The Action's maintenance keeps such plans.");
  }
  return results.some((r) => r.result === "failed") ? 1 : 0;
}
async function carryOut(s, a, facts) {
  switch (a.kind) {
    case "finalize-cancel": {
      const one = {
        ...s,
        planId: a.planId,
        statePath: s.store === "git" ? `.sequencer/${a.planId}/state.json` : stateFileOf(s.workspace, a.planId),
        quiet: true
      };
      delete one.branch;
      const { deps, cfg } = await createEngine(one, "maintenance");
      const { inbox: _unused, ...noInbox } = deps;
      const r = await tick(noInbox, { ...cfg, deadline: /* @__PURE__ */ new Date() });
      return r.state?.status === "CANCELLED" ? { result: "done" } : { result: "skipped", detail: `the tick ended ${r.outcome}` };
    }
    case "prune": {
      if (s.store === "git") {
        const ref = facts.refs.find((r) => r.planId === a.planId);
        if (!ref) return { result: "skipped", detail: "its branch is gone" };
        const outcome2 = await prunePlanRef(s.workspace, s.remote, ref, a.mode);
        return outcome2 === "pruned" ? { result: "done" } : { result: "skipped", detail: "it was written to since it was listed" };
      }
      const plan = facts.plans.find((p) => p.planId === a.planId);
      const revision = plan?.doc.kind === "ok" ? plan.doc.state.revision : void 0;
      const outcome = await pruneFilePlan(s.workspace, a.planId, a.mode, revision);
      return outcome === "pruned" ? { result: "done" } : { result: "skipped", detail: outcome === "busy" ? "a tick holds it" : "it changed since it was read" };
    }
    case "keep":
      return { result: "done" };
    case "mark-idle":
      return await markPlanIdle(s.workspace, s.remote, { planId: a.planId, sha: a.sha, idleSha: a.idleSha }) ? { result: "done" } : { result: "skipped", detail: "its marker moved since it was listed" };
  }
}
export {
  auditCommand,
  checkAllCommand,
  listCommand,
  maintenanceCommand
};
