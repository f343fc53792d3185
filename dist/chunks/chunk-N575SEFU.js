import { createRequire as __sequencerCreateRequire } from 'node:module';const require = __sequencerCreateRequire(import.meta.url);

// src/core/fleet/plan-index.ts
var IDLE_STATUSES = ["DONE", "CANCELLED", "BLOCKED", "AWAITING_APPROVAL"];
var FINISHED_STATUSES = ["DONE", "CANCELLED"];
var PLAN_BRANCH_PREFIX = "sequencer/";
var IDLE_REF_PREFIX = "refs/sequencer/idle/";
var ARCHIVE_REF_PREFIX = "refs/sequencer/archive/";
var WAIT_REF_PREFIX = "refs/sequencer/wait/";
var PLAN_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;
function isIdleStatus(status) {
  return IDLE_STATUSES.includes(status);
}
function isFinishedStatus(status) {
  return FINISHED_STATUSES.includes(status);
}
function isRefSafePlanId(planId) {
  return PLAN_ID.test(planId) && !planId.includes("..") && !planId.endsWith(".lock") && !planId.endsWith(".");
}
function idleRef(planId) {
  return `${IDLE_REF_PREFIX}${planId}`;
}
function archiveRef(planId, sha) {
  return `${ARCHIVE_REF_PREFIX}${planId}/${sha.slice(0, 12)}`;
}
function waitRef(planId, untilMs) {
  return `${WAIT_REF_PREFIX}${planId}/${Math.ceil(untilMs / 1e3)}`;
}
function isWaitingRef(ref, now) {
  return (ref.waits ?? []).some((w) => w.sha === ref.sha && w.untilMs > now.getTime());
}
function isActiveRef(ref, now) {
  return ref.idleSha !== ref.sha && !isWaitingRef(ref, now);
}
function parsePlanRefs(lsRemote, prefix = PLAN_BRANCH_PREFIX) {
  const tips = /* @__PURE__ */ new Map();
  const idle = /* @__PURE__ */ new Map();
  const waits = /* @__PURE__ */ new Map();
  const heads = `refs/heads/${prefix}`;
  for (const line of lsRemote.split("\n")) {
    const [sha, ref] = line.trim().split(/\s+/);
    if (!sha || !ref || !/^[0-9a-f]{40,64}$/.test(sha)) continue;
    if (ref.startsWith(heads)) {
      const planId = ref.slice(heads.length);
      if (isRefSafePlanId(planId)) tips.set(planId, sha);
    } else if (ref.startsWith(IDLE_REF_PREFIX)) {
      const planId = ref.slice(IDLE_REF_PREFIX.length);
      if (isRefSafePlanId(planId)) idle.set(planId, sha);
    } else if (ref.startsWith(WAIT_REF_PREFIX)) {
      const m = /^([^/]+)\/(\d{1,12})$/.exec(ref.slice(WAIT_REF_PREFIX.length));
      if (!m || !isRefSafePlanId(m[1])) continue;
      waits.set(m[1], [...waits.get(m[1]) ?? [], { ref, sha, untilMs: Number(m[2]) * 1e3 }]);
    }
  }
  return [...tips].map(([planId, sha]) => ({ planId, branch: `${prefix}${planId}`, sha, idleSha: idle.get(planId) ?? null, waits: waits.get(planId) ?? [] })).sort((a, b) => a.planId < b.planId ? -1 : a.planId > b.planId ? 1 : 0);
}
function planMatrix(planIds) {
  return JSON.stringify([...planIds]);
}

// src/adapters/git/git.ts
import { execFile } from "node:child_process";
import { accessSync, constants, statSync } from "node:fs";
import path from "node:path";

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
  // The default ($XDG_CONFIG_HOME/git/attributes) is a file the agent's user can write.
  ["core.attributesFile", "/dev/null"]
];
function hardeningArgs(mode2) {
  const pairs = mode2 === "action" ? [...ALWAYS, ...ACTION_ONLY] : ALWAYS;
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
function gitEnvironment(base, mode2, extra = {}) {
  const env = {};
  for (const k of mode2 === "cli" ? PASSED_IN_CLI : PASSED) {
    const v = base[k];
    if (v !== void 0) env[k] = v;
  }
  Object.assign(env, { GIT_TERMINAL_PROMPT: "0", LC_ALL: "C", GIT_NO_REPLACE_OBJECTS: "1" });
  if (mode2 === "action") Object.assign(env, { GIT_CONFIG_GLOBAL: "/dev/null", GIT_CONFIG_NOSYSTEM: "1", GIT_ATTR_NOSYSTEM: "1" });
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

// src/adapters/git/git.ts
var GitCommandError = class extends Error {
  constructor(args, code, stderr, stdout = "") {
    super(`git ${args.join(" ")} failed (exit ${code}): ${stderr.trim() || stdout.trim() || "no output"}`);
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
var MAX_BUFFER = 64 * 1024 * 1024;
var mode = "cli";
var binary;
var guards = /* @__PURE__ */ new Map();
function setGitMode(next) {
  mode = next;
}
function gitMode() {
  return mode;
}
function repositoryGuard(workspace) {
  return guards.get(path.resolve(workspace));
}
function setRepositoryGuard(workspace, guard) {
  guards.set(path.resolve(workspace), guard);
}
function gitBinary() {
  if (binary) return binary;
  if (process.platform === "win32") return binary = "git";
  for (const dir of (process.env.PATH ?? "").split(path.delimiter)) {
    if (!path.isAbsolute(dir)) continue;
    const file = path.join(dir, "git");
    try {
      if (statSync(file).isFile()) {
        accessSync(file, constants.X_OK);
        return binary = file;
      }
    } catch {
    }
  }
  return binary = "git";
}
async function git(args, opts) {
  const guard = guards.get(path.resolve(opts.cwd));
  let pinned = {};
  if (guard) {
    try {
      pinned = await guard.prepare();
    } catch (err) {
      throw new GitCommandError(args, -1, err instanceof Error ? err.message : String(err));
    }
  }
  const env = gitEnvironment(process.env, mode, { ...pinned, ...opts.env });
  return new Promise((resolve, reject) => {
    execFile(gitBinary(), [...hardeningArgs(mode), ...args], { cwd: opts.cwd, env, maxBuffer: MAX_BUFFER, encoding: "utf8" }, (err, stdout, stderr) => {
      if (!err) return resolve({ code: 0, stdout, stderr });
      const raw = err.code;
      if (typeof raw !== "number") {
        return reject(new GitCommandError(args, -1, `${err.message}${stderr ? `
${stderr}` : ""}`, stdout));
      }
      if (opts.allowFail) return resolve({ code: raw, stdout, stderr });
      reject(new GitCommandError(args, raw, stderr, stdout));
    });
  });
}

// src/adapters/git/git-guard.ts
import { lstatSync, readdirSync, readFileSync, renameSync, rmSync, statSync as statSync2, writeFileSync } from "node:fs";
import path2 from "node:path";
async function guardRepository(workspace, opts = {}) {
  if (opts.mode) setGitMode(opts.mode);
  const mode2 = gitMode();
  if (repositoryGuard(workspace)) return;
  gitBinary();
  const credential = opts.credential ? credentialEnvironment(opts.credential.serverUrl, opts.credential.token) : {};
  const repo = findRepository(path2.resolve(workspace));
  if (!repo) {
    const nowhere = { GIT_DIR: path2.join(path2.resolve(workspace), ".git", "no-repository-at-start") };
    if (mode2 === "action") setRepositoryGuard(workspace, { prepare: async () => ({ ...nowhere, ...credential }) });
    return;
  }
  const configFile = path2.join(repo.commonDir, "config");
  const mainEntries = mode2 === "action" ? await removePersistedCredentials(workspace, repo, opts.runnerTemp) : null;
  const kept = /* @__PURE__ */ new Map([
    [configFile, mainEntries ? formatConfig(trustedRepositoryConfig(mainEntries)) : readOrNull(configFile)],
    [path2.join(repo.gitDir, "config.worktree"), mode2 === "action" ? null : readOrNull(path2.join(repo.gitDir, "config.worktree"))],
    [path2.join(repo.gitDir, "commondir"), readOrNull(path2.join(repo.gitDir, "commondir"))]
  ]);
  setRepositoryGuard(workspace, new KeptRepository(repo, kept, credential));
  await repositoryGuard(workspace).prepare();
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
  for (let dir = start; ; dir = path2.dirname(dir)) {
    const dotGit = path2.join(dir, ".git");
    let gitDir = null;
    try {
      const st = lstatSync(dotGit);
      if (st.isDirectory()) gitDir = dotGit;
      else if (st.isFile()) {
        const m = /^gitdir: (.+)$/m.exec(readFileSync(dotGit, "utf8"));
        if (m?.[1]) gitDir = path2.resolve(dir, m[1].trim());
      }
    } catch {
    }
    if (gitDir) {
      const common = readOrNull(path2.join(gitDir, "commondir"));
      return { workTree: dir, gitDir, commonDir: common === null ? gitDir : path2.resolve(gitDir, common.trim()) };
    }
    if (path2.dirname(dir) === dir) return null;
  }
}
async function readConfig(workspace, file) {
  const res = await git(["config", "--file", file, "--no-includes", "--null", "--list"], { cwd: workspace, allowFail: true });
  return res.code === 0 ? parseConfigList(res.stdout) : [];
}
async function removePersistedCredentials(workspace, repo, runnerTemp) {
  const root = runnerTemp ? path2.resolve(runnerTemp) : null;
  const removeCredentialFiles = (file, entries) => {
    for (const include of credentialIncludes(entries)) {
      const target = path2.resolve(path2.dirname(file), include);
      if (root && target.startsWith(root + path2.sep)) rmSync(target, { force: true });
    }
  };
  const main = path2.join(repo.commonDir, "config");
  const mainEntries = await readConfig(workspace, main);
  removeCredentialFiles(main, mainEntries);
  for (const file of submoduleConfigs(path2.join(repo.commonDir, "modules"))) {
    const entries = await readConfig(workspace, file);
    removeCredentialFiles(file, entries);
    const clean = withoutCredentials(entries);
    if (clean.length !== entries.length) restore(file, formatConfig(clean));
  }
  return mainEntries;
}
function submoduleConfigs(dir) {
  let names;
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names.flatMap((name) => {
    const sub = path2.join(dir, name);
    return [...existsFile(path2.join(sub, "config")) ? [path2.join(sub, "config")] : [], ...submoduleConfigs(path2.join(sub, "modules"))];
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
  const st = statSync2(dir);
  return lstatSync(dir).isSymbolicLink() ? `link:${st.dev}:${st.ino}` : `${st.dev}:${st.ino}`;
}
function readOrNull(file) {
  try {
    return lstatSync(file).isFile() ? readFileSync(file, "utf8") : null;
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
  if (st?.isFile() && readFileSync(file, "utf8") === text) return;
  const tmp = `${file}.sequencer-${process.pid}.tmp`;
  rmSync(tmp, { recursive: true, force: true });
  writeFileSync(tmp, text, { flag: "wx", mode: 420 });
  if (st?.isDirectory()) rmSync(file, { recursive: true, force: true });
  renameSync(tmp, file);
}

// src/core/tick/commands.ts
var COMMAND_KINDS = ["approve", "cancel", "retry", "skip", "resume", "status"];
var COMMAND_LINE = /^\/[A-Za-z]+(?:[ \t]|$)/;
var FENCE = /^ {0,3}(`{3,}|~{3,})(.*)$/;
var QUOTE = /^ {0,3}>/;
function commandLine(text) {
  let fence = null;
  let inHtmlComment = false;
  let inQuote = false;
  for (const line of text.split(/\r\n|\n|\r/)) {
    if (fence) {
      const close = FENCE.exec(line);
      if (close && close[1][0] === fence.char && close[1].length >= fence.length && close[2].trim() === "") fence = null;
      continue;
    }
    if (inHtmlComment) {
      inHtmlComment = htmlCommentOpenAfter(line, true);
      continue;
    }
    if (line.trim() === "") {
      inQuote = false;
      continue;
    }
    const open = FENCE.exec(line);
    if (open && !(open[1][0] === "`" && open[2].includes("`"))) {
      fence = { char: open[1][0], length: open[1].length };
      continue;
    }
    if (QUOTE.test(line)) {
      inQuote = true;
      continue;
    }
    if (!inQuote && COMMAND_LINE.test(line)) return line;
    inHtmlComment = htmlCommentOpenAfter(line, false);
  }
  return null;
}
function htmlCommentOpenAfter(line, openAtStart) {
  let open = openAtStart;
  let at = 0;
  for (; ; ) {
    const next = line.indexOf(open ? "-->" : "<!--", at);
    if (next < 0) return open;
    at = next + (open ? 3 : 4);
    open = !open;
  }
}
var HASH_PREFIX = /^(?:sha256:)?([0-9a-f]{8,64})$/i;
function parseCommandText(text, by) {
  const line = commandLine(text)?.trim();
  const match = line === void 0 ? null : /^\/([a-z]+)\b\s*(.*)$/i.exec(line);
  if (!match) return null;
  const name = (match[1] ?? "").toLowerCase();
  const rest = (match[2] ?? "").trim();
  switch (name) {
    case "approve":
      return parseApprove(rest, by);
    case "cancel":
      return { ok: true, command: rest ? { kind: "cancel", by, reason: rest } : { kind: "cancel", by } };
    case "retry":
    case "skip": {
      if (rest && !/^[A-Za-z0-9._-]{1,100}$/.test(rest)) {
        return { ok: false, error: `/${name} takes an optional step id (letters, digits, ".", "_", "-"), got "${rest}"` };
      }
      return { ok: true, command: rest ? { kind: name, by, step: rest } : { kind: name, by } };
    }
    case "resume":
    case "status":
      return { ok: true, command: { kind: name, by } };
    default:
      return { ok: false, error: `unknown command "/${name}"; known: ${COMMAND_KINDS.map((k) => `/${k}`).join(", ")}` };
  }
}
function parseApprove(rest, by) {
  const command = { kind: "approve", by };
  const usage = `/approve takes an optional plan hash (the proposal's, or its first 8 or more hex digits; "sha256:" optional) and an optional "delay=N" (minutes between steps, 0-1440)`;
  for (const word of rest.split(/\s+/).filter(Boolean)) {
    const delay = /^delay=(\d{1,4})$/.exec(word);
    const hash = HASH_PREFIX.exec(word);
    if (delay && command.delayMinutes === void 0) {
      const minutes = Number(delay[1]);
      if (minutes > 1440) return { ok: false, error: `/approve delay must be 0-1440 minutes, got ${minutes}` };
      command.delayMinutes = minutes;
    } else if (hash && command.planHash === void 0) {
      command.planHash = `sha256:${hash[1].toLowerCase()}`;
    } else {
      return { ok: false, error: `${usage}, got "${word}"` };
    }
  }
  return { ok: true, command };
}
function namesPlanHash(given, actual) {
  const prefix = HASH_PREFIX.exec(given.trim())?.[1]?.toLowerCase();
  return prefix !== void 0 && actual !== void 0 && actual.startsWith(`sha256:${prefix}`);
}

export {
  PLAN_BRANCH_PREFIX,
  IDLE_REF_PREFIX,
  WAIT_REF_PREFIX,
  isIdleStatus,
  isFinishedStatus,
  isRefSafePlanId,
  idleRef,
  archiveRef,
  waitRef,
  isWaitingRef,
  isActiveRef,
  parsePlanRefs,
  planMatrix,
  repositoryGuard,
  git,
  guardRepository,
  COMMAND_KINDS,
  commandLine,
  parseCommandText,
  namesPlanHash
};
