import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);
import {
  IDLE_REF_PREFIX,
  PLAN_BRANCH_PREFIX,
  WAIT_REF_PREFIX,
  archiveRef,
  idleRef,
  isRefSafePlanId,
  isRemoteName,
  parsePlanRefs,
  waitRef
} from "./chunk-YX2CLHBO.js";
import {
  ConfigError,
  describeError,
  showValue
} from "./chunk-XDUK4LLW.js";

// src/core/fleet/plan-facts.ts
var MAX_STATE_BYTES = 64 * 1024 * 1024;
function lastChangeMs(facts) {
  const doc = facts.doc;
  const candidates = doc.kind === "ok" ? [doc.state.lastHeartbeatIso, facts.updatedAt] : [facts.updatedAt];
  for (const iso of candidates) {
    const t = iso ? Date.parse(iso) : NaN;
    if (!Number.isNaN(t)) return t;
  }
  return null;
}
var DAY_MS = 24 * 60 * 6e4;
function daysBetween(fromMs, now) {
  return Math.floor((now.getTime() - fromMs) / DAY_MS);
}

// src/adapters/git/git-plans.ts
function checkRemote(remote) {
  if (!isRemoteName(remote)) throw new ConfigError(`Invalid remote ${showValue(remote)}: expected a git remote name such as origin.`);
}
async function listPlanRefs(git, remote, prefix = PLAN_BRANCH_PREFIX) {
  checkRemote(remote);
  const res = await git.run(["ls-remote", remote, `refs/heads/${prefix}*`, `${IDLE_REF_PREFIX}*`, `${WAIT_REF_PREFIX}*`]);
  return parsePlanRefs(res.stdout, prefix);
}
async function markPlanIdle(git, remote, ref) {
  checkRemote(remote);
  if (!isRefSafePlanId(ref.planId)) return false;
  const marker = idleRef(ref.planId);
  const res = await git.run(["push", "--porcelain", "--no-verify", `--force-with-lease=${marker}:${ref.idleSha ?? ""}`, remote, `${ref.sha}:${marker}`], { allowFail: true });
  return res.code === 0;
}
async function markPlanWaiting(git, remote, ref, untilMs) {
  checkRemote(remote);
  if (!isRefSafePlanId(ref.planId) || !Number.isFinite(untilMs)) return false;
  const marker = waitRef(ref.planId, untilMs);
  const old = (ref.waits ?? []).filter((w) => w.ref !== marker);
  if ((ref.waits ?? []).some((w) => w.ref === marker && w.sha === ref.sha) && !old.length) return true;
  const known = (ref.waits ?? []).find((w) => w.ref === marker);
  const leases = [`--force-with-lease=${marker}:${known?.sha ?? ""}`, ...old.map((w) => `--force-with-lease=${w.ref}:${w.sha}`)];
  const specs = [`${ref.sha}:${marker}`, ...old.map((w) => `:${w.ref}`)];
  const res = await git.run(["push", "--porcelain", "--no-verify", "--atomic", ...leases, remote, ...specs], { allowFail: true });
  return res.code === 0;
}
async function trackingTip(git, remote, branch) {
  const res = await git.run(["rev-parse", "-q", "--verify", `refs/remotes/${remote}/${branch}^{commit}`], { allowFail: true });
  return res.code === 0 ? res.stdout.trim() : null;
}
async function readPlanFacts(git, remote, refs, statePathOf) {
  checkRemote(remote);
  if (!refs.length) return [];
  for (let i = 0; i < refs.length; i += 200) {
    const specs = refs.slice(i, i + 200).map((r) => `+refs/heads/${r.branch}:refs/remotes/${remote}/${r.branch}`);
    await git.run(["fetch", "-q", "--no-tags", remote, ...specs]);
  }
  const dates = await commitDates(git, refs.map((r) => r.sha));
  return mapLimit(refs, 8, async (r) => {
    const doc = await readDocument(git, r, statePathOf(r.planId));
    const updatedAt = dates.get(r.sha);
    return { planId: r.planId, location: `branch ${r.branch}`, doc, ...updatedAt ? { updatedAt } : {}, tip: { sha: r.sha, idleSha: r.idleSha } };
  });
}
async function readDocument(git, r, statePath) {
  const blob = `${r.sha}:./${statePath}`;
  let res = await git.run(["cat-file", "-s", blob], { allowFail: true });
  if (res.code === 0) {
    const bytes = Number(res.stdout.trim());
    if (bytes > MAX_STATE_BYTES) return { kind: "too-large", bytes, limit: MAX_STATE_BYTES };
    res = await git.run(["show", blob], { allowFail: true });
  }
  if (res.code !== 0) {
    if (/does not exist|exists on disk, but not in/.test(res.stderr)) return { kind: "missing" };
    return { kind: "invalid", error: `cannot read ${statePath}: ${res.stderr.trim()}` };
  }
  const { parseState } = await import("./validate-state-JSYJATKZ.js");
  try {
    const state = parseState(JSON.parse(res.stdout), { owned: true });
    if (state.planId !== void 0 && state.planId !== r.planId) {
      return { kind: "invalid", error: `planId is ${showValue(state.planId)}, expected ${showValue(r.planId)} (the branch's plan)` };
    }
    return { kind: "ok", state };
  } catch (err) {
    return { kind: "invalid", error: describeError(err) };
  }
}
async function commitDates(git, shas) {
  const out = /* @__PURE__ */ new Map();
  const unique = [...new Set(shas)];
  for (let i = 0; i < unique.length; i += 500) {
    const res = await git.run(["show", "-s", "--format=%H %cI", ...unique.slice(i, i + 500)], { allowFail: true });
    for (const line of res.stdout.split("\n")) {
      const [sha, date] = line.trim().split(" ");
      if (sha && date) out.set(sha, date);
    }
  }
  return out;
}
async function prunePlanRef(git, remote, ref, mode) {
  checkRemote(remote);
  if (!isRefSafePlanId(ref.planId)) throw new ConfigError(`Invalid plan id ${showValue(ref.planId)}: cannot be part of a ref name.`);
  const head = `refs/heads/${ref.branch}`;
  const leases = [`--force-with-lease=${head}:${ref.sha}`];
  const specs = [`:${head}`];
  if (ref.idleSha) {
    leases.push(`--force-with-lease=${idleRef(ref.planId)}:${ref.idleSha}`);
    specs.push(`:${idleRef(ref.planId)}`);
  }
  for (const w of ref.waits ?? []) {
    leases.push(`--force-with-lease=${w.ref}:${w.sha}`);
    specs.push(`:${w.ref}`);
  }
  if (mode === "archive") specs.unshift(`${ref.sha}:${archiveRef(ref.planId, ref.sha)}`);
  const res = await git.run(["push", "--porcelain", "--no-verify", "--atomic", ...leases, remote, ...specs], { allowFail: true });
  if (res.code === 0) return "pruned";
  if (/\[rejected\] \(stale info\)/.test(res.stdout)) return "moved";
  throw new Error(`Cannot prune ${ref.branch} on ${remote}: ${res.stdout.split("\n").filter((l) => l.startsWith("!")).join("; ") || res.stderr.trim()}`);
}
async function mapLimit(items, limit, fn) {
  const out = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

export {
  MAX_STATE_BYTES,
  lastChangeMs,
  daysBetween,
  listPlanRefs,
  markPlanIdle,
  markPlanWaiting,
  trackingTip,
  readPlanFacts,
  prunePlanRef
};
