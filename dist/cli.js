#!/usr/bin/env node
import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);
import {
  COMMAND_KINDS,
  CacheStore,
  ConfigError,
  ConflictError,
  EXIT,
  ExecAgentRunner,
  FsAttemptFiles,
  FsVerifier,
  FsWorkspace,
  GitStore,
  LocalOwnerProbe,
  SequencerError,
  StateError,
  auditFindings,
  blockerReport,
  classifyRequest,
  describeAction,
  describeError,
  effectiveQueue,
  finalSummary,
  findJsonSyntaxError,
  formatFinding,
  isActiveRef,
  isRefSafePlanId,
  isTempFileFor,
  isValidPid,
  listPlanRefs,
  loadPlanText,
  localOwner,
  maintenancePlan,
  markPlanIdle,
  newState,
  parseState,
  pidAlive,
  planFromRequest,
  planMatrix,
  prunePlanRef,
  readPlanFacts,
  replan,
  serializeState,
  shortTitle,
  showValue,
  statusTable,
  stepsDone,
  tick,
  writeFileAtomic,
  writeFileAtomicStat
} from "./chunks/chunk-TV4XSYQF.js";
import "./chunks/chunk-PANJYNO7.js";

// src/cli/commands/heartbeat.ts
import { stat as stat3 } from "node:fs/promises";
import { setTimeout as sleep2 } from "node:timers/promises";

// src/adapters/console-log.ts
var ConsoleLog = class {
  constructor(opts = {}) {
    this.opts = opts;
    this.out = opts.out ?? ((line) => process.stdout.write(`${line}
`));
    this.err = opts.err ?? ((line) => process.stderr.write(`${line}
`));
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
        this.log.warn(`Plan cancelled${notice.runningStep ? ` while ${notice.runningStep} was running (its agent was stopped)` : ""}; ${stepsDone(state)} of ${state.stepQueue.length} steps were done.`);
        break;
      case "reopened":
        this.log.warn(`${notice.stepId} reopened: required outputs missing (${notice.missing.join(", ")}).`);
        break;
      default:
        break;
    }
  }
};

// src/cli/wiring.ts
import path3 from "node:path";

// src/adapters/file-inbox.ts
import { mkdir, readFile, readdir, rename, unlink as unlink2 } from "node:fs/promises";
import path from "node:path";

// src/adapters/file-lock.ts
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
async function createExclusive(path9, text) {
  const draft = `${path9}.${process.pid}.${randomBytes(4).toString("hex")}.new`;
  const handle = await open(draft, "wx", 420);
  try {
    await handle.writeFile(text, "utf8");
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await link(draft, path9);
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
async function inspect(path9) {
  let handle;
  try {
    handle = await open(path9, "r");
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
async function statQuietly(path9) {
  try {
    return await stat(path9, { bigint: true });
  } catch (err) {
    if (code(err) === "ENOENT") return null;
    throw err;
  }
}
async function unlinkQuietly(path9) {
  try {
    await unlink(path9);
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

// src/adapters/file-inbox.ts
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
    names = await readdir(dir);
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

// src/adapters/file-store.ts
import { mkdir as mkdir2, open as open2, readdir as readdir2, stat as stat2, unlink as unlink3 } from "node:fs/promises";
import path2 from "node:path";
var FileStore = class {
  description;
  statePath;
  lockPath;
  useLock;
  command;
  heldLock = null;
  basis = { kind: "unloaded" };
  constructor(options) {
    this.statePath = options.statePath;
    this.lockPath = `${options.statePath}.lock`;
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
  async load() {
    this.basis = { kind: "unreadable", reason: "load() did not finish" };
    let handle;
    try {
      handle = await open2(this.statePath, "r");
    } catch (err) {
      if (errorCode2(err) === "ENOENT") {
        this.basis = { kind: "missing" };
        return { kind: "missing" };
      }
      throw this.unreadable(`Cannot open state file ${this.statePath}: ${describeError(err)}`);
    }
    let text;
    let stats;
    try {
      stats = await handle.stat({ bigint: true });
      text = await handle.readFile("utf8");
    } catch (err) {
      throw this.unreadable(`Cannot read state file ${this.statePath}: ${describeError(err)}`);
    } finally {
      await handle.close();
    }
    const document = this.parseJson(text);
    let state;
    try {
      state = parseState(document, { owned: true });
    } catch (err) {
      if (err instanceof StateError) {
        const wrapped = err.issues.length ? new StateError(`Invalid state file ${this.statePath}`, err.issues, err.hint) : new StateError(`Invalid state file ${this.statePath}: ${err.message}`, [], err.hint);
        throw this.unreadable(wrapped);
      }
      throw this.unreadable(`Invalid state file ${this.statePath}: ${describeError(err)}`);
    }
    this.basis = { kind: "present", revision: state.revision ?? 0, stamp: stampOf(stats) };
    return { kind: "loaded", state };
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
    const text = serializeState(next);
    if (this.basis.kind === "missing") await mkdir2(path2.dirname(this.statePath), { recursive: true });
    const stats = await writeFileAtomicStat(this.statePath, text);
    this.basis = { kind: "present", revision: expected + 1, stamp: stampOf(stats) };
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
    const current = await statQuietly2(this.statePath);
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
function stampOf(stats) {
  return { ino: stats.ino, size: stats.size, mtimeNs: stats.mtimeNs };
}
function sameStamp(a, b) {
  return a.ino === b.ino && a.size === b.size && a.mtimeNs === b.mtimeNs;
}
async function statQuietly2(filePath) {
  try {
    return await stat2(filePath, { bigint: true });
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
function createStore(s, command) {
  if (s.store === "file") return new FileStore({ statePath: s.statePath, command });
  if (s.store === "cache") return new CacheStore({ workspace: s.workspace, planId: s.planId, log: new ConsoleLog({ quiet: s.quiet }) });
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
async function createEngine(s, command) {
  const paths = localPaths(s);
  const log = new ConsoleLog({ quiet: s.quiet });
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
  const cfg = {
    ...s.agentCommand !== void 0 ? { agentCommand: s.agentCommand } : {},
    agentSource: s.agentSource,
    limits: { maxAttempts: s.maxAttempts, attemptTimeoutMinutes: s.attemptTimeoutMinutes },
    owner: localOwner(),
    logDir: paths.logDir,
    leaseMarginMs: 5 * 6e4,
    graceMs: s.graceSeconds * 1e3,
    inboxPollMs: 1e3,
    echoAgentOutput: !s.quiet,
    ...s.budgetMinutes ? { deadline: new Date(Date.now() + s.budgetMinutes * 6e4) } : {}
  };
  return { deps, cfg, paths };
}

// src/cli/commands/setup.ts
import os2 from "node:os";

// src/cli/commands/plan-file.ts
import { readFile as readFile2 } from "node:fs/promises";
async function readPlanFile(file) {
  let text;
  try {
    text = await readFile2(file, "utf8");
  } catch (err) {
    throw new ConfigError(`--plan: cannot read "${file}" (${describeError(err)}); expected a JSON or YAML plan file`);
  }
  return loadPlanText(text, file);
}

// src/cli/commands/setup.ts
async function validateCommand(s, print2) {
  const file = s.positionals[0] ?? s.planFile;
  if (!file) throw new ConfigError("validate: expected a plan file, e.g. `agent-step-sequencer validate plan.json`");
  const { plan } = await readPlanFile(file);
  print2(`${file}: valid plan with ${Object.keys(plan.steps).length} steps.`);
  return 0;
}
async function initState(s, opts, print2) {
  if (!s.planFile) throw new ConfigError("--plan: required, e.g. `--plan plan.json`");
  const extracted = await readPlanFile(s.planFile);
  const store = createStore(s, "init");
  const acquired = await store.acquire();
  if (!acquired.ok) throw new ConfigError(`Cannot initialize: another tick holds ${store.description} (${acquired.holder}).`);
  try {
    const now = /* @__PURE__ */ new Date();
    const existing = await store.load();
    if (existing.kind === "loaded") {
      const queue = effectiveQueue(extracted.plan, extracted.stepQueue);
      const { state: state2, changes } = replan(existing.state, extracted.plan, queue, now);
      if (state2.planHash === existing.state.planHash) return "unchanged";
      const written2 = await store.write(state2, { kind: "update", message: "plan changed; awaiting approval" });
      print2(`The plan in ${s.planFile} differs from the approved one (${existing.state.planHash} \u2192 ${state2.planHash}):`);
      for (const c of changes.filter((c2) => c2.change !== "unchanged")) print2(`  ${c.change.padEnd(8)} ${c.stepId}`);
      print2(statusTable(written2));
      print2("Review the changes, then run `agent-step-sequencer approve` to continue (completed, unchanged steps are kept).");
      return "changed";
    }
    const state = newState(extracted.plan, {
      planId: s.planId,
      now,
      ...extracted.stepQueue ? { stepQueue: extracted.stepQueue } : {},
      stepDelayMinutes: s.delayMinutes ?? extracted.stepDelayMinutes ?? 0,
      ...opts.approve ? { approved: { by: os2.userInfo().username } } : {}
    });
    let written;
    try {
      written = await store.write(state, { kind: "update", message: `plan created${opts.approve ? " and approved" : ""}` });
    } catch (err) {
      if (err instanceof ConflictError) return "unchanged";
      throw err;
    }
    print2(statusTable(written));
    return "created";
  } finally {
    await store.release();
  }
}
async function initCommand(s, print2) {
  const outcome = await initState(s, { approve: s.approve }, print2);
  if (outcome === "unchanged") throw new ConfigError(`A plan already exists for "${s.planId}"; it was left untouched. Use \`status\`, or another --plan-id.`);
  if (!s.approve) print2("Awaiting approval: run `agent-step-sequencer approve` (optionally --delay N) to start.");
  return 0;
}

// src/cli/commands/heartbeat.ts
async function checkCommand(s) {
  if (s.store === "file" && !await exists(s.statePath)) {
    new ConsoleLog({ quiet: s.quiet }).info(`No state at file ${s.statePath}; nothing to do.`);
    return 0;
  }
  const { deps, cfg } = await createEngine(s, "check");
  const result = await tick(deps, cfg);
  report(result, (m) => deps.log.info(m));
  return 0;
}
async function runCommand(s, print2) {
  if (s.planFile && await initState(s, { approve: true }, s.quiet ? () => {
  } : print2) === "changed") return 1;
  const { deps, cfg } = await createEngine(s, "run");
  for (; ; ) {
    const result = await tick(deps, cfg);
    switch (result.outcome) {
      case "done":
        return 0;
      case "missing":
        deps.log.error("No plan to run: give --plan FILE or --state PATH.");
        return 1;
      case "blocked":
      case "cancelled":
      case "awaiting-approval":
      case "budget":
      case "idle":
        report(result, (m) => deps.log.info(m));
        return 1;
      case "waiting": {
        const until = Date.parse(result.detail ?? "");
        const ms = Number.isNaN(until) ? 1e3 : Math.max(0, until - Date.now());
        await sleep2(Math.min(ms + 50, 6e4));
        break;
      }
      case "busy":
      case "conflict":
        await sleep2(1e3);
        break;
    }
  }
}
async function exists(file) {
  try {
    await stat3(file);
    return true;
  } catch (err) {
    if (err.code === "ENOENT" || err.code === "ENOTDIR") return false;
    return true;
  }
}
function report(result, info) {
  const s = result.state;
  if (!s) return;
  info(`Plan${s.planId ? ` ${s.planId}` : ""} ${s.status}: ${result.outcome}${result.detail ? ` (${result.detail})` : ""}; ${result.attempts} attempt(s) this heartbeat.`);
}

// src/cli/commands/demo-agent.ts
import { mkdir as mkdir3, writeFile } from "node:fs/promises";
import path4 from "node:path";
import { setTimeout as sleep3 } from "node:timers/promises";
async function demoAgent(prompt, env, print2) {
  const step = env.SEQUENCER_STEP_ID ?? "?";
  const attempt = Number(env.SEQUENCER_ATTEMPT ?? "1");
  const workspace = env.SEQUENCER_WORKSPACE ?? process.cwd();
  const outputs = JSON.parse(env.SEQUENCER_REQUIRED_OUTPUTS ?? "[]");
  print2(`[sample agent] ${step} attempt ${attempt}: ${prompt.slice(0, 140)}${prompt.length > 140 ? "\u2026" : ""}`);
  if (step === "fetch" && attempt === 1) {
    print2("[sample agent] the primary source returned nothing; giving up on this attempt");
    process.stderr.write("source https://example.invalid/data returned an empty response\n");
    return 1;
  }
  if (step === "analyse") {
    for (let i = 1; i <= 4; i++) {
      print2(`[sample agent] analysing\u2026 ${i * 25}%`);
      await sleep3(700);
    }
  }
  for (const out of outputs) {
    const file = path4.join(workspace, out);
    await mkdir3(path4.dirname(file), { recursive: true });
    await writeFile(file, `# ${step}

Written by the sample agent (attempt ${attempt}).

${prompt}
`);
    print2(`[sample agent] wrote ${out}`);
  }
  return 0;
}

// src/cli/commands/demo.ts
import { spawn } from "node:child_process";
import { mkdtemp, readFile as readFile3, writeFile as writeFile2 } from "node:fs/promises";
import os3 from "node:os";
import path5 from "node:path";
import { setTimeout as sleep4 } from "node:timers/promises";
import { fileURLToPath } from "node:url";
var DEMO_PLAN = {
  title: "Demo: a small research report",
  steps: {
    outline: { title: "Outline the report", instruction: "Write an outline of a short report on heartbeat schedulers.", requiredOutputs: ["report/outline.md"] },
    fetch: { title: "Collect sources", instruction: "Collect three sources about cron-driven job runners and note them.", requiredOutputs: ["report/sources.md"] },
    analyse: { title: "Analyse", instruction: "Compare the sources and write the findings.", requiredOutputs: ["report/findings.md"] },
    write: { title: "Write the report", instruction: "Using the outline and findings, write the final report.", requiredOutputs: ["report/report.md"] }
  }
};
async function demoCommand(print2) {
  const workspace = await mkdtemp(path5.join(os3.tmpdir(), "sequencer-demo-"));
  const planFile = path5.join(workspace, "plan.json");
  await writeFile2(planFile, `${JSON.stringify(DEMO_PLAN, null, 2)}
`);
  const cli = fileURLToPath(import.meta.url);
  const agent = `${quote(process.execPath)} ${quote(cli)} demo-agent`;
  const args = [cli, "run", "--plan", planFile, "--workspace", workspace, "--plan-id", "demo", "--agent", agent, "--grace", "1"];
  const statePath = path5.join(workspace, ".sequencer", "demo", "state.json");
  print2(`Demo workspace: ${workspace}`);
  print2(`Agent command: ${agent}
`);
  print2('\u2500\u2500 Run 1: start the plan; the runner will be killed in the middle of "analyse" \u2500\u2500');
  const first = spawn(process.execPath, args, { stdio: "inherit" });
  const firstExit = new Promise((resolve) => first.once("exit", () => resolve()));
  while (first.exitCode === null && !await analyseRunning(statePath)) await sleep4(100);
  await sleep4(900);
  if (first.exitCode === null) {
    first.kill("SIGKILL");
    print2("\n\u2716 Runner killed with SIGKILL mid-step (as when a CI job is cancelled or preempted).\n");
  }
  await firstExit;
  print2("\u2500\u2500 Run 2: a later heartbeat resumes from the durable state \u2500\u2500");
  const second = spawn(process.execPath, args, { stdio: "inherit" });
  const code2 = await new Promise((resolve) => second.once("exit", (c) => resolve(c ?? 1)));
  print2(`
State file: ${statePath}`);
  print2(`Try: node ${path5.relative(process.cwd(), cli) || cli} status --state ${statePath}`);
  return code2;
}
async function analyseRunning(statePath) {
  try {
    const state = JSON.parse(await readFile3(statePath, "utf8"));
    return state.stepRuns?.analyse?.status === "IN_PROGRESS";
  } catch {
    return false;
  }
}
function quote(word) {
  return /^[A-Za-z0-9_./:@-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

// src/adapters/file-plans.ts
import { mkdir as mkdir4, readdir as readdir3, readFile as readFile4, rename as rename2, rm, stat as stat4 } from "node:fs/promises";
import path6 from "node:path";
var SEQUENCER_DIR = ".sequencer";
var ARCHIVE_DIR = ".archive";
var COMMAND_FILE = /^\d{1,16}-[a-z]+\.json$/;
function stateFileOf(workspace, planId) {
  return path6.join(workspace, SEQUENCER_DIR, planId, "state.json");
}
async function scanFilePlans(workspace) {
  const root = path6.join(workspace, SEQUENCER_DIR);
  const entries = await readdir3(root, { withFileTypes: true }).catch((err) => {
    if (err.code === "ENOENT") return [];
    throw err;
  });
  const plans = [];
  for (const entry of entries) {
    if (!entry.isDirectory() || !isRefSafePlanId(entry.name)) continue;
    const stateFile = stateFileOf(workspace, entry.name);
    let text;
    let mtime;
    try {
      [text, mtime] = await Promise.all([readFile4(stateFile, "utf8"), stat4(stateFile).then((s) => s.mtime)]);
    } catch (err) {
      if (err.code === "ENOENT") continue;
      plans.push({ planId: entry.name, location: stateFile, stateFile, pendingCommands: 0, doc: { kind: "invalid", error: `cannot read: ${describeError(err)}` } });
      continue;
    }
    plans.push({
      planId: entry.name,
      location: stateFile,
      stateFile,
      doc: parseDocument(text, entry.name),
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
    return (await readdir3(dir)).filter((n) => COMMAND_FILE.test(n)).length;
  } catch {
    return 0;
  }
}
async function pruneFilePlan(workspace, planId, mode, expectRevision) {
  const stateFile = stateFileOf(workspace, planId);
  const lock = await acquireLock(`${stateFile}.lock`, { command: "maintenance" });
  if (!lock.ok) return "busy";
  const dir = path6.dirname(stateFile);
  let moved = false;
  try {
    const now = parseDocument(await readFile4(stateFile, "utf8"), planId);
    if (now.kind !== "ok" || now.state.revision !== expectRevision || !["DONE", "CANCELLED"].includes(now.state.status)) return "changed";
    if (mode === "delete") {
      const doomed = path6.join(workspace, SEQUENCER_DIR, `${ARCHIVE_DIR}-deleting-${planId}-${process.pid}`);
      await rename2(dir, doomed);
      moved = true;
      await rm(doomed, { recursive: true, force: true });
    } else {
      const archive = path6.join(workspace, SEQUENCER_DIR, ARCHIVE_DIR);
      await mkdir4(archive, { recursive: true });
      const target = path6.join(archive, `${planId}-${(/* @__PURE__ */ new Date()).toISOString().replace(/[:.]/g, "-")}`);
      await rename2(dir, target);
      moved = true;
      await rm(path6.join(target, "state.json.lock"), { force: true });
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
async function listCommand(s, print2) {
  checkStore(s);
  if (s.store === "git") {
    const refs = await listPlanRefs(s.workspace, s.remote);
    const active2 = refs.filter(isActiveRef).map((r) => r.planId);
    if (s.json) print2(planMatrix(active2));
    else for (const r of refs) print2(`${r.planId}	${isActiveRef(r) ? "active" : "idle"}	${r.branch}	${r.sha.slice(0, 12)}`);
    return 0;
  }
  const plans = await scanFilePlans(s.workspace);
  const active = plans.filter((p) => p.doc.kind === "ok" && p.doc.state.status === "IN_PROGRESS" || p.doc.kind === "ok" && p.pendingCommands > 0);
  if (s.json) {
    print2(planMatrix(active.map((p) => p.planId)));
    return 0;
  }
  for (const p of plans) {
    if (p.doc.kind !== "ok") {
      print2(`${p.planId}	INVALID	${p.stateFile}`);
      continue;
    }
    const st = p.doc.state;
    print2(`${p.planId}	${st.status}	${stepsDone(st)}/${st.stepQueue.length}	${st.lastHeartbeatIso ?? p.updatedAt ?? "-"}	${active.includes(p) ? "active" : "idle"}`);
  }
  return 0;
}
async function gather(s) {
  if (s.store === "git") {
    const refs = await listPlanRefs(s.workspace, s.remote);
    return { plans: await readPlanFacts(s.workspace, s.remote, refs, (id) => `.sequencer/${id}/state.json`) };
  }
  return { plans: await scanFilePlans(s.workspace) };
}
async function auditCommand(s, print2) {
  checkStore(s);
  const facts = await gather(s);
  const findings = auditFindings(facts, { now: /* @__PURE__ */ new Date(), staleDays: s.staleDays });
  if (s.json) {
    print2(JSON.stringify(findings, null, 2));
    return 0;
  }
  for (const f of findings) print2(formatFinding(f));
  print2(`${facts.plans.length} plan(s), ${findings.length} finding(s).`);
  return 0;
}
async function maintenanceCommand(s, print2) {
  checkStore(s);
  const facts = await gather(s);
  const actions = maintenancePlan(facts, { now: /* @__PURE__ */ new Date(), pruneDays: s.pruneDays, mode: s.pruneMode });
  const results = [];
  for (const a of actions) {
    if (!s.apply) {
      results.push({ ...a, result: "planned" });
      if (!s.json) print2(describeAction(a, false));
      continue;
    }
    let outcome;
    try {
      outcome = await carryOut(s, a, facts);
    } catch (err) {
      outcome = { result: "failed", detail: describeError(err) };
    }
    results.push({ ...a, ...outcome });
    if (!s.json) print2(outcome.result === "done" ? describeAction(a, true) : `${a.planId}: ${outcome.result}: ${outcome.detail ?? ""}`);
  }
  if (s.json) print2(JSON.stringify(results, null, 2));
  else print2(`${actions.length} action(s)${s.apply ? "" : " (dry run: --apply carries them out)"}.`);
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
        if (!a.tip) return { result: "skipped", detail: "no branch tip known" };
        const outcome2 = await prunePlanRef(s.workspace, s.remote, { planId: a.planId, branch: `sequencer/${a.planId}`, sha: a.tip.sha, idleSha: a.tip.idleSha }, a.mode);
        return outcome2 === "pruned" ? { result: "done" } : { result: "skipped", detail: "it was written to since it was listed" };
      }
      const plan = facts.plans.find((p) => p.planId === a.planId);
      const revision = plan?.doc.kind === "ok" ? plan.doc.state.revision : void 0;
      const outcome = await pruneFilePlan(s.workspace, a.planId, a.mode, revision);
      return outcome === "pruned" ? { result: "done" } : { result: "skipped", detail: outcome === "busy" ? "a tick holds it" : "it changed since it was read" };
    }
    case "mark-idle":
      return await markPlanIdle(s.workspace, s.remote, { planId: a.planId, sha: a.sha, idleSha: a.idleSha }) ? { result: "done" } : { result: "skipped", detail: "its marker moved since it was listed" };
  }
}

// src/cli/commands/plan-request.ts
import { mkdir as mkdir5, readFile as readFile5 } from "node:fs/promises";
import path7 from "node:path";
async function planCommand(s, print2) {
  const request = await readRequest(s);
  await refuseExistingPlan(s);
  const { multiStep, reasons } = classifyRequest(request);
  print2(`Request: ${multiStep ? "multi-step" : "single step"} (${reasons.join("; ")}).`);
  const { logDir } = localPaths(s);
  if (multiStep && s.agentCommand !== void 0) print2(`Asking the agent to draft a plan; its output goes to ${path7.join(logDir, "plan-draft.log")}.`);
  const result = await planFromRequest({
    request,
    ...s.agentCommand !== void 0 ? { agentCommand: s.agentCommand } : {},
    agentSource: s.agentSource,
    runner: new ExecAgentRunner({ cwd: s.workspace }),
    workspace: s.workspace,
    logDir,
    timeoutMs: s.attemptTimeoutMinutes * 6e4,
    graceMs: s.graceSeconds * 1e3
  });
  if (result.attempts > 1) print2(`The agent's first draft was invalid; the retry produced a valid plan.`);
  const plan = { title: shortTitle(request), ...result.plan };
  const outFile = s.outFile ?? path7.join(s.workspace, ".sequencer", s.planId, "plan.json");
  await mkdir5(path7.dirname(outFile), { recursive: true });
  await writeFileAtomic(outFile, `${JSON.stringify(plan, null, 2)}
`);
  const idFlag = path7.basename(outFile).replace(/\.(json|ya?ml)$/i, "") === s.planId ? "" : ` --plan-id ${s.planId}`;
  print2(`Plan written to ${outFile} (to change it, edit the file and run \`agent-step-sequencer init --plan ${outFile}${idFlag}\`).`);
  const written = await createProposal(s, plan);
  print2(statusTable(written));
  const approve = ["agent-step-sequencer approve", ...s.planId !== "plan" ? [`--plan-id ${s.planId}`] : [], ...s.store !== "file" ? [`--store ${s.store}`] : []].join(" ");
  print2(`Approve with \`${approve}\` (add \`--delay 2\` for 2 minutes between steps, recommended for rate-limited APIs).`);
  return 0;
}
async function readRequest(s) {
  if (s.request !== void 0 && s.requestFile !== void 0) {
    throw new ConfigError("plan: --request and --request-file were both given; expected one of them");
  }
  let text;
  let flag;
  if (s.requestFile !== void 0) {
    flag = "--request-file";
    try {
      text = await readFile5(s.requestFile, "utf8");
    } catch (err) {
      throw new ConfigError(`--request-file: cannot read "${s.requestFile}" (${describeError(err)}); expected a text file with the request`);
    }
  } else if (s.request !== void 0) {
    flag = "--request";
    text = s.request;
  } else {
    throw new ConfigError('plan: expected --request TEXT or --request-file FILE, e.g. `agent-step-sequencer plan --request "Research X, then write a report"`');
  }
  if (text.trim() === "") throw new ConfigError(`${flag}: the request is empty; expected the work to do in words`);
  return text.trim();
}
async function createProposal(s, plan) {
  const store = createStore(s, "plan");
  const acquired = await store.acquire();
  if (!acquired.ok) throw new ConfigError(`Cannot create the plan: another tick holds ${store.description} (${acquired.holder}).`);
  try {
    if ((await store.load()).kind === "loaded") {
      throw new ConfigError(`A plan for "${s.planId}" was created at ${store.description} while this one was drafted; it was left untouched. Use \`init --plan\` with the written plan file to replace it.`);
    }
    const state = newState(plan, { planId: s.planId, now: /* @__PURE__ */ new Date(), stepDelayMinutes: s.delayMinutes ?? 0 });
    return await store.write(state, { kind: "update", message: "plan proposed from a request" });
  } finally {
    await store.release();
  }
}
async function refuseExistingPlan(s) {
  const store = createStore(s, "plan");
  if (s.store === "git") await store.acquire();
  try {
    const loaded = await store.load();
    if (loaded.kind === "loaded") {
      throw new ConfigError(`A plan already exists for "${s.planId}" (${loaded.state.status}) at ${store.description}; it was left untouched. Use \`status\`, or another --plan-id.`);
    }
  } finally {
    await store.release();
  }
}

// src/cli/commands/status.ts
async function statusCommand(s, print2) {
  const store = createStore(s, "status");
  if (s.store === "git") await store.acquire();
  const loaded = await store.load();
  if (loaded.kind === "missing") {
    print2(s.json ? JSON.stringify({ status: "MISSING", planId: s.planId }) : `No plan at ${store.description}.`);
    return 0;
  }
  print2(s.json ? JSON.stringify(loaded.state, null, 2) : statusTable(loaded.state));
  return 0;
}

// src/cli/commands/steer.ts
import os4 from "node:os";
function commandFrom(s) {
  const by = os4.userInfo().username;
  const step = s.positionals[0];
  switch (s.command) {
    case "approve":
      return s.delayMinutes !== void 0 ? { kind: "approve", by, delayMinutes: s.delayMinutes } : { kind: "approve", by };
    case "cancel":
      return s.reason ? { kind: "cancel", by, reason: s.reason } : { kind: "cancel", by };
    case "retry":
    case "skip":
      return step ? { kind: s.command, by, step } : { kind: s.command, by };
    default:
      return { kind: "resume", by };
  }
}
async function steerCommand(s, print2) {
  const { deps, cfg, paths } = await createEngine(s, s.command);
  await FileInbox.post(paths.inboxDir, commandFrom(s));
  const result = await tick(deps, { ...cfg, commandsOnly: true });
  if (result.outcome === "missing") return 1;
  if (result.outcome === "busy") {
    print2(`A tick is running (${result.detail ?? "busy"}); it will apply /${s.command} within a second or at its next step.`);
    return 0;
  }
  if (result.state) print2(statusTable(result.state));
  return 0;
}

// src/cli/options.ts
import { parseArgs } from "node:util";
import path8 from "node:path";
var ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;
var USAGE = `Usage: agent-step-sequencer <command> [options]

Commands:
  check [STATE]          one heartbeat: run steps until done, blocked, waiting or out of budget
  run --plan FILE        create the plan (approved) if needed, then run it to the end
  init --plan FILE       create the plan's state [--approve] [--delay N]
  plan --request TEXT    propose a plan for a request, drafted by the agent when it needs several steps
  status                 show the step table [--json]
  approve [--delay N]    approve a plan that awaits approval
  cancel [--reason T]    stop the plan (a running agent is stopped: SIGTERM, grace, SIGKILL)
  retry [STEP]           give the blocked step a fresh set of attempts
  skip [STEP]            mark the current step skipped and move on
  resume                 continue a blocked or cancelled plan
  validate FILE          check a plan file without running it
  list                   all plans of the workspace (--store git: of the remote); --json: the active ids for a matrix
  audit                  what needs attention: expired leases, stale blocks, invalid states, ... [--json] [--stale-days N]
  maintenance            finish stuck cancellations, prune finished plans [--apply] [--prune-days N] [--archive|--delete]
  demo                   run a 4-step demo plan with a sample agent in a temporary folder

Options:
  --state PATH           state file (file store; default .sequencer/<plan-id>/state.json in the workspace)
  --workspace DIR        the agent's working directory (default: the state file's folder for check STATE, else .)
  --plan-id ID           plan id (default: the plan file's name, or "plan")
  --store file|git|cache where state lives (default file; cache only inside GitHub Actions)
  --remote NAME          git remote for --store git (default origin)
  --branch NAME          work branch for --store git (default sequencer/<plan-id>)
  --agent CMD            agent command (default $STEP_AGENT_CMD); never run through a shell
  --request TEXT         plan: the work to plan, in words
  --request-file FILE    plan: read the request from FILE instead
  --out FILE             plan: where to write the plan (default .sequencer/<plan-id>/plan.json in the workspace)
  --max-attempts N       attempts per step (default $STEP_MAX_RETRIES or 3)
  --attempt-timeout MIN  minutes per attempt (default 60)
  --budget MIN           stop starting attempts after this many minutes (default: no limit)
  --json                 machine-readable output (status, list, audit, maintenance)
  --stale-days N         audit: report plans blocked or awaiting approval longer (default 14)
  --prune-days N         maintenance: prune DONE/CANCELLED plans unchanged this long (default 7)
  --archive | --delete   maintenance: keep a pruned plan's record aside (default) or remove it
  --apply                maintenance: do it (without it, only print what it would do)
  --quiet                only warnings and errors

Exit codes: 0 ok (check: also when there is no state file), 1 plan not done (run), 2 configuration error, 3 invalid state file.`;
function parseCli(argv, env, cwd) {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        state: { type: "string" },
        workspace: { type: "string" },
        "plan-id": { type: "string" },
        plan: { type: "string" },
        store: { type: "string" },
        remote: { type: "string" },
        branch: { type: "string" },
        agent: { type: "string" },
        "max-attempts": { type: "string" },
        "attempt-timeout": { type: "string" },
        budget: { type: "string" },
        delay: { type: "string" },
        reason: { type: "string" },
        grace: { type: "string" },
        request: { type: "string" },
        "request-file": { type: "string" },
        out: { type: "string" },
        "stale-days": { type: "string" },
        "prune-days": { type: "string" },
        archive: { type: "boolean", default: false },
        delete: { type: "boolean", default: false },
        apply: { type: "boolean", default: false },
        approve: { type: "boolean", default: false },
        json: { type: "boolean", default: false },
        quiet: { type: "boolean", default: false },
        help: { type: "boolean", short: "h", default: false }
      }
    });
  } catch (err) {
    throw new ConfigError(`${err.message}

${USAGE}`);
  }
  const { values: v, positionals } = parsed;
  const [command = "help", ...rest] = positionals;
  if (v.help) return { ...defaults(cwd), command: "help", positionals: [] };
  const store = v.store ?? "file";
  if (store !== "file" && store !== "git" && store !== "cache") throw new ConfigError(`--store: expected "file", "git" or "cache", got "${store}"`);
  const planFile = v.plan ? path8.resolve(cwd, v.plan) : void 0;
  const planId = v["plan-id"] ?? (planFile ? path8.basename(planFile).replace(/\.(json|ya?ml)$/i, "") : "plan");
  if (!ID.test(planId)) throw new ConfigError(`--plan-id: expected letters, digits, ".", "_" or "-" (up to 100, starting with a letter or digit), got "${planId}"`);
  const positionalState = command === "check" && rest[0] ? path8.resolve(cwd, rest[0]) : void 0;
  const explicitState = v.state ? path8.resolve(cwd, v.state) : positionalState;
  const workspace = path8.resolve(cwd, v.workspace ?? (explicitState && store === "file" ? path8.dirname(explicitState) : "."));
  const statePath = store === "file" ? explicitState ?? path8.join(workspace, ".sequencer", planId, "state.json") : v.state ?? `.sequencer/${planId}/state.json`;
  if (v.archive && v.delete) throw new ConfigError("--archive and --delete: give one of them, not both");
  const agentFromFlag = v.agent;
  const agentFromEnv = env.STEP_AGENT_CMD?.trim() ? env.STEP_AGENT_CMD : void 0;
  return {
    command,
    positionals: rest,
    store,
    statePath,
    workspace,
    planId,
    ...planFile ? { planFile } : {},
    ...(agentFromFlag ?? agentFromEnv) !== void 0 ? { agentCommand: agentFromFlag ?? agentFromEnv } : {},
    agentSource: agentFromFlag !== void 0 ? "--agent" : "STEP_AGENT_CMD",
    maxAttempts: intOption(v["max-attempts"] ?? env.STEP_MAX_RETRIES, v["max-attempts"] !== void 0 ? "--max-attempts" : "STEP_MAX_RETRIES", 3, 1, 100),
    attemptTimeoutMinutes: intOption(v["attempt-timeout"], "--attempt-timeout", 60, 1, 10080),
    ...v.budget !== void 0 ? { budgetMinutes: intOption(v.budget, "--budget", 0, 1, 1e5) } : {},
    ...v.delay !== void 0 ? { delayMinutes: intOption(v.delay, "--delay", 0, 0, 1440) } : {},
    approve: v.approve ?? false,
    json: v.json ?? false,
    quiet: v.quiet ?? false,
    remote: v.remote ?? "origin",
    ...v.branch ? { branch: v.branch } : {},
    ...v.reason ? { reason: v.reason } : {},
    graceSeconds: intOption(v.grace, "--grace", 5, 0, 600),
    ...v.request !== void 0 ? { request: v.request } : {},
    ...v["request-file"] !== void 0 ? { requestFile: path8.resolve(cwd, v["request-file"]) } : {},
    ...v.out !== void 0 ? { outFile: path8.resolve(cwd, v.out) } : {},
    staleDays: intOption(v["stale-days"], "--stale-days", 14, 1, 3650),
    pruneDays: intOption(v["prune-days"], "--prune-days", 7, 0, 3650),
    pruneMode: v.delete ? "delete" : "archive",
    apply: v.apply ?? false
  };
}
function defaults(cwd) {
  return {
    command: "help",
    positionals: [],
    store: "file",
    statePath: path8.join(cwd, "state.json"),
    workspace: cwd,
    planId: "plan",
    agentSource: "STEP_AGENT_CMD",
    maxAttempts: 3,
    attemptTimeoutMinutes: 60,
    approve: false,
    json: false,
    quiet: false,
    remote: "origin",
    graceSeconds: 5,
    staleDays: 14,
    pruneDays: 7,
    pruneMode: "archive",
    apply: false
  };
}
function intOption(raw, name, fallback, min, max) {
  if (raw === void 0 || raw.trim() === "") return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) throw new ConfigError(`${name}: expected a whole number from ${min} to ${max}, got "${raw}"`);
  return n;
}

// src/cli/index.ts
var print = (line) => process.stdout.write(`${line}
`);
async function main(argv) {
  if (argv[0] === "demo-agent") return demoAgent(argv.slice(1).join(" "), process.env, print);
  const s = parseCli(argv, process.env, process.cwd());
  switch (s.command) {
    case "check":
      return checkCommand(s);
    case "run":
      return runCommand(s, print);
    case "init":
      return initCommand(s, print);
    case "plan":
      return planCommand(s, print);
    case "status":
      return statusCommand(s, print);
    case "approve":
    case "cancel":
    case "retry":
    case "skip":
    case "resume":
      return steerCommand(s, print);
    case "validate":
      return validateCommand(s, print);
    case "list":
      return listCommand(s, print);
    case "audit":
      return auditCommand(s, print);
    case "maintenance":
      return maintenanceCommand(s, print);
    case "demo":
      return demoCommand(print);
    case "help":
      print(USAGE);
      return 0;
    default:
      process.stderr.write(`Unknown command "${s.command}".

${USAGE}
`);
      return EXIT.config;
  }
}
main(process.argv.slice(2)).then(
  (code2) => process.exit(code2),
  (err) => {
    if (err instanceof SequencerError) {
      process.stderr.write(`error: ${err.message}
${err.hint ? `hint: ${err.hint}
` : ""}`);
      process.exit(err.exitCode);
    }
    process.stderr.write(`error: ${describeError(err)}
${err instanceof Error && err.stack ? `${err.stack}
` : ""}`);
    process.exit(1);
  }
);
