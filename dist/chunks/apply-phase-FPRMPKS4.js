import {
  continuePlan
} from "./chunk-DKVXD7DR.js";
import {
  RESULT_LIMITS,
  applyAction,
  attemptStanding,
  downloadResultArtifact,
  fetchAttemptChanges,
  listAttemptChanges,
  parseAttemptResult,
  writeAttemptChanges
} from "./chunk-62S4UGO2.js";
import {
  outputsFor
} from "./chunk-WRXM5EB3.js";
import {
  planEngine,
  reportPlan
} from "./chunk-5LY7M2UG.js";
import {
  Ledger
} from "./chunk-HP34WB3O.js";
import {
  ReplayedChecks,
  resultArtifactName
} from "./chunk-XUBHMXRQ.js";
import {
  attemptPaths,
  finish,
  judge
} from "./chunk-4JLDVQZR.js";
import "./chunk-FQEWC6NM.js";
import {
  withStore
} from "./chunk-B4B5LSOZ.js";
import "./chunk-ANOSUW4P.js";
import "./chunk-RDXXX3FV.js";
import "./chunk-L5MZAUVI.js";
import "./chunk-PFOLIUZO.js";
import "./chunk-7JWXCA3G.js";
import "./chunk-6MTQECTV.js";
import {
  detourChain
} from "./chunk-J73L5JYA.js";
import "./chunk-7JTDDRLV.js";
import "./chunk-YZVZVWYV.js";
import {
  planBranch
} from "./chunk-ERRCKADV.js";
import "./chunk-XI2UETZT.js";
import "./chunk-BYHQDYH5.js";
import {
  emptyOutputs
} from "./chunk-45U3NNUK.js";
import "./chunk-DUAHX55U.js";
import "./chunk-PSDTEU6M.js";
import {
  resultRunId
} from "./chunk-WSTE2BUZ.js";
import "./chunk-SOQWTVCZ.js";
import "./chunk-NEPVVNT5.js";
import "./chunk-HQAVCPKY.js";
import "./chunk-IU7JM5AZ.js";
import "./chunk-A35T5UHC.js";
import "./chunk-3M3F447X.js";
import "./chunk-FOVAUIMP.js";
import {
  STATE_DIR
} from "./chunk-6ECGHLWA.js";
import "./chunk-H3KJFUGS.js";
import "./chunk-QT4UXPX2.js";
import "./chunk-O2X2K62E.js";
import "./chunk-PY777ZN4.js";
import {
  currentStepId
} from "./chunk-IU6TIPQF.js";
import "./chunk-RK2TRGWS.js";
import {
  countOf
} from "./chunk-UVXCAWLY.js";
import {
  DEFAULT_PAYLOAD_MAX_BYTES
} from "./chunk-IYAFPMAX.js";
import "./chunk-X26RSK32.js";
import "./chunk-JRKLLSI7.js";
import {
  ConfigError,
  describeError
} from "./chunk-UZTB5BNK.js";
import "./chunk-27FUKKN2.js";

// src/action/apply-phase.ts
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import path from "node:path";

// src/adapters/toolkit/zip-entries.ts
import { createReadStream, createWriteStream } from "node:fs";
import { open } from "node:fs/promises";
import { pipeline } from "node:stream/promises";
import { Transform } from "node:stream";
import { createInflateRaw, inflateRawSync } from "node:zlib";
var ZipError = class extends Error {
  constructor(message) {
    super(message), this.name = "ZipError";
  }
}, EOCD = 101010256, CENTRAL = 33639248, LOCAL = 67324752, MAX_CENTRAL_BYTES = 4 * 1024 * 1024, ZipReader = class _ZipReader {
  constructor(file, handle, entries) {
    this.file = file;
    this.handle = handle;
    this.entries = entries;
  }
  file;
  handle;
  entries;
  static async open(file) {
    let handle = await open(file, "r");
    try {
      return new _ZipReader(file, handle, await readCentralDirectory(handle));
    } catch (err) {
      throw await handle.close(), err;
    }
  }
  async close() {
    await this.handle.close();
  }
  has(name) {
    return this.entries.has(name);
  }
  /** An entry's bytes, or null when the archive has none of that name; refused when larger than `max`. */
  async read(name, max) {
    let entry = this.entries.get(name);
    if (!entry) return null;
    if (entry.size > max) throw new ZipError(`${name} is ${entry.size} bytes, more than the ${max} read`);
    let start = await this.dataStart(entry), raw = Buffer.alloc(entry.compressed), { bytesRead } = await this.handle.read(raw, 0, entry.compressed, start);
    if (bytesRead !== entry.compressed) throw new ZipError(`${name} is cut short`);
    let data;
    try {
      data = entry.method === 0 ? raw : inflateRawSync(raw, { maxOutputLength: max + 1 });
    } catch (err) {
      throw new ZipError(`${name} does not inflate: ${err instanceof Error ? err.message : String(err)}`);
    }
    if (data.length !== entry.size) throw new ZipError(`${name} inflates to ${data.length} bytes where the archive says ${entry.size}`);
    return data;
  }
  /** Inflates an entry into `target`; false when the archive has none of that name. */
  async extract(name, target, max) {
    let entry = this.entries.get(name);
    if (!entry) return !1;
    if (entry.size > max) throw new ZipError(`${name} is ${entry.size} bytes, more than the ${max} read`);
    let start = await this.dataStart(entry), written = 0, count = new Transform({
      transform(chunk, _enc, done) {
        if (written += chunk.length, written > entry.size) return done(new ZipError(`${name} inflates to more than the ${entry.size} bytes the archive says`));
        done(null, chunk);
      }
    }), source = createReadStream(this.file, { start, end: start + entry.compressed - 1 }), sink = createWriteStream(target, { flags: "wx", mode: 384 });
    try {
      await (entry.method === 0 ? pipeline(source, count, sink) : pipeline(source, createInflateRaw(), count, sink));
    } catch (err) {
      throw err instanceof ZipError ? err : new ZipError(`${name} does not inflate: ${err instanceof Error ? err.message : String(err)}`);
    }
    if (written !== entry.size) throw new ZipError(`${name} inflates to ${written} bytes where the archive says ${entry.size}`);
    return !0;
  }
  async dataStart(entry) {
    let header = Buffer.alloc(30), { bytesRead } = await this.handle.read(header, 0, 30, entry.localOffset);
    if (bytesRead !== 30 || header.readUInt32LE(0) !== LOCAL) throw new ZipError(`${entry.name} has no local header where the directory says`);
    return entry.localOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
  }
};
async function readCentralDirectory(handle) {
  let { size } = await handle.stat(), tailLength = Math.min(size, 65557), tail = Buffer.alloc(tailLength);
  await handle.read(tail, 0, tailLength, size - tailLength);
  let at = -1;
  for (let i = tailLength - 22; i >= 0; i--)
    if (tail.readUInt32LE(i) === EOCD) {
      at = i;
      break;
    }
  if (at < 0) throw new ZipError("not a zip archive (no end of central directory)");
  let count = tail.readUInt16LE(at + 10), centralSize = tail.readUInt32LE(at + 12), centralOffset = tail.readUInt32LE(at + 16);
  if (count === 65535 || centralSize === 4294967295 || centralOffset === 4294967295) throw new ZipError("a zip64 archive, which a result never is");
  if (centralSize > MAX_CENTRAL_BYTES || centralOffset + centralSize > size) throw new ZipError("the central directory is out of bounds");
  let central = Buffer.alloc(centralSize);
  await handle.read(central, 0, centralSize, centralOffset);
  let entries = /* @__PURE__ */ new Map(), p = 0;
  for (let i = 0; i < count; i++) {
    if (p + 46 > central.length || central.readUInt32LE(p) !== CENTRAL) throw new ZipError(`central directory entry ${i + 1} is malformed`);
    let method = central.readUInt16LE(p + 10), compressed = central.readUInt32LE(p + 20), uncompressed = central.readUInt32LE(p + 24), nameLength = central.readUInt16LE(p + 28), extraLength = central.readUInt16LE(p + 30), commentLength = central.readUInt16LE(p + 32), localOffset = central.readUInt32LE(p + 42), name = central.subarray(p + 46, p + 46 + nameLength).toString("utf8");
    if (p += 46 + nameLength + extraLength + commentLength, compressed === 4294967295 || uncompressed === 4294967295 || localOffset === 4294967295) throw new ZipError(`${name} uses zip64, which a result never does`);
    if (!name.endsWith("/")) {
      if (method !== 0 && method !== 8) throw new ZipError(`${name} is compressed with method ${method} (only stored and deflated entries are read)`);
      if (localOffset + compressed > size) throw new ZipError(`${name} lies outside the archive`);
      if (entries.has(name)) throw new ZipError(`${name} is in the archive twice`);
      entries.set(name, { name, method, compressed, size: uncompressed, localOffset });
    }
  }
  return entries;
}

// src/core/isolation/change-confinement.ts
var DEFAULT_CONFINEMENT = { maxFileBytes: 104857600, maxTotalBytes: 1073741824 }, FILE_MODES = /* @__PURE__ */ new Set(["100644", "100755"]), LINK_MODE = "120000", GITLINK_MODE = "160000", DELETED = "000000";
function confineChanges(changes, limits, protectedTop = [".sequencer"]) {
  let accepted = [], refused = [], tops = new Set([".github", ...protectedTop].map((t) => t.toLowerCase())), total = 0;
  for (let change of changes) {
    let reason = pathProblem(change.path, tops) ?? modeProblem(change, tops) ?? sizeProblem(change, limits);
    if (reason) {
      refused.push({ path: change.path, reason });
      continue;
    }
    if (change.mode !== DELETED && total + change.size > limits.maxTotalBytes) {
      refused.push({ path: change.path, reason: `the attempt's changes would pass ${bytes(limits.maxTotalBytes)} in all` });
      continue;
    }
    change.mode !== DELETED && (total += change.size), accepted.push(change);
  }
  return { accepted, refused };
}
function pathProblem(path2, tops) {
  let parts = path2.split("/");
  if (!path2 || path2.startsWith("/") || parts.some((p) => p === "" || p === "." || p === "..")) return "not a plain path inside the repository";
  if (parts.some(isGitName)) return "a .git path: git's own files are never a step's to change";
  let top = parts[0].toLowerCase();
  return top === ".github" ? "under .github/: workflows and repository settings are never a step's to change" : tops.has(top) ? `under ${parts[0]}/: the sequencer's state is written by the sequencer alone` : null;
}
function isGitName(part) {
  let lower = part.toLowerCase();
  return /^\.git[. ]*$/.test(lower) || lower === "git~1";
}
function modeProblem(change, tops) {
  if (change.mode === GITLINK_MODE || change.oldMode === GITLINK_MODE) return "a gitlink (a nested repository): nested repositories are left as they are";
  if (change.mode === DELETED || FILE_MODES.has(change.mode)) return null;
  if (change.mode !== LINK_MODE) return `an entry of mode ${change.mode}, which is neither a file nor a symbolic link`;
  let target = change.linkTarget ?? "", shown = JSON.stringify(target.length > 200 ? `${target.slice(0, 200)}\u2026` : target), resolved = linkDestination(change.path, target);
  return resolved === null ? `a symbolic link to ${shown}, outside the repository` : resolved !== "" && pathProblem(resolved, tops) ? `a symbolic link to ${shown}, into a path no step may change` : null;
}
function linkDestination(path2, target) {
  if (!target || target.startsWith("/") || /^[A-Za-z]:/.test(target) || target.includes("\\") || target.includes("\0")) return null;
  let parts = path2.split("/").slice(0, -1);
  for (let part of target.split("/"))
    if (!(part === "" || part === "."))
      if (part === "..") {
        if (!parts.length) return null;
        parts.pop();
      } else parts.push(part);
  return parts.join("/");
}
function sizeProblem(change, limits) {
  return change.mode === DELETED || change.size <= limits.maxFileBytes ? null : `${bytes(change.size)}, more than the ${bytes(limits.maxFileBytes)} a file may have`;
}
function bytes(n) {
  if (n < 1024 * 1024) return `${n} bytes`;
  let mib = n / 1024 / 1024;
  return `${Number.isInteger(mib) ? mib : mib.toFixed(1)} MiB`;
}
var REFUSALS_KEPT = 20;
function keptRefusals(refused) {
  let kept = refused.slice(0, REFUSALS_KEPT).map((r) => ({ path: r.path.length > 300 ? `${r.path.slice(0, 300)}\u2026` : r.path, reason: r.reason }));
  return { refused: kept, ...refused.length > kept.length ? { refusedTotal: refused.length } : {} };
}

// src/action/apply-phase.ts
var MAX_ARTIFACT_BYTES = 2 * 1024 * 1024 * 1024, COMMAND_LOG_MAX_BYTES = 32 * 1024 * 1024;
async function runApplyPhase(ctx, inputs, client, log) {
  let d = inputs.attempt;
  if (!d)
    return log.info("Nothing to apply: the prepare job handed on no attempt."), emptyOutputs("IDLE");
  let branch = planBranch(inputs, d.planId);
  if (branch !== d.branch)
    throw new ConfigError(`Input 'attempt' names the work branch ${d.branch}, and this job's inputs give ${branch} for plan ${d.planId}: give every job of the workflow the same state-branch.`);
  let pe = await planEngine(ctx, inputs, await client(), log, { planId: d.planId, deadline: new Date(Date.now() + inputs.timeBudgetMinutes * 6e4) }), { store } = pe.deps, state, writes = 0;
  return await withStore(store, "write", async () => {
    let loaded = await store.load();
    state = loaded.kind === "loaded" ? loaded.state : void 0;
    let standing = attemptStanding(state ?? null, d);
    if (standing.kind !== "in-flight") {
      let action = applyAction(standing, d, inputs.agentResult, { kind: "missing" });
      return log.info(`Nothing to record: ${action.kind === "already-recorded" ? action.detail : action.kind === "stale" ? action.reason : action.kind}.`), !1;
    }
    let ledger = new Ledger(pe.deps, state), verdict = await verdictOf(ctx, inputs, pe, d, state), detourFor = detourOf(state, d.stepId);
    return await finish({ deps: pe.deps, cfg: pe.cfg }, ledger, { stepId: d.stepId, n: d.n, ...detourFor ? { detourFor } : {} }, verdict), log.info(`Recorded ${d.attemptId}: ${verdict.outcome}${verdict.error ? ` (${verdict.error})` : ""}; the plan is ${ledger.state.status}.`), state = ledger.state, writes = ledger.writes, !0;
  }) ? (await reportPlan(pe, log, state, writes, ctx), state?.status === "IN_PROGRESS" && await continuePlan(ctx, inputs, client, log, d.planId, `to continue ${d.planId}`), outputsFor(state, branch)) : state ? outputsFor(state, branch) : emptyOutputs("MISSING");
}
async function verdictOf(ctx, inputs, pe, d, state) {
  let log = pe.deps.log, dir = await mkdtemp(path.join(ctx.runnerTemp, "sequencer-apply-")), zip;
  try {
    let found = await readResult(ctx, inputs, d, dir);
    zip = found.zip;
    let action = applyAction({ kind: "in-flight", attempt: state.stepRuns[d.stepId].attempts.at(-1) }, d, inputs.agentResult, found.found);
    if (action.kind !== "record" || !found.record) {
      let reason = action.kind === "fail" ? action.reason : "the agent job left no result";
      return log.error(`${d.stepId} attempt ${d.n}: ${reason}.`), failed(reason);
    }
    let applied = await applyChanges(ctx, d, found.record, found.bundle, confinementLimits());
    if ("failure" in applied)
      return log.error(`${d.stepId} attempt ${d.n}: ${applied.failure}.`), failed(applied.failure);
    applied.refused.length && log.warn(
      `${d.stepId} attempt ${d.n}: ${countOf(applied.refused.length, "change")} left out: ${applied.refused.slice(0, 10).map((r) => `${r.path} (${r.reason})`).join("; ")}${applied.refused.length > 10 ? "; \u2026" : ""}`
    );
    let paths = attemptPaths(pe.cfg.logDir, d.stepId, d.n);
    await placeAttemptFile(found.zip, `logs/${d.stepId}/attempt-${d.n}.payload.json`, paths.payloadFile, pe, (pe.cfg.payloadMaxBytes ?? DEFAULT_PAYLOAD_MAX_BYTES) + 1), await placeAttemptFile(found.zip, `logs/${d.stepId}/attempt-${d.n}.commands.jsonl`, paths.commandLog, pe, COMMAND_LOG_MAX_BYTES + 1), pe.deps.verifier = new ReplayedChecks(pe.deps.verifier, found.record.checks, found.record.queries);
    let judged = await judge({ deps: pe.deps, cfg: pe.cfg }, state, { stepId: d.stepId, n: d.n, timeoutMs: d.timeoutMs }, found.record.agent), verdict = withUsage(judged, found.record), kept = keptRefusals(applied.refused);
    return applied.refused.length ? { ...verdict, ...kept } : verdict;
  } finally {
    await zip?.close(), await rm(dir, { recursive: !0, force: !0 });
  }
}
function withUsage(verdict, record) {
  let stopped = record.overBudget !== void 0 && verdict.outcome === "cancelled" ? { outcome: "over_budget", error: record.overBudget } : {};
  return { ...verdict, ...stopped, ...record.usage ? { usage: record.usage } : {}, ...record.wallMs !== void 0 ? { wallMs: record.wallMs } : {} };
}
async function readResult(ctx, inputs, d, dir) {
  let downloadDir = path.join(dir, "download"), name = resultArtifactName(d.attemptId);
  await mkdir(downloadDir);
  let got = await downloadResultArtifact({
    name,
    runId: resultRunId(d),
    currentRunId: ctx.runId,
    token: inputs.token,
    owner: ctx.owner,
    repo: ctx.repo,
    dir: downloadDir,
    maxBytes: MAX_ARTIFACT_BYTES
  });
  if (got.kind === "missing") return { found: { kind: "missing" } };
  if (got.kind === "too-large") return { found: { kind: "refused", reason: `the artifact ${name} is ${got.bytes} bytes, more than the ${MAX_ARTIFACT_BYTES} apply reads` } };
  let zip;
  try {
    zip = await ZipReader.open(got.zip);
  } catch (err) {
    if (err instanceof ZipError) return { found: { kind: "refused", reason: `the artifact ${name}: ${err.message}` } };
    throw err;
  }
  let refused = (reason) => ({ found: { kind: "refused", reason }, zip });
  try {
    let json = await zip.read("result.json", RESULT_LIMITS.jsonBytes);
    if (!json) return refused(`the artifact ${name} has no result.json`);
    let parsed = parseAttemptResult(json.toString("utf8"), d.attemptId);
    if (!parsed.ok) return refused(parsed.error);
    let bundle;
    return parsed.record.changes && (bundle = path.join(dir, "changes.bundle"), !await zip.extract("changes.bundle", bundle, MAX_ARTIFACT_BYTES)) ? refused("result.json says there are changes, and the artifact has no changes.bundle") : { found: { kind: "found" }, record: parsed.record, zip, ...bundle ? { bundle } : {} };
  } catch (err) {
    if (err instanceof ZipError) return refused(`the artifact ${name}: ${err.message}`);
    throw err;
  }
}
async function applyChanges(ctx, d, record, bundle, limits) {
  if (!record.changes || !bundle) return { refused: [] };
  let fetched = await fetchAttemptChanges(ctx.git, bundle, d.commit);
  if (!fetched.ok) return { failure: `the agent job's result was refused: ${fetched.reason}` };
  let changes = await listAttemptChanges(ctx.git, fetched.base, fetched.tip), { accepted, refused } = confineChanges(changes, limits, [STATE_DIR]);
  try {
    await writeAttemptChanges(ctx.git, fetched.tip, accepted);
  } catch (err) {
    return { failure: `the agent's changes could not be applied: ${describeError(err)}` };
  }
  return { refused };
}
function confinementLimits() {
  let read = (name, fallback) => {
    let raw = process.env[name];
    if (raw === void 0 || raw.trim() === "") return fallback;
    let n = Number(raw);
    if (!Number.isInteger(n) || n < 1 || n > fallback) throw new ConfigError(`${name} is "${raw}"; expected a whole number of bytes from 1 to ${fallback}.`);
    return n;
  };
  return { maxFileBytes: read("SEQUENCER_MAX_FILE_BYTES", DEFAULT_CONFINEMENT.maxFileBytes), maxTotalBytes: read("SEQUENCER_MAX_CHANGE_BYTES", DEFAULT_CONFINEMENT.maxTotalBytes) };
}
async function placeAttemptFile(zip, entry, target, pe, max) {
  await pe.deps.attemptFiles.remove(target);
  let data;
  try {
    data = await zip.read(entry, max);
  } catch (err) {
    if (!(err instanceof ZipError)) throw err;
    pe.deps.log.warn(`${entry} in the result was not read: ${err.message}`), data = Buffer.alloc(max, 32);
  }
  data && await pe.deps.attemptFiles.write(target, data.toString("utf8"));
}
function detourOf(state, stepId) {
  let current = currentStepId(state);
  if (current === void 0) return;
  let chain = detourChain(state, current);
  return chain.length > 1 && chain[chain.length - 1] === stepId ? chain[chain.length - 2] : void 0;
}
function failed(reason) {
  return { outcome: "failed", exitCode: null, error: reason, stdout: "", durationMs: 0, outputs: [] };
}
export {
  runApplyPhase
};
