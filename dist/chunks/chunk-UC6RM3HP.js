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
} from "./chunk-6ECGHLWA.js";
import {
  ConfigError,
  describeError,
  showValue
} from "./chunk-UZTB5BNK.js";

// src/core/fleet/plan-facts.ts
function lastChangeMs(facts) {
  let doc = facts.doc, candidates = doc.kind === "ok" ? [doc.state.lastHeartbeatIso, facts.updatedAt] : [facts.updatedAt];
  for (let iso of candidates) {
    let t = iso ? Date.parse(iso) : NaN;
    if (!Number.isNaN(t)) return t;
  }
  return null;
}
var DAY_MS = 1440 * 6e4;
function daysBetween(fromMs, now) {
  return Math.floor((now.getTime() - fromMs) / DAY_MS);
}

// src/adapters/git/git-plans.ts
function checkRemote(remote) {
  if (!isRemoteName(remote)) throw new ConfigError(`Invalid remote ${showValue(remote)}: expected a git remote name such as origin.`);
}
async function listPlanRefs(git, remote, prefix = PLAN_BRANCH_PREFIX) {
  checkRemote(remote);
  let res = await git.run(["ls-remote", remote, `refs/heads/${prefix}*`, `${IDLE_REF_PREFIX}*`, `${WAIT_REF_PREFIX}*`]);
  return parsePlanRefs(res.stdout, prefix);
}
async function markPlanIdle(git, remote, ref) {
  if (checkRemote(remote), !isRefSafePlanId(ref.planId)) return !1;
  let marker = idleRef(ref.planId);
  return (await git.run(["push", "--porcelain", "--no-verify", `--force-with-lease=${marker}:${ref.idleSha ?? ""}`, remote, `${ref.sha}:${marker}`], { allowFail: !0 })).code === 0;
}
async function markPlanWaiting(git, remote, ref, untilMs) {
  if (checkRemote(remote), !isRefSafePlanId(ref.planId) || !Number.isFinite(untilMs)) return !1;
  let marker = waitRef(ref.planId, untilMs), old = (ref.waits ?? []).filter((w) => w.ref !== marker);
  if ((ref.waits ?? []).some((w) => w.ref === marker && w.sha === ref.sha) && !old.length) return !0;
  let known = (ref.waits ?? []).find((w) => w.ref === marker), leases = [`--force-with-lease=${marker}:${known?.sha ?? ""}`, ...old.map((w) => `--force-with-lease=${w.ref}:${w.sha}`)], specs = [`${ref.sha}:${marker}`, ...old.map((w) => `:${w.ref}`)];
  return (await git.run(["push", "--porcelain", "--no-verify", "--atomic", ...leases, remote, ...specs], { allowFail: !0 })).code === 0;
}
async function trackingTip(git, remote, branch) {
  let res = await git.run(["rev-parse", "-q", "--verify", `refs/remotes/${remote}/${branch}^{commit}`], { allowFail: !0 });
  return res.code === 0 ? res.stdout.trim() : null;
}
async function readPlanFacts(git, remote, refs, statePathOf) {
  if (checkRemote(remote), !refs.length) return [];
  for (let i = 0; i < refs.length; i += 200) {
    let specs = refs.slice(i, i + 200).map((r) => `+refs/heads/${r.branch}:refs/remotes/${remote}/${r.branch}`);
    await git.run(["fetch", "-q", "--no-tags", remote, ...specs]);
  }
  let dates = await commitDates(
    git,
    refs.map((r) => r.sha)
  );
  return mapLimit(refs, 8, async (r) => {
    let doc = await readDocument(git, r, statePathOf(r.planId)), updatedAt = dates.get(r.sha);
    return { planId: r.planId, location: `branch ${r.branch}`, doc, ...updatedAt ? { updatedAt } : {}, tip: { sha: r.sha, idleSha: r.idleSha } };
  });
}
async function readDocument(git, r, statePath) {
  let blob = `${r.sha}:./${statePath}`, res = await git.run(["cat-file", "-s", blob], { allowFail: !0 });
  if (res.code === 0) {
    let bytes = Number(res.stdout.trim());
    if (bytes > 67108864) return { kind: "too-large", bytes, limit: 67108864 };
    res = await git.run(["show", blob], { allowFail: !0 });
  }
  if (res.code !== 0)
    return /does not exist|exists on disk, but not in/.test(res.stderr) ? { kind: "missing" } : { kind: "invalid", error: `cannot read ${statePath}: ${res.stderr.trim()}` };
  let { parseState } = await import("./validate-state-BUIAVBFS.js");
  try {
    let state = parseState(JSON.parse(res.stdout), { owned: !0 });
    return state.planId !== void 0 && state.planId !== r.planId ? { kind: "invalid", error: `planId is ${showValue(state.planId)}, expected ${showValue(r.planId)} (the branch's plan)` } : { kind: "ok", state };
  } catch (err) {
    return { kind: "invalid", error: describeError(err) };
  }
}
async function commitDates(git, shas) {
  let out = /* @__PURE__ */ new Map(), unique = [...new Set(shas)];
  for (let i = 0; i < unique.length; i += 500) {
    let res = await git.run(["show", "-s", "--format=%H %cI", ...unique.slice(i, i + 500)], { allowFail: !0 });
    for (let line of res.stdout.split(`
`)) {
      let [sha, date] = line.trim().split(" ");
      sha && date && out.set(sha, date);
    }
  }
  return out;
}
async function prunePlanRef(git, remote, ref, mode) {
  if (checkRemote(remote), !isRefSafePlanId(ref.planId)) throw new ConfigError(`Invalid plan id ${showValue(ref.planId)}: cannot be part of a ref name.`);
  let head = `refs/heads/${ref.branch}`, leases = [`--force-with-lease=${head}:${ref.sha}`], specs = [`:${head}`];
  ref.idleSha && (leases.push(`--force-with-lease=${idleRef(ref.planId)}:${ref.idleSha}`), specs.push(`:${idleRef(ref.planId)}`));
  for (let w of ref.waits ?? [])
    leases.push(`--force-with-lease=${w.ref}:${w.sha}`), specs.push(`:${w.ref}`);
  mode === "archive" && specs.unshift(`${ref.sha}:${archiveRef(ref.planId, ref.sha)}`);
  let res = await git.run(["push", "--porcelain", "--no-verify", "--atomic", ...leases, remote, ...specs], { allowFail: !0 });
  if (res.code === 0) return "pruned";
  if (/\[rejected\] \(stale info\)/.test(res.stdout)) return "moved";
  throw new Error(
    `Cannot prune ${ref.branch} on ${remote}: ${res.stdout.split(`
`).filter((l) => l.startsWith("!")).join("; ") || res.stderr.trim()}`
  );
}
async function mapLimit(items, limit, fn) {
  let out = new Array(items.length), next = 0, worker = async () => {
    for (; next < items.length; ) {
      let i = next++;
      out[i] = await fn(items[i]);
    }
  };
  return await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker)), out;
}

export {
  lastChangeMs,
  daysBetween,
  listPlanRefs,
  markPlanIdle,
  markPlanWaiting,
  trackingTip,
  readPlanFacts,
  prunePlanRef
};
