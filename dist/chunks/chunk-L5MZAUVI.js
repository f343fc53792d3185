import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);
import {
  trackAgent
} from "./chunk-PFOLIUZO.js";
import {
  baseMergeMarker,
  createPlanStore,
  identityArgs,
  openFreshFile,
  writeFreshFile
} from "./chunk-BYHQDYH5.js";
import {
  commandLine
} from "./chunk-SOQWTVCZ.js";
import {
  gitMessage,
  procStat,
  workspaceGit
} from "./chunk-IU7JM5AZ.js";
import {
  besideBundle,
  bundleDir,
  sequencerCliCommand
} from "./chunk-3M3F447X.js";
import {
  BUILD_ID
} from "./chunk-FOVAUIMP.js";
import {
  isBranchName,
  stateFolderOf,
  workBranch,
  workingFiles
} from "./chunk-6ECGHLWA.js";
import {
  HeadTailBuffer
} from "./chunk-H3KJFUGS.js";
import {
  MAX_DB_EXPECT_CHARS,
  checkRelativePath,
  isPathLike,
  withoutRunnerFiles
} from "./chunk-O2X2K62E.js";
import {
  INTERRUPT_STOP_MESSAGE
} from "./chunk-RK2TRGWS.js";
import {
  FileTooLargeError,
  runTextCheck,
  textCheckTimedOut
} from "./chunk-IYAFPMAX.js";
import {
  ConfigError,
  describeError,
  nearestName,
  showValue
} from "./chunk-UZTB5BNK.js";

// src/adapters/process/exec-agent.ts
import { spawn } from "node:child_process";
import { constants as constants2, rmSync } from "node:fs";
import { open, rm } from "node:fs/promises";
import path from "node:path";
import { StringDecoder } from "node:string_decoder";

// src/adapters/process/attempt-log-file.ts
import { closeSync, writeSync } from "node:fs";
var LogFile = class {
  fd;
  left;
  constructor(file, maxBytes = 1 / 0) {
    this.fd = openFreshFile(file), this.left = maxBytes;
  }
  write(chunk) {
    if (this.fd === null) return;
    let whole = typeof chunk == "string" ? Buffer.from(chunk) : chunk, bytes = whole.length > this.left ? whole.subarray(0, this.left) : whole;
    this.left -= bytes.length;
    try {
      for (let offset = 0; offset < bytes.length; ) offset += writeSync(this.fd, bytes, offset, bytes.length - offset);
    } catch {
      this.close();
    }
    this.left === 0 && this.close();
  }
  close() {
    if (this.fd === null) return;
    let fd = this.fd;
    this.fd = null;
    try {
      closeSync(fd);
    } catch {
    }
  }
};
function openedCopy(file, maxBytes) {
  try {
    return new LogFile(file, maxBytes);
  } catch {
    return null;
  }
}

// src/adapters/process/process-group.ts
import { readdirSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
var KILL_WAIT_MS = 5e3, POLL_MS = 25;
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
  if (!isSafeGroupId(pgid)) return !1;
  try {
    process.kill(-pgid, 0);
  } catch (err) {
    return err.code === "EPERM";
  }
  let entries;
  try {
    entries = readdirSync("/proc");
  } catch {
    return !0;
  }
  for (let entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    let stat2 = procStat(Number(entry));
    if (stat2 && stat2.pgrp === pgid && stat2.state !== "Z") return !0;
  }
  return !1;
}
async function terminateGroup(pgid, graceMs) {
  isProcessGroupAlive(pgid) && (signalGroup(pgid, "SIGTERM"), !await waitGone(pgid, Math.max(0, graceMs)) && (signalGroup(pgid, "SIGKILL"), await waitGone(pgid, KILL_WAIT_MS)));
}
async function waitGone(pgid, ms) {
  let deadline = Date.now() + ms;
  for (; ; ) {
    if (!isProcessGroupAlive(pgid)) return !0;
    if (Date.now() >= deadline) return !1;
    await sleep(Math.min(POLL_MS, Math.max(1, deadline - Date.now())));
  }
}
function leaderWasReplaced(pgid, recordedStart) {
  let current = startTimeOf(pgid);
  return current === null ? !1 : current !== recordedStart;
}
function startTimeOf(pid) {
  return procStat(pid)?.start ?? null;
}

// src/adapters/process/spawn-error.ts
import { accessSync, constants, statSync } from "node:fs";
import { stat } from "node:fs/promises";
function isExecutableFile(file) {
  try {
    return statSync(file).isFile() ? (accessSync(file, constants.X_OK), !0) : !1;
  } catch {
    return !1;
  }
}
async function describeSpawnError(error, program, cwd) {
  let code = error.code, shown = JSON.stringify(program);
  return code === "ENOENT" ? await stat(cwd).then(
    (s) => s.isDirectory(),
    () => !1
  ) ? `cannot start agent ${shown}: not found${isPathLike(program) ? "" : " on PATH"} (ENOENT); install it or give its full path` : `cannot start agent ${shown}: working directory ${JSON.stringify(cwd)} does not exist` : code === "EACCES" ? `cannot start agent ${shown}: permission denied (EACCES); expected an executable file` : `cannot start agent ${shown}: ${error.message}`;
}

// src/adapters/process/agent-run-utils.ts
function notify(callback, text) {
  try {
    callback?.(text);
  } catch {
  }
}
function mergeEnv(base, extra) {
  let env = {};
  for (let [k, v] of Object.entries(base)) v !== void 0 && (env[k] = v);
  return Object.assign(env, extra);
}
function writeStopFile(file, message) {
  try {
    return writeFreshFile(file, `${message}
`), !0;
  } catch {
    return !1;
  }
}

// src/adapters/process/exec-agent.ts
import { setTimeout as sleep2 } from "node:timers/promises";
var DRAIN_MS = 500, ExecAgentRunner = class {
  cwd;
  env;
  reapGraceMs;
  headChars;
  tailChars;
  scrubber;
  constructor(options) {
    this.scrubber = options.scrubber, this.cwd = options.cwd ?? process.cwd(), this.env = options.env, this.reapGraceMs = options.reapGraceMs ?? 5e3, this.headChars = options.headChars, this.tailChars = options.tailChars;
  }
  hasEnv(name) {
    let value = this.env[name];
    return value !== void 0 && value !== "";
  }
  async resolve(command) {
    if (!command) return null;
    let known = this.resolved.get(command);
    if (known && isExecutableFile(known)) return known;
    let found = await this.search(command);
    return found && this.resolved.set(command, found), found;
  }
  resolved = /* @__PURE__ */ new Map();
  async search(command) {
    if (isPathLike(command)) {
      let file = path.resolve(this.cwd, command);
      return isExecutableFile(file) ? file : null;
    }
    let dirs = (this.env.PATH ?? "").split(path.delimiter).filter((d) => d !== "");
    for (let dir of dirs) {
      let file = path.resolve(this.cwd, dir, command);
      if (isExecutableFile(file)) return file;
    }
    return null;
  }
  async run(spec) {
    let started = Date.now(), pidFile = `${spec.logFile}.pid`, log = new LogFile(spec.logFile), stdoutCopy = spec.stdoutFile ? openedCopy(spec.stdoutFile.file, spec.stdoutFile.maxBytes) : null, closeLogs = () => {
      log.close(), stdoutCopy?.close();
    }, bufferOptions = {
      ...this.headChars !== void 0 ? { head: this.headChars } : {},
      ...this.tailChars !== void 0 ? { tail: this.tailChars } : {},
      logFile: spec.logFile,
      ...this.scrubber ? { scrubber: this.scrubber } : {}
    }, out = new HeadTailBuffer(bufferOptions), err = new HeadTailBuffer(bufferOptions), base = { exitCode: null, signal: null, timedOut: !1, cancelled: !1, stdout: "", stderr: "", outputBytes: 0 };
    if (spec.signal?.aborted)
      return closeLogs(), { ...base, cancelled: !0, durationMs: Date.now() - started };
    let [program, ...args] = spec.argv;
    if (!program)
      return log.write(`[sequencer] cannot start the agent: the command is empty
`), closeLogs(), { ...base, durationMs: Date.now() - started, spawnError: "cannot start the agent: the command is empty" };
    let child = spawn(program, args, {
      cwd: spec.cwd,
      env: mergeEnv(this.env, spec.env),
      stdio: ["ignore", "pipe", "pipe"],
      detached: !0,
      shell: !1,
      windowsHide: !0
    }), exited = new Promise((resolve) => {
      child.once("exit", (code, signal) => resolve({ code, signal })), child.once("error", (error) => resolve({ error }));
    }), closed = new Promise((resolve) => child.once("close", () => resolve())), pgid = child.pid;
    if (pgid === void 0) {
      let outcome2 = await exited, message = "error" in outcome2 ? await describeSpawnError(outcome2.error, program, spec.cwd) : `cannot start ${JSON.stringify(program)}`;
      return log.write(`[sequencer] ${message}
`), closeLogs(), { ...base, durationMs: Date.now() - started, spawnError: message };
    }
    try {
      writeFreshFile(pidFile, `${pgid}
${startTimeOf(pgid) ?? ""}
`);
    } catch {
    }
    let outputBytes = 0, overflowed = !1, pipe = (stream, buffer, own, copy = null) => {
      if (!stream) return;
      let decoder = new StringDecoder("utf8");
      stream.on("data", (chunk) => {
        outputBytes += chunk.length, spec.maxOutputBytes !== void 0 && outputBytes > spec.maxOutputBytes && !stopping && (overflowed = !0, stopping = stopCooperatively(spec.stop?.overflowMessage)), log.write(chunk), copy?.write(chunk);
        let text = decoder.write(chunk);
        text && (buffer.append(text), notify(spec.onOutput, text), notify(own, text));
      }), stream.on("end", () => {
        let rest = decoder.end();
        buffer.append(rest), rest && notify(own, rest);
      });
    };
    pipe(child.stdout, out, spec.onStdout, stdoutCopy), pipe(child.stderr, err, spec.onStderr);
    let timedOut = !1, cancelled = !1, stoppedBy, stopping = null, terminating = null, terminate = (graceMs) => terminating ??= terminateGroup(pgid, graceMs).then(() => {
      child.exitCode === null && child.signalCode === null && child.kill("SIGKILL");
    }), stopCooperatively = async (message, capMs = 1 / 0) => {
      let soft = spec.stop, graceMs = Math.min(soft?.graceMs ?? 0, capMs);
      if (soft && graceMs > 0 && writeStopFile(soft.file, message ?? soft.message)) {
        let wait, ended = await Promise.race([exited.then(() => !0), new Promise((resolve) => wait = setTimeout(() => resolve(!1), graceMs))]);
        if (clearTimeout(wait), ended) {
          stoppedBy = "agent";
          return;
        }
      }
      stoppedBy = "signal", await terminate(Math.min(spec.graceMs, capMs));
    }, timer = setTimeout(
      () => {
        stopping || (timedOut = !0, stopping = stopCooperatively(spec.stop?.timeoutMessage));
      },
      Math.max(0, spec.timeoutMs)
    ), onAbort = () => {
      if (stopping) return;
      cancelled = !0;
      let reason = spec.signal?.reason;
      stopping = stopCooperatively(typeof reason == "string" && reason ? reason : spec.stop?.message);
    };
    spec.signal?.addEventListener("abort", onAbort, { once: !0 });
    let interrupted = !1, graceCapMs = 1 / 0, released = () => {
    }, cleanedUp = new Promise((resolve) => released = resolve), untrack = trackAgent({
      pid: pgid,
      role: spec.role ?? "agent",
      stop: (capMs) => (interrupted = !0, graceCapMs = capMs, stopping ??= stopCooperatively(INTERRUPT_STOP_MESSAGE, capMs), cleanedUp),
      kill: () => signalGroup(pgid, "SIGKILL")
    }), outcome = await exited;
    return clearTimeout(timer), spec.signal?.removeEventListener("abort", onAbort), await Promise.resolve(stopping), (!await Promise.race([closed.then(() => !0), sleep2(DRAIN_MS).then(() => !1)]) || isProcessGroupAlive(pgid)) && await terminateGroup(pgid, Math.min(spec.graceMs, graceCapMs)), await Promise.race([closed.then(() => !0), sleep2(DRAIN_MS).then(() => !1)]) || (child.stdout?.destroy(), child.stderr?.destroy()), isProcessGroupAlive(pgid) || rmSync(pidFile, { force: !0 }), closeLogs(), untrack(), released(), interrupted ? new Promise(() => {
    }) : {
      exitCode: "code" in outcome ? outcome.code : null,
      signal: "signal" in outcome ? outcome.signal : null,
      timedOut,
      cancelled,
      stdout: out.toString(),
      stderr: err.toString(),
      outputBytes,
      durationMs: Date.now() - started,
      ..."error" in outcome ? { spawnError: outcome.error.message } : {},
      ...stoppedBy ? { stoppedBy } : {},
      ...overflowed ? { overflowed } : {}
    };
  }
  async reap(logFile) {
    let pidFile = `${logFile}.pid`, text;
    try {
      let handle = await open(pidFile, constants2.O_RDONLY | (constants2.O_NOFOLLOW ?? 0));
      try {
        let st = await handle.stat();
        if (!st.isFile() || process.getuid !== void 0 && st.uid !== process.getuid()) throw new Error("not our pid file");
        text = await handle.readFile("utf8");
      } finally {
        await handle.close();
      }
    } catch {
      await rm(pidFile, { force: !0 });
      return;
    }
    let [pidLine = "", startLine = ""] = text.split(`
`), pgid = Number(pidLine.trim());
    isSafeGroupId(pgid) && isProcessGroupAlive(pgid) && !leaderWasReplaced(pgid, startLine.trim()) && await terminateGroup(pgid, this.reapGraceMs), await rm(pidFile, { force: !0 });
  }
};

// src/adapters/git/base-sync.ts
import { rm as rm2 } from "node:fs/promises";
import path2 from "node:path";
var GitBaseSync = class {
  constructor(o) {
    this.o = o;
  }
  o;
  run(args, allowFail = !0) {
    return this.o.git.run(args, { allowFail });
  }
  /** `-c` options for the merge and its commit. */
  mergeArgs() {
    return [...identityArgs(this.o.identity), "-c", "rerere.enabled=false"];
  }
  async sync() {
    let named;
    try {
      named = typeof this.o.base == "function" ? await this.o.base() : this.o.base;
    } catch (err) {
      return { kind: "unavailable", base: "the default branch", reason: `could not tell which branch it is (${describeError(err)})` };
    }
    if (named !== null && !isBranchName(named)) return { kind: "unavailable", base: named, reason: "not a branch name" };
    try {
      let tip = await this.remoteTip(named);
      return "unavailable" in tip ? { kind: "unavailable", base: named ?? "the default branch", reason: tip.unavailable } : tip.base === this.o.branch ? { kind: "up-to-date", base: tip.base } : (await this.run(["merge-base", "--is-ancestor", tip.commit, "HEAD"])).code === 0 ? { kind: "up-to-date", base: tip.base } : await this.merge(tip.base);
    } catch (err) {
      return { kind: "unavailable", base: named ?? "the default branch", reason: describeError(err) };
    }
  }
  /** The base branch's name and tip commit on the remote (`null`: the branch the remote's HEAD names). */
  async remoteTip(named) {
    let { remote } = this.o, res = await this.run(["ls-remote", ...named === null ? ["--symref", remote, "HEAD"] : [remote, `refs/heads/${named}`]]);
    if (res.code !== 0) return { unavailable: `cannot reach the remote ${remote}: ${gitMessage(res)}` };
    let base = named ?? /^ref: refs\/heads\/(\S+)\tHEAD$/m.exec(res.stdout)?.[1];
    if (!base) return { unavailable: `the remote ${remote} names no default branch (its HEAD is not a branch)` };
    let want = named === null ? "HEAD" : `refs/heads/${named}`, line = res.stdout.split(`
`).find((l) => /^[0-9a-f]{40,64}\t/.test(l) && l.slice(l.indexOf("	") + 1) === want);
    return line ? { base, commit: line.slice(0, line.indexOf("	")) } : { unavailable: `the remote ${remote} has no branch ${base}` };
  }
  async merge(base) {
    let { remote } = this.o, baseRef = `refs/remotes/${remote}/${base}`, fetched = await this.run(["fetch", "-q", "--no-tags", remote, `+refs/heads/${base}:${baseRef}`]);
    if (fetched.code !== 0) return { kind: "unavailable", base, reason: `cannot fetch it from ${remote}: ${gitMessage(fetched)}` };
    let baseCommit = (await this.run(["rev-parse", "--verify", `${baseRef}^{commit}`], !1)).stdout.trim();
    if (!await this.shareHistory(base, baseRef)) return { kind: "unavailable", base, reason: "it shares no history with the work branch" };
    if ((await this.run(["merge-base", "--is-ancestor", baseRef, "HEAD"])).code === 0) return { kind: "up-to-date", base };
    if ((await this.run(["status", "--porcelain", "--untracked-files=no", "-z"], !1)).stdout !== "") return { kind: "unavailable", base, reason: "the workspace has uncommitted changes to tracked files" };
    let before = (await this.run(["rev-parse", "--verify", "HEAD^{commit}"], !1)).stdout.trim(), marker = baseMergeMarker(this.o.git);
    marker && writeFreshFile(marker, `${before}
`);
    try {
      return await this.mergeFrom(base, baseRef, baseCommit, before);
    } finally {
      marker && await rm2(marker, { force: !0 });
    }
  }
  async mergeFrom(base, baseRef, baseCommit, before) {
    let { remote } = this.o, merged = await this.run([...this.mergeArgs(), "merge", "-q", "--no-ff", "--no-commit", "--no-edit", baseRef]);
    if (!await this.merging())
      return merged.code !== 0 ? { kind: "unavailable", base, reason: `git merge refused: ${gitMessage(merged)}` } : { kind: "up-to-date", base };
    let unmerged = nulList((await this.run(["diff", "--name-only", "--diff-filter=U", "-z"], !1)).stdout), conflicts = unmerged.filter((f) => !this.isProtected(f));
    if (conflicts.length)
      return await this.abort(before), { kind: "conflict", base, baseCommit, files: conflicts };
    if (merged.code !== 0 && !unmerged.length)
      return await this.abort(before), { kind: "unavailable", base, reason: `git merge failed: ${gitMessage(merged)}` };
    await this.keepProtected(before);
    let subject = `sequencer(${this.o.planId}): merge ${base} into ${this.o.branch}`, committed = await this.run([...this.mergeArgs(), "commit", "-q", "--no-verify", "--allow-empty", "-m", subject]);
    if (committed.code !== 0)
      return await this.abort(before), { kind: "unavailable", base, reason: `git commit failed: ${gitMessage(committed)}` };
    let commit = (await this.run(["rev-parse", "--verify", "HEAD^{commit}"], !1)).stdout.trim(), pushed = await this.run(["push", "--porcelain", "--no-verify", remote, `HEAD:refs/heads/${this.o.branch}`]);
    return pushed.code !== 0 ? (await this.run(["reset", "-q", "--hard", before], !1), { kind: "unavailable", base, reason: `the merge commit was not pushed (${gitMessage(pushed)}); the tick goes on without it` }) : { kind: "merged", base, commit };
  }
  /** Deepens a shallow checkout until HEAD and the base share a commit; false when they never do. */
  async shareHistory(base, baseRef) {
    let has = async () => (await this.run(["merge-base", "HEAD", baseRef])).code === 0;
    if (await has()) return !0;
    let refspecs = [`+refs/heads/${base}:${baseRef}`, `+refs/heads/${this.o.branch}:refs/remotes/${this.o.remote}/${this.o.branch}`];
    for (let depth of [...this.o.deepen ?? [100, 1e3], 0]) {
      if ((await this.run(["rev-parse", "--is-shallow-repository"], !1)).stdout.trim() !== "true") return !1;
      let how = depth > 0 ? `--deepen=${depth}` : "--unshallow", res = await this.run(["fetch", "-q", "--no-tags", how, this.o.remote, ...refspecs]);
      if (res.code !== 0) throw new Error(`cannot deepen the shallow checkout (git fetch ${how}): ${gitMessage(res)}`);
      if (await has()) return !0;
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
    let spec = `:(literal)${this.o.protect}`, changed = nulList((await this.run(["diff", "--cached", "--name-only", "-z", before, "--", spec], !1)).stdout);
    if (!changed.length) return;
    let ours = new Set(nulList((await this.run(["ls-tree", "-r", "-z", "--name-only", before, "--", spec], !1)).stdout)), added = changed.filter((f) => !ours.has(f));
    if (added.length) {
      await this.run(["rm", "-q", "-f", "--cached", "--ignore-unmatch", "--", ...added.map((f) => `:(literal)${f}`)], !1);
      for (let f of added) await rm2(path2.join(this.o.git.cwd, f), { force: !0 });
    }
    ours.size && await this.run(["checkout", "-q", before, "--", spec], !1);
  }
  async abort(before) {
    (await this.run(["merge", "--abort"])).code !== 0 && await this.run(["reset", "-q", "--hard", before], !1);
  }
};
function nulList(text) {
  return text.split("\0").filter(Boolean);
}

// src/adapters/fs/attempt-files.ts
import { closeSync as closeSync2, constants as constants3, fstatSync, openSync, readSync } from "node:fs";
import { rm as rm3 } from "node:fs/promises";
import { StringDecoder as StringDecoder2 } from "node:string_decoder";
var PIECE_BYTES = 64 * 1024, FsAttemptFiles = class {
  // Synchronous: read once per attempt and almost always missing; a thread-pool round trip
  // would cost more than the call.
  async read(file, maxBytes) {
    let opened = openRegular(file, "; write the JSON into the file itself");
    if (opened.kind !== "open") return opened;
    let { fd } = opened;
    try {
      let size = fstatSync(fd).size;
      if (size > maxBytes) return { kind: "too-large", bytes: size };
      let buffer = Buffer.alloc(maxBytes + 1), bytesRead = 0;
      for (; bytesRead < buffer.length; ) {
        let n = readSync(fd, buffer, bytesRead, buffer.length - bytesRead, bytesRead);
        if (n === 0) break;
        bytesRead += n;
      }
      return bytesRead > maxBytes ? { kind: "too-large", bytes: Math.max(bytesRead, fstatSync(fd).size) } : { kind: "text", text: buffer.subarray(0, bytesRead).toString("utf8") };
    } finally {
      closeSync2(fd);
    }
  }
  async readPieces(file, maxBytes, onText) {
    let opened = openRegular(file);
    if (opened.kind !== "open") return opened;
    let { fd } = opened;
    try {
      let buffer = Buffer.alloc(Math.min(PIECE_BYTES, maxBytes + 1)), decoder = new StringDecoder2("utf8"), bytes = 0;
      for (; ; ) {
        let n = readSync(fd, buffer, 0, Math.min(buffer.length, maxBytes - bytes), bytes);
        if (n === 0) break;
        bytes += n;
        let text = decoder.write(buffer.subarray(0, n));
        text && onText(text);
      }
      let rest = decoder.end();
      rest && onText(rest);
      let truncated = readSync(fd, Buffer.alloc(1), 0, 1, bytes) > 0;
      return { kind: "read", bytes, truncated };
    } finally {
      closeSync2(fd);
    }
  }
  async write(file, text) {
    writeFreshFile(file, text);
  }
  async remove(file) {
    await rm3(file, { force: !0 });
  }
};
function openRegular(file, linkHint = "") {
  let fd;
  try {
    fd = openSync(file, constants3.O_RDONLY | (constants3.O_NOFOLLOW ?? 0));
  } catch (err) {
    let code = err.code;
    return code === "ENOENT" || code === "ENOTDIR" ? { kind: "missing" } : code === "ELOOP" ? { kind: "unreadable", reason: `it is a symbolic link${linkHint}` } : { kind: "unreadable", reason: err.message };
  }
  try {
    if (!fstatSync(fd).isFile())
      return closeSync2(fd), { kind: "unreadable", reason: "it is not a regular file" };
  } catch (err) {
    return closeSync2(fd), { kind: "unreadable", reason: err.message };
  }
  return { kind: "open", fd };
}

// src/adapters/fs/fs-verifier.ts
import { mkdtemp, open as open2, realpath, rm as rm4 } from "node:fs/promises";
import os from "node:os";
import path3 from "node:path";

// src/adapters/fs/sqlite-query.ts
var CURRENT_NODE = { execPath: process.execPath, version: process.versions.node }, SQLITE_REQUIREMENT = "node:sqlite, in Node.js 22.13 or newer (22.5 to 22.12 behind a flag the sequencer adds; the Action runs on Node 24)";
function sqliteRuntime(version) {
  let [major = 0, minor = 0] = version.split(".").map((n) => Number(n));
  return major > 23 || major === 23 && minor >= 4 || major === 22 && minor >= 13 ? { flags: [] } : major === 23 || major === 22 && minor >= 5 ? { flags: ["--experimental-sqlite"] } : { problem: `db_query rules need ${SQLITE_REQUIREMENT}; this runs on Node ${version}. Run the CLI with a newer Node.` };
}
var QUERY_SCRIPT = String.raw`
const out = (v) => process.stdout.write(JSON.stringify(v) + '\n');
let sqlite;
try { sqlite = require('node:sqlite'); } catch (e) { out({ kind: 'error', problem: 'this Node has no node:sqlite (' + e.message + ')' }); process.exit(0); }
const req = JSON.parse(process.env.SEQUENCER_DB_QUERY);
let db;
try {
  db = new sqlite.DatabaseSync(req.file, { readOnly: true });
} catch (e) { out({ kind: 'error', problem: 'cannot open it as a SQLite database: ' + e.message }); process.exit(0); }
try {
  if (typeof db.enableDefensive === 'function') db.enableDefensive(true);
  if (typeof db.setAuthorizer === 'function') {
    const c = sqlite.constants;
    const reads = new Set([c.SQLITE_SELECT, c.SQLITE_READ, c.SQLITE_FUNCTION, c.SQLITE_RECURSIVE]);
    db.setAuthorizer((action) => (reads.has(action) ? c.SQLITE_OK : c.SQLITE_DENY));
  }
  const st = db.prepare(req.query);
  const it = st.iterate();
  const first = it.next();
  if (first.done) { out({ kind: 'no-row' }); process.exit(0); }
  const row = first.value;
  const value = row[Object.keys(row)[0]];
  if (value instanceof Uint8Array) out({ kind: 'row', value: null, blobBytes: value.byteLength });
  else if (typeof value === 'bigint') out({ kind: 'row', value: Number(value) });
  else if (typeof value === 'string' && value.length > req.max) out({ kind: 'row', value: value.slice(0, req.max), fullLength: value.length });
  else out({ kind: 'row', value: value === undefined ? null : value });
} catch (e) { out({ kind: 'error', problem: 'the query failed: ' + e.message }); }
`;
function queryCommand(node, flags, file, query) {
  return {
    argv: [node.execPath, ...flags, "-e", QUERY_SCRIPT],
    env: { SEQUENCER_DB_QUERY: JSON.stringify({ file, query, max: MAX_DB_EXPECT_CHARS }) }
  };
}
function queryFact(run, timeoutMs) {
  if (run.spawnError) return { kind: "error", problem: `could not start Node to run the query: ${run.spawnError}` };
  if (run.timedOut) return { kind: "error", problem: `the query took longer than ${Math.round(timeoutMs / 1e3)} s and was stopped` };
  let line = run.stdout.trim().split(`
`).pop() ?? "";
  try {
    let fact = JSON.parse(line);
    if (fact && typeof fact == "object" && ["row", "no-row", "error"].includes(fact.kind)) return fact;
  } catch {
  }
  let why = run.stderr.trim().split(`
`).slice(-3).join(" ").slice(0, 500);
  return { kind: "error", problem: `the query ended without an answer (exit code ${run.exitCode})${why ? `: ${why}` : ""}` };
}

// src/adapters/fs/fs-verifier.ts
var MAX_RULE_FILE_BYTES = 16 * 1024 * 1024, FsVerifier = class {
  root;
  runner;
  graceMs;
  maxFileBytes;
  ruleChecks;
  node;
  constructor(options) {
    this.root = options.root;
    let chars = options.outputChars ?? 64 * 1024;
    this.runner = new ExecAgentRunner({
      cwd: options.root,
      env: options.env,
      ...options.scrubber ? { scrubber: options.scrubber } : {},
      headChars: chars,
      tailChars: chars
    }), this.graceMs = options.graceMs ?? 2e3, this.maxFileBytes = options.maxFileBytes ?? MAX_RULE_FILE_BYTES, this.ruleChecks = options.ruleChecks, this.node = options.node ?? CURRENT_NODE;
  }
  databaseProblem() {
    let runtime = sqliteRuntime(this.node.version);
    return "problem" in runtime ? runtime.problem : null;
  }
  async queryDatabase(rel, query, timeoutMs, signal) {
    let runtime = sqliteRuntime(this.node.version);
    if ("problem" in runtime) return { kind: "error", problem: runtime.problem };
    let real = await this.inside(rel);
    if (real === null) return { kind: "missing" };
    if (!await open2(real, "r").then(
      async (h) => {
        try {
          return (await h.stat()).isFile();
        } finally {
          await h.close();
        }
      },
      () => !1
    )) return { kind: "missing" };
    let { argv, env } = queryCommand(this.node, runtime.flags, real, query);
    return queryFact(await this.runCheck(argv, { timeoutMs, env, ...signal ? { signal } : {} }), timeoutMs);
  }
  /** The real path of a workspace-relative path when it lies inside the workspace, else null. */
  async inside(rel) {
    if (checkRelativePath(rel) !== null) return null;
    let real;
    try {
      real = await realpath(path3.resolve(this.root, rel.replace(/\\/g, "/")));
    } catch {
      return null;
    }
    return real.startsWith(this.root.endsWith(path3.sep) ? this.root : this.root + path3.sep) ? real : null;
  }
  checkText(check, signal) {
    return this.ruleChecks ? this.ruleChecks.check(check, signal) : runTextCheck(check);
  }
  contentRuleProblem() {
    return this.ruleChecks?.problem?.() ?? null;
  }
  async readWorkspaceFile(rel) {
    let real = await this.inside(rel);
    if (real === null) return null;
    let handle;
    try {
      handle = await open2(real, "r");
    } catch {
      return null;
    }
    try {
      let st = await handle.stat();
      if (!st.isFile()) return null;
      if (st.size > this.maxFileBytes) throw new FileTooLargeError(rel, st.size, this.maxFileBytes);
      let buf = Buffer.allocUnsafe(st.size + 1), got = 0;
      for (; got < buf.length; ) {
        let { bytesRead } = await handle.read(buf, got, buf.length - got, got);
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
    let scratch = opts.logFile ? null : await mkdtemp(path3.join(os.tmpdir(), "sequencer-check-"));
    try {
      let r = await this.runner.run({
        argv,
        cwd: this.root,
        env: opts.env ?? {},
        timeoutMs: opts.timeoutMs,
        graceMs: this.graceMs,
        logFile: opts.logFile ?? path3.join(scratch, "check.log"),
        ...opts.signal ? { signal: opts.signal } : {}
      });
      return {
        exitCode: r.exitCode,
        stdout: r.stdout,
        stderr: r.stderr,
        timedOut: r.timedOut,
        ...r.spawnError ? { spawnError: r.spawnError } : {}
      };
    } finally {
      scratch && await rm4(scratch, { recursive: !0, force: !0 });
    }
  }
};

// src/adapters/fs/rule-check-site.ts
import path4 from "node:path";

// src/adapters/fs/rule-check-thread.ts
import { Worker } from "node:worker_threads";
var DEFAULT_RULE_CHECK_SECONDS = 60, CHECK_STOPPED = "the check was stopped by a cancel request", RULE_CHECK_WORKER = "rule-check-worker.js";
function ruleCheckLimitMs(env) {
  let raw = env.SEQUENCER_RULE_CHECK_SECONDS;
  if (raw === void 0 || raw.trim() === "") return DEFAULT_RULE_CHECK_SECONDS * 1e3;
  let n = Number(raw);
  if (!Number.isFinite(n) || n < 1 || n > 3600)
    throw new ConfigError(`SEQUENCER_RULE_CHECK_SECONDS is "${raw}"; expected a number of seconds from 1 to 3600 (default ${DEFAULT_RULE_CHECK_SECONDS}), the time limit of a content rule's check.`);
  return n * 1e3;
}
var RuleCheckThread = class {
  constructor(file, limitMs) {
    this.file = file;
    this.limitMs = limitMs;
  }
  file;
  limitMs;
  worker;
  /** Checks run one at a time, so each has the thread (and its time limit) to itself. */
  queue = Promise.resolve();
  nextId = 1;
  /** Checks `check` in the thread; aborting `signal` ends the check with its thread (a /cancel). */
  check(check, signal) {
    let run = this.queue.then(() => this.runOne(check, signal));
    return this.queue = run.catch(() => {
    }), run;
  }
  /** Ends the thread (a later check starts a new one). */
  async close() {
    let worker = this.worker;
    this.worker = void 0, await worker?.terminate();
  }
  runOne(check, signal) {
    if (signal?.aborted) return Promise.reject(new Error(CHECK_STOPPED));
    let worker = this.started(), id = this.nextId++;
    return new Promise((resolve, reject) => {
      let settle = () => {
        clearTimeout(timer), signal?.removeEventListener("abort", onAbort), worker.off("message", onMessage), worker.off("error", onError), worker.off("exit", onExit), worker.unref();
      }, onMessage = (reply) => {
        reply.id === id && (settle(), "error" in reply ? reject(new Error(reply.error)) : resolve(reply.result));
      }, onError = (err) => {
        settle(), reject(err);
      }, onExit = (code) => {
        settle(), reject(new Error(`the thread that checks rules stopped (exit code ${code})`));
      }, timer = setTimeout(() => {
        settle(), this.end(worker), resolve(textCheckTimedOut(check, this.limitMs));
      }, this.limitMs), onAbort = () => {
        settle(), this.end(worker), reject(new Error(CHECK_STOPPED));
      };
      signal?.addEventListener("abort", onAbort, { once: !0 }), worker.on("message", onMessage), worker.on("error", onError), worker.on("exit", onExit), worker.ref(), worker.postMessage({ id, check });
    });
  }
  started() {
    if (this.worker) return this.worker;
    let worker = new Worker(this.file);
    return worker.on("error", () => this.forget(worker)), worker.on("exit", () => this.forget(worker)), worker.unref(), this.worker = worker, worker;
  }
  end(worker) {
    this.forget(worker), worker.terminate().catch(() => {
    });
  }
  forget(worker) {
    this.worker === worker && (this.worker = void 0);
  }
};

// src/adapters/fs/rule-check-site.ts
var CONTENT_RULES = "content rules (file_contains, json_schema)";
function ruleCheckWorkerFile(entry = process.argv[1]) {
  return besideBundle(RULE_CHECK_WORKER, entry);
}
function ruleCheckSite(entry = process.argv[1], bundled = BUILD_ID !== "source") {
  let file = ruleCheckWorkerFile(entry);
  if (file) return { kind: "worker", file };
  if (!bundled) return { kind: "source" };
  let dir = bundleDir(entry), why = dir ? `the bundle's ${path4.join(dir, RULE_CHECK_WORKER)} is missing (it ships beside cli.js and index.js: install or copy the whole dist/ folder)` : `they run in ${RULE_CHECK_WORKER} beside the bundle's cli.js or index.js, and this process was started from ${entry ? JSON.stringify(entry) : "no file"} (run dist/cli.js or dist/index.js itself)`;
  return { kind: "missing", problem: `${CONTENT_RULES} cannot be checked: ${why}; on the tick's own thread an agent-written file could hold the tick up past every time limit` };
}
var MissingWorker = class {
  constructor(why) {
    this.why = why;
  }
  why;
  check() {
    return Promise.reject(new Error(this.why));
  }
  problem() {
    return this.why;
  }
}, InLineChecks = class {
  constructor(log) {
    this.log = log;
  }
  log;
  told = !1;
  check(check) {
    return this.told || (this.told = !0, this.log.warn(
      `Content rules (file_contains, json_schema) are checked on the tick's own thread, without their time limit (SEQUENCER_RULE_CHECK_SECONDS): this runs from the sources, where no ${RULE_CHECK_WORKER} is built (the bundle in dist/ checks them in that worker).`
    )), runTextCheck(check);
  }
}, shared = /* @__PURE__ */ new Map();
function withRuleChecks(o) {
  let limitMs = ruleCheckLimitMs(o.env ?? process.env), site = ruleCheckSite("entry" in o ? o.entry : process.argv[1], o.bundled);
  if (site.kind === "missing") return { ruleChecks: new MissingWorker(site.problem) };
  if (site.kind === "source") return { ruleChecks: new InLineChecks(o.log) };
  let key = `${site.file}\0${limitMs}`, thread = shared.get(key);
  return thread || shared.set(key, thread = new RuleCheckThread(site.file, limitMs)), { ruleChecks: thread };
}

// src/adapters/fs/workspace-fs.ts
import { accessSync as accessSync2, constants as constants4, realpathSync, statSync as statSync2 } from "node:fs";
import { lstat, readdir, realpath as realpath2 } from "node:fs/promises";
import path5 from "node:path";
var MAX_WALKED = 5e4, FsWorkspace = class _FsWorkspace {
  constructor(root) {
    this.root = root;
  }
  root;
  /** Opens the workspace at `root`, which must exist; `root` is stored with symlinks resolved. */
  static async open(root) {
    try {
      return new _FsWorkspace(await realpath2(path5.resolve(root)));
    } catch (err) {
      throw new ConfigError(`workspace: ${showValue(root)} cannot be opened (${describeError(err)}); expected an existing directory`);
    }
  }
  async missingOutputs(paths) {
    let missing = [];
    for (let p of paths)
      this.existsInside(p) || missing.push(p);
    return missing;
  }
  existsInside(p) {
    if (checkRelativePath(p) !== null) return !1;
    let real;
    try {
      real = realpathSync(path5.resolve(this.root, p.replace(/\\/g, "/")));
    } catch {
      return !1;
    }
    return real === this.root || real.startsWith(this.root.endsWith(path5.sep) ? this.root : this.root + path5.sep);
  }
  /**
   * The files an attempt created or changed, by modification time: one walk of the workspace,
   * never into `.git` or through a link, stopping after MAX_WALKED entries (a workspace that large
   * is reported as far as it was walked).
   */
  async changedFiles(since, o) {
    let files = [], more = 0, walked = 0, from = since.getTime() - 5, excluded = (rel) => o.exclude.some((e) => rel.startsWith(e)), queue = [""];
    for (; queue.length && walked < MAX_WALKED; ) {
      let rel = queue.shift(), entries;
      try {
        entries = (await readdir(path5.join(this.root, rel))).sort();
      } catch {
        continue;
      }
      for (let name of entries) {
        if (++walked > MAX_WALKED) break;
        let child = rel ? `${rel}/${name}` : name, info;
        try {
          info = await lstat(path5.join(this.root, child));
        } catch {
          continue;
        }
        info.isDirectory() ? name !== ".git" && !excluded(`${child}/`) && queue.push(child) : info.isFile() && info.mtimeMs >= from && !excluded(child) && (files.length < o.limit ? files.push(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/.test(child) ? JSON.stringify(child).slice(1, -1) : child) : more++);
      }
    }
    return { files, more };
  }
  async preflight(outputs) {
    let problems = [];
    try {
      accessSync2(this.root, constants4.W_OK);
    } catch {
      problems.push(`the workspace ${this.root} is not writable`);
    }
    for (let p of outputs) {
      let reason = checkRelativePath(p);
      if (reason !== null) {
        problems.push(`required output ${reason}`);
        continue;
      }
      let blocker = this.uncreatableParent(p);
      blocker && problems.push(`the folder of required output "${p}" cannot be created: ${blocker}`);
    }
    return problems;
  }
  /** Walks up from the output's folder to the first existing ancestor, which must be a writable folder inside the workspace. */
  uncreatableParent(p) {
    let dir = path5.dirname(path5.resolve(this.root, p.replace(/\\/g, "/")));
    for (; ; )
      try {
        if (!statSync2(dir).isDirectory()) return `"${path5.relative(this.root, dir)}" is a file`;
        let real = realpathSync(dir);
        if (real !== this.root && !real.startsWith(this.root + path5.sep)) return `"${path5.relative(this.root, dir)}" leads outside the workspace`;
        try {
          accessSync2(dir, constants4.W_OK);
        } catch {
          throw new Error("not writable");
        }
        return null;
      } catch (err) {
        if (err.code === "ENOENT" && dir !== this.root) {
          dir = path5.dirname(dir);
          continue;
        }
        return `"${path5.relative(this.root, dir) || "."}" ${err.message === "not writable" ? "is not writable" : describeError(err)}`;
      }
  }
};

// src/wiring/plan-settings.ts
import path6 from "node:path";
function stateFileOf(plan) {
  return plan.store.kind === "file" ? plan.store.stateFile : path6.resolve(plan.workspace, plan.store.stateRel);
}
function workingFilesOf(plan) {
  let stateFile = stateFileOf(plan);
  return { stateFile, ...workingFiles(stateFile) };
}

// src/wiring/engine-factory.ts
async function createEngine(settings, ports) {
  let { plan, processEnv } = settings, workspace = await FsWorkspace.open(plan.workspace), env = { env: withoutRunnerFiles(processEnv ?? process.env) }, deps = {
    clock: { now: () => /* @__PURE__ */ new Date() },
    store: createPlanStore(plan, settings.secrets, ports.log),
    // Output is scrubbed before it is cut for the state: a cut must not leave part of a secret.
    agent: new ExecAgentRunner({ cwd: plan.workspace, ...env, scrubber: settings.secrets }),
    workspace,
    // Check commands of validation rules get the agent's environment: never a token it lacks.
    verifier: new FsVerifier({ root: workspace.root, ...env, scrubber: settings.secrets, ...withRuleChecks({ log: ports.log }) }),
    attemptFiles: new FsAttemptFiles(),
    owners: ports.owners,
    notifier: ports.notifier,
    log: ports.log,
    ...ports.inbox ? { inbox: ports.inbox } : {},
    ...ports.approvals ? { approvals: ports.approvals } : {}
  }, baseSync = createBaseSync(plan);
  baseSync && (deps.baseSync = baseSync);
  let cliCommand = sequencerCliCommand(), cfg = { ...settings.run, logDir: workingFilesOf(plan).logDir, ...cliCommand ? { cliCommand } : {}, secrets: settings.secrets };
  return { deps, cfg };
}
function createBaseSync(plan) {
  let { store } = plan;
  if (!(store.kind !== "git" || !store.syncBase))
    return new GitBaseSync({
      git: workspaceGit(plan.workspace),
      remote: store.remote,
      branch: workBranch(store.branches, plan.planId),
      base: store.syncBase.base,
      // The state's folder keeps the work branch's version.
      protect: stateFolderOf(store.stateRel),
      planId: plan.planId
    });
}

// src/core/tick/commands.ts
var COMMAND_KINDS = ["approve", "cancel", "retry", "skip", "resume", "status", "restart"], MIN_HASH_PREFIX = 12, HASH_PREFIX = new RegExp(`^(?:sha256:)?([0-9a-f]{${MIN_HASH_PREFIX},64})$`, "i");
function hashPrefix(planHash) {
  return planHash.replace(/^sha256:/, "").slice(0, MIN_HASH_PREFIX);
}
function parseCommandText(text, by) {
  let line = commandLine(text)?.trim(), match = line === void 0 ? null : /^\/([a-z]+)\b\s*(.*)$/i.exec(line);
  if (!match) return null;
  let name = (match[1] ?? "").toLowerCase(), rest = (match[2] ?? "").trim();
  switch (name) {
    case "approve":
      return parseApprove(rest, by);
    case "cancel":
      return { ok: !0, command: rest ? { kind: "cancel", by, reason: rest } : { kind: "cancel", by } };
    case "retry":
      return rest ? STEP_WORD.test(rest) ? { ok: !0, command: { kind: name, by, step: rest } } : { ok: !0, command: /\s/.test(rest) ? { kind: name, by, text: rest } : { kind: name, by, note: rest } } : { ok: !0, command: { kind: name, by } };
    case "skip":
    case "restart":
      return rest && !STEP_WORD.test(rest) ? { ok: !1, name: `/${name}`, error: `/${name} takes an optional step id (letters, digits, ".", "_", "-"), got "${rest}"` } : { ok: !0, command: rest ? { kind: name, by, step: rest } : { kind: name, by } };
    case "resume":
      return { ok: !0, command: rest ? { kind: name, by, note: rest } : { kind: name, by } };
    case "status":
      return { ok: !0, command: { kind: name, by } };
    case "draft":
      return { ok: !1, name: "/draft", error: `/draft drafts a plan for a request that has none; this issue has its plan already (commands here: ${knownCommands()})` };
    default: {
      let near = nearestName(name, COMMAND_KINDS);
      return { ok: !1, name: `/${name}`, error: `unknown command "/${name}"; ${near ? `did you mean /${near}? ` : ""}known: ${knownCommands()}` };
    }
  }
}
var knownCommands = () => COMMAND_KINDS.map((k) => `/${k}`).join(", "), STEP_WORD = /^[A-Za-z0-9._-]{1,100}$/, HASH_LIKE = /^sha256:|^[0-9a-f]{7,}$|^(?=[^\s]*\d)[0-9a-f]{4,}$/i, SETTING = /^[A-Za-z][\w-]*=/;
function parseApprove(rest, by) {
  let command = { kind: "approve", by }, usage = `/approve takes an optional plan hash (the proposal's, or its first ${MIN_HASH_PREFIX} or more hex digits; "sha256:" optional), an optional "delay=N" (minutes between steps, 0-1440) and a note`, words = rest.split(/\s+/).filter(Boolean);
  if (words.some((w) => /^budget=/i.test(w))) return parseBudgetRaise(words, command);
  let note = [];
  for (let word of words) {
    let delay = /^delay=(\d{1,4})$/.exec(word), hash = HASH_PREFIX.exec(word);
    if (delay && command.delayMinutes === void 0) {
      let minutes = Number(delay[1]);
      if (minutes > 1440) return { ok: !1, name: "/approve", error: `/approve delay must be 0-1440 minutes, got ${minutes}` };
      command.delayMinutes = minutes;
    } else if (hash && command.planHash === void 0)
      command.planHash = `sha256:${hash[1].toLowerCase()}`;
    else {
      if (HASH_LIKE.test(word) || SETTING.test(word))
        return { ok: !1, name: "/approve", error: `${usage}, got "${word}"` };
      note.push(word);
    }
  }
  return note.length && (command.note = note.join(" ")), { ok: !0, command };
}
var MAX_RAISE = { costUsd: 1e6, tokens: 1e12 }, BUDGET_WORD = /^budget=(\$)?(\d{1,13}(?:\.\d{1,6})?)(k|m)?(usd|tokens)?$/i;
function parseBudgetRaise(words, command) {
  let usage = "/approve budget=\u2026 raises the spent budget that blocked the plan: budget=$20 (or 20usd) for dollars, budget=5000000tokens (or 5M, 500k) for tokens, a bare number for the kind that was spent; at most one of each, and nothing else in the command", budgets = [];
  for (let word of words) {
    let m = BUDGET_WORD.exec(word);
    if (!m) return { ok: !1, name: "/approve", error: `${usage}, got "${word}"` };
    let [, dollar, digits, multiplier, unit] = m, usd = dollar !== void 0 || unit?.toLowerCase() === "usd", tokens = multiplier !== void 0 || unit?.toLowerCase() === "tokens";
    if (usd && tokens) return { ok: !1, name: "/approve", error: `${usage}, got "${word}" (dollars or tokens, not both)` };
    let scale = multiplier?.toLowerCase() === "k" ? 1e3 : multiplier?.toLowerCase() === "m" ? 1e6 : 1, amount = Number(digits) * scale, kind = usd ? "costUsd" : tokens ? "tokens" : void 0;
    if (kind === "tokens" && !Number.isInteger(amount)) return { ok: !1, name: "/approve", error: `${usage}, got "${word}" (a whole number of tokens)` };
    if (!(amount > 0) || amount > MAX_RAISE[kind ?? "tokens"])
      return { ok: !1, name: "/approve", error: `${usage}, got "${word}" (more than 0, at most $${MAX_RAISE.costUsd} or ${MAX_RAISE.tokens} tokens)` };
    if (budgets.some((b) => b.kind === kind)) return { ok: !1, name: "/approve", error: `${usage}, got "${word}" a second time` };
    budgets.push(kind ? { kind, amount } : { amount });
  }
  return { ok: !0, command: { ...command, budgets } };
}
function namesPlanHash(given, actual) {
  let prefix = HASH_PREFIX.exec(given.trim())?.[1]?.toLowerCase();
  return prefix !== void 0 && actual !== void 0 && actual.startsWith(`sha256:${prefix}`);
}

export {
  COMMAND_KINDS,
  hashPrefix,
  parseCommandText,
  MAX_RAISE,
  namesPlanHash,
  ExecAgentRunner,
  workingFilesOf,
  createEngine
};
