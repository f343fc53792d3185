import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);
import {
  CacheStore,
  ExecAgentRunner,
  FsAttemptFiles,
  FsVerifier,
  FsWorkspace,
  GitBaseSync,
  GitStore,
  LocalOwnerProbe,
  PRETTY_MAX_STEPS,
  REUSED_FIELDS,
  ScrubbingStore,
  adoptTexts,
  baseConflictReport,
  gateReport,
  isReusedField,
  isTempFileFor,
  isValidPid,
  localOwner,
  pidAlive,
  serializeStateWithSpans,
  writeFileAtomic,
  writeFileAtomicStat
} from "./chunk-7OXFERW2.js";
import {
  sequencerCliCommand
} from "./chunk-33XZJFSU.js";
import {
  findJsonSyntaxError
} from "./chunk-V4DTJCJ2.js";
import {
  guardWorkflowCommands,
  mayHoldWorkflowCommand
} from "./chunk-A7XPLWEY.js";
import {
  COMMAND_KINDS
} from "./chunk-N575SEFU.js";
import {
  NO_SECRETS,
  createScrubber
} from "./chunk-LUFHFP3X.js";
import {
  parseState
} from "./chunk-E7UPUYF5.js";
import {
  isRecord
} from "./chunk-XGQXDCDV.js";
import {
  blockerReport,
  finalSummary,
  stepProgress
} from "./chunk-USZCYFOB.js";
import {
  terminalText
} from "./chunk-SY3ESOGT.js";
import {
  lastAttempt,
  stepRun
} from "./chunk-K6PSMX6F.js";
import {
  stoppedText
} from "./chunk-VVMYYVID.js";
import {
  ConfigError,
  ConflictError,
  StateError,
  describeError,
  showValue
} from "./chunk-TEYULPYE.js";

// src/adapters/console-log.ts
import { randomBytes } from "node:crypto";
var ConsoleLog = class {
  constructor(opts = {}) {
    this.opts = opts;
    const out = opts.out ?? ((line) => process.stdout.write(`${line}
`));
    const err = opts.err ?? ((line) => process.stderr.write(`${line}
`));
    const secrets = opts.secrets ?? NO_SECRETS;
    const safe = (text) => {
      const clean = terminalText(secrets.scrub(text));
      return opts.guardCommands && mayHoldWorkflowCommand(clean) ? guardWorkflowCommands(clean, randomBytes(16).toString("hex")) : clean;
    };
    this.out = (line) => out(safe(line));
    this.err = (line) => err(safe(line));
  }
  opts;
  out;
  err;
  info(message) {
    if (!this.opts.quiet) this.out(message);
  }
  warn(message) {
    this.err(`warning: ${message}`);
  }
  error(message) {
    this.err(`error: ${message}`);
  }
  debug(message) {
    if (this.opts.debug) this.err(`debug: ${message}`);
  }
  async group(title, fn) {
    this.info(`\u25B6 ${title}`);
    return fn();
  }
};
var ConsoleNotifier = class {
  constructor(log) {
    this.log = log;
  }
  log;
  async notify(notice, state) {
    switch (notice.kind) {
      case "blocked":
        this.log.error(blockerReport(state, notice.stepId, notice.reason));
        break;
      case "done":
        this.log.info(finalSummary(state));
        break;
      case "cancelled":
        this.log.warn(`Plan cancelled${notice.runningStep ? ` while ${notice.runningStep} was running (${stoppedText(lastAttempt(stepRun(state, notice.runningStep))?.stoppedBy)})` : ""}; ${stepProgress(state)}.`);
        break;
      case "gate":
        this.log.warn(gateReport(state, notice.stepId));
        break;
      case "base-conflict":
        this.log.error(baseConflictReport(notice));
        break;
      case "reopened":
        this.log.warn(`${notice.stepId} reopened: required outputs missing (${notice.missing.join(", ")}).`);
        break;
      default:
        break;
    }
  }
};

// src/adapters/fs/file-inbox.ts
import { readdirSync } from "node:fs";
import { mkdir, readFile, readdir, rename, unlink as unlink2 } from "node:fs/promises";
import path from "node:path";

// src/adapters/fs/file-lock.ts
import { randomBytes as randomBytes2 } from "node:crypto";
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
    token: randomBytes2(8).toString("hex")
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
async function createExclusive(path4, text) {
  const draft = `${path4}.${process.pid}.${randomBytes2(4).toString("hex")}.new`;
  const handle = await open(draft, "wx", 420);
  try {
    await handle.writeFile(text, "utf8");
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await link(draft, path4);
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
async function inspect(path4) {
  let handle;
  try {
    handle = await open(path4, "r");
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
async function statQuietly(path4) {
  try {
    return await stat(path4, { bigint: true });
  } catch (err) {
    if (code(err) === "ENOENT") return null;
    throw err;
  }
}
async function unlinkQuietly(path4) {
  try {
    await unlink(path4);
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

// src/adapters/fs/file-inbox.ts
var FILE_INBOX_CURSOR_KEY = "lastFileCursor";
var FILE_PATTERN = /^(\d{1,16})-([a-z]+)\.json$/;
var POST_LOCK = ".post.lock";
var HIGH_WATER = ".cursor";
var STEP_ID = /^[A-Za-z0-9._-]{1,100}$/;
var FileInbox = class {
  constructor(dir, options = {}) {
    this.dir = dir;
    this.options = options;
  }
  dir;
  options;
  cursorKey = FILE_INBOX_CURSOR_KEY;
  /** Writes `command` as the newest inbox file and returns it with its cursor. */
  static async post(dir, command, options = {}) {
    const checked = parseInboxCommand(command);
    if (typeof checked === "string") throw new ConfigError(`Cannot post command ${showValue(command)}: ${checked}`);
    await mkdir(dir, { recursive: true });
    const lockPath = path.join(dir, POST_LOCK);
    const deadline = Date.now() + (options.timeoutMs ?? 1e4);
    for (; ; ) {
      const lock = await acquireLock(lockPath, { command: `post ${checked.kind}` });
      if (lock.ok) {
        try {
          const cursor = Math.max(await readHighWater(dir), await maxCursorIn(dir), Date.now() * 1e3) + 1;
          await writeFileAtomic(path.join(dir, HIGH_WATER), `${cursor}
`);
          await writeFileAtomic(path.join(dir, `${cursor}-${checked.kind}.json`), `${JSON.stringify(checked, null, 2)}
`);
          return { cursor, command: checked };
        } finally {
          await lock.release();
        }
      }
      if (Date.now() > deadline) {
        throw new ConfigError(
          `Cannot post to inbox ${dir}: ${lockPath} is held by ${lock.holder}`,
          `If that process is gone, delete ${lockPath} and post again.`
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20));
    }
  }
  async read(memo) {
    return { items: await this.readAfter(Number(memo[this.cursorKey] ?? 0)) };
  }
  async readAfter(afterCursor) {
    const items = [];
    for (const { name, cursor, kind } of await listCommandFiles(this.dir)) {
      if (cursor <= afterCursor) continue;
      const file = path.join(this.dir, name);
      let text;
      try {
        text = await readFile(file, "utf8");
      } catch (err) {
        if (errorCode(err) === "ENOENT") continue;
        throw err;
      }
      let problem;
      try {
        const parsed = parseInboxCommand(JSON.parse(text));
        if (typeof parsed !== "string" && parsed.kind === kind) {
          items.push({ cursor, command: parsed });
          continue;
        }
        problem = typeof parsed === "string" ? parsed : `file name says "${kind}" but the command is "${parsed.kind}"`;
      } catch (err) {
        problem = `not valid JSON (${describeError(err)})`;
      }
      await this.setAside(file, problem);
    }
    return items.sort((a, b) => a.cursor - b.cursor);
  }
  async acknowledge(cursor) {
    for (const entry of await listCommandFiles(this.dir)) {
      if (entry.cursor > cursor) continue;
      await unlink2(path.join(this.dir, entry.name)).catch((err) => {
        if (errorCode(err) !== "ENOENT") throw err;
      });
    }
  }
  async reply(item, text) {
    await this.options.onReply?.(item, text);
  }
  // A bad file is kept for the person who wrote it, under a name read() no longer matches.
  async setAside(file, problem) {
    const target = `${file}.bad`;
    try {
      await rename(file, target);
    } catch (err) {
      if (errorCode(err) === "ENOENT") return;
      throw err;
    }
    this.options.log?.(`Skipped inbox file ${file}: ${problem}; renamed it to ${path.basename(target)}`);
  }
};
function parseInboxCommand(value) {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return `expected a JSON object, got ${showValue(value)}`;
  const v = value;
  if (typeof v.kind !== "string" || !COMMAND_KINDS.includes(v.kind)) {
    return `kind is ${showValue(v.kind)}; expected one of ${COMMAND_KINDS.join(", ")}`;
  }
  const kind = v.kind;
  if (typeof v.by !== "string" || v.by.trim() === "") return `by is ${showValue(v.by)}; expected the name of who sent the command`;
  const by = v.by;
  const optionalString = (key) => {
    const field = v[key];
    if (field === void 0 || field === null) return void 0;
    return typeof field === "string" ? field : new Error(`${key} is ${showValue(field)}; expected a string`);
  };
  switch (kind) {
    case "approve": {
      const command = { kind, by };
      if (v.delayMinutes !== void 0 && v.delayMinutes !== null) {
        const d = v.delayMinutes;
        if (typeof d !== "number" || !Number.isInteger(d) || d < 0 || d > 1440) {
          return `delayMinutes is ${showValue(d)}; expected an integer 0-1440`;
        }
        command.delayMinutes = d;
      }
      const planHash = optionalString("planHash");
      if (planHash instanceof Error) return planHash.message;
      if (planHash !== void 0) command.planHash = planHash;
      if (v.commentId !== void 0 && v.commentId !== null) {
        if (typeof v.commentId !== "number" || !Number.isSafeInteger(v.commentId)) return `commentId is ${showValue(v.commentId)}; expected an integer`;
        command.commentId = v.commentId;
      }
      return command;
    }
    case "cancel": {
      const reason = optionalString("reason");
      if (reason instanceof Error) return reason.message;
      return reason !== void 0 ? { kind, by, reason } : { kind, by };
    }
    case "retry":
    case "skip": {
      const step = optionalString("step");
      if (step instanceof Error) return step.message;
      if (step !== void 0 && !STEP_ID.test(step)) return `step is ${showValue(step)}; expected a step id (letters, digits, ".", "_", "-")`;
      return step !== void 0 ? { kind, by, step } : { kind, by };
    }
    case "resume":
    case "status":
      return { kind, by };
  }
}
async function listCommandFiles(dir) {
  let names;
  try {
    names = readdirSync(dir);
  } catch (err) {
    if (errorCode(err) === "ENOENT") return [];
    throw err;
  }
  const files = [];
  for (const name of names) {
    const match = FILE_PATTERN.exec(name);
    if (!match) continue;
    const cursor = Number(match[1]);
    if (Number.isSafeInteger(cursor)) files.push({ name, cursor, kind: match[2] ?? "" });
  }
  return files;
}
async function maxCursorIn(dir) {
  let max = 0;
  for (const name of await readdir(dir)) {
    const match = /^(\d{1,16})-/.exec(name);
    const cursor = Number(match?.[1] ?? 0);
    if (Number.isSafeInteger(cursor) && cursor > max) max = cursor;
  }
  return max;
}
async function readHighWater(dir) {
  try {
    const value = Number((await readFile(path.join(dir, HIGH_WATER), "utf8")).trim());
    return Number.isSafeInteger(value) && value > 0 ? value : 0;
  } catch (err) {
    if (errorCode(err) === "ENOENT") return 0;
    throw err;
  }
}
function errorCode(err) {
  return err?.code;
}

// src/cli/wiring.ts
import path3 from "node:path";

// src/adapters/fs/file-store.ts
import { closeSync as closeSync2, fstatSync, openSync as openSync2, readFileSync as readFileSync2, statSync } from "node:fs";
import { mkdir as mkdir2, readdir as readdir2, unlink as unlink3 } from "node:fs/promises";
import path2 from "node:path";

// src/adapters/fs/state-digest.ts
import { createHash } from "node:crypto";
import { closeSync, constants, openSync, readFileSync, writeSync } from "node:fs";

// src/build-id.ts
var BUILD_ID = true ? "build-529ae662d810121b" : "source";

// src/adapters/fs/state-digest.ts
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
  basis = { kind: "unloaded" };
  constructor(options) {
    this.statePath = options.statePath;
    this.lockPath = `${options.statePath}.lock`;
    this.digestPath = digestPathFor(options.statePath);
    this.useLock = options.lock ?? true;
    this.command = options.command;
    this.description = `file ${options.statePath}`;
  }
  async acquire() {
    if (!this.useLock || this.heldLock) return { ok: true };
    await mkdir2(path2.dirname(this.statePath), { recursive: true });
    const result = await acquireLock(this.lockPath, this.command ? { command: this.command } : {});
    if (!result.ok) return { ok: false, holder: result.holder };
    this.heldLock = result;
    await this.removeLeftoverTempFiles();
    return { ok: true };
  }
  // Reads and stats are synchronous, as in atomic-write.ts: a tick waits for each of them anyway.
  async load() {
    this.basis = { kind: "unreadable", reason: "load() did not finish" };
    let fd;
    try {
      fd = openSync2(this.statePath, "r");
    } catch (err) {
      if (errorCode2(err) === "ENOENT") {
        this.basis = { kind: "missing" };
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
    const document = this.parseJson(text);
    let state;
    let spans = null;
    try {
      spans = isLargeDocument(document) ? readNote(this.digestPath, digestOf(bytes)) : null;
      if (spans) {
        state = document;
        adoptTexts(state, text, spans);
      } else {
        state = parseState(document, { owned: true });
      }
    } catch (err) {
      if (err instanceof StateError) {
        const wrapped = err.issues.length ? new StateError(`Invalid state file ${this.statePath}`, err.issues, err.hint) : new StateError(`Invalid state file ${this.statePath}: ${err.message}`, [], err.hint);
        throw this.unreadable(wrapped);
      }
      throw this.unreadable(`Invalid state file ${this.statePath}: ${describeError(err)}`);
    }
    this.basis = { kind: "present", revision: state.revision ?? 0, stamp: stampOf(stats) };
    return spans ? { kind: "loaded", state, verbatim: true } : { kind: "loaded", state };
  }
  async write(state, _meta) {
    const expected = await this.expectedRevision();
    const given = state.revision ?? 0;
    if (given !== expected) {
      throw new ConflictError(
        `Stale write to ${this.description}: state.revision is ${given} but the file is at revision ${expected}; nothing was written.`,
        "Another tick changed the plan; the next tick starts from the newer state."
      );
    }
    const next = { ...state, revision: expected + 1 };
    const { text, spans, indented } = serializeStateWithSpans(next);
    const bytes = Buffer.from(text);
    if (this.basis.kind === "missing") await mkdir2(path2.dirname(this.statePath), { recursive: true });
    const stats = await writeFileAtomicStat(this.statePath, bytes);
    this.basis = { kind: "present", revision: expected + 1, stamp: stampOf(stats) };
    if (!indented) writeNote(this.digestPath, digestNote(digestOf(bytes), spans));
    return next;
  }
  async release() {
    const held = this.heldLock;
    this.heldLock = null;
    await held?.release();
  }
  /** The revision a write must carry, after checking the file is still the one we know. */
  async expectedRevision() {
    const basis = this.basis;
    if (basis.kind === "unreadable") {
      throw new StateError(`Refusing to write ${this.statePath}: it could not be loaded (${basis.reason}); the file was left untouched.`);
    }
    const current = statQuietly2(this.statePath);
    if (basis.kind === "present") {
      if (!current) {
        throw new ConflictError(`${this.description} was deleted since revision ${basis.revision} was read; nothing was written.`);
      }
      if (!sameStamp(stampOf(current), basis.stamp)) {
        throw new ConflictError(
          `${this.description} was changed by another writer since revision ${basis.revision} was read (inode, size or mtime differ); nothing was written.`
        );
      }
      return basis.revision;
    }
    if (current) {
      const why = basis.kind === "missing" ? "was created by another writer after load() found it missing" : "exists but was not load()ed by this store";
      throw new ConflictError(`${this.description} ${why}; nothing was written.`);
    }
    return 0;
  }
  parseJson(text) {
    const body = text.charCodeAt(0) === 65279 ? text.slice(1) : text;
    if (body.trim() === "") throw this.unreadable(`State file ${this.statePath} is empty; expected a JSON object.`);
    try {
      return JSON.parse(body);
    } catch (err) {
      throw this.unreadable(`State file ${this.statePath} is not valid JSON: ${jsonErrorWithLocation(err, body)}`);
    }
  }
  unreadable(error) {
    const stateError = typeof error === "string" ? new StateError(error) : error;
    this.basis = { kind: "unreadable", reason: stateError.message.split("\n", 1)[0] ?? stateError.message };
    return stateError;
  }
  async removeLeftoverTempFiles() {
    const dir = path2.dirname(this.statePath);
    const name = path2.basename(this.statePath);
    for (const entry of await readdir2(dir)) {
      if (!isTempFileFor(entry, name)) continue;
      await unlink3(path2.join(dir, entry)).catch(() => void 0);
    }
  }
};
function jsonErrorWithLocation(err, text) {
  const message = describeError(err);
  const location = findJsonSyntaxError(text);
  if (!location || /\bline\b/.test(message)) return message;
  return `${message} (line ${location.line}, column ${location.column})`;
}
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
    if (errorCode2(err) === "ENOENT") return null;
    throw err;
  }
}
function errorCode2(err) {
  return err?.code;
}

// src/cli/wiring.ts
function localPaths(s) {
  const stateFile = s.store === "file" ? s.statePath : path3.resolve(s.workspace, s.statePath);
  return { stateFile, inboxDir: `${stateFile}.inbox`, logDir: `${stateFile}.logs` };
}
function cliSecrets(s) {
  return createScrubber(s.secrets ?? []);
}
function consoleLog(s, secrets = cliSecrets(s)) {
  return new ConsoleLog({ quiet: s.quiet, secrets, guardCommands: s.actionsLog ?? false });
}
function createStore(s, command) {
  return new ScrubbingStore(planStore(s, command), cliSecrets(s));
}
function planStore(s, command) {
  if (s.store === "file") return new FileStore({ statePath: s.statePath, command });
  if (s.store === "cache") return new CacheStore({ workspace: s.workspace, planId: s.planId, log: consoleLog(s) });
  const rel = s.statePath.split(path3.sep).join("/");
  return new GitStore({
    workspace: s.workspace,
    planId: s.planId,
    remote: s.remote,
    statePath: rel,
    ...s.branch ? { branch: s.branch } : {},
    // Attempt logs, the inbox and the lock are local working files, never part of the record.
    exclude: [`/${rel}.logs/`, `/${rel}.inbox/`, `/${rel}.lock`]
  });
}
function createBaseSync(s) {
  if (s.store !== "git" || s.syncBase !== "merge") return void 0;
  const rel = s.statePath.split(path3.sep).join("/");
  const folder = path3.posix.dirname(rel);
  return new GitBaseSync({
    workspace: s.workspace,
    remote: s.remote,
    branch: s.branch ?? `sequencer/${s.planId}`,
    // Null: the branch the remote's HEAD names, read in the same request as its tip.
    base: s.baseBranch ?? null,
    // The state's folder keeps the work branch's version (a state file at the top: the file alone).
    protect: folder === "." ? path3.posix.normalize(rel) : folder,
    planId: s.planId
  });
}
async function createEngine(s, command) {
  const paths = localPaths(s);
  const log = consoleLog(s);
  const workspace = await FsWorkspace.open(s.workspace);
  const deps = {
    verifier: new FsVerifier({ root: workspace.root }),
    attemptFiles: new FsAttemptFiles(),
    clock: { now: () => /* @__PURE__ */ new Date() },
    store: createStore(s, command),
    agent: new ExecAgentRunner({ cwd: s.workspace }),
    workspace,
    owners: new LocalOwnerProbe(),
    notifier: new ConsoleNotifier(log),
    log,
    inbox: new FileInbox(paths.inboxDir, { log: (m) => log.warn(m) })
  };
  const cliCommand = sequencerCliCommand();
  const baseSync = createBaseSync(s);
  if (baseSync) deps.baseSync = baseSync;
  const cfg = {
    ...s.agentCommand !== void 0 ? { agentCommand: s.agentCommand } : {},
    ...cliCommand ? { cliCommand } : {},
    agentSource: s.agentSource,
    limits: { maxAttempts: s.maxAttempts, attemptTimeoutMinutes: s.attemptTimeoutMinutes, retryBackoffSeconds: s.retryBackoffSeconds },
    owner: localOwner(),
    logDir: paths.logDir,
    leaseMarginMs: 5 * 6e4,
    graceMs: s.graceSeconds * 1e3,
    stopGraceMs: s.stopGraceSeconds * 1e3,
    inboxPollMs: 1e3,
    echoAgentOutput: !s.quiet,
    ...s.budgetMinutes ? { deadline: new Date(Date.now() + s.budgetMinutes * 6e4) } : {}
  };
  return { deps, cfg, paths };
}

export {
  ConsoleLog,
  acquireLock,
  FileInbox,
  localPaths,
  createStore,
  createEngine
};
