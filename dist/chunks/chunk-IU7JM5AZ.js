import {
  exactDuration
} from "./chunk-UZTB5BNK.js";

// src/adapters/fs/atomic-write.ts
import { randomBytes } from "node:crypto";
import { closeSync, constants, copyFileSync, fchmodSync, fstatSync, fsyncSync, openSync, renameSync, statSync, unlinkSync, writeSync } from "node:fs";
import path from "node:path";
async function writeFileAtomic(filePath, text, options = {}) {
  writeFileAtomicSync(filePath, text, options);
}
function writeFileAtomicSync(filePath, text, options = {}) {
  return writeAtomic(filePath, text, options);
}
async function writeFileAtomicStat(filePath, text, options = {}) {
  return writeAtomic(filePath, text, options);
}
function copyFileAtomic(source, target) {
  let tempPath = tempPathFor(target);
  try {
    copyFileSync(source, tempPath, constants.COPYFILE_EXCL), renameSync(tempPath, target);
  } catch (err) {
    throw removeQuietly(tempPath), err;
  }
}
function writeAtomic(filePath, text, options) {
  let tempPath = tempPathFor(filePath), mode = (options.exactMode ? void 0 : existingMode(filePath)) ?? options.mode ?? 420, bytes = typeof text == "string" ? Buffer.from(text) : text, written, fd = openSync(tempPath, "wx", mode);
  try {
    try {
      for (let offset = 0; offset < bytes.length; ) offset += writeSync(fd, bytes, offset, bytes.length - offset);
      fchmodSync(fd, mode), fsyncSync(fd), written = fstatSync(fd, { bigint: !0 });
    } finally {
      closeSync(fd);
    }
    renameSync(tempPath, filePath);
  } catch (err) {
    throw removeQuietly(tempPath), err;
  }
  return written;
}
var tempPrefix = null, tempCount = 0;
function tempPathFor(filePath) {
  let name = path.basename(filePath);
  return tempPrefix ??= randomBytes(6).toString("hex"), path.join(path.dirname(filePath), `.${name}.${process.pid}.${tempPrefix}${(tempCount++).toString(16)}.tmp`);
}
function isTempFileFor(fileName, targetName) {
  let prefix = `.${targetName}.`;
  return !fileName.startsWith(prefix) || !fileName.endsWith(".tmp") ? !1 : /^\d+\.[0-9a-f]+$/.test(fileName.slice(prefix.length, -4));
}
function removeQuietly(tempPath) {
  try {
    unlinkSync(tempPath);
  } catch {
  }
}
function existingMode(filePath) {
  try {
    return statSync(filePath).mode & 4095;
  } catch (err) {
    if (err.code === "ENOENT") return null;
    throw err;
  }
}

// src/wiring/workspace-git.ts
import path3 from "node:path";

// src/adapters/git/git.ts
import { accessSync, constants as constants2, statSync as statSync2 } from "node:fs";
import { createRequire } from "node:module";
import path2 from "node:path";

// src/core/trust/git-policy.ts
var ALWAYS = [
  // No hook exists under /dev/null: post-commit, post-checkout, reference-transaction, pre-push…
  ["core.hooksPath", "/dev/null"],
  ["core.fsmonitor", "false"],
  // `git status` run inside a nested repository would read that repository's own config.
  ["diff.ignoreSubmodules", "all"],
  ["submodule.recurse", "false"],
  ["protocol.ext.allow", "never"],
  ["gc.auto", "0"],
  ["maintenance.auto", "false"],
  ["commit.gpgSign", "false"],
  ["tag.gpgSign", "false"]
], ACTION_ONLY = [
  // An empty value empties the helper list: the token comes from our extra header only.
  ["credential.helper", ""],
  // The defaults ($XDG_CONFIG_HOME/git/attributes and git/ignore, else under ~/.config) are
  // files the agent's user can write: a planted ignore file would hide its outputs from `add -A`.
  ["core.attributesFile", "/dev/null"],
  ["core.excludesFile", "/dev/null"]
];
function hardeningArgs(mode) {
  return (mode === "action" ? [...ALWAYS, ...ACTION_ONLY] : ALWAYS).flatMap(([k, v]) => ["-c", `${k}=${v}`]);
}
var PASSED = /* @__PURE__ */ new Set([
  "PATH",
  "HOME",
  "LANG",
  "LANGUAGE",
  "TMPDIR",
  "TZ",
  "USER",
  "LOGNAME",
  "SYSTEMROOT",
  "PATHEXT",
  "USERPROFILE",
  "COMSPEC",
  "http_proxy",
  "https_proxy",
  "no_proxy",
  "all_proxy",
  "HTTP_PROXY",
  "HTTPS_PROXY",
  "NO_PROXY",
  "ALL_PROXY",
  "GIT_SSL_CAINFO",
  "GIT_SSL_CAPATH",
  "SSL_CERT_FILE",
  "SSL_CERT_DIR"
]), PASSED_CLI = /* @__PURE__ */ new Set([
  "SSH_AUTH_SOCK",
  "SSH_AGENT_PID",
  "GIT_SSH",
  "GIT_SSH_COMMAND",
  "GIT_SSH_VARIANT",
  "GIT_ASKPASS",
  "SSH_ASKPASS",
  "DISPLAY",
  "XDG_CONFIG_HOME",
  "GIT_CONFIG_GLOBAL",
  "GIT_CONFIG_SYSTEM",
  "GIT_CONFIG_NOSYSTEM"
]), PASSED_IN_CLI = [...PASSED, ...PASSED_CLI];
function gitEnvironment(base, mode, extra = {}) {
  let env = {};
  for (let k of mode === "cli" ? PASSED_IN_CLI : PASSED) {
    let v = base[k];
    v !== void 0 && (env[k] = v);
  }
  return Object.assign(env, { GIT_TERMINAL_PROMPT: "0", LC_ALL: "C", GIT_NO_REPLACE_OBJECTS: "1" }), mode === "action" && Object.assign(env, { GIT_CONFIG_GLOBAL: "/dev/null", GIT_CONFIG_NOSYSTEM: "1", GIT_ATTR_NOSYSTEM: "1" }), Object.assign(env, extra);
}
function credentialEnvironment(serverUrl, token) {
  let url;
  try {
    url = new URL(serverUrl);
  } catch {
    return {};
  }
  if (url.protocol !== "https:" || !token) return {};
  let key = `http.${url.origin}/.extraheader`;
  return {
    GIT_CONFIG_COUNT: "2",
    GIT_CONFIG_KEY_0: key,
    GIT_CONFIG_VALUE_0: "",
    GIT_CONFIG_KEY_1: key,
    GIT_CONFIG_VALUE_1: `AUTHORIZATION: basic ${btoa(`x-access-token:${token}`)}`
  };
}
function parseConfigList(output) {
  return output.split("\0").filter((item) => item !== "").map((item) => {
    let nl = item.indexOf(`
`);
    return nl < 0 ? { key: item, value: null } : { key: item.slice(0, nl), value: item.slice(nl + 1) };
  });
}
function splitKey(key) {
  let first = key.indexOf("."), last = key.lastIndexOf(".");
  return first <= 0 || last === key.length - 1 ? null : {
    section: key.slice(0, first).toLowerCase(),
    subsection: first === last ? null : key.slice(first + 1, last),
    name: key.slice(last + 1).toLowerCase()
  };
}
var TRUSTED_KEYS = /* @__PURE__ */ new Set([
  "core.repositoryformatversion",
  "core.filemode",
  "core.bare",
  "core.logallrefupdates",
  "core.ignorecase",
  "core.precomposeunicode",
  "core.symlinks",
  "core.autocrlf",
  "core.eol",
  "core.safecrlf",
  "core.longpaths",
  "core.protectntfs",
  "core.protecthfs",
  "core.sparsecheckout",
  "core.sparsecheckoutcone",
  "extensions.objectformat",
  "extensions.refstorage",
  "extensions.partialclone"
]), TRUSTED_REMOTE_KEYS = /* @__PURE__ */ new Set(["url", "fetch", "promisor", "partialclonefilter", "tagopt"]);
function trustedRepositoryConfig(entries) {
  return entries.filter((e) => {
    let k = splitKey(e.key);
    return !k || e.value === null || /[\0\n]/.test(k.subsection ?? "") ? !1 : k.section === "remote" ? k.subsection !== null && TRUSTED_REMOTE_KEYS.has(k.name) : k.subsection === null && TRUSTED_KEYS.has(`${k.section}.${k.name}`);
  });
}
function withoutCredentials(entries) {
  return entries.filter((e) => {
    let k = splitKey(e.key);
    return !k || !(k.section === "http" && k.name === "extraheader" || k.section === "include" || k.section === "includeif");
  });
}
function credentialIncludes(entries) {
  let out = /* @__PURE__ */ new Set();
  for (let e of entries) {
    let k = splitKey(e.key);
    k && (k.section === "include" || k.section === "includeif") && k.name === "path" && e.value && /(^|[\\/])git-credentials-[0-9a-f-]+\.config$/i.test(e.value) && out.add(e.value);
  }
  return [...out];
}
var quoteValue = (s) => `"${s.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\n").replace(/\t/g, "\\t")}"`, quoteSubsection = (s) => `"${s.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;
function formatConfig(entries) {
  let sections = /* @__PURE__ */ new Map();
  for (let e of entries) {
    let k = splitKey(e.key);
    if (!k || /[\0\n]/.test(k.subsection ?? "")) continue;
    let header = k.subsection === null ? `[${k.section}]` : `[${k.section} ${quoteSubsection(k.subsection)}]`, lines = sections.get(header) ?? [];
    lines.push(e.value === null ? `	${k.name}` : `	${k.name} = ${quoteValue(e.value)}`), sections.set(header, lines);
  }
  return [...sections].map(([header, lines]) => `${header}
${lines.join(`
`)}
`).join("");
}

// src/adapters/git/git-process.ts
import { spawn } from "node:child_process";

// src/adapters/process/process-table.ts
import { readdirSync, readFileSync } from "node:fs";
function procStat(pid) {
  let text;
  try {
    text = readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return null;
  }
  let fields = text.slice(text.lastIndexOf(")") + 2).split(" "), state = fields[0], ppid = Number(fields[1]), pgrp = Number(fields[2]), start = fields[19];
  return state === void 0 || start === void 0 || !Number.isInteger(pgrp) || !Number.isInteger(ppid) ? null : { state, ppid, pgrp, start };
}
function descendantPids(pid) {
  let entries;
  try {
    entries = readdirSync("/proc");
  } catch {
    return [];
  }
  let children = /* @__PURE__ */ new Map();
  for (let entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    let stat = procStat(Number(entry));
    if (!stat) continue;
    let siblings = children.get(stat.ppid) ?? [];
    siblings.push(Number(entry)), children.set(stat.ppid, siblings);
  }
  let found = [];
  for (let queue = [...children.get(pid) ?? []]; queue.length; ) {
    let next = queue.shift();
    found.push(next), queue = queue.concat(children.get(next) ?? []);
  }
  return found;
}
function isValidPid(pid) {
  return typeof pid == "number" && Number.isSafeInteger(pid) && pid > 0;
}
function pidAlive(pid) {
  if (!isValidPid(pid)) return !1;
  try {
    process.kill(pid, 0);
  } catch (err) {
    if (err.code !== "EPERM") return !1;
  }
  return procStat(pid)?.state !== "Z";
}

// src/adapters/git/git-process.ts
var KILL_GRACE_MS = 2e3, PIPE_WAIT_MS = 1e3;
function runGitProcess(spec) {
  return new Promise((resolve) => {
    let child = spawn(spec.binary, spec.args, { cwd: spec.cwd, env: spec.env, stdio: ["ignore", "pipe", "pipe"], detached: spec.ownGroup }), out = [], err = [], bytes = 0, stopped = null, spawnError = null, settled = !1, timers = [], finish = (code, sig) => {
      if (settled) return;
      settled = !0;
      for (let t of timers) clearTimeout(t);
      let stdout = Buffer.concat(out).toString("utf8"), stderr = Buffer.concat(err).toString("utf8");
      if (stopped === "timeout") return resolve({ kind: "timeout", stderr });
      if (stopped === "overflow") return resolve({ kind: "failed", reason: `its output exceeded ${spec.maxBuffer} bytes`, stdout, stderr });
      if (spawnError) return resolve({ kind: "failed", reason: spawnError.message, stdout, stderr });
      if (code === null) return resolve({ kind: "failed", reason: `git was killed by ${sig ?? "a signal"}`, stdout, stderr });
      resolve({ kind: "exit", code, stdout, stderr });
    }, stop = (why) => {
      if (stopped || child.pid === void 0) return;
      stopped = why;
      let pid = child.pid, targets = spec.ownGroup ? [-pid] : [...descendantPids(pid), pid];
      signal(targets, "SIGTERM"), timers.push(
        setTimeout(() => {
          signal(targets, "SIGKILL"), timers.push(
            setTimeout(() => {
              child.stdout.destroy(), child.stderr.destroy(), finish(null, "SIGKILL");
            }, PIPE_WAIT_MS)
          );
        }, KILL_GRACE_MS)
      );
    }, collect = (into) => (chunk) => {
      if (bytes += chunk.length, bytes > spec.maxBuffer) return stop("overflow");
      into.push(chunk);
    };
    child.stdout.on("data", collect(out)), child.stderr.on("data", collect(err)), timers.push(setTimeout(() => stop("timeout"), spec.timeoutMs)), child.once("error", (e) => {
      spawnError = e, child.pid === void 0 && finish(null, null);
    }), child.once("close", finish);
  });
}
function signal(targets, sig) {
  for (let target of targets)
    try {
      process.kill(target, sig);
    } catch {
    }
}

// src/adapters/git/git.ts
function stdinIsTerminal() {
  let { isatty } = createRequire(import.meta.url)("node:tty");
  return isatty(0);
}
function gitMessage(res) {
  let text = (res.stderr.trim() || res.stdout.trim() || `exit ${res.code}`).split(`
`).filter((line) => line.trim()).slice(0, 5).join(" / ");
  return text.length > 500 ? `${text.slice(0, 500)}\u2026` : text;
}
var GitCommandError = class extends Error {
  constructor(args, code, stderr, stdout = "", message = `git ${args.join(" ")} failed (exit ${code}): ${stderr.trim() || stdout.trim() || "no output"}`) {
    super(message);
    this.args = args;
    this.code = code;
    this.stderr = stderr;
    this.stdout = stdout;
    this.name = "GitCommandError";
  }
  args;
  code;
  stderr;
  stdout;
}, GitTimeoutError = class extends GitCommandError {
  constructor(args, timeoutMs, stderr) {
    super(args, -1, stderr, "", `git ${args.join(" ")} did not finish within ${exactDuration(timeoutMs, "min")} and was stopped${stderr.trim() ? `: ${stderr.trim()}` : ""}`);
    this.timeoutMs = timeoutMs;
    this.name = "GitTimeoutError";
  }
  timeoutMs;
}, DEFAULT_GIT_TIMEOUT_MS = 10 * 6e4, MAX_BUFFER = 64 * 1024 * 1024, GitRunner = class {
  cwd;
  mode;
  timeoutMs;
  ownProcessGroup;
  /**
   * The git binary, looked up when the runner is made: before any agent runs, so a `git` the
   * agent drops later into a directory early on PATH (~/.local/bin on hosted runners) or into the
   * workspace is never the one we run.
   */
  binary;
  pinned;
  constructor(opts) {
    if (this.cwd = opts.cwd, this.mode = opts.mode ?? "cli", this.timeoutMs = opts.timeoutMs ?? DEFAULT_GIT_TIMEOUT_MS, !Number.isFinite(this.timeoutMs) || this.timeoutMs <= 0)
      throw new RangeError(`Invalid git timeoutMs ${String(opts.timeoutMs)}: expected a number of milliseconds above 0.`);
    this.ownProcessGroup = opts.ownProcessGroup ?? (process.platform !== "win32" && (this.mode === "action" || !stdinIsTerminal())), this.binary = findGitBinary();
  }
  /** The workspace's guard (git-guard.ts), once one was taken. */
  get guard() {
    return this.pinned;
  }
  /** Sets the guard every later command goes through; it is taken once and never replaced. */
  useGuard(guard) {
    if (this.pinned) throw new Error(`The git guard of ${this.cwd} is already taken; it is never replaced.`);
    this.pinned = guard;
  }
  async run(args, opts = {}) {
    let pinned = {};
    if (this.pinned)
      try {
        pinned = await this.pinned.prepare();
      } catch (err) {
        throw new GitCommandError(args, -1, err instanceof Error ? err.message : String(err));
      }
    let env = gitEnvironment(process.env, this.mode, { ...pinned, ...opts.env }), raw = await runGitProcess({
      binary: this.binary,
      args: [...hardeningArgs(this.mode), ...args],
      cwd: this.cwd,
      env,
      timeoutMs: this.timeoutMs,
      maxBuffer: MAX_BUFFER,
      ownGroup: this.ownProcessGroup
    });
    if (raw.kind === "timeout") throw new GitTimeoutError(args, this.timeoutMs, raw.stderr);
    if (raw.kind === "failed") throw new GitCommandError(args, -1, `${raw.reason}${raw.stderr ? `
${raw.stderr}` : ""}`, raw.stdout);
    if (raw.code === 0) return { code: 0, stdout: raw.stdout, stderr: raw.stderr };
    if (opts.allowFail) return { code: raw.code, stdout: raw.stdout, stderr: raw.stderr };
    throw new GitCommandError(args, raw.code, raw.stderr, raw.stdout);
  }
};
function findGitBinary() {
  if (process.platform === "win32") return "git";
  for (let dir of (process.env.PATH ?? "").split(path2.delimiter)) {
    if (!path2.isAbsolute(dir)) continue;
    let file = path2.join(dir, "git");
    try {
      if (statSync2(file).isFile())
        return accessSync(file, constants2.X_OK), file;
    } catch {
    }
  }
  return "git";
}

// src/wiring/workspace-git.ts
var runners = /* @__PURE__ */ new Map();
function workspaceGit(workspace, mode) {
  let cwd = path3.resolve(workspace), known = runners.get(cwd);
  if (known) {
    if (mode && known.mode !== mode) throw new Error(`The git runner of ${cwd} runs in ${known.mode} mode, not ${mode}: a workspace has one runner.`);
    return known;
  }
  let runner = new GitRunner({ cwd, ...mode ? { mode } : {} });
  return runners.set(cwd, runner), runner;
}

// src/adapters/git/git-guard.ts
import { lstatSync, readdirSync as readdirSync2, readFileSync as readFileSync2, rmSync, statSync as statSync3 } from "node:fs";
import path4 from "node:path";
async function guardRepository(git, opts = {}) {
  let mode = git.mode;
  if (git.guard) return;
  let workspace = git.cwd, credential = opts.credential ? credentialEnvironment(opts.credential.serverUrl, opts.credential.token) : {}, repo = findRepository(path4.resolve(workspace));
  if (!repo) {
    let nowhere = { GIT_DIR: path4.join(path4.resolve(workspace), ".git", "no-repository-at-start") };
    mode === "action" && git.useGuard({ prepare: async () => ({ ...nowhere, ...credential }) });
    return;
  }
  let configFile = path4.join(repo.commonDir, "config"), mainEntries = mode === "action" ? await removePersistedCredentials(git, repo, opts.runnerTemp) : null, kept = /* @__PURE__ */ new Map([
    [configFile, mainEntries ? formatConfig(trustedRepositoryConfig(mainEntries)) : readOrNull(configFile)],
    [path4.join(repo.gitDir, "config.worktree"), mode === "action" ? null : readOrNull(path4.join(repo.gitDir, "config.worktree"))],
    [path4.join(repo.gitDir, "commondir"), readOrNull(path4.join(repo.gitDir, "commondir"))]
  ]), guard = new KeptRepository(repo, kept, credential);
  git.useGuard(guard), await guard.prepare();
}
var KeptRepository = class {
  constructor(repo, kept, credential) {
    this.repo = repo;
    this.kept = kept;
    this.credential = credential;
    this.dirs = [.../* @__PURE__ */ new Set([repo.gitDir, repo.commonDir])].map((dir) => ({ dir, id: identity(dir) }));
  }
  repo;
  kept;
  credential;
  dirs;
  get gitDir() {
    return this.repo.gitDir;
  }
  get commonDir() {
    return this.repo.commonDir;
  }
  async prepare() {
    for (let { dir, id } of this.dirs)
      if (identity(dir) !== id) throw new Error(`Refusing to run git: the git directory ${dir} was replaced since the sequencer started.`);
    for (let [file, text] of this.kept) restore(file, text);
    return { GIT_DIR: this.repo.gitDir, GIT_COMMON_DIR: this.repo.commonDir, GIT_WORK_TREE: this.repo.workTree, ...this.credential };
  }
};
function findRepository(start) {
  for (let dir = start; ; dir = path4.dirname(dir)) {
    let dotGit = path4.join(dir, ".git"), gitDir = null;
    try {
      let st = lstatSync(dotGit);
      if (st.isDirectory()) gitDir = dotGit;
      else if (st.isFile()) {
        let m = /^gitdir: (.+)$/m.exec(readFileSync2(dotGit, "utf8"));
        m?.[1] && (gitDir = path4.resolve(dir, m[1].trim()));
      }
    } catch {
    }
    if (gitDir) {
      let common = readOrNull(path4.join(gitDir, "commondir"));
      return { workTree: dir, gitDir, commonDir: common === null ? gitDir : path4.resolve(gitDir, common.trim()) };
    }
    if (path4.dirname(dir) === dir) return null;
  }
}
async function readConfig(git, file) {
  let res = await git.run(["config", "--file", file, "--no-includes", "--null", "--list"], { allowFail: !0 });
  return res.code === 0 ? parseConfigList(res.stdout) : [];
}
async function removePersistedCredentials(git, repo, runnerTemp) {
  let root = runnerTemp ? path4.resolve(runnerTemp) : null, removeCredentialFiles = (file, entries) => {
    for (let include of credentialIncludes(entries)) {
      let target = path4.resolve(path4.dirname(file), include);
      root && target.startsWith(root + path4.sep) && rmSync(target, { force: !0 });
    }
  }, main = path4.join(repo.commonDir, "config"), mainEntries = await readConfig(git, main);
  removeCredentialFiles(main, mainEntries);
  for (let file of submoduleConfigs(path4.join(repo.commonDir, "modules"))) {
    let entries = await readConfig(git, file);
    removeCredentialFiles(file, entries);
    let clean = withoutCredentials(entries);
    clean.length !== entries.length && restore(file, formatConfig(clean));
  }
  return mainEntries;
}
function submoduleConfigs(dir) {
  let names;
  try {
    names = readdirSync2(dir);
  } catch {
    return [];
  }
  return names.flatMap((name) => {
    let sub = path4.join(dir, name);
    return [...existsFile(path4.join(sub, "config")) ? [path4.join(sub, "config")] : [], ...submoduleConfigs(path4.join(sub, "modules"))];
  });
}
function existsFile(file) {
  try {
    return lstatSync(file).isFile();
  } catch {
    return !1;
  }
}
function identity(dir) {
  let st = statSync3(dir);
  return lstatSync(dir).isSymbolicLink() ? `link:${st.dev}:${st.ino}` : `${st.dev}:${st.ino}`;
}
function readOrNull(file) {
  try {
    return lstatSync(file).isFile() ? readFileSync2(file, "utf8") : null;
  } catch {
    return null;
  }
}
function restore(file, text) {
  let st;
  try {
    st = lstatSync(file);
  } catch {
    st = null;
  }
  if (text === null) {
    st && rmSync(file, { recursive: !0, force: !0 });
    return;
  }
  st?.isFile() && readFileSync2(file, "utf8") === text || (st?.isDirectory() && rmSync(file, { recursive: !0, force: !0 }), writeFileAtomicSync(file, text, { mode: 420, exactMode: !0 }));
}

export {
  writeFileAtomic,
  writeFileAtomicStat,
  copyFileAtomic,
  isTempFileFor,
  guardRepository,
  procStat,
  isValidPid,
  pidAlive,
  gitMessage,
  GitCommandError,
  GitTimeoutError,
  workspaceGit
};
