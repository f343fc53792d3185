import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);
import {
  continuePlan
} from "./chunk-NB6GWRYC.js";
import {
  RESULT_LIMITS,
  downloadResultArtifact,
  fetchAttemptChanges,
  listAttemptChanges,
  parseAttemptResult,
  writeAttemptChanges
} from "./chunk-2SAZEKE7.js";
import {
  planEngine,
  reportPlan
} from "./chunk-IA66XFMJ.js";
import {
  ReplayedChecks,
  resultArtifactName
} from "./chunk-6OKJL4ZB.js";
import {
  Ledger
} from "./chunk-BQELHCCU.js";
import {
  attemptPaths,
  finish,
  judge
} from "./chunk-YW3HU3VR.js";
import "./chunk-6EU3EP4D.js";
import "./chunk-PDTINHGB.js";
import "./chunk-5X5WQJM4.js";
import "./chunk-SOVTFPQC.js";
import "./chunk-7E2BVGWF.js";
import "./chunk-HBPE4V7O.js";
import "./chunk-Q3RHMHRP.js";
import "./chunk-EJHJ3B7N.js";
import {
  planBranch
} from "./chunk-P7EZKMFO.js";
import "./chunk-LXZ66HMH.js";
import "./chunk-PK4HEZIW.js";
import "./chunk-ETDKUUCO.js";
import {
  applyAction,
  attemptStanding
} from "./chunk-GA2EUEUK.js";
import {
  emptyOutputs,
  outputsFor
} from "./chunk-AI4JX6IF.js";
import {
  resultRunId
} from "./chunk-KX54TGKA.js";
import "./chunk-C5V4ED6R.js";
import {
  withStore
} from "./chunk-TUS53VBD.js";
import "./chunk-GDEZUE3O.js";
import "./chunk-IAW7XI6Z.js";
import "./chunk-GEX65OPK.js";
import "./chunk-PFKSG7GN.js";
import "./chunk-CQCEFVFH.js";
import "./chunk-SY3ESOGT.js";
import "./chunk-62KPKR6O.js";
import "./chunk-CX6YGWYV.js";
import "./chunk-LSXW7KTX.js";
import {
  detourChain
} from "./chunk-FV7F3W4G.js";
import "./chunk-BURUKDR2.js";
import {
  STATE_DIR
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
import {
  currentStepId
} from "./chunk-K6PSMX6F.js";
import {
  DEFAULT_PAYLOAD_MAX_BYTES
} from "./chunk-4Z7O3SX3.js";
import "./chunk-6BBDAKON.js";
import {
  ConfigError,
  describeError
} from "./chunk-XDUK4LLW.js";
import "./chunk-PANJYNO7.js";

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
    super(message);
    this.name = "ZipError";
  }
};
var EOCD = 101010256;
var CENTRAL = 33639248;
var LOCAL = 67324752;
var MAX_CENTRAL_BYTES = 4 * 1024 * 1024;
var ZipReader = class _ZipReader {
  constructor(file, handle, entries) {
    this.file = file;
    this.handle = handle;
    this.entries = entries;
  }
  file;
  handle;
  entries;
  static async open(file) {
    const handle = await open(file, "r");
    try {
      return new _ZipReader(file, handle, await readCentralDirectory(handle));
    } catch (err) {
      await handle.close();
      throw err;
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
    const entry = this.entries.get(name);
    if (!entry) return null;
    if (entry.size > max) throw new ZipError(`${name} is ${entry.size} bytes, more than the ${max} read`);
    const start = await this.dataStart(entry);
    const raw = Buffer.alloc(entry.compressed);
    const { bytesRead } = await this.handle.read(raw, 0, entry.compressed, start);
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
    const entry = this.entries.get(name);
    if (!entry) return false;
    if (entry.size > max) throw new ZipError(`${name} is ${entry.size} bytes, more than the ${max} read`);
    const start = await this.dataStart(entry);
    let written = 0;
    const count = new Transform({
      transform(chunk, _enc, done) {
        written += chunk.length;
        if (written > entry.size) return done(new ZipError(`${name} inflates to more than the ${entry.size} bytes the archive says`));
        done(null, chunk);
      }
    });
    const source = createReadStream(this.file, { start, end: start + entry.compressed - 1 });
    const sink = createWriteStream(target, { flags: "wx", mode: 384 });
    try {
      await (entry.method === 0 ? pipeline(source, count, sink) : pipeline(source, createInflateRaw(), count, sink));
    } catch (err) {
      if (err instanceof ZipError) throw err;
      throw new ZipError(`${name} does not inflate: ${err instanceof Error ? err.message : String(err)}`);
    }
    if (written !== entry.size) throw new ZipError(`${name} inflates to ${written} bytes where the archive says ${entry.size}`);
    return true;
  }
  async dataStart(entry) {
    const header = Buffer.alloc(30);
    const { bytesRead } = await this.handle.read(header, 0, 30, entry.localOffset);
    if (bytesRead !== 30 || header.readUInt32LE(0) !== LOCAL) throw new ZipError(`${entry.name} has no local header where the directory says`);
    return entry.localOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
  }
};
async function readCentralDirectory(handle) {
  const { size } = await handle.stat();
  const tailLength = Math.min(size, 22 + 65535);
  const tail = Buffer.alloc(tailLength);
  await handle.read(tail, 0, tailLength, size - tailLength);
  let at = -1;
  for (let i = tailLength - 22; i >= 0; i--) {
    if (tail.readUInt32LE(i) === EOCD) {
      at = i;
      break;
    }
  }
  if (at < 0) throw new ZipError("not a zip archive (no end of central directory)");
  const count = tail.readUInt16LE(at + 10);
  const centralSize = tail.readUInt32LE(at + 12);
  const centralOffset = tail.readUInt32LE(at + 16);
  if (count === 65535 || centralSize === 4294967295 || centralOffset === 4294967295) throw new ZipError("a zip64 archive, which a result never is");
  if (centralSize > MAX_CENTRAL_BYTES || centralOffset + centralSize > size) throw new ZipError("the central directory is out of bounds");
  const central = Buffer.alloc(centralSize);
  await handle.read(central, 0, centralSize, centralOffset);
  const entries = /* @__PURE__ */ new Map();
  let p = 0;
  for (let i = 0; i < count; i++) {
    if (p + 46 > central.length || central.readUInt32LE(p) !== CENTRAL) throw new ZipError(`central directory entry ${i + 1} is malformed`);
    const method = central.readUInt16LE(p + 10);
    const compressed = central.readUInt32LE(p + 20);
    const uncompressed = central.readUInt32LE(p + 24);
    const nameLength = central.readUInt16LE(p + 28);
    const extraLength = central.readUInt16LE(p + 30);
    const commentLength = central.readUInt16LE(p + 32);
    const localOffset = central.readUInt32LE(p + 42);
    const name = central.subarray(p + 46, p + 46 + nameLength).toString("utf8");
    p += 46 + nameLength + extraLength + commentLength;
    if (compressed === 4294967295 || uncompressed === 4294967295 || localOffset === 4294967295) throw new ZipError(`${name} uses zip64, which a result never does`);
    if (name.endsWith("/")) continue;
    if (method !== 0 && method !== 8) throw new ZipError(`${name} is compressed with method ${method} (only stored and deflated entries are read)`);
    if (localOffset + compressed > size) throw new ZipError(`${name} lies outside the archive`);
    if (entries.has(name)) throw new ZipError(`${name} is in the archive twice`);
    entries.set(name, { name, method, compressed, size: uncompressed, localOffset });
  }
  return entries;
}

// src/core/isolation/change-confinement.ts
var DEFAULT_CONFINEMENT = { maxFileBytes: 100 * 1024 * 1024, maxTotalBytes: 1024 * 1024 * 1024 };
var FILE_MODES = /* @__PURE__ */ new Set(["100644", "100755"]);
var LINK_MODE = "120000";
var GITLINK_MODE = "160000";
var DELETED = "000000";
function confineChanges(changes, limits, protectedTop = [".sequencer"]) {
  const accepted = [];
  const refused = [];
  const tops = new Set([".github", ...protectedTop].map((t) => t.toLowerCase()));
  let total = 0;
  for (const change of changes) {
    const reason = pathProblem(change.path, tops) ?? modeProblem(change, tops) ?? sizeProblem(change, limits);
    if (reason) {
      refused.push({ path: change.path, reason });
      continue;
    }
    if (change.mode !== DELETED && total + change.size > limits.maxTotalBytes) {
      refused.push({ path: change.path, reason: `the attempt's changes would pass ${bytes(limits.maxTotalBytes)} in all` });
      continue;
    }
    if (change.mode !== DELETED) total += change.size;
    accepted.push(change);
  }
  return { accepted, refused };
}
function pathProblem(path2, tops) {
  const parts = path2.split("/");
  if (!path2 || path2.startsWith("/") || parts.some((p) => p === "" || p === "." || p === "..")) return "not a plain path inside the repository";
  if (parts.some(isGitName)) return "a .git path: git's own files are never a step's to change";
  const top = parts[0].toLowerCase();
  if (top === ".github") return "under .github/: workflows and repository settings are never a step's to change";
  if (tops.has(top)) return `under ${parts[0]}/: the sequencer's state is written by the sequencer alone`;
  return null;
}
function isGitName(part) {
  const lower = part.toLowerCase();
  return /^\.git[. ]*$/.test(lower) || lower === "git~1";
}
function modeProblem(change, tops) {
  if (change.mode === GITLINK_MODE || change.oldMode === GITLINK_MODE) return "a gitlink (a nested repository): nested repositories are left as they are";
  if (change.mode === DELETED || FILE_MODES.has(change.mode)) return null;
  if (change.mode !== LINK_MODE) return `an entry of mode ${change.mode}, which is neither a file nor a symbolic link`;
  const target = change.linkTarget ?? "";
  const shown = JSON.stringify(target.length > 200 ? `${target.slice(0, 200)}\u2026` : target);
  const resolved = linkDestination(change.path, target);
  if (resolved === null) return `a symbolic link to ${shown}, outside the repository`;
  if (resolved !== "" && pathProblem(resolved, tops)) return `a symbolic link to ${shown}, into a path no step may change`;
  return null;
}
function linkDestination(path2, target) {
  if (!target || target.startsWith("/") || /^[A-Za-z]:/.test(target) || target.includes("\\") || target.includes("\0")) return null;
  const parts = path2.split("/").slice(0, -1);
  for (const part of target.split("/")) {
    if (part === "" || part === ".") continue;
    if (part === "..") {
      if (!parts.length) return null;
      parts.pop();
    } else parts.push(part);
  }
  return parts.join("/");
}
function sizeProblem(change, limits) {
  if (change.mode === DELETED || change.size <= limits.maxFileBytes) return null;
  return `${bytes(change.size)}, more than the ${bytes(limits.maxFileBytes)} a file may have`;
}
function bytes(n) {
  if (n < 1024 * 1024) return `${n} bytes`;
  const mib = n / 1024 / 1024;
  return `${Number.isInteger(mib) ? mib : mib.toFixed(1)} MiB`;
}
var REFUSALS_KEPT = 20;
function keptRefusals(refused) {
  const kept = refused.slice(0, REFUSALS_KEPT).map((r) => ({ path: r.path.length > 300 ? `${r.path.slice(0, 300)}\u2026` : r.path, reason: r.reason }));
  return { refused: kept, ...refused.length > kept.length ? { refusedTotal: refused.length } : {} };
}

// src/action/apply-phase.ts
var MAX_ARTIFACT_BYTES = 2 * 1024 * 1024 * 1024;
var COMMAND_LOG_MAX_BYTES = 32 * 1024 * 1024;
async function runApplyPhase(ctx, inputs, client, log) {
  const d = inputs.attempt;
  if (!d) {
    log.info("Nothing to apply: the prepare job handed on no attempt.");
    return emptyOutputs("IDLE");
  }
  const branch = planBranch(inputs, d.planId);
  if (branch !== d.branch) {
    throw new ConfigError(`Input 'attempt' names the work branch ${d.branch}, and this job's inputs give ${branch} for plan ${d.planId}: give every job of the workflow the same state-branch.`);
  }
  const pe = await planEngine(ctx, inputs, await client(), log, { planId: d.planId, deadline: new Date(Date.now() + inputs.timeBudgetMinutes * 6e4) });
  const { store } = pe.deps;
  let state;
  let writes = 0;
  const recorded = await withStore(store, "write", async () => {
    const loaded = await store.load();
    state = loaded.kind === "loaded" ? loaded.state : void 0;
    const standing = attemptStanding(state ?? null, d);
    if (standing.kind !== "in-flight") {
      const action = applyAction(standing, d, inputs.agentResult, { kind: "missing" });
      log.info(`Nothing to record: ${action.kind === "already-recorded" ? action.detail : action.kind === "stale" ? action.reason : action.kind}.`);
      return false;
    }
    const ledger = new Ledger(pe.deps, state);
    const verdict = await verdictOf(ctx, inputs, pe, d, state);
    const detourFor = detourOf(state, d.stepId);
    await finish({ deps: pe.deps, cfg: pe.cfg }, ledger, { stepId: d.stepId, n: d.n, ...detourFor ? { detourFor } : {} }, verdict);
    log.info(`Recorded ${d.attemptId}: ${verdict.outcome}${verdict.error ? ` (${verdict.error})` : ""}; the plan is ${ledger.state.status}.`);
    state = ledger.state;
    writes = ledger.writes;
    return true;
  });
  if (!recorded) return state ? outputsFor(state, branch) : emptyOutputs("MISSING");
  await reportPlan(pe, log, state, writes);
  if (state?.status === "IN_PROGRESS") await continuePlan(ctx, inputs, client, log, d.planId, `to continue ${d.planId}`);
  return outputsFor(state, branch);
}
async function verdictOf(ctx, inputs, pe, d, state) {
  const log = pe.deps.log;
  const dir = await mkdtemp(path.join(ctx.runnerTemp, "sequencer-apply-"));
  let zip;
  try {
    const found = await readResult(ctx, inputs, d, dir);
    zip = found.zip;
    const action = applyAction({ kind: "in-flight", attempt: state.stepRuns[d.stepId].attempts.at(-1) }, d, inputs.agentResult, found.found);
    if (action.kind !== "record" || !found.record) {
      const reason = action.kind === "fail" ? action.reason : "the agent job left no result";
      log.error(`${d.stepId} attempt ${d.n}: ${reason}.`);
      return failed(reason);
    }
    const applied = await applyChanges(ctx, d, found.record, found.bundle, confinementLimits());
    if ("failure" in applied) {
      log.error(`${d.stepId} attempt ${d.n}: ${applied.failure}.`);
      return failed(applied.failure);
    }
    if (applied.refused.length) {
      log.warn(`${d.stepId} attempt ${d.n}: ${countOf(applied.refused.length, "change")} left out: ${applied.refused.slice(0, 10).map((r) => `${r.path} (${r.reason})`).join("; ")}${applied.refused.length > 10 ? "; \u2026" : ""}`);
    }
    const paths = attemptPaths(pe.cfg.logDir, d.stepId, d.n);
    await placeAttemptFile(found.zip, `logs/${d.stepId}/attempt-${d.n}.payload.json`, paths.payloadFile, pe, (pe.cfg.payloadMaxBytes ?? DEFAULT_PAYLOAD_MAX_BYTES) + 1);
    await placeAttemptFile(found.zip, `logs/${d.stepId}/attempt-${d.n}.commands.jsonl`, paths.commandLog, pe, COMMAND_LOG_MAX_BYTES + 1);
    pe.deps.verifier = new ReplayedChecks(pe.deps.verifier, found.record.checks);
    const judged = await judge({ deps: pe.deps, cfg: pe.cfg }, state, { stepId: d.stepId, n: d.n, timeoutMs: d.timeoutMs }, found.record.agent);
    const verdict = withUsage(judged, found.record);
    const kept = keptRefusals(applied.refused);
    return applied.refused.length ? { ...verdict, ...kept } : verdict;
  } finally {
    await zip?.close();
    await rm(dir, { recursive: true, force: true });
  }
}
function withUsage(verdict, record) {
  const stopped = record.overBudget !== void 0 && verdict.outcome === "cancelled" ? { outcome: "over_budget", error: record.overBudget } : {};
  return { ...verdict, ...stopped, ...record.usage ? { usage: record.usage } : {}, ...record.wallMs !== void 0 ? { wallMs: record.wallMs } : {} };
}
async function readResult(ctx, inputs, d, dir) {
  const downloadDir = path.join(dir, "download");
  const name = resultArtifactName(d.attemptId);
  await mkdir(downloadDir);
  const got = await downloadResultArtifact({ name, runId: resultRunId(d), currentRunId: ctx.runId, token: inputs.token, owner: ctx.owner, repo: ctx.repo, dir: downloadDir, maxBytes: MAX_ARTIFACT_BYTES });
  if (got.kind === "missing") return { found: { kind: "missing" } };
  if (got.kind === "too-large") return { found: { kind: "refused", reason: `the artifact ${name} is ${got.bytes} bytes, more than the ${MAX_ARTIFACT_BYTES} apply reads` } };
  let zip;
  try {
    zip = await ZipReader.open(got.zip);
  } catch (err) {
    if (err instanceof ZipError) return { found: { kind: "refused", reason: `the artifact ${name}: ${err.message}` } };
    throw err;
  }
  const refused = (reason) => ({ found: { kind: "refused", reason }, zip });
  try {
    const json = await zip.read("result.json", RESULT_LIMITS.jsonBytes);
    if (!json) return refused(`the artifact ${name} has no result.json`);
    const parsed = parseAttemptResult(json.toString("utf8"), d.attemptId);
    if (!parsed.ok) return refused(parsed.error);
    let bundle;
    if (parsed.record.changes) {
      bundle = path.join(dir, "changes.bundle");
      if (!await zip.extract("changes.bundle", bundle, MAX_ARTIFACT_BYTES)) return refused("result.json says there are changes, and the artifact has no changes.bundle");
    }
    return { found: { kind: "found" }, record: parsed.record, zip, ...bundle ? { bundle } : {} };
  } catch (err) {
    if (err instanceof ZipError) return refused(`the artifact ${name}: ${err.message}`);
    throw err;
  }
}
async function applyChanges(ctx, d, record, bundle, limits) {
  if (!record.changes || !bundle) return { refused: [] };
  const fetched = await fetchAttemptChanges(ctx.git, bundle, d.commit);
  if (!fetched.ok) return { failure: `the agent job's result was refused: ${fetched.reason}` };
  const changes = await listAttemptChanges(ctx.git, fetched.base, fetched.tip);
  const { accepted, refused } = confineChanges(changes, limits, [STATE_DIR]);
  try {
    await writeAttemptChanges(ctx.git, fetched.tip, accepted);
  } catch (err) {
    return { failure: `the agent's changes could not be applied: ${describeError(err)}` };
  }
  return { refused };
}
function confinementLimits() {
  const read = (name, fallback) => {
    const raw = process.env[name];
    if (raw === void 0 || raw.trim() === "") return fallback;
    const n = Number(raw);
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
    pe.deps.log.warn(`${entry} in the result was not read: ${err.message}`);
    data = Buffer.alloc(max, 32);
  }
  if (data) await pe.deps.attemptFiles.write(target, data.toString("utf8"));
}
function detourOf(state, stepId) {
  const current = currentStepId(state);
  if (current === void 0) return void 0;
  const chain = detourChain(state, current);
  return chain.length > 1 && chain[chain.length - 1] === stepId ? chain[chain.length - 2] : void 0;
}
function failed(reason) {
  return { outcome: "failed", exitCode: null, error: reason, stdout: "", durationMs: 0, outputs: [] };
}
export {
  runApplyPhase
};
