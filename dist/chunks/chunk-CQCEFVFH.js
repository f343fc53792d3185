import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);

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
  const tempPath = tempPathFor(target);
  try {
    copyFileSync(source, tempPath, constants.COPYFILE_EXCL);
    renameSync(tempPath, target);
  } catch (err) {
    removeQuietly(tempPath);
    throw err;
  }
}
function writeAtomic(filePath, text, options) {
  const tempPath = tempPathFor(filePath);
  const mode = (options.exactMode ? void 0 : existingMode(filePath)) ?? options.mode ?? 420;
  const bytes = typeof text === "string" ? Buffer.from(text) : text;
  let written;
  const fd = openSync(tempPath, "wx", mode);
  try {
    try {
      for (let offset = 0; offset < bytes.length; ) offset += writeSync(fd, bytes, offset, bytes.length - offset);
      fchmodSync(fd, mode);
      fsyncSync(fd);
      written = fstatSync(fd, { bigint: true });
    } finally {
      closeSync(fd);
    }
    renameSync(tempPath, filePath);
  } catch (err) {
    removeQuietly(tempPath);
    throw err;
  }
  return written;
}
var tempPrefix = null;
var tempCount = 0;
function tempPathFor(filePath) {
  const name = path.basename(filePath);
  tempPrefix ??= randomBytes(6).toString("hex");
  return path.join(path.dirname(filePath), `.${name}.${process.pid}.${tempPrefix}${(tempCount++).toString(16)}.tmp`);
}
function isTempFileFor(fileName, targetName) {
  const prefix = `.${targetName}.`;
  if (!fileName.startsWith(prefix) || !fileName.endsWith(".tmp")) return false;
  return /^\d+\.[0-9a-f]+$/.test(fileName.slice(prefix.length, -".tmp".length));
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
import path2 from "node:path";
import { isatty } from "node:tty";

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
];
var ACTION_ONLY = [
  // An empty value empties the helper list: the token comes from our extra header only.
  ["credential.helper", ""],
  // The defaults ($XDG_CONFIG_HOME/git/attributes and git/ignore, else under ~/.config) are
  // files the agent's user can write: a planted ignore file would hide its outputs from `add -A`.
  ["core.attributesFile", "/dev/null"],
  ["core.excludesFile", "/dev/null"]
];
function hardeningArgs(mode) {
  const pairs = mode === "action" ? [...ALWAYS, ...ACTION_ONLY] : ALWAYS;
  return pairs.flatMap(([k, v]) => ["-c", `${k}=${v}`]);
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
]);
var PASSED_CLI = /* @__PURE__ */ new Set([
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
]);
var PASSED_IN_CLI = [...PASSED, ...PASSED_CLI];
function gitEnvironment(base, mode, extra = {}) {
  const env = {};
  for (const k of mode === "cli" ? PASSED_IN_CLI : PASSED) {
    const v = base[k];
    if (v !== void 0) env[k] = v;
  }
  Object.assign(env, { GIT_TERMINAL_PROMPT: "0", LC_ALL: "C", GIT_NO_REPLACE_OBJECTS: "1" });
  if (mode === "action") Object.assign(env, { GIT_CONFIG_GLOBAL: "/dev/null", GIT_CONFIG_NOSYSTEM: "1", GIT_ATTR_NOSYSTEM: "1" });
  return Object.assign(env, extra);
}
function credentialEnvironment(serverUrl, token) {
  let url;
  try {
    url = new URL(serverUrl);
  } catch {
    return {};
  }
  if (url.protocol !== "https:" || !token) return {};
  const key = `http.${url.origin}/.extraheader`;
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
    const nl = item.indexOf("\n");
    return nl < 0 ? { key: item, value: null } : { key: item.slice(0, nl), value: item.slice(nl + 1) };
  });
}
function splitKey(key) {
  const first = key.indexOf(".");
  const last = key.lastIndexOf(".");
  if (first <= 0 || last === key.length - 1) return null;
  return {
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
]);
var TRUSTED_REMOTE_KEYS = /* @__PURE__ */ new Set(["url", "fetch", "promisor", "partialclonefilter", "tagopt"]);
function trustedRepositoryConfig(entries) {
  return entries.filter((e) => {
    const k = splitKey(e.key);
    if (!k || e.value === null || /[\0\n]/.test(k.subsection ?? "")) return false;
    if (k.section === "remote") return k.subsection !== null && TRUSTED_REMOTE_KEYS.has(k.name);
    return k.subsection === null && TRUSTED_KEYS.has(`${k.section}.${k.name}`);
  });
}
function withoutCredentials(entries) {
  return entries.filter((e) => {
    const k = splitKey(e.key);
    return !k || !(k.section === "http" && k.name === "extraheader" || k.section === "include" || k.section === "includeif");
  });
}
function credentialIncludes(entries) {
  const out = /* @__PURE__ */ new Set();
  for (const e of entries) {
    const k = splitKey(e.key);
    if (k && (k.section === "include" || k.section === "includeif") && k.name === "path" && e.value && /(^|[\\/])git-credentials-[0-9a-f-]+\.config$/i.test(e.value)) {
      out.add(e.value);
    }
  }
  return [...out];
}
var quoteValue = (s) => `"${s.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\n").replace(/\t/g, "\\t")}"`;
var quoteSubsection = (s) => `"${s.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;
function formatConfig(entries) {
  const sections = /* @__PURE__ */ new Map();
  for (const e of entries) {
    const k = splitKey(e.key);
    if (!k || /[\0\n]/.test(k.subsection ?? "")) continue;
    const header = k.subsection === null ? `[${k.section}]` : `[${k.section} ${quoteSubsection(k.subsection)}]`;
    const lines = sections.get(header) ?? [];
    lines.push(e.value === null ? `	${k.name}` : `	${k.name} = ${quoteValue(e.value)}`);
    sections.set(header, lines);
  }
  return [...sections].map(([header, lines]) => `${header}
${lines.join("\n")}
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
  const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
  const state = fields[0];
  const ppid = Number(fields[1]);
  const pgrp = Number(fields[2]);
  const start = fields[19];
  if (state === void 0 || start === void 0 || !Number.isInteger(pgrp) || !Number.isInteger(ppid)) return null;
  return { state, ppid, pgrp, start };
}
function descendantPids(pid) {
  let entries;
  try {
    entries = readdirSync("/proc");
  } catch {
    return [];
  }
  const children = /* @__PURE__ */ new Map();
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = procStat(Number(entry));
    if (!stat) continue;
    const siblings = children.get(stat.ppid) ?? [];
    siblings.push(Number(entry));
    children.set(stat.ppid, siblings);
  }
  const found = [];
  for (let queue = [...children.get(pid) ?? []]; queue.length; ) {
    const next = queue.shift();
    found.push(next);
    queue = queue.concat(children.get(next) ?? []);
  }
  return found;
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

// src/adapters/git/git-process.ts
var KILL_GRACE_MS = 2e3;
var PIPE_WAIT_MS = 1e3;
function runGitProcess(spec) {
  return new Promise((resolve) => {
    const child = spawn(spec.binary, spec.args, { cwd: spec.cwd, env: spec.env, stdio: ["ignore", "pipe", "pipe"], detached: spec.ownGroup });
    const out = [];
    const err = [];
    let bytes = 0;
    let stopped = null;
    let spawnError = null;
    let settled = false;
    const timers = [];
    const finish = (code, sig) => {
      if (settled) return;
      settled = true;
      for (const t of timers) clearTimeout(t);
      const stdout = Buffer.concat(out).toString("utf8");
      const stderr = Buffer.concat(err).toString("utf8");
      if (stopped === "timeout") return resolve({ kind: "timeout", stderr });
      if (stopped === "overflow") return resolve({ kind: "failed", reason: `its output exceeded ${spec.maxBuffer} bytes`, stdout, stderr });
      if (spawnError) return resolve({ kind: "failed", reason: spawnError.message, stdout, stderr });
      if (code === null) return resolve({ kind: "failed", reason: `git was killed by ${sig ?? "a signal"}`, stdout, stderr });
      resolve({ kind: "exit", code, stdout, stderr });
    };
    const stop = (why) => {
      if (stopped || child.pid === void 0) return;
      stopped = why;
      const pid = child.pid;
      const targets = spec.ownGroup ? [-pid] : [...descendantPids(pid), pid];
      signal(targets, "SIGTERM");
      timers.push(
        setTimeout(() => {
          signal(targets, "SIGKILL");
          timers.push(
            setTimeout(() => {
              child.stdout.destroy();
              child.stderr.destroy();
              finish(null, "SIGKILL");
            }, PIPE_WAIT_MS)
          );
        }, KILL_GRACE_MS)
      );
    };
    const collect = (into) => (chunk) => {
      bytes += chunk.length;
      if (bytes > spec.maxBuffer) return stop("overflow");
      into.push(chunk);
    };
    child.stdout.on("data", collect(out));
    child.stderr.on("data", collect(err));
    timers.push(setTimeout(() => stop("timeout"), spec.timeoutMs));
    child.once("error", (e) => {
      spawnError = e;
      if (child.pid === void 0) finish(null, null);
    });
    child.once("close", finish);
  });
}
function signal(targets, sig) {
  for (const target of targets) {
    try {
      process.kill(target, sig);
    } catch {
    }
  }
}

// src/adapters/git/git.ts
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
};
var GitTimeoutError = class extends GitCommandError {
  constructor(args, timeoutMs, stderr) {
    super(args, -1, stderr, "", `git ${args.join(" ")} did not finish within ${formatDuration(timeoutMs)} and was stopped${stderr.trim() ? `: ${stderr.trim()}` : ""}`);
    this.timeoutMs = timeoutMs;
    this.name = "GitTimeoutError";
  }
  timeoutMs;
};
var DEFAULT_GIT_TIMEOUT_MS = 10 * 6e4;
var MAX_BUFFER = 64 * 1024 * 1024;
var GitRunner = class {
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
    this.cwd = opts.cwd;
    this.mode = opts.mode ?? "cli";
    this.timeoutMs = opts.timeoutMs ?? DEFAULT_GIT_TIMEOUT_MS;
    if (!Number.isFinite(this.timeoutMs) || this.timeoutMs <= 0) {
      throw new RangeError(`Invalid git timeoutMs ${String(opts.timeoutMs)}: expected a number of milliseconds above 0.`);
    }
    this.ownProcessGroup = opts.ownProcessGroup ?? (process.platform !== "win32" && (this.mode === "action" || !isatty(0)));
    this.binary = findGitBinary();
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
    if (this.pinned) {
      try {
        pinned = await this.pinned.prepare();
      } catch (err) {
        throw new GitCommandError(args, -1, err instanceof Error ? err.message : String(err));
      }
    }
    const env = gitEnvironment(process.env, this.mode, { ...pinned, ...opts.env });
    const raw = await runGitProcess({
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
  for (const dir of (process.env.PATH ?? "").split(path2.delimiter)) {
    if (!path2.isAbsolute(dir)) continue;
    const file = path2.join(dir, "git");
    try {
      if (statSync2(file).isFile()) {
        accessSync(file, constants2.X_OK);
        return file;
      }
    } catch {
    }
  }
  return "git";
}
function formatDuration(ms) {
  if (ms % 6e4 === 0) return `${ms / 6e4} min`;
  return ms % 1e3 === 0 ? `${ms / 1e3} s` : `${ms} ms`;
}

// src/wiring/workspace-git.ts
var runners = /* @__PURE__ */ new Map();
function workspaceGit(workspace, mode) {
  const cwd = path3.resolve(workspace);
  const known = runners.get(cwd);
  if (known) {
    if (mode && known.mode !== mode) throw new Error(`The git runner of ${cwd} runs in ${known.mode} mode, not ${mode}: a workspace has one runner.`);
    return known;
  }
  const runner = new GitRunner({ cwd, ...mode ? { mode } : {} });
  runners.set(cwd, runner);
  return runner;
}

// src/adapters/git/git-guard.ts
import { lstatSync, readdirSync as readdirSync2, readFileSync as readFileSync2, rmSync, statSync as statSync3 } from "node:fs";
import path4 from "node:path";
async function guardRepository(git, opts = {}) {
  const mode = git.mode;
  if (git.guard) return;
  const workspace = git.cwd;
  const credential = opts.credential ? credentialEnvironment(opts.credential.serverUrl, opts.credential.token) : {};
  const repo = findRepository(path4.resolve(workspace));
  if (!repo) {
    const nowhere = { GIT_DIR: path4.join(path4.resolve(workspace), ".git", "no-repository-at-start") };
    if (mode === "action") git.useGuard({ prepare: async () => ({ ...nowhere, ...credential }) });
    return;
  }
  const configFile = path4.join(repo.commonDir, "config");
  const mainEntries = mode === "action" ? await removePersistedCredentials(git, repo, opts.runnerTemp) : null;
  const kept = /* @__PURE__ */ new Map([
    [configFile, mainEntries ? formatConfig(trustedRepositoryConfig(mainEntries)) : readOrNull(configFile)],
    [path4.join(repo.gitDir, "config.worktree"), mode === "action" ? null : readOrNull(path4.join(repo.gitDir, "config.worktree"))],
    [path4.join(repo.gitDir, "commondir"), readOrNull(path4.join(repo.gitDir, "commondir"))]
  ]);
  const guard = new KeptRepository(repo, kept, credential);
  git.useGuard(guard);
  await guard.prepare();
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
    for (const { dir, id } of this.dirs) {
      if (identity(dir) !== id) throw new Error(`Refusing to run git: the git directory ${dir} was replaced since the sequencer started.`);
    }
    for (const [file, text] of this.kept) restore(file, text);
    return { GIT_DIR: this.repo.gitDir, GIT_COMMON_DIR: this.repo.commonDir, GIT_WORK_TREE: this.repo.workTree, ...this.credential };
  }
};
function findRepository(start) {
  for (let dir = start; ; dir = path4.dirname(dir)) {
    const dotGit = path4.join(dir, ".git");
    let gitDir = null;
    try {
      const st = lstatSync(dotGit);
      if (st.isDirectory()) gitDir = dotGit;
      else if (st.isFile()) {
        const m = /^gitdir: (.+)$/m.exec(readFileSync2(dotGit, "utf8"));
        if (m?.[1]) gitDir = path4.resolve(dir, m[1].trim());
      }
    } catch {
    }
    if (gitDir) {
      const common = readOrNull(path4.join(gitDir, "commondir"));
      return { workTree: dir, gitDir, commonDir: common === null ? gitDir : path4.resolve(gitDir, common.trim()) };
    }
    if (path4.dirname(dir) === dir) return null;
  }
}
async function readConfig(git, file) {
  const res = await git.run(["config", "--file", file, "--no-includes", "--null", "--list"], { allowFail: true });
  return res.code === 0 ? parseConfigList(res.stdout) : [];
}
async function removePersistedCredentials(git, repo, runnerTemp) {
  const root = runnerTemp ? path4.resolve(runnerTemp) : null;
  const removeCredentialFiles = (file, entries) => {
    for (const include of credentialIncludes(entries)) {
      const target = path4.resolve(path4.dirname(file), include);
      if (root && target.startsWith(root + path4.sep)) rmSync(target, { force: true });
    }
  };
  const main = path4.join(repo.commonDir, "config");
  const mainEntries = await readConfig(git, main);
  removeCredentialFiles(main, mainEntries);
  for (const file of submoduleConfigs(path4.join(repo.commonDir, "modules"))) {
    const entries = await readConfig(git, file);
    removeCredentialFiles(file, entries);
    const clean = withoutCredentials(entries);
    if (clean.length !== entries.length) restore(file, formatConfig(clean));
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
    const sub = path4.join(dir, name);
    return [...existsFile(path4.join(sub, "config")) ? [path4.join(sub, "config")] : [], ...submoduleConfigs(path4.join(sub, "modules"))];
  });
}
function existsFile(file) {
  try {
    return lstatSync(file).isFile();
  } catch {
    return false;
  }
}
function identity(dir) {
  const st = statSync3(dir);
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
    if (st) rmSync(file, { recursive: true, force: true });
    return;
  }
  if (st?.isFile() && readFileSync2(file, "utf8") === text) return;
  if (st?.isDirectory()) rmSync(file, { recursive: true, force: true });
  writeFileAtomicSync(file, text, { mode: 420, exactMode: true });
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
  GitCommandError,
  GitTimeoutError,
  workspaceGit
};
