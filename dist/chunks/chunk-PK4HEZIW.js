import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);
import {
  GitTimeoutError,
  copyFileAtomic,
  guardRepository,
  isTempFileFor,
  isValidPid,
  pidAlive,
  workspaceGit,
  writeFileAtomic,
  writeFileAtomicStat
} from "./chunk-CQCEFVFH.js";
import {
  BUILD_ID,
  scrubState
} from "./chunk-BURUKDR2.js";
import {
  PLAN_BRANCH_PREFIX,
  idleRef,
  isBranchName,
  isIdleStatus,
  isRefSafePlanId,
  isRemoteName,
  workBranch,
  workingFileExcludes
} from "./chunk-YX2CLHBO.js";
import {
  parseState
} from "./chunk-MVW3MIZ5.js";
import {
  checkRelativePath
} from "./chunk-IVICMJAE.js";
import {
  countOf
} from "./chunk-3RW55J7L.js";
import {
  findJsonSyntaxError
} from "./chunk-4Z7O3SX3.js";
import {
  ConfigError,
  ConflictError,
  RemoteError,
  StateError,
  describeError,
  isRecord,
  showValue
} from "./chunk-XDUK4LLW.js";

// src/adapters/fs/file-store.ts
import { closeSync as closeSync2, fstatSync, openSync as openSync2, readFileSync as readFileSync2, statSync } from "node:fs";
import { mkdir, readdir, unlink as unlink2 } from "node:fs/promises";
import path from "node:path";

// src/core/state/decode-state.ts
function parseStateJson(text, subject) {
  const body = text.charCodeAt(0) === 65279 ? text.slice(1) : text;
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
    state = parseState(document, { owned: true });
  } catch (err) {
    if (!(err instanceof StateError)) throw new StateError(`Invalid ${ctx.subject}: ${describeError(err)}`);
    throw err.issues.length ? new StateError(`Invalid ${ctx.subject}`, err.issues, err.hint) : new StateError(`Invalid ${ctx.subject}: ${err.message}`, [], err.hint);
  }
  checkPlanId(state, ctx);
  return state;
}
function decodeState(text, ctx) {
  return validateStateDocument(parseStateJson(text, ctx.subject), ctx);
}
function checkPlanId(state, ctx) {
  if (ctx.planId === void 0 || state.planId === void 0 || state.planId === ctx.planId) return;
  throw new StateError(`${capitalized(ctx.subject)} belongs to plan ${showValue(state.planId)}, expected ${showValue(ctx.planId)}.`);
}
function jsonErrorWithLocation(err, text) {
  const message = describeError(err);
  const location = findJsonSyntaxError(text);
  if (!location || /\bline\b/.test(message)) return message;
  return `${message} (line ${location.line}, column ${location.column})`;
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
    const message = error instanceof Error ? error.message : String(error);
    this.current = { kind: "unreadable", reason: message.split("\n", 1)[0] ?? message };
  }
  /** Forgets what was loaded (the store went back to the remote's state). */
  reset() {
    this.current = { kind: "unloaded" };
  }
  /** The revision `state` was derived from, which the write then raises by one; throws when it may not be written. */
  check(state) {
    const basis = this.current;
    const { where, untouched } = this.opts;
    if (basis.kind === "unreadable") {
      throw new StateError(`Refusing to write ${where}: the state could not be loaded (${basis.reason}); ${untouched}.`);
    }
    if (basis.kind === "unloaded") throw new Error(`write() called before a successful load() of ${where}; ${untouched}.`);
    if ((state.revision ?? 0) !== basis.revision) {
      throw new ConflictError(
        `Stale write to ${where}: state.revision is ${showValue(state.revision)}, expected the loaded revision ${basis.revision}; ${untouched}.`,
        "Another tick changed the plan; the next tick starts from the newer state."
      );
    }
    return basis.revision;
  }
};

// src/adapters/fs/file-lock.ts
import { randomBytes } from "node:crypto";
import { link, open, stat, unlink } from "node:fs/promises";
import os from "node:os";
var DEFAULT_UNFINISHED_STALE_MS = 1e4;
var MAX_ROUNDS = 50;
var DEFAULT_INCOMPLETE_WAIT_MS = 500;
async function acquireLock(lockPath, options = {}) {
  const info = {
    pid: process.pid,
    host: os.hostname(),
    startedAt: (/* @__PURE__ */ new Date()).toISOString(),
    ...options.command ? { command: options.command } : {},
    token: randomBytes(8).toString("hex")
  };
  const text = `${JSON.stringify(info)}
`;
  const staleMs = options.unfinishedStaleMs ?? DEFAULT_UNFINISHED_STALE_MS;
  const incompleteWaitUntil = Date.now() + (options.incompleteWaitMs ?? DEFAULT_INCOMPLETE_WAIT_MS);
  let rounds = 0;
  while (rounds < MAX_ROUNDS) {
    if (await createExclusive(lockPath, text)) {
      return { ok: true, release: () => releaseIfOurs(lockPath, text) };
    }
    const seen = await inspect(lockPath);
    if (!seen) {
      rounds++;
      continue;
    }
    const verdict = judge(lockPath, seen, staleMs);
    if (verdict.incomplete && Date.now() < incompleteWaitUntil) {
      await sleep(5);
      continue;
    }
    if (!verdict.stale) return { ok: false, holder: verdict.holder };
    rounds++;
    await takeOver(lockPath, seen, staleMs);
  }
  return { ok: false, holder: `unknown: ${lockPath} kept changing hands while we tried to take it (${MAX_ROUNDS} rounds)` };
}
function parseLockInfo(text) {
  let value;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== "object" || value === null) return null;
  const v = value;
  if (!isValidPid(v.pid) || typeof v.host !== "string" || typeof v.startedAt !== "string") return null;
  return {
    pid: v.pid,
    host: v.host,
    startedAt: v.startedAt,
    ...typeof v.command === "string" ? { command: v.command } : {},
    ...typeof v.token === "string" ? { token: v.token } : {}
  };
}
function describeHolder(info) {
  const base = `pid ${info.pid} on ${info.host} since ${info.startedAt}`;
  return info.command ? `${base} (${info.command})` : base;
}
function judge(lockPath, seen, staleMs) {
  const info = parseLockInfo(seen.text);
  if (!info) {
    const ageMs = Date.now() - Number(seen.stats.mtimeMs);
    if (ageMs > staleMs) return { stale: true };
    return {
      stale: false,
      incomplete: true,
      holder: `a process still writing ${lockPath} (empty or incomplete, ${Math.max(0, Math.round(ageMs))} ms old; taken over after ${staleMs} ms)`
    };
  }
  if (info.host === os.hostname() && !pidAlive(info.pid)) return { stale: true };
  return { stale: false, holder: describeHolder(info) };
}
async function createExclusive(path7, text) {
  const draft = `${path7}.${process.pid}.${randomBytes(4).toString("hex")}.new`;
  const handle = await open(draft, "wx", 420);
  try {
    await handle.writeFile(text, "utf8");
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await link(draft, path7);
    return true;
  } catch (err) {
    if (code(err) === "EEXIST") return false;
    throw err;
  } finally {
    await unlinkQuietly(draft);
  }
}
async function takeOver(lockPath, seen, staleMs) {
  const claim = `${lockPath}.takeover-${seen.stats.ino}`;
  try {
    await link(lockPath, claim);
  } catch (err) {
    if (code(err) === "ENOENT") return;
    if (code(err) !== "EEXIST") throw err;
    const claimStats = await statQuietly(claim);
    if (claimStats && Date.now() - Number(claimStats.ctimeMs) > staleMs) await unlinkQuietly(claim);
    else await sleep(5 + Math.random() * 20);
    return;
  }
  try {
    const claimed = await inspect(claim);
    if (claimed && sameFile(claimed, seen)) await unlinkQuietly(lockPath);
  } finally {
    await unlinkQuietly(claim);
  }
}
function sameFile(a, b) {
  return a.stats.ino === b.stats.ino && a.stats.dev === b.stats.dev && a.stats.mtimeNs === b.stats.mtimeNs && a.text === b.text;
}
async function releaseIfOurs(lockPath, text) {
  const seen = await inspect(lockPath);
  if (!seen || seen.text !== text) return;
  await unlinkQuietly(lockPath);
}
async function inspect(path7) {
  let handle;
  try {
    handle = await open(path7, "r");
  } catch (err) {
    if (code(err) === "ENOENT") return null;
    throw err;
  }
  try {
    const stats = await handle.stat({ bigint: true });
    const text = await handle.readFile("utf8");
    return { text, stats };
  } finally {
    await handle.close();
  }
}
async function statQuietly(path7) {
  try {
    return await stat(path7, { bigint: true });
  } catch (err) {
    if (code(err) === "ENOENT") return null;
    throw err;
  }
}
async function unlinkQuietly(path7) {
  try {
    await unlink(path7);
  } catch (err) {
    if (code(err) !== "ENOENT") throw err;
  }
}
function code(err) {
  return err?.code;
}
function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

// src/core/state/state-json.ts
var PRETTY_MAX_STEPS = 500;
var compactTexts = /* @__PURE__ */ new WeakMap();
var indentedTexts = /* @__PURE__ */ new WeakMap();
var REUSED_FIELDS = ["plan", "stepQueue"];
function serializeState(state) {
  return serializeStateWithSpans(state).text;
}
function serializeStateWithSpans(state) {
  const indented = state.stepQueue.length <= PRETTY_MAX_STEPS;
  const record = state;
  const spans = {};
  let text = "{";
  let empty = true;
  for (const field of Object.keys(record)) {
    const reused = isReusedField(field);
    const value = reused ? reusedText(record[field], indented) : field === "stepRuns" && indented ? indentedRunsText(record[field]) : fieldText(record[field], indented);
    if (value === void 0) continue;
    text += `${empty ? "" : ","}${indented ? "\n  " : ""}${JSON.stringify(field)}:${indented ? " " : ""}`;
    if (reused && !indented) spans[field] = [text.length, text.length + value.length];
    text += value;
    empty = false;
  }
  return { text: `${text}${indented && !empty ? "\n" : ""}}
`, spans: indented ? {} : spans, indented };
}
function fieldText(value, indented) {
  return indented ? JSON.stringify(value, null, 2)?.replace(/\n/g, "\n  ") : JSON.stringify(value);
}
function adoptTexts(state, text, spans) {
  const record = state;
  for (const field of REUSED_FIELDS) {
    const span = spans[field];
    const value = record[field];
    if (!span || typeof value !== "object" || value === null) continue;
    const [start, end] = span;
    if (!(Number.isSafeInteger(start) && Number.isSafeInteger(end) && start >= 0 && end <= text.length && end - start >= 2)) continue;
    const [open2, close] = Array.isArray(value) ? ["[", "]"] : ["{", "}"];
    const key = `${JSON.stringify(field)}:`;
    if (text[start] === open2 && text[end - 1] === close && text.startsWith(key, start - key.length)) compactTexts.set(value, text.slice(start, end));
  }
}
var indentedRunTexts = /* @__PURE__ */ new WeakMap();
function indentedRunsText(runs) {
  if (typeof runs !== "object" || runs === null || Array.isArray(runs)) return fieldText(runs, true);
  const record = runs;
  let text = "{";
  let empty = true;
  for (const id of Object.keys(record)) {
    const run = record[id];
    let value;
    if (typeof run === "object" && run !== null) {
      value = indentedRunTexts.get(run);
      if (value === void 0) {
        value = JSON.stringify(run, null, 2).replace(/\n/g, "\n    ");
        indentedRunTexts.set(run, value);
      }
    } else {
      value = JSON.stringify(run);
    }
    if (value === void 0) continue;
    text += `${empty ? "" : ","}
    ${JSON.stringify(id)}: ${value}`;
    empty = false;
  }
  return empty ? "{}" : `${text}
  }`;
}
function isReusedField(field) {
  return REUSED_FIELDS.includes(field);
}
function reusedText(value, indented) {
  if (typeof value !== "object" || value === null) return fieldText(value, indented);
  const texts = indented ? indentedTexts : compactTexts;
  let text = texts.get(value);
  if (text === void 0) {
    text = fieldText(value, indented);
    if (text !== void 0) texts.set(value, text);
  }
  return text;
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
  const parts = REUSED_FIELDS.flatMap((field) => spans[field] ? [`${field}=${spans[field][0]}-${spans[field][1]}`] : []);
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
  if (!note.endsWith("\n") || !(note.startsWith(`${digest} `) || note === `${digest}
`)) return null;
  const spans = {};
  for (const [, field = "", start, end] of note.slice(digest.length).matchAll(/ ([A-Za-z]+)=(\d{1,15})-(\d{1,15})/g)) {
    if (isReusedField(field)) spans[field] = [Number(start), Number(end)];
  }
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
    this.statePath = options.statePath;
    this.lockPath = `${options.statePath}.lock`;
    this.digestPath = digestPathFor(options.statePath);
    this.useLock = options.lock ?? true;
    this.command = options.command;
    this.description = `file ${options.statePath}`;
    this.revisions = new RevisionGuard({ where: this.description, untouched: "the file was left untouched" });
  }
  async lock() {
    if (!this.useLock || this.heldLock) return { ok: true };
    await mkdir(path.dirname(this.statePath), { recursive: true });
    const result = await acquireLock(this.lockPath, this.command ? { command: this.command } : {});
    if (!result.ok) return { ok: false, holder: result.holder };
    this.heldLock = result;
    try {
      await this.removeLeftoverTempFiles();
    } catch (err) {
      await this.release();
      throw err;
    }
    return { ok: true };
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
      if (errorCode(err) === "ENOENT") {
        this.stamp = null;
        this.revisions.loaded(0);
        return { kind: "missing" };
      }
      throw this.unreadable(`Cannot open state file ${this.statePath}: ${describeError(err)}`);
    }
    let bytes;
    let stats;
    try {
      stats = fstatSync(fd, { bigint: true });
      bytes = readFileSync2(fd);
    } catch (err) {
      throw this.unreadable(`Cannot read state file ${this.statePath}: ${describeError(err)}`);
    } finally {
      closeSync2(fd);
    }
    const text = bytes.toString("utf8");
    const subject = `state file ${this.statePath}`;
    let state;
    let spans = null;
    try {
      const document = parseStateJson(text, subject);
      spans = isLargeDocument(document) ? readNote(this.digestPath, digestOf(bytes)) : null;
      if (spans) {
        state = document;
        adoptTexts(state, text, spans);
      } else {
        state = validateStateDocument(document, { subject });
      }
    } catch (err) {
      throw this.unreadable(err instanceof StateError ? err : `Invalid ${subject}: ${describeError(err)}`);
    }
    this.stamp = stampOf(stats);
    this.revisions.loaded(state.revision ?? 0);
    return spans ? { kind: "loaded", state, verbatim: true } : { kind: "loaded", state };
  }
  async write(state, _meta) {
    const base = this.checkedRevision(state);
    const next = { ...state, revision: base + 1 };
    const { text, spans, indented } = serializeStateWithSpans(next);
    const bytes = Buffer.from(text);
    if (!this.stamp) await mkdir(path.dirname(this.statePath), { recursive: true });
    const stats = await writeFileAtomicStat(this.statePath, bytes);
    this.stamp = stampOf(stats);
    this.revisions.loaded(base + 1);
    if (!indented) writeNote(this.digestPath, digestNote(digestOf(bytes), spans));
    return next;
  }
  async release() {
    const held = this.heldLock;
    this.heldLock = null;
    await held?.release();
  }
  /**
   * The revision `state` was derived from (the revision guard's check), after checking the file
   * is still the one we know: the revision alone misses an edit that did not bump it.
   */
  checkedRevision(state) {
    const current = statQuietly2(this.statePath);
    if (this.revisions.basis.kind === "unloaded") {
      if (current) throw new ConflictError(`${this.description} exists but was not load()ed by this store; nothing was written.`);
      this.stamp = null;
      this.revisions.loaded(0);
    }
    const base = this.revisions.check(state);
    if (this.stamp) {
      if (!current) throw new ConflictError(`${this.description} was deleted since revision ${base} was read; nothing was written.`);
      if (!sameStamp(stampOf(current), this.stamp)) {
        throw new ConflictError(
          `${this.description} was changed by another writer since revision ${base} was read (inode, size or mtime differ); nothing was written.`
        );
      }
    } else if (current) {
      throw new ConflictError(`${this.description} was created by another writer after load() found it missing; nothing was written.`);
    }
    return base;
  }
  unreadable(error) {
    const stateError = typeof error === "string" ? new StateError(error) : error;
    this.revisions.failed(stateError);
    return stateError;
  }
  async removeLeftoverTempFiles() {
    const dir = path.dirname(this.statePath);
    const name = path.basename(this.statePath);
    for (const entry of await readdir(dir)) {
      if (!isTempFileFor(entry, name)) continue;
      await unlink2(path.join(dir, entry)).catch(() => void 0);
    }
  }
};
function isLargeDocument(document) {
  return isRecord(document) && Array.isArray(document.stepQueue) && document.stepQueue.length > PRETTY_MAX_STEPS;
}
function stampOf(stats) {
  return { ino: stats.ino, size: stats.size, mtimeNs: stats.mtimeNs };
}
function sameStamp(a, b) {
  return a.ino === b.ino && a.size === b.size && a.mtimeNs === b.mtimeNs;
}
function statQuietly2(filePath) {
  try {
    return statSync(filePath, { bigint: true });
  } catch (err) {
    if (errorCode(err) === "ENOENT") return null;
    throw err;
  }
}
function errorCode(err) {
  return err?.code;
}

// src/adapters/git/git-store.ts
import { lstat, mkdir as mkdir2, readFile, unlink as unlink3 } from "node:fs/promises";
import path4 from "node:path";

// src/adapters/fs/fresh-file.ts
import { closeSync as closeSync3, constants as constants2, lstatSync, mkdirSync, openSync as openSync3, rmSync, unlinkSync, writeSync as writeSync2 } from "node:fs";
import path2 from "node:path";
var CREATE_NEW = constants2.O_WRONLY | constants2.O_CREAT | constants2.O_EXCL | (constants2.O_NOFOLLOW ?? 0);
var TRIES = 3;
function openFreshFile(file, mode = 420) {
  realFolder(path2.dirname(file));
  for (let tries = 1; ; tries++) {
    removeEntry(file);
    try {
      return openSync3(file, CREATE_NEW, mode);
    } catch (err) {
      if (err.code !== "EEXIST" || tries >= TRIES) {
        throw new Error(`Cannot create ${file} as a new file: ${err.message}${tries >= TRIES ? " (something keeps putting a file or link at that name)" : ""}`);
      }
    }
  }
}
function writeFreshFile(file, text, mode = 420) {
  const fd = openFreshFile(file, mode);
  try {
    const bytes = typeof text === "string" ? Buffer.from(text) : text;
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
  if (st && !st.isDirectory()) removeEntry(dir);
  mkdirSync(dir, { recursive: true });
}
function removeEntry(name) {
  try {
    unlinkSync(name);
  } catch (err) {
    const code2 = err.code;
    if (code2 === "ENOENT") return;
    if (code2 === "EISDIR" || code2 === "EPERM") rmSync(name, { recursive: true, force: true });
    else throw err;
  }
}

// src/adapters/git/interrupted-merge.ts
import { existsSync } from "node:fs";
import { rm } from "node:fs/promises";
import path3 from "node:path";
var BASE_MERGE_MARKER = "sequencer-base-merge";
function baseMergeMarker(git) {
  const gitDir = git.guard?.gitDir;
  return gitDir ? path3.join(gitDir, BASE_MERGE_MARKER) : null;
}
async function abortInterruptedBaseMerge(git) {
  const marker = baseMergeMarker(git);
  if (!marker || !existsSync(marker)) return false;
  const merging = (await git.run(["rev-parse", "-q", "--verify", "MERGE_HEAD"], { allowFail: true })).code === 0;
  const aborted = merging && (await git.run(["merge", "--abort"], { allowFail: true })).code === 0;
  await rm(marker, { force: true });
  return aborted;
}

// src/adapters/git/git-store.ts
var DEFAULT_GIT_IDENTITY = {
  name: "agent-step-sequencer[bot]",
  email: "agent-step-sequencer[bot]@users.noreply.github.com"
};
var EXCLUDE_MARKER = "# agent-step-sequencer: never committed";
var GitStore = class {
  description;
  remote;
  branch;
  statePath;
  git;
  workspace;
  planId;
  identity;
  exclude;
  pushRetries;
  base;
  idleIndex;
  log;
  /**
   * The folder states live under (`.sequencer` for the usual layout, else the state's own folder;
   * null for a state at the top of the workspace): nothing in it is the agent's to commit.
   */
  stateRoot;
  /** Whether the write being pushed leaves the plan idle (its marker moves along). */
  pushIdle = false;
  revisions;
  // Whether the state file is known to be in the index, so `commit --only` can pick it up
  // without a separate `git add` (one process less per write).
  stateTracked = false;
  constructor(opts) {
    this.git = opts.git;
    this.workspace = opts.git.cwd;
    this.planId = opts.planId;
    this.remote = opts.remote ?? "origin";
    this.branch = opts.branch ?? `sequencer/${opts.planId}`;
    this.statePath = checkStatePath(opts.statePath ?? `.sequencer/${opts.planId}/state.json`);
    this.identity = opts.identity ?? DEFAULT_GIT_IDENTITY;
    this.exclude = opts.exclude ?? [];
    this.pushRetries = opts.pushRetries ?? 4;
    this.base = opts.base;
    this.log = opts.log;
    const planDir = path4.posix.dirname(this.statePath);
    this.stateRoot = this.statePath.startsWith(".sequencer/") ? ".sequencer" : planDir === "." ? null : planDir;
    this.idleIndex = (opts.idleIndex ?? this.branch === `${PLAN_BRANCH_PREFIX}${this.planId}`) && isRefSafePlanId(this.planId);
    checkRemote(this.remote);
    checkBranch(this.branch);
    for (const pattern of this.exclude) {
      if (/[\r\n]/.test(pattern) || !pattern.trim()) {
        throw new ConfigError(`Invalid exclude pattern ${showValue(pattern)}: expected one non-empty gitignore line.`);
      }
    }
    if (!Number.isInteger(this.pushRetries) || this.pushRetries < 0) {
      throw new ConfigError(`Invalid pushRetries ${showValue(opts.pushRetries)}: expected a whole number >= 0.`);
    }
    this.description = `git ${this.remote} ${this.branch}`;
    this.revisions = new RevisionGuard({ where: this.where, untouched: "nothing was committed or pushed" });
  }
  get trackingRef() {
    return `refs/remotes/${this.remote}/${this.branch}`;
  }
  get where() {
    return `${this.statePath} on branch ${this.branch} (remote ${this.remote})`;
  }
  run(args, allowFail = false) {
    return this.git.run(args, { allowFail });
  }
  /** `-c` options for commands that create commits: no global config is read or written. */
  identityArgs() {
    return ["-c", `user.name=${this.identity.name}`, "-c", `user.email=${this.identity.email}`, "-c", "commit.gpgsign=false"];
  }
  /** No lock: the remote refusing a non-fast-forward push decides between writers. */
  async lock() {
    return { ok: true };
  }
  /** Guards the repository, fetches the work branch and checks it out at its remote tip. */
  async open() {
    this.revisions.reset();
    this.stateTracked = false;
    await guardRepository(this.git);
    await abortInterruptedBaseMerge(this.git);
    await this.writeExcludes();
    const remoteHasBranch = await this.fetchBranch();
    const args = remoteHasBranch ? ["checkout", "-q", "--no-track", "-B", this.branch, this.trackingRef] : ["checkout", "-q", "-B", this.branch, ...this.base ? [this.base] : []];
    const res = await this.run(args, true);
    if (res.code !== 0) {
      const target = remoteHasBranch ? `${this.remote}/${this.branch}` : "the current commit";
      throw new ConfigError(
        `Cannot switch the workspace ${this.workspace} to branch ${this.branch} at ${target}: ${res.stderr.trim()}`,
        "Commit or discard uncommitted changes to tracked files (and move away untracked files that collide) before the tick; the state branch must be checked out exactly at its remote tip."
      );
    }
  }
  async load() {
    this.revisions.loading();
    try {
      const result = await this.readWorkingState();
      this.revisions.loaded(result.kind === "loaded" ? result.state.revision ?? 0 : 0);
      return result;
    } catch (err) {
      const error = err instanceof StateError ? err : new StateError(`Cannot read ${this.where}: ${describeError(err)}`);
      this.revisions.failed(error);
      throw error;
    }
  }
  async write(state, meta) {
    const base = this.revisions.check(state);
    for (const record of meta.records ?? []) recordPath(record.path);
    const next = { ...state, revision: base + 1 };
    await this.writeWorkingState(next);
    const records = await this.writeRecords(meta.records ?? []);
    await this.commit(meta, records);
    this.pushIdle = this.idleIndex && isIdleStatus(next.status);
    await this.push(base);
    this.revisions.loaded(base + 1);
    return next;
  }
  async release() {
  }
  async writeExcludes() {
    if (this.exclude.length === 0) return;
    const common = this.git.guard?.commonDir;
    if (!common) return;
    const file = path4.join(common, "info", "exclude");
    const current = await readFile(file, "utf8").catch((err) => {
      if (err.code === "ENOENT") return "";
      throw err;
    });
    const have = new Set(current.split(/\r?\n/));
    const missing = this.exclude.filter((p) => !have.has(p));
    if (missing.length === 0) return;
    const lines = [...have.has(EXCLUDE_MARKER) ? [] : [EXCLUDE_MARKER], ...missing];
    const sep = current === "" || current.endsWith("\n") ? "" : "\n";
    const dir = path4.dirname(file);
    if ((await lstat(dir).catch(() => null))?.isSymbolicLink()) await unlink3(dir);
    await mkdir2(dir, { recursive: true });
    await writeFileAtomic(file, `${current}${sep}${lines.join("\n")}
`);
  }
  /** Fetches the work branch into its tracking ref; false when the remote has no such branch. */
  async fetchBranch() {
    const res = await this.run(["fetch", "-q", "--no-tags", this.remote, `+refs/heads/${this.branch}:${this.trackingRef}`], true);
    if (res.code === 0) return true;
    if (/couldn't find remote ref/i.test(res.stderr)) return false;
    throw new RemoteError(`Cannot fetch branch ${this.branch} from remote ${this.remote}: ${res.stderr.trim()}`);
  }
  async readWorkingState() {
    let text;
    try {
      text = await readFile(path4.join(this.workspace, this.statePath), "utf8");
    } catch (err) {
      if (err.code === "ENOENT") return { kind: "missing" };
      throw err;
    }
    return { kind: "loaded", state: decodeState(text, { subject: `state ${this.where}`, planId: this.planId }) };
  }
  async writeWorkingState(state) {
    const file = path4.join(this.workspace, this.statePath);
    realFolder(path4.dirname(file));
    await writeFileAtomic(file, serializeState(state));
  }
  /**
   * The sequencer's own files kept with this write (an attempt's command log), beside the state:
   * written the way the state is (no link followed, no predictable temporary name), each path
   * checked to stay in the state's folder. Returns their pathspecs for the commit.
   */
  async writeRecords(records) {
    const specs = [];
    const folder = path4.posix.dirname(this.statePath);
    for (const record of records) {
      const rel = recordPath(record.path);
      const file = path4.join(this.workspace, folder, rel);
      const parts = path4.posix.dirname(rel).split("/").filter((p) => p !== ".");
      for (let i = 1; i <= parts.length; i++) realFolder(path4.join(this.workspace, folder, ...parts.slice(0, i)));
      await writeFileAtomic(file, record.text);
      specs.push(`./${path4.posix.join(folder, rel)}`);
    }
    return specs;
  }
  async commit(meta, records = []) {
    const spec = `./${this.statePath}`;
    if (meta.kind === "completion") {
      const stateFolder = this.stateRoot ? [`:(top,exclude,literal)${this.stateRoot}`] : [];
      await this.run(["add", "-A", "--", ":/", ...stateFolder, ...await this.gitlinkExclusions()]);
      await this.run(["add", "-f", "--", spec, ...records]);
      await this.reportLeftOut(records);
    } else if (!this.stateTracked || records.length) {
      await this.run(["add", "-f", "--", spec, ...records]);
    }
    const message = `sequencer(${this.planId}): ${meta.message}`;
    const only = meta.kind === "completion" ? [] : ["--only", "--", spec, ...records];
    await this.run([...this.identityArgs(), "commit", "-q", "--no-verify", "-m", message, ...only]);
    this.stateTracked = true;
  }
  /**
   * Pathspecs leaving out the nested repositories already in the index: `add -A` would run
   * `git status` inside each, and that process reads the nested repository's own config (its
   * filters), which the agent wrote. They stay recorded at the commit they were added with.
   */
  async gitlinkExclusions() {
    const res = await this.run(["ls-files", "-s", "-z", "--full-name", "--", ":/"]);
    const links = res.stdout.split("\0").filter((line) => line.startsWith("160000 ")).map((line) => line.slice(line.indexOf("	") + 1));
    return links.map((p) => `:(top,exclude,literal)${p}`);
  }
  /** Says which files the agent wrote or changed under the state folder (left out of the commit). */
  async reportLeftOut(records = []) {
    if (!this.stateRoot) return;
    const res = await this.run(["status", "--porcelain=v1", "-z", "--untracked-files=all", "--no-renames", "--", `:(top,literal)${this.stateRoot}`]);
    const ours = /* @__PURE__ */ new Set([this.statePath, ...records.map((r) => r.slice(2))]);
    const left = res.stdout.split("\0").filter((entry) => entry.length > 3 && !ours.has(entry.slice(3))).map((entry) => entry.slice(3));
    if (!left.length) return;
    const shown = left.slice(0, 10).map((p) => JSON.stringify(p)).join(", ");
    this.log?.(`Left out of the commit: ${left.length} file(s) under ${this.stateRoot}/, where only the sequencer writes (${shown}${left.length > 10 ? ", \u2026" : ""}).`);
  }
  async push(base) {
    for (let attempt = 0; ; attempt++) {
      const marker = this.pushIdle ? ["--atomic"] : [];
      const refspecs = [`HEAD:refs/heads/${this.branch}`, ...this.pushIdle ? [`+HEAD:${idleRef(this.planId)}`] : []];
      const res = await this.run(["push", "--porcelain", "--no-verify", ...marker, this.remote, ...refspecs], true).catch(async (err) => {
        if (!(err instanceof GitTimeoutError)) throw err;
        await this.undoLocalCommit();
        throw new RemoteError(`The write to ${this.where} is not confirmed: ${err.message}`);
      });
      if (res.code === 0) return;
      if (!isRaceRejection(res) && !(isRefUpdateFailure(res) && await this.remoteMovedUnder())) {
        await this.undoLocalCommit();
        throw new RemoteError(`The write to ${this.where} did not become durable: git push to ${this.remote} ${this.branch} failed: ${pushFailure(res)}`);
      }
      if (attempt >= this.pushRetries) {
        await this.undoLocalCommit();
        throw new ConflictError(`Push to ${this.remote} ${this.branch} was rejected ${attempt + 1} times; this tick gives up.`);
      }
      if (!await this.fetchBranch()) continue;
      const remote = await this.readRemoteRevision();
      if (remote !== base) {
        await this.resetToRemote();
        const what = remote === "unreadable" ? "an unreadable state" : `revision ${remote}`;
        throw new ConflictError(`Another tick wrote ${what} to ${this.remote} ${this.branch}; this tick gives up.`);
      }
      const rebase = await this.run([...this.identityArgs(), "rebase", "-q", "--autostash", "--no-verify", this.trackingRef], true);
      if (rebase.code !== 0) {
        await this.run(["rebase", "--abort"], true);
        await this.resetToRemote();
        throw new ConflictError(
          `Our commit does not rebase onto ${this.remote}/${this.branch} (${rebase.stderr.trim() || rebase.stdout.trim()}); this tick gives up.`
        );
      }
      await sleep2(10 + Math.floor(Math.random() * 91));
    }
  }
  /**
   * Whether the remote branch no longer points where our commit was built: then a failed ref
   * update was a race lost at the remote's ref lock, not a remote that cannot take writes.
   */
  async remoteMovedUnder() {
    const parent = await this.run(["rev-parse", "-q", "--verify", "HEAD~1^{commit}"], true);
    if (!await this.fetchBranch().catch(() => false)) return false;
    const tip = await this.run(["rev-parse", "-q", "--verify", `${this.trackingRef}^{commit}`], true);
    return tip.stdout.trim() !== (parent.code === 0 ? parent.stdout.trim() : "");
  }
  /** Revision of the state at the fetched remote tip; a missing file counts as revision 0. */
  async readRemoteRevision() {
    const text = await readStateAt(this.git, this.trackingRef, this.statePath);
    if (text === null) return 0;
    try {
      const doc = JSON.parse(text);
      return typeof doc.revision === "number" ? doc.revision : 0;
    } catch {
      return "unreadable";
    }
  }
  async resetToRemote() {
    await this.run(["reset", "-q", "--hard", this.trackingRef]);
    this.revisions.reset();
    this.stateTracked = false;
  }
  /**
   * Takes back our commit after a push that did not land, keeping the agent's work-tree changes
   * (soft reset) but putting the state file back as committed, so neither the branch nor the
   * file claims a revision the remote does not have.
   */
  async undoLocalCommit() {
    const spec = `./${this.statePath}`;
    const parent = await this.run(["reset", "-q", "--soft", "HEAD~1"], true);
    if (parent.code !== 0) {
      await this.run(["update-ref", "-d", `refs/heads/${this.branch}`]);
    }
    const restored = await this.run(["checkout", "-q", "HEAD", "--", spec], true);
    if (restored.code !== 0) {
      await this.run(["rm", "-q", "--cached", "--ignore-unmatch", "--", spec]);
      await unlink3(path4.join(this.workspace, this.statePath)).catch(() => void 0);
      this.stateTracked = false;
    }
  }
};
async function readStateAt(git, rev, statePath) {
  const res = await git.run(["show", `${rev}:./${statePath}`], { allowFail: true });
  return res.code === 0 ? res.stdout : null;
}
function isRaceRejection(res) {
  return res.stdout.split("\n").some((line) => line.startsWith("!") && /\t\[rejected\] \((fetch first|non-fast-forward)\)/.test(line));
}
function isRefUpdateFailure(res) {
  return res.stdout.split("\n").some((line) => line.startsWith("!") && /\t\[remote rejected\] \((failed to update ref|failed to lock)\)/.test(line));
}
function pushFailure(res) {
  const refs = res.stdout.split("\n").filter((line) => line.startsWith("!")).map((line) => line.split("	").slice(1).join(" ").trim());
  const said = res.stderr.split("\n").map((line) => line.trimEnd()).filter(Boolean);
  return [...refs, ...said].join("\n") || `exit ${res.code}, no output`;
}
function sleep2(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
function checkStatePath(p) {
  const norm = path4.posix.normalize(p.replace(/\\/g, "/"));
  if (!p || p.includes("\0") || path4.posix.isAbsolute(norm) || path4.win32.isAbsolute(p) || norm === "." || norm === ".." || norm.startsWith("../") || /^\.git(\/|$)/.test(norm)) {
    throw new ConfigError(`Invalid statePath ${showValue(p)}: expected a file path relative to the workspace that stays inside it and outside .git.`);
  }
  return norm;
}
function checkRemote(remote) {
  if (!isRemoteName(remote)) {
    throw new ConfigError(`Invalid remote ${showValue(remote)}: expected a git remote name such as origin.`);
  }
}
function checkBranch(branch) {
  if (!isBranchName(branch)) {
    throw new ConfigError(`Invalid branch ${showValue(branch)}: expected a git branch name such as sequencer/issue-42.`);
  }
}
function recordPath(given) {
  const rel = path4.posix.normalize(given);
  if (rel.startsWith("..") || path4.posix.isAbsolute(rel) || rel === "." || !/^[\w./-]+$/.test(rel)) throw new StateError(`A record path must stay in the state's folder, got ${showValue(given)}`);
  return rel;
}

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
    const loaded = await this.inner.load();
    if (loaded.kind === "loaded") this.remember(loaded.state);
    return loaded;
  }
  async write(state, meta) {
    if (!this.secrets.needles.length) return this.inner.write(state, meta);
    const scrub = this.secrets.scrub;
    const clean = scrubState(state, scrub, (run) => this.clean.has(run));
    const records = meta.records?.map((r) => ({ ...r, text: scrub(r.text) }));
    const written = await this.inner.write(clean, { ...meta, message: scrub(meta.message), ...records ? { records } : {} });
    this.remember(written);
    return written;
  }
  release() {
    return this.inner.release();
  }
  remember(state) {
    for (const run of Object.values(state.stepRuns ?? {})) if (run && typeof run === "object") this.clean.add(run);
  }
};

// src/adapters/toolkit/cache-store.ts
import { randomBytes as randomBytes2 } from "node:crypto";
import { mkdir as mkdir4, readFile as readFile2, rm as rm3 } from "node:fs/promises";
import path6 from "node:path";

// src/adapters/toolkit/cache-staging.ts
import { copyFile, lstat as lstat2, mkdir as mkdir3, readdir as readdir2, realpath, rm as rm2, stat as stat2 } from "node:fs/promises";
import path5 from "node:path";
var RESERVED = [".sequencer", ".git"];
function outputPathProblem(p) {
  const problem = checkRelativePath(p);
  if (problem) return problem;
  const norm = normalizeRelative(p);
  if (norm === ".") return `${JSON.stringify(p)} is the whole workspace; expected a file or folder inside it`;
  const top = norm.split("/", 1)[0] ?? "";
  if (RESERVED.includes(top)) return `${JSON.stringify(p)} is inside ${top}/, which is never carried as an output`;
  return null;
}
function normalizeRelative(p) {
  return path5.posix.normalize(p.replace(/\\/g, "/")).replace(/\/+$/, "") || ".";
}
async function stageOutput(workspace, staging, rel, log) {
  const problem = outputPathProblem(rel);
  if (problem) {
    log.warn(`Output not saved to the cache: ${problem}.`);
    return false;
  }
  const norm = normalizeRelative(rel);
  const root = await realpath(workspace);
  let real;
  try {
    real = await realpath(path5.join(workspace, norm));
  } catch {
    log.warn(`Output ${norm} does not exist in the workspace; the cache keeps its previous copy, if any.`);
    return false;
  }
  if (!isInside(root, real)) {
    log.warn(`Output ${norm} resolves outside the workspace (${real}); not saved to the cache.`);
    return false;
  }
  const target = path5.join(staging, norm);
  await rm2(target, { recursive: true, force: true });
  await mkdir3(path5.dirname(target), { recursive: true });
  await copyTree(real, target, norm, log);
  return true;
}
async function copyTree(source, target, label, log) {
  const info = await stat2(source);
  if (info.isFile()) {
    await copyFile(source, target);
    return;
  }
  if (!info.isDirectory()) {
    log.warn(`Output ${label} is neither a file nor a folder; not saved to the cache.`);
    return;
  }
  await mkdir3(target, { recursive: true });
  for (const entry of await readdir2(source, { withFileTypes: true })) {
    const child = `${label}/${entry.name}`;
    if (entry.isSymbolicLink()) log.warn(`Symlink ${child} is not saved to the cache.`);
    else if (entry.isFile() || entry.isDirectory()) await copyTree(path5.join(source, entry.name), path5.join(target, entry.name), child, log);
  }
}
async function installStagedOutputs(workspace, staging, log) {
  const root = await realpath(workspace);
  const written = [];
  const walk = async (dir, rel) => {
    for (const entry of await readdir2(dir, { withFileTypes: true })) {
      const childRel = rel ? `${rel}/${entry.name}` : entry.name;
      if (!rel && RESERVED.includes(entry.name)) continue;
      const source = path5.join(dir, entry.name);
      if (entry.isDirectory()) await walk(source, childRel);
      else if (entry.isFile()) {
        if (await installFile(root, source, childRel, log)) written.push(childRel);
      } else log.warn(`Cache entry holds ${childRel}, which is not a regular file; it was not restored.`);
    }
  };
  await walk(staging, "");
  return written;
}
async function installFile(root, source, rel, log) {
  const target = path5.join(root, rel);
  const parent = path5.dirname(target);
  const anchor = await nearestExisting(parent);
  if (!isInside(root, await realpath(anchor))) {
    log.warn(`Not restoring ${rel}: its folder leads outside the workspace through a symlink.`);
    return false;
  }
  try {
    await mkdir3(parent, { recursive: true });
    copyFileAtomic(source, target);
    return true;
  } catch (err) {
    log.warn(`Could not restore ${rel} from the cache: ${describeError(err)}`);
    return false;
  }
}
async function nearestExisting(dir) {
  for (let current = dir; ; current = path5.dirname(current)) {
    try {
      await lstat2(current);
      return current;
    } catch {
      if (path5.dirname(current) === current) return current;
    }
  }
}
function isInside(root, p) {
  return p === root || p.startsWith(root.endsWith(path5.sep) ? root : root + path5.sep);
}

// src/adapters/toolkit/toolkit-problems.ts
var watchers = /* @__PURE__ */ new Set();
var installed = null;
var COMMAND = /^::(warning|error)(?: [^:]*)?::(.*)$/;
async function watchToolkitProblems(fn) {
  const watcher = { problems: [] };
  install();
  watchers.add(watcher);
  try {
    const value = await fn();
    return { value, problems: watcher.problems };
  } finally {
    watchers.delete(watcher);
    if (watchers.size === 0) uninstall();
  }
}
function install() {
  if (installed) return;
  const original = process.stdout.write;
  const wrapper = function(chunk, ...rest) {
    if (watchers.size > 0) scan(chunk);
    return original.call(process.stdout, chunk, ...rest);
  };
  process.stdout.write = wrapper;
  installed = { original, wrapper };
}
function uninstall() {
  if (!installed || process.stdout.write !== installed.wrapper) return;
  process.stdout.write = installed.original;
  installed = null;
}
function scan(chunk) {
  const text = typeof chunk === "string" ? chunk : chunk instanceof Uint8Array ? Buffer.from(chunk).toString("utf8") : "";
  for (const line of text.split(/\r?\n/)) {
    const match = COMMAND.exec(line);
    if (!match) continue;
    const message = `${match[1]}: ${unescapeCommandData(match[2] ?? "")}`;
    for (const w of watchers) w.problems.push(message);
  }
}
function unescapeCommandData(s) {
  return s.replace(/%0D/g, "\r").replace(/%0A/g, "\n").replace(/%25/g, "%");
}

// src/adapters/toolkit/cache-store.ts
var REVISION_DIGITS = 10;
var MAX_HIGHER_PROBES = 20;
var KNOWN_CACHE_MODES = ["none", "read", "write", "write-only"];
var CacheStore = class {
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
    this.workspace = path6.resolve(opts.workspace);
    this.planId = opts.planId;
    this.keyPrefix = opts.keyPrefix ?? `sequencer/${opts.planId}/`;
    this.outputs = opts.outputs ?? ((state) => state.artifacts ?? []);
    this.log = opts.log;
    if (!/^[A-Za-z0-9._-]{1,100}$/.test(this.planId)) {
      throw new ConfigError(`Invalid planId ${showValue(this.planId)}: expected 1-100 letters, digits, ".", "_" or "-".`);
    }
    if (!this.keyPrefix || this.keyPrefix.length > 400 || /[,\r\n]/.test(this.keyPrefix)) {
      throw new ConfigError(`Invalid cache key prefix ${showValue(this.keyPrefix)}: expected 1-400 characters without commas or line breaks.`);
    }
    this.stateRel = `.sequencer/${this.planId}/state.json`;
    this.statePath = path6.join(this.workspace, this.stateRel);
    this.stagingDir = path6.join(this.workspace, ".sequencer", this.planId, "cache-transfer");
    if (/[*?[\]{}\r\n\\]/.test(this.stagingDir)) {
      throw new ConfigError(`Invalid workspace ${showValue(this.workspace)} for the cache store: expected a path without glob characters (* ? [ ] { } \\) or line breaks.`);
    }
    this.description = `cache ${this.keyPrefix}r*`;
    this.revisions = new RevisionGuard({ where: this.description, untouched: "nothing was saved" });
  }
  /** No lock: the lookups before and after each save decide between writers (see above). */
  async lock() {
    return { ok: true };
  }
  /** Every load restores the newest entry itself. */
  async open() {
  }
  async release() {
  }
  async load() {
    this.revisions.loading();
    try {
      const result = await this.loadNewest();
      this.revisions.loaded(result.kind === "loaded" ? result.state.revision ?? 0 : 0);
      return result;
    } catch (err) {
      this.revisions.failed(err);
      throw err;
    }
  }
  async write(state, meta) {
    const base = this.revisions.check(state);
    const cache = await loadToolkit();
    this.checkService(cache, "write");
    const revision = base + 1;
    const taken = await this.lookup(cache, revisionPrefix(this.keyPrefix, revision));
    if (taken) {
      throw new ConflictError(`Another writer already saved revision ${revision} to the cache (key ${taken}); nothing was saved.`, "The next tick starts from the newer state.");
    }
    const next = { ...state, revision };
    const text = serializeState(next);
    const stagedState = path6.join(this.stagingDir, this.stateRel);
    await mkdir4(path6.dirname(stagedState), { recursive: true });
    await writeFileAtomic(stagedState, text);
    if (meta.kind === "completion") {
      for (const output of this.outputs(next)) await stageOutput(this.workspace, this.stagingDir, output, this.log);
    }
    const key = `${revisionPrefix(this.keyPrefix, revision)}${randomBytes2(4).toString("hex")}`;
    await this.save(cache, key, revision);
    const newest = await this.lookup(cache, revisionPrefix(this.keyPrefix, revision));
    if (newest === null) {
      throw new Error(`State revision ${revision} was NOT confirmed in the cache: saving key ${key} reported success, but a lookup does not find it. Treat this write as lost.`);
    }
    if (newest !== key) {
      throw new ConflictError(`Another writer saved revision ${revision} (key ${newest}) right after ours (key ${key}); theirs is the one later ticks load.`);
    }
    await mkdir4(path6.dirname(this.statePath), { recursive: true });
    await writeFileAtomic(this.statePath, text);
    this.revisions.loaded(revision);
    return next;
  }
  async loadNewest() {
    const cache = await loadToolkit();
    this.checkService(cache, "load");
    let key = await this.restore(cache, `${this.keyPrefix}r`);
    if (key === null) return { kind: "missing" };
    let { state, text } = await this.readStaged(key);
    for (let probes = 0; probes < MAX_HIGHER_PROBES; probes++) {
      const higherPrefix = revisionPrefix(this.keyPrefix, (state.revision ?? 0) + 1);
      const higher = await this.lookup(cache, higherPrefix);
      if (higher === null) break;
      this.log.warn(
        `The newest cache entry ${key} holds revision ${state.revision}, but ${higher} holds a higher one: two ticks wrote concurrently. Using the highest revision; the other write is lost.`
      );
      key = await this.restore(cache, higherPrefix);
      if (key === null) throw new Error(`Cache entry ${higher} was found by a lookup but could not be restored a moment later.`);
      ({ state, text } = await this.readStaged(key));
    }
    await mkdir4(path6.dirname(this.statePath), { recursive: true });
    await writeFileAtomic(this.statePath, text);
    const restored = await installStagedOutputs(this.workspace, this.stagingDir, this.log);
    this.log.debug(`Restored ${key} (revision ${state.revision})${restored.length ? ` and ${countOf(restored.length, "output file")}` : ""}.`);
    return { kind: "loaded", state };
  }
  /** The state staged by restoring `key`, checked against the key and this plan. */
  async readStaged(key) {
    const match = new RegExp(`^${escapeRegExp(this.keyPrefix)}r(\\d{${REVISION_DIGITS}})-[0-9a-f]{8}$`).exec(key);
    if (!match) {
      throw new StateError(`Cache entry ${showValue(key)} does not look like one of ours: expected ${this.keyPrefix}r<${REVISION_DIGITS} digits>-<8 hex digits>.`);
    }
    const keyRevision = Number(match[1]);
    const file = path6.join(this.stagingDir, this.stateRel);
    let text;
    try {
      text = await readFile2(file, "utf8");
    } catch (err) {
      throw new StateError(
        `Cache entry ${key} was restored but ${file} cannot be read (${describeError(err)}).`,
        [],
        "tar extracts relative to GITHUB_WORKSPACE (or the current directory): run with the same workspace path as the tick that saved it."
      );
    }
    const state = decodeState(text, { subject: `state in cache entry ${key}`, planId: this.planId });
    if ((state.revision ?? 0) !== keyRevision) {
      throw new StateError(`State in cache entry ${key} has revision ${showValue(state.revision)}, but its key says ${keyRevision}.`);
    }
    return { state, text };
  }
  /** Restores the newest entry whose key starts with `prefix` into an emptied staging folder. */
  async restore(cache, prefix) {
    await rm3(this.stagingDir, { recursive: true, force: true });
    await mkdir4(this.stagingDir, { recursive: true });
    return this.find(cache, prefix, false);
  }
  lookup(cache, prefix) {
    return this.find(cache, prefix, true);
  }
  async find(cache, prefix, lookupOnly) {
    let outcome;
    try {
      outcome = await watchToolkitProblems(() => cache.restoreCache([this.stagingDir], prefix, [prefix], { lookupOnly }));
    } catch (err) {
      throw new Error(`Cache lookup of ${prefix}* failed: ${describeError(err)}`);
    }
    const { value, problems } = outcome;
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
    const { value: id, problems } = outcome;
    if (id === -1 || !Number.isFinite(id) || problems.length) {
      const why = problems.length ? problems.join("; ") : `saveCache returned ${id}`;
      throw new Error(`State revision ${revision} was NOT saved to the cache (key ${key}): ${why}`);
    }
  }
  /** Fails early, with the variable to fix, where the library would quietly do nothing. */
  checkService(cache, action) {
    const hint = "Use the cache store inside a GitHub Actions job (JavaScript actions get these variables from the runner), or choose the file or git store.";
    if (!cache.isFeatureAvailable()) {
      const urlVar = process.env.ACTIONS_CACHE_SERVICE_V2 ? "ACTIONS_RESULTS_URL" : "ACTIONS_CACHE_URL";
      throw new ConfigError(`The cache store needs the Actions cache service, but ${urlVar} is not set.`, hint);
    }
    if (!process.env.ACTIONS_RUNTIME_TOKEN) throw new ConfigError("The cache store needs ACTIONS_RUNTIME_TOKEN, which is not set.", hint);
    const mode = (process.env.ACTIONS_CACHE_MODE ?? "").trim().toLowerCase();
    if (!KNOWN_CACHE_MODES.includes(mode)) return;
    const allowed = action === "load" ? mode === "read" || mode === "write" : mode === "write" || mode === "write-only";
    if (!allowed) {
      throw new ConfigError(`ACTIONS_CACHE_MODE is ${showValue(mode)}, which does not allow the cache store to ${action} state.`);
    }
  }
};
function revisionPrefix(keyPrefix, revision) {
  return `${keyPrefix}r${String(revision).padStart(REVISION_DIGITS, "0")}-`;
}
var toolkit = null;
function loadToolkit() {
  toolkit ??= import("./cache-YFIQHQQM.js");
  return toolkit;
}
function escapeRegExp(s) {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

// src/wiring/plan-store.ts
function createPlanStore(plan, secrets, log) {
  return new ScrubbingStore(unscrubbedStore(plan, log), secrets);
}
function unscrubbedStore(plan, log) {
  const { planId, workspace, store } = plan;
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
  DEFAULT_GIT_IDENTITY,
  acquireLock,
  createPlanStore
};
