import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);
import {
  findJsonSyntaxError
} from "./chunk-V4DTJCJ2.js";
import {
  PLAN_BRANCH_PREFIX,
  git,
  guardRepository,
  idleRef,
  isIdleStatus,
  isRefSafePlanId,
  repositoryGuard
} from "./chunk-N575SEFU.js";
import {
  scrubState
} from "./chunk-LUFHFP3X.js";
import {
  parseState
} from "./chunk-E7UPUYF5.js";
import {
  checkRelativePath,
  isPathLike
} from "./chunk-XGQXDCDV.js";
import {
  compilePattern
} from "./chunk-MELPNHRC.js";
import {
  fittedNotice,
  marker,
  outputList,
  runFooter,
  stepProgress,
  stepTable
} from "./chunk-USZCYFOB.js";
import {
  fence,
  inline
} from "./chunk-IAW7XI6Z.js";
import {
  terminalLine
} from "./chunk-SY3ESOGT.js";
import {
  countOf
} from "./chunk-3RW55J7L.js";
import {
  ConfigError,
  ConflictError,
  RemoteError,
  StateError,
  describeError,
  showValue
} from "./chunk-TEYULPYE.js";

// src/adapters/process/exec-agent.ts
import { spawn } from "node:child_process";
import { accessSync, closeSync, constants, mkdirSync, openSync, readdirSync, rmSync, statSync, writeFileSync, writeSync } from "node:fs";
import { readFile, rm, stat } from "node:fs/promises";
import path from "node:path";
import { StringDecoder } from "node:string_decoder";

// src/core/render/bounded-text.ts
var DEFAULT_HEAD_CHARS = 4e3;
var DEFAULT_TAIL_CHARS = 4e3;
var HeadTailBuffer = class {
  headMax;
  tailMax;
  logFile;
  head = "";
  tail = "";
  chars = 0;
  bytes = 0;
  /** Whether anything was dropped between head and tail. */
  dropped = false;
  constructor(options = {}) {
    this.headMax = Math.max(0, Math.floor(options.head ?? DEFAULT_HEAD_CHARS));
    this.tailMax = Math.max(0, Math.floor(options.tail ?? DEFAULT_TAIL_CHARS));
    this.logFile = options.logFile;
  }
  append(chunk) {
    if (!chunk) return;
    this.chars += chunk.length;
    this.bytes += utf8Length(chunk);
    let rest = chunk;
    if (!this.dropped && this.tail === "" && this.head.length < this.headMax) {
      let take = this.headMax - this.head.length;
      if (take < rest.length && isHighSurrogate(rest.charCodeAt(take - 1))) take--;
      this.head += rest.slice(0, take);
      rest = rest.slice(take);
    }
    if (!rest) return;
    let tail = this.tail + rest;
    if (tail.length > this.tailMax) {
      let cut = tail.length - this.tailMax;
      if (isLowSurrogate(tail.charCodeAt(cut))) cut++;
      tail = tail.slice(cut);
      this.dropped = true;
    }
    this.tail = tail;
  }
  /** Characters appended so far. */
  get totalChars() {
    return this.chars;
  }
  /** UTF-8 bytes appended so far. */
  get totalBytes() {
    return this.bytes;
  }
  get truncated() {
    return this.dropped;
  }
  toString() {
    if (!this.dropped) return this.head + this.tail;
    const omitted = this.bytes - utf8Length(this.head) - utf8Length(this.tail);
    const where = this.logFile ? `; full log: ${this.logFile}` : "";
    return `${this.head}
\u2026[${omitted} bytes omitted${where}]\u2026
${this.tail}`;
  }
};
function utf8Length(text) {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 128) n += 1;
    else if (c < 2048) n += 2;
    else if (isHighSurrogate(c) && isLowSurrogate(text.charCodeAt(i + 1))) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}
function isHighSurrogate(c) {
  return c >= 55296 && c <= 56319;
}
function isLowSurrogate(c) {
  return c >= 56320 && c <= 57343;
}

// src/adapters/process/process-table.ts
import { readFileSync } from "node:fs";
function procStat(pid) {
  let text;
  try {
    text = readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return null;
  }
  const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
  const state = fields[0];
  const pgrp = Number(fields[2]);
  const start = fields[19];
  if (state === void 0 || start === void 0 || !Number.isInteger(pgrp)) return null;
  return { state, pgrp, start };
}
function isValidPid(pid) {
  return typeof pid === "number" && Number.isSafeInteger(pid) && pid > 0;
}
function pidAlive(pid) {
  if (!isValidPid(pid)) return false;
  try {
    process.kill(pid, 0);
  } catch (err) {
    if (err.code !== "EPERM") return false;
  }
  return procStat(pid)?.state !== "Z";
}

// src/adapters/process/exec-agent.ts
var DRAIN_MS = 500;
var KILL_WAIT_MS = 5e3;
var POLL_MS = 25;
var ExecAgentRunner = class {
  cwd;
  env;
  reapGraceMs;
  headChars;
  tailChars;
  constructor(options = {}) {
    this.cwd = options.cwd ?? process.cwd();
    this.env = options.env ?? process.env;
    this.reapGraceMs = options.reapGraceMs ?? 5e3;
    this.headChars = options.headChars;
    this.tailChars = options.tailChars;
  }
  async resolve(command) {
    if (!command) return null;
    const known = this.resolved.get(command);
    if (known && isExecutableFile(known)) return known;
    const found = await this.search(command);
    if (found) this.resolved.set(command, found);
    return found;
  }
  resolved = /* @__PURE__ */ new Map();
  async search(command) {
    if (isPathLike(command)) {
      const file = path.resolve(this.cwd, command);
      return isExecutableFile(file) ? file : null;
    }
    const dirs = (this.env.PATH ?? "").split(path.delimiter).filter((d) => d !== "");
    for (const dir of dirs) {
      const file = path.resolve(this.cwd, dir, command);
      if (isExecutableFile(file)) return file;
    }
    return null;
  }
  async run(spec) {
    const started = Date.now();
    const pidFile = `${spec.logFile}.pid`;
    mkdirSync(path.dirname(spec.logFile), { recursive: true });
    const log = new LogFile(spec.logFile);
    const bufferOptions = {
      ...this.headChars !== void 0 ? { head: this.headChars } : {},
      ...this.tailChars !== void 0 ? { tail: this.tailChars } : {},
      logFile: spec.logFile
    };
    const out = new HeadTailBuffer(bufferOptions);
    const err = new HeadTailBuffer(bufferOptions);
    const base = { exitCode: null, signal: null, timedOut: false, cancelled: false, stdout: "", stderr: "", outputBytes: 0 };
    if (spec.signal?.aborted) {
      log.close();
      return { ...base, cancelled: true, durationMs: Date.now() - started };
    }
    const [program, ...args] = spec.argv;
    if (!program) {
      log.write("[sequencer] cannot start the agent: the command is empty\n");
      log.close();
      return { ...base, durationMs: Date.now() - started, spawnError: "cannot start the agent: the command is empty" };
    }
    const child = spawn(program, args, {
      cwd: spec.cwd,
      env: mergeEnv(this.env, spec.env),
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
      shell: false,
      windowsHide: true
    });
    const exited = new Promise((resolve) => {
      child.once("exit", (code, signal) => resolve({ code, signal }));
      child.once("error", (error) => resolve({ error }));
    });
    const closed = new Promise((resolve) => child.once("close", () => resolve()));
    const pgid = child.pid;
    if (pgid === void 0) {
      const outcome2 = await exited;
      const message = "error" in outcome2 ? await describeSpawnError(outcome2.error, program, spec.cwd) : `cannot start ${JSON.stringify(program)}`;
      log.write(`[sequencer] ${message}
`);
      log.close();
      return { ...base, durationMs: Date.now() - started, spawnError: message };
    }
    try {
      writeFileSync(pidFile, `${pgid}
${startTimeOf(pgid) ?? ""}
`);
    } catch {
    }
    let outputBytes = 0;
    const pipe = (stream, buffer) => {
      if (!stream) return;
      const decoder = new StringDecoder("utf8");
      stream.on("data", (chunk) => {
        outputBytes += chunk.length;
        log.write(chunk);
        const text = decoder.write(chunk);
        if (!text) return;
        buffer.append(text);
        try {
          spec.onOutput?.(text);
        } catch {
        }
      });
      stream.on("end", () => buffer.append(decoder.end()));
    };
    pipe(child.stdout, out);
    pipe(child.stderr, err);
    let timedOut = false;
    let cancelled = false;
    let stoppedBy;
    let stopping = null;
    let terminating = null;
    const terminate = () => terminating ??= terminateGroup(pgid, spec.graceMs).then(() => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    });
    const stopCooperatively = async () => {
      const soft = spec.stop;
      if (soft && soft.graceMs > 0 && writeStopFile(soft.file, soft.message)) {
        let wait;
        const ended = await Promise.race([exited.then(() => true), new Promise((resolve) => wait = setTimeout(() => resolve(false), soft.graceMs))]);
        clearTimeout(wait);
        if (ended) {
          stoppedBy = "agent";
          return;
        }
      }
      stoppedBy = "signal";
      await terminate();
    };
    const timer = setTimeout(() => {
      if (stopping) return;
      timedOut = true;
      stopping = terminate();
    }, Math.max(0, spec.timeoutMs));
    const onAbort = () => {
      if (stopping) return;
      cancelled = true;
      stopping = stopCooperatively();
    };
    spec.signal?.addEventListener("abort", onAbort, { once: true });
    const outcome = await exited;
    clearTimeout(timer);
    spec.signal?.removeEventListener("abort", onAbort);
    if (stopping) await stopping;
    const drained = await Promise.race([closed.then(() => true), delay(DRAIN_MS).then(() => false)]);
    if (!drained || isProcessGroupAlive(pgid)) await terminateGroup(pgid, spec.graceMs);
    const closedInTime = await Promise.race([closed.then(() => true), delay(DRAIN_MS).then(() => false)]);
    if (!closedInTime) {
      child.stdout?.destroy();
      child.stderr?.destroy();
    }
    if (!isProcessGroupAlive(pgid)) rmSync(pidFile, { force: true });
    log.close();
    return {
      exitCode: "code" in outcome ? outcome.code : null,
      signal: "signal" in outcome ? outcome.signal : null,
      timedOut,
      cancelled,
      stdout: out.toString(),
      stderr: err.toString(),
      outputBytes,
      durationMs: Date.now() - started,
      ..."error" in outcome ? { spawnError: outcome.error.message } : {},
      ...stoppedBy ? { stoppedBy } : {}
    };
  }
  async reap(logFile) {
    const pidFile = `${logFile}.pid`;
    let text;
    try {
      text = await readFile(pidFile, "utf8");
    } catch {
      return;
    }
    const [pidLine = "", startLine = ""] = text.split("\n");
    const pgid = Number(pidLine.trim());
    if (isSafeGroupId(pgid) && isProcessGroupAlive(pgid) && !leaderWasReplaced(pgid, startLine.trim())) {
      await terminateGroup(pgid, this.reapGraceMs);
    }
    await rm(pidFile, { force: true });
  }
};
function mergeEnv(base, extra) {
  const env = {};
  for (const [k, v] of Object.entries(base)) if (v !== void 0) env[k] = v;
  return Object.assign(env, extra);
}
function writeStopFile(file, message) {
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, `${message}
`);
    return true;
  } catch {
    return false;
  }
}
function isExecutableFile(file) {
  try {
    if (!statSync(file).isFile()) return false;
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
var LogFile = class {
  fd;
  constructor(file) {
    this.fd = openSync(file, "w");
  }
  write(chunk) {
    if (this.fd === null) return;
    const bytes = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
    try {
      for (let offset = 0; offset < bytes.length; ) offset += writeSync(this.fd, bytes, offset, bytes.length - offset);
    } catch {
      this.close();
    }
  }
  close() {
    if (this.fd === null) return;
    const fd = this.fd;
    this.fd = null;
    try {
      closeSync(fd);
    } catch {
    }
  }
};
async function describeSpawnError(error, program, cwd) {
  const code = error.code;
  const shown = JSON.stringify(program);
  if (code === "ENOENT") {
    const cwdExists = await stat(cwd).then((s) => s.isDirectory(), () => false);
    if (!cwdExists) return `cannot start agent ${shown}: working directory ${JSON.stringify(cwd)} does not exist`;
    return `cannot start agent ${shown}: not found${isPathLike(program) ? "" : " on PATH"} (ENOENT); install it or give its full path`;
  }
  if (code === "EACCES") return `cannot start agent ${shown}: permission denied (EACCES); expected an executable file`;
  return `cannot start agent ${shown}: ${error.message}`;
}
function isSafeGroupId(pgid) {
  return Number.isInteger(pgid) && pgid > 1 && pgid !== process.pid;
}
function signalGroup(pgid, signal) {
  if (!isSafeGroupId(pgid)) throw new Error(`refusing to signal process group ${pgid}`);
  try {
    process.kill(-pgid, signal);
  } catch {
  }
}
function isProcessGroupAlive(pgid) {
  if (!isSafeGroupId(pgid)) return false;
  try {
    process.kill(-pgid, 0);
  } catch (err) {
    return err.code === "EPERM";
  }
  let entries;
  try {
    entries = readdirSync("/proc");
  } catch {
    return true;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    const stat3 = procStat(Number(entry));
    if (stat3 && stat3.pgrp === pgid && stat3.state !== "Z") return true;
  }
  return false;
}
async function terminateGroup(pgid, graceMs) {
  if (!isProcessGroupAlive(pgid)) return;
  signalGroup(pgid, "SIGTERM");
  if (await waitGone(pgid, Math.max(0, graceMs))) return;
  signalGroup(pgid, "SIGKILL");
  await waitGone(pgid, KILL_WAIT_MS);
}
async function waitGone(pgid, ms) {
  const deadline = Date.now() + ms;
  for (; ; ) {
    if (!isProcessGroupAlive(pgid)) return true;
    if (Date.now() >= deadline) return false;
    await delay(Math.min(POLL_MS, Math.max(1, deadline - Date.now())));
  }
}
function leaderWasReplaced(pgid, recordedStart) {
  if (!recordedStart) return false;
  const current = startTimeOf(pgid);
  return current !== null && current !== recordedStart;
}
function startTimeOf(pid) {
  return procStat(pid)?.start ?? null;
}
function delay(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

// src/adapters/fs/atomic-write.ts
import { randomBytes } from "node:crypto";
import { closeSync as closeSync2, fchmodSync, fstatSync, fsyncSync, openSync as openSync2, renameSync, statSync as statSync2, unlinkSync, writeSync as writeSync2 } from "node:fs";
import path2 from "node:path";
async function writeFileAtomic(filePath, text, options = {}) {
  await writeFileAtomicStat(filePath, text, options);
}
async function writeFileAtomicStat(filePath, text, options = {}) {
  const tempPath = tempPathFor(filePath);
  const mode = existingMode(filePath) ?? options.mode ?? 420;
  const bytes = typeof text === "string" ? Buffer.from(text) : text;
  let written;
  const fd = openSync2(tempPath, "wx", mode);
  try {
    try {
      for (let offset = 0; offset < bytes.length; ) offset += writeSync2(fd, bytes, offset, bytes.length - offset);
      fchmodSync(fd, mode);
      fsyncSync(fd);
      written = fstatSync(fd, { bigint: true });
    } finally {
      closeSync2(fd);
    }
    renameSync(tempPath, filePath);
  } catch (err) {
    try {
      unlinkSync(tempPath);
    } catch {
    }
    throw err;
  }
  return written;
}
var tempPrefix = null;
var tempCount = 0;
function tempPathFor(filePath) {
  const name = path2.basename(filePath);
  tempPrefix ??= randomBytes(6).toString("hex");
  return path2.join(path2.dirname(filePath), `.${name}.${process.pid}.${tempPrefix}${(tempCount++).toString(16)}.tmp`);
}
function isTempFileFor(fileName, targetName) {
  const prefix = `.${targetName}.`;
  if (!fileName.startsWith(prefix) || !fileName.endsWith(".tmp")) return false;
  return /^\d+\.[0-9a-f]+$/.test(fileName.slice(prefix.length, -".tmp".length));
}
function existingMode(filePath) {
  try {
    return statSync2(filePath).mode & 4095;
  } catch (err) {
    if (err.code === "ENOENT") return null;
    throw err;
  }
}

// src/adapters/toolkit/cache-store.ts
import { randomBytes as randomBytes2 } from "node:crypto";
import { mkdir as mkdir2, readFile as readFile2, rm as rm3 } from "node:fs/promises";
import path4 from "node:path";

// src/adapters/toolkit/cache-staging.ts
import { copyFile, lstat, mkdir, readdir, realpath, rename, rm as rm2, stat as stat2, unlink } from "node:fs/promises";
import path3 from "node:path";
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
  return path3.posix.normalize(p.replace(/\\/g, "/")).replace(/\/+$/, "") || ".";
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
    real = await realpath(path3.join(workspace, norm));
  } catch {
    log.warn(`Output ${norm} does not exist in the workspace; the cache keeps its previous copy, if any.`);
    return false;
  }
  if (!isInside(root, real)) {
    log.warn(`Output ${norm} resolves outside the workspace (${real}); not saved to the cache.`);
    return false;
  }
  const target = path3.join(staging, norm);
  await rm2(target, { recursive: true, force: true });
  await mkdir(path3.dirname(target), { recursive: true });
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
  await mkdir(target, { recursive: true });
  for (const entry of await readdir(source, { withFileTypes: true })) {
    const child = `${label}/${entry.name}`;
    if (entry.isSymbolicLink()) log.warn(`Symlink ${child} is not saved to the cache.`);
    else if (entry.isFile() || entry.isDirectory()) await copyTree(path3.join(source, entry.name), path3.join(target, entry.name), child, log);
  }
}
async function installStagedOutputs(workspace, staging, log) {
  const root = await realpath(workspace);
  const written = [];
  const walk = async (dir, rel) => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const childRel = rel ? `${rel}/${entry.name}` : entry.name;
      if (!rel && RESERVED.includes(entry.name)) continue;
      const source = path3.join(dir, entry.name);
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
  const target = path3.join(root, rel);
  const parent = path3.dirname(target);
  const anchor = await nearestExisting(parent);
  if (!isInside(root, await realpath(anchor))) {
    log.warn(`Not restoring ${rel}: its folder leads outside the workspace through a symlink.`);
    return false;
  }
  try {
    await mkdir(parent, { recursive: true });
    const tmp = `${target}.${process.pid}.cache-restore.tmp`;
    await unlink(tmp).catch(() => void 0);
    await copyFile(source, tmp);
    await rename(tmp, target);
    return true;
  } catch (err) {
    log.warn(`Could not restore ${rel} from the cache: ${describeError(err)}`);
    return false;
  }
}
async function nearestExisting(dir) {
  for (let current = dir; ; current = path3.dirname(current)) {
    try {
      await lstat(current);
      return current;
    } catch {
      if (path3.dirname(current) === current) return current;
    }
  }
}
function isInside(root, p) {
  return p === root || p.startsWith(root.endsWith(path3.sep) ? root : root + path3.sep);
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
  basis = { kind: "none" };
  constructor(opts) {
    this.workspace = path4.resolve(opts.workspace);
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
    this.statePath = path4.join(this.workspace, this.stateRel);
    this.stagingDir = path4.join(this.workspace, ".sequencer", this.planId, "cache-transfer");
    if (/[*?[\]{}\r\n\\]/.test(this.stagingDir)) {
      throw new ConfigError(`Invalid workspace ${showValue(this.workspace)} for the cache store: expected a path without glob characters (* ? [ ] { } \\) or line breaks.`);
    }
    this.description = `cache ${this.keyPrefix}r*`;
  }
  async acquire() {
    return { ok: true };
  }
  async release() {
  }
  async load() {
    this.basis = { kind: "failed", reason: "load() did not finish" };
    try {
      const result = await this.loadNewest();
      this.basis = { kind: "ok", revision: result.kind === "loaded" ? result.state.revision ?? 0 : 0 };
      return result;
    } catch (err) {
      this.basis = { kind: "failed", reason: describeError(err).split("\n", 1)[0] ?? "" };
      throw err;
    }
  }
  async write(state, meta) {
    const basis = this.basis;
    if (basis.kind === "failed") {
      throw new StateError(`Refusing to write ${this.description}: the state could not be loaded (${basis.reason}); nothing was saved.`);
    }
    if (basis.kind === "none") throw new Error(`CacheStore.write() called before a successful load() of ${this.description}`);
    const base = basis.revision;
    if ((state.revision ?? 0) !== base) {
      throw new ConflictError(`Stale write to ${this.description}: state.revision is ${showValue(state.revision)}, expected the loaded revision ${base}; nothing was saved.`);
    }
    const cache = await loadToolkit();
    this.checkService(cache, "write");
    const revision = base + 1;
    const taken = await this.lookup(cache, revisionPrefix(this.keyPrefix, revision));
    if (taken) {
      throw new ConflictError(`Another writer already saved revision ${revision} to the cache (key ${taken}); nothing was saved.`, "The next tick starts from the newer state.");
    }
    const next = { ...state, revision };
    const text = serializeState(next);
    const stagedState = path4.join(this.stagingDir, this.stateRel);
    await mkdir2(path4.dirname(stagedState), { recursive: true });
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
    await mkdir2(path4.dirname(this.statePath), { recursive: true });
    await writeFileAtomic(this.statePath, text);
    this.basis = { kind: "ok", revision };
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
    await mkdir2(path4.dirname(this.statePath), { recursive: true });
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
    const file = path4.join(this.stagingDir, this.stateRel);
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
    let doc;
    try {
      doc = JSON.parse(text);
    } catch (err) {
      throw new StateError(`State in cache entry ${key} is not valid JSON: ${describeError(err)}`);
    }
    let state;
    try {
      state = parseState(doc, { owned: true });
    } catch (err) {
      if (!(err instanceof StateError)) throw err;
      throw err.issues.length ? new StateError(`Invalid state in cache entry ${key}`, err.issues, err.hint) : new StateError(`Invalid state in cache entry ${key}: ${err.message}`, [], err.hint);
    }
    if (state.planId !== void 0 && state.planId !== this.planId) {
      throw new StateError(`State in cache entry ${key} belongs to plan ${showValue(state.planId)}, expected ${showValue(this.planId)}.`);
    }
    if ((state.revision ?? 0) !== keyRevision) {
      throw new StateError(`State in cache entry ${key} has revision ${showValue(state.revision)}, but its key says ${keyRevision}.`);
    }
    return { state, text };
  }
  /** Restores the newest entry whose key starts with `prefix` into an emptied staging folder. */
  async restore(cache, prefix) {
    await rm3(this.stagingDir, { recursive: true, force: true });
    await mkdir2(this.stagingDir, { recursive: true });
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

// src/adapters/git/git-store.ts
import { lstat as lstat2, mkdir as mkdir3, readFile as readFile3, rename as rename2, rm as rm5, unlink as unlink2, writeFile } from "node:fs/promises";
import path6 from "node:path";

// src/adapters/git/interrupted-merge.ts
import { existsSync } from "node:fs";
import { rm as rm4 } from "node:fs/promises";
import path5 from "node:path";
var BASE_MERGE_MARKER = "sequencer-base-merge";
function baseMergeMarker(workspace) {
  const gitDir = repositoryGuard(workspace)?.gitDir;
  return gitDir ? path5.join(gitDir, BASE_MERGE_MARKER) : null;
}
async function abortInterruptedBaseMerge(workspace) {
  const marker2 = baseMergeMarker(workspace);
  if (!marker2 || !existsSync(marker2)) return false;
  const merging = (await git(["rev-parse", "-q", "--verify", "MERGE_HEAD"], { cwd: workspace, allowFail: true })).code === 0;
  const aborted = merging && (await git(["merge", "--abort"], { cwd: workspace, allowFail: true })).code === 0;
  await rm4(marker2, { force: true });
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
  workspace;
  planId;
  identity;
  exclude;
  pushRetries;
  base;
  idleIndex;
  /** Whether the write being pushed leaves the plan idle (its marker moves along). */
  pushIdle = false;
  loaded = { kind: "none" };
  // Whether the state file is known to be in the index, so `commit --only` can pick it up
  // without a separate `git add` (one process less per write).
  stateTracked = false;
  constructor(opts) {
    this.workspace = opts.workspace;
    this.planId = opts.planId;
    this.remote = opts.remote ?? "origin";
    this.branch = opts.branch ?? `sequencer/${opts.planId}`;
    this.statePath = checkStatePath(opts.statePath ?? `.sequencer/${opts.planId}/state.json`);
    this.identity = opts.identity ?? DEFAULT_GIT_IDENTITY;
    this.exclude = opts.exclude ?? [];
    this.pushRetries = opts.pushRetries ?? 4;
    this.base = opts.base;
    this.idleIndex = (opts.idleIndex ?? true) && this.branch === `${PLAN_BRANCH_PREFIX}${this.planId}` && isRefSafePlanId(this.planId);
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
  }
  get trackingRef() {
    return `refs/remotes/${this.remote}/${this.branch}`;
  }
  get where() {
    return `${this.statePath} on branch ${this.branch} (remote ${this.remote})`;
  }
  run(args, allowFail = false) {
    return git(args, { cwd: this.workspace, allowFail });
  }
  /** `-c` options for commands that create commits: no global config is read or written. */
  identityArgs() {
    return ["-c", `user.name=${this.identity.name}`, "-c", `user.email=${this.identity.email}`, "-c", "commit.gpgsign=false"];
  }
  async acquire() {
    this.loaded = { kind: "none" };
    this.stateTracked = false;
    await guardRepository(this.workspace);
    await abortInterruptedBaseMerge(this.workspace);
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
    return { ok: true };
  }
  async load() {
    this.loaded = { kind: "none" };
    try {
      const result = await this.readWorkingState();
      this.loaded = { kind: "ok", revision: result.kind === "loaded" ? result.state.revision ?? 0 : 0 };
      return result;
    } catch (err) {
      const error = err instanceof StateError ? err : new StateError(`Cannot read ${this.where}: ${describeError(err)}`);
      this.loaded = { kind: "failed", error };
      throw error;
    }
  }
  async write(state, meta) {
    if (this.loaded.kind === "failed") {
      throw new StateError(`Refusing to write ${this.where}: the state could not be loaded (${this.loaded.error.message})`);
    }
    if (this.loaded.kind === "none") {
      throw new Error(`GitStore.write() called before a successful load() of ${this.where}`);
    }
    const base = this.loaded.revision;
    if ((state.revision ?? 0) !== base) {
      throw new ConflictError(`Stale write to ${this.where}: state.revision is ${showValue(state.revision)}, expected the loaded revision ${base}.`);
    }
    const next = { ...state, revision: base + 1 };
    await this.writeWorkingState(next);
    await this.commit(meta);
    this.pushIdle = this.idleIndex && isIdleStatus(next.status);
    await this.push(base);
    this.loaded = { kind: "ok", revision: base + 1 };
    return next;
  }
  async release() {
  }
  async writeExcludes() {
    if (this.exclude.length === 0) return;
    const common = repositoryGuard(this.workspace)?.commonDir;
    if (!common) return;
    const file = path6.join(common, "info", "exclude");
    const current = await readFile3(file, "utf8").catch((err) => {
      if (err.code === "ENOENT") return "";
      throw err;
    });
    const have = new Set(current.split(/\r?\n/));
    const missing = this.exclude.filter((p) => !have.has(p));
    if (missing.length === 0) return;
    const lines = [...have.has(EXCLUDE_MARKER) ? [] : [EXCLUDE_MARKER], ...missing];
    const sep = current === "" || current.endsWith("\n") ? "" : "\n";
    const dir = path6.dirname(file);
    if ((await lstat2(dir).catch(() => null))?.isSymbolicLink()) await unlink2(dir);
    await mkdir3(dir, { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    await rm5(tmp, { force: true, recursive: true });
    await writeFile(tmp, `${current}${sep}${lines.join("\n")}
`, { flag: "wx" });
    await rename2(tmp, file);
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
      text = await readFile3(path6.join(this.workspace, this.statePath), "utf8");
    } catch (err) {
      if (err.code === "ENOENT") return { kind: "missing" };
      throw err;
    }
    return { kind: "loaded", state: this.parse(text) };
  }
  parse(text) {
    let json;
    try {
      json = JSON.parse(text);
    } catch (err) {
      throw new StateError(`State ${this.where} is not valid JSON: ${describeError(err)}`);
    }
    let state;
    try {
      state = parseState(json, { owned: true });
    } catch (err) {
      if (!(err instanceof StateError)) throw err;
      throw err.issues.length ? new StateError(`Invalid state ${this.where}`, err.issues) : new StateError(`Invalid state ${this.where}: ${err.message}`);
    }
    if (state.planId !== void 0 && state.planId !== this.planId) {
      throw new StateError(`State ${this.where} belongs to plan ${showValue(state.planId)}, expected ${showValue(this.planId)}.`);
    }
    return state;
  }
  async writeWorkingState(state) {
    const file = path6.join(this.workspace, this.statePath);
    await mkdir3(path6.dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    await writeFile(tmp, serializeState(state));
    await rename2(tmp, file);
  }
  async commit(meta) {
    const spec = `./${this.statePath}`;
    if (meta.kind === "completion") {
      await this.run(["add", "-A", ...await this.gitlinkExclusions()]);
      if (!this.stateTracked) await this.run(["add", "-f", "--", spec]);
    } else if (!this.stateTracked) {
      await this.run(["add", "-f", "--", spec]);
    }
    const message = `sequencer(${this.planId}): ${meta.message}`;
    const only = meta.kind === "completion" ? [] : ["--only", "--", spec];
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
    return links.length ? ["--", ":/", ...links.map((p) => `:(top,exclude,literal)${p}`)] : [];
  }
  async push(base) {
    for (let attempt = 0; ; attempt++) {
      const marker2 = this.pushIdle ? ["--atomic"] : [];
      const refspecs = [`HEAD:refs/heads/${this.branch}`, ...this.pushIdle ? [`+HEAD:${idleRef(this.planId)}`] : []];
      const res = await this.run(["push", "--porcelain", "--no-verify", ...marker2, this.remote, ...refspecs], true);
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
      await sleep(10 + Math.floor(Math.random() * 91));
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
    const text = await readStateAt(this.workspace, this.trackingRef, this.statePath);
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
    this.loaded = { kind: "none" };
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
      await unlink2(path6.join(this.workspace, this.statePath)).catch(() => void 0);
      this.stateTracked = false;
    }
  }
};
async function readStateAt(workspace, rev, statePath) {
  const res = await git(["show", `${rev}:./${statePath}`], { cwd: workspace, allowFail: true });
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
function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
function checkStatePath(p) {
  const norm = path6.posix.normalize(p.replace(/\\/g, "/"));
  if (!p || p.includes("\0") || path6.posix.isAbsolute(norm) || path6.win32.isAbsolute(p) || norm === "." || norm === ".." || norm.startsWith("../") || /^\.git(\/|$)/.test(norm)) {
    throw new ConfigError(`Invalid statePath ${showValue(p)}: expected a file path relative to the workspace that stays inside it and outside .git.`);
  }
  return norm;
}
function checkRemote(remote) {
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(remote)) {
    throw new ConfigError(`Invalid remote ${showValue(remote)}: expected a git remote name such as origin.`);
  }
}
function checkBranch(branch) {
  const ok = /^[A-Za-z0-9._/-]+$/.test(branch) && !branch.startsWith("-") && !branch.startsWith("/") && !branch.endsWith("/") && !branch.endsWith(".") && !branch.endsWith(".lock") && !branch.includes("..") && !branch.includes("//") && !/(^|\/)\./.test(branch);
  if (!ok) {
    throw new ConfigError(`Invalid branch ${showValue(branch)}: expected a git branch name such as sequencer/issue-42.`);
  }
}

// src/adapters/git/base-sync.ts
import { rm as rm6, writeFile as writeFile2 } from "node:fs/promises";
import path7 from "node:path";
var BRANCH = /^(?!-)(?!.*\.\.)[A-Za-z0-9._/-]+$/;
var GitBaseSync = class {
  constructor(o) {
    this.o = o;
    this.identity = o.identity ?? DEFAULT_GIT_IDENTITY;
  }
  o;
  identity;
  run(args, allowFail = true) {
    return git(args, { cwd: this.o.workspace, allowFail });
  }
  identityArgs() {
    return ["-c", `user.name=${this.identity.name}`, "-c", `user.email=${this.identity.email}`, "-c", "commit.gpgsign=false", "-c", "rerere.enabled=false"];
  }
  async sync() {
    let named;
    try {
      named = typeof this.o.base === "function" ? await this.o.base() : this.o.base;
    } catch (err) {
      return { kind: "unavailable", base: "the default branch", reason: `could not tell which branch it is (${describeError(err)})` };
    }
    if (named !== null && !BRANCH.test(named)) return { kind: "unavailable", base: named, reason: "not a branch name" };
    try {
      const tip = await this.remoteTip(named);
      if ("unavailable" in tip) return { kind: "unavailable", base: named ?? "the default branch", reason: tip.unavailable };
      if (tip.base === this.o.branch) return { kind: "up-to-date", base: tip.base };
      if ((await this.run(["merge-base", "--is-ancestor", tip.commit, "HEAD"])).code === 0) return { kind: "up-to-date", base: tip.base };
      return await this.merge(tip.base);
    } catch (err) {
      return { kind: "unavailable", base: named ?? "the default branch", reason: describeError(err) };
    }
  }
  /** The base branch's name and tip commit on the remote (`null`: the branch the remote's HEAD names). */
  async remoteTip(named) {
    const { remote } = this.o;
    const res = await this.run(["ls-remote", ...named === null ? ["--symref", remote, "HEAD"] : [remote, `refs/heads/${named}`]]);
    if (res.code !== 0) return { unavailable: `cannot reach the remote ${remote}: ${firstLines(res)}` };
    const base = named ?? /^ref: refs\/heads\/(\S+)\tHEAD$/m.exec(res.stdout)?.[1];
    if (!base) return { unavailable: `the remote ${remote} names no default branch (its HEAD is not a branch)` };
    const want = named === null ? "HEAD" : `refs/heads/${named}`;
    const line = res.stdout.split("\n").find((l) => /^[0-9a-f]{40,64}\t/.test(l) && l.slice(l.indexOf("	") + 1) === want);
    if (!line) return { unavailable: `the remote ${remote} has no branch ${base}` };
    return { base, commit: line.slice(0, line.indexOf("	")) };
  }
  async merge(base) {
    const { remote } = this.o;
    const baseRef = `refs/remotes/${remote}/${base}`;
    const fetched = await this.run(["fetch", "-q", "--no-tags", remote, `+refs/heads/${base}:${baseRef}`]);
    if (fetched.code !== 0) return { kind: "unavailable", base, reason: `cannot fetch it from ${remote}: ${fetched.stderr.trim() || `exit ${fetched.code}`}` };
    const baseCommit = (await this.run(["rev-parse", "--verify", `${baseRef}^{commit}`], false)).stdout.trim();
    if (!await this.shareHistory(base, baseRef)) return { kind: "unavailable", base, reason: "it shares no history with the work branch" };
    if ((await this.run(["merge-base", "--is-ancestor", baseRef, "HEAD"])).code === 0) return { kind: "up-to-date", base };
    const dirty = await this.run(["status", "--porcelain", "--untracked-files=no", "-z"], false);
    if (dirty.stdout !== "") return { kind: "unavailable", base, reason: "the workspace has uncommitted changes to tracked files" };
    const before = (await this.run(["rev-parse", "--verify", "HEAD^{commit}"], false)).stdout.trim();
    const marker2 = baseMergeMarker(this.o.workspace);
    if (marker2) await writeFile2(marker2, `${before}
`);
    try {
      return await this.mergeFrom(base, baseRef, baseCommit, before);
    } finally {
      if (marker2) await rm6(marker2, { force: true });
    }
  }
  async mergeFrom(base, baseRef, baseCommit, before) {
    const { remote } = this.o;
    const merged = await this.run([...this.identityArgs(), "merge", "-q", "--no-ff", "--no-commit", "--no-edit", baseRef]);
    if (!await this.merging()) {
      if (merged.code !== 0) return { kind: "unavailable", base, reason: `git merge refused: ${firstLines(merged)}` };
      return { kind: "up-to-date", base };
    }
    const unmerged = nulList((await this.run(["diff", "--name-only", "--diff-filter=U", "-z"], false)).stdout);
    const conflicts = unmerged.filter((f) => !this.isProtected(f));
    if (conflicts.length) {
      await this.abort(before);
      return { kind: "conflict", base, baseCommit, files: conflicts };
    }
    if (merged.code !== 0 && !unmerged.length) {
      await this.abort(before);
      return { kind: "unavailable", base, reason: `git merge failed: ${firstLines(merged)}` };
    }
    await this.keepProtected(before);
    const subject = `sequencer(${this.o.planId}): merge ${base} into ${this.o.branch}`;
    const committed = await this.run([...this.identityArgs(), "commit", "-q", "--no-verify", "--allow-empty", "-m", subject]);
    if (committed.code !== 0) {
      await this.abort(before);
      return { kind: "unavailable", base, reason: `git commit failed: ${firstLines(committed)}` };
    }
    const commit = (await this.run(["rev-parse", "--verify", "HEAD^{commit}"], false)).stdout.trim();
    const pushed = await this.run(["push", "--porcelain", "--no-verify", remote, `HEAD:refs/heads/${this.o.branch}`]);
    if (pushed.code !== 0) {
      await this.run(["reset", "-q", "--hard", before], false);
      return { kind: "unavailable", base, reason: `the merge commit was not pushed (${firstLines(pushed)}); the tick goes on without it` };
    }
    return { kind: "merged", base, commit };
  }
  /** Deepens a shallow checkout until HEAD and the base share a commit; false when they never do. */
  async shareHistory(base, baseRef) {
    const has = async () => (await this.run(["merge-base", "HEAD", baseRef])).code === 0;
    if (await has()) return true;
    const refspecs = [`+refs/heads/${base}:${baseRef}`, `+refs/heads/${this.o.branch}:refs/remotes/${this.o.remote}/${this.o.branch}`];
    for (const depth of [...this.o.deepen ?? [100, 1e3], 0]) {
      if ((await this.run(["rev-parse", "--is-shallow-repository"], false)).stdout.trim() !== "true") return false;
      const how = depth > 0 ? `--deepen=${depth}` : "--unshallow";
      const res = await this.run(["fetch", "-q", "--no-tags", how, this.o.remote, ...refspecs]);
      if (res.code !== 0) throw new Error(`cannot deepen the shallow checkout (git fetch ${how}): ${firstLines(res)}`);
      if (await has()) return true;
    }
    return has();
  }
  async merging() {
    return (await this.run(["rev-parse", "-q", "--verify", "MERGE_HEAD"])).code === 0;
  }
  isProtected(file) {
    return file === this.o.protect || file.startsWith(`${this.o.protect}/`);
  }
  /** The state folder as the work branch had it, whatever the base branch did to it. */
  async keepProtected(before) {
    const spec = `:(literal)${this.o.protect}`;
    const changed = nulList((await this.run(["diff", "--cached", "--name-only", "-z", before, "--", spec], false)).stdout);
    if (!changed.length) return;
    const ours = new Set(nulList((await this.run(["ls-tree", "-r", "-z", "--name-only", before, "--", spec], false)).stdout));
    const added = changed.filter((f) => !ours.has(f));
    if (added.length) {
      await this.run(["rm", "-q", "-f", "--cached", "--ignore-unmatch", "--", ...added.map((f) => `:(literal)${f}`)], false);
      for (const f of added) await rm6(path7.join(this.o.workspace, f), { force: true });
    }
    if (ours.size) await this.run(["checkout", "-q", before, "--", spec], false);
  }
  async abort(before) {
    const aborted = await this.run(["merge", "--abort"]);
    if (aborted.code !== 0) await this.run(["reset", "-q", "--hard", before], false);
  }
};
function nulList(text) {
  return text.split("\0").filter(Boolean);
}
function firstLines(res) {
  const text = (res.stderr.trim() || res.stdout.trim() || `exit ${res.code}`).split("\n").slice(0, 3).join(" ");
  return text.length > 300 ? `${text.slice(0, 297)}...` : text;
}

// src/adapters/process/local-owner.ts
import os from "node:os";
function localOwner() {
  return { kind: "local", host: os.hostname(), pid: process.pid };
}
var LocalOwnerProbe = class {
  host;
  constructor(options = {}) {
    this.host = options.host ?? os.hostname();
  }
  async liveness(owner) {
    if (owner.kind !== "local") return "unknown";
    if (owner.host !== this.host) return "unknown";
    if (!isValidPid(owner.pid)) return "unknown";
    return pidAlive(owner.pid) ? "alive" : "dead";
  }
};

// src/adapters/fs/workspace-fs.ts
import { accessSync as accessSync2, constants as constants2, realpathSync, statSync as statSync3 } from "node:fs";
import { realpath as realpath2 } from "node:fs/promises";
import path8 from "node:path";
var FsWorkspace = class _FsWorkspace {
  constructor(root) {
    this.root = root;
  }
  root;
  /** Opens the workspace at `root`, which must exist; `root` is stored with symlinks resolved. */
  static async open(root) {
    try {
      return new _FsWorkspace(await realpath2(path8.resolve(root)));
    } catch (err) {
      throw new ConfigError(`workspace: ${showValue(root)} cannot be opened (${describeError(err)}); expected an existing directory`);
    }
  }
  async missingOutputs(paths) {
    const missing = [];
    for (const p of paths) {
      if (!this.existsInside(p)) missing.push(p);
    }
    return missing;
  }
  existsInside(p) {
    if (checkRelativePath(p) !== null) return false;
    let real;
    try {
      real = realpathSync(path8.resolve(this.root, p.replace(/\\/g, "/")));
    } catch {
      return false;
    }
    return real === this.root || real.startsWith(this.root.endsWith(path8.sep) ? this.root : this.root + path8.sep);
  }
  async preflight(outputs) {
    const problems = [];
    try {
      accessSync2(this.root, constants2.W_OK);
    } catch {
      problems.push(`the workspace ${this.root} is not writable`);
    }
    for (const p of outputs) {
      const reason = checkRelativePath(p);
      if (reason !== null) {
        problems.push(`required output ${reason}`);
        continue;
      }
      const blocker = this.uncreatableParent(p);
      if (blocker) problems.push(`the folder of required output "${p}" cannot be created: ${blocker}`);
    }
    return problems;
  }
  /** Walks up from the output's folder to the first existing ancestor, which must be a writable folder inside the workspace. */
  uncreatableParent(p) {
    let dir = path8.dirname(path8.resolve(this.root, p.replace(/\\/g, "/")));
    for (; ; ) {
      try {
        const info = statSync3(dir);
        if (!info.isDirectory()) return `"${path8.relative(this.root, dir)}" is a file`;
        const real = realpathSync(dir);
        if (real !== this.root && !real.startsWith(this.root + path8.sep)) return `"${path8.relative(this.root, dir)}" leads outside the workspace`;
        try {
          accessSync2(dir, constants2.W_OK);
        } catch {
          throw new Error("not writable");
        }
        return null;
      } catch (err) {
        if (err.code === "ENOENT" && dir !== this.root) {
          dir = path8.dirname(dir);
          continue;
        }
        return `"${path8.relative(this.root, dir) || "."}" ${err.message === "not writable" ? "is not writable" : describeError(err)}`;
      }
    }
  }
};

// src/adapters/fs/fs-verifier.ts
import { mkdtemp, open, realpath as realpath3, rm as rm7 } from "node:fs/promises";
import os2 from "node:os";
import path9 from "node:path";

// src/core/tick/json-schema-check.ts
var linearRegExp = Object.assign(
  (pattern) => {
    const compiled = compilePattern(pattern);
    if (!compiled.ok) throw new Error(`pattern ${JSON.stringify(pattern)} is not RE2 syntax: ${compiled.problem}`);
    return { test: (text) => compiled.pattern.test(text), toString: () => `/${pattern}/u` };
  },
  { code: "linearRegExp" }
);
var OPTIONS = {
  allErrors: true,
  // Hand-written schemas often carry keywords or formats Ajv does not know; they are ignored
  // rather than refused, as most validators do.
  strict: false,
  logger: false,
  code: { regExp: linearRegExp }
};
async function compile(schema) {
  const dialect = typeof schema.$schema === "string" ? schema.$schema : "";
  if (/draft-0[67]/.test(dialect)) {
    const Ajv = exported(await import("./ajv-6IFAYJZH.js"), "Ajv");
    const ajv = new Ajv(OPTIONS);
    if (dialect.includes("draft-06")) ajv.addMetaSchema(await draft06MetaSchema());
    return ajv.compile(schema);
  }
  if (dialect.includes("2019-09")) {
    const Ajv2019 = exported(await import("./2019-OR4C6XD3.js"), "Ajv2019");
    return new Ajv2019(OPTIONS).compile(schema);
  }
  const Ajv2020 = exported(await import("./2020-QQILXBPS.js"), "Ajv2020");
  return new Ajv2020(OPTIONS).compile(schema);
}
function exported(mod, name) {
  const m = mod;
  const found = m[name] ?? m.default?.[name];
  if (typeof found !== "function") throw new Error(`ajv does not export ${name}`);
  return found;
}
async function draft06MetaSchema() {
  const mod = await import("./json-schema-draft-06-3NBI2GUW.js");
  return mod.default;
}
async function checkAgainstSchema(schema, instance, max = 3) {
  let validate;
  try {
    validate = await compile(schema);
  } catch (err) {
    return { ok: false, schemaError: err instanceof Error ? err.message : String(err) };
  }
  if (validate(instance)) return { ok: true };
  const errors = validate.errors ?? [];
  return { ok: false, errors: errors.slice(0, max).map(describeSchemaError), total: errors.length };
}
function describeSchemaError(e) {
  const params = e.params;
  const extra = typeof params.additionalProperty === "string" ? ` ("${params.additionalProperty}")` : Array.isArray(params.allowedValues) ? ` (${params.allowedValues.map((v) => JSON.stringify(v)).join(", ")})` : "";
  return `${e.instancePath || "/"}: ${e.message ?? e.keyword}${extra}`;
}

// src/core/tick/payload.ts
var DEFAULT_PAYLOAD_MAX_BYTES = 64 * 1024;
var WHERE = "$SEQUENCER_PAYLOAD_FILE";
function interpretPayload(read, opts) {
  if (read.kind === "missing") {
    return opts.expected ? { ok: false, error: `expected a JSON payload in ${WHERE}, none was written` } : { ok: true, payload: void 0 };
  }
  if (read.kind === "too-large") {
    return { ok: false, error: `the payload in ${WHERE} is ${read.bytes} bytes, more than the ${formatBytes(opts.maxBytes)} cap; keep large data in workspace files and put their paths in the payload` };
  }
  if (read.kind === "unreadable") return { ok: false, error: `could not read the payload in ${WHERE}: ${read.reason}` };
  const text = read.text.replace(/^\uFEFF/, "");
  let value;
  try {
    value = JSON.parse(text);
  } catch (err) {
    const at = findJsonSyntaxError(text);
    const where = at ? `line ${at.line} column ${at.column}: ${at.reason}` : err instanceof Error ? err.message : String(err);
    return { ok: false, error: `the payload in ${WHERE} is not valid JSON (${where}); expected a JSON object` };
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    return { ok: false, error: `the payload in ${WHERE} must be a JSON object, got ${kindOf(value)}` };
  }
  return { ok: true, payload: value };
}
function lookupKey(payload, dotted) {
  let value = payload;
  for (const part of dotted.split(".")) {
    if (Array.isArray(value) && /^\d+$/.test(part) && Number(part) < value.length) value = value[Number(part)];
    else if (value !== null && typeof value === "object" && !Array.isArray(value) && Object.hasOwn(value, part)) value = value[part];
    else return { found: false };
  }
  return { found: true, value };
}
function inheritedPayloads(state) {
  const out = {};
  for (const id of state.stepQueue.slice(0, state.currentStep)) {
    const run = state.stepRuns[id];
    if (run?.status === "DONE" && run.payload !== void 0) {
      Object.defineProperty(out, id, { value: run.payload, enumerable: true, writable: true, configurable: true });
    }
  }
  return out;
}
function kindOf(value) {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return `a ${typeof value} (${JSON.stringify(value).slice(0, 40)})`;
}
function formatBytes(n) {
  return n % 1024 === 0 ? `${n} bytes (${n / 1024} KiB)` : `${n} bytes`;
}

// src/core/tick/rules.ts
var DEFAULT_CHECK_TIMEOUT_SECONDS = 300;
var OUTPUT_QUOTE = 500;
var pass = (rule) => ({ rule, ok: true });
var fail = (rule, reason) => ({ rule, ok: false, reason });
var regexText = (pattern, flags) => `/${pattern}/${flags ?? ""}`;
function argvText(argv) {
  const text = argv.map((a) => /^[\w./:=@%+,-]+$/.test(a) ? a : JSON.stringify(a)).join(" ");
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}
function ruleLabel(rule) {
  if ("file_exists" in rule) return `file_exists(${rule.file_exists.path})`;
  if ("file_contains" in rule) return `file_contains(${rule.file_contains.path}, ${regexText(rule.file_contains.pattern, rule.file_contains.flags)})`;
  if ("json_schema" in rule) {
    const { path: path11, schema } = rule.json_schema;
    return typeof schema === "string" ? `json_schema(${path11}, ${schema})` : `json_schema(${path11})`;
  }
  if ("payload_has_key" in rule) return `payload_has_key(${rule.payload_has_key.key})`;
  if ("payload_value_matches" in rule) {
    const b2 = rule.payload_value_matches;
    return `payload_value_matches(${b2.key}, ${regexText(b2.pattern, b2.flags)})`;
  }
  if ("payload_values_equal" in rule) {
    const b2 = rule.payload_values_equal;
    return `payload_values_equal(${b2.step ? `${b2.step}: ` : ""}${b2.keys.join(", ")})`;
  }
  if ("command" in rule) return `command(${argvText(rule.command.argv)})`;
  const b = rule.command_output_contains;
  return `command_output_contains(${argvText(b.argv)}, ${JSON.stringify(b.text)})`;
}
var NOT_FOUND = "not found in the workspace";
var FileTooLargeError = class extends Error {
  constructor(path11, bytes, limit) {
    super(`${path11} is ${byteSize(bytes)}, more than the ${byteSize(limit)} a rule reads`);
    this.path = path11;
    this.bytes = bytes;
    this.limit = limit;
    this.name = "FileTooLargeError";
  }
  path;
  bytes;
  limit;
};
function byteSize(n) {
  return n < 1024 * 1024 ? `${n} bytes` : `${(n / 1024 / 1024).toFixed(1).replace(/\.0$/, "")} MiB (${n} bytes)`;
}
function unusablePattern(c) {
  return `its ${c.field} cannot be used: ${c.problem}`;
}
function fileExistsResult(body, text) {
  const rule = ruleLabel({ file_exists: body });
  return text === null ? fail(rule, NOT_FOUND) : pass(rule);
}
function fileContainsResult(body, text) {
  const rule = ruleLabel({ file_contains: body });
  if (text === null) return fail(rule, `${body.path} ${NOT_FOUND}`);
  const compiled = compilePattern(body.pattern, body.flags);
  if (!compiled.ok) return fail(rule, unusablePattern(compiled));
  return compiled.pattern.test(text) ? pass(rule) : fail(rule, "no match");
}
async function jsonSchemaResult(body, text, schema) {
  const rule = ruleLabel({ json_schema: body });
  if (text === null) return fail(rule, `${body.path} ${NOT_FOUND}`);
  if (!schema.ok) return fail(rule, schema.problem);
  let instance;
  try {
    instance = JSON.parse(text.replace(/^\uFEFF/, ""));
  } catch (err) {
    return fail(rule, `${body.path} is not valid JSON (${err instanceof Error ? err.message : String(err)})`);
  }
  const checked = await checkAgainstSchema(schema.schema, instance);
  if (checked.ok) return pass(rule);
  if ("schemaError" in checked) return fail(rule, `the schema is invalid: ${checked.schemaError}`);
  const more = checked.total > checked.errors.length ? ` (and ${checked.total - checked.errors.length} more)` : "";
  return fail(rule, `${checked.total} schema error${checked.total === 1 ? "" : "s"}: ${checked.errors.join("; ")}${more}`);
}
var NO_PAYLOAD = "no payload was written to $SEQUENCER_PAYLOAD_FILE";
function payloadHasKeyResult(body, payload) {
  const rule = ruleLabel({ payload_has_key: body });
  if (payload === void 0) return fail(rule, NO_PAYLOAD);
  return lookupKey(payload, body.key).found ? pass(rule) : fail(rule, `the payload has no key "${body.key}"${topKeys(payload)}`);
}
function payloadValueMatchesResult(body, payload) {
  const rule = ruleLabel({ payload_value_matches: body });
  if (payload === void 0) return fail(rule, NO_PAYLOAD);
  const found = lookupKey(payload, body.key);
  if (!found.found) return fail(rule, `the payload has no key "${body.key}"${topKeys(payload)}`);
  const text = typeof found.value === "string" ? found.value : JSON.stringify(found.value);
  const compiled = compilePattern(body.pattern, body.flags);
  if (!compiled.ok) return fail(rule, unusablePattern(compiled));
  return compiled.pattern.test(text) ? pass(rule) : fail(rule, `value ${shortJson(found.value)} does not match`);
}
function payloadValuesEqualResult(body, source) {
  const rule = ruleLabel({ payload_values_equal: body });
  if (source === void 0) return fail(rule, body.step ? `step ${body.step} has no payload` : NO_PAYLOAD);
  const values = [];
  const missing = [];
  for (const key of body.keys) {
    const found = lookupKey(source, key);
    if (found.found) values.push(canonicalJson(found.value));
    else missing.push(key);
  }
  if (missing.length) return fail(rule, `the ${body.step ? `payload of step ${body.step}` : "payload"} has no key${missing.length > 1 ? "s" : ""} ${missing.map((k) => `"${k}"`).join(", ")}`);
  if (values.every((v) => v === values[0])) return pass(rule);
  return fail(rule, `values differ: ${body.keys.map((k, i) => `${k}=${shortJson(JSON.parse(values[i] ?? "null"))}`).join(", ")}`);
}
function commandResult(body, r) {
  const rule = ruleLabel({ command: body });
  const broken = brokenRun(r, body.timeoutSeconds);
  if (broken) return fail(rule, broken);
  if (r.exitCode === 0) return pass(rule);
  return fail(rule, `exited with code ${r.exitCode}${quote(r.stderr.trim() || r.stdout.trim())}`);
}
function commandOutputContainsResult(body, r) {
  const rule = ruleLabel({ command_output_contains: body });
  const broken = brokenRun(r, body.timeoutSeconds);
  if (broken) return fail(rule, broken);
  if (r.stdout.includes(body.text) || r.stderr.includes(body.text)) return pass(rule);
  const output = `${r.stdout.trim()}
${r.stderr.trim()}`.trim();
  return fail(rule, `the output does not contain ${JSON.stringify(body.text)} (exit code ${r.exitCode})${output ? quote(output) : "; the output was empty"}`);
}
function brokenRun(r, timeoutSeconds) {
  if (r.spawnError) return `could not start: ${r.spawnError}`;
  if (r.timedOut) return `timed out after ${timeoutSeconds ?? DEFAULT_CHECK_TIMEOUT_SECONDS} s (process group killed)`;
  if (r.exitCode === null) return "was killed by a signal";
  return null;
}
async function evaluateRules(rules, ctx) {
  const results = [];
  for (const [index, rule] of rules.entries()) {
    try {
      results.push(await evaluateRule(rule, index, ctx));
    } catch (err) {
      results.push(fail(ruleLabel(rule), `could not be checked: ${err instanceof Error ? err.message : String(err)}`));
    }
  }
  return results;
}
async function evaluateRule(rule, index, ctx) {
  const { verifier } = ctx;
  if ("file_exists" in rule) {
    const text = await verifier.readWorkspaceFile(rule.file_exists.path).catch((err) => {
      if (err instanceof FileTooLargeError) return "";
      throw err;
    });
    return fileExistsResult(rule.file_exists, text);
  }
  if ("file_contains" in rule) return fileContainsResult(rule.file_contains, await verifier.readWorkspaceFile(rule.file_contains.path));
  if ("json_schema" in rule) {
    const body2 = rule.json_schema;
    const text = await verifier.readWorkspaceFile(body2.path);
    return jsonSchemaResult(body2, text, text === null ? { ok: true, schema: {} } : await loadSchema(body2.schema, verifier));
  }
  if ("payload_has_key" in rule) return payloadHasKeyResult(rule.payload_has_key, ctx.payload);
  if ("payload_value_matches" in rule) return payloadValueMatchesResult(rule.payload_value_matches, ctx.payload);
  if ("payload_values_equal" in rule) {
    const body2 = rule.payload_values_equal;
    const other = body2.step === void 0 ? ctx.payload : ctx.payloadOf(body2.step);
    return payloadValuesEqualResult(body2, isPayload(other) ? other : void 0);
  }
  const body = "command" in rule ? rule.command : rule.command_output_contains;
  const result = await verifier.runCheck(body.argv, {
    timeoutMs: (body.timeoutSeconds ?? DEFAULT_CHECK_TIMEOUT_SECONDS) * 1e3,
    ...ctx.env ? { env: ctx.env } : {},
    ...ctx.logFileFor ? { logFile: ctx.logFileFor(index) } : {}
  });
  return "command" in rule ? commandResult(rule.command, result) : commandOutputContainsResult(rule.command_output_contains, result);
}
async function loadSchema(schema, verifier) {
  if (typeof schema !== "string") return { ok: true, schema };
  const text = await verifier.readWorkspaceFile(schema);
  if (text === null) return { ok: false, problem: `schema file ${schema} ${NOT_FOUND}` };
  try {
    const parsed = JSON.parse(text.replace(/^\uFEFF/, ""));
    if (isPayload(parsed)) return { ok: true, schema: parsed };
    return { ok: false, problem: `schema file ${schema} must hold a JSON object` };
  } catch (err) {
    return { ok: false, problem: `schema file ${schema} is not valid JSON (${err instanceof Error ? err.message : String(err)})` };
  }
}
function validationFailure(results) {
  const failed = results.filter((r) => !r.ok);
  if (!failed.length) return null;
  return `Validation failed: ${failed.map((r) => `${r.rule}: ${r.reason ?? "failed"}`).join("; ")}`;
}
function isPayload(value) {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}
function topKeys(payload) {
  const keys = Object.keys(payload);
  if (!keys.length) return " (it is empty)";
  return ` (it has: ${keys.slice(0, 10).join(", ")}${keys.length > 10 ? ", ..." : ""})`;
}
function shortJson(value) {
  const text = JSON.stringify(value) ?? "undefined";
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}
function canonicalJson(value) {
  return JSON.stringify(
    value,
    (_key, v) => isPayload(v) ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, v[k]])) : v
  );
}
function quote(text) {
  if (!text) return "";
  return `: ${text.length > OUTPUT_QUOTE ? `...${text.slice(-OUTPUT_QUOTE)}` : text}`;
}

// src/adapters/fs/fs-verifier.ts
var MAX_RULE_FILE_BYTES = 16 * 1024 * 1024;
var FsVerifier = class {
  root;
  runner;
  graceMs;
  maxFileBytes;
  constructor(options) {
    this.root = options.root;
    const chars = options.outputChars ?? 64 * 1024;
    this.runner = new ExecAgentRunner({ cwd: options.root, ...options.env ? { env: options.env } : {}, headChars: chars, tailChars: chars });
    this.graceMs = options.graceMs ?? 2e3;
    this.maxFileBytes = options.maxFileBytes ?? MAX_RULE_FILE_BYTES;
  }
  async readWorkspaceFile(rel) {
    if (checkRelativePath(rel) !== null) return null;
    let real;
    try {
      real = await realpath3(path9.resolve(this.root, rel.replace(/\\/g, "/")));
    } catch {
      return null;
    }
    if (!real.startsWith(this.root.endsWith(path9.sep) ? this.root : this.root + path9.sep)) return null;
    let handle;
    try {
      handle = await open(real, "r");
    } catch {
      return null;
    }
    try {
      const st = await handle.stat();
      if (!st.isFile()) return null;
      if (st.size > this.maxFileBytes) throw new FileTooLargeError(rel, st.size, this.maxFileBytes);
      const buf = Buffer.allocUnsafe(st.size + 1);
      let got = 0;
      while (got < buf.length) {
        const { bytesRead } = await handle.read(buf, got, buf.length - got, got);
        if (bytesRead === 0) break;
        got += bytesRead;
      }
      if (got > this.maxFileBytes) throw new FileTooLargeError(rel, got, this.maxFileBytes);
      return buf.toString("utf8", 0, got);
    } finally {
      await handle.close();
    }
  }
  async runCheck(argv, opts) {
    const scratch = opts.logFile ? null : await mkdtemp(path9.join(os2.tmpdir(), "sequencer-check-"));
    try {
      const r = await this.runner.run({
        argv,
        cwd: this.root,
        env: opts.env ?? {},
        timeoutMs: opts.timeoutMs,
        graceMs: this.graceMs,
        logFile: opts.logFile ?? path9.join(scratch, "check.log")
      });
      return {
        exitCode: r.exitCode,
        stdout: r.stdout,
        stderr: r.stderr,
        timedOut: r.timedOut,
        ...r.spawnError ? { spawnError: r.spawnError } : {}
      };
    } finally {
      if (scratch) await rm7(scratch, { recursive: true, force: true });
    }
  }
};

// src/adapters/fs/attempt-files.ts
import { closeSync as closeSync3, constants as constants3, fstatSync as fstatSync2, openSync as openSync3, readSync } from "node:fs";
import { mkdir as mkdir4, rm as rm8, writeFile as writeFile3 } from "node:fs/promises";
import path10 from "node:path";
var FsAttemptFiles = class {
  // Synchronous: read once per attempt and almost always missing; a thread-pool round trip
  // would cost more than the call.
  async read(file, maxBytes) {
    let fd;
    try {
      fd = openSync3(file, constants3.O_RDONLY | (constants3.O_NOFOLLOW ?? 0));
    } catch (err) {
      const code = err.code;
      if (code === "ENOENT" || code === "ENOTDIR") return { kind: "missing" };
      if (code === "ELOOP") return { kind: "unreadable", reason: "it is a symbolic link; write the JSON into the file itself" };
      return { kind: "unreadable", reason: err.message };
    }
    try {
      const st = fstatSync2(fd);
      if (!st.isFile()) return { kind: "unreadable", reason: "it is not a regular file" };
      if (st.size > maxBytes) return { kind: "too-large", bytes: st.size };
      const buffer = Buffer.alloc(maxBytes + 1);
      let bytesRead = 0;
      while (bytesRead < buffer.length) {
        const n = readSync(fd, buffer, bytesRead, buffer.length - bytesRead, bytesRead);
        if (n === 0) break;
        bytesRead += n;
      }
      if (bytesRead > maxBytes) return { kind: "too-large", bytes: Math.max(bytesRead, fstatSync2(fd).size) };
      return { kind: "text", text: buffer.subarray(0, bytesRead).toString("utf8") };
    } finally {
      closeSync3(fd);
    }
  }
  async write(file, text) {
    await mkdir4(path10.dirname(file), { recursive: true });
    await writeFile3(file, text);
  }
  async remove(file) {
    await rm8(file, { force: true });
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
  acquire() {
    return this.inner.acquire();
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
    const written = await this.inner.write(clean, { ...meta, message: scrub(meta.message) });
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

// src/core/render/base-sync-markdown.ts
var LISTED_CONFLICTS = 50;
var ACTION_WORDING = { offSetting: "the input `sync-base: off`", resume: "`/resume`" };
var CLI_WORDING = { offSetting: "--sync-base off", resume: "resume" };
function baseConflictNotice(state, n, links = {}, wording = ACTION_WORDING) {
  const id = state.planId ?? "plan";
  const branch = links.run?.branch;
  const shown = n.files.slice(0, LISTED_CONFLICTS).map((f) => `- ${inline(f, 300)}`);
  const more = n.files.length > LISTED_CONFLICTS ? [`- \u2026 and ${countOf(n.files.length - LISTED_CONFLICTS, "more file")}`] : [];
  const where = branch ? `the work branch ${inline(branch)}` : "the work branch";
  return [
    // One notice per base commit: a new conflict after a fix on the base branch is a new episode.
    marker(id, "blocked", `base-${n.stepId}-${n.baseCommit.slice(0, 12)}`),
    `### \u26D4 Blocked before \`${n.stepId}\`: the base branch does not merge`,
    "",
    `The base branch ${inline(n.base)} has changes that conflict with ${where}, so they were not merged and \`${n.stepId}\` did not run. The merge was aborted: the work branch and its files are as they were.`,
    "",
    `**Conflicting files** (${n.files.length}):`,
    ...shown.length ? [...shown, ...more] : ["- (git named none)"],
    "",
    "To continue, either:",
    `- resolve it on the work branch: merge ${inline(n.base)} into it, fix the conflicts, push, then reply ${wording.resume}; or`,
    `- set ${wording.offSetting} (the plan then runs without the base branch's later changes), then reply ${wording.resume}.`,
    "",
    "Or `/cancel` to stop the plan.",
    ...links.run ? ["", ...runFooter(links)] : []
  ].join("\n");
}
function baseConflictReport(n, wording = CLI_WORDING) {
  const files = n.files.slice(0, LISTED_CONFLICTS).map((f) => `  ${terminalLine(f)}`);
  const more = n.files.length > LISTED_CONFLICTS ? [`  \u2026 and ${n.files.length - LISTED_CONFLICTS} more`] : [];
  return [
    `Blocked before ${n.stepId}: the base branch ${terminalLine(n.base)} does not merge cleanly into the work branch; the merge was aborted and nothing changed.`,
    `Conflicting files (${n.files.length}):`,
    ...files,
    ...more,
    `To continue: merge ${terminalLine(n.base)} into the work branch yourself, resolve the conflicts and push, then ${wording.resume}; or run with ${wording.offSetting}, then ${wording.resume}.`
  ].join("\n");
}

// src/core/render/gate-markdown.ts
function gateNotice(state, stepId, links = {}) {
  const id = state.planId ?? "plan";
  const def = state.plan.steps[stepId];
  const episode = `${stepId}-${(state.gate?.at ?? String(state.revision ?? 0)).replace(/[^0-9A-Za-z]/g, "")}`;
  const outputs = state.artifacts ?? [];
  const reason = state.gate?.stepId === stepId ? state.gate.reason : void 0;
  return fittedNotice(
    links,
    (l, shape) => [
      `<!-- agent-step-sequencer:gate:${id}:${episode} -->`,
      `### \u270B Waiting for approval before \`${stepId}\`: ${inline(def?.title ?? stepId)}`,
      "",
      ...reason ? [`**Why a person looks first:** ${inline(reason, 300)}`, ""] : [],
      `${stepProgress(state, "present")}:`,
      "",
      stepTable(state, l, shape.tableOutputs),
      "",
      outputs.length ? `**Outputs to review** (${outputs.length})` : "No outputs so far.",
      ...outputList(outputs, l, shape.listed),
      "",
      `**Next:** \`${stepId}\`, which will be told:`,
      fence(def?.instruction ?? "", 2e3),
      "",
      "To continue, reply with one of:",
      `- \`/approve\`: run \`${stepId}\` (this approval is for plan \`${inline(state.gate?.planHash ?? state.planHash ?? "", 80)}\` only)`,
      `- \`/skip\`: mark \`${stepId}\` skipped and go on`,
      "- `/cancel`: stop the plan",
      ...l.run ? ["", ...runFooter(l)] : []
    ].join("\n")
  );
}
function gateReport(state, stepId) {
  const reason = state.gate?.stepId === stepId && state.gate.reason ? ` (${state.gate.reason})` : "";
  return `Paused before ${stepId} (${state.plan.steps[stepId]?.title ?? stepId}): it is gated${reason}. Review what ran, then run \`agent-step-sequencer approve\` to continue (or skip / cancel).`;
}

export {
  isValidPid,
  pidAlive,
  ExecAgentRunner,
  writeFileAtomic,
  writeFileAtomicStat,
  isTempFileFor,
  PRETTY_MAX_STEPS,
  REUSED_FIELDS,
  serializeStateWithSpans,
  adoptTexts,
  isReusedField,
  CacheStore,
  GitStore,
  GitBaseSync,
  baseConflictNotice,
  baseConflictReport,
  gateNotice,
  gateReport,
  localOwner,
  LocalOwnerProbe,
  FsWorkspace,
  DEFAULT_PAYLOAD_MAX_BYTES,
  interpretPayload,
  inheritedPayloads,
  evaluateRules,
  validationFailure,
  FsVerifier,
  FsAttemptFiles,
  ScrubbingStore
};
