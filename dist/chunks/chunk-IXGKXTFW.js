import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);
import {
  diffFromDigests,
  planHash,
  stepDigests
} from "./chunk-NWIZML63.js";
import {
  PLAN_BRANCH_PREFIX,
  attemptId,
  attemptTimeoutMsFor,
  countOf,
  countOfTotal,
  currentStepId,
  git,
  guardRepository,
  idleRef,
  isIdleStatus,
  isRefSafePlanId,
  lastAttempt,
  maxAttemptsFor,
  namesPlanHash,
  nextAttemptNumber,
  refusalAnswers,
  retryBackoffSecondsFor,
  sameOwner,
  scrubState,
  stepDef,
  stepRun,
  stepTimeLeftMs,
  stepsDone
} from "./chunk-H3YOHMVR.js";
import {
  parseState
} from "./chunk-A2SEFKAZ.js";
import {
  checkRelativePath,
  compilePattern,
  isPathLike,
  parseAgentCommand
} from "./chunk-7ZHH3IPM.js";
import {
  fence,
  inline
} from "./chunk-KEKBO2EF.js";
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

// src/adapters/toolkit/cache-store.ts
import { randomBytes as randomBytes2 } from "node:crypto";
import { mkdir as mkdir2, readFile as readFile2, rm as rm3 } from "node:fs/promises";
import path4 from "node:path";

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
    this.log.debug(`Restored ${key} (revision ${state.revision})${restored.length ? ` and ${restored.length} output file(s)` : ""}.`);
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
import { lstat as lstat2, mkdir as mkdir3, readFile as readFile3, rename as rename2, rm as rm4, unlink as unlink2, writeFile } from "node:fs/promises";
import path5 from "node:path";
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
    const rel = (await this.run(["rev-parse", "--git-path", "info/exclude"])).stdout.trim();
    const file = path5.resolve(this.workspace, rel);
    const current = await readFile3(file, "utf8").catch((err) => {
      if (err.code === "ENOENT") return "";
      throw err;
    });
    const have = new Set(current.split(/\r?\n/));
    const missing = this.exclude.filter((p) => !have.has(p));
    if (missing.length === 0) return;
    const lines = [...have.has(EXCLUDE_MARKER) ? [] : [EXCLUDE_MARKER], ...missing];
    const sep = current === "" || current.endsWith("\n") ? "" : "\n";
    const dir = path5.dirname(file);
    if ((await lstat2(dir).catch(() => null))?.isSymbolicLink()) await unlink2(dir);
    await mkdir3(dir, { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    await rm4(tmp, { force: true, recursive: true });
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
      text = await readFile3(path5.join(this.workspace, this.statePath), "utf8");
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
    const file = path5.join(this.workspace, this.statePath);
    await mkdir3(path5.dirname(file), { recursive: true });
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
      await unlink2(path5.join(this.workspace, this.statePath)).catch(() => void 0);
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
  const norm = path5.posix.normalize(p.replace(/\\/g, "/"));
  if (!p || p.includes("\0") || path5.posix.isAbsolute(norm) || path5.win32.isAbsolute(p) || norm === "." || norm === ".." || norm.startsWith("../") || /^\.git(\/|$)/.test(norm)) {
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

// src/core/render/terminal-text.ts
var STRING = /(?:\x1b[\]PX^_]|[\x90\x98\x9d\x9e\x9f])[^\x07\x1b\x9c\n]*(?:\x07|\x1b\\|\x9c)?/g;
var CSI = /(?:\x1b\[|\x9b)[0-?]*[ -/]*[@-~]?/g;
var ESCAPE = /\x1b[ -/]*[0-~]?/g;
var CONTROL = /[\x00-\x08\x0b-\x1f\x7f-\x9f]/g;
var ANY_CONTROL = /[\x00-\x08\x0b-\x1f\x7f-\x9f]/;
function terminalText(text) {
  if (!ANY_CONTROL.test(text)) return text;
  return text.replace(STRING, "").replace(CSI, "").replace(ESCAPE, "").replace(CONTROL, "");
}
function terminalLine(text) {
  return terminalText(text).replace(/[\n\t]+/g, " ");
}
function terminalJson(value, indent) {
  return JSON.stringify(value, null, indent).replace(/[\x7f-\x9f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

// src/core/render/render.ts
function stepRows(state, from = 0, to = state.stepQueue.length) {
  const total = state.stepQueue.length;
  return state.stepQueue.slice(from, to).map((id, offset) => {
    const i = from + offset;
    const run = state.stepRuns[id];
    const def = state.plan.steps[id];
    return {
      index: i + 1,
      total,
      id,
      title: def?.title ?? id,
      // A step whose agent a cancel stopped did not fail: it was cancelled.
      status: run?.status === "FAILED" && run.attempts?.at(-1)?.outcome === "cancelled" ? "CANCELLED" : run?.status ?? "PENDING",
      tries: run?.tries ?? 0,
      durationMs: runDurationMs(run),
      outputs: def?.requiredOutputs ?? []
    };
  });
}
function runDurationMs(run) {
  const attempts = run?.attempts;
  if (!attempts?.length) return null;
  const start = Date.parse(attempts[0]?.startedAt ?? "");
  const end = Date.parse(attempts[attempts.length - 1]?.endedAt ?? "");
  return Number.isNaN(start) || Number.isNaN(end) ? null : Math.max(0, end - start);
}
function formatDuration(ms) {
  if (ms === null) return "-";
  if (ms < 1e3) return `${ms}ms`;
  const s = Math.round(ms / 1e3);
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m${String(s % 60).padStart(2, "0")}s`;
  return `${Math.floor(m / 60)}h${String(m % 60).padStart(2, "0")}m`;
}
function statusTable(state) {
  const header = ["#", "step", "title", "status", "tries", "duration", "outputs"];
  const rows = stepRows(state).map((r) => [
    `${r.index}/${r.total}`,
    r.id,
    r.title,
    r.status,
    String(r.tries),
    formatDuration(r.durationMs),
    r.outputs.join(", ") || "-"
  ].map(terminalLine));
  const widths = header.map((h, c) => Math.min(40, Math.max(h.length, ...rows.map((row) => (row[c] ?? "").length))));
  const fmt = (cells) => cells.map((cell, c) => clip(cell, widths[c] ?? 0).padEnd(widths[c] ?? 0)).join("  ").trimEnd();
  const title = state.plan.title ? `${terminalLine(state.plan.title)} ` : "";
  const head = `${title}[${state.planId ?? "plan"}] ${state.status} (${stepsDone(state)}/${state.stepQueue.length} steps done, revision ${state.revision ?? 0})`;
  const extra = (state.blockers ?? []).map((b) => `blocked: ${b}`);
  if (state.notBefore && state.status === "IN_PROGRESS") extra.push(`next step not before ${state.notBefore}`);
  return [head, fmt(header), ...rows.map(fmt), ...extra].join("\n");
}
function clip(text, width) {
  return text.length <= width ? text : `${text.slice(0, Math.max(0, width - 1))}\u2026`;
}
function resumeLines(state, max = 20) {
  const shown = [];
  let i = state.currentStep - 1;
  for (; i >= 0 && shown.length < max; i--) {
    const status = state.stepRuns[state.stepQueue[i] ?? ""]?.status;
    if (status === "DONE" || status === "SKIPPED") shown.push(i);
  }
  const lines = shown.reverse().map((index) => {
    const r = stepRows(state, index, index + 1)[0];
    const recovered = state.stepRuns[r.id]?.attempts?.at(-1)?.outcome === "recovered";
    const what = r.status === "SKIPPED" ? "skipped" : `done in ${r.tries} ${r.tries === 1 ? "try" : "tries"}${recovered ? " (recovered: an interrupted attempt's work met the contract)" : ""}`;
    const outputs = r.outputs.length ? `, outputs: ${r.outputs.join(", ")}` : "";
    return `(${r.index}/${r.total}) [Resume] ${r.id} ${r.title}: ${what}${outputs}`;
  });
  if (i >= 0) lines.unshift(`(steps 1-${i + 1} not shown)`);
  return lines;
}
function finalSummary(state, link2 = (p) => p) {
  const rows = stepRows(state);
  const outputs = state.artifacts ?? [];
  const lines = [
    `${state.plan.title ?? state.planId ?? "Plan"}: all ${rows.length} steps finished (${rows.filter((r) => r.status === "DONE").length} done, ${rows.filter((r) => r.status === "SKIPPED").length} skipped).`,
    ...rows.map((r) => `  (${r.index}/${r.total}) ${r.id} ${r.title}: ${r.status.toLowerCase()}${r.tries ? ` in ${r.tries} ${r.tries === 1 ? "try" : "tries"}` : ""}`),
    outputs.length ? "Outputs:" : "No outputs were declared.",
    ...outputs.map((o) => `  - ${link2(o)}`)
  ];
  return lines.join("\n");
}
function blockerReport(state, stepId, reason) {
  const run = state.stepRuns[stepId];
  const attempts = (run?.attempts ?? []).map(
    (a) => `  attempt ${a.n}: ${a.outcome ?? "unknown"}${a.exitCode !== void 0 && a.exitCode !== null ? ` (exit ${a.exitCode})` : ""}${a.error ? ` - ${firstLine(a.error)}` : ""}`
  );
  return [
    `Blocked at ${stepId} (${state.plan.steps[stepId]?.title ?? stepId}): ${reason}`,
    `Last error: ${run?.error ?? "none recorded"}`,
    ...attempts.length ? ["Attempts:", ...attempts] : [],
    "To continue: retry (fresh attempts), skip (move on without it), or cancel."
  ].join("\n");
}
function firstLine(text) {
  const line = text.split("\n", 1)[0] ?? "";
  return line.length > 200 ? `${line.slice(0, 197)}...` : line;
}

// src/core/tick/notices.ts
function timedOutText(stepId, minutes) {
  const limit = minutes >= 1 ? `${Math.round(minutes * 10) / 10} min` : `${Math.round(minutes * 60)} s`;
  return `step ${stepId} ran over its ${limit}`;
}

// src/core/tick/cooperative-stop.ts
var STOP_MESSAGE = "The plan was cancelled: stop now, save your work and exit.";
function stoppedText(stoppedBy) {
  return stoppedBy === "agent" ? "the agent stopped by itself" : "its agent was stopped with SIGTERM (SIGKILL after the grace period)";
}

// src/core/render/render-markdown.ts
function marker(planId, kind, episode) {
  return `<!-- agent-step-sequencer:${kind}:${planId}${episode ? `:${episode}` : ""} -->`;
}
var STATUS_ICON = {
  PENDING: "\u23F3",
  IN_PROGRESS: "\u{1F504}",
  DONE: "\u2705",
  FAILED: "\u274C",
  SKIPPED: "\u23ED\uFE0F",
  CANCELLED: "\u{1F6D1}"
};
function runFooter(links) {
  const r = links.run;
  if (!r) return [];
  return [`<sub>${link("workflow run", r.runUrl)} \xB7 ${link("attempt logs", r.logsUrl)} \xB7 work branch ${link(`\`${r.branch.replace(/`/g, "")}\``, r.branchUrl)}</sub>`];
}
function link(text, url) {
  return `[${text}](${url.replace(/[()]/g, (c) => c === "(" ? "%28" : "%29").replace(/[\s<>\\]/g, encodeURIComponent)})`;
}
function outputText(path10, links, linked) {
  return links.file && linked ? link(inline(path10), links.file(path10)) : inline(path10);
}
function outputsCell(row, links) {
  if (!row.outputs.length) return "";
  return row.outputs.map((o) => outputText(o, links, row.status === "DONE")).join(", ");
}
var FULL_TABLE_STEPS = 30;
var TABLE_WINDOW = 10;
function stepTable(state, links = {}) {
  const all = stepRows(state);
  const row = (r) => `| ${r.index}/${r.total} | \`${r.id}\` | ${inline(r.title)} | ${STATUS_ICON[r.status] ?? ""} ${r.status} | ${r.tries} | ${formatDuration(r.durationMs)} | ${outputsCell(r, links)} |`;
  const header = ["| # | step | title | status | tries | duration | outputs |", "|---|---|---|---|---|---|---|"];
  if (all.length <= FULL_TABLE_STEPS) return [...header, ...all.map(row)].join("\n");
  const current = Math.min(Math.max(0, state.currentStep), all.length);
  const from = Math.max(0, current - TABLE_WINDOW);
  const to = Math.min(all.length, current + TABLE_WINDOW);
  const before = from;
  const after = all.length - to;
  return [
    ...before ? [`${countOf(before, "earlier step")} not shown (${summarize(all.slice(0, from))}).`, ""] : [],
    ...header,
    ...all.slice(from, to).map(row),
    ...after ? ["", `${countOf(after, "later step")} not shown.`] : []
  ].join("\n");
}
function summarize(rows) {
  const by = /* @__PURE__ */ new Map();
  for (const r of rows) by.set(r.status, (by.get(r.status) ?? 0) + 1);
  return [...by].map(([status, n]) => `${n} ${status}`).join(", ");
}
function statusComment(state, links = {}) {
  const id = state.planId ?? "plan";
  const head = `### ${inline(state.plan.title ?? id)}: ${state.status} (${stepsDone(state)}/${state.stepQueue.length})`;
  const extra = [];
  if (state.status === "IN_PROGRESS" && state.notBefore) extra.push(`Next step not before ${state.notBefore}.`);
  if (state.status === "BLOCKED") for (const b of state.blockers ?? []) extra.push(`Blocked: ${inline(b, 300)}`);
  const overran = timedOutLine(state);
  if (overran) extra.push(overran);
  return [marker(id, "status"), head, "", stepTable(state, links), "", ...extra, `<sub>revision ${state.revision ?? 0} \xB7 last heartbeat ${state.lastHeartbeatIso ?? "-"}</sub>`, ...runFooter(links)].join("\n");
}
function timedOutLine(state) {
  const stepId = currentStepId(state);
  if (stepId === void 0 || state.status === "DONE" || state.status === "CANCELLED") return void 0;
  const run = state.stepRuns[stepId];
  const last = run ? lastAttempt(run) : void 0;
  if (!run || run.status === "DONE" || last?.outcome !== "timed_out" || typeof last.timeoutMinutes !== "number") return void 0;
  return `\u23F1\uFE0F Attempt ${last.n}: ${inline(timedOutText(stepId, last.timeoutMinutes))}.`;
}
function blockerNotice(state, stepId, reason, links = {}) {
  const id = state.planId ?? "plan";
  const run = state.stepRuns[stepId];
  const attempts = (run?.attempts ?? []).map(
    (a) => `| ${a.n} | ${a.outcome ?? "-"} | ${a.exitCode ?? "-"} | ${a.durationMs !== void 0 ? formatDuration(a.durationMs) : "-"} | ${inline(a.error ?? "", 160)} |`
  );
  const episode = `${stepId}-${run?.attempts?.length ?? run?.tries ?? 0}`;
  return [
    marker(id, "blocked", episode),
    `### \u26D4 Blocked at \`${stepId}\`: ${inline(state.plan.steps[stepId]?.title ?? stepId)}`,
    "",
    `**Why:** ${inline(reason, 300)}`,
    "",
    ...attempts.length ? ["| attempt | outcome | exit | duration | error |", "|---|---|---|---|---|", ...attempts, ""] : [],
    "**Last error:**",
    fence(run?.error ?? "none recorded", 3e3),
    "",
    "To continue, reply with one of:",
    `- \`/retry\`: run \`${stepId}\` again with a fresh set of attempts`,
    `- \`/skip\`: mark \`${stepId}\` skipped and go on`,
    "- `/cancel`: stop the plan",
    ...links.run ? ["", ...runFooter(links)] : []
  ].join("\n");
}
var SUMMARY_OUTPUTS = 100;
function finalSummaryComment(state, links = {}) {
  const id = state.planId ?? "plan";
  const outputs = state.artifacts ?? [];
  return [
    marker(id, "summary"),
    `### \u2705 Done: ${inline(state.plan.title ?? id)}`,
    "",
    stepTable(state, links),
    "",
    outputs.length ? "**Outputs**" : "No outputs were declared.",
    ...outputs.slice(0, SUMMARY_OUTPUTS).map((o) => `- ${outputText(o, links, true)}`),
    ...outputs.length > SUMMARY_OUTPUTS ? [`- \u2026 and ${countOf(outputs.length - SUMMARY_OUTPUTS, "more output")}: ${links.run ? `${link("work branch", links.run.branchUrl)}` : "see the work branch"}`] : [],
    ...links.run ? ["", ...runFooter(links)] : []
  ].join("\n");
}
function cancelledNotice(state, runningStep, links = {}) {
  const id = state.planId ?? "plan";
  const episode = (state.cancelRequested?.at ?? String(state.revision ?? 0)).replace(/[^0-9A-Za-z]/g, "");
  const by = state.cancelRequested?.by ? ` by ${inline(`@${state.cancelRequested.by}`, 60)}` : "";
  const reason = state.cancelRequested?.reason ? ` (${inline(state.cancelRequested.reason, 200)})` : "";
  return [
    marker(id, "cancelled", episode),
    `### \u{1F6D1} Cancelled${by}${reason}`,
    "",
    runningStep ? `\`${runningStep}\` was running; ${stoppedText(lastAttempt(stepRun(state, runningStep))?.stoppedBy)}.` : "No step was running.",
    `${countOfTotal(stepsDone(state), state.stepQueue.length, "step", "done")}:`,
    "",
    stepTable(state, links),
    "",
    "Reply `/resume` to continue from the current step.",
    ...links.run ? ["", ...runFooter(links)] : []
  ].join("\n");
}
function mermaidQueue(state) {
  const rows = stepRows(state);
  const nodeId = (i) => `s${i}`;
  const label = (r) => `${r.id}: ${r.title}`.replace(/["[\]{}()<>|#;`&\\\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, " ").slice(0, 60);
  const lines = ["```mermaid", "flowchart LR"];
  rows.forEach((r, i) => lines.push(`  ${nodeId(i)}["${label(r)}"]:::${r.status.toLowerCase()}`));
  for (let i = 1; i < rows.length; i++) lines.push(`  ${nodeId(i - 1)} --> ${nodeId(i)}`);
  lines.push(
    "  classDef done fill:#d4f7d4,stroke:#2da44e",
    "  classDef skipped fill:#eeeeee,stroke:#999999",
    "  classDef failed fill:#ffd7d5,stroke:#cf222e",
    "  classDef cancelled fill:#eeeeee,stroke:#cf222e",
    "  classDef in_progress fill:#fff2c2,stroke:#bf8700",
    "  classDef pending fill:#ffffff,stroke:#8c959f",
    "```"
  );
  return lines.join("\n");
}
function jobSummary(state, links = {}) {
  const big = state.stepQueue.length > 200;
  const resumed = resumeLines(state);
  return [
    statusComment(state, links).replace(/^<!--.*-->\n/, ""),
    "",
    big ? "" : mermaidQueue(state),
    ...resumed.length ? ["", "<details><summary>Finished steps</summary>", "", fence(resumed.join("\n"), 2e4), "", "</details>"] : []
  ].join("\n");
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
import path6 from "node:path";
var FsWorkspace = class _FsWorkspace {
  constructor(root) {
    this.root = root;
  }
  root;
  /** Opens the workspace at `root`, which must exist; `root` is stored with symlinks resolved. */
  static async open(root) {
    try {
      return new _FsWorkspace(await realpath2(path6.resolve(root)));
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
      real = realpathSync(path6.resolve(this.root, p.replace(/\\/g, "/")));
    } catch {
      return false;
    }
    return real === this.root || real.startsWith(this.root.endsWith(path6.sep) ? this.root : this.root + path6.sep);
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
    let dir = path6.dirname(path6.resolve(this.root, p.replace(/\\/g, "/")));
    for (; ; ) {
      try {
        const info = statSync3(dir);
        if (!info.isDirectory()) return `"${path6.relative(this.root, dir)}" is a file`;
        const real = realpathSync(dir);
        if (real !== this.root && !real.startsWith(this.root + path6.sep)) return `"${path6.relative(this.root, dir)}" leads outside the workspace`;
        try {
          accessSync2(dir, constants2.W_OK);
        } catch {
          throw new Error("not writable");
        }
        return null;
      } catch (err) {
        if (err.code === "ENOENT" && dir !== this.root) {
          dir = path6.dirname(dir);
          continue;
        }
        return `"${path6.relative(this.root, dir) || "."}" ${err.message === "not writable" ? "is not writable" : describeError(err)}`;
      }
    }
  }
};

// src/adapters/fs/fs-verifier.ts
import { mkdtemp, open, realpath as realpath3, rm as rm5 } from "node:fs/promises";
import os2 from "node:os";
import path7 from "node:path";

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

// src/core/plan/json-error-position.ts
function findJsonSyntaxError(text) {
  let offset;
  try {
    offset = new Scanner(text).run();
  } catch {
    return null;
  }
  if (offset === null) return null;
  const before = text.slice(0, offset);
  const line = before.split("\n").length;
  const column = offset - before.lastIndexOf("\n");
  const ch = text[offset];
  return { line, column, reason: ch === void 0 ? "unexpected end of input" : `unexpected ${JSON.stringify(ch)}` };
}
var Fail = class {
  constructor(offset) {
    this.offset = offset;
  }
  offset;
};
var NUMBER = /-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/y;
var Scanner = class {
  constructor(s) {
    this.s = s;
  }
  s;
  i = 0;
  run() {
    try {
      this.value();
      this.ws();
      if (this.i < this.s.length) throw new Fail(this.i);
      return null;
    } catch (err) {
      if (err instanceof Fail) return err.offset;
      throw err;
    }
  }
  ws() {
    while (this.i < this.s.length && " 	\n\r".includes(this.s[this.i])) this.i++;
  }
  value() {
    this.ws();
    const c = this.s[this.i];
    if (c === "{") return this.object();
    if (c === "[") return this.array();
    if (c === '"') return this.string();
    for (const word of ["true", "false", "null"]) {
      if (this.s.startsWith(word, this.i)) {
        this.i += word.length;
        return;
      }
    }
    NUMBER.lastIndex = this.i;
    const m = NUMBER.exec(this.s);
    if (!m || m[0].length === 0) throw new Fail(this.i);
    this.i += m[0].length;
  }
  object() {
    this.i++;
    this.ws();
    if (this.s[this.i] === "}") {
      this.i++;
      return;
    }
    for (; ; ) {
      this.ws();
      if (this.s[this.i] !== '"') throw new Fail(this.i);
      this.string();
      this.ws();
      if (this.s[this.i] !== ":") throw new Fail(this.i);
      this.i++;
      this.value();
      this.ws();
      const c = this.s[this.i++];
      if (c === "}") return;
      if (c !== ",") throw new Fail(this.i - 1);
    }
  }
  array() {
    this.i++;
    this.ws();
    if (this.s[this.i] === "]") {
      this.i++;
      return;
    }
    for (; ; ) {
      this.value();
      this.ws();
      const c = this.s[this.i++];
      if (c === "]") return;
      if (c !== ",") throw new Fail(this.i - 1);
    }
  }
  string() {
    this.i++;
    for (; ; ) {
      const c = this.s[this.i];
      if (c === void 0 || c < " ") throw new Fail(this.i);
      if (c === '"') {
        this.i++;
        return;
      }
      if (c === "\\") {
        const e = this.s[this.i + 1];
        if (e !== void 0 && '"\\/bfnrt'.includes(e)) this.i += 2;
        else if (e === "u" && /^[0-9a-fA-F]{4}$/.test(this.s.slice(this.i + 2, this.i + 6))) this.i += 6;
        else throw new Fail(this.i + 1);
      } else this.i++;
    }
  }
};

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
    const { path: path10, schema } = rule.json_schema;
    return typeof schema === "string" ? `json_schema(${path10}, ${schema})` : `json_schema(${path10})`;
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
  constructor(path10, bytes, limit) {
    super(`${path10} is ${byteSize(bytes)}, more than the ${byteSize(limit)} a rule reads`);
    this.path = path10;
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
      real = await realpath3(path7.resolve(this.root, rel.replace(/\\/g, "/")));
    } catch {
      return null;
    }
    if (!real.startsWith(this.root.endsWith(path7.sep) ? this.root : this.root + path7.sep)) return null;
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
    const scratch = opts.logFile ? null : await mkdtemp(path7.join(os2.tmpdir(), "sequencer-check-"));
    try {
      const r = await this.runner.run({
        argv,
        cwd: this.root,
        env: opts.env ?? {},
        timeoutMs: opts.timeoutMs,
        graceMs: this.graceMs,
        logFile: opts.logFile ?? path7.join(scratch, "check.log")
      });
      return {
        exitCode: r.exitCode,
        stdout: r.stdout,
        stderr: r.stderr,
        timedOut: r.timedOut,
        ...r.spawnError ? { spawnError: r.spawnError } : {}
      };
    } finally {
      if (scratch) await rm5(scratch, { recursive: true, force: true });
    }
  }
};

// src/adapters/fs/attempt-files.ts
import { closeSync as closeSync3, constants as constants3, fstatSync as fstatSync2, openSync as openSync3, readSync } from "node:fs";
import { mkdir as mkdir4, rm as rm6, writeFile as writeFile2 } from "node:fs/promises";
import path8 from "node:path";
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
    await mkdir4(path8.dirname(file), { recursive: true });
    await writeFile2(file, text);
  }
  async remove(file) {
    await rm6(file, { force: true });
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

// src/core/render/output-echo.ts
var ACTIONS_ECHO_CAP = { maxLines: 2e3, maxChars: 256 * 1024 };
function truncationLine(hiddenLines, fullLog) {
  return `\u2026 output truncated (${hiddenLines} more ${hiddenLines === 1 ? "line" : "lines"} not shown), full log in ${fullLog}`;
}
function lineEcho(emit, cap) {
  let pending = "";
  let lines = 0;
  let chars = 0;
  let hidden = 0;
  const show = (line) => {
    if (cap && (lines >= cap.maxLines || chars + line.length > cap.maxChars)) {
      hidden++;
      return;
    }
    lines++;
    chars += line.length;
    emit(line);
  };
  return {
    push(chunk) {
      const parts = (pending + chunk).split(/\r\n|\n|\r/);
      pending = parts.pop() ?? "";
      for (const line of parts) show(line);
    },
    end() {
      if (pending) show(pending);
      pending = "";
      if (cap && hidden > 0) emit(truncationLine(hidden, cap.fullLog));
    }
  };
}

// src/engine.ts
import path9 from "node:path";

// src/core/tick/prompts.ts
function troubleshootingPrompt(stepId, tries, error, instruction) {
  return `Step ${stepId} failed (tries: ${tries}). Previous run ended with: ${error}. Please troubleshoot and retry: ${instruction}`;
}
function renderInstruction(instruction, state) {
  return instruction.replace(/\{\{\s*steps\.([A-Za-z0-9._-]+?)\.payload((?:\.[A-Za-z0-9_-]+)*)\s*\}\}/g, (whole, id, keys) => {
    let value = state.stepRuns[id]?.payload;
    for (const key of keys.split(".").filter(Boolean)) {
      if (value === null || typeof value !== "object") return whole;
      value = value[key];
    }
    if (value === void 0) return whole;
    return typeof value === "string" ? value : JSON.stringify(value);
  });
}
var AUTONOMY_PREAMBLE = [
  "You are carrying out one step of a longer plan, unattended: nobody can answer questions until the step ends, so do not stop to ask for confirmation.",
  "If something fails (an empty result, an API error, a source that is unavailable): retry once if the problem may be transient, then try an alternative and finish the step if at all possible.",
  "Only if you truly cannot finish: say briefly what failed and what you tried, then exit with a non-zero status, so the step is retried with a troubleshooting prompt or blocked for a person. Never stop silently."
].join("\n");
function promptPreamble(state) {
  const own = state.plan.promptPreamble;
  if (own === false) return null;
  if (typeof own === "string") return own.trim() === "" ? null : own;
  return state.version === void 0 ? null : AUTONOMY_PREAMBLE;
}
function withPreamble(state, prompt) {
  const preamble = promptPreamble(state);
  return preamble ? `${preamble}

${prompt}` : prompt;
}
function stepPrompt(state, stepId, triesSoFar, lastError) {
  const def = state.plan.steps[stepId];
  const instruction = renderInstruction(def?.instruction ?? "", state);
  if (triesSoFar > 0 && lastError) return withPreamble(state, troubleshootingPrompt(stepId, triesSoFar, lastError, instruction));
  return withPreamble(state, instruction);
}

// src/core/tick/remediation.ts
var ROUTE_RETRY = "retry";
var ROUTE_FAIL = "fail";
function routeOf(def) {
  return def.onValidationFail ?? ROUTE_RETRY;
}
function validationRoute(def, run) {
  if (run.status !== "FAILED" || run.tries === 0) return null;
  const failed = lastAttempt(run)?.failedRules;
  return Array.isArray(failed) && failed.length > 0 ? routeOf(def) : null;
}
function pendingRemediation(state, stepId) {
  const run = state.stepRuns[stepId];
  const r = run?.remediation;
  if (!run || run.status !== "FAILED" || run.tries === 0 || !r || typeof r !== "object") return void 0;
  if (r.status !== "PENDING" || typeof r.step !== "string" || !Object.hasOwn(state.plan.steps, r.step)) return void 0;
  return r.forAttempt === lastAttempt(run)?.n ? r : void 0;
}
function detourChain(state, stepId) {
  const chain = [stepId];
  const seen = new Set(chain);
  for (let at = stepId; ; ) {
    const next = pendingRemediation(state, at)?.step;
    if (next === void 0 || seen.has(next)) return chain;
    chain.push(next);
    seen.add(next);
    at = next;
  }
}
function activeStepId(state) {
  const current = state.stepQueue[state.currentStep];
  if (current === void 0) return void 0;
  return detourChain(state, current).at(-1);
}
function remediationTargets(plan, stepId) {
  const out = [];
  for (let def = plan.steps[stepId]; def; ) {
    const route = routeOf(def);
    if (route === ROUTE_RETRY || route === ROUTE_FAIL || route === stepId || out.includes(route) || !Object.hasOwn(plan.steps, route)) break;
    out.push(route);
    def = plan.steps[route];
  }
  return out;
}
function beginRemediation(state, stepId, via, forAttempt) {
  const failed = stepRun(state, stepId);
  const fixer = stepRun(state, via);
  const remediation = { step: via, forAttempt, status: "PENDING" };
  return {
    state: {
      ...state,
      stepRuns: {
        ...state.stepRuns,
        [stepId]: { ...failed, remediation },
        [via]: { ...fixer, status: "PENDING", error: null }
      }
    },
    notices: []
  };
}
function finishRemediation(state, stepId, via) {
  const run = state.stepRuns[stepId];
  const r = run?.remediation;
  if (!run || !r || r.step !== via || r.status !== "PENDING") return state;
  return { ...state, stepRuns: { ...state.stepRuns, [stepId]: { ...run, remediation: { ...r, status: "DONE" } } } };
}
function remediationPrompt(state, stepId, forStep, triesSoFar, lastError) {
  const failed = stepRun(state, forStep);
  const title = state.plan.steps[forStep]?.title;
  const attempt = failed.remediation?.forAttempt ?? lastAttempt(failed)?.n ?? failed.tries;
  const instruction = [
    renderInstruction(state.plan.steps[stepId]?.instruction ?? "", state),
    `This is a remediation step for step ${forStep}${title ? ` (${title})` : ""}, whose attempt ${attempt} failed: ${failed.error ?? "unknown error"}. Step ${forStep} runs again after this one.`
  ].join("\n\n");
  if (triesSoFar > 0 && lastError) return withPreamble(state, troubleshootingPrompt(stepId, triesSoFar, lastError, instruction));
  return withPreamble(state, instruction);
}

// src/core/tick/apply.ts
var iso = (d) => d.toISOString();
function withRun(state, stepId, patch) {
  return { ...state, stepRuns: { ...state.stepRuns, [stepId]: patch(stepRun(state, stepId)) } };
}
function patchLastAttempt(run, patch) {
  const attempts = [...run.attempts ?? []];
  const last = attempts[attempts.length - 1];
  if (last) attempts[attempts.length - 1] = { ...last, ...patch };
  return attempts;
}
function startAttempt(state, a) {
  const attempt = {
    n: a.n,
    runId: attemptId(state, a.stepId, a.n),
    owner: a.owner,
    startedAt: iso(a.now),
    leaseExpiresAt: iso(new Date(a.now.getTime() + a.leaseMs)),
    ...a.logFile ? { logFile: a.logFile } : {}
  };
  const next = withRun(state, a.stepId, (run) => ({
    ...run,
    status: "IN_PROGRESS",
    tries: run.tries + 1,
    lastRunIso: iso(a.now),
    firstStartedAt: run.firstStartedAt ?? iso(a.now),
    attempts: [...run.attempts ?? [], attempt]
  }));
  return { state: { ...next, notBefore: null }, notices: [] };
}
function finishAttempt(state, stepId, r, now, opts = {}) {
  const succeeded = r.outcome === "succeeded" || r.outcome === "recovered";
  let next = withRun(state, stepId, (run) => {
    const { payload: earlier, ...rest } = run;
    const payload = succeeded ? r.payload : earlier;
    return {
      ...rest,
      status: succeeded ? "DONE" : "FAILED",
      stdout: r.stdout,
      error: r.error,
      ...payload !== void 0 ? { payload } : {},
      attempts: patchLastAttempt(run, {
        endedAt: iso(now),
        exitCode: r.exitCode,
        outcome: r.outcome,
        error: r.error,
        durationMs: r.durationMs,
        ...r.failedRules?.length ? { failedRules: r.failedRules } : {},
        ...r.outcome === "timed_out" && r.timeoutMinutes !== void 0 ? { timeoutMinutes: r.timeoutMinutes } : {},
        ...r.stoppedBy ? { stoppedBy: r.stoppedBy } : {}
      })
    };
  });
  if (!succeeded) {
    if (opts.retryAt) next = { ...next, notBefore: opts.retryAt };
    const failed = { kind: "step-failed", stepId, error: r.error ?? r.outcome, willRetry: r.outcome !== "cancelled" };
    const timedOut = r.outcome === "timed_out" && r.timeoutMinutes !== void 0 ? [{ kind: "timed-out", stepId, minutes: r.timeoutMinutes }] : [];
    return { state: next, notices: [...timedOut, failed] };
  }
  const known = new Set(next.artifacts ?? []);
  next = { ...next, artifacts: [...next.artifacts ?? [], ...r.outputs.filter((o) => !known.has(o))] };
  if (opts.detourFor !== void 0) return { state: finishRemediation(next, opts.detourFor, stepId), notices: [{ kind: "step-done", stepId }] };
  if (opts.reopen?.size) {
    const reopened = reopenSteps(next, opts.reopen);
    return { state: reopened.state, notices: [{ kind: "step-done", stepId }, ...reopened.notices] };
  }
  const advanced = advance(next, now);
  return { state: advanced.state, notices: [{ kind: "step-done", stepId }, ...advanced.notices] };
}
function advance(state, now) {
  const currentStep = state.currentStep + 1;
  if (currentStep >= state.stepQueue.length) {
    return { state: { ...state, currentStep: state.stepQueue.length, status: "DONE", notBefore: null }, notices: [{ kind: "done" }] };
  }
  const delay2 = state.stepDelayMinutes ?? 0;
  const notBefore = delay2 > 0 ? iso(new Date(now.getTime() + delay2 * 6e4)) : null;
  return { state: { ...state, currentStep, notBefore }, notices: [] };
}
function complete(state) {
  return { state: { ...state, currentStep: state.stepQueue.length, status: "DONE", notBefore: null }, notices: [{ kind: "done" }] };
}
function mayAcceptInterrupted(attempt, self, def) {
  const owner = attempt?.owner;
  if (!owner || owner.kind !== "local" || self.kind !== "local" || owner.host !== self.host) return false;
  return (def.requiredOutputs?.length ?? 0) > 0 || (def.validate?.length ?? 0) > 0 || def.expectPayload === true;
}
function recoverAttempt(state, stepId, reason, now) {
  const next = withRun(state, stepId, (run) => ({
    ...run,
    status: "FAILED",
    error: reason,
    attempts: patchLastAttempt(run, { endedAt: iso(now), outcome: "interrupted", error: reason, exitCode: null })
  }));
  const n = stepRun(next, stepId).attempts?.at(-1)?.n ?? stepRun(next, stepId).tries;
  return { state: next, notices: [{ kind: "interrupted", stepId, attempt: n, reason }] };
}
function block(state, stepId, reason) {
  const line = `${stepId}: ${reason}`;
  const blockers = state.blockers ?? [];
  return {
    state: { ...state, status: "BLOCKED", blockers: blockers.includes(line) ? blockers : [...blockers, line] },
    notices: [{ kind: "blocked", stepId, reason }]
  };
}
function cancel(state) {
  const stepId = currentStepId(state);
  const stopped = stepId !== void 0 && lastAttempt(stepRun(state, stepId))?.outcome === "cancelled" ? stepId : null;
  return {
    state: { ...state, status: "CANCELLED", notBefore: null, ...state.gate ? { gate: null } : {} },
    notices: [{ kind: "cancelled", runningStep: stopped }]
  };
}
function reopenSteps(state, missingByStep) {
  if (missingByStep.size === 0) return { state, notices: [] };
  let next = state;
  const notices = [];
  let earliest = state.currentStep;
  for (const [stepId, missing] of missingByStep) {
    next = withRun(next, stepId, (run) => ({ ...run, status: "PENDING", tries: 0, firstStartedAt: null, error: `reopened: required outputs missing: ${missing.join(", ")}` }));
    earliest = Math.min(earliest, state.stepQueue.indexOf(stepId));
    notices.push({ kind: "reopened", stepId, missing });
  }
  const artifactsGone = new Set([...missingByStep.values()].flat());
  return {
    state: { ...next, currentStep: earliest, status: "IN_PROGRESS", artifacts: (next.artifacts ?? []).filter((a) => !artifactsGone.has(a)) },
    notices
  };
}

// src/core/tick/gates.ts
function gateOf(def) {
  const gate = def.gate;
  if (gate === true) return {};
  if (gate && typeof gate === "object" && typeof gate.reason === "string") return { reason: gate.reason };
  return null;
}
function gateClosed(state, stepId, def) {
  if (!gateOf(def)) return false;
  return stepRun(state, stepId).gatePassed?.planHash !== (state.planHash ?? "");
}
function pauseAtGate(state, stepId, def, now) {
  const reason = gateOf(def)?.reason;
  const gate = { stepId, planHash: state.planHash ?? "", at: now.toISOString(), ...reason !== void 0 ? { reason } : {} };
  return { state: { ...state, status: "AWAITING_APPROVAL", gate }, notices: [{ kind: "gate", stepId }] };
}
function passGate(state, cmd, now) {
  const gate = state.gate;
  const refuse2 = (reply) => ({ state, changed: false, reply, notices: [], refused: true });
  if (state.status !== "AWAITING_APPROVAL") return refuse2(`Nothing to approve: the plan is ${state.status}.`);
  const pausedAt = Math.floor(Date.parse(gate.at) / 1e3) * 1e3;
  if (cmd.at && !Number.isNaN(pausedAt) && Date.parse(cmd.at) < pausedAt) {
    return refuse2(`This approval was written before the plan paused at the gate of ${gate.stepId} (${gate.at}). Review what ran and approve again.`);
  }
  const planHash2 = state.planHash ?? "";
  if (cmd.planHash && cmd.planHash !== gate.planHash || gate.planHash !== planHash2) {
    return refuse2(`This approval is for plan ${cmd.planHash ?? planHash2}, but the gate of ${gate.stepId} was reached under plan ${gate.planHash}. Review the plan and approve again.`);
  }
  const run = stepRun(state, gate.stepId);
  const next = {
    ...state,
    status: "IN_PROGRESS",
    gate: null,
    stepRuns: { ...state.stepRuns, [gate.stepId]: { ...run, gatePassed: { by: cmd.by, at: now.toISOString(), planHash: planHash2 } } }
  };
  return { state: next, changed: true, reply: `Gate of ${gate.stepId} passed by @${cmd.by}. Starting ${gate.stepId}.`, notices: [] };
}

// src/core/tick/apply-command.ts
var refuse = (state, reply) => ({ state, changed: false, reply, notices: [], refused: true });
var answer = (state, reply) => ({ state, changed: false, reply, notices: [] });
function applyCommand(state, cmd, now) {
  switch (cmd.kind) {
    case "approve":
      return approve(state, cmd, now);
    case "cancel":
      return requestCancel(state, cmd, now);
    case "retry":
      return unblock(state, cmd.step, "retry");
    case "skip":
      return skip(state, cmd.step, now);
    case "resume":
      return resume(state);
    case "status":
      return answer(state, statusLine(state));
  }
}
function approve(state, cmd, now) {
  if (state.gate) return passGate(state, cmd, now);
  if (state.status !== "AWAITING_APPROVAL") return refuse(state, `Nothing to approve: the plan is ${state.status}.`);
  const current = state.planHash;
  if (cmd.commentId !== void 0 || cmd.at !== void 0) {
    const proposal = state.proposal;
    if (typeof proposal?.postedAt !== "string" || typeof proposal.planHash !== "string") {
      return refuse(state, `Nothing shown to approve yet: no proposal of this plan has been posted on the issue (plan ${current ?? "without a hash"}). Wait for the proposal comment, review it, then approve.`);
    }
    if (proposal.planHash !== current) {
      return refuse(state, `The latest posted proposal shows plan ${proposal.planHash}, but the plan is now ${current ?? "without a hash"}. Wait for the proposal of the current plan, review it, then approve again.`);
    }
    const writtenAt = Math.floor(Date.parse(cmd.at ?? "") / 1e3);
    if (!(writtenAt >= Math.floor(Date.parse(proposal.postedAt) / 1e3))) {
      return refuse(state, `This approval was written before the proposal of plan ${current} was posted (${proposal.postedAt}). Review the plan as proposed now and approve again.`);
    }
  }
  if (cmd.planHash !== void 0 && !namesPlanHash(cmd.planHash, current)) {
    return refuse(state, `This approval names plan ${cmd.planHash}, but the proposed plan is ${current ?? "without a hash"}. Review the proposal and approve again.`);
  }
  const digests = stepDigests(state.plan);
  const next = {
    ...state,
    status: "IN_PROGRESS",
    approval: {
      by: cmd.by,
      at: now.toISOString(),
      planHash: current ?? "",
      ...cmd.commentId !== void 0 ? { commentId: cmd.commentId } : {},
      ...digests ? { stepDigests: digests } : {}
    },
    ...cmd.delayMinutes !== void 0 ? { stepDelayMinutes: cmd.delayMinutes } : {}
  };
  const delay2 = cmd.delayMinutes ? ` with ${cmd.delayMinutes} min between steps` : "";
  return { state: next, changed: true, reply: `Approved plan ${current ?? "(no hash)"} by @${cmd.by}${delay2}. Starting.`, notices: [] };
}
function requestCancel(state, cmd, now) {
  if (state.status === "DONE" || state.status === "CANCELLED") return refuse(state, `Nothing to cancel: the plan is ${state.status}.`);
  if (state.cancelRequested) return refuse(state, "A cancel is already requested.");
  const request = { by: cmd.by, at: now.toISOString(), ...cmd.reason ? { reason: cmd.reason } : {} };
  const stepId = activeStepId(state);
  const inFlight = stepId !== void 0 && stepRun(state, stepId).status === "IN_PROGRESS";
  if (inFlight) {
    return { state: { ...state, cancelRequested: request }, changed: true, reply: `Cancel requested by @${cmd.by}; stopping ${stepId}.`, notices: [] };
  }
  const ended = cancel({ ...state, cancelRequested: request });
  return { state: ended.state, changed: true, reply: `Cancelled by @${cmd.by}.`, notices: ended.notices };
}
function targetStep(state, named) {
  const stepId = currentStepId(state);
  if (stepId === void 0) return { error: "every step has finished" };
  if (named !== void 0 && named !== stepId) {
    return { error: `only the current step (${stepId}) can be targeted, got "${named}"` };
  }
  return { stepId };
}
function clearBlockers(state, stepId) {
  return (state.blockers ?? []).filter((b) => !b.startsWith(`${stepId}: `));
}
function unblock(state, named, verb) {
  if (state.status !== "BLOCKED") return refuse(state, `Nothing to ${verb}: the plan is ${state.status}, not BLOCKED.`);
  if (!state.approval && state.planHash !== void 0) {
    const next2 = { ...state, status: "AWAITING_APPROVAL", blockers: [], notBefore: null };
    return { state: next2, changed: true, reply: `This plan (${state.planHash}) was never approved: it now awaits approval. Review its proposal, then /approve it.`, notices: [] };
  }
  const target = targetStep(state, named);
  if ("error" in target) return refuse(state, `Cannot ${verb}: ${target.error}.`);
  const { stepId } = target;
  const run = stepRun(state, stepId);
  const stepRuns = { ...state.stepRuns, [stepId]: { ...run, status: run.status === "DONE" ? "DONE" : "FAILED", tries: 0, firstStartedAt: null } };
  for (const fixer of remediationTargets(state.plan, stepId)) {
    const r = stepRuns[fixer];
    if (r && r.status !== "IN_PROGRESS") stepRuns[fixer] = { ...r, tries: 0, firstStartedAt: null };
  }
  const next = {
    ...state,
    status: "IN_PROGRESS",
    blockers: clearBlockers(state, stepId),
    notBefore: null,
    stepRuns
  };
  return { state: next, changed: true, reply: `Retrying ${stepId} with a fresh set of attempts.`, notices: [] };
}
function skip(state, named, now) {
  if (state.status !== "BLOCKED" && state.status !== "IN_PROGRESS" && !state.gate) return refuse(state, `Nothing to skip: the plan is ${state.status}.`);
  const target = targetStep(state, named);
  if ("error" in target) return refuse(state, `Cannot skip: ${target.error}.`);
  const { stepId } = target;
  const run = stepRun(state, stepId);
  const running = activeStepId(state);
  if (running !== void 0 && stepRun(state, running).status === "IN_PROGRESS") {
    return refuse(state, `Cannot skip ${stepId} while an attempt${running === stepId ? "" : ` of its remediation step ${running}`} is running; /cancel it first or wait.`);
  }
  const skipped = {
    ...state,
    status: "IN_PROGRESS",
    blockers: clearBlockers(state, stepId),
    ...state.gate ? { gate: null } : {},
    stepRuns: { ...state.stepRuns, [stepId]: { ...run, status: "SKIPPED" } }
  };
  const moved = advance(skipped, now);
  return { state: moved.state, changed: true, reply: `Skipped ${stepId}.`, notices: moved.notices };
}
function resume(state) {
  if (state.status === "BLOCKED") return unblock(state, void 0, "resume");
  if (state.status === "CANCELLED" || state.cancelRequested) {
    const stepId = currentStepId(state);
    const stepRuns = { ...state.stepRuns };
    const run = stepId !== void 0 ? stepRuns[stepId] : void 0;
    if (stepId !== void 0 && run && run.status !== "DONE" && run.status !== "SKIPPED" && run.status !== "IN_PROGRESS") {
      stepRuns[stepId] = { ...run, status: "PENDING", tries: 0, firstStartedAt: null };
    }
    const status = state.stepQueue.length === state.currentStep ? "DONE" : "IN_PROGRESS";
    return { state: { ...state, status, cancelRequested: null, stepRuns }, changed: true, reply: "Resumed.", notices: [] };
  }
  return refuse(state, `Nothing to resume: the plan is ${state.status}.`);
}
function statusLine(state) {
  const stepId = currentStepId(state);
  const run = stepId !== void 0 ? stepRun(state, stepId) : void 0;
  const where = stepId !== void 0 && state.status !== "DONE" ? `; current step ${stepId} (${run?.status ?? "PENDING"}, ${run?.tries ?? 0} tries)` : "";
  const wait = state.status === "IN_PROGRESS" && state.notBefore ? `; next step not before ${state.notBefore}` : "";
  const gate = state.status === "AWAITING_APPROVAL" && state.gate ? `; paused at the gate of ${state.gate.stepId}: /approve to run it` : "";
  const blockers = state.status === "BLOCKED" && state.blockers?.length ? `; blocked: ${state.blockers[state.blockers.length - 1]}` : "";
  return `Plan is ${state.status}: ${stepsDone(state)}/${state.stepQueue.length} steps done${where}${wait}${gate}${blockers}.`;
}

// src/core/tick/approval-check.ts
function statePlanHash(state) {
  return planHash({ ...state.plan, stepQueue: state.stepQueue });
}
function checkApproval(state, ctx) {
  if (state.status === "DONE" || state.status === "CANCELLED") return { kind: "ok" };
  const approval = state.approval;
  if (approval) {
    if (ctx.trusted && approval.planHash === state.planHash) return { kind: "ok" };
    const now = ctx.hashNow();
    if (approval.planHash === now && state.planHash === now) return { kind: "ok" };
    return { kind: "pause", approvedHash: approval.planHash, planHash: now, changes: diffFromDigests(approval.stepDigests, state.plan) };
  }
  if (state.status !== "IN_PROGRESS") {
    if (state.planHash === void 0 || ctx.trusted) return { kind: "ok" };
    const now = ctx.hashNow();
    return now === state.planHash ? { kind: "ok" } : { kind: "rehash", before: state.planHash, planHash: now };
  }
  if (!ctx.requireApproval) return { kind: "ok" };
  const stepId = currentStepId(state);
  if (stepId === void 0) return { kind: "ok" };
  return {
    kind: "block",
    stepId,
    reason: `the plan is marked IN_PROGRESS but has no approval (plan ${state.planHash ?? "without a hash"}), so nothing runs. Reply /resume to put it back to awaiting approval, have it proposed again (edit the issue), review it and /approve it; or /cancel it`
  };
}
function applyApprovalCheck(state, check) {
  switch (check.kind) {
    case "pause":
      return {
        state: { ...state, status: "AWAITING_APPROVAL", planHash: check.planHash, approval: null, notBefore: null },
        notices: [{ kind: "plan-changed", approvedHash: check.approvedHash, planHash: check.planHash, changes: check.changes }]
      };
    case "rehash":
      return { state: { ...state, planHash: check.planHash }, notices: [] };
    case "block":
      return block(state, check.stepId, check.reason);
  }
}
function planChangedLines(check) {
  const lines = [`The plan no longer matches its approval (approved ${check.approvedHash}, now ${check.planHash}): paused until it is approved again.`];
  if (!check.changes) return [...lines, "The approval kept no per-step record of this plan, so the steps that changed cannot be named."];
  const changed = check.changes.filter((c) => c.change !== "unchanged");
  if (!changed.length) return [...lines, "No step changed: the title or the run order did."];
  return [...lines, ...changed.map((c) => `  ${c.change.padEnd(8)} ${c.stepId}`)];
}

// src/core/tick/decide.ts
function decide(state, ctx) {
  if (state.status !== "IN_PROGRESS") return { kind: "idle", reason: `plan is ${state.status}` };
  const current = currentStepId(state);
  if (current === void 0) return { kind: "complete" };
  const chain = detourChain(state, current);
  const stepId = chain[chain.length - 1];
  const detourFor = chain.length > 1 ? chain[chain.length - 2] : void 0;
  const run = stepRun(state, stepId);
  if (run.status === "IN_PROGRESS") {
    const attempt = lastAttempt(run);
    const reason = staleReason(attempt, ctx);
    return reason ? { kind: "recover", stepId, attempt, reason } : { kind: "busy", stepId, attempt };
  }
  if (state.cancelRequested) return { kind: "cancel" };
  if (!detourFor && (run.status === "DONE" || run.status === "SKIPPED")) return { kind: "advance", stepId };
  const def = stepDef(state, stepId);
  const block2 = (reason) => ({ kind: "block", stepId: current, reason: detourFor ? `remediation step ${stepId}: ${reason}` : reason });
  const deadline = state.plan.deadline ? Date.parse(state.plan.deadline) : NaN;
  if (!Number.isNaN(deadline) && ctx.now.getTime() >= deadline) {
    return { kind: "block", stepId: current, reason: `plan deadline ${state.plan.deadline} passed` };
  }
  const max = maxAttemptsFor(def, ctx.limits);
  if (run.status === "FAILED" || detourFor) {
    const route = validationRoute(def, run);
    if (route === ROUTE_FAIL) return block2(`${run.error ?? "validation failed"} (onValidationFail: fail)`);
    if (run.tries >= max) return block2(`max retries (${max}) exceeded`);
    if (stepTimeLeftMs(def, run, ctx.now) <= 0) {
      return block2(`timed out: ran ${minutesSince(run.firstStartedAt, ctx.now)} min of its ${def.timeoutMinutes} min (timeoutMinutes)`);
    }
    const failedAttempt = lastAttempt(run)?.n;
    if (route !== null && route !== ROUTE_RETRY && failedAttempt !== void 0 && run.remediation?.forAttempt !== failedAttempt) {
      return { kind: "remediate", stepId, via: route, forAttempt: failedAttempt };
    }
  }
  if (!detourFor && gateClosed(state, stepId, def)) return { kind: "gate", stepId };
  if (state.notBefore && Date.parse(state.notBefore) > ctx.now.getTime()) return { kind: "wait", until: state.notBefore };
  const retry = run.status === "FAILED";
  const n = nextAttemptNumber(run);
  const lastError = retry ? run.error ?? "unknown error" : null;
  if (detourFor) return { kind: "run", stepId, n, prompt: remediationPrompt(state, stepId, detourFor, n - 1, lastError), retry, detourFor };
  return { kind: "run", stepId, n, prompt: stepPrompt(state, stepId, n - 1, lastError), retry };
}
function staleReason(attempt, ctx) {
  if (!attempt) return "interrupted: no owner recorded for the step in progress";
  if (ctx.ownerLiveness === "dead") return "interrupted: the tick running this attempt is gone";
  const lease = attempt.leaseExpiresAt ? Date.parse(attempt.leaseExpiresAt) : NaN;
  if (Number.isNaN(lease) || lease <= ctx.now.getTime()) {
    return `interrupted: lease expired at ${attempt.leaseExpiresAt ?? "(none)"} without a result`;
  }
  return null;
}
function minutesSince(iso2, now) {
  if (!iso2) return 0;
  return Math.round((now.getTime() - Date.parse(iso2)) / 6e4);
}

// src/core/tick/retry-backoff.ts
var MAX_RETRY_WAIT_MS = 4 * 60 * 6e4;
function retryDelayMs(failures, baseSeconds, random) {
  if (baseSeconds <= 0 || failures < 1) return 0;
  const raw = baseSeconds * 1e3 * 4 ** Math.min(failures - 1, 12);
  const jitter = 0.8 + 0.4 * Math.min(Math.max(random, 0), 1);
  return Math.round(Math.min(raw, MAX_RETRY_WAIT_MS) * jitter);
}

// src/core/tick/judge-attempt.ts
var ERROR_TAIL = 1500;
async function judgeAttempt(result, ctx) {
  const base = { exitCode: result.exitCode, stdout: result.stdout, durationMs: result.durationMs, outputs: [] };
  if (result.spawnError) return { ...base, outcome: "failed", error: `could not start the agent: ${result.spawnError}` };
  if (result.cancelled) return { ...base, outcome: "cancelled", error: `stopped by a cancel request: ${stoppedText(result.stoppedBy)}`, ...result.stoppedBy ? { stoppedBy: result.stoppedBy } : {} };
  if (result.timedOut) {
    return { ...base, outcome: "timed_out", timeoutMinutes: ctx.timeoutMs / 6e4, error: `timed out after ${formatMinutes(ctx.timeoutMs)} (process group terminated)${detail(result, ctx.logFile)}` };
  }
  if (result.exitCode !== 0) {
    const how = result.exitCode === null ? `was killed by ${result.signal ?? "a signal"}` : `exited with code ${result.exitCode}`;
    return { ...base, outcome: "failed", error: `agent ${how}${detail(result, ctx.logFile)}` };
  }
  const missing = await ctx.missingOutputs(ctx.requiredOutputs);
  if (missing.length) return { ...base, outcome: "failed", error: `Missing required outputs: ${missing.join(", ")}` };
  const read = ctx.readPayload ? await ctx.readPayload() : { ok: true, payload: void 0 };
  if (!read.ok) return { ...base, outcome: "failed", error: read.error };
  const payload = read.payload !== void 0 ? { payload: read.payload } : {};
  const results = ctx.checkRules ? await ctx.checkRules(read.payload) : [];
  const failure = validationFailure(results);
  if (failure) return { ...base, outcome: "failed", error: failure, failedRules: results.filter((r) => !r.ok).map((r) => r.rule) };
  return { ...base, ...payload, outcome: "succeeded", error: null, outputs: ctx.requiredOutputs };
}
function detail(result, logFile) {
  const text = (result.stderr.trim() || result.stdout.trim()).slice(-ERROR_TAIL);
  const where = ` (full log: ${logFile})`;
  return text ? `: ${text}${where}` : where;
}
function formatMinutes(ms) {
  return ms >= 6e4 ? `${Math.round(ms / 6e4)} min` : `${Math.round(ms / 1e3)} s`;
}

// src/step-contract.ts
function attemptPaths(logDir, stepId, n) {
  const base = `${logDir}/${stepId}/attempt-${n}`;
  return {
    logFile: `${base}.log`,
    payloadFile: `${base}.payload.json`,
    inputFile: `${base}.input.json`,
    stopFile: `${base}.stop`,
    checkLog: (index) => `${base}.check-${index + 1}.log`
  };
}
async function prepareAttempt(files, state, def, paths) {
  await files.remove(paths.payloadFile);
  await files.remove(paths.stopFile);
  if (def.inheritPayload !== true) return {};
  await files.write(paths.inputFile, `${JSON.stringify(inheritedPayloads(state), null, 2)}
`);
  return { SEQUENCER_INPUT_FILE: paths.inputFile };
}
function contractChecks(deps, state, def, paths, env) {
  const maxBytes = deps.payloadMaxBytes;
  const rules = def.validate ?? [];
  return {
    readPayload: async () => interpretPayload(await deps.files.read(paths.payloadFile, maxBytes), { maxBytes, expected: def.expectPayload === true }),
    ...rules.length ? {
      checkRules: (payload) => evaluateRules(rules, { verifier: deps.verifier, payload, payloadOf: (id) => state.stepRuns[id]?.payload, env, logFileFor: paths.checkLog })
    } : {}
  };
}

// src/engine.ts
async function tick(deps, cfg) {
  const acquired = await deps.store.acquire();
  if (!acquired.ok) {
    deps.log.info(`Another tick holds ${deps.store.description} (${acquired.holder}); nothing to do.`);
    return { outcome: "busy", attempts: 0, writes: 0, detail: acquired.holder };
  }
  try {
    return await new Tick(deps, cfg).run();
  } finally {
    await deps.store.release();
  }
}
var Tick = class {
  constructor(deps, cfg) {
    this.deps = deps;
    this.cfg = cfg;
  }
  deps;
  cfg;
  state;
  attempts = 0;
  writes = 0;
  configProblem;
  /** What the inbox asked to remember (an ETag), saved with the next write; a read alone never writes. */
  inboxMemo;
  /** What answering people without permission has cost this tick. */
  refusals = { answered: /* @__PURE__ */ new Set(), reactions: 0 };
  /** The loaded state is what this build wrote and no approval is required: its plan needs no hashing. */
  trusted = false;
  /** The hash of the plan last checked; transitions keep the plan object, so it is hashed once per tick. */
  hashed;
  async run() {
    const loaded = await this.deps.store.load();
    if (loaded.kind === "missing") {
      this.deps.log.info(`No state at ${this.deps.store.description}; nothing to do.`);
      return { outcome: "missing", attempts: 0, writes: 0 };
    }
    this.state = loaded.state;
    this.trusted = loaded.verbatim === true && !this.cfg.requireApproval;
    try {
      await this.checkApproval();
      await this.applyInbox();
      if (this.cfg.commandsOnly) return this.result(idleOutcome(this.state));
      if (this.state.status === "IN_PROGRESS") {
        await this.revalidateDoneSteps();
        this.showResume();
      }
      return await this.loop();
    } catch (err) {
      if (err instanceof ConflictError) {
        this.deps.log.warn(`Giving up this tick: ${err.message}`);
        return this.result("conflict", err.message);
      }
      throw err;
    }
  }
  result(outcome, detail2) {
    return { outcome, state: this.state, attempts: this.attempts, writes: this.writes, ...detail2 ? { detail: detail2 } : {}, ...this.configProblem ? { configProblem: this.configProblem } : {} };
  }
  now() {
    return this.deps.clock.now();
  }
  /** One durable write, then the notices it produced. */
  async commit({ state, notices }, meta) {
    const inbox = this.inboxMemo ? { inbox: { ...state.inbox, ...this.inboxMemo } } : {};
    this.state = await this.deps.store.write({ ...state, ...inbox, lastHeartbeatIso: this.now().toISOString() }, meta);
    this.inboxMemo = void 0;
    this.writes++;
    for (const notice of notices) {
      if (notice.kind === "timed-out") this.deps.log.warn(`Plan ${this.state.planId ?? "plan"}: ${timedOutText(notice.stepId, notice.minutes)}.`);
      try {
        await this.deps.notifier.notify(notice, this.state);
      } catch (err) {
        this.deps.log.warn(`Could not deliver the ${notice.kind} notice: ${describeError(err)}`);
      }
    }
  }
  async applyInbox() {
    const inbox = this.deps.inbox;
    if (!inbox) return;
    const { items, memo } = await inbox.read(this.state.inbox ?? {});
    if (memo) this.inboxMemo = { ...this.inboxMemo, ...memo };
    if (!items.length) return;
    let state = this.state;
    let changed = false;
    const notices = [];
    const replies = [];
    for (const item of items) {
      if (item.refusal) {
        replies.push([item, item.refusal, true]);
        this.deps.log.warn(`Command /${item.command.kind} from ${item.command.by} refused: ${item.refusal}`);
        continue;
      }
      const outcome = applyCommand(state, item.command, this.now());
      state = outcome.state;
      changed ||= outcome.changed;
      notices.push(...outcome.notices);
      replies.push([item, outcome.reply, outcome.refused === true]);
      this.deps.log.info(`Command /${item.command.kind} from ${item.command.by}: ${outcome.reply}`);
    }
    if (changed) {
      const checked = this.approvalTransition(state);
      if (checked) {
        state = checked.state;
        notices.push(...checked.notices);
      }
    }
    const cursors = {};
    for (const item of items) {
      const key = item.cursorKey ?? inbox.cursorKey;
      cursors[key] = Math.max(cursors[key] ?? 0, item.cursor);
    }
    if (changed) {
      state = { ...state, inbox: { ...state.inbox, ...cursors } };
      await this.commit({ state, notices }, { kind: "update", message: `commands: ${items.map((i) => `/${i.command.kind}`).join(" ")}` });
    } else {
      for (const [key, last] of Object.entries(cursors)) {
        const seen = Number(this.inboxMemo?.[key] ?? 0);
        this.inboxMemo = { ...this.inboxMemo, [key]: Math.max(seen, last) };
      }
    }
    for (const [key, last] of Object.entries(cursors)) await inbox.acknowledge(last, key);
    const { answers, budget } = refusalAnswers(items, this.refusals);
    this.refusals = budget;
    for (const [i, [item, text, refused]] of replies.entries()) {
      const answer2 = answers[i] === "reply" || !inbox.react ? inbox.reply?.(item, text, refused) : answers[i] === "react" ? inbox.react(item) : void 0;
      await answer2?.catch((err) => this.deps.log.warn(`Could not reply: ${describeError(err)}`));
    }
  }
  /** Resume re-validation: a finished step whose outputs vanished is run again before moving on. */
  async revalidateDoneSteps() {
    const byStep = await this.missingDoneOutputs(this.state.currentStep);
    if (!byStep.size) return;
    await this.commit(reopenSteps(this.state, byStep), { kind: "update", message: `reopen ${[...byStep.keys()].join(", ")}: outputs missing` });
  }
  /** Required outputs of the DONE steps among the first `upTo` of the queue that are gone now. */
  async missingDoneOutputs(upTo) {
    const wanted = [];
    for (const id of this.state.stepQueue.slice(0, upTo)) {
      const outputs = this.state.plan.steps[id]?.requiredOutputs;
      if (outputs?.length && this.state.stepRuns[id]?.status === "DONE") wanted.push([id, outputs]);
    }
    if (!wanted.length) return /* @__PURE__ */ new Map();
    const missing = new Set(await this.deps.workspace.missingOutputs(wanted.flatMap(([, o]) => o)));
    if (!missing.size) return /* @__PURE__ */ new Map();
    const byStep = new Map(wanted.map(([id, o]) => [id, o.filter((p) => missing.has(p))]).filter(([, m]) => m.length));
    for (const [id, m] of byStep) this.deps.log.warn(`${id} was done but its outputs are missing (${m.join(", ")}); running it again.`);
    return byStep;
  }
  showResume() {
    if (this.state.currentStep === 0) return;
    for (const line of resumeLines(this.state)) this.deps.log.info(line);
  }
  /** Before commands and before every attempt: only an approved plan runs (DESIGN §9). */
  async checkApproval() {
    const checked = this.approvalTransition(this.state);
    if (checked) await this.commit(checked, { kind: "update", message: `approval check: plan ${checked.state.planHash ?? ""} ${checked.state.status}` });
  }
  approvalTransition(state) {
    const check = checkApproval(state, { hashNow: () => this.planHashOf(state), trusted: this.trusted, requireApproval: this.cfg.requireApproval === true });
    switch (check.kind) {
      case "ok":
        return null;
      case "pause":
        for (const line of planChangedLines(check)) this.deps.log.warn(line);
        break;
      case "rehash":
        this.deps.log.warn(`The plan changed while awaiting approval (${check.before} \u2192 ${check.planHash}); an approval must be of the plan as it is now.`);
        break;
      case "block":
        this.deps.log.error(`${check.stepId} blocked: ${check.reason}`);
        break;
    }
    return applyApprovalCheck(state, check);
  }
  planHashOf(state) {
    const h = this.hashed;
    if (h && h.plan === state.plan && h.queue === state.stepQueue) return h.hash;
    const hash = statePlanHash(state);
    this.hashed = { plan: state.plan, queue: state.stepQueue, hash };
    return hash;
  }
  async loop() {
    for (; ; ) {
      if (this.attempts > 0) await this.applyInbox();
      await this.checkApproval();
      const d = await this.decide();
      switch (d.kind) {
        case "idle":
          return this.result(idleOutcome(this.state), d.reason);
        case "busy":
          this.deps.log.info(`${d.stepId} attempt ${d.attempt?.n ?? "?"} is running in another tick (${ownerText(d.attempt?.owner)}); nothing to do.`);
          return this.result("busy");
        case "wait":
          this.deps.log.info(`Step delay: the next step starts after ${d.until}.`);
          return this.result("waiting", d.until);
        case "complete":
          await this.commit(complete(this.state), { kind: "update", message: "plan done" });
          break;
        case "advance":
          await this.commit(advance(this.state, this.now()), { kind: "update", message: `${d.stepId} finished; advance` });
          break;
        case "cancel":
          await this.commit(cancel(this.state), { kind: "update", message: "plan cancelled" });
          break;
        case "gate":
          this.deps.log.info(`${d.stepId} is gated: the plan waits for an approval before it runs.`);
          await this.commit(pauseAtGate(this.state, d.stepId, stepDef(this.state, d.stepId), this.now()), { kind: "update", message: `paused at the gate of ${d.stepId}` });
          break;
        case "block":
          this.deps.log.error(`${d.stepId} blocked: ${d.reason}`);
          await this.commit(block(this.state, d.stepId, d.reason), { kind: "update", message: `${d.stepId} blocked: ${d.reason}` });
          break;
        case "recover":
          await this.recover(d);
          break;
        case "remediate":
          this.deps.log.warn(`${d.stepId} attempt ${d.forAttempt} failed validation; running remediation step ${d.via}, then ${d.stepId} again.`);
          await this.commit(beginRemediation(this.state, d.stepId, d.via, d.forAttempt), {
            kind: "update",
            message: `${d.stepId} attempt ${d.forAttempt} failed validation; remediate with ${d.via}`
          });
          break;
        case "run": {
          const stop = await this.runAttempt(d);
          if (stop) return stop;
          break;
        }
      }
    }
  }
  async decide() {
    const stepId = activeStepId(this.state);
    const inFlight = stepId !== void 0 && this.state.status === "IN_PROGRESS" ? lastAttempt(stepRun(this.state, stepId)) : void 0;
    const ownerLiveness = inFlight?.owner && stepRun(this.state, stepId).status === "IN_PROGRESS" ? await this.liveness(inFlight.owner) : void 0;
    return decide(this.state, { now: this.now(), limits: this.cfg.limits, ...ownerLiveness ? { ownerLiveness } : {} });
  }
  /**
   * An attempt this very runner started is not running: its ticks run one after another, and
   * the one that started it has ended (its write was refused as stale, or it failed). Asking the
   * probe would say "alive" (it is us) and leave the attempt to its lease, an hour away.
   */
  liveness(owner) {
    return sameOwner(owner, this.cfg.owner) ? Promise.resolve("dead") : this.deps.owners.liveness(owner);
  }
  async recover(d) {
    if (d.attempt?.logFile) await this.deps.agent.reap(path9.resolve(path9.dirname(this.cfg.logDir), d.attempt.logFile));
    this.deps.log.warn(`${d.stepId} attempt ${d.attempt?.n ?? "?"} ${d.reason}`);
    if (await this.acceptInterrupted(d)) return;
    await this.commit(recoverAttempt(this.state, d.stepId, d.reason, this.now()), {
      kind: "update",
      message: `${d.stepId} attempt ${d.attempt?.n ?? "?"} interrupted`
    });
  }
  /**
   * Crash acceptance: the dead attempt's work is still in this workspace, so its step's contract
   * is checked before spending another agent run. True when the step was recorded DONE.
   */
  async acceptInterrupted(d) {
    const def = stepDef(this.state, d.stepId);
    const n = d.attempt?.n;
    if (n === void 0 || !mayAcceptInterrupted(d.attempt, this.cfg.owner, def)) return false;
    if (currentStepId(this.state) !== d.stepId) return false;
    const paths = attemptPaths(this.cfg.logDir, d.stepId, n);
    const env = { ...this.cfg.agentEnv, ...def.env, ...this.attemptEnv({ kind: "run", stepId: d.stepId, n, prompt: "", retry: false }, paths) };
    const contract = { verifier: this.deps.verifier, files: this.deps.attemptFiles, payloadMaxBytes: this.cfg.payloadMaxBytes ?? DEFAULT_PAYLOAD_MAX_BYTES };
    const exited = { exitCode: 0, signal: null, timedOut: false, cancelled: false, stdout: "", stderr: "", outputBytes: 0, durationMs: 0 };
    const judged = await judgeAttempt(exited, {
      requiredOutputs: def.requiredOutputs ?? [],
      missingOutputs: (outputs) => this.deps.workspace.missingOutputs(outputs),
      timeoutMs: 0,
      logFile: paths.logFile,
      ...contractChecks(contract, this.state, def, paths, env)
    });
    if (judged.outcome !== "succeeded") {
      this.deps.log.info(`${d.stepId}: the interrupted attempt's work does not meet the step's contract (${judged.error ?? "failed"}); it runs again.`);
      return false;
    }
    this.deps.log.warn(`${d.stepId}: the interrupted attempt ${n} left work that meets the step's contract; recorded as recovered, no new agent run.`);
    const last = this.state.currentStep === this.state.stepQueue.length - 1;
    const reopen = last ? await this.missingDoneOutputs(this.state.currentStep) : /* @__PURE__ */ new Map();
    const recovered = { ...judged, outcome: "recovered", exitCode: null, error: null };
    await this.commit(finishAttempt(this.state, d.stepId, recovered, this.now(), reopen.size ? { reopen } : {}), {
      kind: "completion",
      message: `${d.stepId} attempt ${n} recovered`
    });
    return true;
  }
  /** Runs one attempt; returns a result when the tick must stop instead of continuing. */
  async runAttempt(d) {
    const def = stepDef(this.state, d.stepId);
    const command = def.agent ?? this.cfg.agentCommand;
    const source = def.agent ? `plan.steps.${d.stepId}.agent` : this.cfg.agentSource ?? "STEP_AGENT_CMD";
    const argv = command ? parseAgentCommand(command, source) : [];
    const program = argv[0] !== void 0 ? await this.deps.agent.resolve(argv[0]) : null;
    const problems = !command ? [`No agent command for ${d.stepId}: set STEP_AGENT_CMD (or --agent / the agent-command input) or plan.steps.${d.stepId}.agent.`] : program ? await this.deps.workspace.preflight(def.requiredOutputs ?? []) : [`${source}: "${argv[0]}" not found on PATH (command: ${JSON.stringify(command)})`];
    if (problems.length) {
      const reason = `preflight failed: ${problems.join("; ")}`;
      if (this.cfg.preflight !== "block") throw new ConfigError(problems.join("\n"));
      this.deps.log.error(`${d.stepId} ${reason}`);
      this.configProblem = `${d.stepId} ${reason}`;
      const blocked = d.detourFor ? currentStepId(this.state) ?? d.stepId : d.stepId;
      await this.commit(block(this.state, blocked, reason), { kind: "update", message: `${blocked} blocked: preflight failed` });
      return null;
    }
    const now = this.now();
    const timeoutMs = Math.max(1e3, Math.min(attemptTimeoutMsFor(def, this.cfg.limits), stepTimeLeftMs(def, stepRun(this.state, d.stepId), now)));
    if (this.cfg.deadline && now.getTime() + timeoutMs > this.cfg.deadline.getTime()) {
      this.deps.log.info(`Time budget: not enough left for ${d.stepId} (attempt timeout ${Math.round(timeoutMs / 6e4)} min); a later run continues.`);
      return this.result("budget");
    }
    const paths = attemptPaths(this.cfg.logDir, d.stepId, d.n);
    const { logFile } = paths;
    const shownLog = path9.relative(path9.dirname(this.cfg.logDir), logFile);
    await this.commit(startAttempt(this.state, { stepId: d.stepId, n: d.n, owner: this.cfg.owner, now, leaseMs: timeoutMs + this.cfg.leaseMarginMs, logFile: shownLog }), {
      kind: "checkpoint",
      message: `${d.stepId} attempt ${d.n} started`
    });
    this.attempts++;
    const env = { ...this.cfg.agentEnv, ...def.env, ...this.attemptEnv(d, paths), ...await prepareAttempt(this.deps.attemptFiles, this.state, def, paths) };
    const position = `(${this.state.currentStep + 1}/${this.state.stepQueue.length})`;
    const role = d.detourFor ? ` (remediation for ${d.detourFor})` : "";
    const maxAttempts = maxAttemptsFor(def, this.cfg.limits);
    const judged = await this.deps.log.group(`${position} ${d.stepId} ${def.title}: attempt ${d.n}${d.retry ? " (retry)" : ""}${role}`, async () => {
      this.deps.log.info(attemptHeader(argv, d.prompt, timeoutMs, d.n, maxAttempts));
      const result = await this.execute([program, ...argv.slice(1), d.prompt], timeoutMs, paths, env);
      const contract = { verifier: this.deps.verifier, files: this.deps.attemptFiles, payloadMaxBytes: this.cfg.payloadMaxBytes ?? DEFAULT_PAYLOAD_MAX_BYTES };
      const verdict = withoutPrefix(await judgeAttempt(result, {
        requiredOutputs: def.requiredOutputs ?? [],
        missingOutputs: (outputs) => this.deps.workspace.missingOutputs(outputs),
        timeoutMs,
        logFile: shownLog,
        ...contractChecks(contract, this.state, def, paths, env)
      }), `${path9.dirname(this.cfg.logDir)}${path9.sep}`);
      if (verdict.outcome === "succeeded") this.deps.log.info(`${position} ${d.stepId} done (attempt ${d.n} of ${maxAttempts}, ${formatMs(result.durationMs)}).`);
      else this.deps.log.error(`${position} ${d.stepId} attempt ${d.n} ${verdict.outcome}: ${verdict.error}`);
      return verdict;
    });
    const retryAt = this.retryAt(d, def, judged);
    const last = !d.detourFor && judged.outcome === "succeeded" && this.state.currentStep === this.state.stepQueue.length - 1;
    const reopen = last ? await this.missingDoneOutputs(this.state.currentStep) : /* @__PURE__ */ new Map();
    await this.commit(finishAttempt(this.state, d.stepId, judged, this.now(), { ...d.detourFor ? { detourFor: d.detourFor } : {}, ...reopen.size ? { reopen } : {}, ...retryAt ? { retryAt } : {} }), {
      kind: judged.outcome === "succeeded" ? "completion" : "update",
      message: `${d.stepId} attempt ${d.n} ${judged.outcome}`
    });
    return null;
  }
  /**
   * When a failed attempt will be retried, the instant the retry may start (retry backoff), or
   * undefined for at once. A detour through a remediation step starts at once: it is the fix.
   */
  retryAt(d, def, judged) {
    if (judged.outcome === "succeeded" || judged.outcome === "cancelled") return void 0;
    const tries = stepRun(this.state, d.stepId).tries;
    if (tries >= maxAttemptsFor(def, this.cfg.limits)) return void 0;
    const route = def.onValidationFail;
    if (judged.failedRules?.length && route !== void 0 && route !== "retry" && route !== "fail") return void 0;
    const waitMs = retryDelayMs(tries, retryBackoffSecondsFor(def, this.cfg.limits), (this.cfg.random ?? Math.random)());
    if (waitMs <= 0) return void 0;
    const at = new Date(this.now().getTime() + waitMs).toISOString();
    this.deps.log.info(`${d.stepId} will be retried after ${at} (retry backoff, ${Math.round(waitMs / 1e3)} s).`);
    return at;
  }
  /** The SEQUENCER_ variables of an attempt; check commands of validation rules get them too. */
  attemptEnv(d, { payloadFile, stopFile }) {
    return {
      SEQUENCER_PLAN_ID: this.state.planId ?? "plan",
      SEQUENCER_STEP_ID: d.stepId,
      SEQUENCER_ATTEMPT: String(d.n),
      SEQUENCER_ATTEMPT_ID: attemptId(this.state, d.stepId, d.n),
      SEQUENCER_WORKSPACE: this.deps.workspace.root,
      SEQUENCER_PAYLOAD_FILE: payloadFile,
      SEQUENCER_STOP_FILE: stopFile,
      SEQUENCER_STEP_INDEX: String(this.state.currentStep + 1),
      SEQUENCER_STEP_TOTAL: String(this.state.stepQueue.length),
      SEQUENCER_REQUIRED_OUTPUTS: JSON.stringify(stepDef(this.state, d.stepId).requiredOutputs ?? [])
    };
  }
  async execute(argv, timeoutMs, { logFile, stopFile }, env) {
    const brake = new AbortController();
    const stopPolling = this.pollForCancel(brake);
    const echo = this.cfg.echoAgentOutput ? lineEcho((line) => this.deps.log.info(`  \u2502 ${line}`), this.cfg.echoCap) : null;
    try {
      return await this.deps.agent.run({
        argv,
        cwd: this.deps.workspace.root,
        env,
        timeoutMs,
        graceMs: this.cfg.graceMs,
        logFile,
        signal: brake.signal,
        stop: { file: stopFile, message: STOP_MESSAGE, graceMs: this.cfg.stopGraceMs ?? 0 },
        ...echo ? { onOutput: (chunk) => echo.push(chunk) } : {}
      });
    } finally {
      stopPolling();
      echo?.end();
    }
  }
  /** Soft brake: while the agent runs, a /cancel in the inbox aborts it (stop file, stop grace, SIGTERM, grace, SIGKILL). */
  pollForCancel(brake) {
    const inbox = this.deps.inbox;
    if (!inbox || !this.cfg.inboxPollMs) return () => {
    };
    const memo = { ...this.state.inbox, ...this.inboxMemo };
    let busy = false;
    const timer = setInterval(() => {
      if (busy) return;
      busy = true;
      inbox.read(memo).then(({ items }) => {
        if (items.some((i) => i.command.kind === "cancel" && !i.refusal)) {
          this.deps.log.warn(`Cancel requested: asking the agent to stop (${Math.round((this.cfg.stopGraceMs ?? 0) / 1e3)} s to exit on its own).`);
          brake.abort();
        }
      }).catch((err) => this.deps.log.debug(`Inbox poll failed: ${describeError(err)}`)).finally(() => {
        busy = false;
      });
    }, this.cfg.inboxPollMs);
    timer.unref();
    return () => clearInterval(timer);
  }
};
function attemptHeader(argv, prompt, timeoutMs, n, of) {
  const shown = [...argv, shortPrompt(prompt)].map((a) => /^[\w@%+=:,./-]+$/.test(a) ? a : JSON.stringify(a)).join(" ");
  return `Runs: ${shown} (timeout ${formatMs(timeoutMs)}, attempt ${n} of ${of})`;
}
function shortPrompt(prompt) {
  const firstLine2 = prompt.split("\n", 1)[0] ?? "";
  return firstLine2.length <= 60 && firstLine2.length === prompt.length ? prompt : `${firstLine2.slice(0, 60)}\u2026 (prompt, ${prompt.length} characters)`;
}
function withoutPrefix(value, prefix) {
  if (prefix.length <= 1) return value;
  const escaped = JSON.stringify(prefix).slice(1, -1);
  return JSON.parse(JSON.stringify(value).split(escaped).join(""));
}
function formatMs(ms) {
  if (ms < 1e3) return `${Math.round(ms)} ms`;
  if (ms < 12e4) return `${Math.round(ms / 1e3)} s`;
  return `${Math.round(ms / 6e4)} min`;
}
function idleOutcome(state) {
  switch (state.status) {
    case "DONE":
      return "done";
    case "BLOCKED":
      return "blocked";
    case "CANCELLED":
      return "cancelled";
    case "AWAITING_APPROVAL":
      return "awaiting-approval";
    default:
      return "idle";
  }
}
function ownerText(owner) {
  if (!owner) return "owner unknown";
  return owner.kind === "local" ? `pid ${owner.pid} on ${owner.host}` : `workflow run ${owner.runId} attempt ${owner.runAttempt}`;
}

// src/core/render/gate-markdown.ts
function gateNotice(state, stepId, links = {}) {
  const id = state.planId ?? "plan";
  const def = state.plan.steps[stepId];
  const episode = `${stepId}-${(state.gate?.at ?? String(state.revision ?? 0)).replace(/[^0-9A-Za-z]/g, "")}`;
  const outputs = state.artifacts ?? [];
  const reason = state.gate?.stepId === stepId ? state.gate.reason : void 0;
  return [
    `<!-- agent-step-sequencer:gate:${id}:${episode} -->`,
    `### \u270B Waiting for approval before \`${stepId}\`: ${inline(def?.title ?? stepId)}`,
    "",
    ...reason ? [`**Why a person looks first:** ${inline(reason, 300)}`, ""] : [],
    `${stepsDone(state)} of ${state.stepQueue.length} steps are done:`,
    "",
    stepTable(state, links),
    "",
    outputs.length ? "**Outputs to review**" : "No outputs so far.",
    ...outputs.map((o) => `- ${outputText(o, links, true)}`),
    "",
    `**Next:** \`${stepId}\`, which will be told:`,
    fence(def?.instruction ?? "", 2e3),
    "",
    "To continue, reply with one of:",
    `- \`/approve\`: run \`${stepId}\` (this approval is for plan \`${inline(state.gate?.planHash ?? state.planHash ?? "", 80)}\` only)`,
    `- \`/skip\`: mark \`${stepId}\` skipped and go on`,
    "- `/cancel`: stop the plan"
  ].join("\n");
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
  terminalText,
  terminalJson,
  statusTable,
  finalSummary,
  blockerReport,
  stoppedText,
  marker,
  stepTable,
  statusComment,
  blockerNotice,
  finalSummaryComment,
  cancelledNotice,
  jobSummary,
  gateNotice,
  gateReport,
  gateOf,
  ROUTE_RETRY,
  ROUTE_FAIL,
  activeStepId,
  remediationTargets,
  localOwner,
  LocalOwnerProbe,
  FsWorkspace,
  findJsonSyntaxError,
  FsVerifier,
  FsAttemptFiles,
  ScrubbingStore,
  ACTIONS_ECHO_CAP,
  tick
};
