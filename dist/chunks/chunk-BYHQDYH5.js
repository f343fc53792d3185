import {
  GitTimeoutError,
  copyFileAtomic,
  gitMessage,
  guardRepository,
  isTempFileFor,
  isValidPid,
  pidAlive,
  workspaceGit,
  writeFileAtomic,
  writeFileAtomicStat
} from "./chunk-IU7JM5AZ.js";
import {
  BUILD_ID,
  scrubState
} from "./chunk-FOVAUIMP.js";
import {
  PLAN_BRANCH_PREFIX,
  idleRef,
  isBranchName,
  isIdleStatus,
  isRefSafePlanId,
  isRemoteName,
  workBranch,
  workingFileExcludes
} from "./chunk-6ECGHLWA.js";
import {
  parseState
} from "./chunk-H3KJFUGS.js";
import {
  checkRelativePath
} from "./chunk-O2X2K62E.js";
import {
  countOf
} from "./chunk-UVXCAWLY.js";
import {
  findJsonSyntaxError
} from "./chunk-IYAFPMAX.js";
import {
  isRecord
} from "./chunk-X26RSK32.js";
import {
  ConfigError,
  ConflictError,
  RemoteError,
  StateError,
  describeError,
  showValue
} from "./chunk-UZTB5BNK.js";

// src/adapters/fs/file-store.ts
import { closeSync as closeSync2, fstatSync, openSync as openSync2, readFileSync as readFileSync2, statSync } from "node:fs";
import { mkdir, readdir, unlink as unlink2 } from "node:fs/promises";
import path from "node:path";

// src/core/state/decode-state.ts
function parseStateJson(text, subject) {
  let body = text.charCodeAt(0) === 65279 ? text.slice(1) : text;
  if (body.trim() === "") throw new StateError(`${capitalized(subject)} is empty; expected a JSON object.`);
  try {
    return JSON.parse(body);
  } catch (err) {
    throw new StateError(`${capitalized(subject)} is not valid JSON: ${jsonErrorWithLocation(err, body)}`);
  }
}
function validateStateDocument(document, ctx) {
  let state;
  try {
    state = parseState(document, { owned: !0 });
  } catch (err) {
    throw err instanceof StateError ? err.issues.length ? new StateError(`Invalid ${ctx.subject}`, err.issues, err.hint) : new StateError(`Invalid ${ctx.subject}: ${err.message}`, [], err.hint) : new StateError(`Invalid ${ctx.subject}: ${describeError(err)}`);
  }
  return checkPlanId(state, ctx), state;
}
function decodeState(text, ctx) {
  return validateStateDocument(parseStateJson(text, ctx.subject), ctx);
}
function checkPlanId(state, ctx) {
  if (!(ctx.planId === void 0 || state.planId === void 0 || state.planId === ctx.planId))
    throw new StateError(`${capitalized(ctx.subject)} belongs to plan ${showValue(state.planId)}, expected ${showValue(ctx.planId)}.`);
}
function jsonErrorWithLocation(err, text) {
  let message = describeError(err), location = findJsonSyntaxError(text);
  return !location || /\bline\b/.test(message) ? message : `${message} (line ${location.line}, column ${location.column})`;
}
function capitalized(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

// src/core/state/revision-guard.ts
var RevisionGuard = class {
  constructor(opts) {
    this.opts = opts;
  }
  opts;
  current = { kind: "unloaded" };
  get basis() {
    return this.current;
  }
  /** A load begins: until it ends well, writes are refused. */
  loading() {
    this.current = { kind: "unreadable", reason: "load() did not finish" };
  }
  /** The state at `revision` was loaded (0 for none yet) or written. */
  loaded(revision) {
    this.current = { kind: "loaded", revision };
  }
  /** The load failed: its first line says why later writes are refused. */
  failed(error) {
    let message = error instanceof Error ? error.message : String(error);
    this.current = { kind: "unreadable", reason: message.split(`
`, 1)[0] ?? message };
  }
  /** Forgets what was loaded (the store went back to the remote's state). */
  reset() {
    this.current = { kind: "unloaded" };
  }
  /** The revision `state` was derived from, which the write then raises by one; throws when it may not be written. */
  check(state) {
    let basis = this.current, { where, untouched } = this.opts;
    if (basis.kind === "unreadable")
      throw new StateError(`Refusing to write ${where}: the state could not be loaded (${basis.reason}); ${untouched}.`);
    if (basis.kind === "unloaded") throw new Error(`write() called before a successful load() of ${where}; ${untouched}.`);
    if ((state.revision ?? 0) !== basis.revision)
      throw new ConflictError(
        `Stale write to ${where}: state.revision is ${showValue(state.revision)}, expected the loaded revision ${basis.revision}; ${untouched}.`,
        "Another tick changed the plan; the next tick starts from the newer state."
      );
    return basis.revision;
  }
};

// src/adapters/fs/file-lock.ts
import { randomBytes } from "node:crypto";
import { link, open, stat, unlink } from "node:fs/promises";
import os from "node:os";
import { setTimeout as sleep } from "node:timers/promises";
var DEFAULT_UNFINISHED_STALE_MS = 1e4, MAX_ROUNDS = 50, DEFAULT_INCOMPLETE_WAIT_MS = 500;
async function acquireLock(lockPath, options = {}) {
  let info = {
    pid: process.pid,
    host: os.hostname(),
    startedAt: (/* @__PURE__ */ new Date()).toISOString(),
    ...options.command ? { command: options.command } : {},
    token: randomBytes(8).toString("hex")
  }, text = `${JSON.stringify(info)}
`, staleMs = options.unfinishedStaleMs ?? DEFAULT_UNFINISHED_STALE_MS, incompleteWaitUntil = Date.now() + (options.incompleteWaitMs ?? DEFAULT_INCOMPLETE_WAIT_MS), rounds = 0;
  for (; rounds < MAX_ROUNDS; ) {
    if (await createExclusive(lockPath, text))
      return { ok: !0, release: () => releaseIfOurs(lockPath, text) };
    let seen = await inspect(lockPath);
    if (!seen) {
      rounds++;
      continue;
    }
    let verdict = judge(lockPath, seen, staleMs);
    if (verdict.incomplete && Date.now() < incompleteWaitUntil) {
      await sleep(5);
      continue;
    }
    if (!verdict.stale) return { ok: !1, holder: verdict.holder };
    rounds++, await takeOver(lockPath, seen, staleMs);
  }
  return { ok: !1, holder: `unknown: ${lockPath} kept changing hands while we tried to take it (${MAX_ROUNDS} rounds)` };
}
function parseLockInfo(text) {
  let value;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value != "object" || value === null) return null;
  let v = value;
  return !isValidPid(v.pid) || typeof v.host != "string" || typeof v.startedAt != "string" ? null : {
    pid: v.pid,
    host: v.host,
    startedAt: v.startedAt,
    ...typeof v.command == "string" ? { command: v.command } : {},
    ...typeof v.token == "string" ? { token: v.token } : {}
  };
}
function describeHolder(info) {
  let base = `pid ${info.pid} on ${info.host} since ${info.startedAt}`;
  return info.command ? `${base} (${info.command})` : base;
}
function judge(lockPath, seen, staleMs) {
  let info = parseLockInfo(seen.text);
  if (!info) {
    let ageMs = Date.now() - Number(seen.stats.mtimeMs);
    return ageMs > staleMs ? { stale: !0 } : {
      stale: !1,
      incomplete: !0,
      holder: `a process still writing ${lockPath} (empty or incomplete, ${Math.max(0, Math.round(ageMs))} ms old; taken over after ${staleMs} ms)`
    };
  }
  return info.host === os.hostname() && !pidAlive(info.pid) ? { stale: !0 } : { stale: !1, holder: describeHolder(info) };
}
async function createExclusive(path10, text) {
  let draft = `${path10}.${process.pid}.${randomBytes(4).toString("hex")}.new`, handle = await open(draft, "wx", 420);
  try {
    await handle.writeFile(text, "utf8"), await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    return await link(draft, path10), !0;
  } catch (err) {
    if (code(err) === "EEXIST") return !1;
    throw err;
  } finally {
    await unlinkQuietly(draft);
  }
}
async function takeOver(lockPath, seen, staleMs) {
  let claim = `${lockPath}.takeover-${seen.stats.ino}`;
  try {
    await link(lockPath, claim);
  } catch (err) {
    if (code(err) === "ENOENT") return;
    if (code(err) !== "EEXIST") throw err;
    let claimStats = await statQuietly(claim);
    claimStats && Date.now() - Number(claimStats.ctimeMs) > staleMs ? await unlinkQuietly(claim) : await sleep(5 + Math.random() * 20);
    return;
  }
  try {
    let claimed = await inspect(claim);
    claimed && sameFile(claimed, seen) && await unlinkQuietly(lockPath);
  } finally {
    await unlinkQuietly(claim);
  }
}
function sameFile(a, b) {
  return a.stats.ino === b.stats.ino && a.stats.dev === b.stats.dev && a.stats.mtimeNs === b.stats.mtimeNs && a.text === b.text;
}
async function releaseIfOurs(lockPath, text) {
  let seen = await inspect(lockPath);
  !seen || seen.text !== text || await unlinkQuietly(lockPath);
}
async function inspect(path10) {
  let handle;
  try {
    handle = await open(path10, "r");
  } catch (err) {
    if (code(err) === "ENOENT") return null;
    throw err;
  }
  try {
    let stats = await handle.stat({ bigint: !0 });
    return { text: await handle.readFile("utf8"), stats };
  } finally {
    await handle.close();
  }
}
async function statQuietly(path10) {
  try {
    return await stat(path10, { bigint: !0 });
  } catch (err) {
    if (code(err) === "ENOENT") return null;
    throw err;
  }
}
async function unlinkQuietly(path10) {
  try {
    await unlink(path10);
  } catch (err) {
    if (code(err) !== "ENOENT") throw err;
  }
}
function code(err) {
  return err?.code;
}

// src/core/state/state-json.ts
var compactTexts = /* @__PURE__ */ new WeakMap(), indentedTexts = /* @__PURE__ */ new WeakMap(), REUSED_FIELDS = ["plan", "stepQueue"];
function serializeState(state) {
  return serializeStateWithSpans(state).text;
}
function serializeStateWithSpans(state) {
  let indented = state.stepQueue.length <= 500, record = state, spans = {}, text = "{", empty = !0;
  for (let field of Object.keys(record)) {
    let reused = isReusedField(field), value = reused ? reusedText(record[field], indented) : field === "stepRuns" && indented ? indentedRunsText(record[field]) : fieldText(record[field], indented);
    value !== void 0 && (text += `${empty ? "" : ","}${indented ? `
  ` : ""}${JSON.stringify(field)}:${indented ? " " : ""}`, reused && !indented && (spans[field] = [text.length, text.length + value.length]), text += value, empty = !1);
  }
  return { text: `${text}${indented && !empty ? `
` : ""}}
`, spans: indented ? {} : spans, indented };
}
function fieldText(value, indented) {
  return indented ? JSON.stringify(value, null, 2)?.replace(/\n/g, `
  `) : JSON.stringify(value);
}
function adoptTexts(state, text, spans) {
  let record = state;
  for (let field of REUSED_FIELDS) {
    let span = spans[field], value = record[field];
    if (!span || typeof value != "object" || value === null) continue;
    let [start, end] = span;
    if (!(Number.isSafeInteger(start) && Number.isSafeInteger(end) && start >= 0 && end <= text.length && end - start >= 2)) continue;
    let [open2, close] = Array.isArray(value) ? ["[", "]"] : ["{", "}"], key = `${JSON.stringify(field)}:`;
    text[start] === open2 && text[end - 1] === close && text.startsWith(key, start - key.length) && compactTexts.set(value, text.slice(start, end));
  }
}
var indentedRunTexts = /* @__PURE__ */ new WeakMap();
function indentedRunsText(runs) {
  if (typeof runs != "object" || runs === null || Array.isArray(runs)) return fieldText(runs, !0);
  let record = runs, text = "{", empty = !0;
  for (let id of Object.keys(record)) {
    let run = record[id], value;
    typeof run == "object" && run !== null ? (value = indentedRunTexts.get(run), value === void 0 && (value = JSON.stringify(run, null, 2).replace(/\n/g, `
    `), indentedRunTexts.set(run, value))) : value = JSON.stringify(run), value !== void 0 && (text += `${empty ? "" : ","}
    ${JSON.stringify(id)}: ${value}`, empty = !1);
  }
  return empty ? "{}" : `${text}
  }`;
}
function isReusedField(field) {
  return REUSED_FIELDS.includes(field);
}
function reusedText(value, indented) {
  if (typeof value != "object" || value === null) return fieldText(value, indented);
  let texts = indented ? indentedTexts : compactTexts, text = texts.get(value);
  return text === void 0 && (text = fieldText(value, indented), text !== void 0 && texts.set(value, text)), text;
}

// src/adapters/fs/state-digest.ts
import { createHash } from "node:crypto";
import { closeSync, constants, openSync, readFileSync, writeSync } from "node:fs";
function digestPathFor(statePath) {
  return `${statePath}.digest`;
}
function digestOf(bytes) {
  return `${BUILD_ID} sha256:${createHash("sha256").update(bytes).digest("hex")}`;
}
function digestNote(digest, spans = {}) {
  let parts = REUSED_FIELDS.flatMap((field) => spans[field] ? [`${field}=${spans[field][0]}-${spans[field][1]}`] : []);
  return `${[digest, ...parts].join(" ")}
`;
}
function readNote(notePath, digest) {
  let note;
  try {
    note = readFileSync(notePath, "utf8");
  } catch {
    return null;
  }
  if (!note.endsWith(`
`) || !(note.startsWith(`${digest} `) || note === `${digest}
`)) return null;
  let spans = {};
  for (let [, field = "", start, end] of note.slice(digest.length).matchAll(/ ([A-Za-z]+)=(\d{1,15})-(\d{1,15})/g))
    isReusedField(field) && (spans[field] = [Number(start), Number(end)]);
  return spans;
}
function writeNote(notePath, note) {
  let fd;
  try {
    fd = openSync(notePath, constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC | (constants.O_NOFOLLOW ?? 0), 420);
  } catch {
    return;
  }
  try {
    writeSync(fd, note);
  } catch {
  } finally {
    closeSync(fd);
  }
}

// src/adapters/fs/file-store.ts
var FileStore = class {
  description;
  statePath;
  lockPath;
  /** Names the bytes this build last wrote (state-digest.ts). */
  digestPath;
  useLock;
  command;
  heldLock = null;
  revisions;
  /** The file as loaded or last written (null: there was none); meaningful once a load succeeded. */
  stamp = null;
  constructor(options) {
    this.statePath = options.statePath, this.lockPath = `${options.statePath}.lock`, this.digestPath = digestPathFor(options.statePath), this.useLock = options.lock ?? !0, this.command = options.command, this.description = `file ${options.statePath}`, this.revisions = new RevisionGuard({ where: this.description, untouched: "the file was left untouched" });
  }
  async lock() {
    if (!this.useLock || this.heldLock) return { ok: !0 };
    await mkdir(path.dirname(this.statePath), { recursive: !0 });
    let result = await acquireLock(this.lockPath, this.command ? { command: this.command } : {});
    if (!result.ok) return { ok: !1, holder: result.holder };
    this.heldLock = result;
    try {
      await this.removeLeftoverTempFiles();
    } catch (err) {
      throw await this.release(), err;
    }
    return { ok: !0 };
  }
  /** The file is read where it is: nothing to fetch or check out. */
  async open() {
  }
  // Reads and stats are synchronous, as in atomic-write.ts: a tick waits for each of them anyway.
  async load() {
    this.revisions.loading();
    let fd;
    try {
      fd = openSync2(this.statePath, "r");
    } catch (err) {
      if (errorCode(err) === "ENOENT")
        return this.stamp = null, this.revisions.loaded(0), { kind: "missing" };
      throw this.unreadable(`Cannot open state file ${this.statePath}: ${describeError(err)}`);
    }
    let bytes, stats;
    try {
      stats = fstatSync(fd, { bigint: !0 }), bytes = readFileSync2(fd);
    } catch (err) {
      throw this.unreadable(`Cannot read state file ${this.statePath}: ${describeError(err)}`);
    } finally {
      closeSync2(fd);
    }
    let text = bytes.toString("utf8"), subject = `state file ${this.statePath}`, state, spans = null;
    try {
      let document = parseStateJson(text, subject);
      spans = isLargeDocument(document) ? readNote(this.digestPath, digestOf(bytes)) : null, spans ? (state = document, adoptTexts(state, text, spans)) : state = validateStateDocument(document, { subject });
    } catch (err) {
      throw this.unreadable(err instanceof StateError ? err : `Invalid ${subject}: ${describeError(err)}`);
    }
    return this.stamp = stampOf(stats), this.revisions.loaded(state.revision ?? 0), spans ? { kind: "loaded", state, verbatim: !0 } : { kind: "loaded", state };
  }
  async write(state, _meta) {
    let base = this.checkedRevision(state), next = { ...state, revision: base + 1 }, { text, spans, indented } = serializeStateWithSpans(next), bytes = Buffer.from(text);
    this.stamp || await mkdir(path.dirname(this.statePath), { recursive: !0 });
    let stats = await writeFileAtomicStat(this.statePath, bytes);
    return this.stamp = stampOf(stats), this.revisions.loaded(base + 1), indented || writeNote(this.digestPath, digestNote(digestOf(bytes), spans)), next;
  }
  async release() {
    let held = this.heldLock;
    this.heldLock = null, await held?.release();
  }
  /**
   * The revision `state` was derived from (the revision guard's check), after checking the file
   * is still the one we know: the revision alone misses an edit that did not bump it.
   */
  checkedRevision(state) {
    let current = statQuietly2(this.statePath);
    if (this.revisions.basis.kind === "unloaded") {
      if (current) throw new ConflictError(`${this.description} exists but was not load()ed by this store; nothing was written.`);
      this.stamp = null, this.revisions.loaded(0);
    }
    let base = this.revisions.check(state);
    if (this.stamp) {
      if (!current) throw new ConflictError(`${this.description} was deleted since revision ${base} was read; nothing was written.`);
      if (!sameStamp(stampOf(current), this.stamp))
        throw new ConflictError(`${this.description} was changed by another writer since revision ${base} was read (inode, size or mtime differ); nothing was written.`);
    } else if (current)
      throw new ConflictError(`${this.description} was created by another writer after load() found it missing; nothing was written.`);
    return base;
  }
  unreadable(error) {
    let stateError = typeof error == "string" ? new StateError(error) : error;
    return this.revisions.failed(stateError), stateError;
  }
  async removeLeftoverTempFiles() {
    let dir = path.dirname(this.statePath), name = path.basename(this.statePath);
    for (let entry of await readdir(dir))
      isTempFileFor(entry, name) && await unlink2(path.join(dir, entry)).catch(() => {
      });
  }
};
function isLargeDocument(document) {
  return isRecord(document) && Array.isArray(document.stepQueue) && document.stepQueue.length > 500;
}
function stampOf(stats) {
  return { ino: stats.ino, size: stats.size, mtimeNs: stats.mtimeNs };
}
function sameStamp(a, b) {
  return a.ino === b.ino && a.size === b.size && a.mtimeNs === b.mtimeNs;
}
function statQuietly2(filePath) {
  try {
    return statSync(filePath, { bigint: !0 });
  } catch (err) {
    if (errorCode(err) === "ENOENT") return null;
    throw err;
  }
}
function errorCode(err) {
  return err?.code;
}

// src/adapters/git/git-store.ts
import { readFile as readFile2 } from "node:fs/promises";
import path7 from "node:path";

// src/adapters/git/git-identity.ts
var DEFAULT_GIT_IDENTITY = {
  name: "agent-step-sequencer[bot]",
  email: "agent-step-sequencer[bot]@users.noreply.github.com"
};
function identityArgs(identity = DEFAULT_GIT_IDENTITY) {
  return ["-c", `user.name=${identity.name}`, "-c", `user.email=${identity.email}`, "-c", "commit.gpgsign=false"];
}

// src/adapters/fs/fresh-file.ts
import { closeSync as closeSync3, constants as constants2, lstatSync, mkdirSync, openSync as openSync3, rmSync, unlinkSync, writeSync as writeSync2 } from "node:fs";
import path2 from "node:path";
var CREATE_NEW = constants2.O_WRONLY | constants2.O_CREAT | constants2.O_EXCL | (constants2.O_NOFOLLOW ?? 0), TRIES = 3;
function openFreshFile(file, mode = 420) {
  realFolder(path2.dirname(file));
  for (let tries = 1; ; tries++) {
    removeEntry(file);
    try {
      return openSync3(file, CREATE_NEW, mode);
    } catch (err) {
      if (err.code !== "EEXIST" || tries >= TRIES)
        throw new Error(`Cannot create ${file} as a new file: ${err.message}${tries >= TRIES ? " (something keeps putting a file or link at that name)" : ""}`);
    }
  }
}
function writeFreshFile(file, text, mode = 420) {
  let fd = openFreshFile(file, mode);
  try {
    let bytes = typeof text == "string" ? Buffer.from(text) : text;
    for (let offset = 0; offset < bytes.length; ) offset += writeSync2(fd, bytes, offset, bytes.length - offset);
  } finally {
    closeSync3(fd);
  }
}
function realFolder(dir) {
  let st;
  try {
    st = lstatSync(dir);
  } catch {
    st = null;
  }
  st && !st.isDirectory() && removeEntry(dir), mkdirSync(dir, { recursive: !0 });
}
function removeEntry(name) {
  try {
    unlinkSync(name);
  } catch (err) {
    let code2 = err.code;
    if (code2 === "ENOENT") return;
    if (code2 === "EISDIR" || code2 === "EPERM") rmSync(name, { recursive: !0, force: !0 });
    else throw err;
  }
}

// src/adapters/git/interrupted-merge.ts
import { existsSync } from "node:fs";
import { rm } from "node:fs/promises";
import path3 from "node:path";
var BASE_MERGE_MARKER = "sequencer-base-merge";
function baseMergeMarker(git) {
  let gitDir = git.guard?.gitDir;
  return gitDir ? path3.join(gitDir, BASE_MERGE_MARKER) : null;
}
async function abortInterruptedBaseMerge(git) {
  let marker = baseMergeMarker(git);
  if (!marker || !existsSync(marker)) return !1;
  let aborted = (await git.run(["rev-parse", "-q", "--verify", "MERGE_HEAD"], { allowFail: !0 })).code === 0 && (await git.run(["merge", "--abort"], { allowFail: !0 })).code === 0;
  return await rm(marker, { force: !0 }), aborted;
}

// src/adapters/git/git-store-checks.ts
import path4 from "node:path";
function checkStatePath(p) {
  let norm = path4.posix.normalize(p.replace(/\\/g, "/"));
  if (!p || p.includes("\0") || path4.posix.isAbsolute(norm) || path4.win32.isAbsolute(p) || norm === "." || norm === ".." || norm.startsWith("../") || /^\.git(\/|$)/.test(norm))
    throw new ConfigError(`Invalid statePath ${showValue(p)}: expected a file path relative to the workspace that stays inside it and outside .git.`);
  return norm;
}
function checkRemote(remote) {
  if (!isRemoteName(remote))
    throw new ConfigError(`Invalid remote ${showValue(remote)}: expected a git remote name such as origin.`);
}
function checkBranch(branch) {
  if (!isBranchName(branch))
    throw new ConfigError(`Invalid branch ${showValue(branch)}: expected a git branch name such as sequencer/issue-42.`);
}
function checkExcludes(exclude) {
  for (let pattern of exclude)
    if (/[\r\n]/.test(pattern) || !pattern.trim())
      throw new ConfigError(`Invalid exclude pattern ${showValue(pattern)}: expected one non-empty gitignore line.`);
}
function checkPushRetries(pushRetries) {
  if (!Number.isInteger(pushRetries) || pushRetries < 0)
    throw new ConfigError(`Invalid pushRetries ${showValue(pushRetries)}: expected a whole number >= 0.`);
}
function recordPath(given) {
  let rel = path4.posix.normalize(given);
  if (rel.startsWith("..") || path4.posix.isAbsolute(rel) || rel === "." || !/^[\w./-]+$/.test(rel)) throw new StateError(`A record path must stay in the state's folder, got ${showValue(given)}`);
  return rel;
}

// src/adapters/git/git-store-exclusions.ts
import { lstat, mkdir as mkdir2, readFile, unlink as unlink3 } from "node:fs/promises";
import path5 from "node:path";
var EXCLUDE_MARKER = "# agent-step-sequencer: never committed";
async function writeExcludes(git, exclude) {
  if (exclude.length === 0) return;
  let common = git.guard?.commonDir;
  if (!common) return;
  let file = path5.join(common, "info", "exclude"), current = await readFile(file, "utf8").catch((err) => {
    if (err.code === "ENOENT") return "";
    throw err;
  }), have = new Set(current.split(/\r?\n/)), missing = exclude.filter((p) => !have.has(p));
  if (missing.length === 0) return;
  let lines = [...have.has(EXCLUDE_MARKER) ? [] : [EXCLUDE_MARKER], ...missing], sep = current === "" || current.endsWith(`
`) ? "" : `
`, dir = path5.dirname(file);
  (await lstat(dir).catch(() => null))?.isSymbolicLink() && await unlink3(dir), await mkdir2(dir, { recursive: !0 }), await writeFileAtomic(file, `${current}${sep}${lines.join(`
`)}
`);
}
async function gitlinkExclusions(git) {
  return (await git.run(["ls-files", "-s", "-z", "--full-name", "--", ":/"])).stdout.split("\0").filter((line) => line.startsWith("160000 ")).map((line) => line.slice(line.indexOf("	") + 1)).map((p) => `:(top,exclude,literal)${p}`);
}
async function reportLeftOut(git, folder, records = []) {
  if (!folder.stateRoot) return;
  let res = await git.run(["status", "--porcelain=v1", "-z", "--untracked-files=all", "--no-renames", "--", `:(top,literal)${folder.stateRoot}`]), ours = /* @__PURE__ */ new Set([folder.statePath, ...records.map((r) => r.slice(2))]), left = res.stdout.split("\0").filter((entry) => entry.length > 3 && !ours.has(entry.slice(3))).map((entry) => entry.slice(3));
  if (!left.length) return;
  let shown = left.slice(0, 10).map((p) => JSON.stringify(p)).join(", ");
  folder.log?.(`Left out of the commit: ${left.length} file(s) under ${folder.stateRoot}/, where only the sequencer writes (${shown}${left.length > 10 ? ", \u2026" : ""}).`);
}

// src/adapters/git/git-store-commit.ts
var StateCommitter = class {
  // Whether the state file is known to be in the index, so `commit --only` can pick it up
  // without a separate `git add` (one process less per write).
  stateTracked = !1;
  opts;
  constructor(opts) {
    this.opts = opts;
  }
  run(args, allowFail = !1) {
    return this.opts.git.run(args, { allowFail });
  }
  /** Commits the state and `records` (pathspecs of the sequencer's files written with it). */
  async commit(meta, records = []) {
    let { statePath, stateRoot, planId, identity } = this.opts, spec = `./${statePath}`;
    if (meta.kind === "completion") {
      let stateFolder = stateRoot ? [`:(top,exclude,literal)${stateRoot}`] : [], select = meta.select ?? { kind: "all" }, what = select.kind === "outputs" ? select.paths.map((p) => `:(top,literal)${p}`) : [":/", ...select.kind === "ignore" ? select.patterns.map((p) => `:(top,exclude,glob)${p}`) : []];
      what.length && await this.run(["add", "-A", "--", ...what, ...stateFolder, ...await gitlinkExclusions(this.opts.git)]), await this.run(["add", "-f", "--", spec, ...records]), await reportLeftOut(this.opts.git, this.opts, records);
    } else (!this.stateTracked || records.length) && await this.run(["add", "-f", "--", spec, ...records]);
    let message = `sequencer(${planId}): ${meta.message}`, only = meta.kind === "completion" ? [] : ["--only", "--", spec, ...records];
    await this.run([...identityArgs(identity), "commit", "-q", "--no-verify", "-m", message, ...only]), this.stateTracked = !0;
  }
};

// src/adapters/git/git-store-push.ts
import { unlink as unlink4 } from "node:fs/promises";
import path6 from "node:path";
import { setTimeout as sleep2 } from "node:timers/promises";
var StatePusher = class {
  git;
  workspace;
  opts;
  constructor(opts) {
    this.git = opts.git, this.workspace = opts.git.cwd, this.opts = opts;
  }
  get trackingRef() {
    return `refs/remotes/${this.opts.remote}/${this.opts.branch}`;
  }
  run(args, allowFail = !1) {
    return this.git.run(args, { allowFail });
  }
  /** Fetches the work branch into its tracking ref; false when the remote has no such branch. */
  async fetchBranch() {
    let { remote, branch } = this.opts, res = await this.run(["fetch", "-q", "--no-tags", remote, `+refs/heads/${branch}:${this.trackingRef}`], !0);
    if (res.code === 0) return !0;
    if (/couldn't find remote ref/i.test(res.stderr)) return !1;
    throw new RemoteError(`Cannot fetch branch ${branch} from remote ${remote}: ${res.stderr.trim()}`);
  }
  /**
   * Pushes the commit at HEAD, which wrote revision `base + 1` of the state; with `idle`, the
   * plan's idle marker moves along in the same atomic push.
   */
  async push(base, idle) {
    let { planId, remote, branch, identity, pushRetries, where } = this.opts;
    for (let attempt = 0; ; attempt++) {
      let marker = idle ? ["--atomic"] : [], refspecs = [`HEAD:refs/heads/${branch}`, ...idle ? [`+HEAD:${idleRef(planId)}`] : []], res = await this.run(["push", "--porcelain", "--no-verify", ...marker, remote, ...refspecs], !0).catch(async (err) => {
        throw err instanceof GitTimeoutError ? (await this.undoLocalCommit(), new RemoteError(`The write to ${where} is not confirmed: ${err.message}`)) : err;
      });
      if (res.code === 0) return;
      if (!isRaceRejection(res) && !(isRefUpdateFailure(res) && await this.remoteMovedUnder()))
        throw await this.undoLocalCommit(), new RemoteError(`The write to ${where} did not become durable: git push to ${remote} ${branch} failed: ${pushFailure(res)}`);
      if (attempt >= pushRetries)
        throw await this.undoLocalCommit(), new ConflictError(`Push to ${remote} ${branch} was rejected ${attempt + 1} times; this tick gives up.`);
      if (!await this.fetchBranch()) continue;
      let remoteRevision = await this.readRemoteRevision();
      if (remoteRevision !== base) {
        await this.resetToRemote();
        let what = remoteRevision === "unreadable" ? "an unreadable state" : `revision ${remoteRevision}`;
        throw new ConflictError(`Another tick wrote ${what} to ${remote} ${branch}; this tick gives up.`);
      }
      let rebase = await this.run([...identityArgs(identity), "rebase", "-q", "--autostash", "--no-verify", this.trackingRef], !0);
      if (rebase.code !== 0)
        throw await this.run(["rebase", "--abort"], !0), await this.resetToRemote(), new ConflictError(`Our commit does not rebase onto ${remote}/${branch} (${gitMessage(rebase)}); this tick gives up.`);
      await sleep2(10 + Math.floor(Math.random() * 91));
    }
  }
  /**
   * Whether the remote branch no longer points where our commit was built: then a failed ref
   * update was a race lost at the remote's ref lock, not a remote that cannot take writes.
   */
  async remoteMovedUnder() {
    let parent = await this.run(["rev-parse", "-q", "--verify", "HEAD~1^{commit}"], !0);
    return await this.fetchBranch().catch(() => !1) ? (await this.run(["rev-parse", "-q", "--verify", `${this.trackingRef}^{commit}`], !0)).stdout.trim() !== (parent.code === 0 ? parent.stdout.trim() : "") : !1;
  }
  /** Revision of the state at the fetched remote tip; a missing file counts as revision 0. */
  async readRemoteRevision() {
    let text = await readStateAt(this.git, this.trackingRef, this.opts.statePath);
    if (text === null) return 0;
    try {
      let doc = JSON.parse(text);
      return typeof doc.revision == "number" ? doc.revision : 0;
    } catch {
      return "unreadable";
    }
  }
  async resetToRemote() {
    await this.run(["reset", "-q", "--hard", this.trackingRef]), this.opts.onReset();
  }
  /**
   * Takes back our commit after a push that did not land, keeping the agent's work-tree changes
   * (soft reset) but putting the state file back as committed, so neither the branch nor the
   * file claims a revision the remote does not have.
   */
  async undoLocalCommit() {
    let spec = `./${this.opts.statePath}`;
    (await this.run(["reset", "-q", "--soft", "HEAD~1"], !0)).code !== 0 && await this.run(["update-ref", "-d", `refs/heads/${this.opts.branch}`]), (await this.run(["checkout", "-q", "HEAD", "--", spec], !0)).code !== 0 && (await this.run(["rm", "-q", "--cached", "--ignore-unmatch", "--", spec]), await unlink4(path6.join(this.workspace, this.opts.statePath)).catch(() => {
    }), this.opts.onUntracked());
  }
};
async function readStateAt(git, rev, statePath) {
  let res = await git.run(["show", `${rev}:./${statePath}`], { allowFail: !0 });
  return res.code === 0 ? res.stdout : null;
}
function isRaceRejection(res) {
  return res.stdout.split(`
`).some((line) => line.startsWith("!") && /\t\[rejected\] \((fetch first|non-fast-forward)\)/.test(line));
}
function isRefUpdateFailure(res) {
  return res.stdout.split(`
`).some((line) => line.startsWith("!") && /\t\[remote rejected\] \((failed to update ref|failed to lock)\)/.test(line));
}
function pushFailure(res) {
  let refs = res.stdout.split(`
`).filter((line) => line.startsWith("!")).map((line) => line.split("	").slice(1).join(" ").trim()), said = res.stderr.split(`
`).map((line) => line.trimEnd()).filter(Boolean);
  return [...refs, ...said].join(`
`) || `exit ${res.code}, no output`;
}

// src/adapters/git/git-store.ts
var GitStore = class {
  description;
  remote;
  branch;
  statePath;
  git;
  workspace;
  planId;
  exclude;
  base;
  idleIndex;
  revisions;
  committer;
  pusher;
  constructor(opts) {
    this.git = opts.git, this.workspace = opts.git.cwd, this.planId = opts.planId, this.remote = opts.remote ?? "origin", this.branch = opts.branch ?? `sequencer/${opts.planId}`, this.statePath = checkStatePath(opts.statePath ?? `.sequencer/${opts.planId}/state.json`);
    let identity = opts.identity ?? DEFAULT_GIT_IDENTITY;
    this.exclude = opts.exclude ?? [];
    let pushRetries = opts.pushRetries ?? 4;
    this.base = opts.base;
    let planDir = path7.posix.dirname(this.statePath), stateRoot = this.statePath.startsWith(".sequencer/") ? ".sequencer" : planDir === "." ? null : planDir;
    this.idleIndex = (opts.idleIndex ?? this.branch === `${PLAN_BRANCH_PREFIX}${this.planId}`) && isRefSafePlanId(this.planId), checkRemote(this.remote), checkBranch(this.branch), checkExcludes(this.exclude), checkPushRetries(pushRetries), this.description = `git ${this.remote} ${this.branch}`, this.revisions = new RevisionGuard({ where: this.where, untouched: "nothing was committed or pushed" }), this.committer = new StateCommitter({ git: this.git, planId: this.planId, statePath: this.statePath, stateRoot, identity, log: opts.log }), this.pusher = new StatePusher({
      git: this.git,
      planId: this.planId,
      remote: this.remote,
      branch: this.branch,
      statePath: this.statePath,
      identity,
      pushRetries,
      where: this.where,
      onReset: () => {
        this.revisions.reset(), this.committer.stateTracked = !1;
      },
      onUntracked: () => {
        this.committer.stateTracked = !1;
      }
    });
  }
  get where() {
    return `${this.statePath} on branch ${this.branch} (remote ${this.remote})`;
  }
  run(args, allowFail = !1) {
    return this.git.run(args, { allowFail });
  }
  /** No lock: the remote refusing a non-fast-forward push decides between writers. */
  async lock() {
    return { ok: !0 };
  }
  /** Guards the repository, fetches the work branch and checks it out at its remote tip. */
  async open() {
    this.revisions.reset(), this.committer.stateTracked = !1, await guardRepository(this.git), await abortInterruptedBaseMerge(this.git), await writeExcludes(this.git, this.exclude);
    let remoteHasBranch = await this.pusher.fetchBranch(), args = remoteHasBranch ? ["checkout", "-q", "--no-track", "-B", this.branch, this.pusher.trackingRef] : ["checkout", "-q", "-B", this.branch, ...this.base ? [this.base] : []], res = await this.run(args, !0);
    if (res.code !== 0) {
      let target = remoteHasBranch ? `${this.remote}/${this.branch}` : "the current commit";
      throw new ConfigError(
        `Cannot switch the workspace ${this.workspace} to branch ${this.branch} at ${target}: ${res.stderr.trim()}`,
        "Commit or discard uncommitted changes to tracked files (and move away untracked files that collide) before the tick; the state branch must be checked out exactly at its remote tip."
      );
    }
  }
  async load() {
    this.revisions.loading();
    try {
      let result = await this.readWorkingState();
      return this.revisions.loaded(result.kind === "loaded" ? result.state.revision ?? 0 : 0), result;
    } catch (err) {
      let error = err instanceof StateError ? err : new StateError(`Cannot read ${this.where}: ${describeError(err)}`);
      throw this.revisions.failed(error), error;
    }
  }
  async write(state, meta) {
    let base = this.revisions.check(state);
    for (let record of meta.records ?? []) recordPath(record.path);
    let next = { ...state, revision: base + 1 };
    await this.writeWorkingState(next);
    let records = await this.writeRecords(meta.records ?? []);
    return await this.committer.commit(meta, records), await this.pusher.push(base, this.idleIndex && isIdleStatus(next.status)), this.revisions.loaded(base + 1), next;
  }
  async release() {
  }
  async readWorkingState() {
    let text;
    try {
      text = await readFile2(path7.join(this.workspace, this.statePath), "utf8");
    } catch (err) {
      if (err.code === "ENOENT") return { kind: "missing" };
      throw err;
    }
    return { kind: "loaded", state: decodeState(text, { subject: `state ${this.where}`, planId: this.planId }) };
  }
  async writeWorkingState(state) {
    let file = path7.join(this.workspace, this.statePath);
    realFolder(path7.dirname(file)), await writeFileAtomic(file, serializeState(state));
  }
  /**
   * The sequencer's own files kept with this write (an attempt's command log), beside the state:
   * written the way the state is (no link followed, no predictable temporary name), each path
   * checked to stay in the state's folder. Returns their pathspecs for the commit.
   */
  async writeRecords(records) {
    let specs = [], folder = path7.posix.dirname(this.statePath);
    for (let record of records) {
      let rel = recordPath(record.path), file = path7.join(this.workspace, folder, rel), parts = path7.posix.dirname(rel).split("/").filter((p) => p !== ".");
      for (let i = 1; i <= parts.length; i++) realFolder(path7.join(this.workspace, folder, ...parts.slice(0, i)));
      await writeFileAtomic(file, record.text), specs.push(`./${path7.posix.join(folder, rel)}`);
    }
    return specs;
  }
};

// src/adapters/scrubbing-store.ts
var ScrubbingStore = class {
  constructor(inner, secrets) {
    this.inner = inner;
    this.secrets = secrets;
  }
  inner;
  secrets;
  /** Runs known to hold no secret: those loaded and those this store wrote. */
  clean = /* @__PURE__ */ new WeakSet();
  get description() {
    return this.inner.description;
  }
  lock() {
    return this.inner.lock();
  }
  open() {
    return this.inner.open();
  }
  async load() {
    let loaded = await this.inner.load();
    return loaded.kind === "loaded" && this.remember(loaded.state), loaded;
  }
  async write(state, meta) {
    if (!this.secrets.needles.length) return this.inner.write(state, meta);
    let scrub = this.secrets.scrub, clean = scrubState(state, scrub, (run) => this.clean.has(run)), records = meta.records?.map((r) => ({ ...r, text: scrub(r.text) })), written = await this.inner.write(clean, { ...meta, message: scrub(meta.message), ...records ? { records } : {} });
    return this.remember(written), written;
  }
  release() {
    return this.inner.release();
  }
  remember(state) {
    for (let run of Object.values(state.stepRuns ?? {})) run && typeof run == "object" && this.clean.add(run);
  }
};

// src/adapters/toolkit/cache-store.ts
import { randomBytes as randomBytes2 } from "node:crypto";
import { mkdir as mkdir4, readFile as readFile3, rm as rm3 } from "node:fs/promises";
import path9 from "node:path";

// src/adapters/toolkit/cache-staging.ts
import { copyFile, lstat as lstat2, mkdir as mkdir3, readdir as readdir2, realpath, rm as rm2, stat as stat2 } from "node:fs/promises";
import path8 from "node:path";
var RESERVED = [".sequencer", ".git"];
function outputPathProblem(p) {
  let problem = checkRelativePath(p);
  if (problem) return problem;
  let norm = normalizeRelative(p);
  if (norm === ".") return `${JSON.stringify(p)} is the whole workspace; expected a file or folder inside it`;
  let top = norm.split("/", 1)[0] ?? "";
  return RESERVED.includes(top) ? `${JSON.stringify(p)} is inside ${top}/, which is never carried as an output` : null;
}
function normalizeRelative(p) {
  return path8.posix.normalize(p.replace(/\\/g, "/")).replace(/\/+$/, "") || ".";
}
async function stageOutput(workspace, staging, rel, log) {
  let problem = outputPathProblem(rel);
  if (problem)
    return log.warn(`Output not saved to the cache: ${problem}.`), !1;
  let norm = normalizeRelative(rel), root = await realpath(workspace), real;
  try {
    real = await realpath(path8.join(workspace, norm));
  } catch {
    return log.warn(`Output ${norm} does not exist in the workspace; the cache keeps its previous copy, if any.`), !1;
  }
  if (!isInside(root, real))
    return log.warn(`Output ${norm} resolves outside the workspace (${real}); not saved to the cache.`), !1;
  let target = path8.join(staging, norm);
  return await rm2(target, { recursive: !0, force: !0 }), await mkdir3(path8.dirname(target), { recursive: !0 }), await copyTree(real, target, norm, log), !0;
}
async function copyTree(source, target, label, log) {
  let info = await stat2(source);
  if (info.isFile()) {
    await copyFile(source, target);
    return;
  }
  if (!info.isDirectory()) {
    log.warn(`Output ${label} is neither a file nor a folder; not saved to the cache.`);
    return;
  }
  await mkdir3(target, { recursive: !0 });
  for (let entry of await readdir2(source, { withFileTypes: !0 })) {
    let child = `${label}/${entry.name}`;
    entry.isSymbolicLink() ? log.warn(`Symlink ${child} is not saved to the cache.`) : (entry.isFile() || entry.isDirectory()) && await copyTree(path8.join(source, entry.name), path8.join(target, entry.name), child, log);
  }
}
async function installStagedOutputs(workspace, staging, log) {
  let root = await realpath(workspace), written = [], walk = async (dir, rel) => {
    for (let entry of await readdir2(dir, { withFileTypes: !0 })) {
      let childRel = rel ? `${rel}/${entry.name}` : entry.name;
      if (!rel && RESERVED.includes(entry.name)) continue;
      let source = path8.join(dir, entry.name);
      entry.isDirectory() ? await walk(source, childRel) : entry.isFile() ? await installFile(root, source, childRel, log) && written.push(childRel) : log.warn(`Cache entry holds ${childRel}, which is not a regular file; it was not restored.`);
    }
  };
  return await walk(staging, ""), written;
}
async function installFile(root, source, rel, log) {
  let target = path8.join(root, rel), parent = path8.dirname(target), anchor = await nearestExisting(parent);
  if (!isInside(root, await realpath(anchor)))
    return log.warn(`Not restoring ${rel}: its folder leads outside the workspace through a symlink.`), !1;
  try {
    return await mkdir3(parent, { recursive: !0 }), copyFileAtomic(source, target), !0;
  } catch (err) {
    return log.warn(`Could not restore ${rel} from the cache: ${describeError(err)}`), !1;
  }
}
async function nearestExisting(dir) {
  for (let current = dir; ; current = path8.dirname(current))
    try {
      return await lstat2(current), current;
    } catch {
      if (path8.dirname(current) === current) return current;
    }
}
function isInside(root, p) {
  return p === root || p.startsWith(root.endsWith(path8.sep) ? root : root + path8.sep);
}

// src/adapters/toolkit/toolkit-problems.ts
var watchers = /* @__PURE__ */ new Set(), installed = null, COMMAND = /^::(warning|error)(?: [^:]*)?::(.*)$/;
async function watchToolkitProblems(fn) {
  let watcher = { problems: [] };
  install(), watchers.add(watcher);
  try {
    return { value: await fn(), problems: watcher.problems };
  } finally {
    watchers.delete(watcher), watchers.size === 0 && uninstall();
  }
}
function install() {
  if (installed) return;
  let original = process.stdout.write, wrapper = function(chunk, ...rest) {
    return watchers.size > 0 && scan(chunk), original.call(process.stdout, chunk, ...rest);
  };
  process.stdout.write = wrapper, installed = { original, wrapper };
}
function uninstall() {
  !installed || process.stdout.write !== installed.wrapper || (process.stdout.write = installed.original, installed = null);
}
function scan(chunk) {
  let text = typeof chunk == "string" ? chunk : chunk instanceof Uint8Array ? Buffer.from(chunk).toString("utf8") : "";
  for (let line of text.split(/\r?\n/)) {
    let match = COMMAND.exec(line);
    if (!match) continue;
    let message = `${match[1]}: ${unescapeCommandData(match[2] ?? "")}`;
    for (let w of watchers) w.problems.push(message);
  }
}
function unescapeCommandData(s) {
  return s.replace(/%0D/g, "\r").replace(/%0A/g, `
`).replace(/%25/g, "%");
}

// src/adapters/toolkit/cache-store.ts
var REVISION_DIGITS = 10, MAX_HIGHER_PROBES = 20, KNOWN_CACHE_MODES = ["none", "read", "write", "write-only"], CacheStore = class {
  description;
  keyPrefix;
  /** Absolute path of the folder that is saved and restored. */
  stagingDir;
  /** Absolute path of the workspace copy of the state (written after every load and write). */
  statePath;
  workspace;
  planId;
  stateRel;
  outputs;
  log;
  revisions;
  constructor(opts) {
    if (this.workspace = path9.resolve(opts.workspace), this.planId = opts.planId, this.keyPrefix = opts.keyPrefix ?? `sequencer/${opts.planId}/`, this.outputs = opts.outputs ?? ((state) => state.artifacts ?? []), this.log = opts.log, !/^[A-Za-z0-9._-]{1,100}$/.test(this.planId))
      throw new ConfigError(`Invalid planId ${showValue(this.planId)}: expected 1-100 letters, digits, ".", "_" or "-".`);
    if (!this.keyPrefix || this.keyPrefix.length > 400 || /[,\r\n]/.test(this.keyPrefix))
      throw new ConfigError(`Invalid cache key prefix ${showValue(this.keyPrefix)}: expected 1-400 characters without commas or line breaks.`);
    if (this.stateRel = `.sequencer/${this.planId}/state.json`, this.statePath = path9.join(this.workspace, this.stateRel), this.stagingDir = path9.join(this.workspace, ".sequencer", this.planId, "cache-transfer"), /[*?[\]{}\r\n\\]/.test(this.stagingDir))
      throw new ConfigError(`Invalid workspace ${showValue(this.workspace)} for the cache store: expected a path without glob characters (* ? [ ] { } \\) or line breaks.`);
    this.description = `cache ${this.keyPrefix}r*`, this.revisions = new RevisionGuard({ where: this.description, untouched: "nothing was saved" });
  }
  /** No lock: the lookups before and after each save decide between writers (see above). */
  async lock() {
    return { ok: !0 };
  }
  /** Every load restores the newest entry itself. */
  async open() {
  }
  async release() {
  }
  async load() {
    this.revisions.loading();
    try {
      let result = await this.loadNewest();
      return this.revisions.loaded(result.kind === "loaded" ? result.state.revision ?? 0 : 0), result;
    } catch (err) {
      throw this.revisions.failed(err), err;
    }
  }
  async write(state, meta) {
    let base = this.revisions.check(state), cache = await loadToolkit();
    this.checkService(cache, "write");
    let revision = base + 1, taken = await this.lookup(cache, revisionPrefix(this.keyPrefix, revision));
    if (taken)
      throw new ConflictError(`Another writer already saved revision ${revision} to the cache (key ${taken}); nothing was saved.`, "The next tick starts from the newer state.");
    let next = { ...state, revision }, text = serializeState(next), stagedState = path9.join(this.stagingDir, this.stateRel);
    if (await mkdir4(path9.dirname(stagedState), { recursive: !0 }), await writeFileAtomic(stagedState, text), meta.kind === "completion")
      for (let output of this.outputs(next)) await stageOutput(this.workspace, this.stagingDir, output, this.log);
    let key = `${revisionPrefix(this.keyPrefix, revision)}${randomBytes2(4).toString("hex")}`;
    await this.save(cache, key, revision);
    let newest = await this.lookup(cache, revisionPrefix(this.keyPrefix, revision));
    if (newest === null)
      throw new Error(`State revision ${revision} was NOT confirmed in the cache: saving key ${key} reported success, but a lookup does not find it. Treat this write as lost.`);
    if (newest !== key)
      throw new ConflictError(`Another writer saved revision ${revision} (key ${newest}) right after ours (key ${key}); theirs is the one later ticks load.`);
    return await mkdir4(path9.dirname(this.statePath), { recursive: !0 }), await writeFileAtomic(this.statePath, text), this.revisions.loaded(revision), next;
  }
  async loadNewest() {
    let cache = await loadToolkit();
    this.checkService(cache, "load");
    let key = await this.restore(cache, `${this.keyPrefix}r`);
    if (key === null) return { kind: "missing" };
    let { state, text } = await this.readStaged(key);
    for (let probes = 0; probes < MAX_HIGHER_PROBES; probes++) {
      let higherPrefix = revisionPrefix(this.keyPrefix, (state.revision ?? 0) + 1), higher = await this.lookup(cache, higherPrefix);
      if (higher === null) break;
      if (this.log.warn(
        `The newest cache entry ${key} holds revision ${state.revision}, but ${higher} holds a higher one: two ticks wrote concurrently. Using the highest revision; the other write is lost.`
      ), key = await this.restore(cache, higherPrefix), key === null) throw new Error(`Cache entry ${higher} was found by a lookup but could not be restored a moment later.`);
      ({ state, text } = await this.readStaged(key));
    }
    await mkdir4(path9.dirname(this.statePath), { recursive: !0 }), await writeFileAtomic(this.statePath, text);
    let restored = await installStagedOutputs(this.workspace, this.stagingDir, this.log);
    return this.log.debug(`Restored ${key} (revision ${state.revision})${restored.length ? ` and ${countOf(restored.length, "output file")}` : ""}.`), { kind: "loaded", state };
  }
  /** The state staged by restoring `key`, checked against the key and this plan. */
  async readStaged(key) {
    let match = new RegExp(`^${escapeRegExp(this.keyPrefix)}r(\\d{${REVISION_DIGITS}})-[0-9a-f]{8}$`).exec(key);
    if (!match)
      throw new StateError(`Cache entry ${showValue(key)} does not look like one of ours: expected ${this.keyPrefix}r<${REVISION_DIGITS} digits>-<8 hex digits>.`);
    let keyRevision = Number(match[1]), file = path9.join(this.stagingDir, this.stateRel), text;
    try {
      text = await readFile3(file, "utf8");
    } catch (err) {
      throw new StateError(
        `Cache entry ${key} was restored but ${file} cannot be read (${describeError(err)}).`,
        [],
        "tar extracts relative to GITHUB_WORKSPACE (or the current directory): run with the same workspace path as the tick that saved it."
      );
    }
    let state = decodeState(text, { subject: `state in cache entry ${key}`, planId: this.planId });
    if ((state.revision ?? 0) !== keyRevision)
      throw new StateError(`State in cache entry ${key} has revision ${showValue(state.revision)}, but its key says ${keyRevision}.`);
    return { state, text };
  }
  /** Restores the newest entry whose key starts with `prefix` into an emptied staging folder. */
  async restore(cache, prefix) {
    return await rm3(this.stagingDir, { recursive: !0, force: !0 }), await mkdir4(this.stagingDir, { recursive: !0 }), this.find(cache, prefix, !1);
  }
  lookup(cache, prefix) {
    return this.find(cache, prefix, !0);
  }
  async find(cache, prefix, lookupOnly) {
    let outcome;
    try {
      outcome = await watchToolkitProblems(() => cache.restoreCache([this.stagingDir], prefix, [prefix], { lookupOnly }));
    } catch (err) {
      throw new Error(`Cache lookup of ${prefix}* failed: ${describeError(err)}`);
    }
    let { value, problems } = outcome;
    if (problems.length) throw new Error(`Cache lookup of ${prefix}* failed, so the state is unknown (not missing): ${problems.join("; ")}`);
    return value ?? null;
  }
  async save(cache, key, revision) {
    let outcome;
    try {
      outcome = await watchToolkitProblems(() => cache.saveCache([this.stagingDir], key));
    } catch (err) {
      throw new Error(`State revision ${revision} was NOT saved to the cache (key ${key}): ${describeError(err)}`);
    }
    let { value: id, problems } = outcome;
    if (id === -1 || !Number.isFinite(id) || problems.length) {
      let why = problems.length ? problems.join("; ") : `saveCache returned ${id}`;
      throw new Error(`State revision ${revision} was NOT saved to the cache (key ${key}): ${why}`);
    }
  }
  /** Fails early, with the variable to fix, where the library would quietly do nothing. */
  checkService(cache, action) {
    let hint = "Use the cache store inside a GitHub Actions job (JavaScript actions get these variables from the runner), or choose the file or git store.";
    if (!cache.isFeatureAvailable()) {
      let urlVar = process.env.ACTIONS_CACHE_SERVICE_V2 ? "ACTIONS_RESULTS_URL" : "ACTIONS_CACHE_URL";
      throw new ConfigError(`The cache store needs the Actions cache service, but ${urlVar} is not set.`, hint);
    }
    if (!process.env.ACTIONS_RUNTIME_TOKEN) throw new ConfigError("The cache store needs ACTIONS_RUNTIME_TOKEN, which is not set.", hint);
    let mode = (process.env.ACTIONS_CACHE_MODE ?? "").trim().toLowerCase();
    if (!KNOWN_CACHE_MODES.includes(mode)) return;
    if (!(action === "load" ? mode === "read" || mode === "write" : mode === "write" || mode === "write-only"))
      throw new ConfigError(`ACTIONS_CACHE_MODE is ${showValue(mode)}, which does not allow the cache store to ${action} state.`);
  }
};
function revisionPrefix(keyPrefix, revision) {
  return `${keyPrefix}r${String(revision).padStart(REVISION_DIGITS, "0")}-`;
}
var toolkit = null;
function loadToolkit() {
  return toolkit ??= import("./cache-IE5DVPB6.js"), toolkit;
}
function escapeRegExp(s) {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

// src/wiring/plan-store.ts
function createPlanStore(plan, secrets, log) {
  return new ScrubbingStore(unscrubbedStore(plan, log), secrets);
}
function unscrubbedStore(plan, log) {
  let { planId, workspace, store } = plan;
  switch (store.kind) {
    case "file":
      return new FileStore({ statePath: store.stateFile, command: store.command });
    // Best effort: cache entries are immutable and evicted after 7 days (see the README).
    case "cache":
      return new CacheStore({ workspace, planId, log });
    case "git":
      return new GitStore({
        git: workspaceGit(workspace),
        planId,
        remote: store.remote,
        branch: workBranch(store.branches, planId),
        statePath: store.stateRel,
        // New work branches start from the commit the workflow checked out, not from another plan.
        ...store.baseCommit ? { base: store.baseCommit } : {},
        // Attempt logs, the inbox and the lock are local working files, never part of the record.
        exclude: workingFileExcludes(store.stateRel),
        // The plan index is kept where heartbeats look: branches named after their plan.
        idleIndex: store.branches.kind === "per-plan",
        // What the agent left under the state folder is never committed, but it is said.
        log: (m) => log.warn(m)
      });
  }
}

export {
  openFreshFile,
  writeFreshFile,
  baseMergeMarker,
  identityArgs,
  acquireLock,
  createPlanStore
};
